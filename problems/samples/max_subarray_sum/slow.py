"""Maximum subarray sum by trying every starting point."""

from itertools import accumulate


def max_subarray_sum(values: list[int]) -> int:
    """Return the largest sum of a non-empty run of consecutive values.

    For each start, the running totals of the values from there on are the
    sums of every run beginning at that start; the best of them all wins.
    Raises ValueError for an empty list.
    """
    if not values:
        raise ValueError("values must not be empty")
    return max(max(accumulate(values[start:])) for start in range(len(values)))
