"""`codeeval lsp`: the language server, on standard input and output."""

from __future__ import annotations

import argparse
import logging
import sys

NAME = "lsp"
HELP = "run the language server (LSP over stdio) for editors"


def configure(parser: argparse.ArgumentParser) -> None:
    """`codeeval lsp`'s arguments: the transport flag clients pass, and where and how much to log."""
    parser.add_argument(
        "--stdio",
        action="store_true",
        help="talk LSP over stdin/stdout (the default; accepted because many clients pass it)",
    )
    parser.add_argument("--log-file", metavar="PATH", help="write the server's log here (stderr otherwise)")
    parser.add_argument("--log-level", choices=["debug", "info", "warning", "error"], default="warning")


def run(args: argparse.Namespace) -> int:
    """Serve the language server over stdio, logging where the arguments say."""
    from ..lsp import create_server

    handler = logging.FileHandler(args.log_file) if args.log_file else logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    logging.basicConfig(level=getattr(logging, args.log_level.upper()), handlers=[handler])
    server = create_server()
    server.start_io()
    return 0
