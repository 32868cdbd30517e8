"""Count inversions by checking every pair."""


def count_inversions(values: list[int]) -> int:
    """Return the number of pairs i < j with values[i] > values[j].

    Each value is compared with every value after it.
    """
    inversions = 0
    for index, earlier in enumerate(values):
        for later in values[index + 1:]:
            if earlier > later:
                inversions += 1
    return inversions
