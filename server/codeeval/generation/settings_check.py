"""`codeeval validate`'s static check of a problem's `edge_cases.generate` settings."""

from __future__ import annotations

from ..problem.definition import Problem
from .plan import GenerationUnavailable, make_plan
from .sandboxed import PreconditionError, parse_preconditions
from .suite import example_cases


def settings_errors(problem: Problem) -> list[str]:
    """Static problems with a problem's `edge_cases.generate` (for `codeeval validate`): strategy expressions
    and preconditions that do not parse, strategies for parameters that do not exist. Nothing runs."""
    spec = problem.edge_cases.generate
    if not spec.enabled:
        return []
    errors = []
    try:
        parse_preconditions(list(spec.preconditions))
    except PreconditionError as exc:
        errors.append(f"edge_cases.generate.{exc}")
    try:
        make_plan(problem.reference, problem.entry_point, example_cases(problem), spec.strategies)
    except GenerationUnavailable as exc:
        if "strategies" in str(exc):
            errors.append(str(exc))
    return errors
