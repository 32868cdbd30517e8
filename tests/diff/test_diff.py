"""`codeeval diff`: real runs of the bundled suite compared, plus the file forms and errors it accepts."""

from __future__ import annotations

import json
import re
import shutil

import pytest

from codeeval.diff import Direction, compare, load_snapshot, to_markdown
from tests.support import copy_suite, make_two_sum_worse, run_cli

FAST = ("--skip", "performance", "-q")  # performance timing is the slow part and not what is compared here


@pytest.fixture(scope="module")
def two_runs(tmp_path_factory):
    """The bundled two_sum and balanced_brackets samples run twice; between the runs two_sum/good.py got worse."""
    root = tmp_path_factory.mktemp("runs")
    problems, samples = copy_suite(root)
    before = run_cli("run", str(problems), "--solutions", str(samples), "-o", str(root / "before"), *FAST)
    assert before.returncode == 0, before.stderr
    make_two_sum_worse(samples)
    after = run_cli("run", str(problems), "--solutions", str(samples), "-o", str(root / "after"), *FAST)
    assert after.returncode == 0, after.stderr
    return root


def test_diff_names_the_worse_sample_its_dimensions_and_the_reason(two_runs):
    done = run_cli("diff", str(two_runs / "before"), str(two_runs / "after"))
    assert done.returncode == 0, done.stderr
    text = done.stdout
    assert "1 worse, 0 better, 9 unchanged" in text
    rows = [line for line in text.splitlines() if line.startswith("| ▼")]
    assert len(rows) == 1 and "| two_sum | good.py |" in rows[0]
    section = text[text.index("### ▼ two_sum · good.py") :]
    assert re.search(r"- \*\*Correctness\*\* 100\.0 → 37\.5 \(-62\.5\): 8/8 tests passed → 3/8 tests passed", section)
    # the reason: the very test that now fails, with what was expected and what came back
    assert "new: -12.5 `two_sum([2, 7, 11, 15], 9)`: wrong output; expected [0, 1], got (1, 0)" in section
    assert "- **Edge cases** 100.0 →" in section
    assert "balanced_brackets" not in text  # nothing changed there


def test_a_fixed_solution_is_better_and_says_what_was_fixed(two_runs):
    done = run_cli("diff", str(two_runs / "after" / "leaderboard.json"), str(two_runs / "before"))
    assert done.returncode == 0, done.stderr
    assert "0 worse, 1 better" in done.stdout
    assert "fixed: -12.5 `two_sum([2, 7, 11, 15], 9)`: wrong output" in done.stdout


def test_fail_on_regression_exits_1_only_when_something_got_worse(two_runs):
    worse = run_cli("diff", str(two_runs / "before"), str(two_runs / "after"), "--fail-on-regression")
    assert worse.returncode == 1 and "1 solution(s) got worse" in worse.stderr
    better = run_cli("diff", str(two_runs / "after"), str(two_runs / "before"), "--fail-on-regression")
    assert better.returncode == 0, better.stderr


def test_two_single_results_are_compared_with_each_other(two_runs, tmp_path):
    done = run_cli(
        "diff",
        str(two_runs / "before" / "two_sum" / "good.json"),
        str(two_runs / "after" / "two_sum" / "good.json"),
        "-o",
        str(tmp_path / "d.md"),
    )
    assert done.returncode == 0, done.stderr
    text = (tmp_path / "d.md").read_text()
    assert "over 1 solutions: 1 worse" in text and "expected [0, 1], got (1, 0)" in text


def test_a_leaderboard_without_its_reports_still_compares_scores(two_runs, tmp_path):
    for name in ("before", "after"):
        (tmp_path / name).mkdir()
        shutil.copy(two_runs / name / "leaderboard.json", tmp_path / name / "leaderboard.json")
    text = to_markdown(compare(load_snapshot(tmp_path / "before"), load_snapshot(tmp_path / "after")))
    assert "| ▼ worse | two_sum | good.py |" in text
    assert "no reasons: the per-solution reports were not found" in text


def test_added_and_removed_solutions_are_listed(two_runs, tmp_path):
    data = json.loads((two_runs / "after" / "leaderboard.json").read_text())
    renamed = next(row for row in data["results"] if row["solution"] == "slow.py" and row["problem"] == "two_sum")
    renamed["solution"] = "slower.py"
    (tmp_path / "leaderboard.json").write_text(json.dumps(data))
    diff = compare(load_snapshot(two_runs / "before"), load_snapshot(tmp_path / "leaderboard.json"))
    assert [r.solution for r in diff.added] == ["slower.py"] and [r.solution for r in diff.removed] == ["slow.py"]
    assert [c.direction for c in diff.changes] == [Direction.WORSE]
    assert "### Added (1)\n\n- two_sum · slower.py:" in to_markdown(diff)


def test_a_solution_codeeval_failed_on_has_no_score_and_is_no_regression(two_runs, tmp_path):
    data = json.loads((two_runs / "before" / "leaderboard.json").read_text())
    broken = next(
        row for row in data["results"] if (row["problem"], row["solution"]) == ("balanced_brackets", "slow.py")
    )
    broken.update(status="internal_error", score=0.0, errors=["internal error: RuntimeError: boom"])
    (tmp_path / "leaderboard.json").write_text(json.dumps(data))
    before, after = load_snapshot(two_runs / "before"), load_snapshot(tmp_path / "leaderboard.json")
    assert after.internal_errors == 1
    others = [r.score for r in before.solutions if r.key != ("balanced_brackets", "slow.py")]
    assert after.mean_score == pytest.approx(sum(others) / 9)
    diff = compare(before, after)
    assert [c.direction for c in diff.changes] == [Direction.NO_SCORE] and diff.regressions == ()
    text = to_markdown(diff)
    assert "| ⚠ no score | balanced_brackets | slow.py | 100.0 → internal error |" in text
    assert "1 without a score on one side" in text and "- **Error**: internal error: RuntimeError: boom" in text
    assert compare(after, after).changes == ()  # failing on both sides is no news


def test_the_threshold_hides_small_moves(two_runs):
    diff = compare(load_snapshot(two_runs / "before"), load_snapshot(two_runs / "after"), threshold=70)
    assert diff.changes == () and diff.unchanged == 10


def test_a_zero_threshold_reports_any_move_and_nothing_else(two_runs):
    before, after = load_snapshot(two_runs / "before"), load_snapshot(two_runs / "after")
    assert compare(before, before, threshold=0).changes == ()
    diff = compare(before, after, threshold=0)
    assert [(c.new.solution, c.direction) for c in diff.changes] == [("good.py", Direction.WORSE)]


@pytest.mark.parametrize(
    "content, message",
    [
        (None, "missing.json: no such file"),
        ('{"a": 1,\n "b": }', "bad.json:2: not JSON"),
        ('{"some": "thing"}', "bad.json: not a codeeval leaderboard or result"),
        ('{"groups": [], "results": [{"problem": "p"}]}', "bad.json: results[0]: needs `problem`, `solution`"),
    ],
)
def test_bad_inputs_exit_2_naming_the_file(two_runs, tmp_path, content, message):
    path = tmp_path / ("missing.json" if content is None else "bad.json")
    if content is not None:
        path.write_text(content)
    done = run_cli("diff", str(two_runs / "before"), str(path))
    assert done.returncode == 2 and message in done.stderr and "Traceback" not in done.stderr


def test_a_folder_without_a_leaderboard_is_refused(tmp_path):
    done = run_cli("diff", str(tmp_path), str(tmp_path))
    assert done.returncode == 2 and "no leaderboard.json in this folder" in done.stderr
