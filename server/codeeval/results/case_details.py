"""The correctness dimension's details, and the case records it shares with the edge-case dimension."""

from __future__ import annotations

from dataclasses import dataclass, field

from .result import OMITTED_WHEN_NONE, DetailRecord, DimensionDetails


@dataclass(frozen=True)
class CaseRecord(DetailRecord):
    """One judged case as the reports show it (a failing test, a failing or timed-out edge case)."""

    case: str  # its label: "tests[2]", "edge_cases[0]", "generated[14]"
    input: str  # the call as text
    passed: bool
    verdict: str  # passed | wrong_output | wrong_exception | raised | no_exception | timeout | crashed | ...
    expected: str
    actual: str
    origin: str  # test | edge | generated | extended ...
    line: int | None = field(default=None, metadata=OMITTED_WHEN_NONE)  # where the case is written in the problem file
    traceback: str | None = field(default=None, metadata=OMITTED_WHEN_NONE)


@dataclass(frozen=True)
class PassCounts(DetailRecord):
    """How many of a group of cases (a tier, an origin) passed."""

    passed: int
    total: int

    @property
    def all_passed(self) -> bool:
        return self.passed == self.total


@dataclass(frozen=True)
class CorrectnessDetails(DimensionDetails):
    """The tests passed, the failing ones, and each tier's count (`tiers`: {"base": ..., "extended": ...})."""

    passed: int
    total: int
    cases: tuple[CaseRecord, ...]
    tiers: dict[str, PassCounts] | None = field(default=None, metadata=OMITTED_WHEN_NONE)


@dataclass(frozen=True)
class LoadFailureDetails(DimensionDetails):
    """A dimension that runs the solution, when the solution did not load: why it did not."""

    load_error: str
