"""The few git operations CI needs: fetch a commit, check out another revision beside the workspace, and
which lines a change touched."""

from __future__ import annotations

import os
import re
import subprocess
from collections import defaultdict
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path

from ..base.errors import CodeevalError

_HUNK = re.compile(r"^@@ -\d+(?:,\d+)? \+(\d+)(?:,(\d+))? @@")


class GitError(CodeevalError):
    """A git command failed; the message has git's own words."""


def git(
    repo: Path, *args: str, check: bool = True, input_text: str | None = None, env: Mapping[str, str] | None = None
) -> str:
    """Run git in `repo` and return its standard output; `env` adds variables (an author, say)."""
    done = subprocess.run(
        ["git", "-C", str(repo), *args],
        capture_output=True,
        text=True,
        input=input_text,
        timeout=600,
        env={**os.environ, **env} if env else None,
    )
    if check and done.returncode != 0:
        raise GitError(f"git {' '.join(args)}: {done.stderr.strip() or f'exit {done.returncode}'}", str(repo))
    return done.stdout


def has_commit(repo: Path, sha: str) -> bool:
    """Whether the repository has this commit (a shallow clone may not)."""
    return (
        subprocess.run(
            ["git", "-C", str(repo), "cat-file", "-e", f"{sha}^{{commit}}"], capture_output=True, timeout=60
        ).returncode
        == 0
    )


def ensure_commit(repo: Path, sha: str) -> None:
    """Fetch `sha` from origin when a shallow checkout (actions/checkout's default) does not have it."""
    if not has_commit(repo, sha):
        git(repo, "fetch", "--no-tags", "--depth=1", "origin", sha)


@contextmanager
def checkout_beside(repo: Path, sha: str, folder: Path) -> Iterator[Path]:
    """`sha` checked out in `folder` (a detached worktree sharing the repository), removed afterwards."""
    ensure_commit(repo, sha)
    git(repo, "worktree", "add", "--detach", "--force", str(folder), sha)
    try:
        yield folder
    finally:
        git(repo, "worktree", "remove", "--force", str(folder), check=False)


ChangedLines = dict[str, set[int]]  # repository-relative path -> line numbers in the new version


def changed_lines(repo: Path, base: str, head: str = "HEAD") -> ChangedLines:
    """The lines added or modified from `base` to `head`, per file (deleted lines have no new line to mark)."""
    ensure_commit(repo, base)
    diff = git(
        repo,
        "-c",
        "core.quotePath=false",
        "diff",
        "--unified=0",
        "--no-color",
        "--no-ext-diff",
        "--no-renames",
        base,
        head,
    )
    return parse_unified_diff(diff)


def parse_unified_diff(diff: str) -> ChangedLines:
    """Added and modified line numbers per file, from `git diff --unified=0` output."""
    lines: ChangedLines = defaultdict(set)
    path: str | None = None
    for line in diff.splitlines():
        if line.startswith("+++ "):
            target = line[4:]
            path = target[2:] if target.startswith("b/") else None  # /dev/null: the file was deleted
        elif line.startswith("@@") and path is not None:
            match = _HUNK.match(line)
            if match:
                start, count = int(match.group(1)), int(match.group(2) or "1")
                lines[path].update(range(start, start + count))
    return dict(lines)
