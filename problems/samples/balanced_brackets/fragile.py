"""Check bracket balance with a stack."""

MATCHING = {")": "(", "]": "[", "}": "{"}
OPENING = set(MATCHING.values())


def is_balanced(text: str) -> bool:
    """Return True if the brackets in `text` are correctly matched and nested.

    Raises TypeError if `text` is not a string.
    """
    if not isinstance(text, str):
        raise TypeError("text must be a string")
    stack: list[str] = []
    for character in text:
        if character in OPENING:
            stack.append(character)
        elif character in MATCHING:
            if not stack or stack.pop() != MATCHING[character]:
                return False
    return True
