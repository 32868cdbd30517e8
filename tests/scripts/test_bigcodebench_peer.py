"""The bench's reading of the peer's result file (scripts/bigcodebench_peer.py), on a file shaped like the
`*_eval_results.json` that `bigcodebench.evaluate` 0.2.5 writes."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))

import bigcodebench_peer as peer  # a script beside the others, not a package module

TRACEBACK = (
    "Traceback (most recent call last):\n"
    '  File "__test__.py", line 40, in test_case_2\n'
    "    self.assertEqual(result, 3)\n"
    "AssertionError: 2 != 3\n"
)


def write(tmp_path: Path, data: object) -> Path:
    path = tmp_path / "canonical_eval_results.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def entry(task_id: str, status: str, details: dict[str, str]) -> dict[str, object]:
    return {"task_id": task_id, "solution": "def task_func(): ...", "status": status, "details": details}


def test_each_task_gets_its_status_and_the_line_that_names_its_failure(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        {
            "date": "2026-12-04 09:30",
            "eval": {
                "BigCodeBench/0": [entry("BigCodeBench/0", "pass", {})],
                "BigCodeBench/1": [entry("BigCodeBench/1", "fail", {"test_case_2": TRACEBACK, "test_case_1": "x\n"})],
                "BigCodeBench/2": [entry("BigCodeBench/2", "fail", {"ALL": "No module named 'seaborn'"})],
                "BigCodeBench/3": [entry("BigCodeBench/3", "timeout", {})],
                "BigCodeBench/4": [],
            },
        },
    )
    verdicts = peer.read_results(path)
    assert verdicts["BigCodeBench/0"] == peer.PeerVerdict("pass", "")
    assert verdicts["BigCodeBench/0"].passed
    assert verdicts["BigCodeBench/1"] == peer.PeerVerdict("fail", "test_case_1: x")  # the first test by name
    assert verdicts["BigCodeBench/2"] == peer.PeerVerdict("fail", "ALL: No module named 'seaborn'")
    assert verdicts["BigCodeBench/3"].status == "timeout"
    assert not verdicts["BigCodeBench/3"].passed
    assert "BigCodeBench/4" not in verdicts  # no sample: no verdict, the comparison calls it missing


def test_the_last_traceback_line_is_the_message(tmp_path: Path) -> None:
    path = write(tmp_path, {"eval": {"BigCodeBench/7": [entry("BigCodeBench/7", "fail", {"test_case_2": TRACEBACK})]}})
    assert peer.read_results(path)["BigCodeBench/7"].message == "test_case_2: AssertionError: 2 != 3"


@pytest.mark.parametrize("content", ["not json", json.dumps({"date": "x"}), json.dumps([1, 2])])
def test_a_file_that_is_not_a_result_file_is_refused_by_name(tmp_path: Path, content: str) -> None:
    path = tmp_path / "other.json"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(peer.PeerUnavailable, match=r"other\.json"):
        peer.read_results(path)
