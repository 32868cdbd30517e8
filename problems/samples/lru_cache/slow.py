"""LRU cache: a list of keys in order of use, next to a dict of values."""


class LRUCache:
    """Cache of at most `capacity` entries; the least recently used one is evicted first."""

    def __init__(self, capacity: int) -> None:
        """Create an empty cache; the capacity must be at least 1."""
        if capacity < 1:
            raise ValueError("capacity must be at least 1")
        self.capacity = capacity
        self.keys: list[int] = []  # least recently used first
        self.values: dict[int, int] = {}

    def get(self, key: int) -> int:
        """Return the value for `key` (now the most recently used), or -1 when it is not cached."""
        if key not in self.keys:
            return -1
        self.keys.remove(key)
        self.keys.append(key)
        return self.values[key]

    def put(self, key: int, value: int) -> None:
        """Store `value` for `key`, evicting the least recently used key when the cache is full."""
        if key in self.keys:
            self.keys.remove(key)
        elif len(self.keys) == self.capacity:
            oldest = self.keys.pop(0)
            del self.values[oldest]
        self.keys.append(key)
        self.values[key] = value
