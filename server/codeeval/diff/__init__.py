"""`codeeval diff`: what changed between two runs, per solution and dimension, and why."""

from typing import Any

from .changes import DEFAULT_THRESHOLD, DimensionChange, Direction, RunDiff, SolutionChange, compare
from .records import DimensionRecord, Reason, RunFileError, Snapshot, SnapshotKind, SolutionRecord, load_snapshot


def __getattr__(name: str) -> Any:
    if name == "to_markdown":
        from .markdown import to_markdown  # noqa: PLC0415  (the report package, 0.3 s: not on every command's start)

        return to_markdown
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "DEFAULT_THRESHOLD",
    "DimensionChange",
    "DimensionRecord",
    "Direction",
    "Reason",
    "RunDiff",
    "RunFileError",
    "Snapshot",
    "SnapshotKind",
    "SolutionChange",
    "SolutionRecord",
    "compare",
    "load_snapshot",
    "to_markdown",
]
