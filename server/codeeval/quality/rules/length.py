"""CQ106: functions stay short (default 40 lines of code).

Functions should be short enough to read at once: at most 40 lines of code by default.

## How it is counted

Only lines holding code count: not the signature, the docstring, blank lines, comment lines, or nested functions and
classes (each is measured on its own). Documenting and commenting never costs points.

## What to do

Split the function into named steps. There is no automatic fix: restructuring is a judgment call.
"""

from __future__ import annotations

from ..confidence import Tiers
from .threshold import Measure, threshold_rule

MEASURE = Measure(
    value=lambda metrics: metrics.lines,
    tiers=Tiers(warning_at=1.5, critical_at=3.0),
    accuracy=0.95,
    describe=lambda fn, metrics, limit: f"`{fn.qualname}` has {metrics.lines} lines of code (limit {limit})",
    suggestion="Split it into steps with names: each helper function should do one thing.",
)


RULE = threshold_rule(
    id="CQ106",
    name="function-length",
    title="Function length",
    category="size",
    default=40,
    measure=MEASURE,
    summary="Functions should be short enough to read at once.",
)
