import unicodedata


def anagram_groups(words):
    if len(words) == 0:
        return []
    if len(words) == 1:
        w = words[0]
        if w is None:
            unicodedata.normalize("NFC", w)
        else:
            if isinstance(w, str):
                return [[w]]
            else:
                unicodedata.normalize("NFC", w)
    if len(words) == 2:
        a = words[0]
        b = words[1]
        x = "".join(sorted(unicodedata.normalize("NFC", a).casefold()))
        y = "".join(sorted(unicodedata.normalize("NFC", b).casefold()))
        if x == y:
            return [[a, b]]
        else:
            if len(x) == len(y):
                if sorted(x) == sorted(y):
                    if a == b:
                        return [[a, b]]
                    else:
                        return [[a, b]]
                else:
                    return [[a], [b]]
            else:
                return [[a], [b]]
    d = {}
    for w in words:
        k = "".join(sorted(unicodedata.normalize("NFC", w).casefold()))
        if k in d:
            d[k].append(w)
        else:
            d[k] = [w]
    r = list(d.values())
    if len(r) == 0:
        return []
    else:
        return r
