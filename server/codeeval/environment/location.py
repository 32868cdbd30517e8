"""Where environments live: one folder per key, readable by every worker uid."""

from __future__ import annotations

import os
from pathlib import Path

from ..base.errors import CodeevalError

ENV_DIR_VARIABLE = "CODEEVAL_ENV_DIR"  # overrides where environments are kept (tests, a shared disk)
SYSTEM_ROOT = Path("/var/cache/codeeval/envs")  # as root: the workers' uids can read it, unlike /root
HIDDEN_BY_SANDBOX = Path("/tmp")  # bubblewrap mounts a fresh /tmp (the worker's working folder) over it


def environments_root() -> Path:
    override = os.environ.get(ENV_DIR_VARIABLE)
    if override:
        root = Path(override).resolve()
        if root.is_relative_to(HIDDEN_BY_SANDBOX):
            raise CodeevalError(
                f"${ENV_DIR_VARIABLE} is under {HIDDEN_BY_SANDBOX}, which the sandbox replaces with its own: "
                "the workers would not see the environment (choose another folder)",
                str(root),
            )
        return root
    return SYSTEM_ROOT if os.geteuid() == 0 else Path.home() / ".cache" / "codeeval" / "envs"


def make_readable_root(root: Path) -> None:
    """Create `root` and open it and its new parents to everyone (read and search): workers run as other uids."""
    missing = []
    folder = root
    while not folder.exists():
        missing.append(folder)
        folder = folder.parent
    root.mkdir(parents=True, exist_ok=True)
    for created in missing:
        os.chmod(created, 0o755)
