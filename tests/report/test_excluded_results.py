"""Excluded results (their problem's reference fails here) in the leaderboard, the results log and `diff`."""

from __future__ import annotations

import json

from codeeval.diff import load_snapshot
from codeeval.report.standings import ResultRow, leaderboard_data, leaderboard_markdown, write_leaderboard
from codeeval.results.exclusion import EnvironmentCause, Exclusion
from codeeval.results.result import EvaluationStatus

MISSING = Exclusion(EnvironmentCause.MISSING_LIBRARY, "sklearn", "No module named 'sklearn'")


def row(problem: str, score: float, excluded: Exclusion | None = None, group: str = "m") -> ResultRow:
    return ResultRow(
        problem,
        f"{group}#1",
        group,
        "s.jsonl",
        EvaluationStatus.OK,
        score,
        {"correctness": score},
        (),
        None,
        {"base": score == 100.0},
        excluded,
    )


def test_excluded_rows_are_listed_but_left_out_of_means_and_pass_at_k(tmp_path):
    rows = [row("a", 100.0), row("b", 0.0), *(row(f"lib{i}", 0.0, MISSING) for i in range(7))]
    data = leaderboard_data(rows, [])
    (group,) = data["groups"]
    assert group["mean_score"] == 50.0 and group["pass_at_k"]["base"] == {"1": 0.5}
    assert group["solutions"] == 9 and group["excluded"] == 7 and group["internal_errors"] == 0
    (cause,) = data["excluded"]["causes"]
    assert cause == {
        "cause": "missing library",
        "tasks": 7,
        "first": [f"lib{i}" for i in range(5)],
        "details": ["sklearn"],
    }
    board = leaderboard_markdown(data)
    assert "7 task(s) excluded" in board and "other 2 task(s)" in board and "lib0, lib1, lib2, lib3, lib4, ..." in board
    assert "> Excluded: the reference fails here: missing library sklearn" in board

    # Through the results log and back, and as `codeeval diff` reads the leaderboard.
    assert ResultRow.from_dict(json.loads(json.dumps(rows[-1].to_dict()))) == rows[-1]
    write_leaderboard(tmp_path, rows, [])
    snapshot = load_snapshot(tmp_path)
    assert snapshot.mean_score == 50.0 and sum(record.excluded for record in snapshot.solutions) == 7


def test_a_run_with_nothing_excluded_writes_no_exclusion_keys():
    data = leaderboard_data([row("a", 100.0)], [])
    assert "excluded" not in data and "excluded" not in data["results"][0]
    assert "| excluded |" not in leaderboard_markdown(data)
