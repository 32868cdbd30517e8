"""What a GitHub Actions runner gives a step, and how a step answers: the event, outputs, the job summary,
workflow commands.

Everything comes from the environment the runner sets (GITHUB_EVENT_PATH,
GITHUB_OUTPUT, GITHUB_STEP_SUMMARY, ...), so a test can stand in for the
runner with files in a temporary folder.
"""

from __future__ import annotations

import json
import os
import uuid
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..base.errors import CodeevalError

PULL_REQUEST_EVENTS = ("pull_request", "pull_request_target")


class WorkflowError(CodeevalError):
    """The runner's environment is missing something a step needs, or the event file is unreadable."""


@dataclass(frozen=True)
class PullRequest:
    """The pull request of a pull_request event: its number and the commits it compares."""

    number: int
    base_sha: str
    head_sha: str
    base_ref: str


@dataclass(frozen=True)
class RunnerEnvironment:
    """What the runner tells a step through its environment variables."""

    workspace: Path
    event_name: str
    event: dict[str, Any]
    repository: str  # owner/name
    api_url: str
    ref: str
    sha: str
    output_file: Path | None
    summary_file: Path | None
    temp: Path

    @classmethod
    def from_environ(cls, environ: Mapping[str, str] | None = None) -> RunnerEnvironment:
        """Read GITHUB_* and RUNNER_* variables (and the event file)."""
        env = os.environ if environ is None else environ
        event_path = env.get("GITHUB_EVENT_PATH")
        return cls(
            workspace=Path(env.get("GITHUB_WORKSPACE") or os.getcwd()),
            event_name=env.get("GITHUB_EVENT_NAME", ""),
            event=_read_event(Path(event_path)) if event_path else {},
            repository=env.get("GITHUB_REPOSITORY", ""),
            api_url=(env.get("GITHUB_API_URL") or "https://api.github.com").rstrip("/"),
            ref=env.get("GITHUB_REF", ""),
            sha=env.get("GITHUB_SHA", ""),
            output_file=Path(env["GITHUB_OUTPUT"]) if env.get("GITHUB_OUTPUT") else None,
            summary_file=Path(env["GITHUB_STEP_SUMMARY"]) if env.get("GITHUB_STEP_SUMMARY") else None,
            temp=Path(env.get("RUNNER_TEMP") or env.get("TMPDIR") or "/tmp"),
        )

    @property
    def pull_request(self) -> PullRequest | None:
        """The pull request this run is for, from the event file; None for other events."""
        if self.event_name not in PULL_REQUEST_EVENTS:
            return None
        pull = self.event.get("pull_request")
        if not isinstance(pull, dict):
            raise WorkflowError("a pull_request event without a `pull_request` object", "GITHUB_EVENT_PATH")
        try:
            return PullRequest(
                int(pull["number"]),
                str(pull["base"]["sha"]),
                str(pull["head"]["sha"]),
                str(pull["base"].get("ref", "")),
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise WorkflowError(f"the pull_request event lacks {exc}", "GITHUB_EVENT_PATH") from None

    @property
    def is_default_branch_push(self) -> bool:
        """A push to the repository's default branch (where a badge should come from)."""
        default = (self.event.get("repository") or {}).get("default_branch")
        return self.event_name == "push" and bool(default) and self.ref == f"refs/heads/{default}"

    def set_outputs(self, outputs: Mapping[str, str]) -> None:
        """Append step outputs; each value in a heredoc, so any text (newlines too) is safe."""
        if self.output_file is None:
            return
        with self.output_file.open("a", encoding="utf-8") as handle:
            for name, value in outputs.items():
                delimiter = f"codeeval_{uuid.uuid4().hex}"
                handle.write(f"{name}<<{delimiter}\n{value}\n{delimiter}\n")

    def append_summary(self, markdown: str) -> None:
        """Add Markdown to the job summary."""
        if self.summary_file is None:
            return
        with self.summary_file.open("a", encoding="utf-8") as handle:
            handle.write(markdown.rstrip("\n") + "\n")


def _read_event(path: Path) -> dict[str, Any]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise WorkflowError("no such event file", str(path)) from None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise WorkflowError(f"cannot read the event: {exc}", str(path)) from None
    if not isinstance(data, dict):
        raise WorkflowError("the event is not a JSON object", str(path))
    return data
