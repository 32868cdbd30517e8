"""An LRU cache and a small vector type."""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Generic, Iterator, TypeVar

K = TypeVar("K")
V = TypeVar("V")


class LRUCache(Generic[K, V]):
    """A fixed-capacity mapping that forgets the least recently used key first."""

    __slots__ = ("_capacity", "_items")

    def __init__(self, capacity: int) -> None:
        if capacity < 1:
            raise ValueError("capacity must be positive")
        self._capacity = capacity
        self._items: OrderedDict[K, V] = OrderedDict()

    def __len__(self) -> int:
        return len(self._items)

    def __contains__(self, key: object) -> bool:
        return key in self._items

    def __iter__(self) -> Iterator[K]:
        return iter(self._items)

    def __repr__(self):
        return f"LRUCache({self._capacity}, {dict(self._items)!r})"

    def get(self, key: K, default: V | None = None) -> V | None:
        """The value under `key` (marking it recently used), else `default`."""
        if key not in self._items:
            return default
        self._items.move_to_end(key)
        return self._items[key]

    def put(self, key: K, value: V) -> None:
        """Store `value`, evicting the least recently used key when full."""
        self._items[key] = value
        self._items.move_to_end(key)
        self._evict()

    def _evict(self):
        while len(self._items) > self._capacity:
            self._items.popitem(last=False)

    @property
    def capacity(self) -> int:
        """How many keys fit."""
        return self._capacity


@dataclass(frozen=True)
class Vector:
    """A 2-D vector."""

    x: float
    y: float
    tags: list[str] = field(default_factory=list)

    def __add__(self, other: Vector) -> Vector:
        return Vector(self.x + other.x, self.y + other.y)

    def norm(self) -> float:
        """Euclidean length."""
        return (self.x ** 2 + self.y ** 2) ** 0.5


def _helper(values):
    return sorted(values)


def top_k(values: list[int], k: int) -> list[int]:
    """The k largest values, largest first."""

    def key(value: int) -> int:
        return -value

    return sorted(values, key=key)[:k]


class NotFound(KeyError):
    """No such key."""
