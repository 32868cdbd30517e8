"""Two-sum by looking back through the list for each number's complement."""


def two_sum(numbers: list[int], target: int) -> tuple[int, int] | None:
    """Return (i, j), i < j, with numbers[i] + numbers[j] == target, or None.

    For each position j the earlier numbers are searched for the complement;
    the first j that has one wins, paired with the complement's first position.
    """
    for position, value in enumerate(numbers):
        complement = target - value
        if complement in numbers[:position]:
            return numbers.index(complement), position
    return None
