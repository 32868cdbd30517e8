"""Inputs generated from a signature: boundary values, mutated examples and Hypothesis exploration.

Used by the edge-case dimension (with the reference as oracle, see
`dimensions/edge_cases.py`) and, for files without a problem, by the language
server's robustness check (`robustness_cases`, `check_robustness`).

Modules:
- `value_types`: the value model (boundary, mutation, Hypothesis strategy, shrinking per kind of value),
  and types inferred from example values, hints refined by them (`value_types.inference`)
- `hints`: signatures and type hints read with `ast` (never importing the code)
- `strategies`: the per-parameter strategy expression language (parsed, never eval'd)
- `plan`: a parameter layout and a type per parameter for one entry point
- `sandboxed`: code appended to the reference in the sandbox (preconditions, record building)
- `suite`: the three phases under a budget, filtered through the guarded reference
- `shrink`, `counterexamples`, `pytest_text`: minimal counterexamples and their pytest tests
- `shared_suite`: one suite per problem context
- `robustness`: generation and crash checks without a reference
"""

from .plan import GenerationUnavailable, Plan, make_plan
from .robustness import RobustnessFinding, RobustnessTarget, check_robustness, robustness_cases
from .sandboxed import PreconditionError, parse_preconditions
from .strategies import StrategyError, parse_strategy
from .suite import GeneratedCase, Suite, build_suite, example_cases

__all__ = ["GeneratedCase", "GenerationUnavailable", "Plan", "RobustnessFinding", "RobustnessTarget", "StrategyError",
           "Suite", "build_suite", "check_robustness", "make_plan", "parse_strategy", "robustness_cases",
           "settings_errors"]


def settings_errors(problem) -> list[str]:
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
