"""CQ104: cyclomatic complexity (decision points, as radon counts them) stays under a limit (default 10).

A function's cyclomatic complexity (independent paths through it) should stay within a limit (default 10).

## How it is counted

Each `if`/`elif`, loop (and loop `else`), `except` handler (and `try`'s `else`), `case` (but a final catch-all),
`assert`, boolean operator, comprehension and conditional expression adds a path to understand and to test. The
count is radon's definition (`radon.visitors.ComplexityVisitor`), made from the nodes codeeval has already indexed
rather than by walking the tree again; the test suite holds it equal to radon's on every bundled sample and several
standard-library modules. One deliberate difference: `except*` handlers count like `except` handlers (radon 6 skips
them). Nested functions are measured on their own.

## What to do

Move independent decisions into helper functions, or replace a long if/elif chain with a lookup table. There is no
automatic fix: restructuring is a judgment call.
"""

from __future__ import annotations

from ..confidence import Tiers
from .threshold import Measure, threshold_rule

MEASURE = Measure(
    value=lambda metrics: metrics.complexity,
    tiers=Tiers(warning_at=1.25, critical_at=2.0),
    accuracy=0.95,  # radon's count is exact; whether it hurts is what the tiers judge
    describe=lambda fn, metrics, limit: (
        f"`{fn.qualname}` has cyclomatic complexity {metrics.complexity} (limit {limit})"
    ),
    suggestion="Move independent decisions into well-named helper functions, or replace long if/elif "
    "chains with a lookup table.",
)


RULE = threshold_rule(
    id="CQ104",
    name="cyclomatic-complexity",
    title="Cyclomatic complexity",
    category="complexity",
    default=10,
    measure=MEASURE,
    summary="A function's cyclomatic complexity (independent paths through it) should stay under the limit.",
)
