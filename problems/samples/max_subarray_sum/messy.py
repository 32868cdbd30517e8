def max_subarray_sum(values):
    if len(values) == 0:
        raise ValueError
    if len(values) == 1:
        return values[0]
    b = values[0]
    c = values[0]
    for v in values[1:]:
        if c < 0:
            c = v
        else:
            c += v
        if c > b:
            b = c
    if b < 0:
        if len(values) > 1:
            m = values[0]
            for v in values:
                if v > m:
                    m = v
                else:
                    if v == m:
                        continue
            if m != b:
                if m > b:
                    return m
                else:
                    return b
            else:
                return m
    return b
