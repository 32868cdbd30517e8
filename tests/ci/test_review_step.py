"""`codeeval ci run` on a pull request reviews its changes (`codeeval review --base <base sha>` as a child process):
a "Behaviour changes" section in the summary (the PR comment's body) and an annotation on the changed function;
`review: false` turns it off; a base commit that cannot be had is a note, not a failure."""

from __future__ import annotations

import subprocess
from pathlib import Path

from .test_action import PULL
from .test_ci_steps import ci, runner_files

BASE = """\
def clamp(x: int, lo: int, hi: int) -> int:
    \"\"\"x held between lo and hi.\"\"\"
    return max(lo, min(x, hi))
"""


def git(repo: Path, *args: str) -> str:
    return subprocess.run(["git", "-C", str(repo), *args], capture_output=True, text=True, check=True).stdout.strip()


def pull_request(tmp_path: Path) -> tuple[Path, dict]:
    """A checkout of a pull request whose one commit changes `clamp`'s behaviour; the event naming its base."""
    workspace = tmp_path / "workspace"
    workspace.mkdir()
    git(workspace, "init", "-q", "-b", "main")
    git(workspace, "config", "user.email", "dev@example.test")
    git(workspace, "config", "user.name", "Dev")
    (workspace / "core.py").write_text(BASE, encoding="utf-8")
    git(workspace, "add", ".")
    git(workspace, "commit", "-qm", "base")
    base = git(workspace, "rev-parse", "HEAD")
    (workspace / "core.py").write_text(BASE.replace("min(x, hi))", "min(x, hi - 1))"), encoding="utf-8")
    git(workspace, "commit", "-qam", "an exclusive upper bound")
    event = {
        "pull_request": {"number": PULL, "base": {"sha": base}, "head": {"sha": git(workspace, "rev-parse", "HEAD")}}
    }
    return workspace, event


def run(tmp_path: Path, **inputs: str) -> tuple[subprocess.CompletedProcess, str]:
    workspace, event = pull_request(tmp_path)
    env = {**runner_files(tmp_path, "pull_request", event), "INPUT_CHECK": "core.py", **inputs}
    done = ci("run", cwd=workspace, env=env)
    assert done.returncode == 0, done.stdout + done.stderr
    return done, (tmp_path / "summary.md").read_text()


def test_a_pull_request_gets_its_behaviour_changes_in_the_comment_and_annotations(tmp_path):
    done, summary = run(tmp_path)
    assert "### Behaviour changes: 1 (slow-downs: 0)" in summary
    assert "1 function(s) changed behaviour and 0 got slower, of 1 changed function(s)." in summary
    row = next(line for line in summary.splitlines() if line.startswith("| `core.py:1`"))
    assert "`clamp`" in row and "behaviour change" in row and ": base returns " in row and ", now returns " in row
    annotations = [line for line in done.stdout.splitlines() if "title=codeeval behaviour change" in line]
    assert len(annotations) == 1 and annotations[0].startswith("::warning file=core.py,line=1,endLine=1,")
    assert "::clamp: `clamp(" in annotations[0]
    report = tmp_path / "workspace" / "codeeval-reports" / "review.md"
    assert report.is_file() and "clamp" in report.read_text()


def test_review_false_leaves_it_out(tmp_path):
    done, summary = run(tmp_path, INPUT_REVIEW="false")
    assert "Behaviour changes" not in summary and "behaviour change" not in done.stdout


def test_a_base_commit_that_cannot_be_fetched_is_a_note(tmp_path):
    workspace, event = pull_request(tmp_path)
    event["pull_request"]["base"]["sha"] = "0" * 40  # not in the clone, and there is no origin to fetch it from
    env = {**runner_files(tmp_path, "pull_request", event), "INPUT_CHECK": "core.py"}
    done = ci("run", cwd=workspace, env=env)
    assert done.returncode == 0, done.stdout + done.stderr
    summary = (tmp_path / "summary.md").read_text()
    assert f"> Could not review the changes: the base commit {'0' * 12} is not at hand" in summary
