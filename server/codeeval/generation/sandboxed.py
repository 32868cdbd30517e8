"""Code that runs inside the sandbox next to the reference (or a candidate), never in the evaluator.

Preconditions are Python boolean expressions over the entry point's
arguments. The evaluator only parses them (`ast`, one expression each) and
writes them into a guard function appended to the reference's source; they
are evaluated inside the sandbox, in the reference's module (so they may call
its helpers), before the reference runs. A failed or raising precondition
raises `CodeevalPreconditionFailed`, and the input is discarded.

The same appended code turns record markers (see `values.RecordValue`) into
instances of the module's own dataclass or NamedTuple of that name.
"""

from __future__ import annotations

import ast
import keyword

from ..base import python_ast
from .values import RECORD_MARKER

GUARD_ENTRY = "__codeeval_guarded__"
ADAPTED_ENTRY = "__codeeval_adapted__"
REJECTED = "CodeevalPreconditionFailed"
MAX_PRECONDITION_CHARS = 4000


class PreconditionError(ValueError):
    """A problem's precondition (by index) cannot be read or run; the message says why."""

    def __init__(self, index: int, message: str):
        self.index = index
        super().__init__(f"preconditions[{index}]: {message}")


def parse_preconditions(texts: list[object]) -> list[str]:
    """Each precondition as normalised source of exactly one expression; raises PreconditionError."""
    parsed = []
    for index, text in enumerate(texts):
        if not isinstance(text, str) or not text.strip():
            raise PreconditionError(index, "empty expression")
        if len(text) > MAX_PRECONDITION_CHARS:
            raise PreconditionError(index, f"longer than {MAX_PRECONDITION_CHARS} characters")
        try:
            tree = python_ast.parse(text.strip(), mode="eval")
        except SyntaxError as exc:
            where = f"at column {exc.offset}" if exc.offset else "at the end"
            raise PreconditionError(index, f"syntax error {where}: {exc.msg}") from None
        parsed.append(ast.unparse(tree.body))
    return parsed


_BUILD = f"""
def _codeeval_build(value, depth=0):
    if depth > 200:
        return value
    kind = type(value)
    if kind is tuple and len(value) == 3 and value[0] == {RECORD_MARKER!r}:
        cls = globals().get(value[1])
        if cls is None:
            raise NameError("%s is not defined at module level (needed to build an input)" % value[1])
        return cls(**{{name: _codeeval_build(v, depth + 1) for name, v in value[2]}})
    if kind is list:
        return [_codeeval_build(v, depth + 1) for v in value]
    if kind is tuple:
        return tuple(_codeeval_build(v, depth + 1) for v in value)
    if kind is dict:
        return {{k: _codeeval_build(v, depth + 1) for k, v in value.items()}}
    return value
"""


def _target_source(entry_point: str) -> str:
    """`_codeeval_target()`: what a case calls, looked up at call time (the module may rebind it): the entry
    point, or for `Class.method` the method of a fresh instance, as the worker calls it."""
    owner, _, method = entry_point.partition(".")
    if not method:
        return f"\ndef _codeeval_target():\n    return globals()[{owner!r}]\n"
    return f"\ndef _codeeval_target():\n    return getattr(globals()[{owner!r}](), {method!r})\n"


def guard_source(entry_point: str, param_names: list[str], preconditions: list[str], records: bool) -> str:
    """Python appended to the reference: `__codeeval_guarded__(*args, **kwargs)` checks, then calls the entry point."""
    names = [n for n in param_names if n.isidentifier() and not keyword.iskeyword(n)]
    checks = []
    for index, expression in enumerate(preconditions):
        params = ", ".join(names + ["**_codeeval_rest"])
        checks.append(f"def _codeeval_check_{index}({params}):\n    return ({expression})\n")
    table = ", ".join(f"(_codeeval_check_{i}, {text!r})" for i, text in enumerate(preconditions))
    build = _BUILD if records else "\ndef _codeeval_build(value, depth=0):\n    return value\n"
    return f"""

# ---- appended by codeeval (generated edge cases): preconditions, then the reference ----
class {REJECTED}(Exception):
    pass
{build}
{"".join(checks)}
{_target_source(entry_point)}
_CODEEVAL_CHECKS = [{table}]
_CODEEVAL_SIGNATURE = {{}}


def {GUARD_ENTRY}(*args, **kwargs):
    target = _codeeval_target()
    args = _codeeval_build(args)
    kwargs = _codeeval_build(kwargs)
    if _CODEEVAL_CHECKS:
        import copy
        import inspect
        key = getattr(target, "__func__", target)  # a fresh instance's bound method: its function
        signature = _CODEEVAL_SIGNATURE.get(id(key))
        if signature is None:
            signature = _CODEEVAL_SIGNATURE[id(key)] = inspect.signature(target)
        try:
            bound = signature.bind(*args, **kwargs)
        except TypeError as exc:
            raise {REJECTED}("the arguments do not fit the signature: %s" % exc)
        bound.apply_defaults()
        arguments = copy.deepcopy(dict(bound.arguments))
        for check, text in _CODEEVAL_CHECKS:
            try:
                ok = check(**arguments)
            except Exception as exc:
                raise {REJECTED}("%s raised %s" % (text, type(exc).__name__))
            if not ok:
                raise {REJECTED}(text)
    return target(*args, **kwargs)
"""


def adapter_source(entry_point: str) -> str:
    """Python appended to a candidate whose inputs contain records: builds them with the candidate's own classes."""
    return f"""

# ---- appended by codeeval (generated edge cases): builds record inputs ----
{_BUILD}
{_target_source(entry_point)}

def {ADAPTED_ENTRY}(*args, **kwargs):
    return _codeeval_target()(*_codeeval_build(args), **_codeeval_build(kwargs))
"""
