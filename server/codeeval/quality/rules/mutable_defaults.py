"""CQ111: no mutable default arguments.

A default value is evaluated once, when `def` runs, and shared by every
call. A mutable one (`[]`, `{}`, `set()`, `list()`, `dict()`, `deque()`,
`defaultdict(...)`, comprehensions...) leaks state from call to call.

## Severity follows what the function does with it

| the function... | severity |
|---|---|
| mutates it (`.append`, `.add`, `.update`, `x[k] = v`, `del x[k]`, `x += [...]`...) | critical |
| returns it (callers then share the one default object) | warning |
| only reads it (harmless today, a trap for the next edit) | suggestion, low relevance |

Positional-only and keyword-only defaults are checked too. Immutable
defaults (`None`, `()`, `0`, `"text"`, `frozenset()`, a module constant)
are fine.

## Fix

When the default is a plain literal (`[]`, `{}`, `set()`, `[1, 2]`,
`{"a": 1}`, `list()`, `dict()`...), so that building it on each call gives
the same value:

```python
def collect(item, into=[]):        def collect(item, into=None):
    into.append(item)       ->         if into is None:
    return into                            into = []
                                       into.append(item)
                                       return into
```

The guard goes after the docstring; an annotation gains `| None`
(`list[int]` becomes `list[int] | None`, inside quotes for a string
annotation). Each call of the fixed function behaves like the *first* call
of the original: the only behaviour that changes is the state that used to
leak between calls (and an explicit `None` argument, now the same as
omitting it).
"""

from __future__ import annotations

import ast
from collections.abc import Iterator, Mapping
from typing import Any

from ...base.findings import Finding, Fix, Severity
from ..confidence import Evidence
from ..context import Context, FunctionScope
from ..rule import Rule

_MUTABLE_CALLS = {"list", "dict", "set", "bytearray", "defaultdict", "deque", "OrderedDict", "Counter"}
_MUTATORS = {
    "append",
    "extend",
    "insert",
    "pop",
    "popitem",
    "remove",
    "clear",
    "sort",
    "reverse",
    "add",
    "discard",
    "update",
    "setdefault",
    "appendleft",
    "extendleft",
    "popleft",
    "rotate",
    "__setitem__",
    "__delitem__",
    "__iadd__",
    "difference_update",
    "intersection_update",
    "symmetric_difference_update",
}


def check(ctx: Context, options: Mapping[str, Any]) -> Iterator[Finding]:
    """A finding for each parameter whose default is a mutable object."""
    for function in ctx.functions:
        for param, default in _defaults(function.node.args):
            if _is_mutable(default):
                yield _finding(ctx, function, param, default)


def _defaults(args: ast.arguments) -> Iterator[tuple[ast.arg, ast.expr]]:
    positional = [*args.posonlyargs, *args.args]
    yield from zip(positional[len(positional) - len(args.defaults) :], args.defaults, strict=True)
    yield from (
        (param, default)
        for param, default in zip(args.kwonlyargs, args.kw_defaults, strict=True)
        if default is not None
    )


def _is_mutable(node: ast.expr) -> bool:
    if isinstance(node, (ast.List, ast.Dict, ast.Set, ast.ListComp, ast.DictComp, ast.SetComp)):
        return True
    if isinstance(node, ast.Call):
        func = node.func
        name = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""
        return name in _MUTABLE_CALLS
    return False


def is_plain_literal(node: ast.expr) -> bool:
    """Evaluating it again gives an equal, fresh object: constants only, no names or calls with arguments."""
    if isinstance(node, ast.Constant):
        return True
    if isinstance(node, (ast.List, ast.Set, ast.Tuple)):
        return all(is_plain_literal(element) for element in node.elts)
    if isinstance(node, ast.Dict):
        return all(key is not None and is_plain_literal(key) for key in node.keys) and all(
            is_plain_literal(value) for value in node.values
        )
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
        return node.func.id in {"list", "dict", "set", "bytearray"} and not node.args and not node.keywords
    return False


def _usage(function: FunctionScope, name: str) -> str:
    """'mutated', 'returned' or 'read': the worst thing the function visibly does with the parameter."""
    for call in function.nodes_of(ast.Call):
        func = call.func
        if isinstance(func, ast.Attribute) and _is_name(func.value, name) and func.attr in _MUTATORS:
            return "mutated"
    for target in function.nodes_of(ast.Subscript):
        if isinstance(target.ctx, (ast.Store, ast.Del)) and _is_name(target.value, name):
            return "mutated"
    for aug in function.nodes_of(ast.AugAssign):
        if _is_name(aug.target, name):
            return "mutated"  # `items += [x]` extends the shared list in place
    for node in function.nodes_of(ast.Return, ast.Yield):
        if node.value is not None and _is_name(node.value, name):
            return "returned"
    return "read"


def _is_name(node: ast.AST, name: str) -> bool:
    return isinstance(node, ast.Name) and node.id == name


_SEVERITY = {"mutated": Severity.CRITICAL, "returned": Severity.WARNING, "read": Severity.SUGGESTION}
_CONSEQUENCE = {
    "mutated": "the function mutates it, so every call sees what earlier calls left in it",
    "returned": "the function returns it, so callers share and can change the one default object",
    "read": "it is only read today, but one `.append` later every call would share the changes",
}


def _finding(ctx: Context, function: FunctionScope, param: ast.arg, default: ast.expr) -> Finding:
    usage = _usage(function, param.arg)
    fixable = is_plain_literal(default)
    fix = (
        Fix(
            f"Default `{param.arg}` to None and create a fresh `{ast.unparse(default)}` in the body",
            codemod="mutable-default",
            args=function.target(param=param.arg),
        )
        if fixable
        else None
    )
    evidence = Evidence(
        relevance=0.9 if usage != "read" else 0.5,
        accuracy=0.95 if usage != "read" else 0.7,
        action="mechanical" if fix else "concrete",
        calibration=0.85,
    )
    return RULE.finding(
        range=ctx.source.node_range(default),
        symbol=function.key,
        severity=_SEVERITY[usage],
        message=f"parameter `{param.arg}` of `{function.qualname}` has a mutable default "
        f"`{ast.unparse(default)}`: {_CONSEQUENCE[usage]}",
        evidence=evidence,
        fix=fix,
        parameter=param.arg,
        usage=usage,
        suggestion=f"Use `{param.arg}=None` and create the object inside the function.",
    )


RULE = Rule(
    id="CQ111",
    name="mutable-default",
    title="Mutable default argument",
    category="robustness",
    summary="Default values are shared by every call: a mutable one leaks state between calls.",
    check=check,
)
