"""CQ102: functions annotate their parameters and return type.

Parameters and return types should be annotated: hints document the
contract, let type checkers verify it, and let codeeval's edge-case
generator build inputs from them.

## Flagged

| what | severity |
|---|---|
| a public function with nothing annotated (two or more annotatable items) | warning |
| some parameters or the return type missing | suggestion |
| a private function (`_helper`) missing hints | suggestion, low relevance |

The message names what is missing: `` `scale` is missing type hints for
parameters `factor`, `*args` and the return type ``.

## Not flagged

- any spelling of an annotation: `List[int]`, `list[int]`, `"Vector"`,
  `int | None`, `Optional[int]`;
- `self` and `cls`; the return type of `__init__`;
- dunder methods other than `__init__` and `__call__` (their types are
  conventional); functions defined inside functions; lambdas; `@overload`
  stubs.

## Options

`private` (default `true`): also check private functions.

## Fix

When the return type is missing and the function returns nothing (no
`return value`, not a generator, not an abstract or `NotImplementedError`
stub), adds `-> None`. Nothing else changes.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from ...base.findings import Finding, Fix, Severity
from ..confidence import Evidence
from ..context import Context, FunctionScope
from ..rule import Rule

_CHECKED_DUNDERS = {"__init__", "__call__"}


def check(ctx: Context, options: Mapping[str, Any]) -> Iterator[Finding]:
    """At most one finding per checked function, naming the missing annotations."""
    for function in ctx.functions:
        if not _checked(function, options):
            continue
        params = function.parameters()
        missing = [function.label(param) for param in params if param.annotation is None]
        wants_return = function.name != "__init__"
        return_missing = wants_return and function.node.returns is None
        if missing or return_missing:
            yield _finding(ctx, function, missing, return_missing, len(params) + wants_return)


def _checked(function: FunctionScope, options: Mapping[str, Any]) -> bool:
    if function.in_function or "overload" in function.decorator_names:
        return False
    if function.is_dunder and function.name not in _CHECKED_DUNDERS:
        return False
    return function.is_public or options["private"]


def returns_nothing(function: FunctionScope) -> bool:
    """Safe to annotate `-> None`: no `return value`, no `yield`, and a real body (not an interface stub)."""
    return not (function.is_generator or function.is_stub or function.returns_value)


def _finding(ctx: Context, function: FunctionScope, missing: list[str], return_missing: bool, total: int) -> Finding:
    nothing = len(missing) + return_missing == total and total >= 2
    private = not function.is_public
    severity = Severity.WARNING if nothing and not private else Severity.SUGGESTION
    fix = _return_none_fix(function, still_missing=bool(missing)) if return_missing else None
    # A private helper's types are the author's business more than the reader's: low relevance, and even a
    # suggestion may be louder than it deserves.
    evidence = Evidence(
        relevance=0.35 if private else 0.9,
        accuracy=0.95,
        action="mechanical" if fix and not missing else "concrete",
        calibration=0.6 if private else 0.8 if severity is Severity.WARNING else 0.75,
    )
    what = "has no type hints" if nothing else f"is missing type hints for {_missing_text(missing, return_missing)}"
    return RULE.finding(
        range=ctx.source.name_range(function.node),
        symbol=function.key,
        message=f"`{function.qualname}` {what}",
        severity=severity,
        evidence=evidence,
        suggestion="Annotate them: hints document the contract and let type checkers and input generators use it.",
        fix=fix,
        missing=missing,
        return_missing=return_missing,
    )


def _return_none_fix(function: FunctionScope, still_missing: bool) -> Fix | None:
    if not returns_nothing(function):
        return None
    still = " (the parameters still need annotations)" if still_missing else ""
    return Fix(
        f"Add `-> None`: `{function.name}` returns nothing{still}", codemod="add-return-none", args=function.target()
    )


def _missing_text(missing: list[str], return_missing: bool) -> str:
    """ "parameters `a`, `b` and the return type"."""
    parts = (
        [f"parameter{'s' if len(missing) > 1 else ''} {', '.join(f'`{name}`' for name in missing)}"] if missing else []
    )
    return " and ".join(parts + (["the return type"] if return_missing else []))


RULE = Rule(
    id="CQ102",
    name="missing-type-hints",
    title="Missing or partial type hints",
    category="typing",
    summary="Functions should annotate their parameters and return type.",
    check=check,
    options={"private": True},
)
