"""Chunks built element by element, starting from the first."""


def chunk_list(items: list[int], size: int) -> list[list[int]]:
    """Return `items` in consecutive chunks of `size`; the last may be shorter.

    Raises TypeError when `size` is not an int (bools included) and ValueError when it is below 1.
    """
    if isinstance(size, bool) or not isinstance(size, int):
        raise TypeError("size must be an int")
    if size < 1:
        raise ValueError("size must be at least 1")
    chunks = [[items[0]]]
    for item in items[1:]:
        if len(chunks[-1]) == size:
            chunks.append([])
        chunks[-1].append(item)
    return chunks
