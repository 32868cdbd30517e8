"""`codeeval import humaneval|evalplus|livecodebench|apps|taco|codecontests|open-r1|bigcodebench FILE --output DIR`:
benchmark JSONL -> problem YAML."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from .options import add_bigcodebench_flags

NAME = "import"
HELP = (
    "convert HumanEval, EvalPlus (HumanEval+, MBPP+), LiveCodeBench, APPS, TACO, CodeContests, open-r1 or "
    "BigCodeBench JSONL "
    "into problem files"
)
KINDS = ["humaneval", "evalplus", "livecodebench", "apps", "taco", "codecontests", "open-r1", "bigcodebench"]


def configure(parser: argparse.ArgumentParser) -> None:
    """`codeeval import`'s arguments: the benchmark's kind and file, the output folder, which tasks."""
    parser.add_argument("kind", choices=KINDS, help="the file's format")
    parser.add_argument("file", metavar="FILE", help="the benchmark's .jsonl or .jsonl.gz")
    parser.add_argument("--output", "-o", required=True, metavar="DIR", help="folder for the problem files")
    parser.add_argument(
        "--tasks",
        metavar="ID[,ID...]",
        default=None,
        help="convert only these task ids (comma-separated, e.g. HumanEval/0,HumanEval/12; a TACO problem's id "
        "is its position in the file)",
    )
    parser.add_argument("--limit", type=int, default=None, metavar="N", help="convert only the first N records")
    parser.add_argument(
        "--jobs",
        "-j",
        type=int,
        default=None,
        metavar="N",
        help="tasks converted at once, each running its reference in a sandbox when a test's "
        "expected output is not a literal (default: one per core)",
    )
    add_bigcodebench_flags(parser)
    parser.add_argument("--quiet", "-q", action="store_true", help="print only failures and the summary")


def run(args: argparse.Namespace) -> int:
    """Convert a benchmark file's tasks to problem files; 0 when every selected task converted."""
    from ..importers import BigCodeBenchOptions, Split, import_file

    tasks = [t.strip() for t in args.tasks.split(",") if t.strip()] if args.tasks else None

    def progress(task_id: str, message: str) -> None:
        if not args.quiet or message.startswith("failed"):
            stream = sys.stderr if message.startswith("failed") else sys.stdout
            print(f"{task_id}: {message}", file=stream, flush=True)

    options = BigCodeBenchOptions(Split(args.split), args.calibrated)
    report = import_file(
        args.kind,
        args.file,
        args.output,
        tasks=tasks,
        limit=args.limit,
        progress=progress,
        jobs=args.jobs,
        bigcodebench=options,
    )
    output = Path(args.output)
    written = report.write(output)
    warned = [c for c in report.converted if c.warnings]
    if warned and not args.quiet:
        print("\nwarnings:", file=sys.stderr)
        for converted in warned:
            for warning in converted.warnings:
                print(f"  {converted.task_id}: {warning}", file=sys.stderr)
    if report.failed:
        print("\nnot converted:", file=sys.stderr)
        for task_id, reason in report.failed:
            print(f"  {task_id}: {reason}", file=sys.stderr)
    total = len(report.converted) + len(report.failed)
    print(
        f"codeeval: converted {len(report.converted)} of {total} problems into {output}/ "
        f"({len(report.failed)} not converted, {len(warned)} with warnings; see {written.name})",
        file=sys.stderr,
    )
    return 0
