"""One pull-request comment per report, updated in place on every push: found by a hidden marker line.

Talks to the GitHub REST API (or whatever GITHUB_API_URL points at) with the
standard library only. A token that may not comment (a pull request from a
fork gets a read-only one) is reported, not fatal: the job summary still has
the report.
"""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from dataclasses import dataclass
from enum import Enum
from typing import Any

MAX_BODY = 65_000  # GitHub refuses comment bodies over 65,536 characters
PAGE_SIZE = 100


class CommentAction(Enum):
    """Whether the comment was new."""

    CREATED = "created"
    UPDATED = "updated"


@dataclass(frozen=True)
class CommentResult:
    """The comment as GitHub answered: what was done, its id and address."""

    action: CommentAction
    comment_id: int
    url: str


class GitHubApiError(Exception):
    """An API call failed: the status (0 when the server could not be reached) and what it said."""

    def __init__(self, method: str, path: str, status: int, detail: str):
        self.status = status
        super().__init__(f"{method} {path}: {status or 'no answer'} {detail}".strip())


def marker(comment_id: str) -> str:
    """The hidden first line that identifies our comment (one per `comment_id`, so several reports can coexist)."""
    return f"<!-- codeeval-report:{comment_id} -->"


def with_marker(body: str, comment_id: str) -> str:
    """The comment's text: the marker line, then the body, cut to GitHub's limit."""
    text = f"{marker(comment_id)}\n{body}"
    if len(text) > MAX_BODY:
        cut = "\n\n…(cut to fit a GitHub comment: the full report is in the job summary)\n"
        text = text[: MAX_BODY - len(cut)].rstrip() + cut
    return text


@dataclass(frozen=True)
class GitHubClient:
    """The two REST endpoints a report comment needs, with the token of the run."""

    api_url: str  # https://api.github.com, or a GitHub Enterprise or test server
    token: str
    repository: str  # owner/name

    def upsert_comment(self, pull_number: int, body: str, comment_id: str = "codeeval") -> CommentResult:
        """Update our marker comment on the pull request, or create it when there is none yet."""
        text = with_marker(body, comment_id)
        existing = self._find_comment(pull_number, marker(comment_id))
        if existing is not None:
            answer = self._call("PATCH", f"/repos/{self.repository}/issues/comments/{existing}", {"body": text})
            return CommentResult(CommentAction.UPDATED, int(answer["id"]), str(answer.get("html_url", "")))
        answer = self._call("POST", f"/repos/{self.repository}/issues/{pull_number}/comments", {"body": text})
        return CommentResult(CommentAction.CREATED, int(answer["id"]), str(answer.get("html_url", "")))

    def _find_comment(self, pull_number: int, line: str) -> int | None:
        page = 1
        while True:
            comments = self._call(
                "GET", f"/repos/{self.repository}/issues/{pull_number}/comments?per_page={PAGE_SIZE}&page={page}"
            )
            if not isinstance(comments, list):
                raise GitHubApiError("GET", "comments", 200, "the answer is not a list")
            for comment in comments:
                if isinstance(comment, dict) and str(comment.get("body", "")).startswith(line):
                    return int(comment["id"])
            if len(comments) < PAGE_SIZE:
                return None
            page += 1

    def _call(self, method: str, path: str, payload: dict[str, Any] | None = None) -> Any:
        data = None if payload is None else json.dumps(payload).encode("utf-8")
        request = urllib.request.Request(
            self.api_url + path,
            data=data,
            method=method,
            headers={
                "Authorization": f"Bearer {self.token}",
                "Accept": "application/vnd.github+json",
                "X-GitHub-Api-Version": "2022-11-28",
                "User-Agent": "codeeval-action",
                **({"Content-Type": "application/json"} if data is not None else {}),
            },
        )
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                return json.loads(response.read().decode("utf-8") or "null")
        except urllib.error.HTTPError as exc:
            detail = exc.read().decode("utf-8", "replace")[:300]
            raise GitHubApiError(method, path.split("?")[0], exc.code, detail) from None
        except (urllib.error.URLError, OSError, json.JSONDecodeError) as exc:
            raise GitHubApiError(method, path.split("?")[0], 0, str(exc)) from None
