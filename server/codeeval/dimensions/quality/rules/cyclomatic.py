"""CQ104: cyclomatic complexity (decision points, as radon counts them) stays under a limit (default 10).

Each `if`/`elif`, loop, `except`, `case`, boolean operator, comprehension and
conditional expression is one more path to test. Nested functions are
measured on their own.
"""

from __future__ import annotations

from ..confidence import Tiers
from .threshold import Measure, threshold_rule

MEASURE = Measure(
    value=lambda metrics: metrics.complexity,
    tiers=Tiers(warning_at=1.25, critical_at=2.0),
    accuracy=0.95,  # radon's count is exact; whether it hurts is what the tiers judge
    describe=lambda fn, metrics, limit: f"`{fn.qualname}` has cyclomatic complexity {metrics.complexity} "
                                        f"(limit {limit})",
    suggestion="Move independent decisions into well-named helper functions, or replace long if/elif "
               "chains with a lookup table.",
)


RULE = threshold_rule(
    id="CQ104", name="cyclomatic-complexity", title="Cyclomatic complexity", category="complexity", default=10,
    measure=MEASURE,
    summary="A function's cyclomatic complexity (independent paths through it) should stay under the limit.",
)
