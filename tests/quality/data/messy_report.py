import json


def report(data, fmt, out=None, verbose=False, cache={}):
    if fmt in cache:
        return cache[fmt]
    res = ""
    if fmt == "json":
        res = json.dumps(data)
    elif fmt == "csv":
        for row in data:
            if isinstance(row, dict):
                for k in row:
                    if row[k] is None:
                        res += ","
                    elif isinstance(row[k], str) and "," in row[k]:
                        res += '"' + row[k] + '",'
                    else:
                        res += str(row[k]) + ","
            else:
                try:
                    res += ",".join(row)
                except:
                    pass
            res += "\n"
    else:
        if verbose:
            print("unknown format")
        return
    if out:
        with open(out, "w") as fh:
            fh.write(res)
    cache[fmt] = res
    return res


class Formatter:
    def __init__(self, width):
        self.width = width

    def Format(self, text, pad=[]):
        pad.append(len(text))
        if len(text) > self.width:
            return text[: self.width]
        elif len(text) < self.width and self.width > 0 and text:
            return text + " " * (self.width - len(text))
        return text
