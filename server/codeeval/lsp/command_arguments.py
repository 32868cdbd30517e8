"""The `workspace/executeCommand` arguments, parsed into types at the edge.

Every codeeval command takes one argument object. A malformed one is refused with
InvalidParams naming the command and the field at fault, before any work starts; past
this module the commands handle typed values only.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pygls.exceptions import JsonRpcInvalidParams

EVALUATE = "codeeval.evaluate"


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
