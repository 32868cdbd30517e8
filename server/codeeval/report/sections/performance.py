"""Timing figures: per size, candidate and reference medians, ratio and its interval."""

from __future__ import annotations

from ...result import DimensionResult
from ..text import cell, table


def _seconds(value: float | None) -> str:
    if value is None:
        return "-"
    if value < 1e-3:
        return f"{value * 1e6:.1f} µs"
    if value < 1:
        return f"{value * 1e3:.2f} ms"
    return f"{value:.2f} s"


def render(result: DimensionResult) -> list[str]:
    sizes = result.details.get("sizes") or []
    if not sizes:
        return []
    rows = []
    for s in sizes:
        ci = s.get("ci95")
        rows.append([s["n"], _seconds(s.get("candidate_s")), _seconds(s.get("reference_s")),
                     f"{s['ratio']:.2f}x" if s.get("ratio") is not None else "-",
                     f"{ci[0]:.2f}-{ci[1]:.2f}" if ci else "-", cell(s.get("failure") or "")])
    clock = result.details.get("clock", "cpu")
    lines = [table(["n", "candidate", "reference", "ratio", "95% CI", "note"], rows)]
    lines.append(f"\nMedian {clock} time per call; tolerance {result.details.get('tolerance')}x. "
                 "Points are lost only when the whole 95% interval lies above the tolerance.")
    return lines
