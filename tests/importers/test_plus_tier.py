"""EvalPlus's plus inputs as a second tier of tests: imported, judged apart from the base tests, and
giving the verdicts EvalPlus gave (the labels in ../shared/data/llm-samples)."""

import gzip
import json

import pytest

from codeeval.errors import ProblemError
from codeeval.importers import import_file
from codeeval.spec import load_problem
from codeeval.spec.loader import problem_from_text
from tests.conftest import SHARED_DATA, run_cli

PLUS = SHARED_DATA / "humanevalplus" / "HumanEvalPlus.jsonl.gz"
MBPP = SHARED_DATA / "mbppplus" / "MbppPlus-v0.1.jsonl.gz"
LABELS = SHARED_DATA / "llm-samples" / "llm-samples.jsonl.gz"
needs_data = pytest.mark.skipif(not (PLUS.exists() and MBPP.exists() and LABELS.exists()),
                                reason="HumanEval+, MBPP+ or llm-samples not found in ../shared/data")
# Both have solutions that pass the base tests and fail the plus inputs (EvalPlus's labels).
TASKS = {"HumanEval/0": PLUS, "Mbpp/104": MBPP, "Mbpp/69": MBPP}  # Mbpp/69: one fails base, passes plus


def labelled(task_id):
    with gzip.open(LABELS, "rt", encoding="utf-8") as handle:
        return [r for r in map(json.loads, handle) if r["task_id"] == task_id]


@needs_data
def test_plus_inputs_become_extended_tests_with_the_references_outputs(tmp_path):
    report = import_file("evalplus", PLUS, tmp_path, tasks=["HumanEval/0"])
    problem = load_problem(report.converted[0].path)
    with gzip.open(PLUS, "rt", encoding="utf-8") as handle:
        record = next(r for r in map(json.loads, handle) if r["task_id"] == "HumanEval/0")
    assert len(problem.tests) == len(record["base_input"])
    assert 0 < len(problem.extended_tests) <= len(record["plus_input"])
    assert all(case.origin == "extended" and isinstance(case.expected, bool) for case in problem.extended_tests)
    first = problem.extended_tests[0]
    assert first.args == record["plus_input"][0] and first.line is not None


def test_an_extended_test_without_an_expectation_is_named_by_line():
    text = """\
name: double
summary: Twice a number.
entry_point: double
reference: |
  def double(x):
      return 2 * x
tests:
  - args: [2]
    expected: 4
extended_tests:
  - args: [3]
    expected: 6
  - args: [4]
"""
    with pytest.raises(ProblemError) as raised:
        problem_from_text(text, "double.yaml")
    assert "extended_tests[1].expected: missing" in raised.value.location_message()
    assert ":13:" in raised.value.location_message()


@needs_data
@pytest.mark.parametrize("task_id", sorted(TASKS))
def test_verdicts_per_tier_equal_evalplus_labels(tmp_path, task_id):
    import_file("evalplus", TASKS[task_id], tmp_path / "problems", tasks=[task_id])
    records = labelled(task_id)
    assert {(r["base_status"], r["plus_status"]) for r in records} >= {("pass", "fail"), ("pass", "pass")}
    samples = tmp_path / "samples.jsonl"
    samples.write_text("".join(json.dumps({"task_id": task_id, "solution": r["solution"]}) + "\n" for r in records))
    out = tmp_path / "out"
    ran = run_cli("run", str(tmp_path / "problems"), "--samples", str(samples), "-o", str(out), "-q", "--tests",
                  "plus", "--skip", "edge_cases", "--skip", "performance", "--skip", "code_quality")
    assert ran.returncode == 0, ran.stderr
    rows = [json.loads(line) for line in (out / "results.jsonl").read_text().splitlines()]
    assert len(rows) == len(records)
    for row in rows:
        label = records[int(row["origin"].rsplit(":", 1)[1]) - 1]
        verdict = {tier: "pass" if passed else "fail" for tier, passed in row["tiers"].items()}
        assert verdict["base"] == label["base_status"], row
        assert verdict.get("extended", "fail") == label["plus_status"], row
    base_only = run_cli("run", str(tmp_path / "problems"), "--samples", str(samples), "-o", str(tmp_path / "b"),
                        "-q", "--skip", "edge_cases", "--skip", "performance", "--skip", "code_quality")
    assert base_only.returncode == 0, base_only.stderr
    rows = [json.loads(line) for line in (tmp_path / "b" / "results.jsonl").read_text().splitlines()]
    assert all(set(row["tiers"]) == {"base"} for row in rows)


def test_plus_outputs_too_large_for_a_problem_file_are_left_out_and_said_so(tmp_path):
    """EvalPlus stores inputs only; a problem file holds the outputs too. HumanEval/15's came to 152 MB,
    a file the loader refuses (8 MB): the largest are left out, said so, and the file loads."""
    record = {"task_id": "Big/0", "entry_point": "repeat",
              "prompt": 'def repeat(n: int) -> str:\n    """x n times."""\n',
              "canonical_solution": "    return 'x' * n\n", "base_input": [[1], [2]],
              "plus_input": [[3], [5_000_000], [4], [4_000_000]], "atol": 0}
    source = tmp_path / "big.jsonl"
    source.write_text(json.dumps(record) + "\n", encoding="utf-8")
    report = import_file("evalplus", source, tmp_path / "out")
    assert not report.failed, report.failed
    [converted] = report.converted
    problem = load_problem(converted.path)  # within the loader's size limit
    assert [case.args for case in problem.extended_tests] == [[3], [4], [4_000_000]]
    assert any("1 of 4 plus inputs left out" in w and "8 MB" in w for w in converted.warnings), converted.warnings
