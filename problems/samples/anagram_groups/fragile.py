"""Group anagrams using a dictionary keyed by sorted lowercase letters."""


def anagram_groups(words: list[str]) -> list[list[str]]:
    """Group words that are anagrams of each other, ignoring case.

    Groups appear in the order of their first word; words keep their order.
    Raises TypeError for anything that is not a string.
    """
    groups: dict[str, list[str]] = {}
    for word in words:
        if not isinstance(word, str):
            raise TypeError(f"expected a string, got {type(word).__name__}")
        signature = "".join(sorted(word.lower()))
        groups.setdefault(signature, []).append(word)
    return list(groups.values())
