"""Insertion points found by walking the sorted list."""


def _check_sorted(values: list[int]) -> None:
    """Raise ValueError unless `values` is in non-decreasing order."""
    for index in range(1, len(values)):
        if values[index] < values[index - 1]:
            raise ValueError(f"values are not sorted at index {index}")


def insertion_points(sorted_values: list[int], queries: list[int]) -> list[int]:
    """Return, for each query, the index of the first element not less than it.

    The list is walked from the start for each query until an element that is
    not smaller than the query is found.
    """
    _check_sorted(sorted_values)
    points: list[int] = []
    for query in queries:
        index = 0
        while index < len(sorted_values) and sorted_values[index] < query:
            index += 1
        points.append(index)
    return points
