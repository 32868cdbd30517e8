"""`codeeval review [--base REF] [PATHS]`: the working tree's changed functions against their base versions.

Each changed top-level function and method runs, base and new, in the sandbox on the same inputs (the
repository's literal calls and doctests, then inputs generated from the signature); every difference is a
finding with its minimal counterexample, and paired timings name slow-downs with their complexity.

Exit codes: 0 no behaviour change and no slow-down; 1 a behaviour change or a slow-down; 2 bad usage
(not a git checkout, an unknown base, a path outside the repository), with a one-line message.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

NAME = "review"
HELP = "judge the working tree's changed functions against their base versions (behaviour, speed)"
EXIT_USAGE = 2


def configure(parser: argparse.ArgumentParser) -> None:
    """The command's arguments."""
    parser.add_argument("paths", nargs="*", metavar="PATH", help="only changes under these paths (default: all)")
    parser.add_argument("--base", default="HEAD", metavar="REF", help="the ref to compare with (default: HEAD)")
    parser.add_argument("--json", metavar="FILE", help="also write the report as JSON here")
    parser.add_argument("--markdown", metavar="FILE", help="also write the report as Markdown here")
    parser.add_argument("--no-speed", action="store_true", help="skip the paired timings")
    parser.add_argument("--inputs", type=int, default=120, metavar="N", help="inputs per function (default: 120)")
    parser.add_argument("--sarif", metavar="FILE", help="also write the report as SARIF 2.1.0 (code scanning)")
    parser.add_argument("--quiet", "-q", action="store_true", help="print only the summary line")
    parser.add_argument(
        "--decisions",
        metavar="FILE",
        help="changes people accepted as intended (docs/decisions.md); default: the nearest "
        "codeeval-decisions.jsonl in the repository; 'none' reads none",
    )


def run(args: argparse.Namespace) -> int:
    """Review the change, print the Markdown report, write the files asked for; the exit code."""
    from ..change_review import FunctionReview, ReviewOptions, review
    from ..change_review.acceptance import mark_accepted
    from ..change_review.review_output import to_json, to_markdown, verdict_line
    from .options import read_decision_log

    if args.inputs < 1:
        print("codeeval review: --inputs must be at least 1", file=sys.stderr)
        return EXIT_USAGE
    paths = [Path(p) for p in args.paths]
    start = paths[0] if paths else Path.cwd()

    def progress(done: FunctionReview) -> None:
        print(f"codeeval review: {done.path}:{done.line} {done.qualname}: {done.comparison}", file=sys.stderr)

    options = ReviewOptions(
        base=args.base, paths=paths, speed=not args.no_speed, inputs=args.inputs, on_function=progress
    )
    report = review(start, options)
    if not report.commit:  # the repository or its base could not be read: nothing was reviewed
        for message in report.messages:
            print(f"codeeval review: {message}", file=sys.stderr)
        return EXIT_USAGE
    mark_accepted(report, read_decision_log(args.decisions, report.root))
    text = to_markdown(report)
    if args.json:
        Path(args.json).write_text(to_json(report), encoding="utf-8")
    if args.markdown:
        Path(args.markdown).write_text(text, encoding="utf-8")
    if args.sarif:
        from ..report.review_sarif import document

        Path(args.sarif).write_text(document(report), encoding="utf-8")
    print(verdict_line(report).replace("**", "") if args.quiet else text, end="\n" if args.quiet else "")
    return report.exit_code
