"""Two-sum with a single pass over the numbers and a dictionary of earliest positions."""

from typing import Optional


def two_sum(numbers: list[int], target: int) -> Optional[tuple[int, int]]:
    """Locate the pair (i, j), i < j, summing to `target` that completes earliest.

    Ties on the second position go to the earliest first position. Returns
    None if there is no such pair.
    """
    earliest: dict[int, int] = {}
    for second, number in enumerate(numbers):
        first = earliest.get(target - number)
        if first is not None:
            return (first, second)
        earliest.setdefault(number, second)
    return None
