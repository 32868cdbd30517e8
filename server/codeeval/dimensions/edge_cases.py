"""Edge cases: hand-written boundary cases plus inputs generated from the signature, judged against the reference.

Cases come from sources (`CASE_SOURCES`): the problem's hand-written
`edge_cases.cases`, and inputs generated from the entry point's signature and
examples (`codeeval.generation`). The reference is the oracle: it supplies any
missing expectation, and an input it cannot handle is discarded. A generated
input may take 4x the reference's time (or the per-call limit, if larger);
a time-out there is reported but not scored (slowness is the performance
dimension's business), unless every generated input it ran timed out. Each
failing generated input is shrunk to a minimal counterexample with a
ready-to-paste pytest test.

Score: hand-written cases count by share passed. The generated part scores
min(share passed, 100 - 25 per kind of failure), a kind being a verdict (wrong
output, a crash with a given exception type...): a real bug found on 1 input
of 200 still costs a quarter of the part. With both parts present each counts
half.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from ..generation.counterexamples import Counterexample, minimal_counterexample
from ..generation.frozen_suites import FrozenSuites
from ..generation.sandboxed import ADAPTED_ENTRY, adapter_source
from ..generation.shared_suite import GenerationState, state_for
from ..generation.values import safe_repr, simplicity_key, value_key
from ..result import DimensionResult
from ..sandbox import Session
from ..spec.problem import Case, Problem
from .case_runner import CaseResult, Deadline, Expectation, failure_sentence, judge, run_case, skipped
from .catalog import EDGE_CASES
from .oracle import Oracle

NAME = EDGE_CASES.name
RELATIVE_TIMEOUT_FACTOR = 4.0  # a case may take 4x the reference's time (or the problem's limit, if larger)
GENERATED_TIMEOUTS_BEFORE_SHORT_LIMIT = 3  # after this many time-outs, generated inputs get a short limit
GENERATED_TIMEOUTS_MAX = 10  # after this many, the remaining generated inputs are not run
SHORT_LIMIT_FLOOR_S = 0.25
MAX_COUNTEREXAMPLES = 3
BUG_PENALTY = 25.0
MAX_REPORTED_GENERATED_FAILURES = 50

# A case source takes (problem, oracle, deadline) and yields cases.
CaseSource = Callable[[Problem, Oracle, Deadline], Iterable[Case]]


def hand_written(problem: Problem, oracle: Oracle, deadline: Deadline) -> Iterable[Case]:
    return problem.edge_cases.cases


def generated(problem: Problem, oracle: Oracle, deadline: Deadline) -> Iterable[Case]:
    """Inputs generated from the signature (built once per problem context), expectations from the reference."""
    return [g.case for g in state_for(problem, oracle).suite(deadline).cases]


CASE_SOURCES: list[CaseSource] = [hand_written, generated]


class _Run:
    """The bookkeeping of one evaluation of the dimension."""

    def __init__(self) -> None:
        self.hand: list[CaseResult] = []
        self.generated: list[CaseResult] = []
        self.values: dict[int, tuple] = {}  # id(result) -> (top-level value, phase, expected value, outcome)
        self.timeouts: list[CaseResult] = []
        self.not_run = 0
        self.discarded: list[str] = []
        self.generated_discarded = 0


def evaluate(problem: Problem, candidate: Session, oracle: Oracle, deadline: Deadline,
             frozen: FrozenSuites | None = None) -> DimensionResult:
    state = state_for(problem, oracle, frozen)
    suite = state.suite(deadline)
    run = _Run()
    cases = [case for source in CASE_SOURCES for case in source(problem, oracle, deadline)]
    generation = suite.summary()
    if not cases:
        reason = "the problem has no hand-written edge cases"
        reason += f", and inputs cannot be generated: {suite.reason}" if not suite.applicable else ""
        return DimensionResult.not_applicable(NAME, reason, generation=generation, counterexamples=[])
    adapted: Session | None = None
    try:
        if suite.plan is not None and suite.plan.records:
            adapted = Session(candidate.source + adapter_source(problem.entry_point), ADAPTED_ENTRY,
                              candidate.filename, candidate.limits, launcher=candidate.launcher)
        for index, case in enumerate(cases):
            if case.origin == "generated":
                _run_generated(problem, adapted or candidate, oracle, state, case, index, deadline, run)
            else:
                _run_hand_written(problem, candidate, oracle, case, index, deadline, run)
        counterexamples = _counterexamples(problem, state, adapted or candidate, run, deadline)
    finally:
        if adapted is not None:
            adapted.close()
    if not run.hand and not run.generated and not run.timeouts:
        reason = "the reference failed on every edge case" if run.discarded else "no edge case could be judged"
        return DimensionResult.not_applicable(NAME, reason, discarded=run.discarded, generation=generation,
                                              counterexamples=[])
    return _result(problem, suite, run, counterexamples, generation)


def _run_hand_written(problem: Problem, candidate: Session, oracle: Oracle, case: Case, index: int,
                      deadline: Deadline, run: _Run) -> None:
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


def _run_generated(problem: Problem, session: Session, oracle: Oracle, state: GenerationState, case: Case,
                   index: int, deadline: Deadline, run: _Run) -> None:
    if deadline.expired or len(run.timeouts) >= GENERATED_TIMEOUTS_MAX:
        run.not_run += 1
        return
    meta = state.meta(case)
    limit = session.limits.time_per_call_s
    duration = meta.duration_s if meta is not None else 0.0
    if case.has_expectation:
        expectation = Expectation.of(case)
    else:  # a generated case from another source: the reference decides, and an input it raises on is dropped
        answer = oracle.answer(case)
        if answer.expectation is None or answer.expectation.raises is not None:
            run.generated_discarded += 1
            return
        expectation, duration = answer.expectation, answer.duration_s or 0.0
    timeout = max(limit, RELATIVE_TIMEOUT_FACTOR * duration)
    if len(run.timeouts) >= GENERATED_TIMEOUTS_BEFORE_SHORT_LIMIT:
        timeout = max(SHORT_LIMIT_FLOOR_S, RELATIVE_TIMEOUT_FACTOR * duration)
    outcome = session.call(case.args, case.kwargs, case.call_triples(), timeout=timeout)
    passed, verdict = judge(outcome, expectation, problem.compare, case.args)
    result = CaseResult(case=case, index=index, passed=passed, verdict=verdict, expected=expectation.text(),
                        actual=outcome.describe(), traceback=outcome.traceback if not passed else "",
                        duration_s=outcome.duration_s)
    if verdict == "timeout":
        run.timeouts.append(result)
        return
    run.generated.append(result)
    if meta is not None:
        run.values[id(result)] = (meta.value, meta.phase, expectation.value, outcome)


def _counterexamples(problem: Problem, state: GenerationState, session: Session, run: _Run,
                     deadline: Deadline) -> list[Counterexample]:
    """Shrink the simplest failing generated inputs (one per kind of failure first) to minimal ones."""
    suite = state.suite()
    plan, guard = suite.plan, state.guard
    failing = [r for r in run.generated if not r.passed and id(r) in run.values]
    if plan is None or guard is None or not failing:
        return []
    failing.sort(key=lambda r: simplicity_key(run.values[id(r)][0]))
    chosen, kinds = [], set()
    for r in failing:  # the simplest failing input of each kind of failure
        kind = _failure_kind(r)
        if kind not in kinds:
            kinds.add(kind)
            chosen.append(r)
    found: list[Counterexample] = []
    keys: set[str] = set()
    for result in chosen:
        if len(found) >= MAX_COUNTEREXAMPLES or deadline.remaining() < 5:
            break
        value, phase, expected, outcome = run.values[id(result)]
        example = minimal_counterexample(plan, guard, session, problem.compare, value, expected, outcome,
                                         result.verdict, phase, time_limit_s=session.limits.time_per_call_s,
                                         should_stop=lambda: deadline.remaining() < 5)
        key = value_key(example.value)
        if key not in keys:
            keys.add(key)
            found.append(example)
    return found


def _result(problem: Problem, suite, run: _Run, counterexamples: list[Counterexample],
            generation: dict) -> DimensionResult:
    entry = problem.entry_point
    parts: list[tuple[str, float]] = []
    rationale: list[str] = []
    hand_passed = sum(r.passed for r in run.hand)
    gen_passed = sum(r.passed for r in run.generated)
    both = bool(run.hand) and bool(run.generated)
    share = 0.5 if both else 1.0
    if run.hand:
        parts.append(("hand-written", 100.0 * hand_passed / len(run.hand)))
        each = 100.0 * share / len(run.hand)
        rationale += [f"-{each:.1f}: {failure_sentence(r, entry)}" for r in run.hand if not r.passed]
    gen_failed = len(run.generated) - gen_passed
    if run.generated:
        bugs = len({_failure_kind(r) for r in run.generated if not r.passed})
        gen_score = max(0.0, min(100.0 * gen_passed / len(run.generated), 100.0 - BUG_PENALTY * bugs))
        parts.append(("generated", gen_score))
        if gen_failed:
            lost = (100.0 - gen_score) * share
            shown = counterexamples[0] if counterexamples else None
            detail = (f"; minimal counterexample `{shown.case.input_text(entry, 160)}`: expected "
                      f"{_short(shown.expected)}, got {shown.actual[:160]}" if shown else "")
            rationale.append(f"-{lost:.1f}: {gen_failed} of {len(run.generated)} generated inputs failed "
                             f"({bugs} kind(s) of failure){detail}")
    if not run.generated and run.timeouts:  # it hung on every generated input it was given: not mere slowness
        parts.append(("generated", 0.0))
        share = 0.5 if run.hand else 1.0
        rationale.append(f"-{100 * share:.1f}: every generated input it ran timed out "
                         f"({len(run.timeouts)}, e.g. `{run.timeouts[0].case.input_text(entry, 120)}`)")
    score = sum(value for _, value in parts) / len(parts)
    total = len(run.hand) + len(run.generated)
    passed = hand_passed + gen_passed
    summary = f"{passed}/{total} edge cases passed"
    if run.generated:
        summary += f" ({gen_passed}/{len(run.generated)} generated)"
    elif not suite.applicable:
        summary += f"; generation not applicable: {suite.reason}"
    failures = [r.to_dict(entry) for r in run.hand if not r.passed]
    failures += [r.to_dict(entry) for r in run.generated if not r.passed][:MAX_REPORTED_GENERATED_FAILURES]
    generation = dict(generation)
    generation.update({"judged": len(run.generated), "passed": gen_passed, "timeouts": len(run.timeouts),
                       "not_run": run.not_run, "discarded": run.generated_discarded})
    details = {
        "passed": passed,
        "total": total,
        "cases": failures,
        "counterexamples": [c.to_dict(entry, problem.compare, i + 1) for i, c in enumerate(counterexamples)],
        "generation": generation,
        "timeouts": [r.to_dict(entry) for r in run.timeouts],
        "discarded": run.discarded,
        "by_origin": _by_origin(run.hand + run.generated),
        "parts": {name: round(value, 2) for name, value in parts},
    }
    return DimensionResult(name=NAME, score=score, summary=summary, rationale=rationale, details=details)


def _failure_kind(result: CaseResult) -> tuple:
    """Wrong output, or a crash with a given exception type, or another verdict."""
    if result.verdict == "raised":
        return result.verdict, result.actual.split(":", 1)[0]
    return result.verdict, ""


def _short(value) -> str:
    text = safe_repr(value, 1000)
    return text if len(text) <= 160 else text[:157] + "..."


def _by_origin(results: list[CaseResult]) -> dict:
    counts: dict[str, dict[str, int]] = {}
    for r in results:
        bucket = counts.setdefault(r.case.origin, {"passed": 0, "total": 0})
        bucket["total"] += 1
        bucket["passed"] += r.passed
    return counts
