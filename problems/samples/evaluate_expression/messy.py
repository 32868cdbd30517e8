import re


def evaluate_expression(expression):
    t = re.findall(r"[0-9]+|\S", expression)
    o = []
    v = []
    e = True
    for x in t:
        if e:
            if x.isascii() and x.isdigit():
                v.append(int(x))
                e = False
            elif x == "(":
                o.append("(")
            elif x == "-":
                o.append("n")
            else:
                raise ValueError(x)
        else:
            if x == "+" or x == "-" or x == "*":
                if x == "*":
                    p = 2
                else:
                    p = 1
                while o and o[-1] != "(":
                    y = o[-1]
                    if y == "n":
                        q = 3
                    elif y == "*":
                        q = 2
                    else:
                        q = 1
                    if q >= p:
                        o.pop()
                        if y == "n":
                            v[-1] = -v[-1]
                        else:
                            b = v.pop()
                            a = v.pop()
                            if y == "+":
                                v.append(a + b)
                            elif y == "-":
                                v.append(a - b)
                            else:
                                v.append(a * b)
                    else:
                        break
                o.append(x)
                e = True
            elif x == ")":
                while o and o[-1] != "(":
                    y = o.pop()
                    if y == "n":
                        v[-1] = -v[-1]
                    else:
                        b = v.pop()
                        a = v.pop()
                        if y == "+":
                            v.append(a + b)
                        elif y == "-":
                            v.append(a - b)
                        else:
                            v.append(a * b)
                if not o:
                    raise ValueError(x)
                o.pop()
            else:
                raise ValueError(x)
    if e:
        raise ValueError("end")
    while o:
        y = o.pop()
        if y == "(":
            raise ValueError("(")
        if y == "n":
            v[-1] = -v[-1]
        else:
            b = v.pop()
            a = v.pop()
            if y == "+":
                v.append(a + b)
            elif y == "-":
                v.append(a - b)
            else:
                v.append(a * b)
    return v[0]
