"""The type model generation works on: one small class per kind of value.

Each type knows four things about its values:
- `boundary(ctx)`: the combinatorial boundary suite (empty, single, two equal,
  all duplicates, sorted, reversed, zero, negative, extremes, unicode and
  whitespace strings, very long inputs, deep nesting, NaN and infinities);
- `mutate(value, ctx)`: one type-aware mutation of a value (EvalPlus style:
  ints +-1, strings insert/delete/replace a character, lists drop/duplicate/
  mutate an element...), so a mutated example keeps its type and shape;
- `strategy()`: a Hypothesis strategy for exploration;
- `shrink(value)`: simpler candidates, simplest first, for minimal counterexamples.

A type may carry `seen`: values observed at its position in the problem's
examples. They are soft knowledge (the examples' alphabet, ranges and sizes)
that biases generation towards inputs like the examples; hard limits
(`lo`/`hi`, `alphabet`, sizes) come from hints and strategy expressions.
"""

from __future__ import annotations

import math
import random
import re
import string
from dataclasses import dataclass, field, replace
from typing import Any, Iterator

from .values import RecordValue, simplicity_key, value_key

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
    def seeded(cls, seed: Any) -> "GenContext":
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


def _interleave(*lists: list) -> list:
    out = []
    for i in range(max((len(x) for x in lists), default=0)):
        for x in lists:
            if i < len(x):
                out.append(x[i])
    return out


def _digits_like(number: int, like: str) -> str:
    """`number` written like the digits it replaces: zero-padded to their width when they were ("07" -> "08")."""
    text = str(number)
    return text.zfill(len(like)) if like.startswith("0") or len(text) < len(like) else text


def _sortable(values: list) -> bool:
    try:
        sorted(values)
        return True
    except TypeError:
        return False


class T:
    """Base class. Subclasses override what applies to them."""

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

    def strategy(self):
        raise NotImplementedError

    def unsupported(self) -> str | None:
        """Why values of this type cannot be generated, or None."""
        return None

    def with_seen(self, values: list) -> "T":
        return self

    def __repr__(self) -> str:
        return self.describe()


def _st():
    from hypothesis import strategies

    return strategies


# -- scalars ------------------------------------------------------------------------


@dataclass(repr=False)
class NoneT(T):
    seen: list = field(default_factory=list)

    def describe(self) -> str:
        return "None"

    def accepts(self, value: Any) -> bool:
        return value is None

    def default(self) -> Any:
        return None

    def strategy(self):
        return _st().none()


@dataclass(repr=False)
class BoolT(T):
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

    def strategy(self):
        return _st().booleans()


@dataclass(repr=False)
class IntT(T):
    lo: int | None = None
    hi: int | None = None
    seen: list = field(default_factory=list)

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

    def with_seen(self, values: list) -> "T":
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
        big = [100, 1000, 255, 256, 1023, 1024, 10**6, 2**31 - 1, -2**31, 10**9 + 7, 2**63 - 1, -2**63, 10**18,
               -10**18, 2**100, -2**100]
        limits = [x for x in (self.lo, self.hi) if x is not None]
        limits += [self.lo + 1] if self.lo is not None else []
        limits += [self.hi - 1] if self.hi is not None else []
        values = limits + small[:4] + near + constants + small[4:] + big
        return dedupe([v for v in values if self._inside(v)])

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
            value = rng.randint(-10**9, 10**9)
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

    def strategy(self):
        st = _st()
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
class FloatT(T):
    lo: float | None = None
    hi: float | None = None
    allow_nan: bool = True
    allow_infinity: bool = True
    seen: list = field(default_factory=list)

    def describe(self) -> str:
        return "float"

    def accepts(self, value: Any) -> bool:
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

    def with_seen(self, values: list) -> "T":
        return replace(self, seen=[float(v) for v in values if isinstance(v, (int, float)) and not
                                   isinstance(v, bool) and math.isfinite(v)][:MAX_SEEN])

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
        new = {0: value + 1.0, 1: value - 1.0, 2: -value, 3: value * 2, 4: value / 2,
               5: value + rng.choice((0.5, -0.5, 1e-6)), 6: float(round(value)),
               7: rng.choice(ctx.floats) if ctx.floats else None}.get(op)
        if new is None:
            new = self.sample(ctx)
        return self._fit(float(new))

    def shrink(self, value: Any) -> Iterator[Any]:
        if not math.isfinite(value):
            return
        target = self._fit(0.0)
        if value == target:
            return
        for candidate in (target, self._fit(1.0), self._fit(-1.0), float(math.trunc(value)),
                          float(round(value, 1)), value / 2):
            if candidate != value and self.accepts(candidate) and abs(candidate) <= abs(value):
                yield candidate
        if value < 0 and self.accepts(-value):
            yield -value

    def strategy(self):
        st = _st()
        full = st.floats(min_value=self.lo, max_value=self.hi, allow_nan=self.allow_nan,
                         allow_infinity=self.allow_infinity and self.lo is None and self.hi is None)
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
class ComplexT(T):
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

    def strategy(self):
        return _st().complex_numbers(allow_nan=False, allow_infinity=False)


class _Text(T):
    """Shared by str and bytes: sequences of characters from an alphabet."""

    empty: Any
    alphabet: Any
    min_size: int
    max_size: int | None
    seen: list

    def _chars(self, text: Any) -> list:
        raise NotImplementedError

    def _join(self, chars: list) -> Any:
        raise NotImplementedError

    def _size_ok(self, value: Any) -> bool:
        return len(value) >= self.min_size and (self.max_size is None or len(value) <= self.max_size)

    def _alphabet_ok(self, value: Any) -> bool:
        return self.alphabet is None or all(ch in self.alphabet for ch in self._chars(value))

    def soft_alphabet(self) -> list:
        chars: list = []
        for text in self.seen:
            for ch in self._chars(text):
                if ch not in chars:
                    chars.append(ch)
        if self.alphabet is not None:
            chars = [c for c in chars if c in self.alphabet] or list(self._chars(self.alphabet))
        return chars

    def _pick_char(self, ctx: GenContext, outside: float = 0.1) -> Any:
        soft = self.soft_alphabet()
        rng = ctx.rng
        if self.alphabet is not None:
            pool = list(self._chars(self.alphabet))
            return rng.choice(soft if soft and rng.random() > outside else pool)
        if soft and rng.random() > outside:
            return rng.choice(soft)
        return rng.choice(self._extra_pool())

    def _extra_pool(self) -> list:
        raise NotImplementedError

    def _fits(self, value: Any) -> bool:
        return self._size_ok(value) and self._alphabet_ok(value)

    def default(self) -> Any:
        if self.min_size == 0:
            return self.empty
        soft = self.soft_alphabet() or self._extra_pool()[2:3]
        return self._join([soft[0]] * self.min_size)

    def sample(self, ctx: GenContext, depth: int = 0) -> Any:
        rng = ctx.rng
        lengths = [len(s) for s in self.seen] or [5]
        top = max(3, max(lengths) + 2)
        if self.max_size is not None:
            top = min(top, self.max_size)
        length = rng.randint(min(self.min_size, top), top)
        return self._join([self._pick_char(ctx) for _ in range(length)])

    def mutate(self, value: Any, ctx: GenContext, depth: int = 0) -> Any:
        rng = ctx.rng
        chars = list(self._chars(value))
        for _ in range(4):
            new = list(chars)
            op = rng.randrange(10)
            i = rng.randrange(len(new) + 1)
            if op <= 1:
                new.insert(i, self._pick_char(ctx))
            elif op == 2 and new:
                del new[min(i, len(new) - 1)]
            elif op == 3 and new:
                new[min(i, len(new) - 1)] = self._pick_char(ctx)
            elif op == 4 and new:
                a = rng.randrange(len(new))
                b = rng.randrange(a, min(len(new), a + 6)) + 1
                new[a:a] = new[a:b]
            elif op == 5 and len(new) > 1:
                a, b = rng.randrange(len(new)), rng.randrange(len(new))
                new[a], new[b] = new[b], new[a]
            elif op == 6:
                new.reverse()
            elif op == 7 and new:
                a = rng.randrange(len(new))
                new = new[a:a + rng.randint(0, len(new))]
            elif op == 8 and self.seen:
                other = list(self._chars(rng.choice(self.seen)))
                new = new + other if rng.random() < 0.5 else other + new
            else:
                new = self._case_change(new, rng)
            result = self._join(new)
            if self._fits(result) and result != value:
                return result
        return value

    def _case_change(self, chars: list, rng: random.Random) -> list:
        return chars

    def shrink(self, value: Any) -> Iterator[Any]:
        chars = list(self._chars(value))
        n = len(chars)
        if n == 0:
            return
        if self.min_size == 0:
            yield self.empty
        chunk = n // 2
        while chunk >= 1:
            for start in range(0, n - chunk + 1, chunk):
                yield self._join(chars[:start] + chars[start + chunk:])
            chunk //= 2
        simplest = sorted(self.soft_alphabet() or self._extra_pool()[2:3], key=simplicity_key)[0]
        for i, ch in enumerate(chars):
            if ch != simplest:
                yield self._join(chars[:i] + [simplest] + chars[i + 1:])


@dataclass(repr=False)
class StrT(_Text):
    alphabet: str | None = None
    min_size: int = 0
    max_size: int | None = None
    seen: list = field(default_factory=list)
    empty = ""

    def describe(self) -> str:
        return "str"

    def accepts(self, value: Any) -> bool:
        return isinstance(value, str) and self._fits(value)

    def with_seen(self, values: list) -> "T":
        return replace(self, seen=[v for v in values if isinstance(v, str)][:MAX_SEEN])

    def _chars(self, text: Any) -> list:
        return list(text)

    def _join(self, chars: list) -> Any:
        return "".join(chars)

    def _extra_pool(self) -> list:
        return list(EXTRA_CHARS)

    def _case_change(self, chars: list, rng: random.Random) -> list:
        if not chars:
            return chars
        i = rng.randrange(len(chars))
        return chars[:i] + [chars[i].swapcase()] + chars[i + 1:]

    def _structured(self) -> bool:
        """Whether most examples share one shape of digits and letters ("99-99-9999"): keep that shape when mutating."""
        if len(self.seen) < 2:
            return False
        shapes = [re.sub(r"[a-zA-Z]", "a", re.sub(r"\d", "9", text)) for text in self.seen]
        top = max(set(shapes), key=shapes.count)
        return shapes.count(top) * 2 >= len(shapes) and "9" in top

    def _numeric(self) -> bool:
        """Whether every example string is a number (\"14.5\", \"-3\"): then numbers are mutated as numbers."""
        if not self.seen:
            return False
        for text in self.seen:
            try:
                number = float(text)
            except ValueError:
                return False
            if not math.isfinite(number) or text.strip() != text or "_" in text:
                return False
        return True

    def _as_number_text(self, number: float, like: str) -> str:
        if "." not in like and "e" not in like.lower() and number == int(number):
            return str(int(number))
        return repr(float(number))

    def _numeric_values(self, ctx: GenContext) -> list[str]:
        numbers = FloatT().boundary(ctx)
        numbers = [n for n in numbers if math.isfinite(n) and abs(n) < 1e15]
        out = []
        for n in numbers[:40]:
            out.append(repr(float(n)))
            if n == int(n):
                out.append(str(int(n)))
        return out

    def _words(self, ctx: GenContext) -> list[str]:
        """Words of the examples and the reference's string constants: material for word-level mutation."""
        words: list[str] = []
        for text in self.seen:
            words += [w for w in text.split(" ") if w]
        single = any(len(w) == 1 for w in words)  # single-character words are material only if the examples use them
        words += [s for s in ctx.strings if s and " " not in s and (len(s) > 1 or single)]
        return dedupe(words)[:200]

    def mutate(self, value: Any, ctx: GenContext, depth: int = 0) -> Any:
        """Character-level mutation, or for text with spaces a word-level one (drop/copy/swap/insert words)."""
        if self._numeric() and ctx.rng.random() < 0.5:
            try:
                number = float(value)
            except ValueError:
                number = None
            if number is not None and math.isfinite(number):
                mutated = FloatT().mutate(number, ctx)
                if math.isfinite(mutated) and abs(mutated) < 1e15:
                    text = self._as_number_text(mutated, value if ctx.rng.random() < 0.7 else "0.5")
                    if self._fits(text):
                        return text
        if ctx.rng.random() < (0.6 if self._structured() else 0.3):
            result = self._mutate_digits(value, ctx)
            if result is not None:
                return result
        spaced = " " in value or any(" " in s for s in self.seen)
        if spaced and ctx.rng.random() < 0.5:
            result = self._mutate_words(value, ctx)
            if result is not None:
                return result
        return _Text.mutate(self, value, ctx, depth)

    def _digit_boundaries(self, ctx: GenContext) -> list[str]:
        """Examples with one embedded number ("03-11-2000") set to a boundary: 0, 1, the reference's constants +-1."""
        numbers = [0, 1] + [k + d for k in ctx.ints[:20] if k >= 0 for d in (0, 1, -1) if k + d >= 0]
        out: list[str] = []
        for text in self.seen[:3]:
            for run in re.finditer(r"\d+", text):
                for number in dedupe(numbers):
                    out.append(text[:run.start()] + _digits_like(number, run.group()) + text[run.end():])
        return out

    def _mutate_digits(self, value: str, ctx: GenContext) -> str | None:
        """A number inside the text ("03-11-2000") changed as a number: +-1, a constant of the reference +-1, 0."""
        runs = [m for m in re.finditer(r"\d+", value)]
        if not runs:
            return None
        rng = ctx.rng
        run = rng.choice(runs)
        number = int(run.group())
        choice = rng.random()
        if choice < 0.5:
            new = number + rng.choice((-1, 1))
        elif choice < 0.8 and ctx.ints:
            new = rng.choice(ctx.ints) + rng.choice((-1, 0, 0, 1))
        else:
            new = rng.choice((0, 1, number * 10, number // 10))
        if new < 0:
            return None
        result = value[:run.start()] + _digits_like(new, run.group()) + value[run.end():]
        return result if result != value and self._fits(result) else None

    def _mutate_words(self, value: str, ctx: GenContext) -> str | None:
        rng = ctx.rng
        words = value.split(" ")
        pool = self._words(ctx)
        for _ in range(4):
            new = list(words)
            op = rng.randrange(6)
            if op == 0 and len(new) > 1:
                del new[rng.randrange(len(new))]
            elif op == 1:
                i = rng.randrange(len(new))
                new.insert(i, new[i])
            elif op == 2 and len(new) > 1:
                a, b = rng.randrange(len(new)), rng.randrange(len(new))
                new[a], new[b] = new[b], new[a]
            elif op == 3 and pool:
                new.insert(rng.randrange(len(new) + 1), rng.choice(pool))
            elif op == 4 and pool:
                new[rng.randrange(len(new))] = rng.choice(pool)
            else:
                new.reverse()
            result = " ".join(new)
            if result != value and self._fits(result):
                return result
        return None

    def boundary(self, ctx: GenContext) -> list:
        """Categories interleaved, so a cut-off suite still has a bit of each (empty, small, whitespace...)."""
        soft = self.soft_alphabet()
        small = ["", soft[0] if soft else "a"] + soft[:12]
        repeated: list[str] = []
        if soft:
            repeated = [soft[0] * 2, soft[0] * 5, "".join(soft), "".join(sorted(soft)), "".join(sorted(soft))[::-1]]
            repeated += [c * k for k in (2, 3) for c in soft[:8]]
        constants = list(ctx.strings[:30])
        numeric = self._numeric_values(ctx) if self._numeric() else []
        words = [w for w in self._words(ctx) if w]
        worded: list[str] = []
        if words and any(" " in s for s in self.seen):
            worded = [" ".join(words[:k]) for k in (2, 3, len(words))] + [" ".join(reversed(words))]
            worded += [f"{w} {w}" for w in words[:3]]
        examples: list[str] = []
        for text in self.seen[:6]:
            examples += [text[::-1], "".join(sorted(text)), text.upper(), text.lower(), text.swapcase(), text.strip(),
                         f" {text} ", text * 2, text[:1], text[1:], text[:-1], text.replace(" ", "  "), text.title()]
        plain = ["a", "A", "ab", "ba", "aA", "Aa", "abc", "hello world", "0", "9", "-1", "1.5"]
        pattern = "".join(soft) if soft else string.ascii_lowercase
        long: list[str] = []
        for length in LONG_LENGTHS:
            long.append((pattern * (length // max(1, len(pattern)) + 1))[:length])
            long.append((soft[0] if soft else "a") * length)
        values = small[:2] + _interleave(self._digit_boundaries(ctx), small[2:], list(WHITESPACE), repeated,
                                         constants, numeric, worded, examples, list(UNICODE), plain, long)
        return dedupe([v for v in values if self._fits(v)])

    def strategy(self):
        st = _st()
        top = EXPLORE_MAX_SIZE if self.max_size is None else min(self.max_size, max(EXPLORE_MAX_SIZE, self.min_size))
        if self.alphabet is not None:
            return st.text(alphabet=self.alphabet, min_size=self.min_size, max_size=top)
        full = st.text(min_size=self.min_size, max_size=top)
        soft = self.soft_alphabet()
        if not soft:
            return full
        longest = max((len(s) for s in self.seen), default=8)
        near_top = max(self.min_size, min(top, longest + 4) if self.max_size is not None else longest + 4)
        near = st.text(alphabet="".join(soft), min_size=self.min_size, max_size=near_top)
        return st.one_of(near, near, full)


@dataclass(repr=False)
class BytesT(_Text):
    alphabet: bytes | None = None
    min_size: int = 0
    max_size: int | None = None
    seen: list = field(default_factory=list)
    empty = b""

    def describe(self) -> str:
        return "bytes"

    def accepts(self, value: Any) -> bool:
        return isinstance(value, bytes) and self._fits(value)

    def with_seen(self, values: list) -> "T":
        return replace(self, seen=[v for v in values if isinstance(v, bytes)][:MAX_SEEN])

    def _chars(self, text: Any) -> list:
        return [bytes([b]) for b in text]

    def _join(self, chars: list) -> Any:
        return b"".join(chars)

    def _extra_pool(self) -> list:
        return [bytes([b]) for b in (0, 32, 97, 65, 48, 255, 10, 127, 128)]

    def boundary(self, ctx: GenContext) -> list:
        values = [b"", b"a", b"\x00", b"\xff", b"ab", b"aa", b"\x00\x00", bytes(range(256)), b"a" * 2000]
        for text in self.seen[:4]:
            values += [text[::-1], text * 2, text[:1], text[1:]]
        return dedupe([v for v in values if self._fits(v)])

    def strategy(self):
        top = EXPLORE_MAX_SIZE if self.max_size is None else self.max_size
        return _st().binary(min_size=self.min_size, max_size=top)


# -- containers ---------------------------------------------------------------------


@dataclass(repr=False)
class ListT(T):
    elem: T
    min_size: int = 0
    max_size: int | None = None
    unique: bool = False
    seen: list = field(default_factory=list)

    def describe(self) -> str:
        return f"list[{self.elem.describe()}]"

    def unsupported(self) -> str | None:
        return self.elem.unsupported()

    def accepts(self, value: Any) -> bool:
        return isinstance(value, list) and self._fits(value) and all(self.elem.accepts(v) for v in value)

    def _fits(self, value: list) -> bool:
        if len(value) < self.min_size or (self.max_size is not None and len(value) > self.max_size):
            return False
        if self.unique:
            return len({value_key(v) for v in value}) == len(value)
        return True

    def with_seen(self, values: list) -> "T":
        lists = [v for v in values if isinstance(v, (list, tuple))][:MAX_SEEN]
        return replace(self, seen=[list(v) for v in lists])

    def _make(self, items: list) -> Any:
        return list(items)

    def default(self) -> Any:
        return self._make([self.elem.default()] * self.min_size) if not self.unique else self._make(
            dedupe(self.elem.boundary(GenContext.seeded(0)))[:self.min_size])

    def boundary(self, ctx: GenContext) -> list:
        """Categories interleaved (shapes of boundary elements, the examples reshaped, constants, long, deep)."""
        eb = self.elem.boundary(ctx)
        first = eb[:8]
        singles = [[e] for e in first[:6]]
        shapes = [[e, e] for e in first[:3]] + [[e] * 5 for e in first[:2]]
        shapes += [first[:2], first[:3], first[:5], eb[:12]]
        distinct = dedupe(first)
        if _sortable(distinct) and len(distinct) > 1:
            shapes += [sorted(distinct), sorted(distinct, reverse=True)]
        examples: list = []
        for ex in self.seen[:6]:
            ex = list(ex)
            if not ex:
                continue
            variants = [ex[::-1], ex + ex, ex[:1], ex[1:], ex[:-1], [ex[0]] + ex, ex + [ex[-1]], [ex[0]] * len(ex)]
            if _sortable(ex):
                variants += [sorted(ex), sorted(ex, reverse=True)]
            examples += variants
        large = [self._long(ctx, length) for length in LONG_LENGTHS]
        nested = self._deep()
        if nested is not None:
            large.append(nested)
        values = [[]] + _interleave(singles, shapes, examples, self._constant_lists(ctx), large)
        out = []
        for v in values:
            items = list(v)
            if self.unique:
                items = dedupe(items)
            items = self._make(items)
            if self._fits(items):
                out.append(items)
        return dedupe(out)

    def _constant_lists(self, ctx: GenContext) -> list:
        """Lists of the reference's constants (each a boundary in some comparison), when elements can hold them."""
        out = []
        for pool in (ctx.floats, [k for k in ctx.ints], ctx.strings):
            usable = [v for v in pool if self.elem.accepts(v)]
            if len(usable) > 1:
                out += [usable, usable[::-1]]
        ints = [k + d for k in ctx.ints for d in (-1, 1) if self.elem.accepts(k + d)]
        if len(ints) > 1:
            out.append(ints)
        floats = [f + d for f in ctx.floats for d in (-0.01, 0.01) if self.elem.accepts(f + d)]
        if len(floats) > 1:
            out.append(floats)
        return out

    def _long(self, ctx: GenContext, length: int) -> list:
        local = GenContext(random.Random(f"long:{length}:{self.describe()}"), ctx.ints, ctx.floats, ctx.strings)
        items = [self.elem.sample(local, 1) for _ in range(length)]
        return self._make(dedupe(items) if self.unique else items)

    def _deep(self) -> list | None:
        """Deep nesting, when the element type admits lists (list[Any], recursive unions)."""
        probe = [[[]]]
        if not self.elem.accepts(probe[0]):
            return None
        value: list = []
        for _ in range(60):
            value = [value]
        return value if self.elem.accepts(value[0]) else None

    def sample(self, ctx: GenContext, depth: int = 0) -> Any:
        rng = ctx.rng
        lengths = [len(s) for s in self.seen] or [4]
        top = max(2, max(lengths) + 2) if depth == 0 else 3
        if self.max_size is not None:
            top = min(top, self.max_size)
        length = rng.randint(min(self.min_size, top), top)
        items = [self.elem.sample(ctx, depth + 1) for _ in range(length)]
        return self._make(dedupe(items) if self.unique else items)

    def mutate(self, value: Any, ctx: GenContext, depth: int = 0) -> Any:
        rng = ctx.rng
        items = list(value)
        for _ in range(4):
            new = list(items)
            op = rng.randrange(11)
            if op <= 1 and new:
                i = rng.randrange(len(new))
                new[i] = self.elem.mutate(new[i], ctx, depth + 1) if self.elem.accepts(new[i]) else new[i]
            elif op == 2 and new:
                del new[rng.randrange(len(new))]
            elif op == 3 and new:
                i = rng.randrange(len(new))
                new.insert(i, new[i])
            elif op == 4:
                new.insert(rng.randrange(len(new) + 1), self.elem.sample(ctx, depth + 1))
            elif op == 5 and len(new) > 1:
                a, b = rng.randrange(len(new)), rng.randrange(len(new))
                new[a], new[b] = new[b], new[a]
            elif op == 6:
                new.reverse()
            elif op == 7 and _sortable(new):
                new.sort(reverse=rng.random() < 0.3)
            elif op == 8 and new:
                cut = rng.randrange(len(new) + 1)
                new = new[:cut] if rng.random() < 0.5 else new[cut:]
            elif op == 9 and self.seen:
                other = list(rng.choice(self.seen))
                new = new + other
            elif new:
                i = rng.randrange(len(new))
                new.append(new[i])
            made = self._make(new)
            if self._fits(made) and value_key(made) != value_key(value):
                return made
        return value

    def shrink(self, value: Any) -> Iterator[Any]:
        items = list(value)
        n = len(items)
        if n > self.min_size:
            if self.min_size == 0:
                yield self._make([])
            chunk = n // 2
            while chunk >= 1:
                for start in range(0, n - chunk + 1, chunk):
                    rest = items[:start] + items[start + chunk:]
                    if len(rest) >= self.min_size:
                        yield self._make(rest)
                chunk //= 2
        for i, item in enumerate(items):
            if not self.elem.accepts(item):
                continue
            for smaller in self.elem.shrink(item):
                yield self._make(items[:i] + [smaller] + items[i + 1:])

    def strategy(self):
        st = _st()
        top = EXPLORE_MAX_SIZE if self.max_size is None else min(self.max_size, max(EXPLORE_MAX_SIZE, self.min_size))
        elements = self.elem.strategy()
        if self.unique:
            return st.lists(elements, min_size=self.min_size, max_size=top, unique_by=value_key).map(self._make)
        return st.lists(elements, min_size=self.min_size, max_size=top).map(self._make)


@dataclass(repr=False)
class SetT(ListT):
    frozen: bool = False

    def __post_init__(self) -> None:
        self.unique = True

    def describe(self) -> str:
        return f"{'frozenset' if self.frozen else 'set'}[{self.elem.describe()}]"

    def accepts(self, value: Any) -> bool:
        kind = frozenset if self.frozen else set
        return type(value) is kind and all(self.elem.accepts(v) for v in value) and self._size_ok(value)

    def _size_ok(self, value: Any) -> bool:
        return len(value) >= self.min_size and (self.max_size is None or len(value) <= self.max_size)

    def _fits(self, value: Any) -> bool:
        return self._size_ok(value)

    def with_seen(self, values: list) -> "T":
        return replace(self, seen=[list(v) for v in values if isinstance(v, (set, frozenset))][:MAX_SEEN])

    def _make(self, items: list) -> Any:
        try:
            return (frozenset if self.frozen else set)(items)
        except TypeError:
            return (frozenset if self.frozen else set)()

    def mutate(self, value: Any, ctx: GenContext, depth: int = 0) -> Any:
        items = sorted(value, key=simplicity_key)
        mutated = ListT.mutate(self, items, ctx, depth)
        return mutated if isinstance(mutated, (set, frozenset)) else self._make(mutated)

    def shrink(self, value: Any) -> Iterator[Any]:
        return ListT.shrink(self, sorted(value, key=simplicity_key))

    def strategy(self):
        st = _st()
        top = EXPLORE_MAX_SIZE if self.max_size is None else self.max_size
        kind = st.frozensets if self.frozen else st.sets
        return kind(self.elem.strategy(), min_size=self.min_size, max_size=top)


@dataclass(repr=False)
class TupleT(T):
    """A fixed-length tuple (items), or with `variadic` a tuple of any length of `items[0]`."""

    items: list[T]
    variadic: bool = False
    names: list[str] | None = None  # a record's field names, or an argument list's parameter names
    seen: list = field(default_factory=list)

    def describe(self) -> str:
        if self.variadic:
            return f"tuple[{self.items[0].describe()}, ...]"
        return f"tuple[{', '.join(t.describe() for t in self.items)}]"

    def unsupported(self) -> str | None:
        for t in self.items:
            reason = t.unsupported()
            if reason:
                return reason
        return None

    def _as_list(self) -> ListT:
        return ListT(self.items[0], seen=[list(v) for v in self.seen])

    def accepts(self, value: Any) -> bool:
        if type(value) is not tuple:
            return False
        if self.variadic:
            return all(self.items[0].accepts(v) for v in value)
        return len(value) == len(self.items) and all(t.accepts(v) for t, v in zip(self.items, value))

    def with_seen(self, values: list) -> "T":
        return replace(self, seen=[tuple(v) for v in values if isinstance(v, (list, tuple))][:MAX_SEEN])

    def default(self) -> Any:
        if self.variadic:
            return ()
        return tuple(t.default() for t in self.items)

    def boundary(self, ctx: GenContext) -> list:
        if self.variadic:
            return [tuple(v) for v in self._as_list().boundary(ctx)]
        bases = dedupe([tuple(v) for v in self.seen[:4] if len(v) == len(self.items)] + [self.default()])
        return dedupe(substitutions(bases, [t.boundary(ctx) for t in self.items]))

    def sample(self, ctx: GenContext, depth: int = 0) -> Any:
        if self.variadic:
            return tuple(self._as_list().sample(ctx, depth))
        return tuple(t.sample(ctx, depth + 1) for t in self.items)

    def mutate(self, value: Any, ctx: GenContext, depth: int = 0) -> Any:
        if self.variadic:
            return tuple(self._as_list().mutate(list(value), ctx, depth))
        if not value:
            return value
        if len(value) > 1 and ctx.rng.random() < 0.15:  # swap two arguments of the same type
            a, b = ctx.rng.sample(range(len(value)), 2)
            if self.items[a].accepts(value[b]) and self.items[b].accepts(value[a]) and value[a] != value[b]:
                swapped = list(value)
                swapped[a], swapped[b] = value[b], value[a]
                return tuple(swapped)
        i = ctx.rng.randrange(len(value))
        if not self.items[i].accepts(value[i]):
            return value
        return value[:i] + (self.items[i].mutate(value[i], ctx, depth + 1),) + value[i + 1:]

    def shrink(self, value: Any) -> Iterator[Any]:
        if self.variadic:
            for smaller in self._as_list().shrink(list(value)):
                yield tuple(smaller)
            return
        yield from shrink_positions(value, self.items)

    def strategy(self):
        st = _st()
        if self.variadic:
            return st.lists(self.items[0].strategy(), max_size=EXPLORE_MAX_SIZE).map(tuple)
        return st.tuples(*[t.strategy() for t in self.items])


def shrink_positions(value: tuple, types: list[T]) -> Iterator[tuple]:
    """Shrink a fixed tuple one position at a time (each position's simplest candidates first)."""
    for i, (t, item) in enumerate(zip(types, value)):
        if not t.accepts(item):
            continue
        for smaller in t.shrink(item):
            yield value[:i] + (smaller,) + value[i + 1:]


def substitutions(bases: list[tuple], options: list[list], per_position: int = 40) -> list[tuple]:
    """One-at-a-time boundary substitution: each base with one position replaced by each of its boundary values."""
    out: list[tuple] = []
    for base in bases:
        out.append(base)
    columns = [list(o[:per_position]) for o in options]
    for rank in range(max((len(c) for c in columns), default=0)):
        for base in bases:
            for i, column in enumerate(columns):
                if rank < len(column):
                    out.append(base[:i] + (column[rank],) + base[i + 1:])
    return out


@dataclass(repr=False)
class DictT(T):
    key: T
    value: T
    min_size: int = 0
    max_size: int | None = None
    seen: list = field(default_factory=list)

    def describe(self) -> str:
        return f"dict[{self.key.describe()}, {self.value.describe()}]"

    def unsupported(self) -> str | None:
        return self.key.unsupported() or self.value.unsupported()

    def accepts(self, value: Any) -> bool:
        return (isinstance(value, dict) and self._size_ok(value)
                and all(self.key.accepts(k) and self.value.accepts(v) for k, v in value.items()))

    def _size_ok(self, value: dict) -> bool:
        return len(value) >= self.min_size and (self.max_size is None or len(value) <= self.max_size)

    def with_seen(self, values: list) -> "T":
        return replace(self, seen=[dict(v) for v in values if isinstance(v, dict)][:MAX_SEEN])

    def default(self) -> Any:
        return {}

    def _pairs(self, keys: list, values: list) -> dict:
        out = {}
        for k, v in zip(keys, values):
            try:
                out[k] = v
            except TypeError:
                continue
        return out

    def boundary(self, ctx: GenContext) -> list:
        keys, vals = self.key.boundary(ctx)[:6], self.value.boundary(ctx)[:6]
        values: list = [{}]
        values += [self._pairs([k], [vals[0]]) for k in keys[:4] if vals]
        values += [self._pairs([keys[0]], [v]) for v in vals[:4] if keys]
        values += [self._pairs(keys, vals), self._pairs(keys, [vals[0]] * len(keys)) if vals else {}]
        for ex in self.seen[:4]:
            items = list(ex.items())
            if items:
                values += [dict(items[1:]), dict(items[:-1]), dict(items[:1]), dict(reversed(items))]
        return dedupe([v for v in values if self._size_ok(v)])

    def sample(self, ctx: GenContext, depth: int = 0) -> Any:
        n = ctx.rng.randint(0, 4 if depth == 0 else 2)
        return self._pairs([self.key.sample(ctx, depth + 1) for _ in range(n)],
                           [self.value.sample(ctx, depth + 1) for _ in range(n)])

    def mutate(self, value: Any, ctx: GenContext, depth: int = 0) -> Any:
        rng = ctx.rng
        items = list(value.items())
        op = rng.randrange(5)
        if op == 0 and items:
            del items[rng.randrange(len(items))]
        elif op == 1 and items:
            i = rng.randrange(len(items))
            k, v = items[i]
            if self.value.accepts(v):
                items[i] = (k, self.value.mutate(v, ctx, depth + 1))
        elif op == 2 and items:
            i = rng.randrange(len(items))
            k, v = items[i]
            if self.key.accepts(k):
                items[i] = (self.key.mutate(k, ctx, depth + 1), v)
        else:
            items.append((self.key.sample(ctx, depth + 1), self.value.sample(ctx, depth + 1)))
        new = self._pairs([k for k, _ in items], [v for _, v in items])
        return new if self._size_ok(new) else value

    def shrink(self, value: Any) -> Iterator[Any]:
        items = list(value.items())
        if items and self.min_size == 0:
            yield {}
        for i in range(len(items)):
            rest = items[:i] + items[i + 1:]
            if len(rest) >= self.min_size:
                yield dict(rest)
        for i, (k, v) in enumerate(items):
            if self.value.accepts(v):
                for smaller in self.value.shrink(v):
                    yield dict(items[:i] + [(k, smaller)] + items[i + 1:])

    def strategy(self):
        top = EXPLORE_MAX_SIZE if self.max_size is None else self.max_size
        return _st().dictionaries(self.key.strategy(), self.value.strategy(), min_size=self.min_size,
                                  max_size=min(top, 12))


@dataclass(repr=False)
class RecordT(T):
    """An instance of a dataclass or NamedTuple defined in the reference: built in the sandbox by name."""

    type_name: str
    fields: list[tuple[str, T]]
    seen: list = field(default_factory=list)

    def describe(self) -> str:
        return self.type_name

    def unsupported(self) -> str | None:
        for name, t in self.fields:
            reason = t.unsupported()
            if reason:
                return f"{self.type_name}.{name}: {reason}"
        return None

    def accepts(self, value: Any) -> bool:
        return (isinstance(value, RecordValue) and value.type_name == self.type_name
                and len(value.fields) == len(self.fields)
                and all(t.accepts(v) for (_, t), (_, v) in zip(self.fields, value.fields)))

    def _build(self, values: tuple) -> RecordValue:
        return RecordValue(self.type_name, tuple((name, v) for (name, _), v in zip(self.fields, values)))

    def _values(self, value: RecordValue) -> tuple:
        return tuple(v for _, v in value.fields)

    def default(self) -> Any:
        return self._build(tuple(t.default() for _, t in self.fields))

    def boundary(self, ctx: GenContext) -> list:
        types = [t for _, t in self.fields]
        bases = [self._values(self.default())]
        return [self._build(v) for v in dedupe(substitutions(bases, [t.boundary(ctx)[:8] for t in types]))]

    def sample(self, ctx: GenContext, depth: int = 0) -> Any:
        return self._build(tuple(t.sample(ctx, depth + 1) for _, t in self.fields))

    def mutate(self, value: Any, ctx: GenContext, depth: int = 0) -> Any:
        if not self.fields:
            return value
        i = ctx.rng.randrange(len(self.fields))
        name, t = self.fields[i]
        current = value.fields[i][1]
        return value.replace(name, t.mutate(current, ctx, depth + 1)) if t.accepts(current) else value

    def shrink(self, value: Any) -> Iterator[Any]:
        for smaller in shrink_positions(self._values(value), [t for _, t in self.fields]):
            yield self._build(smaller)

    def strategy(self):
        return _st().tuples(*[t.strategy() for _, t in self.fields]).map(self._build)


@dataclass(repr=False)
class UnionT(T):
    options: list[T]
    seen: list = field(default_factory=list)

    def describe(self) -> str:
        return " | ".join(t.describe() for t in self.options)

    def unsupported(self) -> str | None:
        reasons = [t.unsupported() for t in self.options]
        if all(reasons):
            return reasons[0]
        return None

    def _usable(self) -> list[T]:
        return [t for t in self.options if not t.unsupported()]

    def _owner(self, value: Any) -> T | None:
        for t in self._usable():
            if t.accepts(value):
                return t
        return None

    def accepts(self, value: Any) -> bool:
        return self._owner(value) is not None

    def default(self) -> Any:
        return self._usable()[0].default()

    def boundary(self, ctx: GenContext) -> list:
        return dedupe(_interleave(*[t.boundary(ctx) for t in self._usable()]))

    def sample(self, ctx: GenContext, depth: int = 0) -> Any:
        return ctx.rng.choice(self._usable()).sample(ctx, depth)

    def mutate(self, value: Any, ctx: GenContext, depth: int = 0) -> Any:
        owner = self._owner(value)
        if owner is None or ctx.rng.random() < 0.1:
            return self.sample(ctx, depth)
        return owner.mutate(value, ctx, depth)

    def shrink(self, value: Any) -> Iterator[Any]:
        owner = self._owner(value)
        if owner is not None:
            yield from owner.shrink(value)

    def strategy(self):
        return _st().one_of(*[t.strategy() for t in self._usable()])


@dataclass(repr=False)
class SampledT(T):
    """One of a fixed set of values (from `sampled_from([...])` or `just(x)`)."""

    values: list
    seen: list = field(default_factory=list)

    def describe(self) -> str:
        return f"one of {self.values!r}"[:80]

    def accepts(self, value: Any) -> bool:
        key = value_key(value)
        return any(value_key(v) == key for v in self.values)

    def default(self) -> Any:
        return self.values[0]

    def boundary(self, ctx: GenContext) -> list:
        return list(self.values)

    def sample(self, ctx: GenContext, depth: int = 0) -> Any:
        return ctx.rng.choice(self.values)

    def mutate(self, value: Any, ctx: GenContext, depth: int = 0) -> Any:
        return ctx.rng.choice(self.values)

    def shrink(self, value: Any) -> Iterator[Any]:
        index = next((i for i, v in enumerate(self.values) if value_key(v) == value_key(value)), 0)
        yield from self.values[:index]

    def strategy(self):
        return _st().sampled_from(self.values)


@dataclass(repr=False)
class RegexT(StrT):
    """Strings matching a regular expression: generated by Hypothesis, never mutated or shrunk."""

    pattern: str = ""

    def describe(self) -> str:
        return f"str matching {self.pattern!r}"

    def accepts(self, value: Any) -> bool:
        return isinstance(value, str)

    def boundary(self, ctx: GenContext) -> list:
        return []

    def mutate(self, value: Any, ctx: GenContext, depth: int = 0) -> Any:
        return value

    def shrink(self, value: Any) -> Iterator[Any]:
        return iter(())

    def strategy(self):
        return _st().from_regex(self.pattern, fullmatch=True)


@dataclass(repr=False)
class AnyT(T):
    """Nothing is known: values are drawn from a few simple kinds, and each value is handled by its own kind."""

    seen: list = field(default_factory=list)

    def describe(self) -> str:
        return "Any"

    def accepts(self, value: Any) -> bool:
        return True

    def _simple(self) -> UnionT:
        return UnionT([IntT(), StrT(), FloatT(allow_nan=False, allow_infinity=False), BoolT(), NoneT(),
                       ListT(IntT())])

    def default(self) -> Any:
        return 0

    def boundary(self, ctx: GenContext) -> list:
        return [0, "", None, 1, "a", -1, 1.5, True, [], [1, 2], {}, [[[]]]]

    def sample(self, ctx: GenContext, depth: int = 0) -> Any:
        return self._simple().sample(ctx, depth)

    def mutate(self, value: Any, ctx: GenContext, depth: int = 0) -> Any:
        from .infer import infer_type

        return infer_type([value]).mutate(value, ctx, depth) if depth < 20 else value

    def shrink(self, value: Any) -> Iterator[Any]:
        from .infer import infer_type

        yield from infer_type([value]).shrink(value)

    def strategy(self):
        return self._simple().strategy()


@dataclass(repr=False)
class UnsupportedT(T):
    """A hint values cannot be generated for (a Callable, a Protocol, an unknown class)."""

    reason: str
    seen: list = field(default_factory=list)

    def describe(self) -> str:
        return "<unsupported>"

    def unsupported(self) -> str | None:
        return self.reason

    def accepts(self, value: Any) -> bool:
        return False

    def default(self) -> Any:
        raise ValueError(self.reason)

    def strategy(self):
        raise ValueError(self.reason)
