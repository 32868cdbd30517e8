"""Edge cases: hand-written boundary cases plus inputs generated from the signature, judged against the reference.

Cases come from sources (`CASE_SOURCES`): the problem's hand-written
`edge_cases.cases`, and inputs generated from the entry point's signature and
examples (`codeeval.generation`). The reference is the oracle: it supplies any
missing expectation, and an input it cannot handle is discarded. A generated
input may take 4x the reference's time (or the per-call limit, if larger);
a time-out there is scored only when the problem has no performance inputs
(otherwise slowness is the performance dimension's business, and it is
reported). Failing generated inputs become findings, one per kind of failure
(`edge_findings`), each with a four-part confidence and shown by its most
relevant input, shrunk to a minimal counterexample with a ready-to-paste
pytest test.

Score: hand-written cases count by share passed. The generated part scores
100 minus what its findings cost: a confident finding costs at least a
quarter of the part (a real bug found on 1 input of 200 is still a bug), a
low-confidence one (an input far from what the examples and the prompt
promise) nothing: it is shown, marked, with its reasons. With both parts present each counts half.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from contextlib import closing
from dataclasses import dataclass, replace

from ..base.calibration import NO_CALIBRATION, Calibration, edge_key
from ..base.catalog import EDGE_CASES, CaseOrigin
from ..base.findings import Confidence
from ..generation.counterexamples import Counterexample, minimal_counterexample
from ..generation.domain import Relevance
from ..generation.frozen_suites import FrozenSuites
from ..generation.sandboxed import ADAPTED_ENTRY, adapter_source
from ..generation.shared_suite import GenerationState, state_for
from ..generation.suite import GeneratedCase, Suite
from ..judging.case_runner import (
    CaseResult,
    Deadline,
    Expectation,
    call_input,
    failure_sentence,
    judge,
    judged,
    run_case,
    skipped,
)
from ..judging.oracle import Oracle
from ..problem.definition import Case, Problem
from ..results.case_details import CaseVerdict, PassCounts
from ..results.edge_case_details import EdgeCaseDetails, EdgeCasesNotRunDetails, GenerationSummary
from ..results.result import DimensionResult
from ..sandbox import CallInput, CallOutcome, Session
from .edge_findings import (
    EdgeFinding,
    Failure,
    failure_kind,
    group,
    price,
    rationale_line,
    rounding_relevance,
    timeout_relevance,
    width_relevance,
)

NAME = EDGE_CASES.name
RELATIVE_TIMEOUT_FACTOR = 4.0  # a case may take 4x the reference's time (or the problem's limit, if larger)
GENERATED_TIMEOUTS_BEFORE_SHORT_LIMIT = 3  # after this many time-outs, generated inputs get a short limit
GENERATED_TIMEOUTS_MAX = 10  # after this many, the remaining generated inputs are not run
SHORT_LIMIT_FLOOR_S = 0.25
MAX_COUNTEREXAMPLES = 3  # findings shrunk (the most confident first); the others are only run again
MAX_REPORTED_GENERATED_FAILURES = 50
SHRINK_RELEVANCE_SLACK = 0.999  # a shrinking step may not make the input less relevant than this share

# A case source takes (problem, oracle, deadline) and yields cases.
CaseSource = Callable[[Problem, Oracle, Deadline], Iterable[Case]]


def hand_written(problem: Problem, oracle: Oracle, deadline: Deadline) -> Iterable[Case]:
    return problem.edge_cases.cases


def generated(problem: Problem, oracle: Oracle, deadline: Deadline) -> Iterable[Case]:
    """Inputs generated from the signature (built once per problem context), expectations from the reference."""
    return [g.case for g in state_for(problem, oracle).suite(deadline).cases]


CASE_SOURCES: list[CaseSource] = [hand_written, generated]


class _Tally:
    """The bookkeeping of one evaluation of the dimension."""

    def __init__(self) -> None:
        self.hand: list[CaseResult] = []
        self.generated: list[CaseResult] = []
        self.failures: list[Failure] = []  # failing generated inputs (time-outs included)
        self.timeouts: list[CaseResult] = []
        self.not_run = 0
        self.discarded: list[str] = []
        self.generated_discarded = 0


def evaluate(
    problem: Problem,
    candidate: Session,
    oracle: Oracle,
    deadline: Deadline,
    frozen: FrozenSuites | None = None,
    calibration: Calibration = NO_CALIBRATION,
) -> DimensionResult:
    """Run the hand-written and generated edge cases on the candidate and score what fails."""
    state = state_for(problem, oracle, frozen)
    suite = state.suite(deadline)
    run = _Tally()
    cases = [case for source in CASE_SOURCES for case in source(problem, oracle, deadline)]
    generation = suite.summary()
    if not cases:
        reason = "the problem has no hand-written edge cases"
        reason += f", and inputs cannot be generated: {suite.reason}" if not suite.applicable else ""
        return DimensionResult.not_applicable(NAME, reason, EdgeCasesNotRunDetails(generation=generation))
    adapted: Session | None = None
    try:
        if suite.plan is not None and suite.plan.records:
            adapted = Session(
                candidate.source + adapter_source(problem.entry_point),
                ADAPTED_ENTRY,
                candidate.filename,
                candidate.limits,
                launcher=candidate.launcher,
                verdicts=candidate.verdicts,
                prelude=candidate.prelude,
            )
        numbered = list(enumerate(cases))
        for index, case in numbered:
            if case.origin is not CaseOrigin.GENERATED:
                _run_hand_written(problem, candidate, oracle, case, index, deadline, run)
        pending = _pending(
            oracle, state, [(i, c) for i, c in numbered if c.origin is CaseOrigin.GENERATED], deadline, run
        )
        _run_generated(problem, adapted or candidate, state, pending, deadline, run)
        findings = _findings(problem, state, adapted or candidate, run, deadline, calibration)
    finally:
        if adapted is not None:
            adapted.close()
    if not run.hand and not run.generated and not run.timeouts:
        reason = "the reference failed on every edge case" if run.discarded else "no edge case could be judged"
        return DimensionResult.not_applicable(
            NAME, reason, EdgeCasesNotRunDetails(discarded=tuple(run.discarded), generation=generation)
        )
    return _result(problem, suite, run, findings, generation)


def _run_hand_written(
    problem: Problem, candidate: Session, oracle: Oracle, case: Case, index: int, deadline: Deadline, run: _Tally
) -> None:
    expectation, timeout = Expectation.of(case), candidate.limits.time_per_call_s
    if deadline.expired:
        run.hand.append(skipped(case, index, expectation, "evaluation time budget exhausted"))
        return
    if not case.has_expectation:
        answer = oracle.answer(case)
        if answer.expectation is None:
            run.discarded.append(f"{case.input_text(problem.entry_point, 120)}: {answer.note}")
            return
        expectation = answer.expectation
        if answer.duration_s:
            timeout = max(timeout, RELATIVE_TIMEOUT_FACTOR * answer.duration_s)
    run.hand.append(run_case(candidate, case, index, expectation, problem.compare, timeout=timeout))


@dataclass
class _Pending:
    """A generated case ready to run: what judging it needs, its call encoded once."""

    index: int
    case: Case
    meta: GeneratedCase | None
    expectation: Expectation
    duration_s: float  # the reference's time on it
    call: CallInput


def _pending(
    oracle: Oracle, state: GenerationState, numbered: list[tuple[int, Case]], deadline: Deadline, run: _Tally
) -> list[_Pending]:
    """The generated cases with their expectations; a case from another source gets the reference's answer now
    (an input the reference raises on is dropped)."""
    pending = []
    for index, case in numbered:
        meta = state.meta(case)
        expectation, duration = Expectation.of(case), meta.duration_s if meta is not None else 0.0
        if not case.has_expectation:
            if deadline.expired:
                run.not_run += 1
                continue
            answer = oracle.answer(case)
            if answer.expectation is None or answer.expectation.raises is not None:
                run.generated_discarded += 1
                continue
            expectation, duration = answer.expectation, answer.duration_s or 0.0
        pending.append(_Pending(index, case, meta, expectation, duration, call_input(case).encoded()))
    return pending


def _run_generated(
    problem: Problem, session: Session, state: GenerationState, pending: list[_Pending], deadline: Deadline, run: _Tally
) -> None:
    """Every generated case, sent in batches (`Session.call_each`: one round trip for many calls). A case's limit
    depends on how many time-outs came before it, so a batch ends at a time-out and the next one's limits are
    worked out afresh: each call runs under the limit it would get run alone, in order."""
    position = 0
    while position < len(pending):
        if deadline.expired or len(run.timeouts) >= GENERATED_TIMEOUTS_MAX:
            run.not_run += len(pending) - position
            return
        rest = pending[position:]
        limits = [_limit(session, item.duration_s, len(run.timeouts)) for item in rest]
        calls = [replace(item.call, timeout=limit) for item, limit in zip(rest, limits, strict=True)]
        with closing(session.call_each(calls)) as outcomes:
            for item, limit, outcome in zip(rest, limits, outcomes, strict=True):
                position += 1
                verdict = _record(problem, session, state, item, outcome, limit, run)
                if verdict is CaseVerdict.TIMEOUT or deadline.expired:
                    break


def _limit(session: Session, reference_s: float, timeouts: int) -> float:
    """4x the reference's time, or the per-call limit if larger; after a few time-outs, a short floor instead."""
    floor = SHORT_LIMIT_FLOOR_S if timeouts >= GENERATED_TIMEOUTS_BEFORE_SHORT_LIMIT else session.limits.time_per_call_s
    return max(floor, RELATIVE_TIMEOUT_FACTOR * reference_s)


def _record(
    problem: Problem,
    session: Session,
    state: GenerationState,
    item: _Pending,
    outcome: CallOutcome,
    limit: float,
    run: _Tally,
) -> CaseVerdict:
    """Judge one generated case's outcome and keep it (a failure with its relevance); returns the verdict."""
    result = judged(outcome, item.case, item.index, item.expectation, problem.compare)
    timed_out = result.verdict is CaseVerdict.TIMEOUT
    (run.timeouts if timed_out else run.generated).append(result)
    if item.meta is not None and not result.passed:
        suite = state.suite()
        relevance = _relevance(suite, item.meta.value, timeout=timed_out)
        if timed_out:
            relevance = timeout_relevance(relevance, item.duration_s, session.limits.time_per_call_s)
        elif result.verdict is CaseVerdict.WRONG_OUTPUT:
            relevance = _answer_relevance(suite, relevance, item.expectation.value, outcome.value)
        run.failures.append(
            Failure(result, item.meta.value, item.meta.phase, item.expectation.value, outcome, relevance, limit)
        )
    return result.verdict


def _findings(
    problem: Problem,
    state: GenerationState,
    session: Session,
    run: _Tally,
    deadline: Deadline,
    calibration: Calibration,
) -> list[EdgeFinding]:
    """One finding per kind of failure; the most confident ones shrunk, the others run again to confirm."""
    suite = state.suite()
    findings = group(run.failures)
    scored_timeouts = problem.performance is None
    judged = len(run.generated) + (len(run.timeouts) if scored_timeouts else 0)
    for finding in findings:
        finding.scored = finding.kind[0] is not CaseVerdict.TIMEOUT or scored_timeouts
        price(finding, judged, _calibrated(problem, calibration))  # a first estimate, to choose which to shrink
    findings.sort(key=lambda f: (-f.points, -f.confidence.value))
    shrunk = 0
    for finding in findings:
        if deadline.remaining() < 5:
            finding.reproduced = True  # no time to check: judged on the run that found it
        elif (
            finding.kind[0] is not CaseVerdict.TIMEOUT
            and shrunk < MAX_COUNTEREXAMPLES
            and suite.plan is not None
            and state.guard is not None
        ):
            finding.counterexample = _shrink(problem, state, session, finding, deadline)
            finding.counterexample_relevance = _counterexample_relevance(suite, finding.counterexample)
            finding.reproduced = finding.counterexample.steps > 0 or _fails_again(problem, session, finding)
            shrunk += 1
        else:
            finding.reproduced = _fails_again(problem, session, finding)
        price(finding, judged, _calibrated(problem, calibration))
    findings.sort(key=lambda f: (-f.points, -f.confidence.value))
    return findings


def _calibrated(problem: Problem, calibration: Calibration) -> Callable[[str, Confidence], Confidence]:
    """A finding kind's confidence moved by people's decisions on that kind for this problem."""
    return lambda kind, confidence: calibration.adjust(edge_key(problem.name, kind), confidence)


def _relevance(suite: Suite, value: object, timeout: bool = False) -> Relevance:
    return suite.domain.relevance(value, timeout) if suite.domain is not None else Relevance(1.0, [])


def _counterexample_relevance(suite: Suite, counterexample: Counterexample) -> Relevance:
    relevance = _relevance(suite, counterexample.value)
    if counterexample.verdict == CaseVerdict.WRONG_OUTPUT:
        return _answer_relevance(suite, relevance, counterexample.expected, counterexample.actual_value)
    return relevance


def _answer_relevance(suite: Suite, relevance: Relevance, expected: object, actual: object) -> Relevance:
    """A wrong output's relevance, lowered where the answers tell the reference is off the prompt's word: its float
    rounding, or an answer wider than the word width the prompt names."""
    width = suite.domain.prompt.width if suite.domain is not None else None
    return width_relevance(rounding_relevance(relevance, expected, actual), width, expected)


def _shrink(
    problem: Problem, state: GenerationState, session: Session, finding: EdgeFinding, deadline: Deadline
) -> Counterexample:
    """The representative failing input shrunk, never to a less relevant one (it stays as close to the domain)."""
    suite = state.suite()
    assert suite.plan is not None and state.guard is not None
    shown = finding.representative
    floor = shown.relevance.score * SHRINK_RELEVANCE_SLACK
    return minimal_counterexample(
        suite.plan,
        state.guard,
        session,
        problem.compare,
        shown.value,
        shown.expected,
        shown.outcome,
        shown.result.verdict,
        shown.phase,
        time_limit_s=session.limits.time_per_call_s,
        should_stop=lambda: deadline.remaining() < 5,
        keep=lambda value: _relevance(suite, value).score >= floor,
    )


def _fails_again(problem: Problem, session: Session, finding: EdgeFinding) -> bool:
    """Whether the representative input fails the same way when run again (a time-out: within the same limit)."""
    shown = finding.representative
    case = shown.result.case
    outcome = session.call(case.args, case.kwargs, case.call_triples(), timeout=shown.limit_s)
    passed, verdict = judge(outcome, Expectation(value=shown.expected), problem.compare, case.args)
    again = CaseResult(
        case=case, index=shown.result.index, passed=passed, verdict=verdict, expected="", actual=outcome.describe()
    )
    return not passed and failure_kind(again) == finding.kind


def _result(
    problem: Problem, suite: Suite, run: _Tally, findings: list[EdgeFinding], generation: GenerationSummary
) -> DimensionResult:
    parts, rationale = _scored_parts(run, findings, problem.entry_point)
    score = sum(value for _, value in parts) / len(parts)
    return DimensionResult(
        name=NAME,
        score=score,
        summary=_summary(run, suite),
        rationale=rationale,
        details=_details(problem, run, findings, generation, parts),
    )


def _scored_parts(run: _Tally, findings: list[EdgeFinding], entry: str) -> tuple[list[tuple[str, float]], list[str]]:
    """The score of each part (hand-written, generated) and the lines saying what each failure cost.

    With both parts present each weighs half of the score, so each failure's cost is halved too.
    """
    parts: list[tuple[str, float]] = []
    rationale: list[str] = []
    share = 0.5 if run.hand and run.generated else 1.0
    if run.hand:
        parts.append(("hand-written", 100.0 * sum(r.passed for r in run.hand) / len(run.hand)))
        each = 100.0 * share / len(run.hand)
        rationale += [f"-{each:.1f}: {failure_sentence(r, entry)}" for r in _failed(run.hand)]
    if run.generated:
        cost = sum(f.points for f in findings)
        parts.append(("generated", max(0.0, 100.0 - cost)))
        scale = share * min(1.0, 100.0 / cost) if cost else share  # past 100 points every finding scales down alike
        rationale += [rationale_line(f, entry, scale) for f in findings]
    elif run.timeouts:  # it hung on every generated input it was given: not mere slowness
        parts.append(("generated", 0.0))
        share = 0.5 if run.hand else 1.0
        rationale.append(
            f"-{100 * share:.1f}: every generated input it ran timed out "
            f"({len(run.timeouts)}, e.g. `{run.timeouts[0].case.input_text(entry, 120)}`)"
        )
    return parts, rationale


def _failed(results: list[CaseResult]) -> list[CaseResult]:
    return [r for r in results if not r.passed]


def _summary(run: _Tally, suite: Suite) -> str:
    passed = sum(r.passed for r in run.hand) + sum(r.passed for r in run.generated)
    summary = f"{passed}/{len(run.hand) + len(run.generated)} edge cases passed"
    if run.generated:
        return summary + f" ({sum(r.passed for r in run.generated)}/{len(run.generated)} generated)"
    if not suite.applicable:
        return summary + f"; generation not applicable: {suite.reason}"
    return summary


def _details(
    problem: Problem,
    run: _Tally,
    findings: list[EdgeFinding],
    generation: GenerationSummary,
    parts: list[tuple[str, float]],
) -> EdgeCaseDetails:
    """The edge-case dimension's details, as docs/result-format.md lists them."""
    entry = problem.entry_point
    gen_passed = sum(r.passed for r in run.generated)
    counterexamples = [f.counterexample for f in findings if f.counterexample is not None]
    failures = [r.record(entry) for r in _failed(run.hand)]
    failures += [r.record(entry) for r in _failed(run.generated)][:MAX_REPORTED_GENERATED_FAILURES]
    return EdgeCaseDetails(
        passed=sum(r.passed for r in run.hand) + gen_passed,
        total=len(run.hand) + len(run.generated),
        cases=tuple(failures),
        counterexamples=tuple(c.record(entry, problem.compare, i + 1) for i, c in enumerate(counterexamples)),
        findings=tuple(f.record(entry, lambda c: c.record(entry, problem.compare, 1)) for f in findings),
        generation=replace(
            generation,
            judged=len(run.generated),
            passed=gen_passed,
            timeouts=len(run.timeouts),
            not_run=run.not_run,
            discarded=run.generated_discarded,
        ),
        timeouts=tuple(r.record(entry) for r in run.timeouts),
        discarded=tuple(run.discarded),
        by_origin=_by_origin(run.hand + run.generated),
        parts={name: round(value, 2) for name, value in parts},
    )


def _by_origin(results: list[CaseResult]) -> dict[str, PassCounts]:
    origins = list(dict.fromkeys(r.case.origin for r in results))
    return {
        origin: PassCounts(
            passed=sum(r.passed for r in results if r.case.origin == origin),
            total=sum(r.case.origin == origin for r in results),
        )
        for origin in origins
    }
