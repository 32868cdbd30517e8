"""The extended tier's cases: a problem's `extended_tests`, and its stored `extended_inputs` judged by the reference.

A stored input's expectation is what the reference returns (or raises) on it,
as EvalPlus computes its plus outputs. The reference runs in a sandboxed
session of its own, once per problem and codeeval version: the answers are
kept in the reference cache (reference_cache.py) for every later run, and in
the problem's oracle for every solution of this run. An input on which the
reference fails (times out, crashes, returns what cannot be compared) is not
judged, and the result says how many. A time-out in a benchmark tier is run
once more, alone, before it counts (`confirmed`).
"""

from __future__ import annotations

import time
from contextlib import closing
from dataclasses import dataclass, replace

from ..base.catalog import CaseOrigin
from ..judging.case_runner import CaseResult, Expectation, call_input, run_case
from ..judging.compare import presence
from ..judging.oracle import Oracle, reference_session
from ..judging.reference_cache import ReferenceCache, StoredAnswer, code_version, content_key
from ..problem.definition import Case, Compare, Problem
from ..problem.stored_inputs import plain_data
from ..results.case_details import CaseVerdict
from ..sandbox import CallClock, CallInput, CallOutcome, CallStatus, Limits, Session, procfs

# EvalPlus computes its expected outputs with no time limit; a reference slower than this on an input
# (Mbpp/599's loop to 10^8 takes seconds) leaves that input unjudged.
CALL_TIMEOUT_S = 20.0
MEMORY_MB = 1024  # some references return large outputs (HumanEval/15: tens of megabytes)
# EvalPlus's time limit on a solution, per input: this many times the reference's time. Its floor (1 s there) is
# the problem's own limit here (2 s): at 1 s, a canonical solution timed on a loaded machine failed HumanEval/139.
TIME_FACTOR = 4.0
# A time-out's second run may last this many times its limit on the wall clock while it waits for a core.
WAIT_ALLOWANCE = 10.0


@dataclass(frozen=True)
class ExtendedTier:
    cases: list[Case]
    unjudged: int = 0  # stored inputs the reference failed on
    first_failure: str = ""
    calls: list[CallInput] | None = None  # per case: its call, inputs encoded once for every solution, and its limit


def reference_limits(problem: Problem) -> Limits:
    return Limits(
        time_per_call_s=max(CALL_TIMEOUT_S, problem.limits.time_per_call_s),
        memory_mb=max(MEMORY_MB, problem.limits.memory_mb),
        cpu_s=3600,
    )


def time_limit(problem: Problem, answer: StoredAnswer) -> float | None:
    """A benchmark problem's (`equality: evalplus`) limit on one input: 4 x the reference's time, as EvalPlus's,
    and at least the problem's limit, so an input on which the reference itself is slow is not lost to a time-out
    EvalPlus would not give; None for other problems."""
    if problem.compare.equality != "evalplus" or answer.seconds is None:
        return None
    return max(problem.limits.time_per_call_s, TIME_FACTOR * answer.seconds)


def answers_key(problem: Problem) -> str:
    assert problem.extended_inputs is not None
    limits = reference_limits(problem)
    return content_key(
        code_version(),
        problem.prelude,  # runs before the reference: its answers depend on it
        problem.reference,
        problem.entry_point,
        problem.extended_inputs.text,
        problem.compare.mode,
        f"{limits.time_per_call_s}/{limits.memory_mb}",
    )


def extended_tier(problem: Problem, oracle: Oracle, cache: ReferenceCache | None = None) -> ExtendedTier:
    """The tier's cases, the stored inputs' expectations computed at most once per problem context."""
    if problem.extended_inputs is None:
        return ExtendedTier(list(problem.extended_tests))
    return oracle.remembered("extended_tier", lambda: _build(problem, oracle, cache or ReferenceCache()))


def _build(problem: Problem, oracle: Oracle, cache: ReferenceCache) -> ExtendedTier:
    assert problem.extended_inputs is not None
    inputs = problem.extended_inputs.arguments()
    key = answers_key(problem)
    answers = cache.get(key)
    if answers is None or len(answers) != len(inputs):
        answers = compute_answers(problem, inputs, oracle)
        cache.put(key, answers)
    cases = list(problem.extended_tests)
    timeouts: list[float | None] = [None] * len(cases)
    first_line = problem.extended_inputs.first_line
    failures = []
    for index, (args, answer) in enumerate(zip(inputs, answers, strict=True)):
        if answer.failure is not None:
            failures.append(answer.failure)
            continue
        case = Case(
            args=args,
            name=f"extended input {index + 1}",
            origin=CaseOrigin.EXTENDED,
            line=None if first_line is None else first_line + index,
        )
        if answer.raises is not None:
            case.raises = answer.raises
        else:
            case.expected = answer.value
        cases.append(case)
        timeouts.append(time_limit(problem, answer))
    calls = [call_input(case, limit).encoded() for case, limit in zip(cases, timeouts, strict=True)]
    return ExtendedTier(cases, len(failures), failures[0] if failures else "", calls)


def compute_answers(problem: Problem, inputs: list[list], oracle: Oracle) -> list[StoredAnswer]:
    """The reference on every input, in a session of its own (generous limits, closed at the end)."""
    limits = reference_limits(problem)
    with reference_session(problem, limits, oracle.launcher) as session:
        loaded = session.load()
        if not loaded.ok:
            failure = f"the reference does not load: {loaded.describe()[:200]}"
            return [StoredAnswer(failure=failure) for _ in inputs]
        with closing(session.call_each([CallInput(args) for args in inputs])) as outcomes:
            return [_answer(outcome, problem) for outcome in outcomes]


def _answer(outcome: CallOutcome, problem: Problem) -> StoredAnswer:
    if outcome.status == CallStatus.RAISED:
        return StoredAnswer(raises=outcome.exc_type, seconds=outcome.duration_s)
    if outcome.status != CallStatus.RETURNED:
        return StoredAnswer(failure=f"the reference failed: {outcome.describe()[:160]}")
    value = presence(outcome.value) if problem.compare.mode == "not_none" else outcome.value
    if not plain_data(value):
        return StoredAnswer(failure=f"the reference returned {outcome.describe()[:120]}, which cannot be compared")
    return StoredAnswer(value=value, seconds=outcome.duration_s)


def confirmed(result: CaseResult, candidate: Session, compare: Compare, timeout: float | None) -> CaseResult:
    """A benchmark case's time-out, run once more before it counts: by itself, in a fresh worker, under the same
    limit on the time the call takes alone, the wall time less what the worker spent waiting for a core (the
    kernel's run-queue wait, /proc/PID/schedstat). EvalPlus's limit assumes a call that has a core to itself.

    On a loaded machine a call waits for a core: canonical solutions timed out on HumanEval/139's and /130's plus
    inputs at load 8, where alone they take a quarter of their limit. A call that is slow alone (computing,
    sleeping, blocked) times out again. Where the wait cannot be read, the second run has the plain limit. Any
    verdict of the first run but a time-out stands as it is, and so does a time-out on the CPU clock
    (deterministic mode), which load cannot cause."""
    if result.verdict is not CaseVerdict.TIMEOUT or candidate.limits.call_clock is CallClock.CPU:
        return result
    limit = timeout or candidate.limits.time_per_call_s
    with Session(
        candidate.source,
        candidate.entry_point,
        candidate.filename,
        candidate.limits,
        launcher=candidate.launcher,
        prelude=candidate.prelude,
    ) as alone:
        if not alone.load().ok or alone.child is None:
            return result
        pid = alone.child.worker_pid
        waited_before = procfs.run_queue_wait_seconds(pid)
        started = time.monotonic()
        again = run_case(
            alone,
            result.case,
            result.index,
            Expectation.of(result.case),
            compare,
            timeout=limit if waited_before is None else limit * WAIT_ALLOWANCE,
        )
        elapsed = time.monotonic() - started
        waited_after = procfs.run_queue_wait_seconds(pid) if again.verdict is not CaseVerdict.TIMEOUT else None
    if waited_before is None or again.verdict is CaseVerdict.TIMEOUT:
        return again
    if waited_after is None:  # the worker is gone (it crashed): its run-queue wait is unknown
        return again if not again.passed else result
    took = elapsed - (waited_after - waited_before)
    if took <= limit:
        return again
    return replace(
        again,
        passed=False,
        verdict=CaseVerdict.TIMEOUT,
        traceback="",
        actual=f"timeout: {took:.2f} s alone, over the limit of {limit:g} s",
    )
