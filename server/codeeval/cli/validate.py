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
    bad = environment = 0
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
        cause = environment_cause(errors)
        if cause:
            environment += 1
            print(f"env {path}: {cause}")
        elif errors:
            bad += 1
            for error in errors:
                print(error.location_message(), file=sys.stderr)
        else:
            print(f"ok  {path}")
    bad_decisions = _validate_decision_files(args.paths)
    here = f"; {environment} cannot be checked in this environment (env)" if environment else ""
    print(f"{len(files) - bad - environment} of {len(files)} problem files valid{here}", file=sys.stderr)
    return 2 if bad or bad_decisions else 0


def _validate_decision_files(paths: list[str]) -> int:
    """Check the decision file each path's runs would apply (docs/decisions.md); the number that do not read."""
    from ..decisions.decision import DecisionFileError
    from ..decisions.store import find_decision_file, read_decisions

    found = {file for file in (find_decision_file(path) for path in paths) if file is not None}
    bad = 0
    for file in sorted(found):
        try:
            log = read_decisions(file)
        except DecisionFileError as exc:
            bad += 1
            print(exc.location_message(), file=sys.stderr)
            continue
        count = len(log.decisions)
        print(f"ok  {file} ({count} decision{'' if count == 1 else 's'})")
    return bad


def environment_cause(errors: list) -> str:
    """When every error is the reference failing for a cause of this environment (a missing library, the
    network, ...: judging/environment_causes.py), that cause as a sentence: the file is not at fault, and
    `codeeval run` excludes the problem here; else empty."""
    from ..judging.environment_causes import classify

    messages = [str(error.message) for error in errors]
    found = classify(messages) if messages and all("reference" in m for m in messages) else None
    if found is None:
        return ""
    return f"{found.sentence} (not the file's fault; `codeeval run` excludes it here): {found.evidence}"
