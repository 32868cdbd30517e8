"""Bracket balance by repeatedly deleting matched pairs."""

BRACKETS = frozenset("()[]{}")


def is_balanced(text: str) -> bool:
    """Return True when the brackets in `text` are matched and properly nested.

    Non-bracket characters are dropped first; then adjacent pairs "()",
    "[]" and "{}" are deleted until nothing changes. The brackets were
    balanced exactly when nothing is left. Raises TypeError for non-strings.
    """
    if not isinstance(text, str):
        raise TypeError("text must be a string")
    remaining = "".join(character for character in text if character in BRACKETS)
    previous = None
    while remaining != previous:
        previous = remaining
        remaining = remaining.replace("()", "").replace("[]", "").replace("{}", "")
    return not remaining
