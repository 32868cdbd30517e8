"""`codeeval evaluate SOLUTION.py --problem PROBLEM.yaml`: one solution, one report."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from ..base.catalog import title_of
from ..base.isolation import IsolationReport
from .env import add_env_flag, choose_environment
from .options import add_evaluation_flags, evaluation_options, read_decision_log

if TYPE_CHECKING:
    from ..results.result import EvaluationResult

NAME = "evaluate"
HELP = "evaluate one solution against one problem"


def configure(parser: argparse.ArgumentParser) -> None:
    """`codeeval evaluate`'s arguments: the solution, its problem, the report's format and file."""
    parser.add_argument("solution", help="the solution's Python file")
    parser.add_argument("--problem", "-p", required=True, help="the problem's YAML file")
    parser.add_argument("--format", "-f", choices=["text", "json", "markdown"], default="text")
    parser.add_argument("--output", "-o", help="write the report here instead of standard output")
    add_evaluation_flags(parser)
    add_env_flag(parser, "default: none")


def text_summary(result: EvaluationResult) -> str:
    """The result as a few lines of text: the score, each dimension's score and summary, errors."""
    lines = [f"{result.problem}: {result.score:.1f}/100  ({result.solution})"]
    for name, dim in result.dimensions.items():
        score = f"{dim.score:5.1f}" if dim.applicable else "  n/a"
        lines.append(f"  {title_of(name):<13} {score}  {dim.summary if dim.applicable else dim.reason}")
    for error in result.errors:
        lines.append(f"  error: {error}")
    warning = isolation_warning(result.isolation)
    if warning:
        lines.append(f"  {warning}")
    return "\n".join(lines) + "\n"


def isolation_warning(isolation: IsolationReport | None) -> str | None:
    """One line saying plainly that isolation is weaker than full, and why; None when it is full (or unknown)."""
    if isolation is None or not isolation.missing:
        return None
    why = "; ".join(isolation.warnings)
    return (
        f"warning: isolation is weaker than full (missing: {', '.join(isolation.missing)})"
        + (f": {why}" if why else "")
        + ". --require-isolation=strict refuses to run instead."
    )


def run(args: argparse.Namespace) -> int:
    """Evaluate one solution and write its report in the chosen format; the exit code."""
    from ..decisions.apply import apply_decisions
    from ..decisions.rule_calibration import calibration_of
    from ..engine.evaluator import evaluate
    from ..report import to_json, to_markdown
    from ..report.images import save_images

    choose_environment(args.env, [args.problem], bigcodebench=False)
    decisions = read_decision_log(args.decisions, args.problem)
    options = evaluation_options(args)
    options.calibration = calibration_of(decisions)
    result = apply_decisions(evaluate(args.solution, args.problem, options=options), decisions)
    # Pictures (plots, screenshots) go beside a report file; a report on stdout inlines them.
    links = save_images(result, args.output) if args.output and result.images else None
    render = {"json": lambda r: to_json(r) + "\n", "markdown": lambda r: to_markdown(r, links), "text": text_summary}[
        args.format
    ]
    report = render(result)
    if args.output:
        Path(args.output).parent.mkdir(parents=True, exist_ok=True)
        Path(args.output).write_text(report, encoding="utf-8")
        print(f"wrote {args.output} (score {result.score:.1f})", file=sys.stderr)
    else:
        sys.stdout.write(report)
    return 0
