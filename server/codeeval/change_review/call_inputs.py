"""The inputs a changed function is run on: the repository's own literal calls and doctest examples first,
then values generated from the signature, hints and defaults (`generation`'s value types: boundary values,
mutations of them and of the examples, random samples), every one a `Case` with the value it came from."""

from __future__ import annotations

import ast
from dataclasses import dataclass

from ..base import python_ast
from ..base.catalog import CaseOrigin
from ..generation.plan import Plan, constant_pool
from ..generation.suite import function_boundary
from ..generation.value_types import TupleT
from ..generation.values import value_key
from ..problem.definition import Case
from .examples import literal_case

DEFAULT_COUNT = 120


@dataclass(frozen=True)
class ReviewInput:
    """One input: the case sent to both versions, its value in the plan's terms (None when it cannot be
    shrunk: a call that does not fit the plan's layout), and where it came from."""

    case: Case
    value: tuple | None
    origin: str


def doctest_calls(function_text: str, short: str) -> list[Case]:
    """`>>> f(1, 2)` lines of the function's docstring whose arguments are literals."""
    cases = []
    for line in function_text.splitlines():
        stripped = line.strip()
        if not stripped.startswith(">>> ") or short not in stripped:
            continue
        try:
            node = python_ast.parse(stripped[4:], mode="eval")
        except (SyntaxError, ValueError):
            continue
        call = node.body
        if isinstance(call, ast.Call):
            case = literal_case(call, "docstring")
            if case is not None:
                cases.append(case)
    return cases


def value_of(plan: Plan, case: Case) -> tuple | None:
    """The case as a value of the plan's argument tuple, when its arguments fit the plan's layout."""
    if not isinstance(plan.top, TupleT) or plan.top.variadic:
        return None
    by_name: dict = dict(case.kwargs)
    positional = [name for name, how in plan.layout if how == "arg"]
    if len(case.args) > len(positional):
        return None
    by_name.update(zip(positional, case.args, strict=False))
    if set(by_name) != {name for name, _ in plan.layout}:
        return None
    value = tuple(by_name[name] for name, _ in plan.layout)
    return value if plan.top.accepts(value) else None


def review_inputs(
    plan: Plan | None, examples: list[Case], constants: str, count: int = DEFAULT_COUNT
) -> list[ReviewInput]:
    """The examples (as given) and then generated values, without duplicates, `count` at most in all."""
    out: list[ReviewInput] = []
    keys: set[str] = set()

    def add(item: ReviewInput) -> None:
        key = value_key((item.case.args, item.case.kwargs))
        if key not in keys and len(out) < count:
            keys.add(key)
            out.append(item)

    for case in examples:
        add(ReviewInput(case, value_of(plan, case) if plan else None, case.name or "the repository"))
    if plan is None or not isinstance(plan.top, TupleT):
        return out
    for value in _generated(plan, plan.top, constants, count):
        add(ReviewInput(plan.to_case(value, origin=CaseOrigin.GENERATED), value, "generated"))
    return out


def _generated(plan: Plan, top: TupleT, constants: str, count: int) -> list:
    ctx = constant_pool(constants, plan.examples)
    ctx.rng.seed(f"review:{plan.entry_point}")
    values = function_boundary(top, ctx, plan.examples)[: count // 2]
    corpus = list(plan.examples) + values or [top.default()]
    values += [top.mutate(ctx.rng.choice(corpus), ctx) for _ in range(count // 4)]
    values += [top.sample(ctx) for _ in range(count // 4)]
    return [v for v in values if top.accepts(v)]
