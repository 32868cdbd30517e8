"""Reading the files `codeeval check` is given: folders expanded, encodings honoured, binaries refused.

A file that cannot be checked yields a `FileResult` with an `error` saying
why (missing, unreadable, binary, not text in its declared encoding, does not
parse), never an exception.
"""

from __future__ import annotations

import io
import os
import tokenize
from dataclasses import dataclass, field
from pathlib import Path

from ..quality.quality_report import QualityReport

SKIPPED_FOLDERS = {"__pycache__", "node_modules", "venv", "build", "dist", "site-packages"}
MAX_BYTES = 20 * 1024 * 1024


@dataclass(frozen=True)
class Dismissal:
    """Who dismissed a finding of a checked file, why, and the decision file's line that says so
    (check_decisions.py)."""

    reviewer: str
    reason: str
    source: str  # `codeeval-decisions.jsonl:12`

    def describe(self) -> str:
        return f"dismissed by {self.reviewer}: {self.reason}"


@dataclass
class FileResult:
    """One file given to `codeeval check`: its report, or why it could not be checked."""

    path: Path  # as found on disk
    display: str  # as shown to the user: relative to the working folder where possible
    report: QualityReport | None = None
    error: str = ""  # why the file could not be checked ("" when it was)
    error_line: int | None = None
    error_column: int | None = None  # 0-based character column
    sha256: str = ""  # of the text checked: what people's decisions on its findings are keyed by
    dismissed: dict[str, Dismissal] = field(default_factory=dict)  # finding fingerprint -> who dismissed it, why

    @property
    def bad(self) -> bool:
        """Could not be read or parsed: the command exits 2 for it."""
        return bool(self.error)


def expand(paths: list[str]) -> list[Path]:
    """Files as given, and the `.py` files under folders (hidden and tool folders skipped), in order."""
    found: list[Path] = []
    for given in paths:
        path = Path(given)
        if path.is_dir():
            found.extend(_python_files(path))
        else:
            found.append(path)
    return list(dict.fromkeys(found))


def _python_files(folder: Path) -> list[Path]:
    files: list[Path] = []
    for root, folders, names in os.walk(folder):
        folders[:] = sorted(name for name in folders if not name.startswith(".") and name not in SKIPPED_FOLDERS)
        files.extend(Path(root) / name for name in sorted(names) if name.endswith(".py"))
    return files


def display_path(path: Path) -> str:
    """The path relative to the working folder when it is inside it, as given otherwise."""
    try:
        return path.resolve().relative_to(Path.cwd().resolve()).as_posix()
    except ValueError:
        return path.as_posix()


def read_source(path: Path) -> tuple[str | None, str]:
    """(text, "") or (None, why it cannot be checked)."""
    try:
        if path.stat().st_size > MAX_BYTES:
            return None, f"too large to check ({path.stat().st_size // (1024 * 1024)} MiB; the limit is 20 MiB)"
        data = path.read_bytes()
    except FileNotFoundError:
        return None, "no such file"
    except IsADirectoryError:
        return None, "is a folder"
    except OSError as exc:
        return None, f"cannot read: {exc.strerror or exc}"
    if b"\0" in data:
        return None, "not a text file (it contains NUL bytes)"
    try:
        encoding, _ = tokenize.detect_encoding(io.BytesIO(data).readline)  # PEP 263 coding cookies, BOM
        text = data.decode(encoding)
    except (SyntaxError, LookupError, UnicodeDecodeError) as exc:
        return None, f"not readable as Python source text: {exc}"
    return text.removeprefix("\ufeff"), ""
