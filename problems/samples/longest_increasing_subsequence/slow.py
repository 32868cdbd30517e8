"""Longest increasing subsequence by dynamic programming."""


def longest_increasing_subsequence(values: list[int]) -> int:
    """Return the length of the longest strictly increasing subsequence.

    `lengths[i]` is the length of the longest increasing subsequence ending
    at position i: one more than the best `lengths[j]` over earlier
    positions j with a smaller value.
    """
    lengths: list[int] = []
    for index, value in enumerate(values):
        best = 1
        for earlier in range(index):
            if values[earlier] < value and lengths[earlier] >= best:
                best = lengths[earlier] + 1
        lengths.append(best)
    return max(lengths, default=0)
