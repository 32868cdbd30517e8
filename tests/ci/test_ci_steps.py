"""The action's steps one at a time: `codeeval ci run` on samples, `ci comment` with a token that may not
comment, bad event files, and the pieces they are built from (diff hunks, the comment size limit)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from codeeval.ci.git import parse_unified_diff
from codeeval.ci.pr_comment import MAX_BODY, marker, with_marker
from tests.support import REPO, copy_suite

from .action_runner import parse_output_file
from .test_action import PULL, REPOSITORY, TOKEN, FakeGitHub


def ci(*args: str, cwd: Path, env: dict[str, str]) -> subprocess.CompletedProcess:
    """`codeeval ci ...` with only the runner's variables (no INPUT_* leaking in from this process)."""
    base = {key: value for key, value in os.environ.items() if not key.startswith(("INPUT_", "GITHUB_"))}
    return subprocess.run(
        [sys.executable, "-m", "codeeval", "ci", *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        env={**base, **env},
        timeout=600,
    )


def runner_files(tmp_path: Path, event_name: str, event: dict) -> dict[str, str]:
    (tmp_path / "event.json").write_text(json.dumps(event))
    for name in ("output", "summary.md"):
        (tmp_path / name).write_text("")
    return {
        "GITHUB_EVENT_NAME": event_name,
        "GITHUB_EVENT_PATH": str(tmp_path / "event.json"),
        "GITHUB_OUTPUT": str(tmp_path / "output"),
        "GITHUB_STEP_SUMMARY": str(tmp_path / "summary.md"),
        "GITHUB_WORKSPACE": str(tmp_path / "workspace"),
        "RUNNER_TEMP": str(tmp_path),
    }


def test_ci_run_scores_a_samples_file(tmp_path):
    workspace = tmp_path / "workspace"
    copy_suite(workspace, problems=("two_sum",))
    good = (REPO / "problems/samples/two_sum/good.py").read_text()
    crash = (REPO / "problems/samples/two_sum/crash.py").read_text()
    lines = [
        {"task_id": "two_sum", "solution": good},
        {"task_id": "two_sum", "solution": crash},
        {"task_id": "nope", "solution": good},
    ]
    (workspace / "model-a.jsonl").write_text("".join(json.dumps(line) + "\n" for line in lines))
    env = {
        **runner_files(tmp_path, "push", {}),
        "INPUT_PROBLEMS": "problems",
        "INPUT_SAMPLES": "model-a.jsonl",
        "INPUT_SKIP": "performance edge_cases",
        "INPUT_MIN_SCORE": "70",
    }
    done = ci("run", cwd=workspace, env=env)
    assert done.returncode == 0, done.stdout + done.stderr
    outputs = parse_output_file((tmp_path / "output").read_text())
    leaderboard = json.loads(Path(outputs["leaderboard"]).read_text())
    assert [row["solution"] for row in leaderboard["results"]] == ["model-a#1", "model-a#2"]
    assert "unknown task id 'nope'" in leaderboard["warnings"][0]
    score = float(outputs["score"])
    assert score == pytest.approx(sum(row["score"] for row in leaderboard["results"]) / 2, abs=0.01)
    assert outputs["failure"] == f"the score {score:.1f} is below the minimum 70"
    assert f"::error title=codeeval::the score {score:.1f} is below the minimum 70" in done.stdout
    assert outputs["sarif"] == ""  # samples are not files in the repository: nothing to annotate
    summary = (tmp_path / "summary.md").read_text()
    assert "mean of 2 solution(s) to 1 problem(s)" in summary and "model-a#2" in summary


@pytest.mark.parametrize(
    "env, message",
    [
        ({"INPUT_PROBLEMS": "problems"}, "give exactly one of `solutions`"),
        ({"INPUT_SOLUTIONS": "x"}, "`solutions` and `samples` need `problems`"),
        ({}, "nothing to do"),
        ({"INPUT_CHECK": "x", "INPUT_MIN_SCORE": "high"}, "action input `min-score`: not a number: 'high'"),
        ({"INPUT_CHECK": "x", "INPUT_SKIP": "speed"}, "action input `skip`: unknown speed"),
        ({"INPUT_CHECK": "x", "INPUT_BADGE_NAME": "../b"}, "action input `badge-name`: a plain file name"),
    ],
)
def test_bad_inputs_stop_before_anything_runs(tmp_path, env, message):
    (tmp_path / "workspace").mkdir()
    done = ci("run", cwd=tmp_path / "workspace", env={**runner_files(tmp_path, "push", {}), **env})
    assert done.returncode == 2 and message in done.stderr and "Traceback" not in done.stderr, done.stderr
    assert done.stdout.startswith("::error title=codeeval::")
    assert not (tmp_path / "workspace" / "codeeval-reports").exists()


def test_a_broken_event_file_is_an_error_naming_it(tmp_path):
    (tmp_path / "workspace").mkdir()
    env = runner_files(tmp_path, "pull_request", {})
    (tmp_path / "event.json").write_text("{not json")
    done = ci(
        "comment",
        str(tmp_path / "summary.md"),
        cwd=tmp_path / "workspace",
        env={**env, "GITHUB_TOKEN": TOKEN, "GITHUB_REPOSITORY": REPOSITORY},
    )
    assert done.returncode == 2 and "event.json: cannot read the event" in done.stderr


def test_a_token_that_may_not_comment_warns_and_does_not_fail(tmp_path):
    api = FakeGitHub()
    try:
        (tmp_path / "workspace").mkdir()
        event = {"pull_request": {"number": PULL, "base": {"sha": "a" * 40}, "head": {"sha": "b" * 40}}}
        env = {
            **runner_files(tmp_path, "pull_request", event),
            "GITHUB_TOKEN": "read-only",
            "GITHUB_REPOSITORY": REPOSITORY,
            "GITHUB_API_URL": api.url,
        }
        (tmp_path / "body.md").write_text("## codeeval\n")
        done = ci("comment", str(tmp_path / "body.md"), cwd=tmp_path / "workspace", env=env)
    finally:
        api.close()
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("::warning title=codeeval::could not post the pull request comment: GET ")
    assert "401" in done.stdout and "Bad credentials" in done.stdout
    assert [request["method"] for request in api.requests] == ["GET"]


def test_outside_a_pull_request_there_is_no_comment(tmp_path):
    (tmp_path / "workspace").mkdir()
    (tmp_path / "body.md").write_text("x")
    done = ci(
        "comment",
        str(tmp_path / "body.md"),
        cwd=tmp_path / "workspace",
        env={**runner_files(tmp_path, "push", {}), "GITHUB_TOKEN": TOKEN},
    )
    assert done.returncode == 0 and "not a pull request (push): no comment" in done.stderr


def test_unified_diff_hunks_become_new_line_numbers():
    diff = (
        "diff --git a/x.py b/x.py\n--- a/x.py\n+++ b/x.py\n@@ -3,0 +4,2 @@ def f():\n+a\n+b\n"
        "@@ -10 +12 @@\n-old\n+new\n@@ -20,3 +23,0 @@\n-gone\n"
        "diff --git a/old.py b/old.py\n--- a/old.py\n+++ /dev/null\n@@ -1,2 +0,0 @@\n-x\n-y\n"
        "diff --git a/new file.py b/new file.py\n--- /dev/null\n+++ b/new file.py\n@@ -0,0 +1 @@\n+z\n"
    )
    assert parse_unified_diff(diff) == {"x.py": {4, 5, 12}, "new file.py": {1}}


def test_a_long_comment_is_cut_to_githubs_limit_and_keeps_its_marker():
    text = with_marker("x" * 100_000, "codeeval")
    assert len(text) <= MAX_BODY and text.startswith(marker("codeeval") + "\n")
    assert text.endswith("the full report is in the job summary)\n")
    assert with_marker("short", "other") == "<!-- codeeval-report:other -->\nshort"
