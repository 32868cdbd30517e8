"""Finding the problem a solution is for.

In order: a `# codeeval: problem=NAME` comment; a problem file whose name is
the file's stem in the configured problems folders (or, for the bundled
samples' layout `samples/<problem>/<flaw>.py`, the parent folder's name); else
nothing, and the client asks the user to pick from `list_problems`.
NAME may be a problem name, a path (relative to the file's folder or the
workspace folder) or a file URI; `none` means "evaluate without a problem".
"""

from __future__ import annotations

import builtins
import re
import threading
from dataclasses import dataclass
from pathlib import Path

from ..base.errors import CodeevalError
from ..problem import Problem, find_problem_files, load_problem
from .command_replies import ProblemChoice
from .folders import uri_path

NO_PROBLEM = "none"
PROBLEM_COMMENT = re.compile(r"^[ \t]*#[ \t]*codeeval:[ \t]*problem[ \t]*=[ \t]*(\S+)", re.MULTILINE)


NONE_CHOICE = ProblemChoice(NO_PROBLEM, None, "no problem: code quality and robustness only")


@dataclass
class Resolution:
    problem: Problem | None = None
    no_problem: bool = False
    how: str = ""  # how it was found: comment | argument | stem | folder
    message: str = ""  # why nothing was found

    @property
    def found(self) -> bool:
        return self.problem is not None or self.no_problem


def problem_comment(source: str) -> str | None:
    match = PROBLEM_COMMENT.search(source)
    return match.group(1) if match else None


class ProblemIndex:
    """Problem files of some folders, loaded lazily and cached by modification time."""

    def __init__(self) -> None:
        self._cache: dict[Path, tuple[tuple[int, int], Problem | None, str]] = {}
        self._lock = threading.Lock()  # evaluations run in worker threads

    def load(self, path: Path) -> tuple[Problem | None, str]:
        """(problem, error message) for one file; a bad file gives (None, its error)."""
        try:
            stat = path.stat()
        except OSError as exc:
            return None, f"{path}: {exc.strerror}"
        stamp = (stat.st_mtime_ns, stat.st_size)
        with self._lock:
            cached = self._cache.get(path)
            if cached is not None and cached[0] == stamp:
                return cached[1], cached[2]
        try:
            problem, error = load_problem(path), ""
        except CodeevalError as exc:
            problem, error = None, exc.location_message()
        with self._lock:
            self._cache[path] = (stamp, problem, error)
        return problem, error

    def files(self, folders: list[Path]) -> list[Path]:
        out: list[Path] = []
        for folder in folders:
            if folder.exists():
                out += [p for p in find_problem_files(folder) if p not in out]
        return out

    def list(self, folders: list[Path]) -> list[ProblemChoice]:
        """The problems of these folders that load, as choices for the user."""
        infos = []
        for path in self.files(folders):
            problem, _ = self.load(path)
            if problem is not None:
                infos.append(ProblemChoice(problem.name, str(path), problem.summary))
        return infos

    def by_name(self, name: str, folders: builtins.list[Path]) -> Problem | None:  # `list` is a method here
        """A problem whose file stem or `name` is `name` (file stems first: no need to load every file)."""
        files = self.files(folders)
        for path in files:
            if path.stem == name:
                problem, _ = self.load(path)
                if problem is not None:
                    return problem
        for path in files:
            problem, _ = self.load(path)
            if problem is not None and problem.name == name:
                return problem
        return None


def problem_folders(base: Path | None, configured: tuple[str, ...]) -> list[Path]:
    if base is None:
        return [Path(f) for f in configured if Path(f).is_absolute()]
    return [(base / f).resolve() for f in configured]


def resolve(
    index: ProblemIndex,
    *,
    requested: str | None,
    source: str,
    doc_uri: str,
    stem: str,
    base: Path | None,
    folders: list[Path],
) -> Resolution:
    """Find the problem; raises CodeevalError when an explicitly named problem file is invalid."""
    if requested:
        return _named(index, requested, "argument", doc_uri, base, folders)
    named = problem_comment(source)
    if named:
        return _named(index, named, "comment", doc_uri, base, folders)
    problem = index.by_name(stem, folders)
    if problem is not None:
        return Resolution(problem, how="stem")
    doc_path = uri_path(doc_uri)
    if doc_path is not None and doc_path.parent.parent.name == "samples":
        problem = index.by_name(doc_path.parent.name, folders)
        if problem is not None:
            return Resolution(problem, how="folder")
    where = ", ".join(str(f) for f in folders) or "no problems folder"
    return Resolution(message=f"no problem file named {stem}.yaml in {where}")


def _named(
    index: ProblemIndex, name: str, how: str, doc_uri: str, base: Path | None, folders: list[Path]
) -> Resolution:
    if name == NO_PROBLEM:
        return Resolution(no_problem=True, how=how)
    path = _as_path(name, doc_uri, base)
    if path is not None:
        problem, error = index.load(path)
        if problem is None:
            raise CodeevalError(error)
        return Resolution(problem, how=how)
    problem = index.by_name(name, folders)
    if problem is not None:
        return Resolution(problem, how=how)
    where = ", ".join(str(f) for f in folders) or "no problems folder"
    return Resolution(message=f"no problem named {name!r} in {where}")


def _as_path(name: str, doc_uri: str, base: Path | None) -> Path | None:
    """`name` as an existing problem file, when it looks like a path or URI."""
    if name.startswith("file:"):
        return uri_path(name)
    if not (name.endswith((".yaml", ".yml")) or "/" in name):
        return None
    candidate = Path(name).expanduser()
    if candidate.is_absolute():
        return candidate
    doc_path = uri_path(doc_uri)
    for root in ([doc_path.parent] if doc_path else []) + ([base] if base else []):
        if (root / candidate).exists():
            return (root / candidate).resolve()
    return (base / candidate) if base else candidate
