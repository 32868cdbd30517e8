"""Every Python file of the workspace folders by quality, worst first, with its change since git HEAD:
what the editor's "Files by Quality" view shows, so a user can find the worst files.

Open documents use their current analysis; other files are read from disk and analysed once per
(size, modification time). Only files git reports as modified get their HEAD version analysed; an
unmodified file scores what it scored in HEAD.
"""

from __future__ import annotations

import asyncio
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .analysis import Analysis
from .folders import path_uri, uri_path
from .git_versions import changed_since_head, head_text
from .health import head_analysis

MAX_FILES = 400  # a view of the worst files, not an index: larger workspaces list the first ones found
SKIPPED_DIRS = {"node_modules", "__pycache__", "site-packages", "venv", "build", "dist"}


@dataclass(frozen=True)
class FileQuality:
    """One workspace file's quality now and in git HEAD, for the Files by Quality view."""

    uri: str
    path: str  # relative to its workspace folder
    score: float | None
    head_score: float | None  # None: not in git HEAD
    findings: int

    def to_dict(self) -> dict[str, Any]:
        delta = None if self.score is None or self.head_score is None else round(self.score - self.head_score, 2)
        return {
            "uri": self.uri,
            "path": self.path,
            "score": self.score,
            "headScore": self.head_score,
            "delta": delta,
            "findings": self.findings,
        }


def python_files(folder: Path, limit: int = MAX_FILES) -> list[Path]:
    """The folder's .py files, skipping hidden folders, virtual environments and build output."""
    found: list[Path] = []
    for root, dirs, files in os.walk(folder):
        dirs[:] = sorted(d for d in dirs if not d.startswith(".") and d not in SKIPPED_DIRS)
        for name in sorted(files):
            if name.endswith(".py"):
                found.append(Path(root) / name)
                if len(found) >= limit:
                    return found
    return found


async def workspace_quality(server) -> list[FileQuality]:
    """The quality of each Python file in the workspace folders, now and in git HEAD."""
    loop = asyncio.get_running_loop()
    out: list[FileQuality] = []
    for folder_uri in server.folder_uris():
        folder = uri_path(folder_uri)
        if folder is None:
            continue
        files = await loop.run_in_executor(server.io, python_files, folder)
        changed = await loop.run_in_executor(server.io, changed_since_head, folder)
        for path in files:
            uri = path_uri(path)
            analysis = await _analysis_of(server, uri, path)
            if analysis is None:
                continue
            head = analysis.score
            if changed is None or path in changed[1]:
                head = None
            elif path in changed[0]:
                text = await loop.run_in_executor(server.io, head_text, path)
                head = None if text is None else (await head_analysis(server, uri, text)).score
            out.append(
                FileQuality(
                    uri=uri,
                    path=str(path.relative_to(folder)),
                    score=analysis.score,
                    head_score=head,
                    findings=len(analysis.findings),
                )
            )
    out.sort(key=lambda f: (f.score if f.score is not None else 101.0, f.path))
    return out


async def _analysis_of(server, uri: str, path: Path) -> Analysis | None:
    state = server.state.get(uri)
    if state is not None and state.analysis is not None:
        return state.analysis
    try:
        stat = path.stat()
    except OSError:
        return None
    key = (str(path), stat.st_size, stat.st_mtime_ns)
    cached = server.state.file_analyses.get(key)
    if cached is not None:
        return cached
    loop = asyncio.get_running_loop()
    try:
        text = await loop.run_in_executor(server.io, path.read_text, "utf-8")
    except (OSError, UnicodeDecodeError):
        return None
    settings = server.settings_for(uri).quality_settings()
    analysis = await asyncio.wrap_future(server.pool.analyze(text, str(path), settings))
    server.state.file_analyses[key] = analysis
    return analysis
