"""Command-line flags shared by the subcommands that evaluate solutions."""

from __future__ import annotations

import argparse

from ..spec.model import DIMENSIONS


def add_evaluation_flags(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--require-isolation", choices=["strict"], default=None,
                        help="refuse to run unless every isolation layer is available")
    parser.add_argument("--time-per-call", type=float, default=None, metavar="SECONDS",
                        help="override the problem's per-call wall-clock limit")
    parser.add_argument("--memory-mb", type=int, default=None, help="override the problem's memory limit")
    parser.add_argument("--skip", action="append", default=[], choices=DIMENSIONS, metavar="DIMENSION",
                        help="do not run a dimension (it is reported as not applicable); repeatable")
    parser.add_argument("--deterministic", action="store_true",
                        help="performance: count bytecode instructions instead of timing, for the same result "
                             "on every run (cannot see work inside C builtins)")


def evaluation_options(args: argparse.Namespace):
    from ..engine import EvaluationOptions

    return EvaluationOptions(require_isolation=args.require_isolation, time_per_call_s=args.time_per_call,
                             memory_mb=args.memory_mb, skip=tuple(args.skip),
                             deterministic=args.deterministic)
