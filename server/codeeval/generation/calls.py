"""Class entry points: a case builds an object, then calls its methods in order.

A value of `CallsT` is `CallSequence(ctor, calls)`: the constructor's
arguments (a tuple) and a tuple of `(method, args)` pairs. Method names and
argument types come from the class's public methods (their hints) and from
the calls the problem's examples make; sequences are mutated by dropping,
duplicating, swapping and inserting calls and by mutating arguments.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from hypothesis import strategies as st
from hypothesis.strategies import SearchStrategy

from .value_types import GenContext, TupleT, ValueType, dedupe

MAX_CALLS_EXPLORED = 12


class CallSequence(tuple):
    """(ctor_args, ((method, args), ...)) with a readable repr."""

    def __new__(cls, ctor: Iterable, calls: Iterable[tuple[str, Iterable]]) -> CallSequence:
        return super().__new__(cls, (tuple(ctor), tuple((m, tuple(a)) for m, a in calls)))

    @property
    def ctor(self) -> tuple:
        return self[0]

    @property
    def calls(self) -> tuple:
        return self[1]

    def __repr__(self) -> str:
        steps = "; ".join(f".{m}({', '.join(map(repr, a))})" for m, a in self.calls)
        return f"({', '.join(map(repr, self.ctor))}); {steps}"


@dataclass(repr=False)
class CallsT(ValueType):
    ctor: TupleT
    methods: dict[str, TupleT]
    seen: list = field(default_factory=list)  # example CallSequences

    def describe(self) -> str:
        return f"calls of {', '.join(self.methods)}"

    def unsupported(self) -> str | None:
        reason = self.ctor.unsupported()
        if reason:
            return f"constructor: {reason}"
        if not self._usable():
            reasons = [f"{m}: {t.unsupported()}" for m, t in self.methods.items()]
            return "no method can be called with generated arguments" + (f" ({'; '.join(reasons)})" if reasons else "")
        return None

    def _usable(self) -> list[str]:
        return [m for m, t in self.methods.items() if not t.unsupported()]

    def accepts(self, value: Any) -> bool:
        return isinstance(value, CallSequence)

    def default(self) -> Any:
        return CallSequence(self.ctor.default(), ())

    def _call(self, method: str, ctx: GenContext, depth: int = 0) -> tuple:
        return method, self.methods[method].sample(ctx, depth)

    def boundary(self, ctx: GenContext) -> list:
        values: list = []
        bases = self.seen[:4] or [self.default()]
        ctor_values = self.ctor.boundary(ctx)[:10]
        for base in bases[:1]:
            values += [CallSequence(c, base.calls) for c in ctor_values]
        for base in bases:
            values.append(CallSequence(base.ctor, ()))
            for i, (method, _args) in enumerate(base.calls):
                if method not in self.methods or self.methods[method].unsupported():
                    continue
                for replacement in self.methods[method].boundary(ctx)[:8]:
                    calls = base.calls[:i] + ((method, replacement),) + base.calls[i + 1 :]
                    values.append(CallSequence(base.ctor, calls))
            values.append(CallSequence(base.ctor, base.calls + base.calls))
            values.append(CallSequence(base.ctor, base.calls[::-1]))
        start = bases[0].ctor
        for method in self._usable():
            for args in self.methods[method].boundary(ctx)[:4]:
                values.append(CallSequence(start, ((method, args),)))
                values.append(CallSequence(start, ((method, args), (method, args))))
        return dedupe(values)

    def sample(self, ctx: GenContext, depth: int = 0) -> Any:
        usable = self._usable()
        n = ctx.rng.randint(1, 8)
        ctor = self.seen[0].ctor if self.seen and ctx.rng.random() < 0.7 else self.ctor.sample(ctx, depth)
        return CallSequence(ctor, tuple(self._call(ctx.rng.choice(usable), ctx, depth) for _ in range(n)))

    def mutate(self, value: Any, ctx: GenContext, depth: int = 0) -> Any:
        rng = ctx.rng
        calls = list(value.calls)
        op = rng.randrange(7)
        if op == 0 and calls:
            del calls[rng.randrange(len(calls))]
        elif op == 1 and calls:
            i = rng.randrange(len(calls))
            calls.insert(i, calls[i])
        elif op == 2 and len(calls) > 1:
            i = rng.randrange(len(calls) - 1)
            calls[i], calls[i + 1] = calls[i + 1], calls[i]
        elif op == 3:
            calls.insert(rng.randrange(len(calls) + 1), self._call(rng.choice(self._usable()), ctx, depth))
        elif op == 4:
            return CallSequence(
                self.ctor.mutate(value.ctor, ctx, depth) if self.ctor.accepts(value.ctor) else value.ctor, calls
            )
        elif calls:
            i = rng.randrange(len(calls))
            method, args = calls[i]
            types = self.methods.get(method)
            if types is not None and types.accepts(args):
                calls[i] = (method, types.mutate(args, ctx, depth))
        return CallSequence(value.ctor, tuple(calls))

    def shrink(self, value: Any) -> Iterator[Any]:
        calls = list(value.calls)
        n = len(calls)
        chunk = n // 2
        while chunk >= 1:
            for start in range(0, n - chunk + 1, chunk):
                yield CallSequence(value.ctor, tuple(calls[:start] + calls[start + chunk :]))
            chunk //= 2
        for i, (method, args) in enumerate(calls):
            types = self.methods.get(method)
            if types is None or not types.accepts(args):
                continue
            for smaller in types.shrink(args):
                yield CallSequence(value.ctor, tuple(calls[:i] + [(method, smaller)] + calls[i + 1 :]))
        if self.ctor.accepts(value.ctor):
            for smaller in self.ctor.shrink(value.ctor):
                yield CallSequence(smaller, value.calls)

    def strategy(self) -> SearchStrategy[object]:
        calls = st.one_of(*[st.tuples(st.just(m), self.methods[m].strategy()) for m in self._usable()])
        ctor = self.ctor.strategy()
        if self.seen:
            ctor = st.one_of(st.sampled_from([s.ctor for s in self.seen]), ctor)
        return st.builds(CallSequence, ctor, st.lists(calls, max_size=MAX_CALLS_EXPLORED).map(tuple))
