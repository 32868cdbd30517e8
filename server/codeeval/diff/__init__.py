"""`codeeval diff`: what changed between two runs, per solution and dimension, and why."""

from .changes import DEFAULT_THRESHOLD, DimensionChange, Direction, RunDiff, SolutionChange, compare
from .markdown import to_markdown
from .records import DimensionRecord, Reason, RunFileError, Snapshot, SnapshotKind, SolutionRecord, load_snapshot

__all__ = ["DEFAULT_THRESHOLD", "DimensionChange", "DimensionRecord", "Direction", "Reason", "RunDiff",
           "RunFileError", "Snapshot", "SnapshotKind", "SolutionChange", "SolutionRecord", "compare",
           "load_snapshot", "to_markdown"]
