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

The package's names are loaded on first use (`__getattr__`): importing one light module, such as
`values` or `frozen_suites`, does not load Hypothesis (0.6 s) with the rest.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

# name -> the module defining it
_WHERE = {
    "GenerationUnavailable": "plan",
    "Plan": "plan",
    "make_plan": "plan",
    "RobustnessFinding": "robustness",
    "RobustnessTarget": "robustness",
    "check_robustness": "robustness",
    "robustness_cases": "robustness",
    "PreconditionError": "sandboxed",
    "parse_preconditions": "sandboxed",
    "StrategyError": "strategies",
    "parse_strategy": "strategies",
    "GeneratedCase": "suite",
    "Suite": "suite",
    "build_suite": "suite",
    "example_cases": "suite",
    "settings_errors": "settings_check",
}


def __getattr__(name: str) -> Any:
    if name in _WHERE:
        return getattr(import_module(f"{__name__}.{_WHERE[name]}"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "GeneratedCase",
    "GenerationUnavailable",
    "Plan",
    "RobustnessFinding",
    "RobustnessTarget",
    "StrategyError",
    "Suite",
    "build_suite",
    "check_robustness",
    "make_plan",
    "parse_strategy",
    "robustness_cases",
    "settings_errors",
]
