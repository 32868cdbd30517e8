"""What every generated type shares: the base class `ValueType`, the generation context, and small helpers."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from hypothesis.strategies import SearchStrategy

from ..values import value_key

MAX_SEEN = 40


EXPLORE_MAX_SIZE = 24


LONG_LENGTHS = (200, 2000)


WHITESPACE = (" ", "  ", "   ", "\t", "\n", " a ", "a  b", "a   b", " \t\n ")


UNICODE = ("é", "É", "ß", "İ", "ǅ", "ﬁ", "日本語", "🙂", "\u00a0", "e\u0301", "١٢٣", "½", "Ω", "\u200b")


EXTRA_CHARS = " AZaz09_-.,!?()[]{}'\"\\/\n\téÉß日🙂"


@dataclass
class GenContext:
    """Shared by one generation run: the random source and constants worth trying."""

    rng: random.Random
    ints: list[int] = field(default_factory=list)  # constants from the reference and the examples
    floats: list[float] = field(default_factory=list)
    strings: list[str] = field(default_factory=list)

    @classmethod
    def seeded(cls, seed: Any) -> GenContext:
        return cls(rng=random.Random(str(seed)))


def dedupe(values: list) -> list:
    seen: set[str] = set()
    out = []
    for v in values:
        key = value_key(v)
        if key not in seen:
            seen.add(key)
            out.append(v)
    return out


def interleave(*lists: list) -> list:
    out = []
    for i in range(max((len(x) for x in lists), default=0)):
        for x in lists:
            if i < len(x):
                out.append(x[i])
    return out


def digits_like(number: int, like: str) -> str:
    """`number` written like the digits it replaces: zero-padded to their width when they were ("07" -> "08")."""
    text = str(number)
    return text.zfill(len(like)) if like.startswith("0") or len(text) < len(like) else text


def sortable(values: list) -> bool:
    try:
        sorted(values)
        return True
    except TypeError:
        return False


class ValueType:
    """A type of input values (`IntT`, `ListT`, ...): how to describe, recognise, sample, mutate and shrink
    its values. The base of every value type; subclasses override what applies to them."""

    seen: list

    def describe(self) -> str:
        raise NotImplementedError

    def accepts(self, value: Any) -> bool:
        raise NotImplementedError

    def default(self) -> Any:
        raise NotImplementedError

    def boundary(self, ctx: GenContext) -> list:
        return [self.default()]

    def sample(self, ctx: GenContext, depth: int = 0) -> Any:
        return self.default()

    def mutate(self, value: Any, ctx: GenContext, depth: int = 0) -> Any:
        return value

    def shrink(self, value: Any) -> Iterator[Any]:
        return iter(())

    def strategy(self) -> SearchStrategy[object]:
        raise NotImplementedError

    def unsupported(self) -> str | None:
        """Why values of this type cannot be generated, or None."""
        return None

    def with_seen(self, values: list) -> ValueType:
        return self

    def __repr__(self) -> str:
        return self.describe()
