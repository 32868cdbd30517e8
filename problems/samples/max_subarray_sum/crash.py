"""Maximum subarray sum with Kadane's algorithm."""


def max_subarray_sum(values: list[int]) -> int:
    """Return the largest sum of a non-empty run of consecutive values."""
    if not values:
        raise ValueError("values must not be empty")
    for value in values:
        current += value
        current = max(current, value)
        best = max(best, current)
    current = best = values[0]
    return best
