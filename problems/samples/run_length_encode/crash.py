"""Run-length encoding of a string."""


def run_length_encode(text: str) -> list[tuple[str, int]]:
    """Return (character, count) pairs for the runs in `text`."""
    if not isinstance(text, str):
        raise TypeError("text must be a string")
    runs = []
    current, count = "", 0
    for character in text:
        if character == current:
            count += 1
        else:
            if count:
                runs.append(Run(current, count))
            current, count = character, 1
    if count:
        runs.append(Run(current, count))
    return runs
