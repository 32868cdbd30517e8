"""LiveCodeBench's records -> program problems, and its graded programs run against them with `codeeval run`."""

from __future__ import annotations

import base64
import gzip
import json
import pickle
import zlib

import pytest

from codeeval.importers import ConversionError, import_file
from codeeval.importers.livecodebench import decode_tests, problem_of
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


def test_functional_and_empty_records_are_reported_with_their_reason(tmp_path):
    functional = record(
        question_id="2727", public_test_cases=json.dumps([{"input": "[1]", "output": "1", "testtype": "functional"}])
    )
    empty = record(question_id="abc350_c", public_test_cases="[]")
    broken = record(question_id="abc1_x", private_test_cases="not base64 at all!")
    source = tmp_path / "lcb.jsonl.gz"
    with gzip.open(source, "wt", encoding="utf-8") as handle:
        for item in (record(), functional, empty, broken):
            handle.write(json.dumps(item) + "\n")
    report = import_file("livecodebench", source, tmp_path / "out")
    assert [c.task_id for c in report.converted] == ["abc999_a"]
    reasons = dict(report.failed)
    assert "functional tests" in reasons["2727"]
    assert reasons["abc350_c"] == "no test cases"
    assert "neither JSON nor base64" in reasons["abc1_x"]
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


@pytest.mark.skipif(not (SHARED_DATA / "livecodebench").is_dir(), reason="../shared/data/livecodebench is absent")
def test_every_livecodebench_problem_imports_or_says_why(tmp_path):
    report = import_file("livecodebench", SHARED_DATA / "livecodebench" / "problems.jsonl.gz", tmp_path)
    assert len(report.converted) + len(report.failed) == 580
    assert {reason for _, reason in report.failed} <= {
        "functional tests (a LeetCode class's method) are not supported yet",
        "no test cases",
    }
    assert len(report.converted) >= 330
