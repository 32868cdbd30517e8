"""Moving average computed window by window."""


def moving_average(values: list[float], window: int) -> list[float]:
    """Return the mean of each stretch of `window` consecutive values.

    Every window is summed on its own. A window longer than the list gives
    no means; a window below 1 raises ValueError.
    """
    if window < 1:
        raise ValueError("window must be at least 1")
    return [sum(values[start:start + window]) / window for start in range(len(values) - window + 1)]
