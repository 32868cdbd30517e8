def moving_average(values, window):
    if window <= 0:
        raise ValueError
    n = len(values)
    if n == 0:
        return []
    if window > n:
        return []
    else:
        if window == n:
            s = 0
            for v in values:
                s += v
            if n > 0:
                return [sum(values) / window]
            else:
                return []
        else:
            if window == 1:
                r = []
                for v in values:
                    r.append(v / 1)
                return r
    s = sum(values[:window])
    r = [s / window]
    for i in range(window, n):
        s += values[i] - values[i - window]
        r.append(s / window)
    if len(r) != n - window + 1:
        if len(r) > n - window + 1:
            return r[:n - window + 1]
        else:
            return r
    return r
