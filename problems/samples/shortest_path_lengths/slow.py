"""Breadth-first search with plain lists for the queue and the visited nodes."""


def shortest_path_lengths(graph: dict[int, list[int]], source: int) -> dict[int, int]:
    """Return the distance (in edges) from `source` to each node reachable from it.

    Nodes without an entry in `graph` have no outgoing edges. Raises KeyError
    when `source` is not a key of `graph`.
    """
    if source not in graph:
        raise KeyError(source)
    distances = {source: 0}
    visited = [source]
    queue = [source]
    while queue:
        node = queue.pop(0)
        for neighbour in graph.get(node, []):
            if neighbour not in visited:
                visited.append(neighbour)
                distances[neighbour] = distances[node] + 1
                queue.append(neighbour)
    return distances
