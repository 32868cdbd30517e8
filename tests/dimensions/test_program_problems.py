"""stdin/stdout program problems end to end: the real loader, the real sandbox, the parent's checker."""

from __future__ import annotations

import pytest

from codeeval.base.errors import ProblemErrors
from codeeval.engine.evaluator import evaluate
from codeeval.engine.validation import validate_problem
from codeeval.problem import load_problem
from codeeval.report import to_markdown
from codeeval.results.case_details import CaseVerdict, CorrectnessDetails
from codeeval.results.result import EvaluationResult

SUM_PAIRS = """\
name: sum_pairs
kind: program
summary: For each of T pairs, print the sum.
prompt: |
  The first line holds T; each of the next T lines holds two integers. Print each pair's sum on its own line.
reference: |
  import sys
  data = sys.stdin.read().split()
  t = int(data[0])
  print("\\n".join(str(int(data[1 + 2 * i]) + int(data[2 + 2 * i])) for i in range(t)))
tests:
  - input: "2\\n1 2\\n3 4\\n"
    output: "3\\n7\\n"
  - input: "1\\n-5 5\\n"
    output: "0\\n"
  - input: "3\\n10 20\\n1 1\\n0 0\\n"
    output: "30\\n2\\n0\\n"
limits: {time_per_test_s: 1, memory_mb: 256, output_mb: 1}
"""

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


def test_a_correct_script_passes_every_test_and_the_other_dimensions_say_why_they_are_not_scored(problem):
    result = evaluate("solution.py", problem, source=GOOD)
    assert result.dimensions["correctness"].score == 100.0
    assert result.dimensions["correctness"].summary == "3/3 tests passed"
    for name in ("edge_cases", "performance"):
        assert not result.dimensions[name].applicable
        assert "not yet measured for stdin/stdout programs" in (result.dimensions[name].reason or "")
    assert result.dimensions["code_quality"].applicable
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
