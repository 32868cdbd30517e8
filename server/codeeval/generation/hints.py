"""Reading a signature from source with `ast`: parameters, defaults and type hints -> types.

The reference is parsed, never imported, in the evaluator. Hints are read as
syntax: `list[int]`, `List[int]`, `typing.Optional[str]`, `int | None`,
`"Point"` (a forward reference), a dataclass or NamedTuple defined in the same
module. Anything else (a Callable, a Protocol, an unknown class) becomes an
`UnsupportedT` carrying the reason.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field
from typing import Any

from ..base import python_ast
from ..base.catalog import EntryKind
from .value_types import (
    AnyT,
    BoolT,
    BytesT,
    ComplexT,
    DictT,
    FloatT,
    IntT,
    ListT,
    NoneT,
    RecordT,
    SampledT,
    SetT,
    StrT,
    TupleT,
    UnionT,
    UnsupportedT,
    ValueType,
    infer_type,
)

MAX_RECORD_DEPTH = 3

_SCALARS = {"int": IntT, "float": FloatT, "bool": BoolT, "str": StrT, "bytes": BytesT, "complex": ComplexT}
_LISTS = {"list", "List", "Sequence", "MutableSequence", "Iterable", "Collection", "Reversible", "Container"}
_SETS = {"set", "Set", "AbstractSet", "MutableSet"}
_FROZEN = {"frozenset", "FrozenSet"}
_DICTS = {"dict", "Dict", "Mapping", "MutableMapping", "DefaultDict", "OrderedDict", "defaultdict", "Counter"}
_TUPLES = {"tuple", "Tuple"}
_ANY = {"Any", "object", "Hashable", "TypeVar"}
_CALLABLES = {"Callable", "Awaitable", "Coroutine", "Generator", "AsyncIterator", "Iterator", "Type", "type"}


class SignatureError(ValueError):
    """The entry point's signature cannot be read (no such function, unparsable source)."""


@dataclass
class Param:
    """One parameter as the signature declares it: kind, hint, the type read from the hint, its default."""

    name: str
    kind: str  # positional | positional_only | keyword_only | var_positional | var_keyword
    annotation: str | None  # the hint as written, for messages
    type: ValueType | None  # None: no hint
    has_default: bool = False
    default_type: ValueType | None = None  # inferred from a literal default

    @property
    def required(self) -> bool:
        return not self.has_default and self.kind not in ("var_positional", "var_keyword")


@dataclass
class Signature:
    """What the entry point's hints say: a function's parameters, or a class's constructor and methods."""

    entry_point: str
    kind: EntryKind
    params: list[Param]
    methods: dict[str, list[Param]] = field(default_factory=dict)  # classes: public methods
    returns: str | None = None

    def param(self, name: str) -> Param | None:
        return next((p for p in self.params if p.name == name), None)


def _name_of(node: ast.expr) -> str | None:
    """`List` for `List`, `typing.List`, `t.List`."""
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return None


class HintReader:
    """Turns annotation syntax into types, knowing the module's own classes."""

    def __init__(self, tree: ast.Module):
        self.classes: dict[str, ast.ClassDef] = {}
        self.aliases: dict[str, ast.expr] = {}
        self.typevars: set[str] = set()
        self.namedtuples: dict[str, list[str]] = {}
        for node in tree.body:
            if isinstance(node, ast.ClassDef):
                self.classes[node.name] = node
            elif isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
                self._assignment(node.targets[0].id, node.value)
            elif (
                isinstance(node, ast.AnnAssign)
                and isinstance(node.target, ast.Name)
                and node.value is not None
                and _name_of(node.annotation) == "TypeAlias"
            ):
                self.aliases[node.target.id] = node.value
        self._depth = 0

    def _assignment(self, name: str, value: ast.expr) -> None:
        if isinstance(value, ast.Call):
            called = _name_of(value.func)
            if called == "TypeVar":
                self.typevars.add(name)
            elif called == "namedtuple" and len(value.args) >= 2:
                fields = value.args[1]
                try:
                    spec = python_ast.literal_eval(fields)
                except ValueError:
                    return
                names = spec.replace(",", " ").split() if isinstance(spec, str) else list(spec)
                self.namedtuples[name] = [str(n) for n in names]
            elif called == "NewType" and len(value.args) == 2:
                self.aliases[name] = value.args[1]
        elif isinstance(value, (ast.Subscript, ast.BinOp)) or (isinstance(value, ast.Name) and value.id in _SCALARS):
            self.aliases[name] = value

    def read(self, node: ast.expr | None) -> ValueType | None:
        if node is None:
            return None
        try:
            return self._read(node)
        except RecursionError:
            return UnsupportedT("the hint is nested too deeply")

    def _read(self, node: ast.expr) -> ValueType:
        if isinstance(node, ast.Constant):
            if node.value is None:
                return NoneT()
            if isinstance(node.value, str):
                try:
                    inner = python_ast.parse(node.value.strip(), mode="eval").body
                except SyntaxError:
                    return UnsupportedT(f"cannot read the hint {node.value!r}")
                return self._read(inner)
            return UnsupportedT(f"cannot read the hint {ast.unparse(node)}")
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr):
            return _union([self._read(node.left), self._read(node.right)])
        if isinstance(node, ast.Subscript):
            return self._subscript(node)
        name = _name_of(node)
        if name is None:
            return UnsupportedT(f"cannot read the hint {ast.unparse(node)}")
        return self._named(name, node)

    def _named(self, name: str, node: ast.expr) -> ValueType:
        if name in _SCALARS:
            return _SCALARS[name]()
        if name == "None" or name == "NoneType":
            return NoneT()
        if name in _LISTS:
            return ListT(AnyT())
        if name in _SETS:
            return SetT(AnyT())
        if name in _FROZEN:
            return SetT(AnyT(), frozen=True)
        if name in _DICTS:
            return DictT(AnyT(), AnyT())
        if name in _TUPLES:
            return TupleT([AnyT()], variadic=True)
        if name in _ANY or name in self.typevars:
            return AnyT()
        if name in ("Callable",) or name in _CALLABLES:
            return UnsupportedT(f"cannot generate values for a {name} hint")
        if name in self.aliases:
            alias = self.aliases.pop(name)  # guards against self-referencing aliases
            try:
                return self._read(alias)
            finally:
                self.aliases[name] = alias
        if name in self.namedtuples:
            return RecordT(name, [(f, AnyT()) for f in self.namedtuples[name]])
        if name in self.classes:
            return self._class(self.classes[name])
        if name in ("Protocol",):
            return UnsupportedT("cannot generate values for a Protocol")
        return UnsupportedT(
            f"cannot generate values of type {ast.unparse(node)} (not defined in the reference, "
            "or not a dataclass or NamedTuple)"
        )

    def _class(self, node: ast.ClassDef) -> ValueType:
        bases = {_name_of(b) for b in node.bases}
        if "Protocol" in bases:
            return UnsupportedT(f"cannot generate values for {node.name}, a Protocol")
        if "Enum" in bases or "IntEnum" in bases or "StrEnum" in bases:
            return UnsupportedT(f"cannot generate values for {node.name}, an Enum")
        is_dataclass = any(
            _name_of(d.func if isinstance(d, ast.Call) else d) == "dataclass" for d in node.decorator_list
        )
        if not is_dataclass and "NamedTuple" not in bases:
            return UnsupportedT(
                f"cannot generate values for {node.name}: only dataclasses and NamedTuples can "
                "be built from their fields"
            )
        if self._depth >= MAX_RECORD_DEPTH:
            return UnsupportedT(f"{node.name} nests itself too deeply")
        self._depth += 1
        try:
            fields: list[tuple[str, ValueType]] = []
            for stmt in node.body:
                if not isinstance(stmt, ast.AnnAssign) or not isinstance(stmt.target, ast.Name):
                    continue
                if _name_of(stmt.annotation) == "ClassVar" or (
                    isinstance(stmt.annotation, ast.Subscript) and _name_of(stmt.annotation.value) == "ClassVar"
                ):
                    continue
                if _init_false(stmt.value):
                    continue
                fields.append((stmt.target.id, self._read(stmt.annotation)))
        finally:
            self._depth -= 1
        return RecordT(node.name, fields)

    def _subscript(self, node: ast.Subscript) -> ValueType:
        base = _name_of(node.value)
        inner = node.slice
        items = list(inner.elts) if isinstance(inner, ast.Tuple) else [inner]
        read = self._typing_form(base, items, node)
        if read is None:
            read = self._container(base, items, node)
        return _unsupported_subscript(base, node) if read is None else read

    def _typing_form(self, base: str | None, items: list[ast.expr], node: ast.Subscript) -> ValueType | None:
        """Optional, Union, Annotated and Literal; None for any other base."""
        if base == "Optional":
            return _union([self._read(items[0]), NoneT()])
        if base == "Union":
            return _union([self._read(i) for i in items])
        if base == "Annotated":
            return self._read(items[0])
        if base != "Literal":
            return None
        try:
            return SampledT([python_ast.literal_eval(i) for i in items])
        except ValueError:
            return UnsupportedT(f"cannot read {ast.unparse(node)}")

    def _container(self, base: str | None, items: list[ast.expr], node: ast.Subscript) -> ValueType | None:
        """Lists, sets, frozen sets, dicts and tuples; None for any other base."""
        if base in _LISTS:
            return ListT(self._read(items[0]))
        if base in _SETS or base in _FROZEN:
            return SetT(self._read(items[0]), frozen=base in _FROZEN)
        if base in _DICTS:
            return self._dict(base, items, node)
        if base in _TUPLES:
            return self._tuple(items)
        return None

    def _dict(self, base: str, items: list[ast.expr], node: ast.Subscript) -> ValueType:
        if base == "Counter":
            return DictT(self._read(items[0]), IntT())
        if len(items) != 2:
            return UnsupportedT(f"cannot read {ast.unparse(node)}")
        return DictT(self._read(items[0]), self._read(items[1]))

    def _tuple(self, items: list[ast.expr]) -> ValueType:
        if len(items) == 2 and isinstance(items[1], ast.Constant) and items[1].value is Ellipsis:
            return TupleT([self._read(items[0])], variadic=True)
        if len(items) == 1 and isinstance(items[0], ast.Tuple) and not items[0].elts:
            return TupleT([])
        return TupleT([self._read(i) for i in items])


def _unsupported_subscript(base: str | None, node: ast.Subscript) -> ValueType:
    if base in _CALLABLES:
        return UnsupportedT(f"cannot generate values for a {base} hint ({ast.unparse(node)})")
    if base == "Type":
        return UnsupportedT(f"cannot generate classes ({ast.unparse(node)})")
    return UnsupportedT(f"cannot generate values of type {ast.unparse(node)}")


def _init_false(value: ast.expr | None) -> bool:
    if not isinstance(value, ast.Call) or _name_of(value.func) != "field":
        return False
    return any(k.arg == "init" and isinstance(k.value, ast.Constant) and k.value.value is False for k in value.keywords)


def _union(options: list[ValueType]) -> ValueType:
    flat: list[ValueType] = []
    for option in options:
        flat.extend(option.options if isinstance(option, UnionT) else [option])
    return flat[0] if len(flat) == 1 else UnionT(flat)


def _literal_type(node: ast.expr | None) -> ValueType | None:
    """The type of a literal default value (`sep=","` -> str), or None."""
    if node is None:
        return None
    try:
        value: Any = python_ast.literal_eval(node)
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        return None
    if value is None:
        return None
    inferred = infer_type([value])
    return None if isinstance(inferred, AnyT) else inferred


def _params(func: ast.FunctionDef | ast.AsyncFunctionDef, reader: HintReader, skip_first: bool) -> list[Param]:
    args = func.args
    positional = [(a, "positional_only") for a in args.posonlyargs] + [(a, "positional") for a in args.args]
    defaults: list[ast.expr | None] = [None] * (len(positional) - len(args.defaults)) + list(args.defaults)
    params: list[Param] = []
    for (arg, kind), default in zip(positional, defaults, strict=True):
        params.append(_param(arg, kind, default, reader))
    if args.vararg is not None:
        params.append(_param(args.vararg, "var_positional", None, reader))
    for arg, default in zip(args.kwonlyargs, args.kw_defaults, strict=True):
        params.append(_param(arg, "keyword_only", default, reader))
    if args.kwarg is not None:
        params.append(_param(args.kwarg, "var_keyword", None, reader))
    if skip_first and params and params[0].kind in ("positional", "positional_only"):
        params = params[1:]
    return params


def _param(arg: ast.arg, kind: str, default: ast.expr | None, reader: HintReader) -> Param:
    annotation = ast.unparse(arg.annotation) if arg.annotation is not None else None
    return Param(
        name=arg.arg,
        kind=kind,
        annotation=annotation,
        type=reader.read(arg.annotation),
        has_default=default is not None,
        default_type=_literal_type(default),
    )


def _decorator_names(node: ast.FunctionDef) -> set[str]:
    return {_name_of(d.func if isinstance(d, ast.Call) else d) or "" for d in node.decorator_list}


def read_signature(source: str, entry_point: str) -> Signature:
    """The entry point's parameters (for a class: its constructor's, and its public methods'; for a
    `Class.method` entry point, called on a fresh instance: the method's, without `self`)."""
    if not source.strip():
        raise SignatureError("the problem has no reference (the oracle for generated inputs)")
    try:
        tree = python_ast.parse(source)
    except SyntaxError as exc:
        raise SignatureError(f"the source does not parse: line {exc.lineno}: {exc.msg}") from None
    reader = HintReader(tree)
    if "." in entry_point:
        return _method_signature(tree, reader, entry_point)
    return _top_level_signature(tree, reader, entry_point)


def _top_level_signature(tree: ast.Module, reader: HintReader, entry_point: str) -> Signature:
    """A module-level function's parameters, or a class's constructor's and public methods'."""
    target = None
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and node.name == entry_point:
            target = node
    if target is None:
        raise SignatureError(f"no function or class named {entry_point!r} is defined at module level")
    if isinstance(target, ast.AsyncFunctionDef):
        raise SignatureError(f"{entry_point} is a coroutine function; generated inputs need a plain function")
    if isinstance(target, ast.FunctionDef):
        returns = ast.unparse(target.returns) if target.returns is not None else None
        return Signature(entry_point, EntryKind.FUNCTION, _params(target, reader, skip_first=False), returns=returns)
    return _class_signature(target, reader, entry_point)


def _class_signature(target: ast.ClassDef, reader: HintReader, entry_point: str) -> Signature:
    """A class entry point: its constructor's parameters (a record's fields without one) and its public methods'."""
    methods: dict[str, list[Param]] = {}
    params: list[Param] = []
    is_record = isinstance(reader._class(target), RecordT)
    for stmt in target.body:
        if not isinstance(stmt, ast.FunctionDef):
            continue
        decorators = _decorator_names(stmt)
        static = "staticmethod" in decorators
        if stmt.name == "__init__":
            params = _params(stmt, reader, skip_first=True)
        elif not stmt.name.startswith("_") and "property" not in decorators:
            methods[stmt.name] = _params(stmt, reader, skip_first=not static)
    if is_record and not params:
        record = reader._class(target)
        assert isinstance(record, RecordT)
        params = [Param(name, "positional", None, t) for name, t in record.fields]
    return Signature(entry_point, EntryKind.CLASS, params, methods)


def _method_signature(tree: ast.Module, reader: HintReader, entry_point: str) -> Signature:
    """`Solution.twoSum`: the method's parameters as a function's (`self` left out; a static method keeps all)."""
    owner_name, _, method_name = entry_point.partition(".")
    owner = next((n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == owner_name), None)
    if owner is None:
        raise SignatureError(f"no class named {owner_name!r} is defined at module level")
    method = next((n for n in owner.body if isinstance(n, ast.FunctionDef) and n.name == method_name), None)
    if method is None:
        raise SignatureError(f"class {owner_name!r} defines no plain method {method_name!r}")
    static = "staticmethod" in _decorator_names(method)
    returns = ast.unparse(method.returns) if method.returns is not None else None
    params = _params(method, reader, skip_first=not static)
    return Signature(entry_point, EntryKind.FUNCTION, params, returns=returns)
