"""The review queue: every result of a run with its reasons and a priority, highest first.

priority = the sum over its reasons of weight x strength, times REVIEWED_FACTOR when people's decisions
already apply to it (and none is stale). Ties keep the lower score first (further from a clean pass), then
problem and solution, so the order is the same on every call.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..results.detail_record import DetailRecord
from .run_facts import ResultFacts, RunFacts
from .signals import Reason, ReasonKind, reasons_for
from .weights import REVIEWED_FACTOR, weight_of

DEFAULT_MARGIN = 5.0  # points either side of --threshold that count as near it


@dataclass(frozen=True)
class QueueItem(DetailRecord):
    """One result in the queue."""

    rank: int
    priority: float
    problem: str
    solution: str
    group: str
    score: float
    report: str  # the JSON report, relative to the run folder
    markdown_report: str  # the Markdown report, relative to the run folder
    reasons: tuple[Reason, ...]


@dataclass(frozen=True)
class ReviewQueue(DetailRecord):
    """A run's queue, what it was built with, and what could not be read."""

    folder: str
    threshold: float | None
    margin: float
    results: int  # results read (the queue may show fewer: --limit)
    flagged: int  # results with a reason to look (priority above 0), counted before --limit
    unscored: int  # internal errors: no score to review
    warnings: tuple[str, ...]
    items: tuple[QueueItem, ...]


def priority_of(reasons: list[Reason]) -> float:
    total = sum(weight_of(reason.kind) * reason.strength for reason in reasons)
    kinds = {reason.kind for reason in reasons}
    if ReasonKind.REVIEWED in kinds:
        total *= REVIEWED_FACTOR
    return round(total, 4)


def build_queue(
    run: RunFacts, threshold: float | None = None, margin: float = DEFAULT_MARGIN, limit: int | None = None
) -> ReviewQueue:
    """The run's results in the order a person should look at them."""
    scored = [_scored(facts, threshold, margin) for facts in run.results]
    scored.sort(key=lambda pair: (-pair[0], pair[1].score, pair[1].problem, pair[1].solution))
    items = tuple(
        QueueItem(
            rank=rank,
            priority=priority,
            problem=facts.problem,
            solution=facts.solution,
            group=facts.group,
            score=facts.score,
            report=facts.report,
            markdown_report=facts.markdown_report,
            reasons=tuple(reasons),
        )
        for rank, (priority, facts, reasons) in enumerate(scored[:limit], start=1)
    )
    flagged = sum(priority > 0 for priority, _, _ in scored)
    return ReviewQueue(
        str(Path(run.folder)), threshold, margin, len(run.results), flagged, run.unscored, run.warnings, items
    )


def _scored(facts: ResultFacts, threshold: float | None, margin: float) -> tuple[float, ResultFacts, list[Reason]]:
    reasons = reasons_for(facts, threshold, margin)
    return priority_of(reasons), facts, reasons
