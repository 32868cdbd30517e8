"""CQ108: blocks nest no deeper than a limit (default 4).

Blocks should not nest so deep that a reader loses track of which conditions hold (default limit 4).

## How it is counted

Each `if`, loop, `with`, `try` (and its handlers) and `match` opens a level; `elif` stays at its `if`'s level;
statements directly in the body are at level 0. The message names the line that opens the deepest block. Nested
functions start again at 0.

## What to do

Return or `continue` early for special cases, and move the innermost loop into a helper. There is no automatic fix:
restructuring is a judgment call.
"""

from __future__ import annotations

from ..confidence import Tiers
from .threshold import Measure, threshold_rule

MEASURE = Measure(
    value=lambda metrics: metrics.nesting,
    tiers=Tiers(warning_at=1.5, critical_at=2.0),
    accuracy=0.9,
    describe=lambda fn, metrics, limit: (
        f"`{fn.qualname}` nests blocks {metrics.nesting} deep at line {metrics.nesting_line} (limit {limit})"
    ),
    suggestion="Return or continue early for the special cases, and move the innermost loop into a helper.",
)


RULE = threshold_rule(
    id="CQ108",
    name="nesting-depth",
    title="Nesting depth",
    category="complexity",
    default=4,
    measure=MEASURE,
    summary="Blocks should not nest so deep that a reader loses track of which conditions hold.",
)
