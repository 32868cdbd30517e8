"""People's decisions as the editor keeps them: which decision file a document's decisions live in, and that
file read once per change (its size and modification time), a malformed one reported once and ignored.

The file is the nearest `codeeval-decisions.jsonl` from the document's problem file (if it has one), else from
the document's folder, up to the repository's root; with none, new decisions go to
`<workspace folder>/codeeval-decisions.jsonl`. No LSP types here: the io threads call it.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from pathlib import Path

from ..base.calibration import NO_CALIBRATION, Calibration
from ..decisions.decision import DecisionFileError
from ..decisions.reviewer_name import reviewer_name
from ..decisions.rule_calibration import calibration_of
from ..decisions.store import EMPTY_LOG, FILE_NAME, DecisionLog, find_decision_file, read_decisions

NO_PROBLEM = "none"  # a decision's `problem` for a document without one (as `codeeval decide` writes it)

_Stamp = tuple[int, int]  # (mtime_ns, size); (0, -1): no file


@dataclass(frozen=True)
class DecisionPlace:
    """Where one document's decisions are kept and what they are keyed by besides the text's hash."""

    path: Path  # the decision file (it may not exist yet)
    problem: str  # the document's problem name, or "none"
    solution: str  # the document's path in its workspace folder (a decision's `solution`)


@dataclass(frozen=True)
class DocumentDecisions:
    """A document's place and the decisions of its file (empty when the file is malformed: `error` says why)."""

    place: DecisionPlace
    log: DecisionLog = EMPTY_LOG
    calibration: Calibration = NO_CALIBRATION
    error: str = ""  # "file:line: what is wrong"


def decision_file_for(problem_path: str | None, document: Path | None, base: Path | None) -> Path:
    """The decision file a document's decisions go to (see the module's docstring)."""
    starts = [Path(problem_path).parent] if problem_path else []
    starts += [document.parent] if document is not None else []
    for start in starts:
        if start.is_dir():
            found = find_decision_file(start)
            if found is not None:
                return found
    home = base or (document.parent if document is not None else Path.cwd())
    return home / FILE_NAME


@dataclass
class DecisionLogs:
    """Decision files read once per change, shared by the io and evaluation threads."""

    _cache: dict[Path, tuple[_Stamp, DocumentDecisions]] = field(default_factory=dict)
    _reported: set[tuple[Path, _Stamp]] = field(default_factory=set)
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def read(self, place: DecisionPlace) -> DocumentDecisions:
        """The file's decisions now: from the cache while the file is unchanged."""
        stamp = _stamp(place.path)
        with self._lock:
            cached = self._cache.get(place.path)
        if cached is not None and cached[0] == stamp:
            return DocumentDecisions(place, cached[1].log, cached[1].calibration, cached[1].error)
        try:
            log = read_decisions(place.path)
            read = DocumentDecisions(place, log, calibration_of(log))
        except DecisionFileError as exc:
            read = DocumentDecisions(place, error=exc.location_message())
        except OSError as exc:
            read = DocumentDecisions(place, error=f"{place.path}: cannot read it: {exc.strerror}")
        with self._lock:
            self._cache[place.path] = (stamp, read)
        return read

    def first_report(self, decisions: DocumentDecisions) -> bool:
        """Whether this error of this version of the file is new (each is shown to the user once)."""
        key = (decisions.place.path, _stamp(decisions.place.path))
        with self._lock:
            if key in self._reported:
                return False
            self._reported.add(key)
            return True

    def forget(self, path: Path) -> None:
        """Read the file again next time (it was just written: its mtime may not have moved)."""
        with self._lock:
            self._cache.pop(path, None)


def _stamp(path: Path) -> _Stamp:
    try:
        stat = path.stat()
    except OSError:
        return (0, -1)
    return (stat.st_mtime_ns, stat.st_size)


_reviewers: dict[str, str] = {}


def default_reviewer(folder: Path | None) -> str:
    """Who decides when the client does not say (decisions/reviewer_name.py), once per folder."""
    key = str(folder)
    if key not in _reviewers:
        _reviewers[key] = reviewer_name(folder)
    return _reviewers[key]
