"""Failing cases of the correctness and edge-case dimensions."""

from __future__ import annotations

from ...result import DimensionResult
from ..text import block, cell, code, table

SHOWN_CASES = 25


def render(result: DimensionResult) -> list[str]:
    cases = result.details.get("cases", [])
    lines: list[str] = []
    if not cases:
        if result.details.get("total"):
            lines.append("All cases passed.")
        return lines + _discarded(result)
    rows = []
    for case in cases[:SHOWN_CASES]:
        where = f"line {case['line']}" if case.get("line") else case.get("origin", "")
        rows.append([cell(case["case"]), cell(where), code(case["input"], 120), code(case["expected"], 80),
                     code(case["actual"], 120)])
    lines.append(table(["case", "from", "input", "expected", "actual"], rows))
    if len(cases) > SHOWN_CASES:
        lines.append(f"\n…and {len(cases) - SHOWN_CASES} more failing cases (all are in the JSON report).")
    traced = [c for c in cases[:SHOWN_CASES] if c.get("traceback")]
    if traced:
        first = traced[0]
        lines.append(f"\nTraceback of case {first['case']}:\n")
        lines.append(block(first["traceback"], 2000))
    return lines + _discarded(result)


def _discarded(result: DimensionResult) -> list[str]:
    discarded = result.details.get("discarded") or []
    if not discarded:
        return []
    return [f"\n{len(discarded)} input(s) were discarded because the reference itself failed on them."]
