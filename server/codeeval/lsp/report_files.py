"""Where an editor's evaluation reports live on disk, and reading the last one back after a restart."""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from pathlib import Path

from .command_replies import LastResult
from .folders import path_uri, uri_path, uri_stem

REPORTS_DIR = Path(".codeeval") / "reports"


def report_dir(base: Path | None) -> Path:
    """Where reports are written: under the workspace folder, or a private temporary folder without one."""
    if base is not None:
        return base / REPORTS_DIR
    # A scratch buffer in a window with no folder: somewhere private and writable.
    return Path(tempfile.gettempdir()) / f"codeeval-{os.getuid()}" / "reports"


def report_label(uri: str, base: Path | None) -> str:
    """The solution's name in reports: its path in the workspace folder, else its full path."""
    path = uri_path(uri)
    if path is None:
        return f"{uri_stem(uri)}.py"
    if base is not None:
        try:
            return str(path.relative_to(base))
        except ValueError:
            pass
    return str(path)


def report_stem(label: str) -> str:
    """Where a file's reports go under the reports folder: its path in the workspace (so a/x.py and b/x.py
    keep separate reports), or for a file outside it the name plus a short hash of the full path."""
    path = Path(label)
    if not path.is_absolute() and ".." not in path.parts:
        return str(path.with_suffix(""))
    return f"{path.stem}-{hashlib.sha1(label.encode()).hexdigest()[:8]}"


def saved_summary(base: Path | None, label: str) -> LastResult | None:
    """`{score, problem, reportUri}` of the reports an earlier server wrote for `label`, if both are there."""
    stem = report_stem(label)
    json_path, report_path = report_dir(base) / f"{stem}.json", report_dir(base) / f"{stem}.md"
    try:
        saved = json.loads(json_path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    score = saved.get("score") if isinstance(saved, dict) else None
    if not isinstance(score, (int, float)) or not report_path.is_file():
        return None
    problem = saved.get("problem")
    return LastResult(
        score=round(float(score), 2),
        problem=problem if isinstance(problem, str) else None,
        report_uri=path_uri(report_path),
    )
