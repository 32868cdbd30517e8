"""`codeeval leaderboard OUTPUT_DIR`: rebuild a run's leaderboard from its results log.

For a run that was stopped before it finished: the log keeps every result it
finished, and this writes the leaderboard those results make.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from .run import report_internal_errors

NAME = "leaderboard"
HELP = "rebuild leaderboard.json and leaderboard.md of a run folder from its results.jsonl"


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("output", help="the folder a `codeeval run --output` wrote")
    parser.add_argument("--quiet", "-q", action="store_true", help="do not print the leaderboard")


def run(args: argparse.Namespace) -> int:
    """Rebuild a run folder's leaderboard from its results log; 0 on success."""
    from ..base.errors import CodeevalError
    from ..report.results_log import LOG_NAME
    from ..report.run_folder import rebuild_leaderboard

    folder = Path(args.output)
    if not (folder / LOG_NAME).is_file():
        raise CodeevalError(f"no {LOG_NAME} here: not the output folder of `codeeval run`", str(folder))
    board, failed = rebuild_leaderboard(folder)
    if not args.quiet:
        sys.stdout.write(board)
    return report_internal_errors(failed, folder)
