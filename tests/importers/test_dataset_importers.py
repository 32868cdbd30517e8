"""APPS, TACO, CodeContests and open-r1 records -> problem files, each judged in the real sandbox; malformed
lines listed by file and line while the rest imports; `codeeval run FILE.jsonl` straight from a dataset file.

The records are small, made by hand, with the fields and layouts of the real datasets (APPS' and TACO's JSON
string fields, CodeContests' test tiers and numbered languages, open-r1's verification_info)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from codeeval import evaluate
from codeeval.importers import import_file
from codeeval.importers.benchmark_file import detect_kind
from codeeval.problem import load_problem
from tests.support import run_cli

MAX_SCORE = (
    "class Solution:\n    def maxScore(self, nums: List[int], k: int) -> int:\n        return sum(sorted(nums)[-k:])\n"
)
SKIP = ("edge_cases", "performance", "code_quality")  # correctness alone: the tests as the dataset gives them

APPS_STDIN = {
    "problem_id": 4001,
    "question": "Given N and then N integers, print their sum.\n\n-----Input-----\nN, then the integers.",
    "solutions": json.dumps(["print 'python 2 fails to parse'\n", "input()\nprint(sum(map(int, input().split())))\n"]),
    "input_output": json.dumps({"inputs": ["3\n1 2 3\n", ["2", "5 5"]], "outputs": ["6\n", ["10"]]}),
    "difficulty": "introductory",
    "url": "https://codeforces.com/problemset/problem/1/A",
    "starter_code": "",
}
APPS_METHOD = {
    "problem_id": 2,
    "question": "Given nums and k, return the largest sum of k elements.",
    "solutions": json.dumps([MAX_SCORE]),
    "input_output": json.dumps({"fn_name": "maxScore", "inputs": [[[1, 2, 3, 4], 2], [[5], 1]], "outputs": [7, 5]}),
    "difficulty": "interview",
    "url": "https://leetcode.com/problems/x",
    "starter_code": "class Solution:\n    def maxScore(self, nums: List[int], k: int) -> int:\n        ",
}
APPS_FUNCTION = {
    "problem_id": 3,
    "question": "Return whether n is even.",
    "solutions": json.dumps(["def is_even(n):\n    return n % 2 == 0\n"]),
    "input_output": json.dumps({"fn_name": "is_even", "inputs": [[4], [7], [0]], "outputs": [[True], [False], [True]]}),
    "difficulty": "introductory",
    "url": "https://www.codewars.com/kata/x",
    "starter_code": "def is_even(n):\n\t",
}
TACO_FIELDS = {"raw_tags": "['Math']", "tags": "[]", "skill_types": "[]", "date": None, "picture_num": "0"}
TACO_LIMITS = {
    **TACO_FIELDS,
    "question": "Print the product of two integers A and B.",
    "solutions": json.dumps(["a, b = map(int, input().split())\nprint(a * b)\n"]),
    "starter_code": "",
    "input_output": json.dumps({"inputs": ["2 3\n", "-4 5\n"], "outputs": ["6\n", "-20\n"]}),
    "difficulty": "EASY",
    "name": "Product",
    "source": "atcoder",
    "url": "https://atcoder.jp/x",
    "Expected Auxiliary Space": None,
    "time_limit": "6 seconds",
    "memory_limit": "1024 megabytes",
    "Expected Time Complexity": None,
}
TACO_INTERACTIVE = {**TACO_LIMITS, "question": "This is an interactive problem. Guess the number."}
CC_SQUARE = {
    "name": "1_A. Theatre Square",
    "description": "Given n, m and a, print how many a x a flagstones cover an n x m square.",
    "public_tests": {"input": ["6 6 4\n"], "output": ["4\n"]},
    "private_tests": {"input": ["1 1 1\n"], "output": ["1\n"]},
    "generated_tests": {"input": ["1000000000 1000000000 1\n"], "output": ["1000000000000000000\n"]},
    "source": 2,
    "difficulty": 7,
    "solutions": {
        "language": [2, 3],
        "solution": [
            "#include <cstdio>\nint main() { return 0; }\n",
            "n, m, a = map(int, input().split())\nprint(-(-n // a) * -(-m // a))\n",
        ],
    },
    "incorrect_solutions": {"language": [], "solution": []},
    "cf_contest_id": 1,
    "cf_index": "A",
    "cf_rating": 1000,
    "cf_tags": ["math"],
    "is_description_translated": False,
    "untranslated_description": "",
    "time_limit": {"seconds": 1, "nanos": 0},
    "memory_limit_bytes": 268435456,
    "input_file": "",
    "output_file": "",
}
CC_AVERAGE = {
    **CC_SQUARE,
    "name": "2_B. Average",
    "description": "Print the mean of the numbers (absolute error 1e-5 allowed), then YES if it is whole.",
    "public_tests": {"input": ["3\n1 2 4\n"], "output": ["2.333333333\nNO\n"]},
    "private_tests": {"input": ["2\n2 4\n"], "output": ["3.000000000\nYES\n"]},
    "generated_tests": {"input": [], "output": []},
    "solutions": {"language": [2, 4], "solution": ["#include <cstdio>\n", "class Main {}\n"]},
    "time_limit": {"seconds": 2, "nanos": 500000000},
}
CC_FILES = {**CC_SQUARE, "name": "3_C. Files", "input_file": "input.txt", "output_file": "output.txt"}
OPEN_R1 = {
    "source": "codeforces",
    "task_type": "verifiable_code",
    "in_source_id": "4_A",
    "problem_statement": "Watermelon: print YES if w splits into two even positive parts, else NO.",
    "gold_standard_solution": "```python\nw = int(input())\nprint('YES' if w % 2 == 0 and w > 2 else 'NO')\n```",
    "problem_id": "vfc_4",
    "metadata": {"difficulty": "800", "time_limit": "1 second", "memory_limit_bytes": 67108864},
    "verification_info": {
        "language": "python",
        "test_cases": [
            {"fn_name": None, "input": "8\n", "output": "YES\n", "type": "stdin_stdout"},
            {"fn_name": None, "input": "2\n", "output": "NO\n", "type": "stdin_stdout"},
        ],
    },
}
OPEN_R1_CPP = {**OPEN_R1, "problem_id": "vfc_5", "verification_info": json.dumps({"language": "cpp", "test_cases": []})}


def jsonl(path: Path, *lines: object) -> Path:
    path.write_text("".join((line if isinstance(line, str) else json.dumps(line)) + "\n" for line in lines))
    return path


def correctness(problem: Path, source: str) -> float:
    return evaluate("solution.py", problem, source=source, skip=SKIP).dimensions["correctness"].score


def test_apps_stdin_and_call_based_records_become_problems_judged_in_the_sandbox(tmp_path):
    source = jsonl(tmp_path / "apps.jsonl", APPS_STDIN, "{not json", APPS_METHOD, [1, 2], APPS_FUNCTION)
    report = import_file("apps", source, tmp_path / "out")
    assert [c.task_id for c in report.converted] == ["4001", "2", "3"]
    assert dict(report.failed) == {
        f"{source}:2": "not JSON: Expecting property name enclosed in double quotes",
        f"{source}:4": "each line must be a JSON object",
    }
    stdin = load_problem(tmp_path / "out" / "4001.yaml")
    assert [case.args[0] for case in stdin.tests] == ["3\n1 2 3\n", "2\n5 5"]
    assert stdin.program is not None and stdin.program.checker.kind == "tokens"
    assert "sum(map(int" in stdin.reference and stdin.limits.time_per_call_s == 4.0  # the Python 3 solution
    assert correctness(tmp_path / "out" / "4001.yaml", "input()\nprint(sum(map(int, input().split())))\n") == 100
    assert correctness(tmp_path / "out" / "4001.yaml", "input()\nprint(max(map(int, input().split())))\n") < 100

    method = load_problem(tmp_path / "out" / "2.yaml")
    assert method.entry_point == "Solution.maxScore" and [c.expected for c in method.tests] == [7, 5]
    right = MAX_SCORE
    assert correctness(tmp_path / "out" / "2.yaml", right) == 100  # List from the prelude, as APPS provides it
    assert correctness(tmp_path / "out" / "2.yaml", right.replace("[-k:]", "[:k]")) < 100

    function = load_problem(tmp_path / "out" / "3.yaml")
    assert function.entry_point == "is_even" and [c.expected for c in function.tests] == [True, False, True]
    assert correctness(tmp_path / "out" / "3.yaml", "def is_even(n):\n    return n % 2 == 0\n") == 100
    assert correctness(tmp_path / "out" / "3.yaml", "def is_even(n):\n    return n > 3\n") < 100


def test_taco_limits_from_the_statement_and_interactive_problems_refused(tmp_path):
    report = import_file("taco", jsonl(tmp_path / "taco.jsonl", TACO_LIMITS, TACO_INTERACTIVE), tmp_path / "out")
    assert [c.task_id for c in report.converted] == ["0"]  # TACO has no id: its position in the file
    assert "interactive problem" in dict(report.failed)["1"] and "line 2" in dict(report.failed)["1"]
    problem = load_problem(tmp_path / "out" / "0.yaml")
    assert (problem.limits.time_per_call_s, problem.limits.memory_mb) == (6.0, 1024)
    assert correctness(tmp_path / "out" / "0.yaml", "a, b = map(int, input().split())\nprint(a * b)\n") == 100
    assert correctness(tmp_path / "out" / "0.yaml", "a, b = map(int, input().split())\nprint(a + b)\n") < 100


def test_codecontests_tiers_python3_reference_and_its_tolerant_checker(tmp_path):
    source = jsonl(tmp_path / "cc.jsonl", CC_SQUARE, CC_AVERAGE, CC_FILES)
    report = import_file("codecontests", source, tmp_path / "out")
    assert [c.task_id for c in report.converted] == ["1_A. Theatre Square", "2_B. Average"]
    assert "reads or writes a file" in dict(report.failed)["3_C. Files"]
    square = load_problem(tmp_path / "out" / "1_A._Theatre_Square.yaml")
    assert len(square.tests) == 3 and "-(-n // a)" in square.reference  # public, private, generated
    assert (square.limits.time_per_call_s, square.limits.memory_mb) == (1.0, 512)
    average = report.converted[1]
    assert average.problem is not None and not average.problem.reference
    assert average.warnings == ["2 solutions (C++, Java), none in Python 3: no reference"]
    assert average.problem.limits.time_per_call_s == 2.5
    checker = average.problem.program.checker if average.problem.program else None
    assert checker is not None and (checker.kind, checker.abs_tol) == ("case_insensitive", 1e-5)
    within = "n = int(input())\nxs = list(map(int, input().split()))\nm = sum(xs) / n\n"
    right = within + "print(f'{m:.6f}')\nprint('yes' if m == int(m) else 'no')\n"  # 1e-5 off; lower case
    assert correctness(Path(average.path), right) == 100
    assert correctness(Path(average.path), within + "print(round(m, 2))\nprint('YES' if m == int(m) else 'NO')\n") < 100


def test_open_r1_python_records_and_other_languages_refused_with_the_reason(tmp_path):
    report = import_file("open-r1", jsonl(tmp_path / "r1.jsonl", OPEN_R1, OPEN_R1_CPP), tmp_path / "out")
    assert [c.task_id for c in report.converted] == ["vfc_4"]
    assert "language 'cpp': only Python solutions are judged here" in dict(report.failed)["vfc_5"]
    problem = load_problem(tmp_path / "out" / "vfc_4.yaml")
    assert "print('YES' if w % 2 == 0 and w > 2" in problem.reference and problem.limits.time_per_call_s == 5.0
    right = "w = int(input())\nprint('YES' if w % 2 == 0 and w > 2 else 'NO')\n"
    assert correctness(tmp_path / "out" / "vfc_4.yaml", right) == 100
    assert (
        correctness(tmp_path / "out" / "vfc_4.yaml", "w = int(input())\nprint('YES' if w % 2 == 0 else 'NO')\n") < 100
    )


@pytest.mark.parametrize(
    ("records", "kind"),
    [
        ([APPS_STDIN], "apps"),
        ([TACO_LIMITS], "taco"),
        ([CC_SQUARE], "codecontests"),
        ([OPEN_R1], "open-r1"),
        ([{"question_id": "abc1_a", "public_test_cases": "[]", "question_content": "x"}], "livecodebench"),
    ],
)
def test_each_dataset_is_recognised_by_its_fields(records, kind):
    assert detect_kind(records) == kind


def test_run_straight_from_a_codecontests_file_with_samples_by_name(tmp_path):
    dataset = jsonl(tmp_path / "code_contests.jsonl", CC_SQUARE, "not json at all", CC_FILES)
    solve = "n, m, a = map(int, input().split())\nprint(-(-n // a) * -(-m // a))\n"
    samples = jsonl(
        tmp_path / "model.jsonl",
        {"name": "1_A. Theatre Square", "code": solve},
        {"name": "1_A. Theatre Square", "code": "n, m, a = map(int, input().split())\nprint(n * m // (a * a))\n"},
    )
    args = ["run", str(dataset), "--samples", str(samples), *(f"--skip={s}" for s in SKIP), "-q"]
    ran = run_cli(*args, "-o", str(tmp_path / "first"), "--no-cache")
    assert ran.returncode == 0, ran.stderr
    assert "converting 2 codecontests tasks" in ran.stderr and "converted 1 of 3 tasks" in ran.stderr, ran.stderr
    results = [json.loads(line) for line in (tmp_path / "first" / "results.jsonl").read_text().splitlines()]
    assert sorted(r["dimensions"]["correctness"] for r in results) == [pytest.approx(66.7, abs=0.1), 100.0]
    board = json.loads((tmp_path / "first" / "leaderboard.json").read_text())
    assert any(f"{dataset}:2: not converted: not JSON" in warning for warning in board["warnings"])
    assert any("3_C. Files: not converted: line 3: reads or writes a file" in w for w in board["warnings"])
    again = run_cli(*args, "-o", str(tmp_path / "second"), "--no-cache")
    assert again.returncode == 0 and "converting" not in again.stderr, again.stderr


def test_codeeval_import_lists_what_it_could_not_convert(tmp_path):
    dataset = jsonl(tmp_path / "r1.jsonl", OPEN_R1, OPEN_R1_CPP, "[]")
    ran = run_cli("import", "open-r1", str(dataset), "-o", str(tmp_path / "out"), "-q")
    assert ran.returncode == 0, ran.stderr
    assert (
        "vfc_5: line 2: language 'cpp'" in ran.stderr and f"{dataset}:3: each line must be a JSON object" in ran.stderr
    )
    assert "converted 1 of 3 problems" in ran.stderr and "Traceback" not in ran.stderr
    stored = json.loads((tmp_path / "out" / "import-report.json").read_text())
    assert stored["converted"] == 1 and stored["failed"] == 2
