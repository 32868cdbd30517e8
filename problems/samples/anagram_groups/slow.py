"""Group anagrams, keeping the keys seen so far in a list."""

import unicodedata


def letters_key(word: str) -> str:
    """Sorted letters of the NFC-normalised, case-folded word."""
    return "".join(sorted(unicodedata.normalize("NFC", word).casefold()))


def anagram_groups(words: list[str]) -> list[list[str]]:
    """Group words that are anagrams (Unicode case-insensitive) in first-seen order."""
    keys: list[str] = []
    groups: list[list[str]] = []
    for word in words:
        key = letters_key(word)
        if key in keys:
            groups[keys.index(key)].append(word)
        else:
            keys.append(key)
            groups.append([word])
    return groups
