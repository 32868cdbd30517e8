"""How much each kind of reason is worth in the queue: few numbers, each with where it comes from.

The measured weights are read from scripts/bench_queue.py's tune run (200 LLM solutions of HumanEval+ whose
true verdicts EvalPlus knows): a weight is the share of the results a signal fires on whose automatic
verdict was wrong, smoothed as (wrong + 1) / (fired + 2) (Laplace) so that a signal seen a few times is not
read as certain either way. A signal right a third of the time is worth ten times one right 3% of the time.
The held-out run, drawn from other tasks, gives the figure quoted in docs/queue.md. Signals that data cannot
measure (code quality, timings, a user's threshold, reviews) say so, and why they are set as they are.
"""

from __future__ import annotations

from types import MappingProxyType

from .signals import ReasonKind

WEIGHTS = MappingProxyType(
    {
        # measured (tune run, see docs/queue.md)
        ReasonKind.TIME_LIMIT_FINDING: 0.36,  # fired on 9, 3 wrong
        ReasonKind.THIN_EDGE_EVIDENCE: 0.33,  # fired on 10, 3 wrong
        ReasonKind.FREE_EDGE_FINDINGS: 0.2,  # fired on 3, none wrong
        ReasonKind.UNCERTAIN_EDGE_FINDING: 0.03,  # fired on 59, 1 wrong: the edge findings that cost are mostly right
        # not measurable on that data: no verdict there is about quality, speed, a pass mark or a review
        ReasonKind.DIMENSIONS_DISAGREE: 0.3,  # never fired there: set beside the strongest measured signals
        ReasonKind.INCONCLUSIVE_TIMING: 0.36,  # as the time-limit finding: a verdict decided by a clock
        ReasonKind.UNCERTAIN_QUALITY_FINDING: 0.04,  # small: it fires on nearly every result (188 of 200)
        ReasonKind.FREE_QUALITY_FINDINGS: 0.02,
        ReasonKind.NEAR_THRESHOLD: 1.0,  # the user asked for it: it leads whatever else fires
        ReasonKind.STALE_REVIEW: 1.0,  # a person's word that no longer applies: they should say it again
        ReasonKind.REVIEWED: 0.0,  # lowers by REVIEWED_FACTOR instead of adding
    }
)
REVIEWED_FACTOR = 0.2  # a result people have decided on keeps a fifth of its priority


def weight_of(kind: ReasonKind) -> float:
    return WEIGHTS.get(kind, 0.0)
