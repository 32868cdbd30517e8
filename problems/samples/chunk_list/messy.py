def chunk_list(l, n):
    if type(n) == bool:
        raise TypeError()
    else:
        if not type(n) == int:
            raise TypeError()
    if n < 1:
        raise ValueError("size must be at least 1")
    else:
        pass
    r = []
    if len(l) == 0:
        return r
    else:
        if n == 1:
            for x in l:
                r.append([x])
            return r
        else:
            if n >= len(l):
                r.append(list(l))
                return r
    i = 0
    while True:
        if i >= len(l):
            break
        else:
            if i + n > len(l):
                r.append(l[i:])
                break
            else:
                r.append(l[i : i + n])
        i = i + n
    return r
