"""Maximum subarray sum from running prefix sums."""


def max_subarray_sum(values: list[int]) -> int:
    """Return the greatest sum over all non-empty slices values[i:j].

    A slice's sum is prefix[j] - prefix[i]; for each end j, the best start is
    the smallest prefix sum seen before it. One pass, O(n). Raises ValueError
    for an empty list.
    """
    if not values:
        raise ValueError("max_subarray_sum() needs at least one value")
    prefix = 0
    lowest_prefix = 0
    best = values[0]
    for value in values:
        prefix += value
        if prefix - lowest_prefix > best:
            best = prefix - lowest_prefix
        if prefix < lowest_prefix:
            lowest_prefix = prefix
    return best
