"""A problem's custom checker: read and refused by the loader, run in a real sandboxed worker of its own."""

from __future__ import annotations

import time

import pytest

from codeeval.base.errors import ProblemErrors
from codeeval.judging.custom_checker import CHECKER_TIME_FLOOR_S, CheckerCall, CustomChecker, checker_limits
from codeeval.judging.output_checkers import check_output
from codeeval.problem import load_problem
from codeeval.problem.program_definition import Checker, CheckerSpec, custom_checker_error
from codeeval.sandbox import Limits, default_launcher
from tests.support import PERMUTATION_CHECK

PROGRAM = """\
name: no_adjacent
kind: program
summary: A permutation of 1..n whose neighbours never differ by 1.
tests:
  - input: "4\\n"
    output: "2 4 1 3\\n"
checker:
  kind: custom
  source: |
    import math
    def check(input, expected, output):
        return True
"""

LIMITS = Limits(time_per_call_s=1.0, memory_mb=256)


def checker(source: str) -> CustomChecker:
    return CustomChecker(CheckerSpec.custom(source, source_line=10), "problem.yaml#checker", LIMITS, default_launcher())


def verdicts(source: str, calls: list[CheckerCall]) -> list[tuple[bool, str, str]]:
    with checker(source) as custom:
        return [(v.accepted, v.said, v.error) for v in custom.verdicts(calls)]


FOUR = CheckerCall("4\n", "2 4 1 3\n", "3 1 4 2\n")  # another valid answer
FOUR_WRONG = CheckerCall("4\n", "2 4 1 3\n", "1 2 3 4\n")


def test_the_checker_accepts_any_valid_answer_and_rejects_an_invalid_one():
    found = verdicts(PERMUTATION_CHECK, [FOUR, FOUR_WRONG, CheckerCall("3\n", "NO SOLUTION\n", "NO SOLUTION")])
    assert found == [(True, "True", ""), (False, "False", ""), (True, "True", "")]
    assert check_output(CheckerSpec(Checker.LINES), FOUR.expected, FOUR.output) is not None  # lines would refuse it


@pytest.mark.parametrize(
    ("returned", "accepted", "said"),
    [("1", True, "1"), ("1.0", True, "1.0"), ("0", False, "0"), ("0.5", False, "0.5"), ("False", False, "False")],
)
def test_numbers_in_0_1_are_verdicts_and_only_1_accepts(returned, accepted, said):
    source = f"def check(input, expected, output):\n    return {returned}\n"
    assert verdicts(source, [FOUR]) == [(accepted, said, "")]


@pytest.mark.parametrize(
    ("body", "error"),
    [
        ("return 1 / 0", "the checker raised ZeroDivisionError: division by zero"),
        ('return "yes"', "the checker returned 'yes', not True, False or a number in [0, 1]"),
        ("return None", "the checker returned None"),
        ("return 2", "the checker returned 2,"),
        ("return float('nan')", "the checker returned nan"),
        ("return 10 ** 400", "the checker returned 1000000"),
        ("return [True]", "the checker returned [True]"),
    ],
)
def test_a_checker_that_raises_or_returns_something_else_is_a_checker_error(body, error):
    source = f"def check(input, expected, output):\n    {body}\n"
    [(accepted, _, found)] = verdicts(source, [FOUR])
    assert not accepted and found.startswith(error)


def test_a_raising_checker_keeps_its_traceback_and_the_next_call_still_runs():
    source = "def check(input, expected, output):\n    if input == '3\\n':\n        raise KeyError('boom')\n"
    source += "    return True\n"
    with checker(source) as custom:
        first, second = custom.verdicts([CheckerCall("3\n", "", ""), FOUR])
    assert (
        "KeyError" in first.error
        and "line 3, in check" in first.traceback
        and "problem.yaml#checker" in first.traceback
    )
    assert second.accepted and not second.error


def test_what_a_checker_prints_is_not_its_verdict():
    source = (
        "import sys\ndef check(input, expected, output):\n    print('False')\n    sys.stdout.flush()\n    return True\n"
    )
    assert verdicts(source, [FOUR, FOUR]) == [(True, "True", "")] * 2


def test_a_checker_that_hangs_times_out_once_and_the_rest_are_not_checked():
    source = "def check(input, expected, output):\n    while input == '5\\n':\n        pass\n    return True\n"
    calls = [FOUR, CheckerCall("5\n", "", ""), FOUR, FOUR]
    started = time.monotonic()
    found = verdicts(source, calls)
    elapsed = time.monotonic() - started
    assert found[0] == (True, "True", "")
    assert not found[1][0] and found[1][2].startswith("the checker gave no verdict: timeout")
    assert all(
        not accepted and error.startswith("not checked: the checker failed on an earlier test")
        for accepted, _, error in found[2:]
    )
    assert elapsed < CHECKER_TIME_FLOOR_S + 8  # one time-out, not one per test


def test_a_checker_that_kills_its_worker_is_a_checker_error():
    source = "import os\ndef check(input, expected, output):\n    os._exit(3)\n"
    found = verdicts(source, [FOUR, FOUR])
    assert found[0][2].startswith("the checker gave no verdict: crashed") and "not checked" in found[1][2]


def test_a_checker_that_fails_to_load_is_a_checker_error_naming_the_problem_files_line():
    source = "import math\nraise RuntimeError('no data file')\ndef check(input, expected, output):\n    return True\n"
    with checker(source) as custom:
        found = custom.verdicts([FOUR, FOUR])
        assert custom.failure_line() == 11  # the source starts at line 10; the raise is its line 2
    assert all(v.error.startswith("the checker did not load: raised RuntimeError") for v in found)
    assert "line 11 of the problem file" in found[0].error


def test_one_worker_judges_many_outputs_in_batches():
    calls = [
        CheckerCall(f"{n}\n", "x", " ".join(map(str, [*range(2, n + 1, 2), *range(1, n + 1, 2)])))
        for n in range(4, 404)
    ]
    with checker(PERMUTATION_CHECK) as custom:
        custom.load()
        started = time.monotonic()
        found = custom.verdicts(calls)
        elapsed = time.monotonic() - started
        assert custom.session.restarts == 0
    assert all(v.accepted for v in found) and len(found) == 400
    assert elapsed < 2.0  # 400 checks of up to 400 numbers; a round trip each would cost more


def test_the_checker_gets_at_least_the_floor_and_otherwise_the_solutions_limits():
    assert checker_limits(Limits(time_per_call_s=0.5, memory_mb=300)).time_per_call_s == CHECKER_TIME_FLOOR_S
    assert checker_limits(Limits(time_per_call_s=6.0, memory_mb=300)) == Limits(time_per_call_s=6.0, memory_mb=300)


def test_a_checker_spec_holds_its_source_only_when_custom():
    assert CheckerSpec.custom("def check(i, e, o): return True").kind is Checker.CUSTOM
    with pytest.raises(ValueError, match="needs its source"):
        CheckerSpec(Checker.CUSTOM)
    with pytest.raises(ValueError, match="only a custom checker"):
        CheckerSpec(Checker.LINES, source="def check(i, e, o): return True")
    with pytest.raises(ValueError, match="no tolerances"):
        CheckerSpec(Checker.CUSTOM, abs_tol=0.1, source="def check(i, e, o): return True")
    with pytest.raises(ValueError, match="runs in the sandbox"):
        check_output(CheckerSpec.custom("def check(i, e, o): return True"), "1", "2")


@pytest.mark.parametrize(
    ("source", "message", "line"),
    [
        ("def check(input, expected, output):\n    return True\n", None, None),
        ("def check(*args):\n    return True\n", None, None),
        ("def check(a, b, c, strict=True):\n    return True\n", None, None),
        ("check = lambda i, e, o: True\n", None, None),
        ("from somewhere import check\n", None, None),
        ("x = 1\ndef check(input, expected, output)\n    return True\n", "syntax error", 2),
        (
            "def check(input, expected, output):\n    return True\nreturn 1\n",
            "syntax error: 'return' outside function",
            3,
        ),
        ("def verify(input, expected, output):\n    return True\n", "defines no `check(input, expected, output)`", 1),
        ("x = 1\n\ndef check(output):\n    return True\n", "`check` must take three arguments", 3),
        ("def check(a, b, c, d):\n    return True\n", "`check` must take three arguments", 1),
        ("def check(a, b, c, *, mode):\n    return True\n", "`check` must take three arguments", 1),
        ("async def check(a, b, c):\n    return True\n", "must be a plain function", 1),
        ("x = '\0'\n", "null bytes", 1),  # a SyntaxError from Python 3.11 on, a ValueError before
    ],
)
def test_the_source_must_compile_and_define_check_with_three_arguments(source, message, line):
    error = custom_checker_error(source)
    if message is None:
        assert error is None
    else:
        assert error is not None and message in error.message and error.line == line


def load_error(write_problem, text: str) -> tuple[str, int | None]:
    with pytest.raises(ProblemErrors) as refused:
        load_problem(write_problem(text, "custom.yaml"))
    error = refused.value.errors[0]
    assert error.path is not None and error.path.endswith("custom.yaml")
    return error.message, error.line


def test_the_loader_reads_a_custom_checker_and_its_first_line(write_problem):
    problem = load_problem(write_problem(PROGRAM, "custom.yaml"))
    assert problem.program is not None
    spec = problem.program.checker
    assert spec.kind is Checker.CUSTOM and spec.source.startswith("import math\n") and spec.source_line == 10


def test_a_checker_that_does_not_compile_is_refused_naming_the_file_and_line(write_problem):
    broken = PROGRAM.replace("        return True\n", "        return True)\n")
    message, line = load_error(write_problem, broken)
    assert message.startswith("checker.source: syntax error") and line == 12


def test_a_checker_without_check_or_with_settings_of_another_kind_is_refused(write_problem):
    assert load_error(write_problem, PROGRAM.replace("def check(", "def verify(")) == (
        "checker.source: defines no `check(input, expected, output)` at module level",
        10,
    )
    message, line = load_error(write_problem, PROGRAM.replace("  kind: custom\n", "  kind: custom\n  abs_tol: 0.1\n"))
    assert "no tolerances" in message and line == 9
    message, line = load_error(write_problem, PROGRAM.replace("  kind: custom\n", "  kind: tokens\n"))
    assert "only a custom checker has a source" in message and line == 9
    message, line = load_error(write_problem, PROGRAM.replace("  source: |\n", "  text: |\n"))
    assert "checker" in message and line is not None
    message, _ = load_error(write_problem, PROGRAM.split("checker:")[0] + "checker: custom\n")
    assert "'custom' is not one of" in message
