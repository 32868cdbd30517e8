"""None, bool, int, float and complex."""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from typing import Any

from hypothesis import strategies as st
from hypothesis.strategies import SearchStrategy

from .base import MAX_SEEN, GenContext, ValueType, dedupe


@dataclass(repr=False)
class NoneT(ValueType):
    seen: list = field(default_factory=list)

    def describe(self) -> str:
        return "None"

    def accepts(self, value: Any) -> bool:
        return value is None

    def default(self) -> Any:
        return None

    def strategy(self) -> SearchStrategy[object]:
        return st.none()


@dataclass(repr=False)
class BoolT(ValueType):
    seen: list = field(default_factory=list)

    def describe(self) -> str:
        return "bool"

    def accepts(self, value: Any) -> bool:
        return isinstance(value, bool)

    def default(self) -> Any:
        return False

    def boundary(self, ctx: GenContext) -> list:
        return [False, True]

    def sample(self, ctx: GenContext, depth: int = 0) -> Any:
        return ctx.rng.random() < 0.5

    def mutate(self, value: Any, ctx: GenContext, depth: int = 0) -> Any:
        return not value

    def shrink(self, value: Any) -> Iterator[Any]:
        if value:
            yield False

    def strategy(self) -> SearchStrategy[object]:
        return st.booleans()


@dataclass(repr=False)
class IntT(ValueType):
    lo: int | None = None
    hi: int | None = None
    seen: list = field(default_factory=list)
    bools: bool = False  # False and True among the boundary values (a bool is an int)

    def describe(self) -> str:
        if self.lo is None and self.hi is None:
            return "int"
        return f"int[{'' if self.lo is None else self.lo}..{'' if self.hi is None else self.hi}]"

    def accepts(self, value: Any) -> bool:
        return isinstance(value, int) and not isinstance(value, bool) and self._inside(value)

    def _inside(self, value: int) -> bool:
        return (self.lo is None or value >= self.lo) and (self.hi is None or value <= self.hi)

    def _clamp(self, value: int) -> int:
        if self.lo is not None and value < self.lo:
            value = self.lo
        if self.hi is not None and value > self.hi:
            value = self.hi
        return value

    def default(self) -> Any:
        return self._clamp(0)

    def with_seen(self, values: list) -> ValueType:
        return replace(self, seen=[v for v in values if self.accepts(v)][:MAX_SEEN])

    def _seen_range(self) -> tuple[int, int]:
        if self.seen:
            return min(self.seen), max(self.seen)
        return (self.lo if self.lo is not None else -10, self.hi if self.hi is not None else 10)

    def boundary(self, ctx: GenContext) -> list:
        small = [0, 1, -1, 2, -2, 3, 10, -10]
        near: list[int] = []
        if self.seen:
            low, high = self._seen_range()
            near = [low, high, low - 1, high + 1, (low + high) // 2]
        constants = [k + d for k in ctx.ints[:24] for d in (0, -1, 1)]
        big = [
            100,
            1000,
            255,
            256,
            1023,
            1024,
            10**4,
            10**5,
            10**6,
            2**31 - 1,
            -(2**31),
            10**9 + 7,
            2**63 - 1,
            -(2**63),
            10**18,
            -(10**18),
            2**100,
            -(2**100),
        ]
        limits = [x for x in (self.lo, self.hi) if x is not None]
        limits += [self.lo + 1] if self.lo is not None else []
        limits += [self.hi - 1] if self.hi is not None else []
        values = limits + small[:4] + near + constants + small[4:] + big
        inside = dedupe([v for v in values if self._inside(v)])
        return inside + [b for b in (False, True) if self.bools and self._inside(b)]

    def sample(self, ctx: GenContext, depth: int = 0) -> Any:
        rng = ctx.rng
        low, high = self._seen_range()
        choice = rng.random()
        if choice < 0.6:
            span = max(3, high - low)
            value = rng.randint(low - span // 2, high + span // 2)
        elif choice < 0.75 and ctx.ints:
            value = rng.choice(ctx.ints) + rng.choice((-1, 0, 1))
        elif choice < 0.9:
            value = rng.randint(-100, 100)
        else:
            value = rng.randint(-(10**9), 10**9)
        return self._clamp(value)

    def mutate(self, value: Any, ctx: GenContext, depth: int = 0) -> Any:
        rng = ctx.rng
        op = rng.randrange(9)
        if op <= 2:
            new = value + rng.choice((-1, 1))
        elif op == 3:
            new = -value
        elif op == 4:
            new = value * 2 if value else rng.choice((1, -1))
        elif op == 5:
            new = value // 2
        elif op == 6 and ctx.ints:
            new = rng.choice(ctx.ints) + rng.choice((-1, 0, 1))
        elif op == 7:
            new = rng.randint(-abs(value) - 10, abs(value) + 10)
        else:
            new = self.sample(ctx)
        return self._clamp(new)

    def shrink(self, value: Any) -> Iterator[Any]:
        target = self._clamp(0)
        if value == target:
            return
        yield target
        if value < 0 and self._inside(-value):
            yield -value
        diff = value - target
        step = _half(diff)
        while step:
            yield value - step
            step = _half(step)
        yield value - (1 if diff > 0 else -1)

    def strategy(self) -> SearchStrategy[object]:
        full = st.integers(min_value=self.lo, max_value=self.hi)
        if not self.seen:
            return full
        low, high = self._seen_range()
        span = max(4, high - low)
        near_lo, near_hi = low - span, high + span
        if self.lo is not None:
            near_lo = max(near_lo, self.lo)
        if self.hi is not None:
            near_hi = min(near_hi, self.hi)
        if near_lo > near_hi:
            return full
        return st.one_of(st.integers(min_value=near_lo, max_value=near_hi), full)


def _half(n: int) -> int:
    """Half of n, rounded towards zero (exact for big ints)."""
    return n // 2 if n >= 0 else -((-n) // 2)


@dataclass(repr=False)
class FloatT(ValueType):
    lo: float | None = None
    hi: float | None = None
    allow_nan: bool = True
    allow_infinity: bool = True
    seen: list = field(default_factory=list)
    ints: bool = False  # ints are floats too (a `float` hint admits them, PEP 484); generated only mixed in lists

    def describe(self) -> str:
        return "float"

    def accepts(self, value: Any) -> bool:
        if self.ints and isinstance(value, int) and not isinstance(value, bool):
            return (self.lo is None or value >= self.lo) and (self.hi is None or value <= self.hi)
        if not isinstance(value, float):
            return False
        if math.isnan(value):
            return self.allow_nan
        if math.isinf(value) and not self.allow_infinity:
            return False
        return (self.lo is None or value >= self.lo) and (self.hi is None or value <= self.hi)

    def default(self) -> Any:
        return self._fit(0.0)

    def _fit(self, value: float) -> float:
        if math.isnan(value):
            return value if self.allow_nan else 0.0
        if self.lo is not None and value < self.lo:
            value = float(self.lo)
        if self.hi is not None and value > self.hi:
            value = float(self.hi)
        return value

    def with_seen(self, values: list) -> ValueType:
        return replace(
            self,
            seen=[
                float(v) for v in values if isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v)
            ][:MAX_SEEN],
        )

    def boundary(self, ctx: GenContext) -> list:
        values = [x for x in (self.lo, self.hi) if x is not None]
        values += [0.0, 1.0, -1.0, 0.5, -0.5, 2.0, 1.5, 2.5, -2.5, 0.1, 3.0, 1e-9, -1e-9]
        if self.seen:
            low, high = min(self.seen), max(self.seen)
            values += [low, high, low - 1.0, high + 1.0, float(round(low)), float(round(high)), (low + high) / 2]
        values += ctx.floats + [float(k) for k in ctx.ints[:10]]
        values += [10.0, 100.0, 1e9, -1e9, 1e18, 1e300, -1e300, 5e-324, -0.0]
        values += [math.inf, -math.inf, math.nan]
        return dedupe([float(v) for v in values if self.accepts(float(v))])

    def sample(self, ctx: GenContext, depth: int = 0) -> Any:
        rng = ctx.rng
        if self.seen and rng.random() < 0.6:
            low, high = min(self.seen), max(self.seen)
            span = max(1.0, high - low)
            value = rng.uniform(low - span / 2, high + span / 2)
            if rng.random() < 0.3:
                value = round(value, rng.choice((0, 1, 2)))
        elif rng.random() < 0.5:
            value = float(rng.randint(-20, 20)) / rng.choice((1, 2, 4, 10))
        else:
            value = rng.uniform(-1e6, 1e6)
        return self._fit(float(value))

    def mutate(self, value: Any, ctx: GenContext, depth: int = 0) -> Any:
        rng = ctx.rng
        if not math.isfinite(value):
            return self.sample(ctx)
        op = rng.randrange(9)
        new = {
            0: value + 1.0,
            1: value - 1.0,
            2: -value,
            3: value * 2,
            4: value / 2,
            5: value + rng.choice((0.5, -0.5, 1e-6)),
            6: float(round(value)),
            7: rng.choice(ctx.floats) if ctx.floats else None,
        }.get(op)
        if new is None:
            new = self.sample(ctx)
        return self._fit(float(new))

    def shrink(self, value: Any) -> Iterator[Any]:
        if not math.isfinite(value):
            return
        target = self._fit(0.0)
        if value == target:
            return
        for candidate in (
            target,
            self._fit(1.0),
            self._fit(-1.0),
            float(math.trunc(value)),
            float(round(value, 1)),
            value / 2,
        ):
            if candidate != value and self.accepts(candidate) and abs(candidate) <= abs(value):
                yield candidate
        if value < 0 and self.accepts(-value):
            yield -value

    def strategy(self) -> SearchStrategy[object]:
        full = st.floats(
            min_value=self.lo,
            max_value=self.hi,
            allow_nan=self.allow_nan,
            allow_infinity=self.allow_infinity and self.lo is None and self.hi is None,
        )
        if not self.seen:
            return full
        low, high = min(self.seen), max(self.seen)
        span = max(1.0, high - low)
        near_lo = low - span if self.lo is None else max(self.lo, low - span)
        near_hi = high + span if self.hi is None else min(self.hi, high + span)
        if near_lo > near_hi:
            return full
        return st.one_of(st.floats(min_value=near_lo, max_value=near_hi, allow_nan=False), full)


@dataclass(repr=False)
class ComplexT(ValueType):
    seen: list = field(default_factory=list)

    def describe(self) -> str:
        return "complex"

    def accepts(self, value: Any) -> bool:
        return isinstance(value, complex)

    def default(self) -> Any:
        return 0j

    def boundary(self, ctx: GenContext) -> list:
        return [0j, 1 + 0j, 1j, -1j, complex(1, 1), complex(-2.5, 3)]

    def sample(self, ctx: GenContext, depth: int = 0) -> Any:
        return complex(ctx.rng.randint(-5, 5), ctx.rng.randint(-5, 5))

    def mutate(self, value: Any, ctx: GenContext, depth: int = 0) -> Any:
        return value + complex(ctx.rng.choice((-1, 0, 1)), ctx.rng.choice((-1, 0, 1)))

    def shrink(self, value: Any) -> Iterator[Any]:
        if value != 0:
            yield 0j

    def strategy(self) -> SearchStrategy[object]:
        return st.complex_numbers(allow_nan=False, allow_infinity=False)
