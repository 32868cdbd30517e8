"""Which of a problem's tests a run judges, and each tier's pass/fail verdict for a result.

A problem has its own tests (the base tier) and may have extended tests (a
benchmark's extra inputs: EvalPlus's plus tier). `--tests base` runs the
first; `--tests plus` runs both, and a solution passes the plus tier as
EvalPlus reports it (HumanEval+, MBPP+) when it passes the base tests and the
extended ones.
"""

from __future__ import annotations

from enum import Enum

from .case_details import CorrectnessDetails
from .result import DimensionResult


class TestSelection(str, Enum):
    """The tests a run judges: the problem's own (base), or those plus the extended tier (plus)."""

    __test__ = False  # not a pytest test class, despite its name

    BASE = "base"
    PLUS = "plus"


class Tier(str, Enum):
    """A tier of tests, as results report it."""

    __test__ = False

    BASE = "base"  # the problem's `tests`
    EXTENDED = "extended"  # the problem's `extended_tests` alone (EvalPlus's plus_status)


def tier_verdicts(correctness: DimensionResult | None) -> dict[str, bool]:
    """{tier: every test of the tier passed} from a correctness result's details; {} when it was not run.

    A solution that did not load (score 0, no cases run) fails the base tier, and so the plus verdict.
    """
    if correctness is None or correctness.score is None:
        return {}
    details = correctness.details
    if isinstance(details, CorrectnessDetails) and details.tiers:
        return {name: counts.all_passed for name, counts in details.tiers.items()}
    return {Tier.BASE.value: False}  # did not load: nothing ran (plus_verdict reads a failed base as a failed plus)


def plus_verdict(verdicts: dict[str, bool]) -> bool | None:
    """EvalPlus's plus verdict (base and extended both pass): False when the base tests fail, None when
    they pass and the extended tier was not judged."""
    if Tier.BASE.value in verdicts and not verdicts[Tier.BASE.value]:
        return False
    if Tier.EXTENDED.value not in verdicts:
        return None
    return verdicts.get(Tier.BASE.value, False) and verdicts[Tier.EXTENDED.value]
