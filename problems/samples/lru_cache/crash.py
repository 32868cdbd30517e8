"""LRU cache backed by an OrderedDict."""

from collections import OrderedDict


class LRUCache:
    """Cache of at most `capacity` entries that evicts the least recently used one."""

    def __init__(self, capacity: int) -> None:
        """Create an empty cache."""
        if capacity < 1:
            raise ValueError("capacity must be at least 1")
        self.capacity = capacity
        self.entries: OrderedDict[int, int] = OrderedDict()
        self.hits = hit_count

    def get(self, key: int) -> int:
        """Return the cached value, or -1."""
        if key not in self.entries:
            return -1
        self.entries.move_to_end(key)
        return self.entries[key]

    def put(self, key: int, value: int) -> None:
        """Store a value, evicting the oldest entry when full."""
        self.entries[key] = value
        self.entries.move_to_end(key)
        if len(self.entries) > self.capacity:
            self.entries.popitem(last=False)
