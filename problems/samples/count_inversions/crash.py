"""Count inversions with merge sort."""


def merge(left: list[int], right: list[int], counter: list[int]) -> list[int]:
    """Merge two sorted lists, adding the crossing inversions to counter[0]."""
    out = []
    left_index = right_index = 0
    while left_index < len(left) and right_index < len(right):
        if left[left_index] <= right[right_index]:
            out.append(left[left_index])
            left_index += 1
        else:
            out.append(right[right_index])
            right_index += 1
            counter[0] += len(left) - left_index
    return out + left[left_index:] + right[right_index:]


def sort(values: list[int], counter: list[int]) -> list[int]:
    """Merge sort that counts inversions into counter[0]."""
    if len(values) <= 1:
        return values
    middle = len(values) // 2
    return merge(sort(values[:middle], counter), sort(values[middle:], counter))


def count_inversions(values: list[int]) -> int:
    """Return the number of inversions in `values`."""
    counter = [0]
    sort(list(values), counter)
    return counter[0]
