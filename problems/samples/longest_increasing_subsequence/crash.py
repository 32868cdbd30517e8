"""Longest increasing subsequence with binary search."""

import bisect


def longest_increasing_subsequence(values: list[int]) -> int:
    """Return the length of the longest strictly increasing subsequence."""
    tails: list[int] = []
    for value in values:
        position = bisect(tails, value)
        if position == len(tails):
            tails.append(value)
        else:
            tails[position] = value
    return len(tails)
