"""Insertion points by binary search, with a shortcut for values already in the list."""


def insertion_points(sorted_values: list[int], queries: list[int]) -> list[int]:
    """Return the index at which each query would be inserted into `sorted_values`.

    A query equal to a stored value is answered from a dictionary of
    positions; any other query is located by binary search.
    Raises ValueError if `sorted_values` is not sorted.
    """
    if sorted_values != sorted(sorted_values):
        raise ValueError("values must be sorted")
    position_of = {value: position for position, value in enumerate(sorted_values)}
    points: list[int] = []
    for query in queries:
        if query in position_of:
            points.append(position_of[query])
            continue
        low, high = 0, len(sorted_values)
        while low < high:
            middle = (low + high) // 2
            if sorted_values[middle] < query:
                low = middle + 1
            else:
                high = middle
        points.append(low)
    return points
