"""The review of a pull request's changes (`codeeval review --base <base sha>`) for the action: run as a child
process like the other steps, its JSON report read back into a "Behaviour changes" section of the summary and
PR comment, and a workflow annotation per behaviour change and slow-down on the changed function's line.

Reads the JSON (`codeeval-review/1`, docs/review.md) only: the review engine itself runs in the child.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..report.markdown_text import cell, table
from ..report.workflow_commands import Level, annotation
from .git import GitError, ensure_commit

MAX_LISTED = 20
EXIT_USAGE = 2  # `codeeval review`: not a git checkout, an unknown base


@dataclass(frozen=True)
class ReviewedChange:
    """One behaviour change (its minimal counterexample) or slow-down of one function of the pull request."""

    path: str
    line: int
    function: str
    kind: str  # "behaviour change" or "slow-down"
    text: str  # "`f(1)`: base returns 1, now returns 0", "now O(n^2), was O(n)"

    def annotation(self) -> str:
        """The workflow command that shows it on the function's line."""
        return annotation(
            Level.WARNING,
            f"{self.function}: {self.text}",
            self.path,
            (self.line, self.line),
            None,
            f"codeeval {self.kind}",
        )


@dataclass(frozen=True)
class ChangeReview:
    """What the review of the pull request found."""

    verdict: str
    functions: int
    changes: tuple[ReviewedChange, ...]
    not_compared: tuple[str, ...]  # "path:line function: why"
    messages: tuple[str, ...]
    report: Path

    def markdown(self) -> str:
        """The summary's "Behaviour changes" section."""
        behaviour = sum(c.kind == "behaviour change" for c in self.changes)
        slower = len(self.changes) - behaviour
        out = [f"### Behaviour changes: {behaviour} (slow-downs: {slower})", "", self.verdict, ""]
        if self.changes:
            rows: list[list[object]] = [
                [f"`{cell(c.path)}:{c.line}`", f"`{cell(c.function)}`", c.kind, cell(c.text, 300)]
                for c in self.changes[:MAX_LISTED]
            ]
            out += [table(["where", "function", "what", "evidence"], rows), ""]
            if len(self.changes) > MAX_LISTED:
                out += [f"…and {len(self.changes) - MAX_LISTED} more (see `{self.report.name}`).", ""]
            out += ["A behaviour change may be intended: its counterexample is the test to write.", ""]
        if self.not_compared:
            listed = "".join(f"\n- {cell(line, 300)}" for line in self.not_compared[:MAX_LISTED])
            out += [f"<details><summary>Not compared: {len(self.not_compared)}</summary>\n{listed}\n\n</details>", ""]
        out += [f"> {cell(message, 400)}" for message in self.messages]
        return "\n".join(out).rstrip() + "\n"


def review_pull_request(
    workspace: Path, base_sha: str, report_dir: Path, codeeval: Callable[..., int]
) -> ChangeReview | str:
    """Review the working tree against the base commit; the review, or a note saying why there is none."""
    try:
        ensure_commit(workspace, base_sha)  # a shallow checkout may not have the base
    except GitError as exc:
        return (
            f"Could not review the changes: the base commit {base_sha[:12]} is not at hand ({exc.location_message()})."
        )
    json_path, markdown_path = report_dir / "review.json", report_dir / "review.md"
    code = codeeval(
        "review", "--base", base_sha, "--json", str(json_path), "--markdown", str(markdown_path), "-q", cwd=workspace
    )
    if code == EXIT_USAGE or not json_path.is_file():
        return (
            f"Could not review the changes against {base_sha[:12]}: `codeeval review` exited with {code} (see the log)."
        )
    try:
        data = json.loads(json_path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        return f"Could not read the review's report {json_path.name}: {exc}"
    return read_review(data, markdown_path)


def read_review(data: dict[str, Any], report: Path) -> ChangeReview:
    """The JSON report's behaviour changes, slow-downs and functions not compared."""
    changes: list[ReviewedChange] = []
    not_compared: list[str] = []
    functions = [f for f in data.get("functions", []) if isinstance(f, dict)]
    for function in functions:
        where = (str(function.get("path", "")), int(function.get("line", 1) or 1), str(function.get("function", "")))
        for finding in function.get("findings", []):
            if finding.get("kind") == "behaviour change" and not finding.get("accepted"):  # accepted: intended
                text = f"`{finding.get('call')}`: base {finding.get('base')}, now {finding.get('new')}"
                changes.append(ReviewedChange(*where, "behaviour change", text))
        speed = function.get("speed")
        if isinstance(speed, dict) and speed.get("slower"):
            changes.append(ReviewedChange(*where, "slow-down", _speed_text(speed)))
        if function.get("comparison") == "not compared" and function.get("status") == "changed":
            not_compared.append(f"{where[0]}:{where[1]} {where[2]}: {function.get('reason', '')}")
    summary = data.get("summary", {})
    verdict = (
        f"{summary.get('behaviour_changes', 0)} function(s) changed behaviour and {summary.get('slowdowns', 0)} got "
        f"slower, of {len(functions)} changed function(s)"
        + (
            f"; {summary['accepted_changes']} change(s) accepted as intended."
            if summary.get("accepted_changes")
            else "."
        )
        if functions
        else "No changed Python function to review."
    )
    return ChangeReview(
        verdict, len(functions), tuple(changes), tuple(not_compared), tuple(map(str, data.get("messages", []))), report
    )


def _speed_text(speed: dict[str, Any]) -> str:
    base, new = speed.get("base_class"), speed.get("new_class")
    summary = str(speed.get("summary", ""))
    return f"now {new}, was {base} ({summary})" if base and new and base != new else summary
