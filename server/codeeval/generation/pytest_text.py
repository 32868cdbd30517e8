"""A ready-to-paste pytest test reproducing a counterexample.

The test calls the entry point on the minimal input and asserts what the
reference did: returned a value (compared the way the problem compares:
tolerance, unordered, set; `is True`/`is None` where `==` would let `1` pass
for `True`) or raised an exception.
"""

from __future__ import annotations

import math
import re
from typing import Any

from ..problem.definition import Case, Compare, call_target
from .values import has_float, py_source, record_names, safe_repr


def _src(value: Any) -> str:
    try:
        return py_source(value)
    except ValueError:
        return safe_repr(value)


def _numbers_only(value: Any) -> bool:
    if isinstance(value, bool):
        return False
    if isinstance(value, (int, float)):
        return True
    if isinstance(value, (list, tuple)):
        return bool(value) and all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in value)
    if isinstance(value, dict):
        return bool(value) and all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in value.values())
    return False


def _call_text(target: str, args: list, kwargs: dict) -> str:
    parts = [_src(a) for a in args] + [f"{k}={_src(v)}" for k, v in kwargs.items()]
    return f"{target}({', '.join(parts)})"


def _judge_assertion(call: str, expected: Any, compare: Compare, args: list | None) -> list[str] | None:
    """The `not_none` and `root` modes' own checks, or None for the other modes."""
    if compare.mode == "not_none":
        present = expected if isinstance(expected, bool) else expected is not None
        return [f"result = {call}", f"assert (result if isinstance(result, bool) else result is not None) is {present}"]
    if compare.mode == "root" and args:
        tolerance = compare.float_tolerance or 1e-6
        return [
            f"result = {call}",
            f"assert abs(sum(c * result ** i for i, c in enumerate({_src(args[0])}))) <= {tolerance!r}",
        ]
    return None


def _assertion(call: str, expected: Any, compare: Compare, imports: set[str], args: list | None = None) -> list[str]:
    """Lines asserting that `call` gives `expected` under the problem's comparison."""
    special = _judge_assertion(call, expected, compare, args)
    if special is not None:
        return special
    if expected is None:
        return [f"assert {call} is None"]
    if isinstance(expected, bool):
        return [f"assert {call} is {expected}"]
    if isinstance(expected, float) and math.isnan(expected):
        imports.add("import math")
        return [f"assert math.isnan({call})"]
    if compare.mode == "unordered" and isinstance(expected, (list, tuple)):
        return [f"assert sorted({call}) == sorted({_src(expected)})"]
    if compare.mode == "set" and isinstance(expected, (list, tuple, set, frozenset)):
        return [f"assert set({call}) == set({_src(expected)})"]
    if has_float(expected) and _numbers_only(expected):
        absolute, relative = compare.float_tolerance, compare.relative_tolerance
        if compare.equality == "evalplus":
            absolute, relative = absolute or 1e-6, 1e-7
        if absolute or relative:
            imports.add("import pytest")
            return [
                f"assert {call} == pytest.approx({_src(expected)}, rel={relative or absolute!r}, "
                f"abs={absolute or 0.0!r}, nan_ok=True)"
            ]
        if _has_nan(expected):  # NaN != NaN in Python; codeeval counts NaN equal to NaN
            imports.add("import pytest")
            return [f"assert {call} == pytest.approx({_src(expected)}, rel=0, abs=0, nan_ok=True)"]
    return [f"assert {call} == {_src(expected)}"]


def _has_nan(value: Any) -> bool:
    values = value.values() if isinstance(value, dict) else value if isinstance(value, (list, tuple)) else [value]
    return any(isinstance(v, float) and math.isnan(v) for v in values)


def counterexample_test_name(entry_point: str, number: int) -> str:
    """A pytest function name for the entry point's n-th counterexample."""
    stem = re.sub(r"\W+", "_", entry_point).strip("_") or "solution"
    return f"test_{stem}_counterexample_{number}"


def pytest_for(
    entry_point: str,
    case: Case,
    expected: Any = None,
    raises: str | None = None,
    compare: Compare | None = None,
    number: int = 1,
    module: str = "solution",
) -> str:
    """The test's source text, with an import line to adjust to where the solution lives."""
    compare = compare or Compare()
    imports: set[str] = set()
    names = {entry_point.partition(".")[0]} | record_names(case.args) | record_names(case.kwargs)
    if case.calls:
        for call in case.calls:
            names |= record_names(call.args)
    body: list[str] = []
    if case.calls is None:
        call_text = _call_text(call_target(entry_point), case.args, case.kwargs)  # `Solution().f(...)` for a method
        if raises:
            imports.add("import pytest")
            body += [f"with pytest.raises({raises}):", f"    {call_text}"]
        else:
            body += _assertion(call_text, expected, compare, imports, case.args)
    else:
        body.append(f"obj = {_call_text(entry_point, case.args, case.kwargs)}")
        results = expected if isinstance(expected, (list, tuple)) else [None] * len(case.calls)
        for index, (call, result) in enumerate(zip(case.calls, results, strict=False)):
            text = _call_text(f"obj.{call.method}", list(call.args), dict(call.kwargs))
            last = index == len(case.calls) - 1
            if raises and last:
                imports.add("import pytest")
                body += [f"with pytest.raises({raises}):", f"    {text}"]
            else:
                body += _assertion(text, result, compare, imports)
    header = sorted(imports, key=lambda line: (line.startswith("from"), line))
    header.append(f"from {module} import {', '.join(sorted(names))}  # adjust to the module that defines them")
    test_name = counterexample_test_name(entry_point, number)
    lines = header + ["", "", f"def {test_name}():"] + [f"    {line}" for line in body]
    return "\n".join(lines) + "\n"
