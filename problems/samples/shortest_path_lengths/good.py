"""Breadth-first search one level at a time."""

from collections.abc import Hashable, Mapping, Sequence


def shortest_path_lengths(graph: Mapping[Hashable, Sequence[Hashable]], source: Hashable) -> dict[Hashable, int]:
    """Map every node reachable from `source` to its distance in edges.

    The search expands the graph level by level: all nodes at distance d
    are found before any at distance d + 1. Nodes with no entry in `graph`
    are treated as having no outgoing edges. Raises KeyError if `source` is
    not a node of `graph`.
    """
    if source not in graph:
        raise KeyError(source)
    distances: dict[Hashable, int] = {source: 0}
    level = [source]
    depth = 0
    while level:
        depth += 1
        next_level = []
        for node in level:
            for neighbour in graph.get(node, ()):
                if neighbour not in distances:
                    distances[neighbour] = depth
                    next_level.append(neighbour)
        level = next_level
    return distances
