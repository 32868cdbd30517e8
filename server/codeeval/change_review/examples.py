"""Inputs the repository itself gives: literal calls of a function in its tests and other call sites.

`f(1, [2])` in tests/test_f.py is an input its author cared about; it is run on both versions like a
generated one, and its values teach generation the parameters' types where hints are missing. Only calls
whose arguments are all literals count (read with `ast.literal_eval`, never run).
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from ..base import python_ast
from ..base.catalog import CaseOrigin
from ..problem.definition import Case

MAX_EXAMPLES = 60
MAX_FILE_CHARS = 400_000  # a generated or vendored file this large holds no hand-written call worth reading


@dataclass(frozen=True)
class FoundCall:
    """A literal call found in the repository, with where it is."""

    case: Case
    path: str
    line: int


def _callee(node: ast.Call) -> str | None:
    if isinstance(node.func, ast.Name):
        return node.func.id
    if isinstance(node.func, ast.Attribute):
        return node.func.attr
    return None


def literal_case(node: ast.Call, path: str) -> Case | None:
    """The call as a case when every argument is a literal; None otherwise."""
    try:
        args = [python_ast.literal_eval(arg) for arg in node.args if not isinstance(arg, ast.Starred)]
        kwargs = {kw.arg: python_ast.literal_eval(kw.value) for kw in node.keywords if kw.arg is not None}
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        return None
    if len(args) != len(node.args) or len(kwargs) != len(node.keywords):
        return None
    return Case(args=args, kwargs=kwargs, name=f"{path}:{node.lineno}", line=node.lineno, origin=CaseOrigin.TEST)


def literal_calls(function: str, files: Iterable[str], read: Callable[[str], str | None]) -> list[FoundCall]:
    """Literal calls of `function` (its last name part) in `files`, test files first, at most MAX_EXAMPLES."""
    short = function.rpartition(".")[2]
    ordered = sorted(files, key=lambda p: (not is_test_file(p), p))
    found: list[FoundCall] = []
    for path in ordered:
        text = read(path)
        if text is None or short not in text or len(text) > MAX_FILE_CHARS:
            continue
        found.extend(_calls_in(text, short, path))
        if len(found) >= MAX_EXAMPLES:
            break
    return found[:MAX_EXAMPLES]


def _calls_in(text: str, short: str, path: str) -> list[FoundCall]:
    try:
        tree = python_ast.parse(text)
    except (SyntaxError, ValueError):
        return []
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and _callee(node) == short:
            case = literal_case(node, path)
            if case is not None:
                found.append(FoundCall(case, path, node.lineno))
    return found


def is_test_file(path: str) -> bool:
    name = path.rpartition("/")[2]
    return name.startswith("test_") or name.endswith("_test.py") or "/tests/" in f"/{path}" or name == "conftest.py"
