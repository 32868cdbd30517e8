"""The `workspace/executeCommand` arguments, parsed into types at the edge.

Every codeeval command takes one argument object. A malformed one is refused with
InvalidParams naming the command and the field at fault, before any work starts; past
this module the commands handle typed values only.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pygls.exceptions import JsonRpcInvalidParams

from ..results.review import DecisionKind

EVALUATE = "codeeval.evaluate"
DECIDE_FINDING = "codeeval.decideFinding"
OVERRIDE_SCORE = "codeeval.overrideScore"


@dataclass(frozen=True)
class EvaluateArguments:
    """`codeeval.evaluate`'s argument: the document, which problem (None: find it), show the report."""

    uri: str
    problem: str | None = None  # a problem's name, or a path or URI of its file; "none": no problem
    show: bool = False  # the code lens: ask for the problem and open the report in the server


def argument_object(arguments: list, command: str, fields: tuple[str, ...]) -> dict[str, Any]:
    """The one argument object, with a non-empty string `uri` and no field outside `fields`."""
    if len(arguments) != 1 or not isinstance(arguments[0], dict):
        raise JsonRpcInvalidParams(f"{command} takes one argument object, got {_described(arguments)}")
    arg = arguments[0]
    unknown = sorted(str(key) for key in arg if key not in fields)
    if unknown:
        raise JsonRpcInvalidParams(f"{command}: unknown field `{unknown[0]}` (fields: {', '.join(fields)})")
    if not isinstance(arg.get("uri"), str) or not arg["uri"]:
        raise JsonRpcInvalidParams(f"{command}: the argument needs a string `uri`, got {_type_of(arg.get('uri'))}")
    return arg


def uri_argument(arguments: list, command: str) -> str:
    """The `uri` of a command whose argument object holds only that."""
    return argument_object(arguments, command, ("uri",))["uri"]


def parse_evaluate_arguments(arguments: list) -> EvaluateArguments:
    """`codeeval.evaluate`'s arguments as EvaluateArguments; InvalidParams names the field at fault."""
    arg = argument_object(arguments, EVALUATE, ("uri", "problem", "show"))
    problem, show = arg.get("problem"), arg.get("show")
    if problem is not None and not isinstance(problem, str):
        raise JsonRpcInvalidParams(f"{EVALUATE}: `problem` must be a string or null, got {_type_of(problem)}")
    if show is not None and not isinstance(show, bool):
        raise JsonRpcInvalidParams(f"{EVALUATE}: `show` must be true, false or absent, got {_type_of(show)}")
    return EvaluateArguments(uri=arg["uri"], problem=problem or None, show=bool(show))


@dataclass(frozen=True)
class DecideFindingArguments:
    """`codeeval.decideFinding`'s argument: dismiss or confirm one finding of the document, and why."""

    uri: str
    finding: str  # the finding's fingerprint (a diagnostic's `data.fingerprint`)
    kind: DecisionKind  # dismiss or confirm
    reason: str | None = None  # None: the editor's default reason (a client that cannot ask for one)
    reviewer: str | None = None  # None: `git config user.name`, else $USER


@dataclass(frozen=True)
class OverrideScoreArguments:
    """`codeeval.overrideScore`'s argument: a dimension's score (or the total) set by hand, and why."""

    uri: str
    dimension: str  # a dimension's name, or "total"
    score: float  # 0 to 100
    reason: str
    reviewer: str | None = None


def parse_decide_finding_arguments(arguments: list) -> DecideFindingArguments:
    """`codeeval.decideFinding`'s arguments; InvalidParams names the field at fault."""
    arg = argument_object(arguments, DECIDE_FINDING, ("uri", "finding", "kind", "reason", "reviewer"))
    finding = _required_text(arg, "finding", DECIDE_FINDING)
    kinds = (DecisionKind.DISMISS.value, DecisionKind.CONFIRM.value)
    if arg.get("kind") not in kinds:
        raise JsonRpcInvalidParams(f"{DECIDE_FINDING}: `kind` must be dismiss or confirm, got {arg.get('kind')!r}")
    return DecideFindingArguments(
        uri=arg["uri"],
        finding=finding,
        kind=DecisionKind(arg["kind"]),
        reason=_optional_text(arg, "reason", DECIDE_FINDING),
        reviewer=_optional_text(arg, "reviewer", DECIDE_FINDING),
    )


def parse_override_score_arguments(arguments: list) -> OverrideScoreArguments:
    """`codeeval.overrideScore`'s arguments; InvalidParams names the field at fault."""
    arg = argument_object(arguments, OVERRIDE_SCORE, ("uri", "dimension", "score", "reason", "reviewer"))
    score = arg.get("score")
    if isinstance(score, bool) or not isinstance(score, (int, float)) or not 0 <= score <= 100:
        given = repr(score) if isinstance(score, (int, float)) and not isinstance(score, bool) else _type_of(score)
        raise JsonRpcInvalidParams(f"{OVERRIDE_SCORE}: `score` must be a number from 0 to 100, got {given}")
    return OverrideScoreArguments(
        uri=arg["uri"],
        dimension=_required_text(arg, "dimension", OVERRIDE_SCORE),
        score=float(score),
        reason=_required_text(arg, "reason", OVERRIDE_SCORE),
        reviewer=_optional_text(arg, "reviewer", OVERRIDE_SCORE),
    )


def _required_text(arg: dict[str, Any], key: str, command: str) -> str:
    value = arg.get(key)
    if not isinstance(value, str) or not value.strip():
        raise JsonRpcInvalidParams(f"{command}: `{key}` must be a non-empty string, got {_type_of(value)}")
    return value.strip()


def _optional_text(arg: dict[str, Any], key: str, command: str) -> str | None:
    return None if arg.get(key) in (None, "") else _required_text(arg, key, command)


_JSON_TYPES = {
    bool: "a boolean",
    int: "a number",
    float: "a number",
    str: "a string",
    list: "an array",
    dict: "an object",
}


def _type_of(value: Any) -> str:
    """A JSON value's type as the client wrote it: `a string`, `an object`, `nothing` for null."""
    return "nothing" if value is None else _JSON_TYPES.get(type(value), f"a {type(value).__name__}")


def _described(arguments: Any) -> str:
    if not isinstance(arguments, list):
        return _type_of(arguments)
    if len(arguments) == 1:
        return _type_of(arguments[0])
    return f"{len(arguments)} arguments"
