"""One parse, one traversal: the scopes of a module and the nodes each one owns, shared by every rule.

Each scope (the module, each class, each function) owns the nodes that belong
to it and not to a nested function or class, grouped by node type, so a rule
asks `scope.nodes_of(ast.Return)` instead of walking the tree again.
"""

from __future__ import annotations

import ast
from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any, TypeVar, overload

from .source import SourceText

N = TypeVar("N", bound=ast.AST)
M = TypeVar("M", bound=ast.AST)
L = TypeVar("L", bound=ast.AST)
FunctionNode = ast.FunctionDef | ast.AsyncFunctionDef
_DEFS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)


@dataclass(eq=False)
class Scope:
    """A module, class or function, and the nodes that belong to it rather than to a nested one."""

    node: ast.AST
    qualname: str
    parent: Scope | None
    nodes: dict[type, list[ast.AST]] = field(default_factory=lambda: defaultdict(list), repr=False)
    key: str = ""  # unique name in the report: the qualname, or qualname@line for a redefinition
    ordinal: int = 0  # earlier definitions of the same kind and qualname (a libcst codemod finds it by this)

    @overload
    def nodes_of(self, kind: type[N], /) -> list[N]: ...
    @overload
    def nodes_of(self, kind: type[N], other: type[M], /) -> list[N | M]: ...
    @overload
    def nodes_of(self, kind: type[N], other: type[M], third: type[L], /) -> list[N | M | L]: ...
    @overload
    def nodes_of(self, *types: type[ast.AST]) -> list[ast.AST]: ...

    def nodes_of(self, *types: type[ast.AST]) -> list[Any]:
        """This scope's nodes of these types (one type: in document order; several: type by type)."""
        if len(types) == 1:
            return self.nodes.get(types[0], [])
        return [node for kind in types for node in self.nodes.get(kind, [])]

    @property
    def name(self) -> str:
        return self.qualname.rsplit(".", 1)[-1]

    @property
    def is_public(self) -> bool:
        """Public means its name and every enclosing class's name has no leading underscore."""
        scope: Scope | None = self
        while scope is not None and not isinstance(scope, ModuleScope):
            if scope.name.startswith("_") and not _is_dunder(scope.name):
                return False
            scope = scope.parent
        return True

    def target(self, **extra: object) -> dict:
        """Where a lazy fix applies: enough for a libcst codemod to find this definition again."""
        kind = "module" if isinstance(self, ModuleScope) else "class" if isinstance(self, ClassScope) else "function"
        return {"kind": kind, "qualname": self.qualname, "ordinal": self.ordinal, **extra}

    @property
    def in_function(self) -> bool:
        """Defined inside a function body (a local helper, closure or local class)."""
        scope = self.parent
        while scope is not None:
            if isinstance(scope, FunctionScope):
                return True
            scope = scope.parent
        return False


@dataclass(eq=False)
class ModuleScope(Scope):
    pass


@dataclass(eq=False)
class ClassScope(Scope):
    """A class body."""

    node: ast.ClassDef

    @property
    def has_bases(self) -> bool:
        """Subclasses something other than `object`: its methods may implement someone else's API."""
        return any(not (isinstance(base, ast.Name) and base.id == "object") for base in self.node.bases) or bool(
            self.node.keywords
        )


@dataclass(eq=False)
class FunctionScope(Scope):
    """A function or method: its node, where it sits, and facts the rules ask about it."""

    node: FunctionNode

    @property
    def class_scope(self) -> ClassScope | None:
        """The class this function is a method of, if it is defined directly in a class body."""
        return self.parent if isinstance(self.parent, ClassScope) else None

    @property
    def is_method(self) -> bool:
        return self.class_scope is not None

    @property
    def is_dunder(self) -> bool:
        return _is_dunder(self.name)

    @property
    def decorator_names(self) -> set[str]:
        """Last dotted part of each decorator: `functools.cache` -> `cache`, `x.setter` -> `setter`."""
        names = set()
        for decorator in self.node.decorator_list:
            target = decorator.func if isinstance(decorator, ast.Call) else decorator
            if isinstance(target, ast.Attribute):
                names.add(target.attr)
            elif isinstance(target, ast.Name):
                names.add(target.id)
        return names

    @property
    def is_static(self) -> bool:
        return "staticmethod" in self.decorator_names

    def parameters(self, include_receiver: bool = False) -> list[ast.arg]:
        """All parameters in order; without the method's `self`/`cls` unless asked."""
        args = self.node.args
        params = [*args.posonlyargs, *args.args]
        if self.is_method and not self.is_static and params and not include_receiver:
            params = params[1:]
        params += [args.vararg] if args.vararg else []
        params += args.kwonlyargs
        params += [args.kwarg] if args.kwarg else []
        return params

    def label(self, param: ast.arg) -> str:
        """How a parameter is written in the signature: `x`, `*args`, `**kwargs`."""
        if param is self.node.args.vararg:
            return f"*{param.arg}"
        if param is self.node.args.kwarg:
            return f"**{param.arg}"
        return param.arg

    @property
    def returns_value(self) -> bool:
        """Some `return` gives a value other than None."""
        return any(
            ret.value is not None and not (isinstance(ret.value, ast.Constant) and ret.value.value is None)
            for ret in self.nodes_of(ast.Return)
        )

    @property
    def unit(self) -> FunctionScope:
        """The outermost function containing this one (itself at top level): the unit scoring caps."""
        unit: FunctionScope = self
        scope = self.parent
        while scope is not None:
            if isinstance(scope, FunctionScope):
                unit = scope
            scope = scope.parent
        return unit

    @property
    def docstring(self) -> str | None:
        return ast.get_docstring(self.node, clean=False)

    @property
    def body_start(self) -> int:
        """First line of the body after the docstring (past the end when there is nothing else)."""
        body = self.node.body[1:] if is_docstring(self.node.body[0]) else self.node.body
        return body[0].lineno if body else (self.node.end_lineno or self.node.lineno) + 1

    @property
    def is_generator(self) -> bool:
        return bool(self.nodes_of(ast.Yield, ast.YieldFrom))

    @property
    def is_stub(self) -> bool:
        """The body only documents, passes or raises NotImplementedError: an interface, not an implementation."""
        if {"overload", "abstractmethod"} & self.decorator_names:
            return True
        body = [stmt for stmt in self.node.body if not is_docstring(stmt)]
        return all(_is_placeholder(stmt) for stmt in body)


@dataclass
class Context:
    """Everything rules share about one parsed file."""

    source: SourceText
    tree: ast.Module
    module: ModuleScope
    classes: list[ClassScope]
    functions: list[FunctionScope]
    metrics: dict = field(default_factory=dict)  # FunctionScope -> FunctionMetrics, filled by metrics.measure_all

    def scopes(self) -> Iterator[Scope]:
        yield self.module
        yield from self.classes
        yield from self.functions


def build(source: SourceText, tree: ast.Module) -> Context:
    """Index a parsed module: its scopes in document order, each with its own nodes grouped by type."""
    module = ModuleScope(tree, "", None)
    classes: list[ClassScope] = []
    functions: list[FunctionScope] = []
    pending: list[tuple[Scope, list[ast.AST]]] = [(module, list(tree.body))]
    while pending:
        scope, roots = pending.pop()
        for inner, inner_roots in _index(scope, roots):
            if isinstance(inner, ClassScope):
                classes.append(inner)
            else:
                functions.append(inner)
            pending.append((inner, inner_roots))
    # Scopes were found scope by scope; document order is what ordinals and reports need.
    classes.sort(key=lambda scope: (scope.node.lineno, scope.node.col_offset))
    functions.sort(key=lambda scope: (scope.node.lineno, scope.node.col_offset))
    _assign_keys(classes)
    _assign_keys(functions)
    return Context(source, tree, module, classes, functions)


def _index(scope: Scope, roots: list[ast.AST]) -> list[tuple[ClassScope | FunctionScope, list[ast.AST]]]:
    """Group the nodes under `roots` into `scope.nodes`, stopping at nested definitions (returned, to do next).

    Children are pushed in reverse so each type's list comes out in document order. Decorators, base
    classes and return annotations of a nested definition run in this scope; its parameters and body
    belong to the new one.
    """
    nodes = scope.nodes
    found: list[tuple[ClassScope | FunctionScope, list[ast.AST]]] = []
    stack = list(reversed(roots))
    push, pop, ast_node = stack.append, stack.pop, ast.AST
    while stack:
        node = pop()
        nodes[type(node)].append(node)
        if isinstance(node, _DEFS):
            inner = _new_scope(node, scope)
            body: list[ast.AST]
            outer: list[ast.AST]
            if isinstance(node, ast.ClassDef):
                body, outer = list(node.body), [*node.bases, *node.keywords]
            else:
                body, outer = [node.args, *node.body], [node.returns] if node.returns else []
            found.append((inner, body))
            stack.extend(reversed([*node.decorator_list, *outer]))
            continue
        for name in reversed(node._fields):
            value = getattr(node, name, None)
            if isinstance(value, ast_node):
                push(value)
            elif isinstance(value, list):
                for item in reversed(value):
                    if isinstance(item, ast_node):
                        push(item)
    return found


def _new_scope(node: ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef, owner: Scope) -> ClassScope | FunctionScope:
    qualname = f"{owner.qualname}.{node.name}" if owner.qualname else node.name
    if isinstance(node, ast.ClassDef):
        return ClassScope(node, qualname, owner)
    return FunctionScope(node, qualname, owner)


def _assign_keys(scopes: list[ClassScope] | list[FunctionScope]) -> None:
    seen: dict[str, int] = {}
    for scope in scopes:
        count = seen.get(scope.qualname, 0)
        scope.ordinal = count
        scope.key = scope.qualname if count == 0 else f"{scope.qualname}@{scope.node.lineno}"
        seen[scope.qualname] = count + 1


def _is_dunder(name: str) -> bool:
    return len(name) > 4 and name.startswith("__") and name.endswith("__")


def is_docstring(stmt: ast.stmt) -> bool:
    return isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant) and isinstance(stmt.value.value, str)


def _is_placeholder(stmt: ast.stmt) -> bool:
    if isinstance(stmt, ast.Pass):
        return True
    if isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant) and stmt.value.value is Ellipsis:
        return True
    if isinstance(stmt, ast.Raise) and stmt.exc is not None:
        exc = stmt.exc.func if isinstance(stmt.exc, ast.Call) else stmt.exc
        return isinstance(exc, ast.Name) and exc.id == "NotImplementedError"
    return False
