"""Consecutive chunks of a list, by slicing."""


def chunk_list(items: list[int], size: int) -> list[list[int]]:
    """Return `items` in consecutive chunks of `size`; the last may be shorter.

    Raises TypeError when `size` is not an int (bools included) and ValueError when it is below 1.
    The caller's list is not modified.
    """
    if isinstance(size, bool) or not isinstance(size, int):
        raise TypeError("size must be an int")
    if size < 1:
        raise ValueError("size must be at least 1")
    chunks: list[list[int]] = []
    for start in range(0, len(items), size):
        chunks.append(items[start : start + size])
    return chunks
