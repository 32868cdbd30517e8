"""What a killed evaluator leaves behind (working directories, staging copies, empty cgroups), swept later.

Everything the sandbox creates carries the creating evaluator's pid in its
name (`codeeval-<pid>-...`), so a later evaluator removes only what belongs to
a process that no longer exists, and only what its own uid owns.
"""

from __future__ import annotations

import os
import re
import shutil
import tempfile
from pathlib import Path

NAME = re.compile(r"^codeeval-(?:worker-)?(\d+)-")


def _gone(pid: int) -> bool:
    return pid != os.getpid() and not os.path.exists(f"/proc/{pid}")


def _stale(entry: Path) -> bool:
    match = NAME.match(entry.name)
    return match is not None and _gone(int(match.group(1)))


def sweep(cgroup_dirs: list | None = None) -> int:
    """Remove stale leftovers; returns how many. Never raises."""
    removed = 0
    try:
        entries = list(Path(tempfile.gettempdir()).iterdir())
    except OSError:
        entries = []
    for entry in entries:
        try:
            if _stale(entry) and entry.is_dir() and not entry.is_symlink() and entry.stat().st_uid == os.geteuid():
                shutil.rmtree(entry, ignore_errors=True)
                removed += 1
        except OSError:
            continue
    for base in cgroup_dirs or []:
        try:
            groups = [g for g in Path(base).iterdir() if g.is_dir() and _stale(g)]
        except OSError:
            continue
        for group in groups:
            try:
                group.rmdir()  # only succeeds when no process is left inside
                removed += 1
            except OSError:
                continue
    return removed
