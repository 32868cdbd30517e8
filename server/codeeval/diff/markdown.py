"""A RunDiff as Markdown: the mean, a table of the changed solutions, then per solution the dimensions and reasons."""

from __future__ import annotations

from ..base.catalog import report_order, title_of
from ..report.markdown_text import cell, table
from ..report.standings import REVIEWED_MARK
from .changes import DimensionChange, Direction, RunDiff, SolutionChange
from .records import DimensionRecord, SolutionRecord

MARKS = {
    Direction.WORSE: "▼ worse",
    Direction.BETTER: "▲ better",
    Direction.MIXED: "◆ changed",
    Direction.NO_SCORE: "⚠ no score",
}


def to_markdown(diff: RunDiff, heading: str = "##", top_reasons: int = 3, max_solutions: int = 25) -> str:
    """The comparison for people; at most `max_solutions` get a detailed section (the table lists them all)."""
    out = [f"{heading} codeeval: what changed", "", _headline(diff), ""]
    if diff.changes:
        out += [_table(diff), ""]
        for change in diff.changes[:max_solutions]:
            out += _details(change, heading + "#", top_reasons)
        if len(diff.changes) > max_solutions:
            out += [f"…and {len(diff.changes) - max_solutions} more changed solutions (see the table above).", ""]
    for title, records in (("Added", diff.added), ("Removed", diff.removed)):
        if records:
            out += [f"{heading}# {title} ({len(records)})", ""]
            out += [f"- {cell(record.problem)} · {cell(record.solution)}: {_overall(record)}" for record in records]
            out.append("")
    out += reviewed_footnote(diff)
    return "\n".join(out).rstrip() + "\n"


def _headline(diff: RunDiff) -> str:
    old_mean, new_mean = diff.old.mean_score, diff.new.mean_score
    if old_mean is not None and new_mean is not None:
        mean = f"**Mean score {old_mean:.1f} → {new_mean:.1f} ({_signed(new_mean - old_mean)})**"
    else:
        mean = "**Mean score: " + ("n/a" if new_mean is None else f"{new_mean:.1f}") + "**"
    counts = [f"{diff.count(Direction.WORSE)} worse", f"{diff.count(Direction.BETTER)} better"]
    if diff.count(Direction.MIXED):
        counts.append(f"{diff.count(Direction.MIXED)} changed within {diff.threshold:g} points")
    if diff.count(Direction.NO_SCORE):
        counts.append(f"{diff.count(Direction.NO_SCORE)} without a score on one side (a codeeval internal error)")
    counts.append(f"{diff.unchanged} unchanged")
    if diff.added or diff.removed:
        counts.append(f"{len(diff.added)} added, {len(diff.removed)} removed")
    ignored = f"changes under {diff.threshold:g} points are ignored" if diff.threshold else "every change counts"
    return f"{mean} over {len(diff.new.solutions)} solutions: {', '.join(counts)} ({ignored})."


def _table(diff: RunDiff) -> str:
    names = _dimension_names(diff)
    rows = []
    for change in diff.changes:
        moved = {dimension.name: dimension for dimension in change.dimensions}
        row: list[object] = [
            MARKS[change.direction],
            cell(change.new.problem),
            cell(change.new.solution),
            _score_change(change),
        ]
        for name in names:
            row.append(_moved_cell(moved[name]) if name in moved else _score(change.new.dimensions.get(name)))
        rows.append(row)
    return table(["", "problem", "solution", "score"] + [title_of(name).lower() for name in names], rows)


def _score_change(change: SolutionChange) -> str:
    if change.direction is Direction.NO_SCORE:
        return f"{_overall(change.old)} → {_overall(change.new)}"
    old, new = (f"{record.score:.1f}{_reviewed(record)}" for record in (change.old, change.new))
    return f"{old} → {new} ({_signed(change.delta)})"


def _overall(record: SolutionRecord) -> str:
    return f"{record.score:.1f}{_reviewed(record)}" if record.has_score else "internal error"


def _reviewed(record: SolutionRecord) -> str:
    return REVIEWED_MARK if record.reviewed else ""


def reviewed_footnote(diff: RunDiff) -> list[str]:
    """What the mark means, when a score on either side has it."""
    counts = [snapshot.reviewed for snapshot in (diff.old, diff.new)]
    if not any(counts):
        return []
    return [
        f"{REVIEWED_MARK} reviewed by people: the score includes their decisions "
        f"({counts[0]} result(s) before, {counts[1]} now; docs/decisions.md).",
        "",
    ]


def _details(change: SolutionChange, heading: str, top_reasons: int) -> list[str]:
    mark = MARKS[change.direction].split()[0]
    title = f"{heading} {mark} {cell(change.new.problem)} · {cell(change.new.solution)}: {_score_change(change)}"
    out = [title, ""]
    if change.direction is Direction.NO_SCORE:
        side = "now" if not change.new.has_score else "before"
        out.append(
            f"- codeeval could not evaluate it {side} (an internal error of codeeval's, not the "
            "solution's; its report has the traceback): nothing to compare."
        )
    for error in change.new_errors:
        out.append(f"- **Error**: {cell(error, 400)}")
    for dimension in change.dimensions:
        out += _dimension_lines(dimension, top_reasons)
    return out + [""]


def _dimension_lines(change: DimensionChange, top_reasons: int) -> list[str]:
    title = title_of(change.name)
    line = f"- **{title}** {_moved_cell(change)}"
    old_summary = _summary(change.old)
    new_summary = _summary(change.new)
    if old_summary != new_summary:
        line += f": {cell(old_summary, 200)} → {cell(new_summary, 200)}"
    elif new_summary:
        line += f": {cell(new_summary, 200)}"
    out = [line]
    if not change.details_known:
        out.append("  - (no reasons: the per-solution reports were not found next to the leaderboard)")
        return out
    worse = change.delta is None or change.delta < 0
    first, second = (change.appeared, change.resolved) if worse else (change.resolved, change.appeared)
    first_label, second_label = ("new:", "fixed:") if worse else ("fixed:", "new:")
    out += _reason_lines(first, first_label, top_reasons)
    out += _reason_lines(second, second_label, max(1, top_reasons // 2))
    return out


def _reason_lines(reasons: tuple, label: str, limit: int) -> list[str]:
    lines = [f"  - {label} {cell(str(reason), 300)}" for reason in reasons[:limit]]
    if len(reasons) > limit:
        lines.append(f"  - …and {len(reasons) - limit} more ({label.rstrip(':')})")
    return lines


def _moved_cell(change: DimensionChange) -> str:
    old, new = _score(change.old), _score(change.new)
    delta = change.delta
    return f"{old} → {new}" + (f" ({_signed(delta)})" if delta is not None else "")


def _summary(record: DimensionRecord | None) -> str:
    if record is None:
        return "absent"
    return record.summary


def _score(record: DimensionRecord | None) -> str:
    if record is None or record.score is None:
        return "n/a"
    return f"{record.score:.1f}"


def _signed(value: float) -> str:
    return f"{value:+.1f}"


def _dimension_names(diff: RunDiff) -> list[str]:
    seen: list[str] = []
    records: list[SolutionRecord] = [c.new for c in diff.changes] + [c.old for c in diff.changes]
    for record in records:
        seen += [name for name in record.dimensions if name not in seen]
    return report_order(seen)
