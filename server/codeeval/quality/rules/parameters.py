"""CQ110: functions take no more than a limit of parameters (default 6).

Functions should not take so many parameters that calls become hard to read (default limit 6).

## How it is counted

Counted: every parameter except a method's `self`/`cls`, including `*args` and `**kwargs`. When at least half are
keyword-only, calls stay readable, so the finding has lower relevance.

## What to do

Group related parameters into a dataclass, or make the optional ones keyword-only. There is no automatic fix:
restructuring is a judgment call.
"""

from __future__ import annotations

from ..confidence import Tiers
from ..context import FunctionScope
from .threshold import Measure, threshold_rule


def _relevance(function: FunctionScope) -> float:
    keyword_only = len(function.node.args.kwonlyargs)
    return 0.5 if keyword_only * 2 >= len(function.parameters()) else 0.85


MEASURE = Measure(
    value=lambda metrics: metrics.parameters,
    tiers=Tiers(warning_at=1.5),  # never critical: a long signature is awkward, not broken
    accuracy=0.95,
    describe=lambda fn, metrics, limit: f"`{fn.qualname}` takes {metrics.parameters} parameters (limit {limit})",
    suggestion="Group related parameters into a dataclass, or make the optional ones keyword-only.",
    relevance=_relevance,
)


RULE = threshold_rule(
    id="CQ110",
    name="parameter-count",
    title="Parameter count",
    category="size",
    default=6,
    measure=MEASURE,
    summary="Functions should not take so many parameters that calls become hard to read.",
)
