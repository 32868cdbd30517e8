"""CQ107: the number of branches in a function stays under a limit (default 8).

A function should not branch more ways than a reader can keep track of (default limit 8).

## How it is counted

Counted: each `if`/`elif`/`else` arm, each loop and loop `else`, each `except` handler and `try`'s `else`, each
`case`. Conditional expressions and comprehension filters are not branches here (CQ104 counts them).

## What to do

Handle each case in its own function, or dispatch through a dict of handlers. There is no automatic fix:
restructuring is a judgment call.
"""

from __future__ import annotations

from ..confidence import Tiers
from .threshold import Measure, threshold_rule

MEASURE = Measure(
    value=lambda metrics: metrics.branches,
    tiers=Tiers(warning_at=1.5, critical_at=2.5),
    accuracy=0.9,
    describe=lambda fn, metrics, limit: f"`{fn.qualname}` has {metrics.branches} branches (limit {limit})",
    suggestion="Handle each case in its own function, or dispatch through a dict of handlers.",
)


RULE = threshold_rule(
    id="CQ107",
    name="branching-factor",
    title="Branching factor",
    category="complexity",
    default=8,
    measure=MEASURE,
    summary="A function should not branch more ways than a reader can keep track of.",
)
