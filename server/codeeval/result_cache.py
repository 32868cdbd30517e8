"""A content-addressed cache of results: an unchanged (solution, problem, settings, codeeval) is never rerun.

The key is the SHA-256 of the solution's text, the problem file's bytes, every
setting that can change a result (weights, limits, skipped dimensions, tests
tier, deterministic mode, judge) and codeeval's version with a digest of its
own source files (so a changed scorer, released or not, never reuses a result). A result is stored the
moment it finishes, before the run writes it, so a run that was killed and is
started again finds everything it finished (and the results log, written anew,
holds each solution once). Internal errors are never stored: they are retried.

Entries are pickled `EvaluationResult`s in a folder only codeeval writes
(default ~/.cache/codeeval/results, or $CODEEVAL_CACHE_DIR/results); each is written to
a temporary file and renamed, so a reader never sees half an entry.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import os
import pickle
import tempfile
from pathlib import Path

from .evaluation_options import EvaluationOptions
from .result import EvaluationResult, EvaluationStatus
from .spec import Problem
from .version import __version__

CACHE_ENV = "CODEEVAL_CACHE_DIR"


def default_cache_dir() -> Path:
    configured = os.environ.get(CACHE_ENV)
    if configured:
        return Path(configured) / "results"  # beside the frozen suites ($CODEEVAL_CACHE_DIR/suites)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "codeeval" / "results"


def code_version() -> str:
    """codeeval's version and a digest of its own source: a changed scorer never reuses an old result."""
    package = Path(__file__).resolve().parent
    hasher = hashlib.sha256(__version__.encode())
    for path in sorted(package.rglob("*")):
        if path.suffix in (".py", ".json") and "__pycache__" not in path.parts:
            hasher.update(str(path.relative_to(package)).encode())
            hasher.update(path.read_bytes())
    return f"{__version__}+{hasher.hexdigest()[:16]}"


def settings_text(options: EvaluationOptions) -> str:
    """The options that can change a result, as stable text (the launcher and other live objects are not)."""
    judge = options.extra.get("judge")
    return json.dumps({"weights": options.weights, "time_per_call_s": options.time_per_call_s,
                       "memory_mb": options.memory_mb, "skip": sorted(options.skip),
                       "deterministic": options.deterministic, "tests": options.tests.value,
                       "require_isolation": options.require_isolation,
                       "judge": [judge.url, judge.model] if judge is not None else None}, sort_keys=True)


class ResultCache:
    """Results by content key, in a folder."""

    def __init__(self, folder: str | Path, options: EvaluationOptions):
        self.folder = Path(folder)
        self.settings = settings_text(options)
        self.version = code_version()
        self._problem_digests: dict[int, str] = {}

    def problem_digest(self, problem: Problem) -> str:
        digest = self._problem_digests.get(id(problem))
        if digest is None:
            content = Path(problem.path).read_bytes() if problem.path else repr(problem).encode("utf-8")
            digest = hashlib.sha256(content).hexdigest()
            self._problem_digests[id(problem)] = digest
        return digest

    def key(self, source: str, problem: Problem) -> str:
        hasher = hashlib.sha256()
        for part in (self.version, self.settings, self.problem_digest(problem), source):
            data = part.encode("utf-8", "surrogatepass")
            hasher.update(len(data).to_bytes(8, "big"))
            hasher.update(data)
        return hasher.hexdigest()

    def _path(self, key: str) -> Path:
        return self.folder / key[:2] / f"{key}.pickle"

    def get(self, key: str, label: str) -> EvaluationResult | None:
        """The stored result relabelled for this solution, or None (also for an unreadable entry)."""
        try:
            with self._path(key).open("rb") as stream:
                result = pickle.load(stream)
        except (OSError, pickle.UnpicklingError, EOFError, AttributeError, ImportError, TypeError, ValueError):
            return None
        if not isinstance(result, EvaluationResult):
            return None
        return relabel(result, label)

    def put(self, key: str, result: EvaluationResult) -> None:
        if result.status is not EvaluationStatus.OK:
            return
        path = self._path(key)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            with tempfile.NamedTemporaryFile(dir=path.parent, prefix=".tmp-", delete=False) as stream:
                pickle.dump(result, stream, protocol=pickle.HIGHEST_PROTOCOL)
            os.replace(stream.name, path)
        except OSError:
            pass  # a full or read-only disk costs the reuse, never the run


def relabel(result: EvaluationResult, label: str) -> EvaluationResult:
    """A result computed for one solution label, shown under another (the same text from another model)."""
    old = result.solution
    if old == label:
        return result
    errors = [label + error[len(old):] if error.startswith(old) else error for error in result.errors]
    return dataclasses.replace(result, solution=label, errors=errors)
