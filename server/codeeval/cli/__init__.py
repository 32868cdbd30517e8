"""The `codeeval` command. Each subcommand is a module here with NAME, HELP, configure(parser) and run(args).

Exit codes: 0 the command ran (whatever the score), 2 bad usage or a bad input
file (a message naming file and line), 1 an internal error, and for `check`,
1 when a finding at or above --fail-on exists.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys

from ..base.errors import CodeevalError
from ..base.version import __version__

# Subcommand modules, in the order `--help` lists them. Modules import heavy
# dependencies inside run(), so `codeeval --help` stays fast.
SUBCOMMANDS = [
    "evaluate",
    "run",
    "leaderboard",
    "unblind",
    "serve",
    "diff",
    "review_queue",
    "badge",
    "ci",
    "decide",
    "calibration_report",
    "validate",
    "check",
    "review_changes",
    "importer",
    "env",
    "lsp",
]

EXIT_OK, EXIT_INTERNAL, EXIT_USAGE = 0, 1, 2


def build_parser() -> argparse.ArgumentParser:
    """The `codeeval` argument parser, with one subcommand per module in SUBCOMMANDS."""
    parser = argparse.ArgumentParser(prog="codeeval", description="Score AI-generated Python against YAML problems.")
    parser.add_argument("--version", action="version", version=f"codeeval {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in SUBCOMMANDS:
        module = importlib.import_module(f"{__name__}.{name}")
        sub = commands.add_parser(module.NAME, help=module.HELP, description=module.HELP)
        module.configure(sub)
        sub.set_defaults(handler=module.run)
    return parser


def main(argv: list[str] | None = None) -> int:
    """`codeeval`'s entry point: parse the arguments and run the subcommand; its exit code."""
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "handler", None):
        parser.print_help()
        return EXIT_USAGE
    try:
        return args.handler(args)
    except CodeevalError as exc:
        print(f"codeeval: {exc.location_message()}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        print("codeeval: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return EXIT_OK
    except Exception as exc:  # a bug of ours: say so plainly, keep the traceback for a bug report
        if os.environ.get("CODEEVAL_DEBUG"):
            raise
        print(
            f"codeeval: internal error: {type(exc).__name__}: {exc} "
            "(please report it; set CODEEVAL_DEBUG=1 to see the traceback)",
            file=sys.stderr,
        )
        return EXIT_INTERNAL
