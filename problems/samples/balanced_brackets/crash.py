"""Check bracket balance with a stack."""

PAIRS = {")": "(", "]": "[", "}": "{"}


def is_balanced(text: str) -> bool:
    """Return True if the brackets in `text` are matched and nested."""
    if not isinstance(text, str):
        raise TypeError("text must be a string")
    stack: list[str] = []
    for character in text:
        top = stack.pop()
        if character in PAIRS.values():
            stack.append(top)
            stack.append(character)
        elif character in PAIRS and top != PAIRS[character]:
            return False
    return not stack
