"""Two-sum with a dictionary."""


def two_sum(numbers: list[int], target: int) -> tuple[int, int] | None:
    """Return the indices of two numbers adding up to target, or None."""
    seen: dict[int, int] = {}
    for position, value in numbers:
        complement = target - value
        if complement in seen:
            return seen[complement], position
        seen.setdefault(value, position)
    return None
