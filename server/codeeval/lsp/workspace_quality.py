"""Every Python file of the workspace folders by quality, worst first, with its change since git HEAD:
what the editor's "Files by Quality" view shows, so a user can find the worst files.

Open documents use their current analysis; other files are read from disk and analysed once per
(size, modification time). Only files git reports as modified get their HEAD version analysed; an
unmodified file scores what it scored in HEAD.
"""

from __future__ import annotations

import asyncio
import os
from pathlib import Path

from .analysis import Analysis
from .command_replies import FileQuality
from .folders import path_uri, uri_path
from .git_versions import changed_since_head, head_text
from .health import head_analysis
from .server_host import ServerHost

MAX_FILES = 400  # a view of the worst files, not an index: larger workspaces list the first ones found
SKIPPED_DIRS = {"node_modules", "__pycache__", "site-packages", "venv", "build", "dist"}


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


async def workspace_quality(server: ServerHost) -> list[FileQuality]:
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
            out.append(file_quality(uri, str(path.relative_to(folder)), analysis, head))
    out.sort(key=lambda f: (f.score if f.score is not None else 101.0, f.path))
    return out


def file_quality(uri: str, path: str, analysis: Analysis, head_score: float | None) -> FileQuality:
    """A file's row in the view: its score now, in HEAD (None: not there), and the change, rounded."""
    score = analysis.score
    delta = None if score is None or head_score is None else round(score - head_score, 2)
    return FileQuality(uri, path, score, head_score, delta, findings=len(analysis.findings))


async def _analysis_of(server: ServerHost, uri: str, path: Path) -> Analysis | None:
    """The file's current analysis: the open document's, or the file on disk's (cached by size and time)."""
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
