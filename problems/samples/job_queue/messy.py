import collections


def build_queue(jobs):
    r = collections.deque()
    if jobs is not None:
        if len(jobs) > 0:
            if len(jobs) == 1:
                x = jobs[0]
                if x < 0:
                    r.appendleft(x)
                else:
                    r.append(x)
            else:
                for x in jobs:
                    if x < 0:
                        r.appendleft(x)
                    else:
                        r.append(x)
                if len(r) != len(jobs):
                    for x in jobs:
                        if x < 0:
                            if x in r:
                                pass
                            else:
                                r.appendleft(x)
                        else:
                            if x in r:
                                pass
                            else:
                                r.append(x)
        else:
            return []
    else:
        for x in jobs:
            pass
    t = list(r)
    if len(t) == 0:
        return []
    else:
        return t
