"""Longest strictly increasing subsequence by patience sorting."""

import bisect


def longest_increasing_subsequence(values: list[int]) -> int:
    """Count the values in a longest strictly increasing (not necessarily contiguous) subsequence.

    `piles[i]` is the smallest possible last element of an increasing
    subsequence of length i + 1. Each value goes on the leftmost pile whose
    top is not smaller than it, or starts a new pile. O(n log n).
    """
    piles: list[int] = []
    for value in values:
        index = bisect.bisect_left(piles, value)
        if index < len(piles):
            piles[index] = value
        else:
            piles.append(value)
    return len(piles)
