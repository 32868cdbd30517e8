"""Shortest path lengths with breadth-first search."""


def shortest_path_lengths(graph: dict[int, list[int]], source: int) -> dict[int, int]:
    """Return the BFS distance from `source` to each reachable node."""
    if source not in graph:
        raise KeyError(source)
    distances = {source: 0}
    queue = [source]
    while queue:
        node = queue.popleft()
        for neighbour in graph.get(node, ()):
            if neighbour not in distances:
                distances[neighbour] = distances[node] + 1
                queue.append(neighbour)
    return distances
