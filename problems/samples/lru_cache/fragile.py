"""LRU cache backed by an OrderedDict."""

from collections import OrderedDict


class LRUCache:
    """Cache of at most `capacity` entries that evicts the least recently used one."""

    def __init__(self, capacity: int) -> None:
        """Create an empty cache; the capacity must be positive."""
        if capacity < 1:
            raise ValueError("capacity must be positive")
        self.capacity = capacity
        self.items: OrderedDict[int, int] = OrderedDict()

    def get(self, key: int) -> int:
        """Return the cached value for `key` and mark it as used, or -1 when missing."""
        if key not in self.items:
            return -1
        self.items.move_to_end(key)
        return self.items[key]

    def put(self, key: int, value: int) -> None:
        """Store `value` for `key`, making room first by evicting the oldest entry when full."""
        if len(self.items) >= self.capacity:
            self.items.popitem(last=False)
        self.items[key] = value
        self.items.move_to_end(key)
