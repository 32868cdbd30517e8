"""`codeeval ci STEP`: the steps of the GitHub Action (action.yml), testable on their own.

- `ci run`: evaluate, compare with the base branch, check quality, annotate, write the summary, the
  badge and the outputs; settings come from INPUT_* variables (see ci/action_inputs.py).
- `ci comment FILE`: post FILE as the pull request's codeeval comment, or update it.
- `ci publish-badge --branch B FILE...`: on a push to the default branch, commit the badge files to B.

Exit codes: 0 done (policy failures are reported in the `failure` output, not
by the exit code); 2 bad inputs or a run that could not start, with an error annotation.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

NAME = "ci"
HELP = "the GitHub Action's steps: run (evaluate and report), comment (the pull request), publish-badge"


def configure(parser: argparse.ArgumentParser) -> None:
    """The command's arguments."""
    steps = parser.add_subparsers(dest="ci_step", metavar="STEP", required=True)
    steps.add_parser("run", help="evaluate and report, with settings from the INPUT_* environment variables")
    comment = steps.add_parser("comment", help="post or update the pull request's codeeval comment")
    comment.add_argument("body", help="the Markdown file to post")
    comment.add_argument(
        "--comment-id",
        default=os.environ.get("INPUT_COMMENT_ID") or "codeeval",
        help="which codeeval comment to update, when one pull request has several reports",
    )
    publish = steps.add_parser("publish-badge", help="commit badge files to a branch on default-branch pushes")
    publish.add_argument("--branch", required=True, help="the branch that holds the badges")
    publish.add_argument("files", nargs="+", help="the files to put at the branch's top level")


def run(args: argparse.Namespace) -> int:
    """Run one step; a user error becomes an error annotation and exit code 2."""
    from ..base.errors import CodeevalError
    from ..report.workflow_commands import Level, command

    handler = {"run": _run, "comment": _comment, "publish-badge": _publish_badge}[args.ci_step]
    try:
        return handler(args)
    except CodeevalError as exc:
        print(command(Level.ERROR, exc.location_message(), {"title": "codeeval"}))
        print(f"codeeval: {exc.location_message()}", file=sys.stderr)
        return 2


def _run(args: argparse.Namespace) -> int:
    from ..ci.action_inputs import ActionInputs
    from ..ci.pipeline import run_ci
    from ..ci.workflow import RunnerEnvironment
    from ..report.workflow_commands import Level, command

    outcome = run_ci(ActionInputs.from_environ(), RunnerEnvironment.from_environ())
    for failure in outcome.failures:
        print(command(Level.ERROR, failure, {"title": "codeeval"}))
    score = "no score" if outcome.score is None else f"score {outcome.score:.1f}"
    print(f"codeeval: {score}; reports in {outcome.report_dir}", file=sys.stderr)
    return 0


def _comment(args: argparse.Namespace) -> int:
    from ..ci.pr_comment import GitHubApiError, GitHubClient
    from ..ci.workflow import RunnerEnvironment
    from ..report.workflow_commands import Level, command

    env = RunnerEnvironment.from_environ()
    pull = env.pull_request
    if pull is None:
        print(f"codeeval: not a pull request ({env.event_name or 'no event'}): no comment", file=sys.stderr)
        return 0
    token = os.environ.get("GITHUB_TOKEN", "")
    if not token or not env.repository:
        print(command(Level.WARNING, "no GITHUB_TOKEN or GITHUB_REPOSITORY: the pull request comment was not posted"))
        return 0
    body = Path(args.body).read_text(encoding="utf-8")
    try:
        result = GitHubClient(env.api_url, token, env.repository).upsert_comment(pull.number, body, args.comment_id)
    except GitHubApiError as exc:
        hint = " (a pull request from a fork gets a read-only token)" if exc.status in (403, 404) else ""
        print(
            command(
                Level.WARNING,
                f"could not post the pull request comment: {exc}{hint}; the job summary has the report",
                {"title": "codeeval"},
            )
        )
        return 0
    env.set_outputs({"comment-url": result.url})
    print(f"codeeval: comment {result.action.value} on pull request #{pull.number}: {result.url}", file=sys.stderr)
    return 0


def _publish_badge(args: argparse.Namespace) -> int:
    from ..ci.badge_branch import publish
    from ..ci.git import GitError
    from ..ci.workflow import RunnerEnvironment
    from ..report.workflow_commands import Level, command

    env = RunnerEnvironment.from_environ()
    if not env.is_default_branch_push:
        print(
            f"codeeval: the badge is published from pushes to the default branch only ({env.event_name} "
            f"{env.ref}): skipped",
            file=sys.stderr,
        )
        return 0
    files = {Path(name).name: Path(name) for name in args.files}
    try:
        published = publish(env.workspace, args.branch, files, f"codeeval badge for {env.ref} at {env.sha[:12]}")
    except GitError as exc:
        print(
            command(
                Level.WARNING,
                f"could not publish the badge to {args.branch}: {exc.location_message()} "
                "(the job needs `permissions: contents: write`)",
                {"title": "codeeval"},
            )
        )
        return 0
    what = f"commit {published.commit[:12]}" if published.commit else "unchanged"
    print(f"codeeval: badge on branch {published.branch}: {what}", file=sys.stderr)
    return 0
