"""Run-length encoding in one pass, closing a run whenever the character changes."""


def run_length_encode(text: str) -> list[tuple[str, int]]:
    """Encode `text` as a list of (character, count) runs.

    Case and combining marks are kept as they are; the empty string gives
    no runs. Raises TypeError for non-string input.
    """
    if not isinstance(text, str):
        raise TypeError("run_length_encode expects a str")
    encoded: list[tuple[str, int]] = []
    run_char = None
    run_length = 0
    for char in text:
        if char == run_char:
            run_length += 1
            continue
        if run_length:
            encoded.append((run_char, run_length))
        run_char, run_length = char, 1
    if run_length:
        encoded.append((run_char, run_length))
    return encoded
