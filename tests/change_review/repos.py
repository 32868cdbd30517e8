"""Real git repositories for the review's tests: a base commit, then a working tree with changes."""

from __future__ import annotations

import subprocess
from pathlib import Path

GIT_IDENTITY = ("-c", "user.email=review@example.com", "-c", "user.name=review")


def git(root: Path, *args: str) -> str:
    return subprocess.run(
        ["git", *GIT_IDENTITY, "-C", str(root), *args], check=True, capture_output=True, text=True
    ).stdout


def write(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


def make_repo(root: Path, base: dict[str, str], working: dict[str, str]) -> Path:
    """`base` committed as the first commit, then `working` written over it (not committed)."""
    root.mkdir(parents=True, exist_ok=True)
    git(root, "init", "-q")
    write(root, base)
    git(root, "add", "-A")
    git(root, "commit", "-q", "-m", "base")
    write(root, working)
    return root
