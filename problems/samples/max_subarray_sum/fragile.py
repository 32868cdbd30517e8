"""Maximum subarray sum with Kadane's algorithm."""


def max_subarray_sum(values: list[int]) -> int:
    """Return the largest sum of consecutive values.

    Raises ValueError on an empty list.
    """
    if not values:
        raise ValueError("empty input")
    best = 0
    current = 0
    for value in values:
        current += value
        if current < 0:
            current = 0
        elif current > best:
            best = current
    return best
