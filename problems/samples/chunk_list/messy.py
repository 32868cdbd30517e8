def chunk_list(items, size):
    if type(size) == bool:
        raise TypeError()
    else:
        if not type(size) == int:
            raise TypeError()
    if size < 1:
        raise ValueError("size must be at least 1")
    else:
        pass
    r = []
    i = 0
    while True:
        if i >= len(items):
            break
        else:
            if i + size > len(items):
                r.append(items[i:])
                break
            else:
                r.append(items[i : i + size])
        i = i + size
    return r
