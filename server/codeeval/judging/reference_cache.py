"""The reference's answers to a problem's stored inputs, computed once and kept on disk as JSON.

A problem file keeps a benchmark's extended inputs only (spec/stored_inputs.py);
what the reference returns on each is computed in the sandbox the first time a
run judges them and kept here, keyed by the SHA-256 of codeeval's version (with
a digest of its source), the reference's text and entry point, the inputs'
text, the comparison mode and the reference's limits: an unchanged problem is
never recomputed, a changed one never reuses a stale answer.

Entries are JSON (values in the sandbox's tagged JSON, which decodes to plain
data only: reading an entry never runs code, whoever wrote it), in
`$CODEEVAL_CACHE_DIR/expected` (default ~/.cache/codeeval/expected), each
written to a temporary file and renamed. An unreadable or malformed entry is
recomputed. The answers stay in the evaluator: solutions never see them.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from ..base.version import __version__
from ..sandbox.child.wire import WireError, decode, encode

CACHE_ENV = "CODEEVAL_CACHE_DIR"
FORMAT = 3  # 2: answers carry the reference's time; 3: long float lists packed


def cache_root() -> Path:
    """$CODEEVAL_CACHE_DIR, or ~/.cache/codeeval (XDG_CACHE_HOME respected): results, expected, suites live here."""
    configured = os.environ.get(CACHE_ENV)
    if configured:
        return Path(configured)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "codeeval"


@lru_cache(maxsize=1)
def code_version() -> str:
    """codeeval's version and a digest of its own source: a changed scorer never reuses an old answer or result."""
    package = Path(__file__).resolve().parents[1]  # the whole package, not only this module's folder
    hasher = hashlib.sha256(__version__.encode())
    for path in sorted(package.rglob("*")):
        if path.suffix in (".py", ".json") and "__pycache__" not in path.parts:
            hasher.update(str(path.relative_to(package)).encode())
            hasher.update(path.read_bytes())
    return f"{__version__}+{hasher.hexdigest()[:16]}"


def content_key(*parts: str) -> str:
    """SHA-256 of the parts, each length-prefixed (no two different lists of parts give one key)."""
    hasher = hashlib.sha256()
    for part in parts:
        data = part.encode("utf-8", "surrogatepass")
        hasher.update(len(data).to_bytes(8, "big"))
        hasher.update(data)
    return hasher.hexdigest()


@dataclass(frozen=True)
class StoredAnswer:
    """The reference on one input: it returned `value`, raised `raises`, or failed (`failure`: why; not judged);
    `seconds`: how long it took (EvalPlus's time limit on a solution is a multiple of it)."""

    value: Any = None
    raises: str | None = None
    failure: str | None = None
    seconds: float | None = None

    def to_json(self) -> dict:
        timed = {} if self.seconds is None else {"seconds": self.seconds}
        if self.failure is not None:
            return {"failure": self.failure}
        if self.raises is not None:
            return {"raises": self.raises, **timed}
        return {"value": encode(self.value, packed=True), **timed}

    @classmethod
    def from_json(cls, data: Any) -> StoredAnswer:
        if not isinstance(data, dict):
            raise ValueError("an answer is one of {value}, {raises}, {failure}")
        seconds = data.get("seconds")
        if seconds is not None and (
            not isinstance(seconds, (int, float)) or isinstance(seconds, bool) or not 0 <= seconds < 1e6
        ):
            raise ValueError("an answer's seconds is a number")
        kinds = set(data) - {"seconds"}
        if kinds == {"value"}:
            return cls(value=decode(data["value"]), seconds=seconds)
        if kinds == {"raises"} and isinstance(data["raises"], str):
            return cls(raises=data["raises"], seconds=seconds)
        if kinds == {"failure"} and isinstance(data["failure"], str):
            return cls(failure=data["failure"])
        raise ValueError("an answer is one of {value}, {raises}, {failure}")


class ReferenceCache:
    """Answers by content key, in a folder (default: `expected` under the cache root)."""

    def __init__(self, folder: str | Path | None = None):
        self.folder = Path(folder) if folder is not None else cache_root() / "expected"

    def _path(self, key: str) -> Path:
        return self.folder / key[:2] / f"{key}.json"

    def get(self, key: str) -> list[StoredAnswer] | None:
        try:
            data = json.loads(self._path(key).read_text(encoding="utf-8"))
            if not isinstance(data, dict) or data.get("format") != FORMAT or not isinstance(data.get("answers"), list):
                return None
            return [StoredAnswer.from_json(item) for item in data["answers"]]
        except (OSError, ValueError, WireError, RecursionError):
            return None

    def put(self, key: str, answers: list[StoredAnswer]) -> None:
        path = self._path(key)
        try:
            text = json.dumps({"format": FORMAT, "answers": [a.to_json() for a in answers]}, allow_nan=False)
            path.parent.mkdir(parents=True, exist_ok=True)
            with tempfile.NamedTemporaryFile(
                "w", encoding="utf-8", dir=path.parent, prefix=".tmp-", delete=False
            ) as stream:
                stream.write(text)
            os.replace(stream.name, path)
        except (OSError, ValueError, WireError, RecursionError):
            pass  # a full or read-only disk costs the reuse, never the run
