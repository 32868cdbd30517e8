"""A function problem's test suite (`test_suite:`): each test run in the sandbox, each its own verdict.

The suite runs in a worker of its own (sandbox/suite_adapter.py): the solution loaded again, the suite in
its globals, one call per test with the test's own time limit, never past the task's; a test that hangs
or crashes its worker costs that test, and the next one runs in a new worker. The tests are the ones read
from the suite's text before anything runs (problem/suite_tests.py), so a solution cannot add or hide one.
A skipped test counts neither way (as unittest's `wasSuccessful`); every other test that did not pass is a
failure, and pass@k passes a task only when every test of it (and of `tests:`) passed.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, replace

from ..base.capabilities import refusal
from ..base.catalog import CaseOrigin
from ..base.errors import ProblemError
from ..judging.case_runner import Deadline
from ..problem.definition import Problem
from ..problem.suite_tests import collect_tests
from ..problem.test_suite_definition import TestSuiteSpec
from ..results.case_details import CaseRecord, CaseVerdict, CorrectnessDetails, PassCounts
from ..results.result import DimensionResult
from ..results.test_tiers import Tier
from ..sandbox import CallStatus, Session, refused_capabilities
from ..sandbox.suite_adapter import RUNNER_FILENAME, SUITE_ENTRY, VERDICTS, suite_adapter

FINISH_TIMEOUT_S = 5.0
SHOWN_MESSAGE = 300  # characters of a failure's message in the rationale


@dataclass(frozen=True)
class SuiteTestResult:
    """One test of a suite: its name (`Class.method` or `function`) and how it came out."""

    name: str
    verdict: CaseVerdict
    message: str = ""
    traceback: str = ""
    line: int | None = None  # the test's `def` in the problem file
    duration_s: float | None = None

    @property
    def passed(self) -> bool:
        return self.verdict is CaseVerdict.PASSED

    @property
    def counted(self) -> bool:
        return self.verdict is not CaseVerdict.SKIPPED

    def record(self) -> CaseRecord:
        return CaseRecord(
            case=self.name,
            input=self.name,
            passed=self.passed,
            verdict=self.verdict,
            expected="",
            actual=self.message,
            origin=CaseOrigin.TEST,
            line=self.line,
            traceback=self.traceback or None,
        )


def run_suite(problem: Problem, suite: TestSuiteSpec, candidate: Session, deadline: Deadline) -> list[SuiteTestResult]:
    """Every test of the suite against the candidate's solution, in a worker of their own."""
    try:
        found = collect_tests(suite.source)
    except SyntaxError as exc:  # a problem built in memory, not by the loader (which reports it first)
        raise ProblemError(f"test_suite: syntax error: {exc.msg}", problem.path, _line(suite, exc.lineno)) from None
    lines = found.lines
    source = suite_adapter(candidate.source, candidate.filename, suite.source, candidate.prelude)
    limits = replace(candidate.limits, time_per_call_s=suite.time_per_test_s)
    task_end = time.monotonic() + suite.time_per_task_s
    results = []
    with Session(source, SUITE_ENTRY, RUNNER_FILENAME, limits, launcher=candidate.launcher) as session:
        load = session.load()
        for name in found.names:
            line = _line(suite, lines.get(name))
            remaining = min(task_end - time.monotonic(), deadline.remaining())
            if not load.ok:
                results.append(SuiteTestResult(name, CaseVerdict.ERROR, f"not run: {load.describe()}", line=line))
                continue
            if remaining <= 0:
                why = "the evaluation's time budget" if deadline.expired else f"the task's {suite.time_per_task_s:g} s"
                results.append(SuiteTestResult(name, CaseVerdict.TIMEOUT, f"not run: {why} ran out", line=line))
                continue
            timeout = min(suite.time_per_test_s, remaining)
            outcome = session.call([name], {}, timeout=timeout)
            results.append(_judged(name, outcome.status, outcome.value, outcome.message, timeout, line, suite))
            results[-1] = replace(results[-1], duration_s=outcome.duration_s)
        if load.ok:
            session.call([None], {}, timeout=FINISH_TIMEOUT_S)  # tear down, remove the task's directory
    return _with_refusal(results, refused_capabilities(candidate.launcher, limits.capabilities))


def _with_refusal(results: list[SuiteTestResult], refused: frozenset) -> list[SuiteTestResult]:
    """Where the problem asked for capabilities this sandbox does not grant, each test that did not pass says
    so first (`refused: processes need the bubblewrap sandbox here; ...`): likely the cause, not the solution."""
    if not refused:
        return results
    note = refusal(refused)
    return [
        result if result.passed or not result.counted else replace(result, message=f"{note}; {result.message}")
        for result in results
    ]


def _line(suite: TestSuiteSpec, line_in_suite: int | None) -> int | None:
    if suite.line is None or line_in_suite is None:
        return line_in_suite if suite.line is None else suite.line
    return suite.line + line_in_suite - 1


def _judged(
    name: str, status: CallStatus, value: object, message: str, timeout: float, line: int | None, suite: TestSuiteSpec
) -> SuiteTestResult:
    """A test's verdict from its call: the runner's `[verdict, message, traceback]`, or what stopped the call."""
    if status == CallStatus.RETURNED:
        if (
            isinstance(value, list)
            and len(value) == 3
            and all(isinstance(part, str) for part in value)
            and value[0] in VERDICTS
        ):
            return SuiteTestResult(name, CaseVerdict(value[0]), value[1], value[2], line)
        return SuiteTestResult(
            name, CaseVerdict.ERROR, f"the test runner's reply was malformed: {value!r:.200}", line=line
        )
    if status == CallStatus.TIMEOUT:
        limit = "its" if timeout >= suite.time_per_test_s else "the task's remaining"
        return SuiteTestResult(name, CaseVerdict.TIMEOUT, f"took longer than {limit} {timeout:.3g} s", line=line)
    if status == CallStatus.CRASHED:
        return SuiteTestResult(name, CaseVerdict.CRASHED, message or "the worker died", line=line)
    return SuiteTestResult(name, CaseVerdict.ERROR, f"{status}: {message}".strip(": "), line=line)


def with_suite(
    problem: Problem, candidate: Session, deadline: Deadline, tests_result: DimensionResult, name: str
) -> DimensionResult:
    """Correctness over the problem's `tests` (already judged, in `tests_result`) and its suite's tests."""
    assert problem.test_suite is not None
    suite = run_suite(problem, problem.test_suite, candidate, deadline)
    details = tests_result.details
    assert isinstance(details, CorrectnessDetails)
    counted = [result for result in suite if result.counted]
    passed = details.passed + sum(result.passed for result in counted)
    total = details.total + len(counted)
    each = 100.0 / total if total else 0.0
    rationale = [_rescaled(line, each) for line in tests_result.rationale]
    rationale += [
        f"-{each:.1f}: `{result.name}`: {result.verdict}: {result.message[:SHOWN_MESSAGE]}"
        for result in counted
        if not result.passed
    ]
    skipped = len(suite) - len(counted)
    summary = f"{passed}/{total} tests passed"
    parts = [f"{details.passed}/{details.total} tests"] if details.total else []
    parts.append(f"{passed - details.passed}/{len(counted)} suite tests")
    summary += f" ({', '.join(parts)}" + (f"; {skipped} skipped)" if skipped else ")")
    tiers = dict(details.tiers or {})
    base = tiers.get(Tier.BASE.value, PassCounts(details.passed, details.total))
    tiers[Tier.BASE.value] = PassCounts(base.passed + passed - details.passed, base.total + len(counted))
    records = details.cases + tuple(result.record() for result in suite if not result.passed)
    return DimensionResult(
        name=name,
        score=100.0 * passed / total if total else 100.0,
        summary=summary,
        rationale=rationale,
        details=CorrectnessDetails(passed=passed, total=total, cases=records, tiers=tiers),
    )


def _rescaled(line: str, each: float) -> str:
    """A tests' rationale line (`-12.5: ...`) with the points a test is worth among all of them."""
    points, sep, rest = line.partition(": ")
    return f"-{each:.1f}: {rest}" if sep and points.startswith("-") else line
