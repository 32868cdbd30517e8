"""Command-line flags shared by the subcommands that evaluate solutions."""

from __future__ import annotations

import argparse
import os
from pathlib import Path
from typing import TYPE_CHECKING

from ..base.catalog import KINDS, all_names, names
from ..visual.judge import KEY_ENV, JudgeSettings

if TYPE_CHECKING:
    from ..decisions.store import DecisionLog
    from ..engine.evaluation_options import EvaluationOptions

DIMENSIONS = all_names()  # of every kind of problem: --skip and --weights take any


def add_evaluation_flags(parser: argparse.ArgumentParser) -> None:
    """Add the flags every evaluating command shares: isolation, limits, skipped dimensions, weights, decisions."""
    parser.add_argument(
        "--decisions",
        metavar="FILE",
        default=None,
        help="people's decisions to apply (docs/decisions.md); default: the nearest codeeval-decisions.jsonl "
        "from the problems up to the repository's root; 'none' applies none",
    )
    parser.add_argument(
        "--require-isolation",
        choices=["strict"],
        default=None,
        help="refuse to run unless every isolation layer is available",
    )
    parser.add_argument(
        "--time-per-call",
        type=float,
        default=None,
        metavar="SECONDS",
        help="override the problem's per-call wall-clock limit",
    )
    parser.add_argument("--memory-mb", type=int, default=None, help="override the problem's memory limit")
    parser.add_argument(
        "--skip",
        action="append",
        default=[],
        choices=DIMENSIONS,
        metavar="DIMENSION",
        help="do not run a dimension (it is reported as not applicable); repeatable",
    )
    parser.add_argument(
        "--weights",
        type=parse_weights,
        default=None,
        metavar="NAME=W,...",
        help="override the problems' dimension weights, e.g. correctness=50,performance=10",
    )
    parser.add_argument(
        "--judge-url",
        default=None,
        metavar="URL",
        help="plot and web-page problems: also ask a vision model at this OpenAI-compatible API "
        "(e.g. http://127.0.0.1:8000/v1; key from $CODEEVAL_JUDGE_API_KEY); it never "
        "changes the score",
    )
    parser.add_argument("--judge-model", default=None, metavar="NAME", help="the judge's model name")
    parser.add_argument(
        "--deterministic",
        action="store_true",
        help="performance: count bytecode instructions instead of timing, for the same result "
        "on every run (work inside C builtins is priced by the size it works on)",
    )


def parse_weights(text: str) -> dict[str, float]:
    """`correctness=50,performance=10` -> {"correctness": 50.0, "performance": 10.0}; argparse shows errors."""
    weights: dict[str, float] = {}
    for part in filter(None, (piece.strip() for piece in text.split(","))):
        name, equals, value = part.partition("=")
        name = name.strip()
        if not equals or name not in DIMENSIONS:
            raise argparse.ArgumentTypeError(f"{part!r}: expected NAME=WEIGHT with NAME one of {', '.join(DIMENSIONS)}")
        try:
            weight = float(value)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{part!r}: the weight is not a number") from None
        if not weight >= 0:
            raise argparse.ArgumentTypeError(f"{part!r}: a weight cannot be negative")
        weights[name] = weight
    for kind in KINDS:  # zero for every dimension of a kind would leave its problems nothing to score
        if all(weights.get(name, 1.0) == 0 for name in names(kind)):
            raise argparse.ArgumentTypeError("at least one weight must be positive")
    return weights


def evaluation_options(args: argparse.Namespace) -> EvaluationOptions:
    """EvaluationOptions from the shared evaluation flags; exits with a message on a bad combination."""
    from ..engine.evaluation_options import EvaluationOptions

    extra = {}
    if args.judge_url:
        if not args.judge_model:
            raise SystemExit("codeeval: --judge-url needs --judge-model")
        extra["judge"] = JudgeSettings(args.judge_url, args.judge_model, os.environ.get(KEY_ENV, ""))
    return EvaluationOptions(
        require_isolation=args.require_isolation,
        time_per_call_s=args.time_per_call,
        memory_mb=args.memory_mb,
        skip=tuple(args.skip),
        weights=args.weights,
        deterministic=args.deterministic,
        extra=extra,
    )


def add_bigcodebench_flags(parser: argparse.ArgumentParser) -> None:
    """The flags that say how a BigCodeBench file becomes problems (`codeeval import` and `codeeval run FILE`)."""
    parser.add_argument(
        "--split",
        choices=["complete", "instruct"],
        default="complete",
        help="BigCodeBench: the prompt a problem states, the docstring to complete or the instruction "
        "(default: complete)",
    )
    parser.add_argument(
        "--calibrated",
        action="store_true",
        help="BigCodeBench: run the code prompt (imports and signature) before each solution, as the peer's "
        "calibrated results do; the problems' summaries say so",
    )


def read_decision_log(choice: str | None, start: str) -> DecisionLog:
    """The decisions a run applies: `--decisions FILE`, none for `none`, else the nearest decision file from
    `start` (the problems). A malformed file stops the run with its file and line: its decisions would change
    scores, so running without them would be wrong, not degraded."""
    from ..base.errors import CodeevalError
    from ..decisions.store import EMPTY_LOG, find_decision_file, read_decisions

    if choice == "none":
        return EMPTY_LOG
    if choice and not Path(choice).is_file():
        raise CodeevalError("no such decision file", choice)
    path = Path(choice) if choice else find_decision_file(start)
    return read_decisions(path) if path is not None else EMPTY_LOG


def existing_decision_log(choice: str | None) -> DecisionLog:
    """The decision file named, else the nearest from the working folder; an error when there is none."""
    from ..base.errors import CodeevalError
    from ..decisions.store import find_decision_file, read_decisions

    path = Path(choice) if choice else find_decision_file(Path.cwd())
    if path is None or not path.is_file():
        raise CodeevalError("no decision file here (codeeval-decisions.jsonl): name one with --decisions", choice)
    return read_decisions(path)
