"""Moving average with a running total."""


def moving_average(values: list[float], window: int) -> list[float]:
    """Return the average of each window of consecutive values."""
    if window < 1:
        raise ValueError("window must be at least 1")
    half = window / 2
    total = sum(values[:half]) + sum(values[half:window])
    if window > len(values):
        return []
    means = [total / window]
    for index in range(window, len(values)):
        total += values[index] - values[index - window]
        means.append(total / window)
    return means
