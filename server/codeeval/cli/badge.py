"""`codeeval badge [RUN | --score N] --svg badge.svg --endpoint badge.json`: the score as a README badge.

RUN is a `codeeval run` output folder, its leaderboard.json or a result JSON;
the badge shows the mean score (of one group with --group). Exit codes: 0
written; 2 bad input, with the reason.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

NAME = "badge"
HELP = "write a score badge (SVG made here, and a shields.io endpoint JSON) for a run or a score"


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("run", nargs="?", help="a `codeeval run` output folder, its leaderboard.json, or a result JSON")
    parser.add_argument("--score", type=float, help="use this score (0-100) instead of a run's")
    parser.add_argument("--group", help="only this leaderboard group's solutions (a sample kind, a model)")
    parser.add_argument("--label", default=None, help="the left-hand text (default: codeeval)")
    parser.add_argument("--thresholds", metavar="A,B,C,D",
                        help="lowest scores of the green, light green, amber and orange bands (default 90,75,60,40); "
                             "below the last is red")
    parser.add_argument("--svg", metavar="PATH", help="write the SVG badge here")
    parser.add_argument("--endpoint", metavar="PATH", help="write shields.io endpoint JSON here")


def run(args: argparse.Namespace) -> int:
    from ..badge import DEFAULT_BANDS, DEFAULT_LABEL, badge_svg, band_for, bands_from_thresholds, endpoint_json

    if not args.svg and not args.endpoint:
        return _usage("give --svg and/or --endpoint")
    if (args.run is None) == (args.score is None):
        return _usage("give either a run (folder, leaderboard or result) or --score")
    bands = DEFAULT_BANDS
    if args.thresholds:
        try:
            bands = bands_from_thresholds([float(part) for part in args.thresholds.split(",")])
        except ValueError as exc:
            return _usage(f"--thresholds: {exc}")
    score = args.score if args.score is not None else _run_score(args.run, args.group)
    if score is None:
        wanted = f" of group {args.group!r}" if args.group else ""
        return _usage(f"{args.run}: no solutions{wanted}")
    if not 0 <= score <= 100:
        return _usage(f"the score must be between 0 and 100, not {score:g}")
    label = args.label if args.label is not None else DEFAULT_LABEL
    written = []
    if args.svg:
        _write(args.svg, badge_svg(score, label, bands))
        written.append(args.svg)
    if args.endpoint:
        _write(args.endpoint, endpoint_json(score, label, bands))
        written.append(args.endpoint)
    print(f"codeeval: wrote {' and '.join(written)} (score {score:.1f}, {band_for(score, bands).name})",
          file=sys.stderr)
    return 0


def _run_score(run: str, group: str | None) -> float | None:
    from ..diff import load_snapshot

    records = [record for record in load_snapshot(run).solutions if group is None or record.group == group]
    return sum(record.score for record in records) / len(records) if records else None


def _write(path: str, text: str) -> None:
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    Path(path).write_text(text, encoding="utf-8")


def _usage(message: str) -> int:
    print(f"codeeval: {message}", file=sys.stderr)
    return 2
