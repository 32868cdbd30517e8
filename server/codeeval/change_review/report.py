"""The review's typed result: per changed function, its behaviour findings, its speed, or why it was not
compared; the messages about what could not be read; and the exit code they make."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..base.findings import Confidence
from ..base.vocabulary import Vocabulary

if TYPE_CHECKING:
    from .quality_change import QualityChange  # the analyzer stays out of the report's light import


class FunctionStatus(Vocabulary):
    """What a function of a changed file came to."""

    CHANGED = "changed"  # its text changed; it is compared
    ADDED = "added"  # only the working tree has it: no base to compare with
    REMOVED = "removed"  # only the base has it


class Comparison(Vocabulary):
    """The behaviour verdict of one changed function."""

    SAME = "same behaviour"  # every input gave the same output (or the same exception type)
    DIFFERENT = "behaviour changed"
    NOT_COMPARED = "not compared"


class FindingKind(Vocabulary):
    """What a finding is about."""

    BEHAVIOUR = "behaviour change"
    ROUNDING = "float rounding"  # outputs differ only past the 9th significant digit: shown, not a change
    SLOWDOWN = "slow-down"


@dataclass(frozen=True)
class BehaviourFinding:
    """One input on which the two versions differ, shrunk to a minimal one: "base returns X, now Y"."""

    kind: FindingKind
    call: str  # the minimal input as a call: `f([1, 2], k=3)`
    base: str  # what the base did: `returns 3`, `raises ValueError`, `times out`
    new: str
    confidence: Confidence
    origin: str  # where the input came from: a test's literal call, or generated from the signature
    shrink_steps: int = 0
    accepted: str = ""  # "accepted by ana: intended" when people accepted it for this function text

    @property
    def message(self) -> str:
        return f"{self.call}: base {self.base}, now {self.new}"

    def to_dict(self) -> dict:
        return {
            "kind": str(self.kind),
            "call": self.call,
            "base": self.base,
            "new": self.new,
            "message": self.message,
            "origin": self.origin,
            "shrink_steps": self.shrink_steps,
            "confidence": self.confidence.to_dict(),
            "accepted": self.accepted,
        }


@dataclass(frozen=True)
class SpeedResult:
    """Paired timings of base and new at growing sizes, and what they say."""

    sizes: tuple[int, ...]
    ratio: float  # new / base at the largest size
    ci95: tuple[float, float]
    base_class: str | None
    new_class: str | None
    slower: bool  # the interval lies above the tolerance, or the class is a band higher
    summary: str
    confidence: Confidence | None = None

    def to_dict(self) -> dict:
        return {
            "sizes": list(self.sizes),
            "ratio": round(self.ratio, 3),
            "ci95": [round(self.ci95[0], 3), round(self.ci95[1], 3)],
            "base_class": self.base_class,
            "new_class": self.new_class,
            "slower": self.slower,
            "summary": self.summary,
            "confidence": self.confidence.to_dict() if self.confidence else None,
        }


@dataclass(frozen=True)
class ChangedTest:
    """A repository test whose verdict differs between base and new."""

    test: str  # path::name
    base: str  # passed | failed | error (type) | timeout...
    new: str

    def to_dict(self) -> dict:
        return {"test": self.test, "base": self.base, "new": self.new}


@dataclass
class FunctionReview:
    """One function of a changed file: its verdict, findings, and the evidence behind them."""

    path: str
    qualname: str
    line: int
    status: FunctionStatus
    comparison: Comparison = Comparison.NOT_COMPARED
    reason: str = ""  # why it was not compared, or a note on how it was
    inputs_run: int = 0
    inputs_from_tests: int = 0
    findings: list[BehaviourFinding] = field(default_factory=list)
    speed: SpeedResult | None = None
    tests: list[ChangedTest] = field(default_factory=list)  # the repository's tests whose verdict changed
    tests_run: int = 0
    tests_left_out: int = 0  # tests naming it that need pytest (fixtures, parametrize): not run
    quality: QualityChange | None = None  # its code quality at the base and now
    seconds: float = 0.0

    @property
    def behaviour_changes(self) -> list[BehaviourFinding]:
        """The changes nobody accepted as intended (decisions/accepted_changes.py)."""
        return [f for f in self.findings if f.kind is FindingKind.BEHAVIOUR and not f.accepted]

    @property
    def accepted_changes(self) -> list[BehaviourFinding]:
        return [f for f in self.findings if f.kind is FindingKind.BEHAVIOUR and f.accepted]

    @property
    def slower(self) -> bool:
        return self.speed is not None and self.speed.slower

    @property
    def newly_failing(self) -> list[ChangedTest]:
        return [t for t in self.tests if t.base == "passed"]

    def to_dict(self) -> dict:
        return {
            "path": self.path,
            "function": self.qualname,
            "line": self.line,
            "status": str(self.status),
            "comparison": str(self.comparison),
            "reason": self.reason,
            "inputs_run": self.inputs_run,
            "inputs_from_tests": self.inputs_from_tests,
            "findings": [f.to_dict() for f in self.findings],
            "speed": self.speed.to_dict() if self.speed else None,
            "tests": [t.to_dict() for t in self.tests],
            "tests_run": self.tests_run,
            "tests_left_out": self.tests_left_out,
            "quality": None if self.quality is None else self.quality.to_dict(),
            "seconds": round(self.seconds, 3),
        }


@dataclass
class ReviewReport:
    """A review of the working tree against a base ref."""

    root: str
    base: str
    commit: str = ""
    messages: list[str] = field(default_factory=list)  # what could not be read or run, one line each
    functions: list[FunctionReview] = field(default_factory=list)
    seconds: float = 0.0
    first_finding_s: float | None = None  # from the start of the review to its first behaviour change

    @property
    def behaviour_changes(self) -> list[FunctionReview]:
        """Functions that changed behaviour in a way nobody accepted as intended."""
        return [f for f in self.functions if f.comparison is Comparison.DIFFERENT and f.behaviour_changes]

    @property
    def slowdowns(self) -> list[FunctionReview]:
        return [f for f in self.functions if f.slower]

    @property
    def newly_failing(self) -> list[FunctionReview]:
        return [f for f in self.functions if f.newly_failing]

    @property
    def exit_code(self) -> int:
        """0 when nothing changed behaviour, got slower or broke a test that passed; 1 otherwise."""
        return 1 if self.behaviour_changes or self.slowdowns or self.newly_failing else 0

    def to_dict(self) -> dict:
        return {
            "root": self.root,
            "base": self.base,
            "commit": self.commit,
            "summary": {
                "functions": len(self.functions),
                "behaviour_changes": len(self.behaviour_changes),
                "accepted_changes": sum(len(f.accepted_changes) for f in self.functions),
                "slowdowns": len(self.slowdowns),
                "newly_failing_tests": sum(len(f.newly_failing) for f in self.functions),
                "not_compared": sum(1 for f in self.functions if f.comparison is Comparison.NOT_COMPARED),
            },
            "messages": list(self.messages),
            "functions": [f.to_dict() for f in self.functions],
            "seconds": round(self.seconds, 3),
            "first_finding_s": None if self.first_finding_s is None else round(self.first_finding_s, 3),
        }
