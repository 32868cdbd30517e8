"""stdin/stdout program problems end to end: the real loader, the real sandbox, the parent's checker."""

from __future__ import annotations

import textwrap

import pytest

from codeeval.base.errors import ProblemErrors
from codeeval.engine.evaluator import evaluate
from codeeval.engine.validation import validate_problem
from codeeval.problem import load_problem
from codeeval.report import to_markdown
from codeeval.results.case_details import CaseVerdict, CorrectnessDetails
from codeeval.results.result import EvaluationResult
from tests.support import PERMUTATION_CHECK, SUM_PAIRS, run_cli

GOOD = """\
def main():
    t = int(input())
    for _ in range(t):
        a, b = map(int, input().split())
        print(a + b)


if __name__ == "__main__":
    main()
"""


@pytest.fixture
def problem(write_problem):
    return write_problem(SUM_PAIRS, "sum_pairs.yaml")


def run(problem_path, source: str) -> EvaluationResult:
    return evaluate("solution.py", problem_path, source=source, skip=("code_quality",))


def failures(result: EvaluationResult) -> dict[str, tuple[CaseVerdict, str, str]]:
    details = result.dimensions["correctness"].details
    assert isinstance(details, CorrectnessDetails)
    return {case.case: (case.verdict, case.expected, case.actual) for case in details.cases}


def test_a_correct_script_is_scored_on_all_four_dimensions_against_the_reference(problem):
    result = evaluate("solution.py", problem, source=GOOD)
    assert result.dimensions["correctness"].score == 100.0
    assert result.dimensions["correctness"].summary == "3/3 tests passed"
    for name in ("edge_cases", "performance", "code_quality"):
        assert result.dimensions[name].applicable, result.dimensions[name].reason
    assert result.dimensions["edge_cases"].score == 100.0
    assert result.score > 90


def test_without_a_reference_edge_cases_and_performance_say_why_they_are_not_scored(write_problem):
    path = write_problem(SUM_PAIRS.split("reference: |")[0] + "tests:" + SUM_PAIRS.split("tests:")[1], "bare.yaml")
    result = evaluate("solution.py", path, source=GOOD)
    for name in ("edge_cases", "performance"):
        assert not result.dimensions[name].applicable
        assert "no reference program" in (result.dimensions[name].reason or "")
    assert result.score > 90


@pytest.mark.parametrize(
    "source",
    [
        "import sys\nd = sys.stdin.buffer.read().split()\n"
        "sums = (str(int(d[1 + 2*i]) + int(d[2 + 2*i])).encode() for i in range(int(d[0])))\n"
        "sys.stdout.buffer.write(b'\\n'.join(sums))\n",
        "lines = open(0).read().splitlines()\nfor line in lines[1:]:\n    print(sum(map(int, line.split())))\n",
        "import sys\nnext(sys.stdin)\nfor line in sys.stdin:\n    print(sum(map(int, line.split())), end='  \\r\\n')\n",
        # A bigger stack in a thread, and the main thread returns at once (LiveCodeBench's graded programs do).
        "import sys, threading\nthreading.stack_size(1 << 26)\n"
        "solve = lambda: [print(sum(map(int, l.split()))) for l in sys.stdin.readlines()[1:]]\n"
        "threading.Thread(target=solve).start()\n",
    ],
    ids=["stdin-buffer", "open-0", "iterate-with-trailing-spaces", "solve-in-a-thread"],
)
def test_the_ways_scripts_read_and_write_all_work(problem, source):
    assert run(problem, source).dimensions["correctness"].score == 100.0


def test_a_wrong_answer_shows_the_first_differing_line_both_sides_and_the_input(problem):
    wrong = GOOD.replace("print(a + b)", "print(a + b if a != 1 else a - b)")
    result = run(problem, wrong)
    found = failures(result)
    assert set(found) == {"#1", "#3"}
    verdict, expected, actual = found["#1"]
    assert verdict is CaseVerdict.WRONG_ANSWER
    assert "line 1" in expected and "3" in expected and "line 1" in actual and "-1" in actual
    details = result.dimensions["correctness"].details
    assert isinstance(details, CorrectnessDetails)
    assert details.cases[0].input.startswith("2\n1 2")  # the stdin, not a call
    assert "2\n1 2" in to_markdown(result) or "2 1 2" in to_markdown(result).replace("<br>", " ")


def test_runtime_errors_exit_statuses_time_and_output_limits_each_get_their_verdict(problem):
    script = """\
import sys
t = int(input())
if t == 2:
    raise ValueError("bad input")
if t == 1:
    sys.exit(3)
while True:
    print("x" * 1000)
"""
    found = failures(run(problem, script))
    assert found["#1"][0] is CaseVerdict.RUNTIME_ERROR and "ValueError" in found["#1"][2]
    assert found["#2"][0] is CaseVerdict.RUNTIME_ERROR and "exit status 3" in found["#2"][2]
    assert found["#3"][0] is CaseVerdict.OUTPUT_LIMIT


def test_a_hanging_test_times_out_and_the_next_test_runs_in_a_fresh_worker(problem):
    script = GOOD.replace("    t = int(input())\n", "    t = int(input())\n    while t == 1:\n        pass\n")
    result = run(problem, script)
    found = failures(result)
    assert list(found) == ["#2"] and found["#2"][0] is CaseVerdict.TIMEOUT
    assert result.dimensions["correctness"].summary == "2/3 tests passed"


def test_reading_past_the_input_gets_end_of_file_and_a_memory_bomb_is_a_memory_limit(problem):
    script = "t = int(input())\nif t == 1:\n    x = bytearray(10**10)\nfor _ in range(t + 1):\n    input()\n"
    found = failures(run(problem, script))
    assert found["#1"][0] is CaseVerdict.RUNTIME_ERROR and "EOFError" in found["#1"][2]
    assert found["#2"][0] is CaseVerdict.MEMORY_LIMIT


def test_tests_do_not_share_the_scripts_globals(problem):
    counter = "try:\n    seen += 1\nexcept NameError:\n    seen = 0\n"
    script = counter + GOOD.replace("print(a + b)", "print(a + b + seen)")
    assert run(problem, script).dimensions["correctness"].score == 100.0


def test_a_script_that_does_not_parse_did_not_load(problem):
    result = run(problem, "print(1\n")
    assert result.dimensions["correctness"].score == 0.0
    assert result.dimensions["correctness"].summary == "solution did not load"


def test_the_reference_is_validated_against_the_tests_by_the_checker(write_problem):
    good = write_problem(SUM_PAIRS, "good.yaml")
    assert validate_problem(load_problem(good)) == []
    broken = write_problem(SUM_PAIRS.replace('output: "0\\n"', 'output: "1\\n"'), "broken.yaml")
    errors = validate_problem(load_problem(broken))
    assert len(errors) == 1 and errors[0].line == 14 and "tests[1]" in errors[0].message


def test_a_broken_program_file_is_refused_naming_the_line(write_problem):
    missing_output = write_problem(SUM_PAIRS.replace('    output: "0\\n"\n', ""), "missing.yaml")
    with pytest.raises(ProblemErrors) as refused:
        load_problem(missing_output)
    assert refused.value.errors[0].line == 14 and "output" in refused.value.errors[0].message
    bad_reference = write_problem(SUM_PAIRS.replace("  t = int(data[0])\n", "  t = int(data[0]\n"), "bad.yaml")
    with pytest.raises(ProblemErrors) as refused:
        load_problem(bad_reference)
    assert "syntax error" in refused.value.errors[0].message and refused.value.errors[0].line is not None


def test_a_tolerance_checker_accepts_close_floats(write_problem):
    text = SUM_PAIRS.replace("limits:", "checker: {kind: tokens, abs_tol: 0.000001}\nlimits:")
    problem = write_problem(text, "tolerant.yaml")
    script = GOOD.replace("print(a + b)", "print(a + b + 1e-9)")
    assert run(problem, script).dimensions["correctness"].score == 100.0
    assert run(problem, GOOD.replace("print(a + b)", "print(a + b + 0.001)")).dimensions["correctness"].score == 0.0


# -- a custom checker: problems with many valid answers -------------------------------------------------------

NO_ADJACENT = """\
name: no_adjacent
kind: program
summary: Print a permutation of 1..n in which no two neighbours differ by 1, or NO SOLUTION when none exists.
reference: |
  n = int(input())
  if n in (2, 3):
      print("NO SOLUTION")
  else:
      print(*range(2, n + 1, 2), *range(1, n + 1, 2))
tests:
  - input: "1\\n"
    output: "1\\n"
  - input: "3\\n"
    output: "NO SOLUTION\\n"
  - input: "4\\n"
    output: "2 4 1 3\\n"
  - input: "5\\n"
    output: "2 4 1 3 5\\n"
  - input: "10\\n"
    output: "2 4 6 8 10 1 3 5 7 9\\n"
checker:
  kind: custom
  source: |
"""
NO_ADJACENT += textwrap.indent(PERMUTATION_CHECK, "    ") + "limits: {time_per_test_s: 1, memory_mb: 256}\n"
CHECKER_FIRST_LINE = 24

ODDS_THEN_EVENS_DOWN = """\
n = int(input())
if n in (2, 3):
    print("NO SOLUTION")
else:
    for value in [*range(n - (n % 2 == 0), 0, -2), *range(n - n % 2, 0, -2)]:
        print(value)
"""
EVENS_THEN_ODDS = """\
n = int(input())
answer = [*range(2, n + 1, 2), *range(1, n + 1, 2)]
print("NO SOLUTION" if n in (2, 3) else " ".join(map(str, answer)))
"""
IN_ORDER = "n = int(input())\nprint(*range(1, n + 1))\n"


@pytest.fixture
def no_adjacent(write_problem):
    return write_problem(NO_ADJACENT, "no_adjacent.yaml")


def with_checker(body: str) -> str:
    """NO_ADJACENT with its checker's body replaced."""
    start = NO_ADJACENT.index("    def check(")
    end = NO_ADJACENT.index("limits:")
    return NO_ADJACENT[:start] + body + NO_ADJACENT[end:]


@pytest.mark.parametrize("source", [EVENS_THEN_ODDS, ODDS_THEN_EVENS_DOWN], ids=["the-references-answer", "another"])
def test_different_valid_answers_all_pass_the_custom_checker(no_adjacent, source):
    result = run(no_adjacent, source)
    assert result.dimensions["correctness"].score == 100.0
    assert result.dimensions["correctness"].summary == "5/5 tests passed"


def test_an_invalid_answer_fails_with_the_checkers_verdict_and_its_own_failures_stay_its_own(no_adjacent):
    script = IN_ORDER.replace("n = int(input())\n", "n = int(input())\nif n == 10:\n    raise SystemExit(4)\n")
    found = failures(run(no_adjacent, script))
    assert set(found) == {"#2", "#3", "#4", "#5"}  # n = 1: "1" is valid
    verdict, expected, actual = found["#3"]
    assert verdict is CaseVerdict.WRONG_ANSWER
    assert expected == "an answer the checker accepts, such as `2 4 1 3\\n`"
    assert actual == "`1 2 3 4\\n`, which the checker rejected (it returned False)"
    assert found["#5"][0] is CaseVerdict.RUNTIME_ERROR and "exit status 4" in found["#5"][2]


def test_the_solution_never_sees_the_expected_output(no_adjacent):
    # The expected output of n = 4 is "2 4 1 3": the checker's worker has it, the solution's never does. The
    # script looks for it in every object its worker can reach (the text searched for is built at run time, so
    # its own constants do not hold it); planted in the script's globals, it is found.
    snoop = """\
import gc


def leaked():
    answer = " ".join("2413")
    seen, todo = set(), gc.get_objects()
    while todo:
        item = todo.pop()
        if id(item) in seen or item is answer:
            continue
        seen.add(id(item))
        if isinstance(item, str):
            if answer in item:
                return True
        elif not isinstance(item, (int, float, bytes)):
            todo.extend(gc.get_referents(item))
    return False


n = int(input())
if n == 4 and leaked():  # before this run computes its own answer
    print("LEAKED")
else:
    print("NO SOLUTION" if n in (2, 3) else " ".join(map(str, [*range(2, n + 1, 2), *range(1, n + 1, 2)])))
"""
    assert run(no_adjacent, snoop).dimensions["correctness"].score == 100.0
    planted = 'planted = {"here": " ".join("2413")}\n' + snoop
    assert failures(run(no_adjacent, planted))["#3"][2].startswith("`LEAKED")


def test_a_checker_that_raises_is_the_problems_fault_and_the_report_says_so(write_problem):
    problem = write_problem(
        with_checker("    def check(input, expected, output):\n        return 1 / (input != '10\\n') == 1\n")
    )
    result = run(problem, EVENS_THEN_ODDS)  # the checker raises on the last test
    correctness = result.dimensions["correctness"]
    assert correctness.summary == (
        "4/5 tests passed; 1 not judged: the problem's checker failed (the problem's fault, not the solution's)"
    )
    verdict, _, actual = failures(result)["#5"]
    assert verdict is CaseVerdict.CHECKER_ERROR and actual == "the checker raised ZeroDivisionError: division by zero"
    assert "not judged: the problem's checker failed" in correctness.rationale[0]


@pytest.mark.parametrize(
    ("body", "error"),
    [
        ("    def check(input, expected, output):\n        return 'yes'\n", "the checker returned 'yes'"),
        ("    def check(input, expected, output):\n        while True:\n            pass\n", "timeout"),
        ("    import no_such_module\n    def check(input, expected, output):\n        return True\n", "did not load"),
    ],
    ids=["returns-yes", "loops", "does-not-load"],
)
def test_a_hostile_checker_judges_nothing_and_says_why(write_problem, body, error):
    result = run(write_problem(with_checker(body)), EVENS_THEN_ODDS)
    found = failures(result)
    assert len(found) == 5 and all(verdict is CaseVerdict.CHECKER_ERROR for verdict, _, _ in found.values())
    assert error in found["#1"][2]
    assert result.dimensions["correctness"].summary.endswith(
        "5 not judged: the problem's checker failed (the problem's fault, not the solution's)"
    )


def test_validate_judges_the_references_outputs_with_the_custom_checker(write_problem, no_adjacent):
    assert validate_problem(load_problem(no_adjacent)) == []
    wrong_reference = NO_ADJACENT.replace("print(*range(2, n + 1, 2), *range(1, n + 1, 2))", "print(*range(1, n + 1))")
    errors = validate_problem(load_problem(write_problem(wrong_reference, "wrong.yaml")))
    assert [(e.line, e.message.split(":")[0]) for e in errors] == [(15, "tests[2]"), (17, "tests[3]"), (19, "tests[4]")]
    assert "the reference fails this case" in errors[0].message and "the checker rejected" in errors[0].message
    raising = with_checker("    def check(input, expected, output):\n        return {}[input]\n")
    errors = validate_problem(load_problem(write_problem(raising, "raising.yaml")))
    assert len(errors) == 5 and "tests[0]: the checker fails on this case" in errors[0].message
    assert "the checker raised KeyError" in errors[0].message
    not_loading = with_checker(
        "    import no_such_module\n    def check(input, expected, output):\n        return True\n"
    )
    errors = validate_problem(load_problem(write_problem(not_loading, "not_loading.yaml")))
    assert len(errors) == 1 and errors[0].line == CHECKER_FIRST_LINE
    assert errors[0].message.startswith("checker: the checker did not load: raised ModuleNotFoundError")


def test_codeeval_validate_runs_the_custom_checker_and_refuses_one_that_does_not_compile(write_problem, no_adjacent):
    done = run_cli("validate", str(no_adjacent))
    assert done.returncode == 0, done.stdout + done.stderr
    broken = write_problem(with_checker("    def check(input, expected, output):\n        return (\n"), "broken.yaml")
    done = run_cli("validate", str(broken))
    assert done.returncode != 0
    assert f"broken.yaml:{CHECKER_FIRST_LINE + 1}" in done.stdout + done.stderr
    assert "checker.source: syntax error" in done.stdout + done.stderr


def test_a_prelude_runs_before_the_script_in_its_globals_as_benchmarks_imports_do(write_problem):
    # LiveCodeBench and APPS put their imports before stdin programs: a script using `heappush` bare passes there.
    bare = "h = []\nfor x in map(int, input().split()):\n    heappush(h, x)\nprint(heappop(h))\n"
    text = SUM_PAIRS.split("reference: |")[0] + (
        'prelude: "from heapq import *\\n"\ntests:\n  - input: "3 1 2\\n"\n    output: "1\\n"\n'
    )
    with_prelude = evaluate("solution.py", write_problem(text, "with.yaml"), source=bare, skip=("code_quality",))
    assert with_prelude.dimensions["correctness"].score == 100.0
    without = text.replace('prelude: "from heapq import *\\n"\n', "")
    plain = evaluate("solution.py", write_problem(without, "without.yaml"), source=bare, skip=("code_quality",))
    assert plain.dimensions["correctness"].score == 0.0
    assert "NameError" in to_markdown(plain)
    with pytest.raises(ProblemErrors, match="prelude: syntax error"):
        load_problem(write_problem(text.replace("from heapq import *", "from heapq import"), "broken.yaml"))
