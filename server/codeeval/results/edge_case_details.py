"""The edge-case dimension's details: findings, minimal counterexamples, failing cases, how inputs were made.

Without a problem file the editor scores robustness in the edge-case
dimension's place (`RobustnessDetails`): crashes and hangs of public
functions on inputs generated from their type hints.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..base.findings import Confidence, fingerprint_of
from ..base.vocabulary import Vocabulary
from .case_details import CaseRecord, CaseVerdict, PassCounts
from .result import OMITTED_WHEN_NONE, DetailRecord, DimensionDetails


class GenerationPhase(Vocabulary):
    """Which phase of generation made an input: what found a failure."""

    BOUNDARY = "boundary"  # each type's boundary values (empty, one, extremes), then combinations
    MUTATION = "mutation"  # the examples changed a little at a time
    EXPLORE = "explore"  # random values of the planned types


@dataclass(frozen=True)
class CounterexampleRecord(DetailRecord):
    """A failing generated input shrunk to a minimal one, with a ready-to-paste pytest test."""

    input: str
    expected: str  # the reference's answer
    actual: str
    verdict: CaseVerdict
    phase: GenerationPhase  # what found it
    shrunk_from: str  # the input before shrinking
    shrink_steps: int
    pytest: str
    traceback: str

    @property
    def line(self) -> int | None:
        """A generated input is written nowhere in the problem file."""
        return None


class AnswerShape(Vocabulary):
    """How a failing answer differs from the reference's. Some differences are as often a choice the prompt left
    open as a bug: the report and the hover show them beside the confidence (they are not in its probability:
    on labelled data they did not tell real bugs from false flags)."""

    REORDERED = "reordered"  # the same elements in another order: which of equal ones comes first
    OTHER_TYPE = "same value, other type"  # 1 and 1.0, True and 1, a tuple and a list
    ROUNDED = "rounded"  # numbers equal but for rounding
    EMPTY_OR_NONE = "empty or none"  # one side None or empty, neither a bool: what a degenerate input should return
    DIFFERENT = "different"  # any other wrong output
    RAISED = "raised"
    TIMED_OUT = "timed out"


@dataclass(frozen=True)
class EdgeFindingRecord(DetailRecord):
    """One kind of failure on generated inputs, shown by its input closest to the examples, with its price."""

    kind: str
    verdict: CaseVerdict
    inputs: int  # how many generated inputs failed this way
    input: str  # the representative one
    expected: str
    actual: str
    phase: GenerationPhase
    relevance: float
    relevance_reasons: tuple[str, ...]
    reproduced: bool
    confidence: Confidence
    low_confidence: str  # why the confidence is low; empty when it is not
    scored: bool
    points: float
    counterexample: CounterexampleRecord | None = field(default=None, metadata=OMITTED_WHEN_NONE)
    # The confidence before people's decisions on this kind moved it (base/calibration.py); None: unmoved.
    automatic_confidence: Confidence | None = field(default=None, metadata=OMITTED_WHEN_NONE)
    # How the shown answer differs from the reference's (a reordered or empty answer may be the prompt's ambiguity)
    answer: AnswerShape | None = field(default=None, metadata=OMITTED_WHEN_NONE)

    @property
    def telling_answer(self) -> AnswerShape | None:
        """The answer's shape where it says something a person deciding should see (not plain "different")."""
        return self.answer if self.answer is not AnswerShape.DIFFERENT else None

    @property
    def fingerprint(self) -> str:
        """What a person's decision on this finding is keyed by: its kind of failure (one finding per kind)."""
        return fingerprint_of("edge_cases", self.kind)

    def to_dict(self) -> dict[str, Any]:
        return {"fingerprint": self.fingerprint, **super().to_dict()}


@dataclass(frozen=True, kw_only=True)
class GenerationSummary(DetailRecord):
    """How the generated inputs were made (the suite), and once judged, what became of them."""

    applicable: bool
    generated: int
    phases: dict[str, int]  # inputs per phase
    stats: dict[str, int]  # discarded inputs by cause, and the generator's own counters
    notes: tuple[str, ...]
    seconds: float
    reason: str | None = field(default=None, metadata=OMITTED_WHEN_NONE)  # why generation does not apply
    types: dict[str, str] | None = field(default=None, metadata=OMITTED_WHEN_NONE)  # each parameter's inferred type
    # What the examples and the prompt promise of each parameter, in words: outside it a failing input is robustness
    contract: dict[str, str] | None = field(default=None, metadata=OMITTED_WHEN_NONE)
    # The fields below only once the candidate was run on the inputs:
    judged: int | None = field(default=None, metadata=OMITTED_WHEN_NONE)
    passed: int | None = field(default=None, metadata=OMITTED_WHEN_NONE)
    timeouts: int | None = field(default=None, metadata=OMITTED_WHEN_NONE)
    not_run: int | None = field(default=None, metadata=OMITTED_WHEN_NONE)
    discarded: int | None = field(default=None, metadata=OMITTED_WHEN_NONE)


@dataclass(frozen=True)
class EdgeCaseDetails(DimensionDetails):
    """A judged run: counts, failures (hand-written first), findings, counterexamples, time-outs, score parts."""

    passed: int
    total: int
    cases: tuple[CaseRecord, ...]
    counterexamples: tuple[CounterexampleRecord, ...]
    findings: tuple[EdgeFindingRecord, ...]
    generation: GenerationSummary
    timeouts: tuple[CaseRecord, ...]
    discarded: tuple[str, ...]  # inputs the reference itself failed on
    by_origin: dict[str, PassCounts]
    parts: dict[str, float]  # hand-written, generated: each part's score


@dataclass(frozen=True, kw_only=True)
class EdgeCasesNotRunDetails(DimensionDetails):
    """No edge case could be judged: how generation went, and the inputs the reference failed on, if any."""

    discarded: tuple[str, ...] | None = field(default=None, metadata=OMITTED_WHEN_NONE)
    generation: GenerationSummary
    counterexamples: tuple[CounterexampleRecord, ...] = ()


@dataclass(frozen=True)
class RobustnessCounterexample(DetailRecord):
    """A public function that crashed or hung on a generated input (robustness, without a problem file)."""

    function: str
    input: str
    expected: str  # "no crash, no hang"
    actual: str
    line: int | None  # where the exception was raised, if known
    pytest: str


@dataclass(frozen=True)
class RobustnessDetails(DimensionDetails):
    """Robustness in the edge-case dimension's place: each crash or hang found."""

    mode: str  # "robustness"
    counterexamples: tuple[RobustnessCounterexample, ...]
    cases: tuple[CaseRecord, ...] = ()
