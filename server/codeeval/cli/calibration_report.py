"""`codeeval calibration`: per rule (or edge-case finding kind), people's decisions, the precision they show,
and the confidence before and after they moved it (docs/decisions.md)."""

from __future__ import annotations

import argparse
import json
import sys

from ..base.findings import LOW_CONFIDENCE
from .options import existing_decision_log

NAME = "calibration"
HELP = "how people's decisions moved each rule's confidence: decisions, precision, confidence before and after"


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--decisions", metavar="FILE", help="default: the nearest codeeval-decisions.jsonl")
    parser.add_argument("--format", choices=["text", "json"], default="text")


def run(args: argparse.Namespace) -> int:
    from ..decisions.rule_calibration import calibration_table

    rows = calibration_table(existing_decision_log(args.decisions))
    if args.format == "json":
        data = [
            {
                "rule": row.rule,
                "confirmed": row.counts.confirmed,
                "dismissed": row.counts.dismissed,
                "precision": _round(row.precision),
                "accuracy_before": _round(row.accuracy_before),
                "accuracy_after": _round(row.accuracy_after),
                "confidence_before": _round(row.confidence_before),
                "confidence_after": _round(row.confidence_after),
                "low_after": row.confidence_after is not None and row.confidence_after < LOW_CONFIDENCE,
            }
            for row in rows
        ]
        sys.stdout.write(json.dumps(data, indent=2) + "\n")
        return 0
    print(f"{'rule':40} {'decisions':>9} {'precision':>9} {'accuracy':>13} {'confidence':>13}")
    for row in rows:
        low = "  low: shown, costs nothing" if (row.confidence_after or 1.0) < LOW_CONFIDENCE else ""
        print(
            f"{row.rule[:40]:40} {row.counts.total:>9} {_percent(row.precision):>9} "
            f"{_arrow(row.accuracy_before, row.accuracy_after):>13} "
            f"{_arrow(row.confidence_before, row.confidence_after):>13}{low}"
        )
    return 0


def _round(value: float | None) -> float | None:
    return None if value is None else round(value, 3)


def _percent(value: float | None) -> str:
    return "-" if value is None else f"{100 * value:.0f}%"


def _arrow(before: float | None, after: float | None) -> str:
    return "-" if before is None or after is None else f"{before:.2f}->{after:.2f}"
