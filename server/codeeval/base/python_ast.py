"""`ast.parse` and `ast.literal_eval` that threads can share.

On CPython 3.11, turning a parse into Python objects counts its recursion depth in state the whole
interpreter shares. If another thread parses while Python code runs in the middle of a conversion
(a finalizer the garbage collector calls, say), the count of one parse is overwritten by the other's
and `ast.parse` raises "SystemError: AST constructor recursion depth mismatch" on valid code
(python/cpython#106905 and its relatives). The runner, the importer and the language server parse on
thread pools, so every parse in codeeval goes through one lock here; the ruff gate (TID251) refuses
a direct call anywhere else in the package.
"""

from __future__ import annotations

import ast
import threading
import warnings
from typing import Any, Literal, overload

_PARSE_LOCK = threading.Lock()


@overload
def parse(source: str | bytes, filename: str = ..., mode: Literal["exec"] = ...) -> ast.Module: ...
@overload
def parse(source: str | bytes, filename: str = ..., *, mode: Literal["eval"]) -> ast.Expression: ...


def parse(source: str | bytes, filename: str = "<unknown>", mode: str = "exec") -> ast.mod:
    """The syntax tree of `source`, as `ast.parse` gives it, without the warnings the source's own text raises
    (an invalid escape such as `"\\d"` in a solution or a benchmark's tests is that code's matter, not the user's)."""
    with _PARSE_LOCK, warnings.catch_warnings():
        warnings.simplefilter("ignore", SyntaxWarning)
        warnings.simplefilter("ignore", DeprecationWarning)
        return ast.parse(source, filename=filename, mode=mode)  # noqa: TID251 - the one guarded call


def literal_eval(node_or_text: str | ast.AST) -> Any:
    """The value of a Python literal, as `ast.literal_eval` gives it; text is parsed under the lock."""
    if isinstance(node_or_text, str):
        # ast.literal_eval forgives leading spaces and tabs, so this does too
        node_or_text = parse(node_or_text.lstrip(" \t"), mode="eval")
    return ast.literal_eval(node_or_text)  # noqa: TID251 - a tree, nothing left to parse
