"""LiveCodeBench's records -> program problems, and its graded programs run against them with `codeeval run`."""

from __future__ import annotations

import base64
import gzip
import json
import pickle
import zlib

import pytest

from codeeval.importers import ConversionError, import_file
from codeeval.importers.livecodebench import decode_tests, functional_problem, problem_of
from codeeval.problem import load_problem
from tests.support import SHARED_DATA, run_cli

PUBLIC = [{"input": "3\n1 2 3\n", "output": "6\n", "testtype": "stdin"}]
PRIVATE = [
    {"input": "1\n-4\n", "output": "-4\n", "testtype": "stdin"},
    {"input": "2\n5 5\n", "output": "10\n", "testtype": "stdin"},
]


def compressed(tests: list[dict]) -> str:
    """LiveCodeBench's private-test layout: a JSON string, pickled, zlib-compressed, base64-encoded."""
    return base64.b64encode(zlib.compress(pickle.dumps(json.dumps(tests)))).decode("ascii")


def record(**fields: object) -> dict:
    base = {
        "question_id": "abc999_a",
        "question_title": "Sum",
        "question_content": "Print the sum of N integers.",
        "platform": "atcoder",
        "difficulty": "easy",
        "starter_code": "",
        "public_test_cases": json.dumps(PUBLIC),
    }
    return {**base, **fields}


def test_a_stdin_record_with_compressed_private_tests_becomes_a_program_problem(tmp_path):
    problem = problem_of(record(private_test_cases=compressed(PRIVATE)))
    assert problem["kind"] == "program" and problem["checker"] == "lines"
    assert [t["input"] for t in problem["tests"]] == ["3\n1 2 3\n", "1\n-4\n", "2\n5 5\n"]
    assert problem["summary"] == "Sum (atcoder, easy)"
    assert decode_tests(json.dumps(PRIVATE), "private") == PRIVATE  # the plain-JSON layout too


def test_a_pickle_that_names_a_class_is_refused_not_run():
    class Planted:
        def __reduce__(self):
            return (print, ("ran",))

    hostile = base64.b64encode(zlib.compress(pickle.dumps(Planted()))).decode("ascii")
    with pytest.raises(ConversionError, match="not a string"):
        decode_tests(hostile, "private_test_cases")


STARTER = "class Solution:\n    def pairSums(self, nums: List[int], k: int) -> List[int]:\n        "
FUNCTIONAL = [
    {"input": "[1, 2, 3]\n10", "output": "[11, 12, 13]", "testtype": "functional"},
    {"input": "[]\n-1", "output": "[]", "testtype": "functional"},
]


def functional_record(**fields: object) -> dict:
    """A LeetCode record as LiveCodeBench stores it: each input line one JSON argument, metadata a JSON string."""
    base = record(
        question_id="3999",
        question_title="pair-sums",
        platform="leetcode",
        starter_code=STARTER,
        public_test_cases=json.dumps(FUNCTIONAL[:1]),
        private_test_cases=compressed(FUNCTIONAL[1:]),
        metadata=json.dumps({"func_name": "pairSums"}),
    )
    return {**base, **fields}


def test_a_functional_record_becomes_a_method_problem_after_livecodebenchs_imports():
    problem = problem_of(functional_record())
    assert problem["entry_point"] == "Solution.pairSums"
    assert [(t["args"].value, t["expected"].value) for t in problem["tests"]] == [
        ([[1, 2, 3], 10], [11, 12, 13]),
        ([[], -1], []),
    ]
    assert "from typing import *\n" in problem["prelude"] and "sys.setrecursionlimit(50000)" in problem["prelude"]
    assert problem["prompt"].endswith(STARTER.rstrip() + "\n") and problem["limits"] == {"time_per_call_s": 6.0}
    assert "reference" not in problem and problem["quality"] == {"style": "script"}  # judged as contest code
    in_memory = functional_problem(functional_record())  # the same problem with no file (for rewards)
    assert in_memory.entry_point == "Solution.pairSums" and in_memory.prelude == problem["prelude"]
    assert [case.args for case in in_memory.tests] == [[[1, 2, 3], 10], [[], -1]]
    # Without metadata (the shared data's records lack it), the starter code's one method is the one called.
    assert problem_of(functional_record(metadata=None))["entry_point"] == "Solution.pairSums"


def test_functional_stdin_and_empty_records_import_or_are_reported_with_their_reason(tmp_path):
    empty = record(question_id="abc350_c", public_test_cases="[]")
    broken = record(question_id="abc1_x", private_test_cases="not base64 at all!")
    bad_line = functional_record(question_id="3001", public_test_cases=json.dumps([{**FUNCTIONAL[0], "input": "[1,"}]))
    two_methods = functional_record(
        question_id="3002", metadata="{}", starter_code=STARTER + "pass\n    def g(self):\n"
    )
    source = tmp_path / "lcb.jsonl.gz"
    with gzip.open(source, "wt", encoding="utf-8") as handle:
        for item in (record(), functional_record(), empty, broken, bad_line, two_methods):
            handle.write(json.dumps(item) + "\n")
    report = import_file("livecodebench", source, tmp_path / "out")
    assert [c.task_id for c in report.converted] == ["abc999_a", "3999"]
    reasons = dict(report.failed)
    assert reasons["abc350_c"] == "no test cases"
    assert "neither JSON nor base64" in reasons["abc1_x"]
    assert reasons["3001"].startswith("test 1: an input line is not JSON")
    assert "Solution has 2 methods" in reasons["3002"]
    functional = load_problem(tmp_path / "out" / "3999.yaml")
    assert functional.entry_point == "Solution.pairSums" and functional.tests[1].args == [[], -1]
    loaded = load_problem(tmp_path / "out" / "abc999_a.yaml")
    assert loaded.tests[0].args == ["3\n1 2 3\n"] and loaded.tests[0].expected == "6\n"


def test_graded_programs_run_by_question_id_each_model_its_own_group(tmp_path):
    source = tmp_path / "lcb.jsonl"
    source.write_text(json.dumps(record()) + "\n")
    assert run_cli("import", "livecodebench", str(source), "-o", str(tmp_path / "p")).returncode == 0
    graded = [
        {"question_id": "abc999_a", "model": "m1", "code": "input()\nprint(sum(map(int, input().split())))\n"},
        {"question_id": "abc999_a", "model": "m2", "code": "input()\nprint(max(map(int, input().split())))\n"},
    ]
    samples = tmp_path / "graded.jsonl"
    samples.write_text("".join(json.dumps(g) + "\n" for g in graded))
    ran = run_cli("run", str(tmp_path / "p"), "--samples", str(samples), "-o", str(tmp_path / "out"), "-q")
    assert ran.returncode == 0, ran.stderr
    results = {r["group"]: r for r in map(json.loads, (tmp_path / "out" / "results.jsonl").read_text().splitlines())}
    assert results["m1"]["dimensions"]["correctness"] == 100.0
    assert results["m2"]["dimensions"]["correctness"] == 0.0


FUNCTIONAL_SAMPLES = {
    "right": STARTER + "return [x + k for x in nums]\n",
    "tuple": "class Solution:\n    def pairSums(self, nums, k):\n        return tuple(x + k for x in nums)\n",
    "wrong": "class Solution:\n    def pairSums(self, nums, k):\n        return [x - k for x in nums]\n",
    "no_class": "def pairSums(nums, k):\n    return [x + k for x in nums]\n",
}


def test_functional_samples_run_from_livecodebenchs_own_output_file(tmp_path):
    source = tmp_path / "lcb.jsonl"
    source.write_text(json.dumps(functional_record()) + "\n")
    assert run_cli("import", "livecodebench", str(source), "-o", str(tmp_path / "p")).returncode == 0
    # LiveCodeBench writes output/<model>/Scenario.codegeneration_<n>_<temperature>_eval_all.json.
    output = tmp_path / "output" / "some-model" / "Scenario.codegeneration_4_0.2_eval_all.json"
    output.parent.mkdir(parents=True)
    graded = [{"question_id": "3999", "code_list": list(FUNCTIONAL_SAMPLES.values()), "graded_list": [True] * 4}]
    output.write_text(json.dumps(graded, indent=4))
    ran = run_cli("run", str(tmp_path / "p"), "--samples", str(output), "-o", str(tmp_path / "out"), "-q")
    assert ran.returncode == 0, ran.stderr
    results = {r["solution"]: r for r in map(json.loads, (tmp_path / "out" / "results.jsonl").read_text().splitlines())}
    correctness = {label: r["dimensions"]["correctness"] for label, r in results.items()}
    # `List` comes from the prelude; a tuple equals the expected list; a function is not the class's method.
    assert correctness == {"some-model#1": 100.0, "some-model#2": 100.0, "some-model#3": 50.0, "some-model#4": 0.0}
    assert {r["group"] for r in results.values()} == {"some-model"}


def test_a_samples_file_that_is_broken_json_names_its_line(tmp_path):
    source = tmp_path / "lcb.jsonl"
    source.write_text(json.dumps(functional_record()) + "\n")
    assert run_cli("import", "livecodebench", str(source), "-o", str(tmp_path / "p")).returncode == 0
    broken = tmp_path / "eval_all.json"
    broken.write_text('[\n  {"question_id": "3999",\n   "code_list": [}\n]\n')
    ran = run_cli("run", str(tmp_path / "p"), "--samples", str(broken), "-o", str(tmp_path / "out"), "-q")
    assert ran.returncode != 0 and f"{broken}:3" in ran.stderr and "Traceback" not in ran.stderr


@pytest.mark.skipif(not (SHARED_DATA / "livecodebench").is_dir(), reason="../shared/data/livecodebench is absent")
def test_every_livecodebench_problem_imports_or_says_why(tmp_path):
    report = import_file("livecodebench", SHARED_DATA / "livecodebench" / "problems.jsonl.gz", tmp_path)
    assert len(report.converted) + len(report.failed) == 580
    assert report.failed == [("abc350_c", "no test cases")]  # its public test list is empty
    methods = [c.problem for c in report.converted if c.problem is not None and c.problem.program is None]
    assert len(methods) == 242 and all(p.entry_point.startswith("Solution.") and p.prelude for p in methods)
