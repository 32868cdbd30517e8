"""Insertion points by binary search."""


def insertion_points(sorted_values: list[int], queries: list[int]) -> list[int]:
    """Return the leftmost insertion index of every query."""
    result = []
    for query in queries:
        low, high = 0, len(sorted_values)
        while low < high:
            middle = (low + high) / 2
            if sorted_values[middle] < query:
                low = middle + 1
            else:
                high = middle
        result.append(low)
    return result
