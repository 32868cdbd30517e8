"""Moving average with a sliding window: pair each entering value with the one leaving."""


def moving_average(values: list[float], window: int) -> list[float]:
    """Average every `window` consecutive values.

    The first window is summed once; after that, each step adds the value
    entering the window and subtracts the one leaving it. A window longer
    than the data gives an empty list; a window below 1 raises ValueError.
    """
    if window < 1:
        raise ValueError("window must be a positive integer")
    if window > len(values):
        return []
    window_sum = sum(values[:window])
    averages = [window_sum / window]
    for entering, leaving in zip(values[window:], values):
        window_sum += entering - leaving
        averages.append(window_sum / window)
    return averages
