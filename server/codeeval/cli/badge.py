"""`codeeval badge [RUN | --score N] --svg badge.svg --endpoint badge.json`: the score as a README badge.

RUN is a `codeeval run` output folder, its leaderboard.json or a result JSON;
the badge shows the mean score (of one group with --group). Exit codes: 0
written; 2 bad input, with the reason.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from ..base.errors import CodeevalError

if TYPE_CHECKING:
    from ..badge import Band

NAME = "badge"
HELP = "write a score badge (SVG made here, and a shields.io endpoint JSON) for a run or a score"


def configure(parser: argparse.ArgumentParser) -> None:
    """The command's arguments."""
    parser.add_argument("run", nargs="?", help="a `codeeval run` output folder, its leaderboard.json, or a result JSON")
    parser.add_argument("--score", type=float, help="use this score (0-100) instead of a run's")
    parser.add_argument("--group", help="only this leaderboard group's solutions (a sample kind, a model)")
    parser.add_argument("--label", default=None, help="the left-hand text (default: codeeval)")
    parser.add_argument(
        "--thresholds",
        metavar="A,B,C,D",
        help="lowest scores of the green, light green, amber and orange bands (default 90,75,60,40); "
        "below the last is red",
    )
    parser.add_argument("--svg", metavar="PATH", help="write the SVG badge here")
    parser.add_argument("--endpoint", metavar="PATH", help="write shields.io endpoint JSON here")


class BadgeRequestError(CodeevalError):
    """The badge cannot be made as asked (exit code 2, with the reason)."""


def run(args: argparse.Namespace) -> int:
    """Work out the score and write the files asked for."""
    from ..badge import DEFAULT_LABEL, badge_svg, band_for, endpoint_json

    if not args.svg and not args.endpoint:
        raise BadgeRequestError("give --svg and/or --endpoint")
    bands = _bands(args.thresholds)
    score = _score(args)
    label = args.label if args.label is not None else DEFAULT_LABEL
    written = []
    for path, make in ((args.svg, badge_svg), (args.endpoint, endpoint_json)):
        if path:
            _write(path, make(score, label, bands))
            written.append(path)
    print(
        f"codeeval: wrote {' and '.join(written)} (score {score:.1f}, {band_for(score, bands).name})", file=sys.stderr
    )
    return 0


def _bands(thresholds: str | None) -> tuple[Band, ...]:
    from ..badge import DEFAULT_BANDS, bands_from_thresholds

    if not thresholds:
        return DEFAULT_BANDS
    try:
        return bands_from_thresholds([float(part) for part in thresholds.split(",")])
    except ValueError as exc:
        raise BadgeRequestError(f"--thresholds: {exc}") from None


def _score(args: argparse.Namespace) -> float:
    """--score, or the mean of the run's solutions (of --group's)."""
    if (args.run is None) == (args.score is None):
        raise BadgeRequestError("give either a run (folder, leaderboard or result) or --score")
    score = args.score if args.score is not None else _run_score(args.run, args.group)
    if not 0 <= score <= 100:
        raise BadgeRequestError(f"the score must be between 0 and 100, not {score:g}")
    return score


def _run_score(run: str, group: str | None) -> float:
    """The mean score of a run's solutions (of one group), leaving out those codeeval failed on and those of
    excluded problems (their reference fails where the run was)."""
    from ..diff import load_snapshot

    records = [r for r in load_snapshot(run).solutions if r.counted and (group is None or r.group == group)]
    if not records:
        raise BadgeRequestError(f"{run}: no scored solutions" + (f" of group {group!r}" if group else ""))
    return sum(record.score for record in records) / len(records)


def _write(path: str, text: str) -> None:
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    Path(path).write_text(text, encoding="utf-8")
