"""The result cache: an unchanged solution is never evaluated again, a change to the solution, the
problem file or the settings is, and a killed run started again loses nothing and duplicates nothing."""

import json
import os
import pickle
import signal
import subprocess
import sys
import time

import pytest

from codeeval.base.isolation import IsolationLevel, IsolationReport
from codeeval.base.outcome_status import LoadStatus
from codeeval.results import result_json
from codeeval.results.case_details import CaseRecord, CaseVerdict, CorrectnessDetails, PassCounts
from codeeval.results.result import DimensionResult, EvaluationResult, LoadRecord, ReportImage
from tests.support import DOUBLE_PROBLEM, REPO, run_cli


def setup(tmp_path, write_problem, bodies):
    (tmp_path / "problems").mkdir(exist_ok=True)
    write_problem(DOUBLE_PROBLEM, "problems/demo.yaml")
    samples = tmp_path / "m.jsonl"
    samples.write_text(
        "".join(
            json.dumps({"task_id": "Demo/0", "solution": f"def double(x):\n    {body}\n"}) + "\n" for body in bodies
        )
    )
    return [
        "run",
        str(tmp_path / "problems"),
        "--samples",
        str(samples),
        "--cache-dir",
        str(tmp_path / "cache"),
        "--skip",
        "performance",
        "--skip",
        "edge_cases",
        "-j",
        "1",
    ]


def rows(out):
    return [json.loads(line) for line in (out / "results.jsonl").read_text().splitlines()]


def test_unchanged_pairs_are_reused_and_changed_ones_rerun(tmp_path, write_problem):
    args = setup(tmp_path, write_problem, ["return 2 * x", "return x + x", "return 2 * x", "return 3 * x"])
    first = run_cli(*args, "-o", str(tmp_path / "a"), "-q")
    assert first.returncode == 0, first.stderr
    assert "(1 reused" in first.stderr  # the repeated text is evaluated once
    again = run_cli(*args, "-o", str(tmp_path / "b"), "-q")
    assert "(4 reused" in again.stderr
    by_origin = sorted(rows(tmp_path / "a"), key=lambda r: r["origin"])
    assert by_origin == sorted(rows(tmp_path / "b"), key=lambda r: r["origin"])  # the same results
    weights = run_cli(*args, "-o", str(tmp_path / "c"), "-q", "--weights", "correctness=90")
    assert "(1 reused" in weights.stderr  # other settings: evaluated anew (the duplicate still once)
    write_problem(DOUBLE_PROBLEM + "  - args: [0]\n    expected: 0\n", "problems/demo.yaml")
    changed = run_cli(*args, "-o", str(tmp_path / "d"), "-q")
    assert "(1 reused" in changed.stderr  # the problem file changed
    fresh = run_cli(*args, "-o", str(tmp_path / "e"), "-q", "--no-cache")
    assert "(0 reused" in fresh.stderr


def test_a_killed_run_started_again_loses_and_duplicates_nothing(tmp_path, write_problem):
    bodies = [f"import time; time.sleep(0.4); return 2 * x + {i} - {i}" for i in range(8)]
    args = setup(tmp_path, write_problem, bodies)
    out = tmp_path / "out"
    process = subprocess.Popen(
        [sys.executable, "-m", "codeeval", *args, "-o", str(out), "-q"],
        cwd=REPO,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    log = out / "results.jsonl"
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and (not log.exists() or len(log.read_text().splitlines()) < 2):
        time.sleep(0.05)
    process.send_signal(signal.SIGKILL)
    process.wait()
    finished = len(log.read_text().splitlines())
    assert 2 <= finished < len(bodies)  # killed halfway
    again = run_cli(*args, "-o", str(out), "-q")
    assert again.returncode == 0, again.stderr
    assert f"({finished} reused" in again.stderr or f"({finished + 1} reused" in again.stderr
    origins = [row["origin"] for row in rows(out)]
    assert len(origins) == len(bodies) == len(set(origins))
    assert all(row["dimensions"]["correctness"] == 100 for row in rows(out))


def test_a_planted_pickle_is_never_unpickled(tmp_path, write_problem):
    """Entries are JSON: a pickle in the cache folder (an old release's entry, or someone else's plant) is
    ignored, never loaded, so it cannot run code; the solution is evaluated again."""
    args = setup(tmp_path, write_problem, ["return 2 * x"])
    first = run_cli(*args, "-o", str(tmp_path / "a"), "-q")
    assert first.returncode == 0, first.stderr
    entries = list((tmp_path / "cache").rglob("*.json"))
    assert len(entries) == 1
    marker = tmp_path / "unpickled"
    planted = pickle.dumps(Plant(str(marker)))
    entries[0].write_bytes(planted)
    entries[0].with_suffix(".pickle").write_bytes(planted)
    again = run_cli(*args, "-o", str(tmp_path / "b"), "-q")
    assert again.returncode == 0, again.stderr
    assert not marker.exists()
    assert "(0 reused" in again.stderr
    assert rows(tmp_path / "b")[0]["score"] == rows(tmp_path / "a")[0]["score"]


class Plant:
    """Unpickling this writes a file (as a hostile pickle could run anything)."""

    def __init__(self, path):
        self.path = path

    def __reduce__(self):
        return (os.system, (f"touch {self.path}",))


def test_a_result_survives_the_json_round_trip_exactly():
    case = CaseRecord(
        case="tests[1]",
        input="f(2)",
        passed=False,
        verdict=CaseVerdict.WRONG_OUTPUT,
        expected="4",
        actual="5",
        origin="test",
        line=None,
        traceback="Traceback ...",
    )
    details = CorrectnessDetails(passed=1, total=2, cases=(case,), tiers={"base": PassCounts(1, 2)})
    dimension = DimensionResult("correctness", 50.0, summary="1/2", rationale=["-50.0: x"], details=details, weight=0.5)
    isolation = IsolationReport(
        IsolationLevel.PROCESS, True, 0, "3.11.2 (/usr/bin/python3)", ("rlimits",), ("seccomp",), ("no seccomp",)
    ).with_notes(["browser containment: flags"])
    result = EvaluationResult(
        "Demo/0",
        "m#1",
        50.0,
        {"correctness": dimension},
        isolation,
        load=LoadRecord(status=LoadStatus.LOADED, message="", lineno=None, traceback=""),
        images=[ReportImage("plot.png", b"\x89PNG", "the plot")],
    )
    assert result_json.loads(result_json.dumps(result)) == result
    odd = {
        "odd": (1, {2}, frozenset({"x"}), b"\x00", float("inf"), 10**5000, {3: "three"}),
        "$dollar": [None, True, 1.5],
    }
    assert result_json.loads(result_json.dumps(odd)) == odd


@pytest.mark.parametrize(
    "text",
    [
        '{"$class": ["os:system", {}]}',
        '{"$enum": ["subprocess:Popen", 1]}',
        '{"$class": ["codeeval.__main__:main", {}]}',
        '{"$class": ["codeeval.results.result:DimensionResult", {"name": "x"}]}',
    ],
)
def test_a_planted_entry_naming_anything_but_a_result_type_is_refused(text):
    with pytest.raises(ValueError):
        result_json.loads(text)
