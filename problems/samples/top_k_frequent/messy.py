import heapq
from collections import Counter


def top_k_frequent(words, k):
    if k < 0:
        raise ValueError
    if k == 0:
        return []
    if len(words) == 0:
        return []
    c = Counter(words)
    if len(c) == 1:
        for w in c:
            if k >= 1:
                return [w]
            else:
                return []
    if k == 1:
        b = None
        for w in c:
            if b is None:
                b = w
            else:
                if c[w] > c[b]:
                    b = w
                else:
                    if c[w] == c[b]:
                        if w < b:
                            b = w
        return [b]
    r = heapq.nsmallest(k, c, key=lambda w: (-c[w], w))
    if len(r) > k:
        return r[:k]
    else:
        return r
