"""CQ101: public modules, classes and functions say what they are for.

Public modules, classes and functions should say what they are for. A
docstring is what an editor shows on hover and what a reviewer reads first.

## Flagged

| what | severity |
|---|---|
| a public top-level function or class with no (or an empty) docstring | warning |
| a public method; a function of three code lines or fewer; a class whose body is only `pass`/`...` | suggestion |
| a module with public definitions and no docstring | suggestion |

## Not flagged

- private names (`_helper`, methods of `_Private` classes), anything
  defined inside a function (local helpers, closures);
- dunder methods (`__init__`, `__eq__`...): the class docstring covers them;
- property setters and deleters, `@overload` stubs, `test_*` functions.

## Confidence

Accuracy is high (a docstring is there or not). Relevance is lower for short
functions, for methods of subclasses (they may be documented upstream) and
for the module docstring of a file with a single definition (the
definition's own docstring usually says it all), which is therefore often a
low-relevance finding.

## Options

`modules` (default `true`): require module docstrings. `methods` (default
`true`): require docstrings on public methods.

```yaml
quality:
  rules:
    CQ101: {modules: false}
```

## Fix

Inserts a stub to fill in, listing the parameters (and `Returns:` when the
function returns a value), indented to match the body. A one-line body is
split onto its own line; comments stay where they were.

```python
def area(width: float, height: float) -> float:
    \"""TODO: say what `area` does.

    Args:
        width: TODO.
        height: TODO.

    Returns:
        TODO.
    \"""
    return width * height
```
"""

from __future__ import annotations

import ast
from collections.abc import Iterator, Mapping
from typing import Any

from ...base.findings import Finding, Fix, Range, Severity
from ..confidence import Evidence
from ..context import ClassScope, Context, FunctionScope, Scope, is_docstring
from ..rule import Rule

_SKIPPED_DECORATORS = {"setter", "deleter", "overload"}


def check(ctx: Context, options: Mapping[str, Any]) -> Iterator[Finding]:
    """Findings for the module, public classes and public functions without a docstring."""
    top_level = [scope for scope in [*ctx.classes, *ctx.functions] if scope.parent is ctx.module and scope.is_public]
    if options["modules"] and top_level and _missing(ctx.tree) is not None:
        yield _module_finding(ctx, len(top_level))
    for cls in ctx.classes:
        if cls.is_public and not cls.in_function and _missing(cls.node) is not None:
            yield _class_finding(ctx, cls)
    for function in ctx.functions:
        if _documentable(function, options) and _missing(function.node) is not None:
            yield _function_finding(ctx, function)


def _documentable(function: FunctionScope, options: Mapping[str, Any]) -> bool:
    if not function.is_public or function.in_function or function.is_dunder:
        return False
    if function.name.startswith("test") or _SKIPPED_DECORATORS & function.decorator_names:
        return False
    return options["methods"] or not function.is_method


def _missing(node: ast.AST) -> str | None:
    """None when there is a non-empty docstring, else what is wrong: 'no' or 'an empty'."""
    body = getattr(node, "body", [])
    if not body or not is_docstring(body[0]):
        return "no"
    return None if body[0].value.value.strip() else "an empty"


def _stub_fix(scope: Scope, what: str) -> Fix:
    extra = {}
    if isinstance(scope, FunctionScope):
        extra = {
            "params": [scope.label(param) for param in scope.parameters()],
            "returns": scope.returns_value and not scope.is_generator,
        }
    return Fix(f"Insert a docstring stub for {what}", codemod="docstring-stub", args=scope.target(**extra))


def _module_finding(ctx: Context, definitions: int) -> Finding:
    first = ctx.source.line(1)
    several = definitions > 1
    # One definition: the function's own docstring says it all; keep the finding but say we are unsure.
    evidence = Evidence(
        relevance=0.6 if several else 0.3, accuracy=0.95, action="mechanical", calibration=0.75 if several else 0.5
    )
    return RULE.finding(
        range=Range(1, 0, 1, len(first)),
        message=f"module has {_missing(ctx.tree)} docstring",
        severity=Severity.SUGGESTION,
        evidence=evidence,
        scope="module",
        suggestion="Start the file with a docstring saying what the module provides.",
        fix=_stub_fix(ctx.module, "the module"),
    )


def _class_finding(ctx: Context, cls: ClassScope) -> Finding:
    trivial = all(is_docstring(stmt) or isinstance(stmt, (ast.Pass, ast.Expr)) for stmt in cls.node.body)
    evidence = Evidence(relevance=0.6 if trivial else 0.9, accuracy=0.95, action="mechanical", calibration=0.8)
    return RULE.finding(
        range=ctx.source.name_range(cls.node),
        symbol=cls.key,
        message=f"public class `{cls.qualname}` has {_missing(cls.node)} docstring",
        severity=Severity.SUGGESTION if trivial else Severity.WARNING,
        evidence=evidence,
        suggestion="Say what the class represents and how it is meant to be used.",
        fix=_stub_fix(cls, f"class `{cls.qualname}`"),
    )


def _function_finding(ctx: Context, function: FunctionScope) -> Finding:
    kind = "method" if function.is_method else "function"
    short = ctx.metrics[function].lines <= 3  # a short function's name and signature often say enough
    inherited = function.class_scope is not None and function.class_scope.has_bases  # may document itself upstream
    relevance = 0.6 if inherited else 0.7 if short else 0.9
    evidence = Evidence(relevance=relevance, accuracy=0.95, action="mechanical", calibration=0.8)
    return RULE.finding(
        range=ctx.source.name_range(function.node),
        symbol=function.key,
        message=f"public {kind} `{function.qualname}` has {_missing(function.node)} docstring",
        severity=Severity.SUGGESTION if function.is_method or short else Severity.WARNING,
        evidence=evidence,
        suggestion="Say what it returns and what each parameter means, in a docstring.",
        fix=_stub_fix(function, f"`{function.qualname}`"),
    )


RULE = Rule(
    id="CQ101",
    name="missing-docstring",
    title="Missing docstring",
    category="docs",
    summary="Public modules, classes and functions should have a docstring saying what they are for.",
    check=check,
    options={"modules": True, "methods": True},
)
