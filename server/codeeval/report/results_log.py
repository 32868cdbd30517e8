"""The results log of a run (`results.jsonl`): one line per solution, written the moment it finishes.

Each line is flushed to the operating system before the next evaluation's
result is handled, so a run killed at any point (even with SIGKILL) keeps
every result it finished; at worst the last line is cut short, and reading
skips it with a warning.
"""

from __future__ import annotations

import json
import os
import threading
from pathlib import Path

from .standings import ResultRow

LOG_NAME = "results.jsonl"


class ResultsLog:
    """Appends rows to a JSONL file, one complete line per write."""

    def __init__(self, path: str | Path, fresh: bool = True):
        self.path = Path(path)
        self._lock = threading.Lock()
        flags = os.O_WRONLY | os.O_CREAT | os.O_APPEND | (os.O_TRUNC if fresh else 0)
        self._fd = os.open(self.path, flags, 0o644)

    def append(self, row: ResultRow) -> None:
        line = (json.dumps(row.to_dict(), ensure_ascii=False) + "\n").encode("utf-8")
        with self._lock:
            view = memoryview(line)
            while view:
                view = view[os.write(self._fd, view) :]

    def close(self) -> None:
        with self._lock:
            if self._fd >= 0:
                os.close(self._fd)
                self._fd = -1

    def __enter__(self) -> ResultsLog:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()


def read_results_log(path: str | Path) -> tuple[list[ResultRow], list[str]]:
    """The rows of a log, and a warning (file:line) for each line that is not a complete row."""
    rows: list[ResultRow] = []
    warnings: list[str] = []
    with open(path, encoding="utf-8", errors="replace") as stream:
        for number, line in enumerate(stream, start=1):
            if not line.strip():
                continue
            try:
                rows.append(ResultRow.from_dict(json.loads(line)))
            except ValueError as exc:  # json.JSONDecodeError is one
                cut = "" if line.endswith("\n") else " (cut short: the run was stopped while writing it)"
                warnings.append(f"{path}:{number}: not a result row{cut}: {str(exc)[:200]}; line ignored")
    return rows, warnings
