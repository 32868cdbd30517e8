"""An LRU cache on top of OrderedDict, with a sentinel for misses."""

from collections import OrderedDict

_ABSENT = object()


class LRUCache:
    """Least-recently-used cache: at most `capacity` keys, oldest use evicted first."""

    __slots__ = ("_capacity", "_store")

    def __init__(self, capacity: int) -> None:
        """Start empty. A capacity below 1 is rejected with ValueError."""
        if capacity < 1:
            raise ValueError("an LRU cache needs room for at least one entry")
        self._capacity = capacity
        self._store: OrderedDict[int, int] = OrderedDict()

    def get(self, key: int) -> int:
        """Look `key` up; a hit becomes the most recent use, a miss gives -1."""
        value = self._store.get(key, _ABSENT)
        if value is _ABSENT:
            return -1
        self._store.move_to_end(key)
        return value

    def put(self, key: int, value: int) -> None:
        """Insert or overwrite `key`; drop the stalest entry if that overflows the cache."""
        store = self._store
        store[key] = value
        store.move_to_end(key)
        if len(store) > self._capacity:
            store.popitem(last=False)
