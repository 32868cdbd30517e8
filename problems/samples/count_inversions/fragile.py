"""Count inversions while merge sorting."""


def merge_count(values: list[int]) -> tuple[list[int], int]:
    """Sort `values` by merge sort, returning the sorted list and the inversion count."""
    if len(values) < 2:
        return values, 0
    half = len(values) // 2
    left, left_inversions = merge_count(values[:half])
    right, right_inversions = merge_count(values[half:])
    merged: list[int] = []
    crossing = 0
    left_index = right_index = 0
    while left_index < len(left) and right_index < len(right):
        if left[left_index] < right[right_index]:
            merged.append(left[left_index])
            left_index += 1
        else:
            merged.append(right[right_index])
            right_index += 1
            crossing += len(left) - left_index
    merged += left[left_index:]
    merged += right[right_index:]
    return merged, left_inversions + right_inversions + crossing


def count_inversions(values: list[int]) -> int:
    """Return how many pairs of positions i < j have values[i] > values[j]."""
    return merge_count(list(values))[1]
