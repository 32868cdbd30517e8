"""Shortest path lengths with breadth-first search."""

from collections import deque


def shortest_path_lengths(graph: dict[int, list[int]], source: int) -> dict[int, int]:
    """Return the BFS distance from `source` to every node it can reach.

    Raises KeyError when `source` is not in the graph.
    """
    if source not in graph:
        raise KeyError(source)
    distance = {source: 0}
    pending = deque([source])
    while pending:
        current = pending.popleft()
        for neighbour in graph[current]:
            if neighbour not in distance:
                distance[neighbour] = distance[current] + 1
                pending.append(neighbour)
    return distance
