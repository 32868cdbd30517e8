"""The queue as Markdown (a table, then each item with its reasons and a link to its report), as JSON, and
as the few lines `codeeval queue` prints."""

from __future__ import annotations

import json
import os
from pathlib import Path

from ..report.markdown_text import cell, table
from .ranking import QueueItem, ReviewQueue

SCHEMA_VERSION = 1


def to_json(queue: ReviewQueue) -> str:
    return json.dumps({"schema_version": SCHEMA_VERSION, **queue.to_dict()}, indent=1, ensure_ascii=False) + "\n"


def to_markdown(queue: ReviewQueue, written_in: Path) -> str:
    """The Markdown, its links relative to the folder the file is written in."""
    lines = [f"# Review queue: {queue.folder}", "", _summary(queue), ""]
    lines += [f"- warning: {warning}" for warning in queue.warnings]
    if queue.warnings:
        lines.append("")
    if not queue.items:
        return "\n".join([*lines, "No results to review."]) + "\n"
    rows = [
        [
            str(item.rank),
            cell(item.problem),
            cell(item.solution),
            f"{item.score:g}",
            f"{item.priority:.3f}",
            _kinds(item),
        ]
        for item in queue.items
    ]
    lines += [table(["rank", "problem", "solution", "score", "priority", "reasons"], rows), ""]
    for item in queue.items:
        lines += _item(item, queue, written_in)
    return "\n".join(lines) + "\n"


def _summary(queue: ReviewQueue) -> str:
    threshold = "no threshold" if queue.threshold is None else f"threshold {queue.threshold:g} +/- {queue.margin:g}"
    unscored = f"; {queue.unscored} without a score (internal errors) left out" if queue.unscored else ""
    return (
        f"{queue.results} results, {queue.flagged} with some reason to look ({threshold}{unscored}); highest "
        "priority first, weak reasons (a quality finding) add little. See docs/queue.md for each reason's weight."
    )


def _kinds(item: QueueItem) -> str:
    return cell(", ".join(dict.fromkeys(str(reason.kind) for reason in item.reasons))) or "-"


def _item(item: QueueItem, queue: ReviewQueue, written_in: Path) -> list[str]:
    link = _link(Path(queue.folder) / item.markdown_report, written_in)
    lines = [
        f"## {item.rank}. {item.problem} / {item.solution} (score {item.score:g})",
        "",
        f"Report: [{link}]({link})",
    ]
    lines += [""] + [f"- {reason.kind} ({reason.strength:.2f}): {reason.text}" for reason in item.reasons]
    if not item.reasons:
        lines.append("- no reason to look")
    return [*lines, ""]


def _link(target: Path, written_in: Path) -> str:
    try:
        return Path(os.path.relpath(target.resolve(), written_in.resolve())).as_posix()
    except ValueError:  # another drive (Windows): the absolute path still works
        return target.resolve().as_posix()


def console_lines(queue: ReviewQueue, shown: int) -> list[str]:
    """The top of the queue, one line per item."""
    lines = [_summary(queue)]
    for item in queue.items[:shown]:
        if item.priority <= 0:
            break
        reason = item.reasons[0].text if item.reasons else ""
        lines.append(f"{item.rank:>3}. {item.priority:.3f}  {item.problem} {item.solution} ({item.score:g}): {reason}")
    return lines
