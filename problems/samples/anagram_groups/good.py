"""Anagram grouping with a defaultdict keyed by each word's sorted, folded letters."""

from collections import defaultdict
from unicodedata import normalize


def anagram_groups(words: list[str]) -> list[list[str]]:
    """Return the words grouped by anagram class, in order of first appearance.

    Letters are compared after NFC normalisation and Unicode case folding, so
    "Straße" and "strasse" fall in one group. Words are kept as given.
    """
    by_letters: defaultdict[tuple[str, ...], list[str]] = defaultdict(list)
    for word in words:
        letters = tuple(sorted(normalize("NFC", word).casefold()))
        by_letters[letters].append(word)
    return list(by_letters.values())
