"""Failing generated inputs as findings: one per kind of failure, each with a four-part confidence and a cost.

A kind of failure is a wrong output, a crash with a given exception type, or
a time-out. Its finding stands for every failing input of that kind, shown by
the most relevant one (the input closest to the examples and the prompt,
`generation.domain`), shrunk without leaving the domain. Confidence has four
parts, as for quality findings (`codeeval.base.findings.Confidence`); their mean
ranks findings, and the confidence itself is the chance a finding with that mean
is a real bug, as measured on labelled model output (`edge_probability`):

- relevance: how close the failing input is to what the examples and the
  prompt promise (1.0 like the examples; an exotic character, a value
  thousands of times the examples' largest or an empty list the prompt rules
  out bring it down);
- accuracy: whether the verdict is right: the failure reproduces when the input
  is run again, and the reference, the oracle, is an authority on the input
  (it is on the promised domain; outside it, its answer is what it happens to
  do), so accuracy = reproduced (0.95, or 0.4) x (0.5 + 0.5 x relevance);
- actionability: a shrunk counterexample with a pytest test (0.95), a pytest
  test of the unshrunk input (0.8);
- severity calibration: whether "a bug" is the right weight: one failing
  input is thin evidence, several relevant ones are not, and many inputs far
  from the domain are no more than the most relevant of them:
  0.3 + 0.7 x min(1, (sum of the failing inputs' relevance) / 2.5, best relevance).

What a finding costs, in points of the generated part (docs/scoring.md):
weight(confidence) x max(25, 100 x failing inputs of the kind / inputs judged),
with weight 1 from the confidence a finding whose parts average 0.8 gets
(`FULL_CONFIDENCE`, about 0.73), falling linearly to 0.4 at 0.6; below 0.6
(low confidence) nothing: the finding is shown, marked, with its reasons.
A time-out that does not happen again when the input is run once more is the
machine's, not the solution's, and costs nothing either. A time-out on an input
the reference itself is slow on (a tenth of the per-call limit or more) is
weighed down in relevance: a solution a few times slower than the reference
hangs there, and that is slowness, not a bug. So is a wrong output that is
the reference's float rounding: beyond 2^53 a float cannot hold every integer,
and a candidate answering the exact int where the reference answers a float
(`n * (n + 1) * (n + 2) / 6` against `// 6`, Mbpp/80) differs only there. The other way round
(the reference's exact int against the candidate's rounded float) is the candidate's bug. A wrong output where the
reference's answer is wider than the word width the prompt names ("the number is 32 bit") is weighed down too.
"""

from __future__ import annotations

import math
import sys
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from ..base.display import short_repr
from ..base.findings import LOW_CONFIDENCE, Confidence
from ..generation.counterexamples import Counterexample
from ..generation.domain import WIDTH, Relevance
from ..generation.values import simplicity_key
from ..judging.case_runner import CaseResult
from ..results.case_details import CaseVerdict
from ..results.edge_case_details import AnswerShape, CounterexampleRecord, EdgeFindingRecord, GenerationPhase
from ..sandbox import CallOutcome
from .edge_probability import answer_shape, probability

BUG_PENALTY = 25.0  # a kind of failure costs at least a quarter of the generated part, at full confidence
# A finding costs its full price from the probability a finding whose parts average 0.8 gets: the cost curve was
# measured on the parts' mean (full from 0.8, 0.4 at the 0.6 line), and the probability keeps its order.
FULL_CONFIDENCE = probability(Confidence(0.8, 0.8, 0.8, 0.8))
LOW_WEIGHT = 0.0  # what a low-confidence finding costs, as a share of a full one
CALIBRATION_EVIDENCE = 2.5  # summed relevance of failing inputs at which a bug is certain
REPRODUCED_ACCURACY = 0.95
FLAKY_ACCURACY = 0.4
ACTIONABILITY_SHRUNK = 0.95
ACTIONABILITY_TEST = 0.8
SLOW_REFERENCE_SHARE = 0.1  # the reference takes this share of the per-call limit or more: the input is big for it
SLOW_REFERENCE = 0.3  # a time-out there: a solution some times slower than the reference, not a hang
FLOAT_ROUNDING = 0.25  # a wrong output equal to the expected one but for float rounding beyond 2^53 (or overflow)
EXACT_FLOAT_LIMIT = 2.0**53  # integers beyond this are not all floats
ROUNDING_TOLERANCE = 1e-9


@dataclass
class Failure:
    """One failing generated input."""

    result: CaseResult
    value: Any  # the plan's top-level value (what the shrinker works on)
    phase: GenerationPhase
    expected: Any
    outcome: CallOutcome
    relevance: Relevance
    limit_s: float  # the time limit it ran under (a time-out is confirmed under the same limit)


@dataclass
class EdgeFinding:
    kind: tuple[CaseVerdict, str]  # (verdict, exception type or "")
    failures: list[Failure]
    scored: bool = True  # False: a time-out in a problem whose performance dimension judges speed
    reproduced: bool = True
    counterexample: Counterexample | None = None
    counterexample_relevance: Relevance | None = None
    confidence: Confidence = field(default_factory=lambda: Confidence(1.0, 1.0, 1.0, 1.0))
    automatic_confidence: Confidence | None = None  # before people's decisions moved it; None: they did not
    points: float = 0.0

    @property
    def representative(self) -> Failure:
        """The most relevant failing input: the simplest among equals, or for a time-out the biggest (the one
        likeliest to time out again when it is run once more to confirm)."""
        if self.kind[0] is CaseVerdict.TIMEOUT:
            return max(self.failures, key=lambda f: (f.relevance.score, simplicity_key(f.value)))
        return min(self.failures, key=lambda f: (-f.relevance.score, simplicity_key(f.value)))

    @property
    def relevance(self) -> Relevance:
        best = self.representative.relevance
        shrunk = self.counterexample_relevance
        return shrunk if shrunk is not None and shrunk.score > best.score else best

    @property
    def label(self) -> str:
        verdict, exception = self.kind
        if verdict is CaseVerdict.RAISED:
            return f"raises {exception}"
        return {CaseVerdict.WRONG_OUTPUT: "wrong output", CaseVerdict.TIMEOUT: "times out"}.get(
            verdict, verdict.replace("_", " ")
        )

    def evidence(self) -> float:
        return sum(sorted((f.relevance.score for f in self.failures), reverse=True)[:10])

    def record(
        self, entry_point: str, describe_counterexample: Callable[[Counterexample], CounterexampleRecord]
    ) -> EdgeFindingRecord:
        """The finding as the result reports it, shown by its representative input."""
        shown = self.representative
        return EdgeFindingRecord(
            kind=self.label,
            verdict=self.kind[0],
            inputs=len(self.failures),
            input=shown.result.case.input_text(entry_point, 2000),
            expected=shown.result.expected[:2000],
            actual=shown.result.actual[:2000],
            phase=shown.phase,
            relevance=round(self.relevance.score, 3),
            relevance_reasons=tuple(self.relevance.reasons),
            reproduced=self.reproduced,
            confidence=self.confidence,
            low_confidence=self.confidence.low_reason(),
            scored=self.scored,
            points=round(self.points, 2),
            counterexample=None if self.counterexample is None else describe_counterexample(self.counterexample),
            automatic_confidence=self.automatic_confidence,
            answer=shown_answer(self),
        )


def timeout_relevance(relevance: Relevance, reference_s: float, limit_s: float) -> Relevance:
    """A time-out's relevance, lowered where the reference itself is slow on the input."""
    if reference_s < SLOW_REFERENCE_SHARE * limit_s:
        return relevance
    reason = (
        f"the reference itself takes {reference_s:.2f} s on it (the per-call limit is {limit_s:g} s): "
        "a solution a few times slower times out, which is slowness, not a hang"
    )
    return Relevance(relevance.score * SLOW_REFERENCE, [reason, *relevance.reasons])


def rounding_relevance(relevance: Relevance, expected: Any, actual: Any) -> Relevance:
    """A wrong output's relevance, lowered where it differs from the expected number only by the reference's float
    rounding.

    Only the reference's: where the reference answers the exact int and the candidate a float that lost its last
    digits (`sum(...) / 1` beyond 2^53, Mbpp/592), the candidate is the one that rounded, and EvalPlus fails it.
    """
    if not (_number(expected) and _number(actual)) or not isinstance(expected, float) or isinstance(actual, float):
        return relevance
    if not _rounding_apart(expected, actual):
        return relevance
    reason = (
        f"{_short(actual)} against {_short(expected)}: beyond 2^53 the two differ by float rounding "
        "(or a float's overflow), not by a bug"
    )
    return Relevance(relevance.score * FLOAT_ROUNDING, [reason, *relevance.reasons])


def width_relevance(relevance: Relevance, width: int | None, expected: Any) -> Relevance:
    """A wrong output's relevance, lowered where the reference's answer is not a number of the word width the prompt
    names ("we assume that the number is 32 bit", Mbpp/799): the input took the reference past the prompt's word, so
    its answer there is what it happens to do (a rotation that never wraps), and a candidate keeping to 32 bits is
    not wrong."""
    if width is None or isinstance(expected, bool) or not isinstance(expected, int):
        return relevance
    if -(2 ** (width - 1)) <= expected < 2**width:
        return relevance
    reason = f"the reference's answer {_short(expected)} is not a {width}-bit number, which the prompt says it is"
    return Relevance(relevance.score * WIDTH, [reason, *relevance.reasons])


def _rounding_apart(a: Any, b: Any) -> bool:
    """Two numbers (one a float) beyond 2^53 that agree but for rounding, or an int past any float against the
    infinity of its sign."""
    huge = [x for x in (a, b) if isinstance(x, int) and abs(x) > sys.float_info.max]
    if huge:
        return any(isinstance(x, float) and math.isinf(x) and (x > 0) == (huge[0] > 0) for x in (a, b))
    big = max(abs(float(a)), abs(float(b)))
    return math.isfinite(big) and big > EXACT_FLOAT_LIMIT and math.isclose(a, b, rel_tol=ROUNDING_TOLERANCE)


def _number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def failure_kind(result: CaseResult) -> tuple[CaseVerdict, str]:
    """Wrong output, or a crash with a given exception type, or another verdict."""
    if result.verdict is CaseVerdict.RAISED:
        return result.verdict, result.actual.split(":", 1)[0].removeprefix("raised ").strip()
    return result.verdict, ""


def group(failures: list[Failure]) -> list[EdgeFinding]:
    by_kind: dict[tuple[CaseVerdict, str], list[Failure]] = {}
    for failure in failures:
        by_kind.setdefault(failure_kind(failure.result), []).append(failure)
    return [EdgeFinding(kind, members) for kind, members in by_kind.items()]


def parts_of(finding: EdgeFinding) -> Confidence:
    """The four parts (no probability yet: people's decisions may move them first)."""
    relevance = finding.relevance.score
    accuracy = (REPRODUCED_ACCURACY if finding.reproduced else FLAKY_ACCURACY) * (0.5 + 0.5 * relevance)
    actionability = ACTIONABILITY_SHRUNK if finding.counterexample is not None else ACTIONABILITY_TEST
    calibration = 0.3 + 0.7 * min(1.0, finding.evidence() / CALIBRATION_EVIDENCE, relevance)
    return Confidence(
        relevance=relevance, accuracy=accuracy, actionability=actionability, severity_calibration=calibration
    )


def measured(parts: Confidence) -> Confidence:
    """The parts with the chance a finding with them is a real bug, as measured on labelled findings."""
    return replace(parts, probability=probability(parts))


def shown_answer(finding: EdgeFinding) -> AnswerShape:
    """How the answer shown (the shrunk counterexample's, if there is one) differs from the reference's."""
    counterexample = finding.counterexample
    if counterexample is not None:
        return answer_shape(counterexample.verdict, counterexample.expected, counterexample.actual_value)
    shown = finding.representative
    return answer_shape(shown.result.verdict, shown.expected, shown.outcome.value)


def cost_weight(confidence: float) -> float:
    """The share of a full finding's cost at this confidence (the curve in docs/scoring.md)."""
    if confidence >= FULL_CONFIDENCE:
        return 1.0
    if confidence >= LOW_CONFIDENCE:
        return 0.4 + 0.6 * (confidence - LOW_CONFIDENCE) / (FULL_CONFIDENCE - LOW_CONFIDENCE)
    return LOW_WEIGHT


def price(
    finding: EdgeFinding, judged: int, calibrate: Callable[[str, Confidence], Confidence] = lambda _, c: c
) -> float:
    """Points of the generated part this finding costs (0 when not scored); `calibrate` moves the confidence
    by people's decisions on the finding's kind."""
    parts = parts_of(finding)
    automatic = measured(parts)
    finding.confidence = measured(calibrate(finding.label, parts))
    finding.automatic_confidence = automatic if finding.confidence != automatic else None
    flaky_timeout = finding.kind[0] is CaseVerdict.TIMEOUT and not finding.reproduced
    if not finding.scored or judged <= 0 or flaky_timeout:
        finding.points = 0.0
        return 0.0
    full = max(BUG_PENALTY, 100.0 * len(finding.failures) / judged)
    finding.points = min(100.0, cost_weight(finding.confidence.value) * full)
    return finding.points


def rationale_line(finding: EdgeFinding, entry_point: str, share: float) -> str:
    """`-25.0: wrong output on 3 generated inputs, e.g. f([]) ...; confidence 0.91`."""
    shown = finding.counterexample
    example = (
        shown.case.input_text(entry_point, 160)
        if shown is not None
        else finding.representative.result.case.input_text(entry_point, 160)
    )
    expected = shown.expected if shown is not None else finding.representative.result.expected
    actual = shown.actual if shown is not None else finding.representative.result.actual
    count = len(finding.failures)
    text = (
        f"-{finding.points * share:.1f}: {finding.label} on {count} generated input{'s' if count != 1 else ''}, "
        f"e.g. `{example}`: expected {_short(expected)}, got {str(actual)[:160]}; "
        f"confidence {finding.confidence.value:.2f}"
    )
    if finding.confidence.is_low:
        text += f" ({finding.confidence.low_reason().lower()}: {finding.relevance.describe()})"
    if not finding.scored:
        text += " (not scored: speed is the performance dimension's business)"
    return text


def _short(value: Any) -> str:
    """A value in a rationale line, at most 160 characters (safe for huge ints and deep nesting)."""
    return value[:157] + "..." if isinstance(value, str) and len(value) > 160 else short_repr(value, 160)
