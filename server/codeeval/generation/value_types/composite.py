"""Records (dataclasses, NamedTuple), unions, fixed choices, and what cannot be generated."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from hypothesis import strategies as st
from hypothesis.strategies import SearchStrategy

from ..values import RecordValue, value_key
from .base import GenContext, ValueType, dedupe, interleave
from .containers import shrink_positions, substitutions


@dataclass(repr=False)
class RecordT(ValueType):
    """An instance of a dataclass or NamedTuple defined in the reference: built in the sandbox by name."""

    type_name: str
    fields: list[tuple[str, ValueType]]
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
        return (
            isinstance(value, RecordValue)
            and value.type_name == self.type_name
            and len(value.fields) == len(self.fields)
            and all(t.accepts(v) for (_, t), (_, v) in zip(self.fields, value.fields, strict=True))
        )

    def _build(self, values: tuple) -> RecordValue:
        return RecordValue(self.type_name, tuple((name, v) for (name, _), v in zip(self.fields, values, strict=False)))

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

    def strategy(self) -> SearchStrategy[object]:
        return st.tuples(*[t.strategy() for _, t in self.fields]).map(self._build)


@dataclass(repr=False)
class UnionT(ValueType):
    options: list[ValueType]
    seen: list = field(default_factory=list)

    def describe(self) -> str:
        return " | ".join(t.describe() for t in self.options)

    def unsupported(self) -> str | None:
        reasons = [t.unsupported() for t in self.options]
        if all(reasons):
            return reasons[0]
        return None

    def _usable(self) -> list[ValueType]:
        return [t for t in self.options if not t.unsupported()]

    def _owner(self, value: Any) -> ValueType | None:
        for t in self._usable():
            if t.accepts(value):
                return t
        return None

    def accepts(self, value: Any) -> bool:
        return self._owner(value) is not None

    def default(self) -> Any:
        return self._usable()[0].default()

    def boundary(self, ctx: GenContext) -> list:
        return dedupe(interleave(*[t.boundary(ctx) for t in self._usable()]))

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

    def strategy(self) -> SearchStrategy[object]:
        return st.one_of(*[t.strategy() for t in self._usable()])


@dataclass(repr=False)
class SampledT(ValueType):
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

    def strategy(self) -> SearchStrategy[object]:
        return st.sampled_from(self.values)


@dataclass(repr=False)
class UnsupportedT(ValueType):
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

    def strategy(self) -> SearchStrategy[object]:
        raise ValueError(self.reason)
