"""Comparing two runs: per solution and dimension, what went up or down, and the reasons that appeared or went.

Solutions are paired by (problem, solution label); two single results are
paired with each other whatever their names, since the user chose them. A
change smaller than `threshold` points (on the 0-100 scale) is noise, not a
change: timing-based scores move a little between runs.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from enum import Enum

from .records import DimensionRecord, Reason, Snapshot, SnapshotKind, SolutionRecord

DEFAULT_THRESHOLD = 0.5


class Direction(Enum):
    """Which way a solution moved."""

    WORSE = "worse"
    BETTER = "better"
    MIXED = "changed"  # dimensions moved, the overall score (almost) did not
    NO_SCORE = "no score"  # codeeval could not evaluate it on one side (an internal error): nothing to compare


@dataclass(frozen=True)
class DimensionChange:
    """One dimension of one solution that moved by at least the threshold, with the reasons that changed."""

    name: str
    old: DimensionRecord | None  # None: the dimension is absent from that run
    new: DimensionRecord | None
    appeared: tuple[Reason, ...]  # points lost now that were not lost before, the costliest first
    resolved: tuple[Reason, ...]  # points lost before that are not lost any more
    details_known: bool  # both sides had their reasons (the per-solution reports were found)

    @property
    def delta(self) -> float | None:
        """New minus old dimension score; None when either side is not applicable."""
        if self.old is None or self.new is None or self.old.score is None or self.new.score is None:
            return None
        return self.new.score - self.old.score


@dataclass(frozen=True)
class SolutionChange:
    """A solution whose score, a dimension or its errors changed."""

    old: SolutionRecord
    new: SolutionRecord
    direction: Direction
    dimensions: tuple[DimensionChange, ...]  # only the dimensions that changed
    new_errors: tuple[str, ...]  # errors (did not load, ...) the new run has and the old did not

    @property
    def delta(self) -> float:
        """New minus old overall score."""
        return self.new.score - self.old.score


@dataclass(frozen=True)
class RunDiff:
    """Everything that changed between two runs, and what stayed."""

    old: Snapshot
    new: Snapshot
    changes: tuple[SolutionChange, ...]  # the worst change first
    added: tuple[SolutionRecord, ...]
    removed: tuple[SolutionRecord, ...]
    unchanged: int
    threshold: float

    def count(self, direction: Direction) -> int:
        """How many solutions moved this way."""
        return sum(change.direction is direction for change in self.changes)

    @property
    def regressions(self) -> tuple[SolutionChange, ...]:
        """The solutions that got worse."""
        return tuple(change for change in self.changes if change.direction is Direction.WORSE)


def compare(old: Snapshot, new: Snapshot, threshold: float = DEFAULT_THRESHOLD) -> RunDiff:
    """What changed from `old` to `new`."""
    pairs, added, removed = _pair(old, new)
    changes = []
    unchanged = 0
    for before, after in pairs:
        change = _solution_change(before, after, threshold)
        if change is None:
            unchanged += 1
        else:
            changes.append(change)
    changes.sort(key=lambda change: (change.delta, change.new.problem, change.new.solution))
    return RunDiff(old, new, tuple(changes), tuple(added), tuple(removed), unchanged, threshold)


def _pair(
    old: Snapshot, new: Snapshot
) -> tuple[list[tuple[SolutionRecord, SolutionRecord]], list[SolutionRecord], list[SolutionRecord]]:
    if old.kind is SnapshotKind.RESULT and new.kind is SnapshotKind.RESULT:
        return [(old.solutions[0], new.solutions[0])], [], []
    waiting: dict[tuple[str, str], list[SolutionRecord]] = defaultdict(list)
    for record in old.solutions:
        waiting[record.key].append(record)
    pairs, added = [], []
    for record in new.solutions:
        if waiting.get(record.key):
            pairs.append((waiting[record.key].pop(0), record))
        else:
            added.append(record)
    removed = [record for records in waiting.values() for record in records]
    return pairs, added, removed


def _solution_change(old: SolutionRecord, new: SolutionRecord, threshold: float) -> SolutionChange | None:
    if not (old.has_score and new.has_score):
        if old.status is new.status:
            return None  # an internal error on both sides: no news
        return SolutionChange(old, new, Direction.NO_SCORE, (), () if new.has_score else new.errors)
    dimensions = _dimension_changes(old, new, threshold)
    new_errors = tuple(error for error in new.errors if error not in old.errors)
    delta = new.score - old.score
    if not _beyond(delta, threshold) and not dimensions and not new_errors:
        return None
    return SolutionChange(old, new, _direction(delta, threshold), tuple(dimensions), new_errors)


def _dimension_changes(old: SolutionRecord, new: SolutionRecord, threshold: float) -> list[DimensionChange]:
    names = list(old.dimensions) + [name for name in new.dimensions if name not in old.dimensions]
    changes = (_dimension_change(name, old.dimensions.get(name), new.dimensions.get(name), threshold) for name in names)
    return [change for change in changes if change is not None]


def _direction(delta: float, threshold: float) -> Direction:
    if not _beyond(delta, threshold):
        return Direction.MIXED
    return Direction.WORSE if delta < 0 else Direction.BETTER


def _beyond(delta: float, threshold: float) -> bool:
    """A move that counts: at least the threshold, and a move at all (a threshold of 0 means any change)."""
    return delta != 0 and abs(delta) >= threshold


def _dimension_change(
    name: str, old: DimensionRecord | None, new: DimensionRecord | None, threshold: float
) -> DimensionChange | None:
    if not _moved(None if old is None else old.score, None if new is None else new.score, threshold):
        return None
    old_reasons = None if old is None else old.reasons
    new_reasons = None if new is None else new.reasons
    if old_reasons is None or new_reasons is None:
        return DimensionChange(name, old, new, (), (), details_known=False)
    return DimensionChange(
        name,
        old,
        new,
        _missing_from(new_reasons, old_reasons),
        _missing_from(old_reasons, new_reasons),
        details_known=True,
    )


def _moved(old: float | None, new: float | None, threshold: float) -> bool:
    if old is None or new is None:
        return (old is None) != (new is None)  # became (not) applicable, or appeared or disappeared
    return _beyond(new - old, threshold)


def _missing_from(reasons: tuple[Reason, ...], other: tuple[Reason, ...]) -> tuple[Reason, ...]:
    """The reasons whose sentence is not in `other`, the costliest first."""
    known = {reason.text for reason in other}
    fresh = [reason for reason in reasons if reason.text not in known]
    return tuple(sorted(fresh, key=lambda reason: -(reason.points or 0.0)))
