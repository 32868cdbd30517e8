"""Faults that cap a plot's or page's score, whatever its parts add up to.

The parts are weighted means of many checks, so one failed check costs a few points: a page whose script
throws at load kept 98, a plot without the legend it was asked for 98.1. A reader of "98" thinks nearly
perfect; a user of that page finds part of it broken. So these faults set a ceiling instead (the AesCoder
seed makes execution a gate for the same reason). The lowest ceiling that applies is the cap, and the
report says which check set it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..results.score_cap import ScoreCap
from .checks import Check
from .interactions import FROZE, RAISED, STEPS_RAISED


@dataclass(frozen=True)
class CapRule:
    """A ceiling, the failed check it applies to, and why."""

    limit: float
    applies: Callable[[Check], bool]
    reason: str


def _failed(check_id: str) -> Callable[[Check], bool]:
    return lambda check: check.id == check_id and check.applicable and not check.passed


def _raised(check: Check) -> bool:
    return check.id.startswith(("control-", "scripted-")) and check.summary.startswith((RAISED, STEPS_RAISED, FROZE))


RULES = (
    CapRule(40, _failed("loads"), "the page does not load and settle in time: there is no page to use"),
    CapRule(60, _failed("console"), "a script error at load: part of the page does not work for its user"),
    CapRule(70, _raised, "using the page throws an uncaught script error"),
    CapRule(70, _failed("content"), "text the task requires is missing from the page"),
    CapRule(80, _failed("labels"), "a title, axis label or legend the chart needs is missing"),
)


def score_cap(checks: list[Check]) -> ScoreCap | None:
    """The lowest ceiling any failed check sets, or None."""
    found = [
        ScoreCap(rule.limit, check.id, rule.reason, check.summary)
        for rule in RULES
        for check in checks
        if rule.applies(check)
    ]
    return min(found, key=lambda cap: cap.limit) if found else None
