"""A content-addressed cache of results: an unchanged (solution, problem, settings, codeeval) is never rerun.

The key is the SHA-256 of the solution's text, the problem file's bytes, every
setting that can change a result (weights, limits, skipped dimensions, tests
tier, deterministic mode, judge) and codeeval's version with a digest of its
own source files (so a changed scorer, released or not, never reuses a result). A result is stored the
moment it finishes, before the run writes it, so a run that was killed and is
started again finds everything it finished (and the results log, written anew,
holds each solution once). Internal errors are never stored: they are retried.

Entries are JSON (result_json.py: reading one builds codeeval's result types
and plain data, never runs code, so a cache folder someone else can write costs
at most a wrong result), in ~/.cache/codeeval/results or
$CODEEVAL_CACHE_DIR/results; each is written to a temporary file and renamed,
so a reader never sees half an entry. Entries of earlier releases (pickles)
are ignored, never loaded.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import os
import tempfile
from pathlib import Path

from ..engine.evaluation_options import EvaluationOptions
from ..judging.reference_cache import cache_root, code_version, content_key
from ..problem import Problem
from ..results import result_json
from ..results.result import EvaluationResult, EvaluationStatus


def default_cache_dir() -> Path:
    return cache_root() / "results"  # beside the reference's answers (expected) and the frozen suites (suites)


def settings_text(options: EvaluationOptions) -> str:
    """The options that can change a result, as stable text (the launcher and other live objects are not)."""
    judge = options.extra.get("judge")
    return json.dumps(
        {
            "weights": options.weights,
            "time_per_call_s": options.time_per_call_s,
            "memory_mb": options.memory_mb,
            "skip": sorted(options.skip),
            "deterministic": options.deterministic,
            "tests": options.tests.value,
            "require_isolation": options.require_isolation,
            "judge": [judge.url, judge.model] if judge is not None else None,
            "calibration": options.calibration.digest_text(),  # people's decisions move findings' confidence
        },
        sort_keys=True,
    )


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
        return content_key(self.version, self.settings, self.problem_digest(problem), source)

    def _path(self, key: str) -> Path:
        return self.folder / key[:2] / f"{key}.json"

    def get(self, key: str, label: str) -> EvaluationResult | None:
        """The stored result relabelled for this solution, or None (also for an unreadable entry)."""
        try:
            result = result_json.loads(self._path(key).read_text(encoding="utf-8"))
        except (
            OSError,
            UnicodeDecodeError,
            ValueError,
            TypeError,
            AttributeError,
            ImportError,
            IndexError,
            RecursionError,
        ):
            return None
        if not isinstance(result, EvaluationResult):
            return None
        return relabel(result, label)

    def put(self, key: str, result: EvaluationResult) -> None:
        if result.status is not EvaluationStatus.OK:
            return
        path = self._path(key)
        try:
            text = result_json.dumps(result)
        except (ValueError, RecursionError):
            return  # a value the cache cannot write faithfully: this result is evaluated again next time
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            with tempfile.NamedTemporaryFile(
                "w", encoding="utf-8", dir=path.parent, prefix=".tmp-", delete=False
            ) as stream:
                stream.write(text)
            os.replace(stream.name, path)
        except OSError:
            pass  # a full or read-only disk costs the reuse, never the run


def relabel(result: EvaluationResult, label: str) -> EvaluationResult:
    """A result computed for one solution label, shown under another (the same text from another model)."""
    old = result.solution
    if old == label:
        return result
    errors = [label + error[len(old) :] if error.startswith(old) else error for error in result.errors]
    return dataclasses.replace(result, solution=label, errors=errors)
