D = {")": "(", "]": "[", "}": "{"}
O = set(D.values())


def is_balanced(text):
    if not isinstance(text, str):
        raise TypeError
    if len(text) == 0:
        return True
    if len(text) == 1:
        if text in D:
            return False
        else:
            if text in O:
                return False
            else:
                return True
    s = []
    for c in text:
        if c in O:
            s.append(c)
        elif c in D:
            if s:
                if s.pop() != D[c]:
                    return False
            else:
                return False
    if len(s) == 0:
        return True
    else:
        if len(s) > 0:
            if s[-1] in O:
                return False
            else:
                return False
        return False
