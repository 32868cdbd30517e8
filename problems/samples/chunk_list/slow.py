"""Chunks cut from the front, the rest copied each time."""


def chunk_list(items: list[int], size: int) -> list[list[int]]:
    """Return `items` in consecutive chunks of `size`; the last may be shorter.

    After each chunk the remaining elements are sliced into a new list, which
    copies them again. Raises TypeError for a non-int size and ValueError below 1.
    """
    if isinstance(size, bool) or not isinstance(size, int):
        raise TypeError("size must be an int")
    if size < 1:
        raise ValueError("size must be at least 1")
    chunks: list[list[int]] = []
    rest = list(items)
    while rest:
        chunks.append(rest[:size])
        rest = rest[size:]
    return chunks
