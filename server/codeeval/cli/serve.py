"""`codeeval serve --problems DIR`: rewards over HTTP (POST /score), for trainers in other processes."""

from __future__ import annotations

import argparse
import os
import sys

from .options import DIMENSIONS, parse_weights

NAME = "serve"
HELP = "serve rewards over HTTP: POST /score, GET /health, GET /problems (docs/reward.md)"


def configure(parser: argparse.ArgumentParser) -> None:
    """`codeeval serve`'s arguments: the problems, the address, the job pool and its queue."""
    parser.add_argument(
        "--problems",
        "-p",
        help="folder of problem YAML files, loaded once (none: only items that carry their tests are scored)",
    )
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on (default: loopback only)")
    parser.add_argument("--port", type=int, default=8089, help="port (0: any free port, printed at start)")
    parser.add_argument(
        "--jobs",
        "-j",
        type=int,
        default=max(1, os.cpu_count() or 1),
        help="evaluations at once, over all requests (default: one per core)",
    )
    parser.add_argument(
        "--queue", type=int, default=256, help="samples held at once, running and waiting; beyond it requests get 429"
    )
    parser.add_argument("--max-items", type=int, default=256, help="samples in one request")
    parser.add_argument(
        "--grace",
        type=float,
        default=30.0,
        metavar="SECONDS",
        help="on shutdown, how long requests in flight may still finish",
    )
    parser.add_argument(
        "--token-env",
        metavar="VAR",
        help="require `Authorization: Bearer <token>`, the token read from this environment "
        "variable (not a flag: flags show in the process list)",
    )
    parser.add_argument(
        "--deterministic",
        action="store_true",
        help="performance in counted instructions: the same sample gets the same reward",
    )
    parser.add_argument(
        "--skip",
        action="append",
        default=[],
        choices=DIMENSIONS,
        metavar="DIMENSION",
        help="do not run a dimension; repeatable",
    )
    parser.add_argument(
        "--weights",
        type=parse_weights,
        default=None,
        metavar="NAME=W,...",
        help="dimension weights over the problems' own",
    )
    parser.add_argument(
        "--time-per-call",
        type=float,
        default=None,
        metavar="SECONDS",
        help="override the problems' per-call wall-clock limit",
    )
    parser.add_argument(
        "--mode",
        choices=("score", "fraction", "binary"),
        default=None,
        help="what every reward measures (default: score for a problem, fraction for a data source's tests)",
    )
    parser.add_argument(
        "--max-tests",
        type=int,
        default=None,
        metavar="N",
        help="run at most N tests per sample, the longest inputs first",
    )


def run(args: argparse.Namespace) -> int:
    """Load the problems and serve rewards over HTTP until stopped."""
    from ..base.errors import CodeevalError
    from ..reward import RewardScorer
    from ..service.app import ServiceLimits, ServiceState
    from ..service.uvicorn_server import bind, serve

    token = None
    if args.token_env:
        token = os.environ.get(args.token_env)
        if not token:
            raise CodeevalError(f"--token-env {args.token_env}: that environment variable is not set or empty")
    if args.jobs < 1 or args.queue < 1 or args.max_items < 1 or (args.max_tests is not None and args.max_tests < 1):
        raise CodeevalError("--jobs, --queue, --max-items and --max-tests must be at least 1")
    scorer = RewardScorer(
        args.problems,
        weights=args.weights,
        deterministic=args.deterministic,
        skip=args.skip,
        jobs=args.jobs,
        time_per_call_s=args.time_per_call,
        mode=args.mode,
        max_tests=args.max_tests,
    )
    limits = ServiceLimits(queue=args.queue, max_items=args.max_items, grace_s=args.grace)
    state = ServiceState(scorer, limits, args.jobs, token)
    try:
        sock = bind(args.host, args.port)
    except OSError as exc:
        raise CodeevalError(f"cannot listen on {args.host}:{args.port}: {exc.strerror}") from None
    host, port = sock.getsockname()[:2]
    count = len(scorer.library.names())

    def ready() -> None:
        print(
            f"codeeval serve: listening on http://{host}:{port} ({count} problems, {args.jobs} jobs"
            f"{', bearer token required' if token else ''})",
            file=sys.stderr,
            flush=True,
        )

    serve(state, sock, ready)
    print("codeeval serve: stopped", file=sys.stderr)
    return 0
