"""A bounded mapping that threads can share: the oldest entry goes when it is full.

The runner evaluates solutions on a thread pool, and some results are worth keeping between
evaluations (the reference's instruction counts are deterministic). Every read and write holds one
lock, so an eviction never races another thread's read or its own eviction.
"""

from __future__ import annotations

import threading
from typing import Generic, TypeVar

K = TypeVar("K")
V = TypeVar("V")


class BoundedCache(Generic[K, V]):
    """At most `limit` entries, the oldest evicted first; safe to use from several threads."""

    def __init__(self, limit: int):
        if limit < 1:
            raise ValueError("a bounded cache holds at least one entry")
        self.limit = limit
        self._entries: dict[K, V] = {}
        self._lock = threading.Lock()

    def get(self, key: K) -> V | None:
        """The value kept for `key`, or None."""
        with self._lock:
            return self._entries.get(key)

    def put(self, key: K, value: V) -> None:
        """Keep `value` for `key`, evicting the oldest entries beyond the limit."""
        with self._lock:
            self._entries.pop(key, None)
            self._entries[key] = value
            while len(self._entries) > self.limit:
                del self._entries[next(iter(self._entries))]

    def clear(self) -> None:
        """Forget every entry."""
        with self._lock:
            self._entries.clear()

    def __len__(self) -> int:
        with self._lock:
            return len(self._entries)
