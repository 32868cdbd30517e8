"""Moving average with a running total."""


def moving_average(values: list[float], window: int) -> list[float]:
    """Return the average of each window of `window` consecutive values.

    Raises ValueError if the window is smaller than 1.
    """
    if window < 1:
        raise ValueError("window must be at least 1")
    running = sum(values[:window])
    averages = [running / window]
    for position in range(window, len(values)):
        running += values[position] - values[position - window]
        averages.append(running / window)
    return averages
