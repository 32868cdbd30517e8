"""`codeeval run PROBLEMS_DIR (--solutions DIR | --samples FILE.jsonl) --output DIR`: a whole benchmark."""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

from .evaluate import isolation_warning
from .options import add_evaluation_flags, evaluation_options

NAME = "run"
HELP = "evaluate many solutions against a folder of problems and write a leaderboard"


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("problems", help="folder of problem YAML files")
    source = parser.add_mutually_exclusive_group(required=True)
    source.add_argument("--solutions", help="folder with <problem name>/*.py solution files")
    source.add_argument("--samples", action="append", metavar="FILE.jsonl",
                        help="samples JSONL ({task_id, solution|completion} per line); repeat for several models")
    parser.add_argument("--output", "-o", required=True, help="folder for the reports and the leaderboard")
    parser.add_argument("--jobs", "-j", type=int, default=max(1, (os.cpu_count() or 2) // 2),
                        help="solutions evaluated at once (default: half the cores)")
    parser.add_argument("--quiet", "-q", action="store_true", help="no progress bar and no leaderboard on stdout")
    add_evaluation_flags(parser)


class ProgressBar:
    """A one-line progress bar on a terminal; plain lines elsewhere (CI logs)."""

    def __init__(self, stream, enabled: bool):
        self.stream = stream
        self.enabled = enabled
        self.tty = stream.isatty()

    def __call__(self, done: int, total: int, result) -> None:
        if not self.enabled:
            return
        name = Path(result.solution).name if "/" in result.solution else result.solution
        line = f"{done}/{total} {result.problem} {name}: {result.score:.1f}"
        if self.tty:
            width = 24
            filled = width * done // total
            self.stream.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {line[:70]:<70}")
            if done == total:
                self.stream.write("\n")
        else:
            self.stream.write(line + "\n")
        self.stream.flush()


def run(args: argparse.Namespace) -> int:
    from ..errors import ProblemError
    from ..report import to_json, to_markdown
    from ..runner import (
        Collected,
        collect_folder,
        collect_samples,
        leaderboard_data,
        leaderboard_markdown,
        load_problems,
        report_stem,
        run_all,
    )

    problems, problem_errors = load_problems(args.problems)
    for error in problem_errors:
        print(f"codeeval: {error}", file=sys.stderr)
    if not problems:
        raise ProblemError("no valid problem files found", args.problems)
    collected = Collected()
    sources = [collect_folder(problems, args.solutions)] if args.solutions else \
        [collect_samples(problems, path) for path in args.samples]
    for part in sources:
        collected.submissions += part.submissions
        collected.warnings += part.warnings
    for warning in collected.warnings:
        print(f"codeeval: warning: {warning}", file=sys.stderr)
    if not collected.submissions:
        print("codeeval: no solutions matched any problem", file=sys.stderr)
        return 2
    progress = ProgressBar(sys.stderr, enabled=not args.quiet)
    pairs = run_all(problems, collected.submissions, evaluation_options(args), jobs=args.jobs, progress=progress)
    weaker = isolation_warning(pairs[0][1].isolation) if pairs else None
    if weaker:
        print(f"codeeval: {weaker}", file=sys.stderr)
    output = Path(args.output)
    for submission, result in pairs:
        stem = output / report_stem(submission)
        stem.parent.mkdir(parents=True, exist_ok=True)
        stem.with_name(f"{stem.name}.json").write_text(to_json(result) + "\n", encoding="utf-8")
        stem.with_name(f"{stem.name}.md").write_text(to_markdown(result), encoding="utf-8")
    data = leaderboard_data(pairs, problem_errors + collected.warnings)
    board = leaderboard_markdown(data)

    (output / "leaderboard.json").write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    (output / "leaderboard.md").write_text(board, encoding="utf-8")
    if not args.quiet:
        sys.stdout.write(board)
    print(f"codeeval: {len(pairs)} solutions evaluated; reports in {output}/", file=sys.stderr)
    return 0
