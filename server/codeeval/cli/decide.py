"""`codeeval decide`: record a person's decision on a result (dismiss or confirm a finding, override a score),
list the decisions, and measure how far reviewers agree (docs/decisions.md)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from ..base.errors import CodeevalError
from .options import existing_decision_log

NAME = "decide"
HELP = "record a decision on a result (dismiss/confirm a finding, override a score); list decisions; agreement"


def configure(parser: argparse.ArgumentParser) -> None:
    """`codeeval decide ACTION ...`."""
    actions = parser.add_subparsers(dest="action", metavar="ACTION", required=True)
    for kind, what in (("dismiss", "the finding is wrong here"), ("confirm", "the finding is right")):
        sub = actions.add_parser(kind, help=f"{what}: recorded, applied on every later run")
        sub.add_argument("report", help="the result's JSON report (from evaluate --format json or a run's folder)")
        sub.add_argument("finding", help="the finding's fingerprint (in the report), or its rule id when only one")
        _common(sub)
    override = actions.add_parser("override", help="set a dimension's score, or the total, by hand")
    override.add_argument("report", help="the result's JSON report")
    override.add_argument("target", help="a dimension's name, or 'total'")
    override.add_argument("score", type=float, help="the score, 0 to 100")
    _common(override)
    listing = actions.add_parser("list", help="the decisions in a decision file")
    listing.add_argument("--decisions", metavar="FILE", help="default: the nearest codeeval-decisions.jsonl")
    agreement = actions.add_parser("agreement", help="Cohen's kappa between reviewers, and with the automatic verdict")
    agreement.add_argument("--decisions", metavar="FILE", help="default: the nearest codeeval-decisions.jsonl")
    agreement.add_argument("--format", choices=["text", "json"], default="text")


def _common(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--reason", required=True, help="why: shown in every report beside the decision")
    parser.add_argument("--reviewer", help="who decides (default: git config user.name, else the login name)")
    parser.add_argument(
        "--decisions",
        metavar="FILE",
        help="the decision file (default: the nearest codeeval-decisions.jsonl from the problem up to the "
        "repository's root, else a new one beside the problem file)",
    )


def run(args: argparse.Namespace) -> int:
    """Carry out one `decide` action; the exit code."""
    if args.action == "list":
        return _list(args)
    if args.action == "agreement":
        return _agreement(args)
    return _record(args)


def _record(args: argparse.Namespace) -> int:
    from ..decisions.making import decidable_report
    from ..decisions.reviewer_name import reviewer_name
    from ..decisions.store import add_decision
    from ..results.review import DecisionKind

    data = _read_report(args.report)
    decidable = decidable_report(data, args.report)
    kind = DecisionKind(args.action)
    if kind is DecisionKind.OVERRIDE and not 0 <= args.score <= 100:
        raise CodeevalError(f"a score is from 0 to 100, not {args.score:g}")
    target = args.target if kind is DecisionKind.OVERRIDE else args.finding
    score = args.score if kind is DecisionKind.OVERRIDE else None
    decision = decidable.decide(kind, args.reviewer or reviewer_name(), args.reason, target, score)
    path = Path(args.decisions) if args.decisions else _decision_file_for(data, args.report)
    log = add_decision(path, decision)
    what = decision.finding or decision.dimension
    print(f"codeeval: {kind.value} {what} by {decision.reviewer} recorded in {path} ({len(log.decisions)} decisions)")
    return 0


def _read_report(path: str) -> dict[str, Any]:
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as exc:
        raise CodeevalError(f"cannot read the report: {exc.strerror}", path) from None
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise CodeevalError(f"not a JSON report: {exc}", path) from None
    if not isinstance(data, dict):
        raise CodeevalError("not a codeeval result (a JSON object)", path)
    return data


def _decision_file_for(data: dict[str, Any], report: str) -> Path:
    """The nearest decision file from the problem (else the report), or a new one beside the problem file."""
    from ..decisions.store import FILE_NAME, find_decision_file

    problem_path = data.get("problem_path")
    start = Path(problem_path) if isinstance(problem_path, str) and Path(problem_path).exists() else Path(report)
    found = find_decision_file(start)
    if found is not None:
        return found
    return (start if start.is_dir() else start.parent) / FILE_NAME


def _list(args: argparse.Namespace) -> int:
    log = existing_decision_log(args.decisions)
    for decision in log.decisions:
        what = (
            f"{decision.dimension} = {decision.score:g}"
            if decision.score is not None
            else f"{decision.rule} {decision.finding}"
        )
        print(
            f"{log.where(decision)}  {decision.kind.value:8} {decision.problem}  {decision.solution}  {what}  "
            f"by {decision.reviewer}: {decision.reason}"
        )
    return 0


def _agreement(args: argparse.Namespace) -> int:
    from ..decisions.agreement import agreements

    found = agreements(existing_decision_log(args.decisions))
    if args.format == "json":
        rows = [
            {
                "dimension": a.dimension,
                "first": a.first,
                "second": a.second,
                "items": a.items,
                "agreed": a.agreed,
                "kappa": None if a.kappa is None else round(a.kappa, 3),
            }
            for a in found
        ]
        sys.stdout.write(json.dumps(rows, indent=2) + "\n")
        return 0
    if not found:
        print("codeeval: no finding was decided by two raters yet")
    for a in found:
        kappa = "undefined (no variation)" if a.kappa is None else f"{a.kappa:.2f}"
        print(f"{a.dimension}: {a.first} vs {a.second}: {a.agreed}/{a.items} agree, kappa {kappa}")
    return 0
