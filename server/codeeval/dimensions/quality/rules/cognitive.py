"""CQ105: cognitive complexity (how hard the control flow is to follow) stays under a limit (default 15).

Unlike cyclomatic complexity it charges nesting: an `if` inside a loop inside
an `if` costs more than three `if`s in a row. See structure.py for the count.
"""

from __future__ import annotations

from ..confidence import Tiers
from .threshold import Measure, threshold_rule

MEASURE = Measure(
    value=lambda metrics: metrics.cognitive,
    tiers=Tiers(warning_at=1.4, critical_at=2.0),
    accuracy=0.85,  # a published but informal definition, adapted to Python's constructs
    describe=lambda fn, metrics, limit: f"`{fn.qualname}` has cognitive complexity {metrics.cognitive} "
                                        f"(limit {limit})",
    suggestion="Flatten it: return early for special cases, and move nested loops and conditions into "
               "helper functions.",
)


RULE = threshold_rule(
    id="CQ105", name="cognitive-complexity", title="Cognitive complexity", category="complexity", default=15,
    measure=MEASURE,
    summary="A function's control flow should be easy to follow: nesting and breaks in linear flow add up.",
)
