"""Types from example values, hints refined by them, and `AnyT`, the type handled as its values' own.

Where a hint is missing (or says only `list`), the problem's example inputs
(its tests' and hand-written edge cases' arguments) tell which kinds of values
a parameter takes. The examples also give soft knowledge kept in each type's
`seen`: the alphabet of the strings, the range of the numbers, the sizes.

`AnyT` lives here because it mutates and shrinks each value as the type
inferred from that value, and inference falls back to `AnyT`: the two are one
piece, which keeps the rest of the model free of inference.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from typing import Any, overload

from hypothesis.strategies import SearchStrategy

from ..values import RecordValue
from .base import GenContext, ValueType
from .composite import RecordT, UnionT
from .containers import DictT, ListT, SetT, TupleT
from .scalars import BoolT, ComplexT, FloatT, IntT, NoneT
from .strings import BytesT, StrT

MAX_FIXED_TUPLE = 8
# Items of one kind in every example tuple, at least this many, make the tuple a sequence of any length. Two for
# a parameter that is itself a tuple: EvalPlus varies the length of every such MBPP+ parameter (29 of 29, pairs
# too: Mbpp/630's coordinates `(3, 4)` get `(1, 1, 1)`); three inside a collection, where a pair is a pair (a point,
# an interval).
PARAMETER_SEQUENCE = 2
SEQUENCE = 3
MAX_DEPTH = 30


# In order: bool before int (a bool is an int), frozenset before set.
_KINDS = (
    (bool, "bool"),
    (int, "int"),
    (float, "float"),
    (complex, "complex"),
    (str, "str"),
    ((bytes, bytearray), "bytes"),
    (list, "list"),
    (tuple, "tuple"),
    (dict, "dict"),
    (frozenset, "frozenset"),
    (set, "set"),
)


@dataclass(repr=False)
class AnyT(ValueType):
    """Nothing is known: values are drawn from a few simple kinds, and each value is handled by its own kind."""

    seen: list = field(default_factory=list)

    def describe(self) -> str:
        return "Any"

    def accepts(self, value: Any) -> bool:
        return True

    def _simple(self) -> UnionT:
        return UnionT([IntT(), StrT(), FloatT(allow_nan=False, allow_infinity=False), BoolT(), NoneT(), ListT(IntT())])

    def default(self) -> Any:
        return 0

    def boundary(self, ctx: GenContext) -> list:
        return [0, "", None, 1, "a", -1, 1.5, True, [], [1, 2], {}, [[[]]]]

    def sample(self, ctx: GenContext, depth: int = 0) -> Any:
        return self._simple().sample(ctx, depth)

    def mutate(self, value: Any, ctx: GenContext, depth: int = 0) -> Any:
        return infer_type([value]).mutate(value, ctx, depth) if depth < 20 else value

    def shrink(self, value: Any) -> Iterator[Any]:
        yield from infer_type([value]).shrink(value)

    def strategy(self) -> SearchStrategy[object]:
        return self._simple().strategy()


def _kind(value: Any) -> str:
    if value is None:
        return "none"
    if isinstance(value, RecordValue):
        return f"record:{value.type_name}"
    return next((name for types, name in _KINDS if isinstance(value, types)), "other")


def infer_type(values: list, depth: int = 0) -> ValueType:
    """The narrowest type in the model covering every value (a union when kinds are mixed)."""
    if depth > MAX_DEPTH:
        return AnyT()
    groups: dict[str, list] = {}
    for v in values:
        groups.setdefault(_kind(v), []).append(v)
    options: list[ValueType] = []
    for kind, group in groups.items():
        option = _infer_kind(kind, group, depth)
        if option is not None:
            options.append(option)
    if not options:
        return AnyT()
    if len(options) == 1:
        return options[0]
    return UnionT(options, seen=list(values[:40]))


def _infer_kind(kind: str, group: list, depth: int) -> ValueType | None:
    if kind in _SCALARS:
        return _SCALARS[kind](group)
    if kind.startswith("record:"):
        return _infer_record(group, depth)
    container = _CONTAINERS.get(kind)
    return None if container is None else container(group, depth)


def _elements(group: list) -> list:
    return [item for v in group for item in v]


def _infer_tuple(group: list, depth: int) -> ValueType:
    """A fixed-length tuple when every example has one length and mixes kinds, else a variadic one."""
    lengths = {len(v) for v in group}
    if (
        len(lengths) == 1
        and 0 < next(iter(lengths)) <= MAX_FIXED_TUPLE
        and not _homogeneous(group, PARAMETER_SEQUENCE if depth == 0 else SEQUENCE)
    ):
        n = next(iter(lengths))
        return TupleT([infer_type([v[i] for v in group], depth + 1) for i in range(n)]).with_seen(group)
    return TupleT([infer_type(_elements(group), depth + 1)], variadic=True).with_seen(group)


def _infer_dict(group: list, depth: int) -> ValueType:
    keys = [k for v in group for k in v]
    vals = [x for v in group for x in v.values()]
    return DictT(infer_type(keys, depth + 1), infer_type(vals, depth + 1)).with_seen(group)


def _infer_record(group: list, depth: int) -> ValueType:
    first = group[0]
    fields = [(name, infer_type([dict(v.fields).get(name) for v in group], depth + 1)) for name, _ in first.fields]
    return RecordT(first.type_name, fields)


_SCALARS: dict[str, Callable[[list], ValueType]] = {
    "none": lambda group: NoneT(),
    "bool": lambda group: BoolT(),
    "int": lambda group: IntT().with_seen(group),
    "float": lambda group: FloatT().with_seen(group),
    "complex": lambda group: ComplexT(),
    "str": lambda group: StrT().with_seen(group),
    "bytes": lambda group: BytesT().with_seen([bytes(v) for v in group]),
}
_CONTAINERS: dict[str, Callable[[list, int], ValueType]] = {
    "list": lambda group, depth: ListT(infer_type(_elements(group), depth + 1)).with_seen(group),
    "tuple": _infer_tuple,
    "dict": _infer_dict,
    "set": lambda group, depth: SetT(infer_type(_elements(group), depth + 1)).with_seen(group),
    "frozenset": lambda group, depth: SetT(infer_type(_elements(group), depth + 1), frozen=True).with_seen(group),
}


def _homogeneous(tuples: list, least: int) -> bool:
    """`least` or more items of one kind in every tuple: a sequence that happens to have one length, not a record."""
    return (
        all(len(v) >= least and len({_kind(item) for item in v}) == 1 for v in tuples)
        and len({_kind(item) for v in tuples for item in v}) == 1
    )


def _options(t: ValueType) -> list[ValueType]:
    return list(t.options) if isinstance(t, UnionT) else [t]


def _same_kind(a: ValueType, b: ValueType) -> bool:
    if isinstance(a, SetT) or isinstance(b, SetT):
        return isinstance(a, SetT) and isinstance(b, SetT) and a.frozen == b.frozen
    if isinstance(a, RecordT) and isinstance(b, RecordT):
        return a.type_name == b.type_name
    return type(a) is type(b)


@overload
def refine(hint: ValueType, inferred: ValueType | None) -> ValueType: ...
@overload
def refine(hint: ValueType | None, inferred: ValueType | None) -> ValueType | None: ...


def refine(hint: ValueType | None, inferred: ValueType | None) -> ValueType | None:
    """A hint made more precise by what the examples show (element types of a bare `list`, soft ranges)."""
    if hint is None:
        return inferred
    if inferred is None or isinstance(inferred, AnyT):
        return hint
    if isinstance(hint, AnyT):
        return inferred
    if isinstance(hint, UnionT):
        parts = _options(inferred)
        return replace(hint, options=[_refine_one(o, parts) for o in hint.options])
    return _refine_one(hint, _options(inferred))


def _refine_one(hint: ValueType, parts: list[ValueType]) -> ValueType:
    match = next((p for p in parts if _same_kind(hint, p)), None)
    if match is None:
        ints = next((p for p in parts if isinstance(p, IntT)), None)
        if isinstance(hint, FloatT) and ints is not None:  # the examples pass ints where the hint says float
            return UnionT([hint.with_seen(ints.seen), ints])
        return hint
    if isinstance(hint, (SetT, ListT, DictT, TupleT, RecordT)):
        return _refine_structure(hint, match)
    return hint.with_seen(match.seen) if match.seen else hint


def _refine_structure(hint: SetT | ListT | DictT | TupleT | RecordT, match: ValueType) -> ValueType:
    """A container or record hint with the inner types refined by what the examples show (`match`)."""
    if isinstance(hint, (SetT, ListT)) and isinstance(match, (SetT, ListT)):
        return replace(hint, elem=refine(hint.elem, match.elem), seen=match.seen)
    if isinstance(hint, DictT) and isinstance(match, DictT):
        return replace(hint, key=refine(hint.key, match.key), value=refine(hint.value, match.value), seen=match.seen)
    if isinstance(hint, TupleT) and isinstance(match, TupleT):
        return _refine_tuple(hint, match)
    if isinstance(hint, RecordT) and isinstance(match, RecordT):
        inferred_fields = dict(match.fields)
        return replace(hint, fields=[(n, refine(t, inferred_fields.get(n))) for n, t in hint.fields])
    return hint.with_seen(match.seen) if match.seen else hint


def _refine_tuple(hint: TupleT, match: TupleT) -> ValueType:
    if hint.variadic and match.variadic:
        return replace(hint, items=[refine(hint.items[0], match.items[0])], seen=match.seen)
    if hint.variadic:
        merged = infer_type([x for v in match.seen for x in v])
        return replace(hint, items=[refine(hint.items[0], merged)], seen=match.seen)
    if not match.variadic and len(hint.items) == len(match.items):
        items = [refine(h, m) for h, m in zip(hint.items, match.items, strict=True)]
        return replace(hint, items=items, seen=match.seen)
    return hint
