"""Longest increasing subsequence with binary search over tail values."""

from bisect import bisect_right


def longest_increasing_subsequence(values: list[int]) -> int:
    """Return the length of the longest increasing subsequence.

    Keeps the smallest tail of each subsequence length and places every value
    with a binary search: O(n log n).
    """
    tails: list[int] = []
    for value in values:
        spot = bisect_right(tails, value)
        if spot == len(tails):
            tails.append(value)
        else:
            tails[spot] = value
    return len(tails)
