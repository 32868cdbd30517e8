"""Run-length encoding of a string."""


def run_length_encode(text: str) -> list[tuple[str, int]]:
    """Return (character, count) for each run of repeated characters in `text`.

    Raises TypeError if `text` is not a string.
    """
    if not isinstance(text, str):
        raise TypeError("text must be a string")
    runs: list[tuple[str, int]] = []
    current = text[0]
    count = 0
    for character in text:
        if character == current:
            count += 1
        else:
            runs.append((current, count))
            current, count = character, 1
    runs.append((current, count))
    return runs
