"""`codeeval diff OLD NEW`: per solution and dimension, what went up or down between two runs, and why.

OLD and NEW are `codeeval run` output folders, their leaderboard.json, or
single result JSON files. Exit codes: 0 compared; 1 with --fail-on-regression
when a solution got worse; 2 a file is missing or not a codeeval run.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

NAME = "diff"
HELP = "compare two runs (leaderboards or single results): what got better or worse, and why"
EXIT_OK, EXIT_REGRESSION = 0, 1


def configure(parser: argparse.ArgumentParser) -> None:
    """The command's arguments."""
    from ..diff import DEFAULT_THRESHOLD

    parser.add_argument(
        "old", help="the earlier run: a `codeeval run` output folder, its leaderboard.json, or a result JSON"
    )
    parser.add_argument("new", help="the later run, in any of the same forms")
    parser.add_argument(
        "--threshold",
        type=float,
        default=DEFAULT_THRESHOLD,
        metavar="POINTS",
        help=f"ignore score changes smaller than this (default {DEFAULT_THRESHOLD:g}, on 0-100)",
    )
    parser.add_argument("--top", type=int, default=3, metavar="N", help="reasons shown per dimension (default 3)")
    parser.add_argument(
        "--fail-on-regression", action="store_true", help="exit 1 when any solution got worse by at least the threshold"
    )
    parser.add_argument("--output", "-o", metavar="PATH", help="write the Markdown here instead of standard output")


def run(args: argparse.Namespace) -> int:
    """Compare the two runs and print (or write) the Markdown."""
    from ..diff import compare, load_snapshot
    from ..diff.markdown import to_markdown

    if args.threshold < 0 or args.top < 1:
        print("codeeval: --threshold must be >= 0 and --top >= 1", file=sys.stderr)
        return 2
    diff = compare(load_snapshot(args.old), load_snapshot(args.new), threshold=args.threshold)
    text = to_markdown(diff, top_reasons=args.top)
    if args.output:
        Path(args.output).parent.mkdir(parents=True, exist_ok=True)
        Path(args.output).write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)
    if args.fail_on_regression and diff.regressions:
        print(f"codeeval: {len(diff.regressions)} solution(s) got worse", file=sys.stderr)
        return EXIT_REGRESSION
    return EXIT_OK
