"""Run-length encoding that rebuilds its result list for every new run."""


def run_length_encode(text: str) -> list[tuple[str, int]]:
    """Return the (character, length) runs of `text`.

    Each finished run is added with `runs = runs + [...]`, which copies every
    run found so far. Raises TypeError for non-strings.
    """
    if not isinstance(text, str):
        raise TypeError("text must be a string")
    runs: list[tuple[str, int]] = []
    index = 0
    while index < len(text):
        character = text[index]
        end = index
        while end < len(text) and text[end] == character:
            end += 1
        runs = runs + [(character, end - index)]
        index = end
    return runs
