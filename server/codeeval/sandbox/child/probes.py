"""Comparison probes (standard library only): ints whose comparisons run as Python bytecode.

An instruction count sees only bytecode, so a comparison made inside a C
function (`bisect`, `sorted`, `min`, `x in a_list`, `list.index`) is
invisible to it, however many such comparisons one call makes. When
instructions are counted, every int in the inputs is replaced by a `ProbeInt`:
equal in value, hash and repr, but each comparison calls a small Python
method, so it costs the same few counted instructions wherever it happens,
in the solution's own code or inside C. A binary search in `bisect` then
counts log n comparisons, as the same search written in Python does.

This file is deliberately not excluded from counting (see `opcount`).
Arithmetic on probes gives plain ints: derived values are not probed, only
comparisons that involve an input value are.
"""

from __future__ import annotations

TYPE_CHECKING = False  # not `typing.TYPE_CHECKING`: importing `typing` would add `re` to every worker's start-up
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

    from codeeval.sandbox.child.timing import FreshCopies, MethodCall
    from codeeval.sandbox.child.wire import Value

    # `int.__lt__` and its siblings. Their stubs differ in the other operand (`__lt__` an int, `__eq__` any
    # object), and one type must fit them all and the `__eq__` that `int` already has.
    Comparison = Callable[[int, Any], bool]


def _probe(compare: Comparison) -> Comparison:
    """A comparison method that runs as one small Python frame around `int`'s own."""

    def method(self: int, other: Any) -> bool:
        return compare(self, other)

    method.__name__ = compare.__name__
    return method


class ProbeInt(int):
    """An int whose comparisons are counted, so instruction counts see comparisons made inside C code."""

    __slots__ = ()
    __lt__, __le__, __gt__, __ge__, __eq__, __ne__ = map(
        _probe, (int.__lt__, int.__le__, int.__gt__, int.__ge__, int.__eq__, int.__ne__)
    )
    __hash__ = int.__hash__


def probed(value: Value) -> Value:
    """A copy of decoded input data with every int (not bool) a `ProbeInt`; other values kept as they are."""
    kind = type(value)
    if kind is int:
        return ProbeInt(value)
    if kind is list:
        return [probed(item) for item in value]
    if kind is tuple:
        return tuple(probed(item) for item in value)
    if kind is dict:
        return {probed(key): probed(item) for key, item in value.items()}
    if kind is set:
        return {probed(item) for item in value}
    if kind is frozenset:
        return frozenset(probed(item) for item in value)
    return value


class Probing:
    """A `timing.FreshCopies` whose copies have their inputs probed; probing copies, so every call stays fresh."""

    def __init__(self, fresh: FreshCopies):
        self._fresh = fresh

    def __call__(self, encoded: object) -> Value:
        return probed(self._fresh(encoded))

    def calls(self, encoded_calls: list) -> list[MethodCall]:
        return [(method, probed(args), probed(kwargs)) for method, args, kwargs in self._fresh.calls(encoded_calls)]
