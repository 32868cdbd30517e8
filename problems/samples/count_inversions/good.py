"""Inversion count with a Fenwick (binary indexed) tree over value ranks."""


def count_inversions(values: list[int]) -> int:
    """Count the index pairs i < j where values[i] > values[j] (ties are not counted).

    Values are replaced by their rank among the distinct values; a Fenwick
    tree then tells, for each value, how many earlier values were not greater
    than it. O(n log n) time, O(n) extra space.
    """
    ranks = {value: rank for rank, value in enumerate(sorted(set(values)), start=1)}
    tree = [0] * (len(ranks) + 1)
    total = 0
    for seen, value in enumerate(values):
        rank = ranks[value]
        not_greater = 0
        position = rank
        while position:
            not_greater += tree[position]
            position &= position - 1
        total += seen - not_greater
        position = rank
        while position < len(tree):
            tree[position] += 1
            position += position & -position
    return total
