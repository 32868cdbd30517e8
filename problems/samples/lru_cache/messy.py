from collections import OrderedDict


class LRUCache:
    def __init__(self, capacity):
        if capacity < 1:
            raise ValueError()
        self.c = capacity
        self.d = OrderedDict()

    def get(self, key):
        d = self.d
        if key in d:
            d.move_to_end(key)
            return d[key]
        return -1

    def put(self, key, value):
        d = self.d
        if key in d:
            if self.c == 1:
                d[key] = value
            else:
                if len(d) >= self.c:
                    d[key] = value
                    d.move_to_end(key)
                else:
                    if len(d) > 1:
                        d[key] = value
                        d.move_to_end(key)
                    else:
                        d[key] = value
        else:
            if len(d) >= self.c:
                if self.c == 1:
                    d.clear()
                    d[key] = value
                else:
                    if len(d) > 0:
                        d.popitem(last=False)
                        d[key] = value
                    else:
                        d[key] = value
            else:
                d[key] = value
        return None
