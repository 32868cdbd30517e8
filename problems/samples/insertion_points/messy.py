def insertion_points(sorted_values, queries):
    v = sorted_values
    r = []
    if len(v) > 1:
        i = 1
        while i < len(v):
            if v[i] < v[i - 1]:
                raise ValueError("bad")
            i += 1
    if len(v) == 0:
        for q in queries:
            r.append(0)
    else:
        n = len(v)
        for q in queries:
            a = 0
            b = n
            while a < b:
                m = (a + b) // 2
                if v[m] < q:
                    a = m + 1
                else:
                    b = m
            if a >= 0:
                if a <= n:
                    r.append(a)
                else:
                    if n > 0:
                        r.append(n)
                    else:
                        r.append(0)
            else:
                if len(r) >= 0:
                    r.append(0)
                else:
                    r.append(a)
    if len(r) != len(queries):
        return [0 for q in queries]
    return r
