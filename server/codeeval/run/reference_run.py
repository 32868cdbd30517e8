"""A problem's reference run against its own tests and test suite, as the candidates will be: its failures.

The pre-check's work (precheck.py), kept apart so that a run whose verdicts are all cached never imports the
engine. The reference runs in the candidates' launcher with their limits; each failure becomes one message
(what failed, then its traceback), for `judging/environment_causes.py` to read the cause from.
"""

from __future__ import annotations

from ..dimensions.suite_correctness import run_suite
from ..engine.evaluation_options import EvaluationOptions
from ..engine.evaluator import limits_for
from ..judging.case_runner import Deadline, Expectation, failure_sentence, run_case
from ..judging.oracle import reference_session
from ..judging.program_judge import judge_program
from ..problem import Problem
from ..problem.program_definition import Checker
from ..sandbox import Launcher, Session


def failure_messages(problem: Problem, options: EvaluationOptions, launcher: Launcher) -> list[str]:
    """Why the reference does not pass here, one message per failure; empty when it passes everything."""
    deadline = Deadline(problem.limits.total_time_s)
    with reference_session(problem, limits_for(problem, options), launcher) as reference:
        load = reference.load()
        if not load.ok:
            return [f"the reference {load.describe()}\n{load.traceback}"]
        messages = _test_failures(problem, reference)
        if problem.test_suite is not None:
            suite = run_suite(problem, problem.test_suite, reference, deadline)
            messages += [
                f"{result.name}: {result.verdict}: {result.message}\n{result.traceback}"
                for result in suite
                if result.counted and not result.passed
            ]
    return messages


def _test_failures(problem: Problem, reference: Session) -> list[str]:
    """The reference's failures on the problem's `tests` (a program's outputs judged by its checker; a custom
    checker's verdicts are `codeeval validate`'s business: it needs a worker of its own)."""
    if problem.program is not None:
        if problem.program.checker.kind is Checker.CUSTOM:
            return []
        checker = problem.program.checker
        results = [judge_program(reference.call(c.args, c.kwargs), c, i, checker) for i, c in enumerate(problem.tests)]
    else:
        results = [run_case(reference, c, i, Expectation.of(c), problem.compare) for i, c in enumerate(problem.tests)]
    return [
        f"tests[{result.index}]: {failure_sentence(result, problem.entry_point)}\n{result.traceback}"
        for result in results
        if not result.passed
    ]
