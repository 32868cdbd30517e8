"""Chunks taken off the front of the list given."""


def chunk_list(items: list[int], size: int) -> list[list[int]]:
    """Return `items` in consecutive chunks of `size`; the last may be shorter.

    Raises TypeError when `size` is not an int (bools included) and ValueError when it is below 1.
    """
    if isinstance(size, bool) or not isinstance(size, int):
        raise TypeError("size must be an int")
    if size < 1:
        raise ValueError("size must be at least 1")
    chunks: list[list[int]] = []
    while items:
        chunk = []
        while items and len(chunk) < size:
            chunk.append(items.pop(0))
        chunks.append(chunk)
    return chunks
