"""CQ105: cognitive complexity (how hard the control flow is to follow) stays under a limit (default 15).

A function's cognitive complexity (how hard its control flow is to follow) should stay within a limit (default 15).

## How it is counted

Counted as in G. Ann Campbell's *Cognitive Complexity* (SonarSource, 2017), for Python: +1 for each `if`, `elif`,
`else`, loop, loop `else`, `except`, `match`, conditional expression and run of like boolean operators (`a and b and
c` is one run, `a and b or c` two); `if`, loops, `except`, `match`, conditional expressions and lambdas also add
their nesting level. Recursion is not counted (it is the natural shape of many solutions). Nested functions are
measured on their own.

## What to do

Return early for special cases and move nested loops into helper functions. There is no automatic fix: restructuring
is a judgment call.
"""

from __future__ import annotations

from ..confidence import Tiers
from .threshold import Measure, threshold_rule

MEASURE = Measure(
    value=lambda metrics: metrics.cognitive,
    tiers=Tiers(warning_at=1.4, critical_at=2.0),
    accuracy=0.85,  # a published but informal definition, adapted to Python's constructs
    describe=lambda fn, metrics, limit: f"`{fn.qualname}` has cognitive complexity {metrics.cognitive} (limit {limit})",
    suggestion="Flatten it: return early for special cases, and move nested loops and conditions into "
    "helper functions.",
)


RULE = threshold_rule(
    id="CQ105",
    name="cognitive-complexity",
    title="Cognitive complexity",
    category="complexity",
    default=15,
    measure=MEASURE,
    summary="A function's control flow should be easy to follow: nesting and breaks in linear flow add up.",
)
