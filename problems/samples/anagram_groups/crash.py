"""Group anagrams by their sorted letters."""

import unicodedata


def anagram_groups(words: list[str]) -> list[list[str]]:
    """Group words that are anagrams of each other."""
    groups: dict[str, list[str]] = {}
    for word in words:
        key = "".join(sorted(unicodedata.normalize("NFC", word).fold_case()))
        groups.setdefault(key, []).append(word)
    return list(groups.values())
