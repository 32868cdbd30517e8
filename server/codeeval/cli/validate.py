"""`codeeval validate PATH...`: schema, and the reference passes its own tests."""

from __future__ import annotations

import argparse
import sys

NAME = "validate"
HELP = "check problem files: schema, and the reference against its own tests"


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("paths", nargs="+", metavar="PATH", help="problem files or folders of them")
    parser.add_argument("--schema-only", action="store_true", help="do not run the references")


def run(args: argparse.Namespace) -> int:
    """Validate each problem file found under the given paths; 0 when all are valid."""
    from ..base.errors import CodeevalError, ProblemError
    from ..engine.validation import validate_problem
    from ..problem import find_problem_files, load_problem

    files = [f for path in args.paths for f in find_problem_files(path)]
    if not files:
        raise ProblemError("no problem files (*.yaml, *.yml) found", " ".join(args.paths))
    bad = 0
    names: dict[str, str] = {}
    for path in files:
        try:
            problem = load_problem(path)
            errors: list[CodeevalError] = [] if args.schema_only else list(validate_problem(problem))
            if problem.name in names:
                errors.append(
                    ProblemError(f"name: {problem.name!r} is also the name of {names[problem.name]}", str(path), 1)
                )
            names.setdefault(problem.name, str(path))
        except CodeevalError as exc:
            errors = [exc]
        if errors:
            bad += 1
            for error in errors:
                print(error.location_message(), file=sys.stderr)
        else:
            print(f"ok  {path}")
    print(f"{len(files) - bad} of {len(files)} problem files valid", file=sys.stderr)
    return 2 if bad else 0
