"""`codeeval queue OUT/`: the results of a run where a person's look is worth most, in order, with reasons.

Writes OUT/queue.md and OUT/queue.json (or where --markdown / --json say) and prints the top of the queue.
Exit codes: 0 the queue was written (even when a report could not be read: it is named and skipped);
2 OUT is not a `codeeval run` output folder, or bad usage. See docs/queue.md.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

NAME = "queue"
HELP = "the results of a run a person should review first, in order, with the reasons (docs/queue.md)"
SHOWN = 10  # rows printed on standard output


def configure(parser: argparse.ArgumentParser) -> None:
    """The command's arguments."""
    parser.add_argument("folder", metavar="OUT", help="a `codeeval run --output` folder")
    parser.add_argument(
        "--threshold",
        type=float,
        default=None,
        metavar="T",
        help="a pass mark on 0-100: scores within --margin of it are queued (default: none)",
    )
    parser.add_argument(
        "--margin", type=float, default=None, metavar="POINTS", help="how near the threshold counts (default 5)"
    )
    parser.add_argument("--limit", type=int, default=None, metavar="N", help="keep only the first N items")
    parser.add_argument("--markdown", metavar="FILE", help="where the Markdown goes (default OUT/queue.md)")
    parser.add_argument("--json", metavar="FILE", help="where the JSON goes (default OUT/queue.json)")
    parser.add_argument("--quiet", "-q", action="store_true", help="print nothing but warnings")


def run(args: argparse.Namespace) -> int:
    """Build the queue, write both files, print its top."""
    from ..triage import DEFAULT_MARGIN, build_queue, read_run
    from ..triage.queue_output import console_lines, to_json, to_markdown

    if (args.limit is not None and args.limit < 1) or (args.margin is not None and args.margin <= 0):
        print("codeeval: --limit must be >= 1 and --margin > 0", file=sys.stderr)
        return 2
    folder = Path(args.folder)
    facts = read_run(folder)
    queue = build_queue(facts, args.threshold, DEFAULT_MARGIN if args.margin is None else args.margin, args.limit)
    markdown = Path(args.markdown) if args.markdown else folder / "queue.md"
    json_path = Path(args.json) if args.json else folder / "queue.json"
    _write(markdown, to_markdown(queue, markdown.parent))
    _write(json_path, to_json(queue))
    for warning in facts.warnings:
        print(f"codeeval: warning: {warning}", file=sys.stderr)
    if not args.quiet:
        print("\n".join(console_lines(queue, SHOWN)))
        print(f"\nqueue: {markdown} and {json_path}")
    return 0


def _write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
