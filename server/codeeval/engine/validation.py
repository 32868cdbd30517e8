"""Checking a problem against itself: its reference must pass its own tests and edge cases."""

from __future__ import annotations

from ..base.errors import ProblemError
from ..dimensions.performance.alone import declared_class_problem
from ..dimensions.suite_correctness import run_suite
from ..generation.settings_check import settings_errors
from ..judging.case_runner import CaseResult, Deadline, Expectation, failure_sentence, run_case
from ..judging.custom_checker import CustomChecker
from ..judging.oracle import reference_session
from ..judging.program_judge import CheckedLater, judge_program
from ..problem.definition import Case, Problem
from ..problem.inputs import InputExpression, InputExpressionError
from ..problem.program_definition import Checker
from ..results.case_details import CaseVerdict
from ..sandbox import Launcher, Session, default_launcher
from .evaluator import EvaluationOptions, limits_for


def validate_problem(problem: Problem, launcher: Launcher | None = None) -> list[ProblemError]:
    """Every way the reference disagrees with the problem file, each located at its case's line.

    Plot and web-page problems have no reference to run (loading them already checked them), nor has a
    program problem without one.
    """
    if not problem.reference:
        return []
    limits = limits_for(problem, EvaluationOptions())
    errors: list[ProblemError] = []
    with reference_session(problem, limits, launcher or default_launcher()) as reference:
        load = reference.load()
        if not load.ok:
            line = (problem.reference_line or 1) + (load.lineno or 1) - 1 if load.lineno else problem.reference_line
            return [ProblemError(f"reference: {load.describe()}", problem.path, line)]
        checked = [("tests", i, c) for i, c in enumerate(problem.tests)]
        checked += [("edge_cases.cases", i, c) for i, c in enumerate(problem.edge_cases.cases) if c.has_expectation]
        results = _reference_results(problem, reference, [(index, case) for _, index, case in checked])
        if isinstance(results, ProblemError):
            return [results]
        for (section, index, case), result in zip(checked, results, strict=True):
            if not result.passed:
                why = failure_sentence(result, problem.entry_point)
                fails = "the checker fails on" if result.verdict is CaseVerdict.CHECKER_ERROR else "the reference fails"
                message = f"{section}[{index}]: {fails} this case: {why}"
                errors.append(ProblemError(message, problem.path, case.line))
        errors += _performance_errors(problem, reference) + _suite_errors(problem, reference)
    if problem.program is None:  # generated inputs and stored inputs are a function problem's
        errors += _generation_errors(problem) + _stored_input_errors(problem)
    return errors


def _reference_results(
    problem: Problem, reference: Session, cases: list[tuple[int, Case]]
) -> list[CaseResult] | ProblemError:
    """The reference on each case; under a custom checker, a program's outputs judged in one batch by the checker
    in its own worker (a checker that does not load is one error, at its line)."""
    if problem.program is None or problem.program.checker.kind is not Checker.CUSTOM:
        return [_reference_result(problem, reference, case, index) for index, case in cases]
    later = CheckedLater()
    results = [later(reference.call(case.args, case.kwargs), case, index) for index, case in cases]
    with CustomChecker.of_problem(problem, reference.limits, reference.launcher) as checker:
        failure = checker.load_failure()
        if failure:
            return ProblemError(f"checker: {failure}", problem.path, checker.failure_line())
        return later.judged(results, checker)


def _reference_result(problem: Problem, reference: Session, case: Case, index: int) -> CaseResult:
    """The reference on one case: a program's output judged by its checker, a function's by its expectation."""
    if problem.program is not None:
        return judge_program(reference.call(case.args, case.kwargs), case, index, problem.program.checker)
    return run_case(reference, case, index, Expectation.of(case), problem.compare)


def _suite_errors(problem: Problem, reference: Session) -> list[ProblemError]:
    """Each test of the problem's suite the reference does not pass (a skipped test is not a failure)."""
    if problem.test_suite is None:
        return []
    results = run_suite(problem, problem.test_suite, reference, Deadline(problem.limits.total_time_s))
    return [
        ProblemError(
            f"test_suite: the reference fails {result.name}: {result.verdict}: {result.message[:300]}",
            problem.path,
            result.line,
        )
        for result in results
        if result.counted and not result.passed
    ]


def _stored_input_errors(problem: Problem) -> list[ProblemError]:
    """`extended_inputs` lines that are not arrays of plain arguments (decoding runs nothing)."""
    if problem.extended_inputs is None:
        return []
    try:
        problem.extended_inputs.arguments()
    except ProblemError as exc:
        return [exc]
    return []


def _generation_errors(problem: Problem) -> list[ProblemError]:
    """Strategy expressions and preconditions that do not parse (checked statically; nothing runs)."""
    return [ProblemError(message, problem.path) for message in settings_errors(problem)]


def _performance_errors(problem: Problem, reference: Session) -> list[ProblemError]:
    spec = problem.performance
    if spec is None:
        return []
    try:
        built = InputExpression(spec.input).build(spec.sizes[0], spec.seed)
    except InputExpressionError as exc:
        return [ProblemError(f"performance.input: {exc}", problem.path, spec.line)]
    outcome = reference.call(built.args, built.kwargs, built.calls)
    if not outcome.returned:
        return [
            ProblemError(
                f"performance: the reference fails on the input for n={spec.sizes[0]}: {outcome.describe()[:200]}",
                problem.path,
                spec.line,
            )
        ]

    mismatch = declared_class_problem(spec, reference)
    return [ProblemError(f"performance.complexity: {mismatch}", problem.path, spec.line)] if mismatch else []
