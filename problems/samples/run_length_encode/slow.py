"""Run-length encoding that peels one run at a time off the front of the string."""


def run_length_encode(text: str) -> list[tuple[str, int]]:
    """Return the (character, length) runs of `text`.

    Each step strips the leading run with `str.lstrip` and records how much
    shorter the string became. Raises TypeError for non-strings.
    """
    if not isinstance(text, str):
        raise TypeError("text must be a string")
    runs: list[tuple[str, int]] = []
    rest = text
    while rest:
        character = rest[0]
        remainder = rest.lstrip(character)
        runs.append((character, len(rest) - len(remainder)))
        rest = remainder
    return runs
