"""Bracket matching with a stack of the closers still owed."""

CLOSER_FOR = {"(": ")", "[": "]", "{": "}"}
CLOSERS = frozenset(CLOSER_FOR.values())


def is_balanced(text: str) -> bool:
    """Tell whether (), [] and {} in `text` pair up and nest properly.

    Each opening bracket pushes the closer it expects; each closing bracket
    must be the most recently expected one. Other characters do not matter.
    Raises TypeError when `text` is not a str.
    """
    if not isinstance(text, str):
        raise TypeError("is_balanced() expects a str")
    owed: list[str] = []
    for char in text:
        if char in CLOSER_FOR:
            owed.append(CLOSER_FOR[char])
        elif char in CLOSERS and (not owed or owed.pop() != char):
            return False
    return not owed
