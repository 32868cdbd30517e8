"""`codeeval unblind OUTPUT_DIR --key KEY`: a blinded run's leaderboard with the model names back."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

NAME = "unblind"
HELP = "map a `codeeval run --blind` leaderboard's neutral labels back to model names, with the key file"


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("output", help="the folder a `codeeval run --blind --output` wrote")
    parser.add_argument(
        "--key",
        metavar="FILE",
        default=None,
        help="the blind key (default: OUTPUT_DIR.blind-key.json, where --blind writes it)",
    )
    parser.add_argument(
        "--to", metavar="DIR", default=None, help="folder for the unblinded leaderboard (default: OUTPUT_DIR-unblinded)"
    )
    parser.add_argument("--quiet", "-q", action="store_true", help="do not print the leaderboard")


def run(args: argparse.Namespace) -> int:
    import dataclasses

    from ..base.errors import CodeevalError
    from ..report.results_log import LOG_NAME, read_results_log
    from ..report.standings import write_leaderboard
    from ..run.blind import KEY_SUFFIX, BlindKey, unblind_text

    folder = Path(args.output)
    if not (folder / LOG_NAME).is_file():
        raise CodeevalError(f"no {LOG_NAME} here: not the output folder of `codeeval run`", str(folder))
    key = BlindKey.read(Path(args.key) if args.key else folder.parent / (folder.name + KEY_SUFFIX))
    rows, warnings = read_results_log(folder / LOG_NAME)
    rows = [
        dataclasses.replace(
            row,
            group=unblind_text(row.group, key),
            solution=unblind_text(row.solution, key),
            origin=unblind_text(row.origin, key),
        )
        for row in rows
    ]
    target = Path(args.to) if args.to else folder.parent / (folder.name + "-unblinded")
    target.mkdir(parents=True, exist_ok=True)
    board = write_leaderboard(target, rows, [unblind_text(w, key) for w in warnings])
    if not args.quiet:
        sys.stdout.write(board)
    print(f"codeeval: unblinded leaderboard in {target}/", file=sys.stderr)
    return 0
