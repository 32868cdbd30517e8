"""How each program benchmark's own evaluator judges: its checker, its time per test, the imports it runs first.

The importers write these into problem files and the reward layer builds problems from verl's ground truths
with them, so a sample is judged the same way whichever path it takes (docs/problem-format.md, "Which checker
each imported benchmark gets, and why").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .program_definition import Checker, CheckerSpec


@dataclass(frozen=True)
class BenchmarkRules:
    """One benchmark's checker for stdin tests, its time limit per test, and its prelude for call tests."""

    checker: CheckerSpec
    time_per_test_s: float
    prelude: str = ""

    def checker_mapping(self) -> dict[str, Any] | str:
        """The checker as a problem file writes it."""
        spec = self.checker
        if not spec.abs_tol and not spec.rel_tol:
            return spec.kind.value
        tolerances = {name: value for name, value in (("abs_tol", spec.abs_tol), ("rel_tol", spec.rel_tol)) if value}
        return {"kind": spec.kind.value, **tolerances}


# What LiveCodeBench runs before every solution (lcb_runner/evaluation/testing_util.py, `import_string`).
_LIVECODEBENCH_MODULES = (
    *("string", "re", "datetime", "collections", "heapq", "bisect", "copy", "math", "random", "statistics"),
    *("itertools", "functools", "operator", "io", "sys", "json"),
)
LIVECODEBENCH_PRELUDE = (
    "".join(f"from {name} import *\n" for name in (*_LIVECODEBENCH_MODULES, "builtins", "typing"))
    + "".join(f"import {name}\n" for name in _LIVECODEBENCH_MODULES)
    + "sys.setrecursionlimit(50000)\n"
)

# What APPS' evaluator (and TACO's, its descendant) puts before a call-based solution; numpy left out.
_APPS_MODULES = ("sys", "time", "itertools", "collections", "math", "fractions", "random", "heapq")
_APPS_NAMES = {
    "itertools": "accumulate, product, permutations, combinations",
    "collections": "Counter, OrderedDict, deque, defaultdict, ChainMap",
    "functools": "lru_cache",
    "math": "sqrt, sin, cos, tan, ceil, fabs, floor, gcd, exp, log, log2",
    "typing": "List, Tuple",
    "heapq": "*",
}
APPS_PRELUDE = "".join(f"import {module}\n" for module in _APPS_MODULES) + "".join(
    f"from {module} import {names}\n" for module, names in _APPS_NAMES.items()
)

# LiveCodeBench: lines stripped, compared line by line, 6 s a test.
LIVECODEBENCH = BenchmarkRules(CheckerSpec(Checker.LINES), 6.0, LIVECODEBENCH_PRELUDE)
# APPS and TACO: a 4 s alarm per test; outputs accepted as numbers within numpy.allclose's defaults.
APPS = BenchmarkRules(CheckerSpec(Checker.TOKENS, abs_tol=1e-8, rel_tol=1e-5), 4.0, APPS_PRELUDE)
# CodeContests' OutputsMatch: whitespace-split tokens, lowercased, doubles within 1e-5 absolute.
CODECONTESTS = BenchmarkRules(CheckerSpec(Checker.CASE_INSENSITIVE, abs_tol=1e-5), 5.0)
# open-r1's code reward: each stripped line, a 5 s subprocess per test.
OPEN_R1 = BenchmarkRules(CheckerSpec(Checker.LINES), 5.0)
