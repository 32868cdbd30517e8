"""The leaderboard's account of excluded tasks: how many, why (per cause, with the first few task ids).

A task is excluded when its reference fails in this environment (run/precheck.py): its solutions are scored
and listed, but the means and pass@k leave them out, and the leaderboard says so instead of letting them
pass for the model's failures.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from typing import Any

from ..results.exclusion import Exclusion
from .markdown_text import cell, table

SHOWN_TASKS = 5  # task ids listed per cause


def excluded_summary(rows: Sequence[tuple[str, Exclusion | None]]) -> dict[str, Any]:
    """From each result's (task, exclusion): excluded tasks by cause (each cause's count, first task ids and
    what they name), and how many tasks are left."""
    causes: dict[str, dict[str, str]] = defaultdict(dict)  # cause -> task -> detail
    for task, exclusion in rows:
        if exclusion is not None:
            causes[str(exclusion.cause)][task] = exclusion.detail
    tasks = {task for task, _ in rows}
    excluded = {task for by_task in causes.values() for task in by_task}
    return {
        "tasks": len(excluded),
        "solutions": sum(exclusion is not None for _, exclusion in rows),
        "counted_tasks": len(tasks - excluded),
        "causes": [
            {
                "cause": cause,
                "tasks": len(by_task),
                "first": sorted(by_task)[:SHOWN_TASKS],
                "details": sorted({detail for detail in by_task.values() if detail}),
            }
            for cause, by_task in sorted(causes.items(), key=lambda item: (-len(item[1]), item[0]))
        ],
    }


def excluded_markdown(summary: dict[str, Any] | None) -> list[str]:
    """The leaderboard's note and table of excluded tasks; nothing when none is."""
    if not summary:
        return []
    rows = [
        [
            cell(entry["cause"]),
            entry["tasks"],
            cell(", ".join(entry["first"]) + (", ..." if entry["tasks"] > len(entry["first"]) else ""), 200),
            cell(", ".join(entry["details"]), 200),
        ]
        for entry in summary["causes"]
    ]
    return [
        "",
        f"> {summary['tasks']} task(s) excluded ({summary['solutions']} solution(s)): their reference fails in this "
        "environment, so their scores are shown below but not counted in the means or pass@k, which are over the "
        f"other {summary['counted_tasks']} task(s).",
        "",
        table(["cause", "tasks", "first tasks", "what it names"], rows),
    ]


def excluded_column(groups: list[dict[str, Any]]) -> bool:
    """Whether the ranking has an `excluded` column: only when some group has excluded solutions."""
    return any(group.get("excluded") for group in groups)


def excluded_heading(rows: list[dict[str, Any]]) -> list[str]:
    """Under a problem's heading: that it is excluded and why (from any of its rows)."""
    excluded = next((row["excluded"] for row in rows if row.get("excluded")), None)
    if excluded is None:
        return []
    return [f"> Excluded: {cell(excluded.get('note', ''), 300)}.", ""]
