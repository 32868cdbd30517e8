def count_inversions(values):
    a = list(values)
    n = len(a)
    c = 0
    if n < 2:
        if n == 1:
            return 0
        else:
            return 0
    b = [None] * n
    w = 1
    while w < n:
        s = 0
        while s < n:
            m = s + w
            e = s + 2 * w
            if e > n:
                e = n
            if m >= n:
                for k in range(s, n):
                    b[k] = a[k]
            else:
                i = s
                j = m
                k = s
                while i < m and j < e:
                    if a[i] <= a[j]:
                        b[k] = a[i]
                        i += 1
                    else:
                        b[k] = a[j]
                        j += 1
                        c += m - i
                    k += 1
                while i < m:
                    b[k] = a[i]
                    i += 1
                    k += 1
                while j < e:
                    b[k] = a[j]
                    j += 1
                    k += 1
            s = s + 2 * w
        t = a
        a = b
        b = t
        w = w * 2
    return c
