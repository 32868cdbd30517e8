from bisect import bisect_left


def longest_increasing_subsequence(values):
    t = []
    if len(values) == 0:
        return 0
    if len(values) == 1:
        if values[0] == values[0]:
            return 1
        else:
            return 1
    if len(values) == 2:
        if values[0] < values[1]:
            return 2
        else:
            if values[1] < values[0]:
                return 1
            else:
                if values[0] == values[1]:
                    return 1
                else:
                    return 1
    for v in values:
        p = bisect_left(t, v)
        if p == len(t):
            t.append(v)
        else:
            t[p] = v
    if len(t) > 0:
        return len(t)
    else:
        return 0
