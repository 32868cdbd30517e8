"""Inputs of a chosen size n for timing: every list, string, set and dict parameter holds n items (drawn from
its element type), the other parameters hold one fixed value each; with no such parameter, the first int
parameter is n. The same seed at every size, so only n changes from one size to the next."""

from __future__ import annotations

from typing import Any

from ..generation.value_types import DictT, GenContext, IntT, ListT, SetT, StrT, TupleT, ValueType


def grows(t: ValueType) -> bool:
    return isinstance(t, (ListT, StrT, DictT))


def sized_kind(top: TupleT) -> str | None:
    """'containers' when a parameter holds n items, 'int' when an int parameter is n, None when none grows."""
    if top.variadic or not top.items:
        return None
    if any(grows(t) for t in top.items):
        return "containers"
    if any(isinstance(t, IntT) for t in top.items):
        return "int"
    return None


def sized_value(top: TupleT, n: int, seed: str = "speed") -> tuple | None:
    """The argument tuple of size n, or None when no parameter grows (or the value does not fit the types)."""
    kind = sized_kind(top)
    if kind is None:
        return None
    fixed = GenContext.seeded(f"{seed}:fixed")
    filling = GenContext.seeded(f"{seed}:{n}")
    first_int = next(i for i, t in enumerate(top.items) if isinstance(t, IntT)) if kind == "int" else -1
    value = []
    for index, t in enumerate(top.items):
        if kind == "containers" and grows(t):
            value.append(_filled(t, n, filling))
        elif index == first_int:
            value.append(n)
        else:
            value.append(t.sample(fixed))
    made = tuple(value)
    return made if top.accepts(made) else None


def _filled(t: ValueType, n: int, ctx: GenContext) -> Any:
    if isinstance(t, StrT):
        letters = t.alphabet or "abcdefghijklmnopqrstuvwxyz"
        return "".join(ctx.rng.choice(letters) for _ in range(n))
    if isinstance(t, DictT):
        keys = [t.key.sample(ctx, 1) for _ in range(n)]
        return {k: t.value.sample(ctx, 1) for k in keys}
    assert isinstance(t, ListT)
    items = _distinct_ints(n, ctx) if _plain_int(t.elem) else [t.elem.sample(ctx, 1) for _ in range(n)]
    if isinstance(t, SetT):
        return frozenset(items) if t.frozen else set(items)
    return items


def _plain_int(t: ValueType) -> bool:
    return isinstance(t, IntT) and t.lo is None and t.hi is None


def _distinct_ints(n: int, ctx: GenContext) -> list[int]:
    """n distinct ints in random order: the worst case of membership tests and deduplication, where
    repeated values would let a quadratic version stop early."""
    return ctx.rng.sample(range(-2 * n, 2 * n), n)
