"""The action (action.yml) run step by step as a runner would, on a git repository holding a copy of the
bundled suite: a pull request that makes one sample worse, a second push to it, a push to the default branch.

The runner's files are real (GITHUB_STEP_SUMMARY, GITHUB_OUTPUT, GITHUB_EVENT_PATH in a temporary folder),
the evaluations are real (`codeeval run` in the sandbox, on the head and on the base commit), and the pull
request comment goes over HTTP to a loopback server standing in for the GitHub API.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from codeeval.ci.action_inputs import input_variable
from tests.support import REPO, copy_suite, make_two_sum_worse

from ..quality.test_check_cli import validator
from .action_runner import ActionRun, GitHubEnvironment, run_action

TOKEN = "test-token-not-a-secret"
REPOSITORY = "acme/suite"
PULL = 7
OTHER_COMMENTS = 120  # more than one page of comments, so finding ours needs the second page
MARKER = "<!-- codeeval-report:codeeval -->"
# A function added by the pull request with neither docstring nor type hints: findings on changed lines.
ADDED_HELPER = "\n\ndef pair_sums(values):\n    return [a + b for a, b in zip(values, values[1:])]\n"


class FakeGitHub:
    """The issue-comments endpoints of the GitHub REST API, in memory, on 127.0.0.1."""

    def __init__(self) -> None:
        self.comments = [
            {"id": 100 + n, "body": f"a reviewer's comment {n}", "html_url": f"https://x/c/{100 + n}"}
            for n in range(OTHER_COMMENTS)
        ]
        self.requests: list[dict] = []
        github = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: object) -> None:  # keep the test output quiet
                pass

            def do_GET(self) -> None:
                github._handle(self, "GET")

            def do_POST(self) -> None:
                github._handle(self, "POST")

            def do_PATCH(self) -> None:
                github._handle(self, "PATCH")

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()

    def _handle(self, handler: BaseHTTPRequestHandler, method: str) -> None:
        length = int(handler.headers.get("Content-Length") or 0)
        body = json.loads(handler.rfile.read(length)) if length else None
        self.requests.append(
            {
                "method": method,
                "path": handler.path,
                "body": body,
                "authorization": handler.headers.get("Authorization"),
            }
        )
        if handler.headers.get("Authorization") != f"Bearer {TOKEN}":
            return self._answer(handler, 401, {"message": "Bad credentials"})
        listing = re.fullmatch(rf"/repos/{REPOSITORY}/issues/{PULL}/comments\?per_page=(\d+)&page=(\d+)", handler.path)
        if method == "GET" and listing:
            size, page = int(listing.group(1)), int(listing.group(2))
            return self._answer(handler, 200, self.comments[(page - 1) * size : page * size])
        if method == "POST" and handler.path == f"/repos/{REPOSITORY}/issues/{PULL}/comments":
            comment = {"id": 9001, "body": body["body"], "html_url": f"https://github.test/{REPOSITORY}/pull/7#c9001"}
            self.comments.append(comment)
            return self._answer(handler, 201, comment)
        update = re.fullmatch(rf"/repos/{REPOSITORY}/issues/comments/(\d+)", handler.path)
        if method == "PATCH" and update:
            for comment in self.comments:
                if comment["id"] == int(update.group(1)):
                    comment["body"] = body["body"]
                    return self._answer(handler, 200, comment)
        return self._answer(handler, 404, {"message": "Not Found"})

    @staticmethod
    def _answer(handler: BaseHTTPRequestHandler, status: int, data: object) -> None:
        payload = json.dumps(data).encode()
        handler.send_response(status)
        handler.send_header("Content-Type", "application/json")
        handler.send_header("Content-Length", str(len(payload)))
        handler.end_headers()
        handler.wfile.write(payload)


def git(repo: Path, *args: str) -> str:
    return subprocess.run(["git", "-C", str(repo), *args], capture_output=True, text=True, check=True).stdout.strip()


@pytest.fixture(scope="module")
def project(tmp_path_factory):
    """A repository (with a bare `origin`) whose main has the suite, and a pull request commit on top."""
    root = tmp_path_factory.mktemp("action")
    workspace, origin = root / "workspace", root / "origin.git"
    workspace.mkdir()
    _, samples = copy_suite(workspace)
    git(root, "init", "-q", "--bare", str(origin))
    git(workspace, "init", "-q", "-b", "main")
    git(workspace, "config", "user.email", "dev@example.test")
    git(workspace, "config", "user.name", "Dev")
    git(workspace, "add", ".")
    git(workspace, "commit", "-q", "-m", "the suite")
    base = git(workspace, "rev-parse", "HEAD")
    git(workspace, "remote", "add", "origin", str(origin))
    git(workspace, "push", "-q", "origin", "main")
    make_two_sum_worse(samples)
    good = samples / "two_sum" / "good.py"
    good.write_text(good.read_text() + ADDED_HELPER)
    git(workspace, "commit", "-q", "-am", "two_sum: a faster good.py (it is not)")
    head = git(workspace, "rev-parse", "HEAD")
    return {"root": root, "workspace": workspace, "origin": origin, "base": base, "head": head}


@pytest.fixture(scope="module")
def api():
    server = FakeGitHub()
    yield server
    server.close()


def pull_request_environment(project: dict, api: FakeGitHub, name: str) -> GitHubEnvironment:
    temp = project["root"] / name
    temp.mkdir()
    event = {
        "action": "synchronize",
        "number": PULL,
        "pull_request": {
            "number": PULL,
            "base": {"sha": project["base"], "ref": "main"},
            "head": {"sha": project["head"], "ref": "faster-two-sum"},
        },
        "repository": {"full_name": REPOSITORY, "default_branch": "main"},
    }
    return GitHubEnvironment(
        project["workspace"],
        temp,
        "pull_request",
        event,
        api.url,
        REPOSITORY,
        f"refs/pull/{PULL}/merge",
        project["head"],
        TOKEN,
    )


SUITE_INPUTS = {
    "problems": "problems",
    "solutions": "problems/samples",
    "skip": "performance",
    "fail-on-regression": "true",
    "upload-sarif": "true",
    "badge-branch": "badges",
    "github-token": TOKEN,
    "python": sys.executable,
}


@pytest.fixture(scope="module")
def first_push(project, api) -> ActionRun:
    return run_action(REPO, pull_request_environment(project, api, "first"), SUITE_INPUTS)


def test_every_step_runs_and_the_policy_fails_the_job_on_the_regression(first_push):
    outcomes = [(step.id or step.uses or step.name.split(":")[0], step.outcome) for step in first_push.steps]
    assert outcomes == [
        ("install", "success"),
        ("evaluate", "success"),
        ("comment", "success"),
        ("Publish the badge", "success"),
        ("actions/upload-artifact@v6", "success"),
        ("github/codeql-action/upload-sarif@v4", "success"),
        ("Failure policy", "failure"),
    ], "\n".join(step.stdout + step.stderr for step in first_push.steps)
    policy = first_push.step("Failure policy")
    assert "1 solution(s) got worse than on the base branch: two_sum/good.py" in policy.name
    assert "codeeval setup: using " in first_push.step("install").stdout  # the given Python already has codeeval


def test_the_summary_names_the_worse_sample_its_dimension_and_the_reason(first_push):
    summary = first_push.job_summary
    assert summary.startswith("## codeeval\n")
    assert re.search(r"\*\*Score \d+\.\d / 100\*\* \(\w+\): mean of 10 solution\(s\) to 2 problem\(s\)\.", summary)
    assert "- 1 solution(s) got worse than on the base branch: two_sum/good.py" in summary
    assert "1 worse, 0 better, 9 unchanged" in summary
    assert "#### ▼ two_sum · good.py: 100.0 →" in summary
    assert "- **Correctness** 100.0 → 37.5 (-62.5): 8/8 tests passed → 3/8 tests passed" in summary
    assert "new: -12.5 `two_sum([2, 7, 11, 15], 9)`: wrong output; expected [0, 1], got (1, 0)" in summary
    assert "<details><summary>Leaderboard</summary>" in summary


def test_outputs_point_at_real_reports(first_push, project):
    outputs = first_push.outputs
    report_dir = Path(outputs["report-dir"])
    assert report_dir == project["workspace"] / "codeeval-reports"
    leaderboard = json.loads(Path(outputs["leaderboard"]).read_text())
    mean = sum(row["score"] for row in leaderboard["results"]) / len(leaderboard["results"])
    assert float(outputs["score"]) == pytest.approx(mean, abs=0.01)
    assert outputs["regressions"] == "1" and "two_sum/good.py" in outputs["failure"]
    assert Path(outputs["diff"]).read_text().startswith("## codeeval: what changed")
    assert Path(outputs["summary"]).read_text() == first_push.job_summary
    svg = Path(outputs["badge-svg"]).read_text()
    assert f">{float(outputs['score']):.1f}</text>" in svg
    assert json.loads(Path(outputs["badge-json"]).read_text())["message"] == f"{float(outputs['score']):.1f}"
    assert first_push.step("actions/upload-artifact@v6").with_inputs == {
        "name": "codeeval-reports",
        "path": str(report_dir),
        "if-no-files-found": "ignore",
    }


def test_annotations_cover_findings_on_changed_lines_only(first_push, project):
    stdout = first_push.step("evaluate").stdout
    annotations = [line for line in stdout.splitlines() if re.match(r"::(error|warning|notice) file=", line)]
    reviewed = [line for line in annotations if "title=codeeval behaviour change" in line]
    assert reviewed and all("file=problems/samples/two_sum/good.py," in line for line in reviewed)  # the review's
    annotations = [line for line in annotations if line not in reviewed]  # the quality findings'
    good_lines = (project["workspace"] / "problems/samples/two_sum/good.py").read_text().splitlines()
    helper_line = good_lines.index("def pair_sums(values):") + 1
    assert annotations, stdout
    assert all(
        line.startswith(
            (
                "::warning file=problems/samples/two_sum/good.py,",
                "::notice file=problems/samples/two_sum/good.py,",
                "::error file=problems/samples/two_sum/good.py,",
            )
        )
        for line in annotations
    ), annotations
    assert any(f",line={helper_line}," in line and "title=codeeval CQ102 " in line for line in annotations)
    # messy.py is full of findings, but the pull request did not touch it
    assert "messy.py" not in stdout
    assert first_push.outputs["annotations"] == str(len(annotations))
    assert f"### Quality findings on changed lines: {len(annotations)}" in first_push.job_summary


def test_the_sarif_for_code_scanning_is_schema_valid_and_has_every_finding(first_push):
    upload = first_push.step("github/codeql-action/upload-sarif@v4").with_inputs
    assert upload == {"sarif_file": first_push.outputs["sarif"], "category": "codeeval"}
    document = json.loads(Path(upload["sarif_file"]).read_text())
    assert [f"{list(e.absolute_path)}: {e.message}" for e in validator().iter_errors(document)] == []
    uris = {
        result["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
        for result in document["runs"][0]["results"]
    }
    assert "problems/samples/two_sum/messy.py" in uris  # all findings go to code scanning, not only new ones


def test_the_comment_is_created_once_with_the_report(first_push, api):
    calls = [(r["method"], r["path"]) for r in api.requests[:3]]
    assert calls == [
        ("GET", f"/repos/{REPOSITORY}/issues/{PULL}/comments?per_page=100&page=1"),
        ("GET", f"/repos/{REPOSITORY}/issues/{PULL}/comments?per_page=100&page=2"),
        ("POST", f"/repos/{REPOSITORY}/issues/{PULL}/comments"),
    ]
    assert all(r["authorization"] == f"Bearer {TOKEN}" for r in api.requests)
    body = api.requests[2]["body"]["body"]
    assert body == f"{MARKER}\n{first_push.job_summary}"
    assert first_push.outputs["comment-url"] == f"https://github.test/{REPOSITORY}/pull/7#c9001"


def test_the_badge_is_not_published_from_a_pull_request(first_push, project):
    assert "default branch only" in first_push.step("Publish the badge").stderr
    assert git(project["origin"], "branch", "--list", "badges") == ""


def test_a_second_push_updates_the_same_comment(first_push, project, api):
    """Runs after the first push's tests: the comment it made is on the server's second page."""
    before = len(api.requests)
    second = run_action(
        REPO,
        pull_request_environment(project, api, "second"),
        {**SUITE_INPUTS, "compare-base": "false", "fail-on-regression": "false", "upload-sarif": "false"},
    )
    assert not second.failed, "\n".join(step.stdout + step.stderr for step in second.steps)
    calls = [(r["method"], r["path"]) for r in api.requests[before:]]
    assert calls == [
        ("GET", f"/repos/{REPOSITORY}/issues/{PULL}/comments?per_page=100&page=1"),
        ("GET", f"/repos/{REPOSITORY}/issues/{PULL}/comments?per_page=100&page=2"),
        ("PATCH", f"/repos/{REPOSITORY}/issues/comments/9001"),
    ]
    assert api.requests[-1]["body"] == {"body": f"{MARKER}\n{second.job_summary}"}
    ours = [comment for comment in api.comments if comment["body"].startswith(MARKER)]
    assert len(ours) == 1 and "what changed" not in ours[0]["body"]  # no base comparison this time
    assert second.step("github/codeql-action/upload-sarif@v4").ran is False


def test_a_push_to_main_checks_quality_only_and_publishes_the_badge(project, api):
    temp = project["root"] / "push"
    temp.mkdir()
    event = {"ref": "refs/heads/main", "repository": {"full_name": REPOSITORY, "default_branch": "main"}}
    env = GitHubEnvironment(
        project["workspace"], temp, "push", event, api.url, REPOSITORY, "refs/heads/main", project["head"], TOKEN
    )
    before = len(api.requests)
    run = run_action(
        REPO,
        env,
        {
            "check": "problems/samples",
            "badge-branch": "badges",
            "min-score": "99",
            "output-dir": "quality-reports",
            "python": sys.executable,
        },
    )
    assert len(api.requests) == before  # no pull request, no comment
    assert run.step("comment").ran is False
    quality = json.loads((project["workspace"] / "quality-reports" / "quality.json").read_text())
    mean = sum(entry["score"] for entry in quality["files"]) / len(quality["files"])
    assert float(run.outputs["score"]) == pytest.approx(mean, abs=0.01)
    assert run.outputs["failure"] == f"the score {mean:.1f} is below the minimum 99" and run.failed
    assert "messy.py" in run.step("evaluate").stdout  # outside a pull request every finding is annotated
    files = git(project["origin"], "ls-tree", "--name-only", "badges").splitlines()
    assert files == ["codeeval.json", "codeeval.svg"]
    published = git(project["origin"], "show", "badges:codeeval.svg")
    assert published == Path(run.outputs["badge-svg"]).read_text().rstrip("\n")
    author = git(project["origin"], "log", "-1", "--format=%an", "badges")
    assert author == "github-actions[bot]"


def test_a_bad_input_fails_the_evaluate_step_with_an_error_annotation_naming_it(project, api):
    temp = project["root"] / "bad"
    temp.mkdir()
    env = GitHubEnvironment(
        project["workspace"], temp, "push", {}, api.url, REPOSITORY, "refs/heads/x", project["head"], TOKEN
    )
    run = run_action(
        REPO,
        env,
        {"problems": "problems", "solutions": "problems/samples", "fail-on": "sometimes", "python": sys.executable},
    )
    evaluate = run.step("evaluate")
    assert evaluate.outcome == "failure"
    assert (
        "::error title=codeeval::action input `fail-on`: expected one of critical, warning, suggestion, none, "
        "got 'sometimes'" in evaluate.stdout
    )
    assert [step.ran for step in run.steps[2:]] == [False, False, False, False, False]


def test_every_action_input_reaches_the_steps_under_its_variable_name():
    import yaml

    action = yaml.safe_load((REPO / "action.yml").read_text())
    passed: dict[str, str] = {}
    for step in action["runs"]["steps"]:
        for variable, value in (step.get("env") or {}).items():
            match = re.fullmatch(r"\$\{\{ inputs\.([a-z-]+) \}\}", str(value))
            if match:
                passed[match.group(1)] = variable
    assert {name: input_variable(name) for name in passed if name != "github-token"} == {
        name: variable for name, variable in passed.items() if name != "github-token"
    }
    used_elsewhere = {name for name in action["inputs"] if f"inputs.{name}" in json.dumps(action["runs"]["steps"])}
    assert used_elsewhere == set(action["inputs"])  # no input is declared and then ignored
