"""list, set, tuple and dict, and the helpers that shrink and vary positions of a tuple."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from typing import Any

from hypothesis import strategies as st
from hypothesis.strategies import SearchStrategy

from ..values import simplicity_key, value_key
from .base import (
    EXPLORE_MAX_SIZE,
    LONG_LENGTHS,
    MAX_SEEN,
    GenContext,
    ValueType,
    dedupe,
    interleave,
    sortable,
)
from .scalars import FloatT
from .shapes import (
    deepened,
    extreme_positions,
    kinds_mixed,
    matrix_variants,
    nested_chain,
    numbers_mixed,
    ragged_variants,
    sign_variants,
)

# A record-like tuple's mutation drops its last field or repeats one this often: EvalPlus gives a list of records
# of other lengths in 5 of 6 MBPP+ tasks with one (Mbpp/94's `('Adam', 150, 'NYC', True)` beside `('Adam', 150)`).
# A reference that unpacks its records raises there and the input is dropped; one that indexes them answers.
ARITY_CHANGE = 0.3


def capitalized_words(items: list) -> list | None:
    """A list of lowercase words with the one that sorts last capitalized (each inner list of a list of lists).

    An uppercase letter sorts before every lowercase one, so the order by code point and the order ignoring case
    part there: `sorted(words, key=str.lower)` where the reference compares as it is (Mbpp/104) fails, and so does
    the reverse. None when there is no such word.
    """
    if items and all(isinstance(item, list) for item in items):
        inner = [capitalized_words(item) for item in items]
        if all(new is None for new in inner):
            return None
        return [item if new is None else new for item, new in zip(items, inner, strict=True)]
    words = [item for item in items if isinstance(item, str) and item[:1].islower()]
    if len(words) < 2 or len(words) != len(items):
        return None
    last = max(range(len(items)), key=lambda i: items[i])
    return [word.capitalize() if i == last else word for i, word in enumerate(items)]


@dataclass(repr=False)
class ListT(ValueType):
    elem: ValueType
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

    def with_seen(self, values: list) -> ValueType:
        lists = [v for v in values if isinstance(v, (list, tuple))][:MAX_SEEN]
        return replace(self, seen=[list(v) for v in lists])

    def _make(self, items: list) -> Any:
        return list(items)

    def default(self) -> Any:
        return (
            self._make([self.elem.default()] * self.min_size)
            if not self.unique
            else self._make(dedupe(self.elem.boundary(GenContext.seeded(0)))[: self.min_size])
        )

    def boundary(self, ctx: GenContext) -> list:
        """Categories interleaved (shapes of boundary elements, the examples reshaped, constants, long, deep)."""
        eb = self.elem.boundary(ctx)
        first = eb[:8]
        singles = [[e] for e in first[:6]]
        shapes = [[e, e] for e in first[:3]] + [[e] * 5 for e in first[:2]]
        shapes += [first[:2], first[:3], first[:5], eb[:12]]
        distinct = dedupe(first)
        if sortable(distinct) and len(distinct) > 1:
            shapes += [sorted(distinct), sorted(distinct, reverse=True)]
        examples: list = []
        for ex in self.seen[:6]:
            ex = list(ex)
            if not ex:
                continue
            variants = [ex[::-1], ex + ex, ex[:1], ex[1:], ex[:-1], [ex[0]] + ex, ex + [ex[-1]], [ex[0]] * len(ex)]
            if sortable(ex):
                variants += [sorted(ex), sorted(ex, reverse=True)]
            capitalized = capitalized_words(ex)
            if capitalized is not None:
                variants.insert(0, capitalized)
            examples += variants
        large = [self._long(ctx, length) for length in LONG_LENGTHS]
        nested = self._deep()
        if nested is not None:
            large.append(nested)
        derived = self._derived(ctx)
        values = [[]] + interleave(
            singles, self._progressions() + shapes, examples, derived, self._constant_lists(ctx), large
        )
        out = []
        for v in values:
            items = list(v)
            if self.unique:
                items = dedupe(items)
            items = self._make(items)
            if self._fits(items):
                out.append(items)
        return dedupe(out)

    def _derived(self, ctx: GenContext) -> list:
        """The examples reshaped where real bugs hide (`shapes`): all negative or zero, the largest first or last,
        a matrix's row or column negated, ragged rows, deeper nesting, element kinds mixed. Only what the type
        accepts is kept; a deeper level only where the elements hold lists of their own kind."""
        out: list = []
        recursive = self._recursive()
        for ex in self.seen[:4]:
            items = list(ex)
            plain = sign_variants(items) + extreme_positions(items) + matrix_variants(items)
            plain += ragged_variants(items) + numbers_mixed(items) + kinds_mixed(items, self._other_kinds(items, ctx))
            out += [v for v in plain if self.accepts(self._make(v))]
            deeper = nested_chain(items) + deepened(items)
            out += [v for v in deeper if recursive or self.accepts(self._make(v))]
        return dedupe(out)

    def _recursive(self) -> bool:
        """Elements that are scalars or lists holding those scalars again (`[1, [2, 3], [4, [5]]]`): a nesting
        the examples show two levels of and the function walks to any depth."""
        options = getattr(self.elem, "options", None)
        if not isinstance(options, list):
            return False
        lists = [o for o in options if isinstance(o, ListT)]
        scalars = [o for o in options if not isinstance(o, (ListT, TupleT, DictT))]
        return any(o.elem.accepts(v) for o in lists for s in scalars for v in s.boundary(GenContext.seeded(0))[:3])

    def _other_kinds(self, items: list, ctx: GenContext) -> list:
        """Values of the element union's options that own none of `items`, two of each, interleaved."""
        options = getattr(self.elem, "options", None)
        if not isinstance(options, list):
            return []
        missing = [o for o in options if not o.unsupported() and not any(o.accepts(v) for v in items)]
        return interleave(*[o.boundary(ctx)[:2] for o in missing])

    def _progressions(self) -> list:
        """Evenly spaced numbers ([1, 2, 3, 4, 5]): every neighbouring pair exactly one apart, the boundary of a
        `<` that should be `<=` when another argument is 1."""
        steps = (1.0,) if self._floats_hinted() else (1, 1.0)
        for step in steps:
            run = [step * k for k in range(1, 6)]
            if all(self.elem.accepts(v) for v in run):
                return [run]
        return []

    def _floats_hinted(self) -> bool:
        """Elements hinted `float`, which admit ints: generated as floats but for the lists that mix the two."""
        return isinstance(self.elem, FloatT) and self.elem.ints

    def _constant_lists(self, ctx: GenContext) -> list:
        """Lists of the reference's constants (each a boundary in some comparison), when elements can hold them."""
        out: list[list] = []
        int_pool = [] if self._floats_hinted() else list(ctx.ints)
        for pool in (ctx.floats, int_pool, ctx.strings):
            usable = [v for v in pool if self.elem.accepts(v)]
            if len(usable) > 1:
                out += [usable, usable[::-1]]
        ints = [k + d for k in int_pool for d in (-1, 1) if self.elem.accepts(k + d)]
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
        probe: list = [[[]]]
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
        items = list(value)
        for _ in range(4):
            new = self._mutated(list(items), ctx.rng.randrange(11), ctx, depth)
            made = self._make(new)
            if self._fits(made) and value_key(made) != value_key(value):
                return made
        return value

    def _mutated(self, new: list, op: int, ctx: GenContext, depth: int) -> list:
        """`new` changed by operation `op` (0-10); one that does not apply repeats an item instead."""
        changed = self._edited(new, op, ctx, depth) if op <= 4 else self._rearranged(new, op, ctx)
        if changed is None and new:
            new.append(new[ctx.rng.randrange(len(new))])
        return new if changed is None else changed

    def _edited(self, new: list, op: int, ctx: GenContext, depth: int) -> list | None:
        """Operations 0-4: change, drop, repeat or add one item; None when `op` cannot apply."""
        rng = ctx.rng
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
        else:
            return None
        return new

    def _rearranged(self, new: list, op: int, ctx: GenContext) -> list | None:
        """Operations 5-10: swap, reverse, sort, cut, or join an example; None when `op` cannot apply."""
        rng = ctx.rng
        if op == 5 and len(new) > 1:
            a, b = rng.randrange(len(new)), rng.randrange(len(new))
            new[a], new[b] = new[b], new[a]
        elif op == 6:
            new.reverse()
        elif op == 7 and sortable(new):
            new.sort(reverse=rng.random() < 0.3)
        elif op == 8 and new:
            cut = rng.randrange(len(new) + 1)
            return new[:cut] if rng.random() < 0.5 else new[cut:]
        elif op == 9 and self.seen:
            return new + list(rng.choice(self.seen))
        else:
            return None
        return new

    def shrink(self, value: Any) -> Iterator[Any]:
        items = list(value)
        n = len(items)
        if n > self.min_size:
            if self.min_size == 0:
                yield self._make([])
            chunk = n // 2
            while chunk >= 1:
                for start in range(0, n - chunk + 1, chunk):
                    rest = items[:start] + items[start + chunk :]
                    if len(rest) >= self.min_size:
                        yield self._make(rest)
                chunk //= 2
        for i, item in enumerate(items):
            if not self.elem.accepts(item):
                continue
            for smaller in self.elem.shrink(item):
                yield self._make(items[:i] + [smaller] + items[i + 1 :])

    def strategy(self) -> SearchStrategy[object]:
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

    def with_seen(self, values: list) -> ValueType:
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

    def strategy(self) -> SearchStrategy[object]:
        top = EXPLORE_MAX_SIZE if self.max_size is None else self.max_size
        kind = st.frozensets if self.frozen else st.sets
        return kind(self.elem.strategy(), min_size=self.min_size, max_size=top)


@dataclass(repr=False)
class TupleT(ValueType):
    """A fixed-length tuple (items), or with `variadic` a tuple of any length of `items[0]`."""

    items: list[ValueType]
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
        return len(value) == len(self.items) and all(t.accepts(v) for t, v in zip(self.items, value, strict=True))

    def with_seen(self, values: list) -> ValueType:
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
        if not value or len(value) != len(self.items):
            return value
        if self._record() and ctx.rng.random() < ARITY_CHANGE:
            return value[:-1] if len(value) > 1 and ctx.rng.random() < 0.25 else value + (ctx.rng.choice(value),)
        if len(value) > 1 and ctx.rng.random() < 0.15:  # swap two arguments of the same type
            a, b = ctx.rng.sample(range(len(value)), 2)
            if self.items[a].accepts(value[b]) and self.items[b].accepts(value[a]) and value[a] != value[b]:
                swapped = list(value)
                swapped[a], swapped[b] = value[b], value[a]
                return tuple(swapped)
        i = ctx.rng.randrange(len(value))
        if not self.items[i].accepts(value[i]):
            return value
        return value[:i] + (self.items[i].mutate(value[i], ctx, depth + 1),) + value[i + 1 :]

    def _record(self) -> bool:
        """A fixed tuple of fields of several kinds that is not an argument list: `('Adam', 150)`."""
        return not self.variadic and self.names is None and len({type(t) for t in self.items}) > 1

    def shrink(self, value: Any) -> Iterator[Any]:
        if self.variadic:
            for smaller in self._as_list().shrink(list(value)):
                yield tuple(smaller)
            return
        yield from shrink_positions(value, self.items)

    def strategy(self) -> SearchStrategy[object]:
        if self.variadic:
            return st.lists(self.items[0].strategy(), max_size=EXPLORE_MAX_SIZE).map(tuple)
        return st.tuples(*[t.strategy() for t in self.items])


def shrink_positions(value: tuple, types: list[ValueType]) -> Iterator[tuple]:
    """Shrink a fixed tuple one position at a time (each position's simplest candidates first)."""
    for i, (t, item) in enumerate(zip(types, value, strict=False)):
        if not t.accepts(item):
            continue
        for smaller in t.shrink(item):
            yield value[:i] + (smaller,) + value[i + 1 :]


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
                    out.append(base[:i] + (column[rank],) + base[i + 1 :])
    return out


@dataclass(repr=False)
class DictT(ValueType):
    key: ValueType
    value: ValueType
    min_size: int = 0
    max_size: int | None = None
    seen: list = field(default_factory=list)

    def describe(self) -> str:
        return f"dict[{self.key.describe()}, {self.value.describe()}]"

    def unsupported(self) -> str | None:
        return self.key.unsupported() or self.value.unsupported()

    def accepts(self, value: Any) -> bool:
        return (
            isinstance(value, dict)
            and self._size_ok(value)
            and all(self.key.accepts(k) and self.value.accepts(v) for k, v in value.items())
        )

    def _size_ok(self, value: dict) -> bool:
        return len(value) >= self.min_size and (self.max_size is None or len(value) <= self.max_size)

    def with_seen(self, values: list) -> ValueType:
        return replace(self, seen=[dict(v) for v in values if isinstance(v, dict)][:MAX_SEEN])

    def default(self) -> Any:
        return {}

    def _pairs(self, keys: list, values: list) -> dict:
        out = {}
        for k, v in zip(keys, values, strict=False):
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
        return self._pairs(
            [self.key.sample(ctx, depth + 1) for _ in range(n)], [self.value.sample(ctx, depth + 1) for _ in range(n)]
        )

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
            rest = items[:i] + items[i + 1 :]
            if len(rest) >= self.min_size:
                yield dict(rest)
        for i, (k, v) in enumerate(items):
            if self.value.accepts(v):
                for smaller in self.value.shrink(v):
                    yield dict(items[:i] + [(k, smaller)] + items[i + 1 :])

    def strategy(self) -> SearchStrategy[object]:
        top = EXPLORE_MAX_SIZE if self.max_size is None else self.max_size
        return st.dictionaries(
            self.key.strategy(), self.value.strategy(), min_size=self.min_size, max_size=min(top, 12)
        )
