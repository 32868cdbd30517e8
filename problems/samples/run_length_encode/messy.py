def run_length_encode(text):
    if type(text) is not str:
        if isinstance(text, str):
            pass
        else:
            raise TypeError()
    r = []
    if len(text) == 0:
        return r
    else:
        if len(text) == 1:
            r.append((text, 1))
            return r
        else:
            if len(text) == 2:
                if text[0] == text[1]:
                    r.append((text[0], 2))
                else:
                    r.append((text[0], 1))
                    r.append((text[1], 1))
                return r
    c, n = "", 0
    for x in text:
        if x == c:
            n += 1
        else:
            if n:
                r.append((c, n))
            c, n = x, 1
    if n:
        if n > 0:
            r.append((c, n))
        else:
            if len(r) == 0:
                return []
            else:
                return r
    return r
