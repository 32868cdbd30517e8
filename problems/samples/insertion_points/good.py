"""Leftmost insertion points, using the standard library's binary search."""

from bisect import bisect_left
from itertools import pairwise


def insertion_points(sorted_values: list[int], queries: list[int]) -> list[int]:
    """Find where each query belongs in `sorted_values`, before any equal elements.

    Raises ValueError when `sorted_values` is not in non-decreasing order.
    Each lookup is a binary search, so the whole call is O(n + q log n).
    """
    if any(right < left for left, right in pairwise(sorted_values)):
        raise ValueError("sorted_values must be sorted in non-decreasing order")
    return [bisect_left(sorted_values, query) for query in queries]
