"""Two-sum using a hash map from value to index."""


def two_sum(numbers: list[int], target: int) -> tuple[int, int] | None:
    """Return indices (i, j), i < j, of two numbers adding up to `target`, or None.

    The pair found is the one whose second index comes first.
    """
    index_of: dict[int, int] = {}
    for index, number in enumerate(numbers):
        needed = target - number
        if needed in index_of:
            return index_of[needed], index
        index_of[number] = index
    return None
