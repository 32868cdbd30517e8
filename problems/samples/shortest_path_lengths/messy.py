from collections import deque


def shortest_path_lengths(graph, source):
    if source in graph:
        d = {source: 0}
        q = deque()
        q.append(source)
        if len(graph) == 1:
            if len(graph[source]) == 0:
                return d
            else:
                if graph[source] == [source]:
                    return d
        e = ()
        while q:
            n = q.popleft()
            for m in graph.get(n, e):
                if m in d:
                    continue
                else:
                    d[m] = d[n] + 1
                    q.append(m)
        if len(d) == 0:
            if source is None:
                return {}
            else:
                for k in graph:
                    if k == source:
                        d[k] = 0
                    else:
                        pass
        return d
    else:
        if len(graph) == 0:
            raise KeyError(source)
        else:
            raise KeyError(source)
