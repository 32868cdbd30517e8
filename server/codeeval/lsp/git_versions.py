"""What git says about a file: its text in HEAD, and which files of a folder differ from HEAD.

Plain `git` commands in a subprocess, each with a timeout; anything that goes wrong (no git, not a
repository, a file git does not track) reads as "no HEAD version", never as an error.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

GIT_TIMEOUT_S = 10


def _git(folder: Path, *args: str) -> str | None:
    try:
        done = subprocess.run(
            ["git", "-C", str(folder), *args], capture_output=True, timeout=GIT_TIMEOUT_S, check=False
        )
    except (OSError, subprocess.TimeoutExpired):
        return None
    if done.returncode != 0:
        return None
    return done.stdout.decode("utf-8", errors="replace")


def head_text(path: Path) -> str | None:
    """The file's text in HEAD of the repository holding it; None if git has no HEAD version of it."""
    return _git(path.parent, "show", f"HEAD:./{path.name}")


def changed_since_head(folder: Path) -> tuple[set[Path], set[Path]] | None:
    """(files modified since HEAD, files git does not track) under `folder`; None outside a repository."""
    top = _git(folder, "rev-parse", "--show-toplevel")
    status = _git(folder, "status", "--porcelain", "-z", "--untracked-files=all", "--", ".")
    if top is None or status is None:
        return None
    root = Path(top.strip())
    modified: set[Path] = set()
    untracked: set[Path] = set()
    entries = iter(status.split("\0"))
    for entry in entries:
        if len(entry) < 4:
            continue
        code, name = entry[:2], entry[3:]
        if code.startswith(("R", "C")):
            next(entries, None)  # a rename's second path is the old name
        (untracked if code == "??" else modified).add(root / name)
    return modified, untracked
