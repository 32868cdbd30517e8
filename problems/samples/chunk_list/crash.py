"""Chunks through a helper."""


def chunk_list(items: list[int], size: int) -> list[list[int]]:
    """Return `items` in consecutive chunks of `size`; the last may be shorter."""
    if isinstance(size, bool) or not isinstance(size, int):
        raise TypeError("size must be an int")
    if size < 1:
        raise ValueError("size must be at least 1")
    return [take(items, start, size) for start in range(0, len(items), size)]
