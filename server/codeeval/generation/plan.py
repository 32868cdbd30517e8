"""What to generate for one entry point: a type per parameter, how each is passed, and the examples.

Types come, in order of precedence, from the problem's strategy overrides,
from type hints (made more precise by the examples: `list` becomes
`list[int]` when every example holds ints), from the example inputs alone
(the problem's tests and hand-written edge cases), and from a literal default.
A parameter none of these covers makes generation impossible; the reason says
which parameter and why.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from typing import Any

from ..base import python_ast
from ..base.catalog import CaseOrigin, EntryKind
from ..problem.definition import Call, Case
from .calls import CallSequence, CallsT
from .contract_kinds import Kinds, contract_kinds, generic_elements
from .hints import Param, Signature, SignatureError, read_signature
from .mutants import docstring_constants
from .strategies import StrategyError, parse_strategy
from .value_types import (
    BoolT,
    DictT,
    FloatT,
    GenContext,
    IntT,
    ListT,
    NoneT,
    RecordT,
    StrT,
    TupleT,
    UnionT,
    ValueType,
    dedupe,
    infer_type,
    refine,
)

MAX_POOL_INTS = 40
MAX_POOL_STRINGS = 40


class GenerationUnavailable(Exception):
    """Inputs cannot be generated for this entry point; the message is the reason shown to the user."""


@dataclass
class Plan:
    """What to generate for an entry point: the value type of its arguments, how each is passed, examples."""

    entry_point: str
    kind: EntryKind
    top: ValueType  # TupleT over the passed parameters, or CallsT for a class
    layout: list[tuple[str, str]]  # (parameter, "arg" | "kw" | "star") for functions
    param_names: list[str]
    examples: list = field(default_factory=list)  # top-level values built from the problem's own cases
    records: bool = False
    notes: list[str] = field(default_factory=list)
    signature: Signature | None = None

    def to_case(self, value: Any, name: str | None = None, origin: CaseOrigin = CaseOrigin.GENERATED) -> Case:
        if self.kind is EntryKind.CLASS:
            calls = [Call(method, tuple(args), {}) for method, args in value.calls]
            return Case(args=list(value.ctor), calls=calls, name=name, origin=origin)
        args: list = []
        kwargs: dict = {}
        for (param, how), item in zip(self.layout, value, strict=False):
            if how == "arg":
                args.append(item)
            elif how == "star":
                args.extend(item)
            else:
                kwargs[param] = item
        return Case(args=args, kwargs=kwargs, name=name, origin=origin)

    def describe_types(self) -> dict[str, str]:
        if isinstance(self.top, CallsT):
            ctor = self.top.ctor
            described = {f"__init__.{n}": t.describe() for n, t in zip(ctor.names or [], ctor.items, strict=False)}
            for method, types in self.top.methods.items():
                for n, t in zip(types.names or [], types.items, strict=False):
                    described[f"{method}.{n}"] = t.describe()
            return described
        assert isinstance(self.top, TupleT)
        return {n: t.describe() for n, t in zip(self.top.names or [], self.top.items, strict=False)}


def make_plan(
    reference: str,
    entry_point: str,
    examples: list[Case],
    strategies: dict[str, str] | None = None,
    preconditions: list[str] | None = None,
) -> Plan:
    """The generation plan; raises GenerationUnavailable with the reason when there is none.

    `preconditions`: their isinstance checks widen a parameter's type to the kinds they admit.
    """
    try:
        signature = read_signature(reference, entry_point)
    except SignatureError as exc:
        raise GenerationUnavailable(str(exc)) from None
    overrides = _parse_overrides(strategies or {})
    if signature.kind is EntryKind.CLASS:
        plan = _class_plan(signature, examples, overrides)
    else:
        admitted = contract_kinds(preconditions or [], [p.name for p in signature.params])
        plan = _function_plan(signature, [c for c in examples if c.calls is None], overrides, admitted)
    plan.signature = signature
    plan.records = _has_record(plan.top)
    return plan


def _parse_overrides(strategies: dict[str, str]) -> dict[str, ValueType]:
    parsed = {}
    for name, text in strategies.items():
        try:
            parsed[name] = parse_strategy(text)
        except StrategyError as exc:
            raise GenerationUnavailable(f"edge_cases.generate.strategies.{name}: {exc}") from None
    return parsed


def _bind(params: list[Param], case_args: list, case_kwargs: dict) -> dict[str, Any] | None:
    """An example's values by parameter name (extra positional values go to *args)."""
    values: dict[str, Any] = {}
    positional = [p for p in params if p.kind in ("positional", "positional_only")]
    star = next((p for p in params if p.kind == "var_positional"), None)
    for index, value in enumerate(case_args):
        if index < len(positional):
            values[positional[index].name] = value
        elif star is not None:
            values.setdefault(star.name, ())
            values[star.name] = values[star.name] + (value,)
        else:
            return None
    names = {p.name for p in params}
    for key, value in case_kwargs.items():
        if key not in names or key in values:
            return None
        values[key] = value
    return values


def _param_type(param: Param, seen: list, override: ValueType | None, notes: list[str], label: str) -> ValueType | None:
    """A parameter's type, or None when the parameter can be left out (it has a default)."""
    inferred = infer_type(seen) if seen else None
    if override is not None:
        return override.with_seen(seen) if seen else override
    if param.type is not None:
        reason = param.type.unsupported()
        if reason and param.has_default and not seen:
            notes.append(f"{label}: not generated ({reason}); its default is used")
            return None
        if reason:
            raise GenerationUnavailable(f"{label}: {reason}")
        merged = refine(param.type, inferred)
        if merged is not param.type and inferred is not None:
            notes.append(f"{label}: hint `{param.annotation}` refined from the examples to {merged.describe()}")
        return floats_admit_ints(merged)
    if inferred is not None:
        notes.append(f"{label}: no type hint; inferred {inferred.describe()} from the examples")
        return inferred
    if param.kind in ("var_positional", "var_keyword") or param.has_default:
        if param.default_type is not None and param.kind not in ("var_positional", "var_keyword"):
            notes.append(f"{label}: no type hint; generated as {param.default_type.describe()} (its default's type)")
            return param.default_type
        return None
    raise GenerationUnavailable(f"{label} has no type hint and no example gives it a value, so its type is unknown")


def _function_plan(
    signature: Signature,
    examples: list[Case],
    overrides: dict[str, ValueType],
    admitted: dict[str, Kinds] | None = None,
) -> Plan:
    params = signature.params
    _check_override_names(signature, overrides)
    bound = [b for b in (_bind(params, c.args, c.kwargs) for c in examples) if b is not None]
    notes: list[str] = []
    layout: list[tuple[str, str]] = []
    types: list[ValueType] = []
    keyword_from_here = False  # after a parameter left to its default, the rest are passed by keyword
    for param in params:
        if param.kind == "var_keyword":
            continue
        seen = [b[param.name] for b in bound if param.name in b]
        if param.kind == "var_positional":
            placed = _star_param(param, seen, overrides, notes)
        else:
            t = _param_type(param, seen, overrides.get(param.name), notes, f"parameter {param.name!r}")
            keyword_from_here = keyword_from_here or t is None
            placed = None if t is None else _placed(param, t, keyword_from_here)
        if placed is not None:
            layout.append((param.name, placed[1]))
            types.append(placed[0])
    names = [name for name, _ in layout]
    example_values = [tuple(b[n] for n in names) for b in bound if all(n in b for n in names)]
    top = TupleT(_widened(names, types, admitted or {}, overrides), names=names).with_seen(example_values)
    return Plan(
        signature.entry_point, EntryKind.FUNCTION, top, layout, [p.name for p in params], example_values, notes=notes
    )


def floats_admit_ints(t: ValueType, depth: int = 0) -> ValueType:
    """A hint's floats admitting ints (PEP 484: an int is acceptable where a float is hinted), so lists of them
    may mix the two. Where ints are already an option beside the floats (the examples pass them), unchanged."""
    if depth > 20:
        return t
    if isinstance(t, FloatT):
        return replace(t, ints=True)
    if isinstance(t, ListT):
        return replace(t, elem=floats_admit_ints(t.elem, depth + 1))
    if isinstance(t, TupleT):
        return replace(t, items=[floats_admit_ints(item, depth + 1) for item in t.items])
    if isinstance(t, DictT):
        return replace(t, value=floats_admit_ints(t.value, depth + 1))
    if isinstance(t, UnionT) and not any(isinstance(o, IntT) for o in t.options):
        return replace(t, options=[floats_admit_ints(o, depth + 1) for o in t.options])
    return t


def _with_bools(t: ValueType) -> ValueType:
    """An int parameter tried with False and True too: a bool is an int, and EvalPlus passes one to 110 of the 216
    MBPP+ parameters whose base inputs are all ints (Mbpp/80's tetrahedral_number(False))."""
    return replace(t, bools=True) if isinstance(t, IntT) else t


def _check_override_names(signature: Signature, overrides: dict[str, ValueType]) -> None:
    unknown = [n for n in overrides if signature.param(n) is None]
    if unknown:
        raise GenerationUnavailable(
            f"edge_cases.generate.strategies: no parameter named {unknown[0]!r} "
            f"(parameters: {', '.join(p.name for p in signature.params) or 'none'})"
        )


def _star_param(
    param: Param, seen: list, overrides: dict[str, ValueType], notes: list[str]
) -> tuple[ValueType, str] | None:
    """*args as a variadic tuple, generated only when an example or an override gives it values."""
    t = _param_type(param, [v for s in seen for v in s], overrides.get(param.name), notes, f"parameter *{param.name}")
    if t is None or (not seen and param.name not in overrides):
        return None
    return TupleT([t], variadic=True).with_seen(seen), "star"


def _placed(param: Param, t: ValueType, keyword_from_here: bool) -> tuple[ValueType, str] | None:
    """How a parameter is passed: by position, or by keyword (a positional-only one then cannot be)."""
    if param.kind != "keyword_only" and not keyword_from_here:
        return t, "arg"
    return None if param.kind == "positional_only" else (t, "kw")


def _widened(
    names: list[str], types: list[ValueType], admitted: dict[str, Kinds], overrides: dict[str, ValueType]
) -> list[ValueType]:
    """Each type widened to the kinds its preconditions admit (a strategy override stays as written)."""
    return [
        t if n in overrides else _with_bools(widen(t, admitted[n]) if n in admitted else t)
        for n, t in zip(names, types, strict=True)
    ]


def _class_plan(signature: Signature, examples: list[Case], overrides: dict[str, ValueType]) -> Plan:
    notes: list[str] = []
    with_calls = [c for c in examples if c.calls is not None]
    # Each case with its constructor's bound arguments, kept together: a case whose constructor does not
    # fit the signature drops out whole, so no case's constructor is paired with another's calls.
    bound_cases = [
        (c, b) for c, b in ((c, _bind(signature.params, c.args, c.kwargs)) for c in with_calls) if b is not None
    ]
    ctor = _leading_types(
        signature.params,
        [b for _, b in bound_cases],
        overrides,
        notes,
        override_prefix="",
        label="constructor parameter {}",
    )
    methods = _method_plans(signature, with_calls, overrides, notes)
    sequences = _sequences(bound_cases, list(ctor.names or []), methods)
    top = CallsT(ctor, methods, seen=sequences)
    reason = top.unsupported()
    if reason:
        raise GenerationUnavailable(f"class {signature.entry_point}: {reason}")
    if not sequences and not with_calls:
        notes.append("no example calls: method sequences come from the class's hints alone")
    return Plan(
        signature.entry_point, EntryKind.CLASS, top, [], [p.name for p in signature.params], sequences, notes=notes
    )


def _leading_types(
    params: list[Param],
    bound: list[dict[str, Any]],
    overrides: dict[str, ValueType],
    notes: list[str],
    override_prefix: str,
    label: str,
) -> TupleT:
    """The types of the parameters passed by position, up to the first one that can be left to its default.

    `label` names a parameter in notes and errors (`{}` is its name's repr); a strategy override is
    looked up as `override_prefix` + the parameter's name.
    """
    types: list[ValueType] = []
    names: list[str] = []
    for param in params:
        if param.kind in ("var_positional", "var_keyword"):
            continue
        seen = [b[param.name] for b in bound if param.name in b]
        t = _param_type(param, seen, overrides.get(override_prefix + param.name), notes, label.format(repr(param.name)))
        if t is None:
            break
        types.append(t)
        names.append(param.name)
    return TupleT(types, names=names)


def _method_plans(
    signature: Signature, with_calls: list[Case], overrides: dict[str, ValueType], notes: list[str]
) -> dict[str, TupleT]:
    """Each method that generated sequences can call, with the types of its arguments."""
    methods: dict[str, TupleT] = {}
    for method in _method_names(signature, with_calls):
        calls = [call for case in with_calls for call in case.calls or [] if call.method == method]
        params = signature.methods.get(method)
        if params is None:
            params = _params_from_calls(calls)
        if params is None:
            continue
        bound = [b for b in (_bind(params, list(c.args), dict(c.kwargs)) for c in calls) if b is not None]
        try:
            methods[method] = _leading_types(
                params, bound, overrides, notes, override_prefix=f"{method}.", label=f"{method}() parameter {{}}"
            )
        except GenerationUnavailable as exc:
            notes.append(f"method {method}() is not called in generated sequences: {exc}")
    return methods


def _method_names(signature: Signature, with_calls: list[Case]) -> list[str]:
    """The class's own methods, then the public ones the examples call that it does not declare."""
    names = list(signature.methods)
    for case in with_calls:
        for call in case.calls or []:
            if call.method not in names and not call.method.startswith("_"):
                names.append(call.method)
    return names


def _params_from_calls(calls: list[Call]) -> list[Param] | None:
    """Positional parameters for a method known only from its calls; None when their arities differ."""
    arities = {len(c.args) for c in calls}
    if len(arities) != 1:
        return None
    return [Param(f"arg{i}", "positional", None, None) for i in range(arities.pop())]


def _sequences(
    bound_cases: list[tuple[Case, dict[str, Any]]], ctor_names: list[str], methods: dict[str, TupleT]
) -> list[CallSequence]:
    """The examples as call sequences, each whole: one with a call the plan cannot make is left out."""
    sequences = []
    for case, bound in bound_cases:
        if not all(n in bound for n in ctor_names):
            continue
        steps = []
        for call in case.calls or []:
            method_types = methods.get(call.method)
            if method_types is None or call.kwargs or len(call.args) != len(method_types.items):
                break
            steps.append((call.method, tuple(call.args)))
        else:
            sequences.append(CallSequence(tuple(bound[n] for n in ctor_names), tuple(steps)))
    return sequences


def widen(t: ValueType, kinds: Kinds) -> ValueType:
    """`t` admitting what the contract admits and the examples do not show.

    Floats beside ints where it names both; and where it checks a list parameter's kind but not its
    elements' (`type(xs) == list`), bools and floats among its ints: a bool is an int, and EvalPlus's own
    inputs mix them in.
    """
    if kinds.top is not None:
        t = _widen_numbers(t, kinds.top)
    if kinds.top is not None and kinds.elements is None:
        t = _open_elements(t, kinds.top)
    if kinds.elements is not None or kinds.nested is not None:
        inner = Kinds(top=kinds.elements, elements=kinds.nested)
        if isinstance(t, ListT):
            t = replace(t, elem=widen(t.elem, inner))
        elif isinstance(t, TupleT) and t.variadic:
            t = replace(t, items=[widen(t.items[0], inner)])
    if kinds.values is not None and isinstance(t, DictT):
        t = replace(t, value=widen(t.value, Kinds(top=kinds.values)))
    return t


def _open_elements(t: ValueType, top: frozenset[str]) -> ValueType:
    """A collection whose kind the contract checks and whose elements' it does not: bools and floats among a
    list's ints, and lists among elements of any kind (`_nest_generic`)."""
    if "list" in top and isinstance(t, ListT) and any(isinstance(o, IntT) for o in _options_of(t.elem)):
        options = _options_of(t.elem)
        if not any(isinstance(o, FloatT) for o in options):
            options.append(FloatT(allow_nan=False, allow_infinity=False))
        if not any(isinstance(o, BoolT) for o in options):
            options.append(BoolT())
        t = replace(t, elem=UnionT(options))
    return _nest_generic(t) if top & {"list", "tuple"} else t


def _nest_generic(t: ValueType) -> ValueType:
    """A list (or tuple of any length) of elements of any kind (`generic_elements`) with lists among them."""
    if isinstance(t, ListT):
        nested = _with_lists(t.elem)
        return t if nested is None else replace(t, elem=nested)
    if isinstance(t, TupleT) and t.variadic:
        nested = _with_lists(t.items[0])
        return t if nested is None else replace(t, items=[nested])
    return t


def _with_lists(elem: ValueType) -> ValueType | None:
    """Elements of any kind with lists of ints among them, or None when they are not of any kind."""
    options = _options_of(elem)
    kinds = {_KIND_NAMES.get(type(o), "other") for o in options}
    if "list" in kinds or not generic_elements(kinds):
        return None
    return UnionT([*options, ListT(IntT())])


_KIND_NAMES: dict[type, str] = {
    IntT: "int",
    FloatT: "float",
    BoolT: "bool",
    StrT: "str",
    ListT: "list",
    TupleT: "tuple",
    DictT: "dict",
    NoneT: "none",
}


def _options_of(t: ValueType) -> list[ValueType]:
    return list(t.options) if isinstance(t, UnionT) else [t]


def _widen_numbers(t: ValueType, allowed: frozenset[str]) -> ValueType:
    if not {"int", "float"} <= allowed:
        return t
    options = list(t.options) if isinstance(t, UnionT) else [t]
    ints = next((o for o in options if isinstance(o, IntT)), None)
    floats = next((o for o in options if isinstance(o, FloatT)), None)
    if ints is not None and floats is None:
        options.append(FloatT(allow_nan=False, allow_infinity=False).with_seen(ints.seen))
    elif floats is not None and ints is None:
        options.append(IntT().with_seen([int(v) for v in floats.seen if float(v).is_integer()]))
    else:
        return t
    return UnionT(options, seen=list(getattr(t, "seen", [])))


def _has_record(t: ValueType) -> bool:
    return any(isinstance(inner, RecordT) for inner in nested_types(t))


def nested_types(t: ValueType, depth: int = 0) -> Iterator[ValueType]:
    """`t` and every type inside it (elements, keys and values, options, fields, methods' parameters)."""
    yield t
    if depth > 20:
        return
    inner: list[ValueType] = []
    if isinstance(t, ListT):
        inner = [t.elem]
    elif isinstance(t, DictT):
        inner = [t.key, t.value]
    elif isinstance(t, TupleT):
        inner = list(t.items)
    elif isinstance(t, UnionT):
        inner = list(t.options)
    elif isinstance(t, RecordT):
        inner = [field_type for _, field_type in t.fields]
    elif isinstance(t, CallsT):
        inner = [t.ctor, *t.methods.values()]
    for item in inner:
        yield from nested_types(item, depth + 1)


def constant_pool(reference: str, examples: list) -> GenContext:
    """Constants worth trying: the reference's literals (boundaries in its comparisons) and the examples' scalars."""
    ctx = GenContext.seeded(0)
    ints: list[int] = []
    floats: list[float] = []
    strings: list[str] = []
    for value in _reference_literals(reference):
        if isinstance(value, int) and abs(value) <= 10**7:
            ints.append(value)
        elif isinstance(value, float):
            floats.append(value)
        elif isinstance(value, str) and 0 < len(value) <= 40:
            strings.append(value)
            if len(value) <= 12:
                strings.extend(value)
    _collect_scalars(examples, ints, floats, strings, 0)
    ctx.ints = dedupe(ints)[:MAX_POOL_INTS]
    ctx.floats = dedupe(floats)[:20]
    ctx.strings = dedupe(strings)[:MAX_POOL_STRINGS]
    return ctx


def _reference_literals(reference: str) -> Iterator[Any]:
    """The reference's constants other than docstrings and bools, in walk order; none if it does not parse."""
    try:
        tree = python_ast.parse(reference)
    except SyntaxError:
        return
    docstrings = docstring_constants(tree)
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and id(node) not in docstrings and not isinstance(node.value, bool):
            yield node.value


def _collect_scalars(value: Any, ints: list, floats: list, strings: list, depth: int) -> None:
    if depth > 6 or len(ints) + len(strings) > 400:
        return
    if isinstance(value, bool):
        return
    if isinstance(value, int):
        if abs(value) <= 10**7:
            ints.append(value)
    elif isinstance(value, float):
        floats.append(value)
    elif isinstance(value, str):
        if len(value) <= 12:
            strings.append(value)
    elif isinstance(value, (list, tuple, set, frozenset)):
        for item in list(value)[:30]:
            _collect_scalars(item, ints, floats, strings, depth + 1)
    elif isinstance(value, dict):
        for k, v in list(value.items())[:30]:
            _collect_scalars(k, ints, floats, strings, depth + 1)
            _collect_scalars(v, ints, floats, strings, depth + 1)
