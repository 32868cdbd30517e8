"""Who decides, when nobody says: the repository's `git config user.name`, else the login name."""

from __future__ import annotations

import getpass
import subprocess
from pathlib import Path

FALLBACK = "reviewer"  # no git name and no login name (a container without a user entry)


def reviewer_name(folder: Path | None = None) -> str:
    """`git config user.name` in `folder` (or the working folder), else the login name."""
    try:
        done = subprocess.run(
            ["git", "config", "user.name"],
            cwd=folder if folder is not None and folder.is_dir() else None,
            capture_output=True,
            text=True,
            timeout=5,
            check=False,
        )
        name = done.stdout.strip() if done.returncode == 0 else ""
    except (OSError, subprocess.SubprocessError):
        name = ""
    return name or _login() or FALLBACK


def _login() -> str:
    try:
        return getpass.getuser()
    except (OSError, KeyError):  # no USER variable and no password entry for the uid
        return ""
