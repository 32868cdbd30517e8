"""The tests of code datasets as they carry them, parsed into `StdinTest` and `CallTest` (io_problems.py).

Two layouts cover APPS, TACO, CodeContests-derived RL sets, LiveCodeBench, open-r1 and verl's code data:

- `io_json_tests`: APPS' and TACO's `input_output` and verl prime_code's ground truth, `{"inputs": [...],
  "outputs": [...], "fn_name"?}` (a mapping, or the JSON text of one). Without `fn_name` each input is given
  on stdin and each output is the expected stdout; APPS stores some as lists of lines instead of strings, which
  its evaluator joins with newlines, as here. With `fn_name` the tests are calls: an input is the list of
  positional arguments (APPS, TACO) or, in verl's and LiveCodeBench's layout, a string with one JSON value per
  line; an output is the return value, or in that string layout its JSON text. APPS' evaluator accepts a
  return value equal to the expected output or to its only element, because its files wrap most outputs in a
  one-element list (`[[true], [false]]`) and leave others bare (`[12]`); a record whose every output is a
  one-element list is read as wrapped, and each is unwrapped.
- `test_case_list`: a list of `{input, output, testtype}` (LiveCodeBench's `public_test_cases`, verl's
  livecodebench ground truth) or `{input, output, type}` (open-r1's `verification_info.test_cases`,
  `stdin_stdout` or `function_call`), as a list or its JSON text.

Anything else raises `DatasetFormatError`, naming the field and why; nothing here runs code.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .io_problems import CallTest, StdinTest

STDIN_TYPES = frozenset({"stdin", "stdin_stdout"})  # LiveCodeBench's word; open-r1's
CALL_TYPES = frozenset({"functional", "function_call"})


class DatasetFormatError(ValueError):
    """A dataset's tests are not in a layout read here; the message names the field and why."""


@dataclass(frozen=True)
class DatasetTests:
    """A record's tests: stdin/stdout ones, call-based ones, and for calls the function or method name."""

    stdin: tuple[StdinTest, ...] = ()
    calls: tuple[CallTest, ...] = ()
    fn_name: str | None = None

    @property
    def count(self) -> int:
        return len(self.stdin) + len(self.calls)


def io_json_tests(data: Mapping[str, Any] | str | bytes, field: str = "input_output") -> DatasetTests:
    """APPS/TACO `input_output` or prime_code's ground truth -> tests; DatasetFormatError says what is wrong."""
    data = _decoded(data, field) if isinstance(data, (str, bytes)) else data
    if not isinstance(data, Mapping):
        raise DatasetFormatError(f"{field}: expected an object with `inputs` and `outputs`, got {_kind(data)}")
    inputs, outputs = data.get("inputs"), data.get("outputs")
    for name, value in (("inputs", inputs), ("outputs", outputs)):
        if not isinstance(value, list):
            raise DatasetFormatError(f"{field}.{name}: expected a list, got {_kind(value)}")
    assert isinstance(inputs, list) and isinstance(outputs, list)
    if len(inputs) != len(outputs):
        raise DatasetFormatError(f"{field}: {len(inputs)} inputs but {len(outputs)} outputs")
    fn_name = data.get("fn_name")
    if fn_name is None or fn_name == "":
        stdin = tuple(
            StdinTest(_text(i, f"{field}.inputs[{n}]"), _text(o, f"{field}.outputs[{n}]"), name=f"test {n + 1}")
            for n, (i, o) in enumerate(zip(inputs, outputs, strict=True))
        )
        return DatasetTests(stdin=stdin)
    if not isinstance(fn_name, str) or not fn_name.isidentifier():
        raise DatasetFormatError(f"{field}.fn_name: expected a function name, got {fn_name!r}")
    return DatasetTests(calls=_calls(inputs, outputs, field), fn_name=fn_name)


def test_case_list(
    items: Sequence[Mapping[str, Any]] | str | bytes, field: str = "test_cases", fn_name: str | None = None
) -> DatasetTests:
    """A list of `{input, output, testtype | type}` -> tests; `fn_name` for functional ones when no test names it."""
    items = _decoded(items, field) if isinstance(items, (str, bytes)) else items
    if not isinstance(items, Sequence) or isinstance(items, (str, bytes)):
        raise DatasetFormatError(f"{field}: expected a list of tests, got {_kind(items)}")
    stdin: list[StdinTest] = []
    calls: list[CallTest] = []
    for n, item in enumerate(items):
        where = f"{field}[{n}]"
        if not isinstance(item, Mapping):
            raise DatasetFormatError(f"{where}: expected an object, got {_kind(item)}")
        kind = item.get("testtype", item.get("type", "stdin"))
        given, expected = item.get("input"), item.get("output")
        if not isinstance(given, str) or not isinstance(expected, str):
            raise DatasetFormatError(f"{where}: `input` and `output` must be strings")
        if kind in STDIN_TYPES:
            stdin.append(StdinTest(given, expected, name=f"test {n + 1}"))
        elif kind in CALL_TYPES:
            named = item.get("fn_name")
            if isinstance(named, str) and named:
                fn_name = named
            calls.append(
                CallTest(_json_lines(given, f"{where}.input"), _json(expected, f"{where}.output"), f"test {n + 1}")
            )
        else:
            raise DatasetFormatError(f"{where}: unknown test type {kind!r} (expected one of {_known_types()})")
    if calls and fn_name is None:
        raise DatasetFormatError(f"{field}: functional tests but no function name (fn_name)")
    return DatasetTests(tuple(stdin), tuple(calls), fn_name if calls else None)


def _calls(inputs: list, outputs: list, field: str) -> tuple[CallTest, ...]:
    if all(isinstance(i, str) for i in inputs):  # verl's and LiveCodeBench's layout: JSON text
        return tuple(
            CallTest(
                _json_lines(i, f"{field}.inputs[{n}]"), _json_or_value(o, f"{field}.outputs[{n}]"), f"test {n + 1}"
            )
            for n, (i, o) in enumerate(zip(inputs, outputs, strict=True))
        )
    for n, given in enumerate(inputs):
        if not isinstance(given, list):
            raise DatasetFormatError(f"{field}.inputs[{n}]: expected the list of arguments, got {_kind(given)}")
    wrapped = bool(outputs) and all(isinstance(o, list) and len(o) == 1 for o in outputs)
    return tuple(
        CallTest(tuple(i), o[0] if wrapped else o, name=f"test {n + 1}")
        for n, (i, o) in enumerate(zip(inputs, outputs, strict=True))
    )


def _text(value: Any, where: str) -> str:
    """A stdin input or expected output: a string, or a list of lines joined as APPS' evaluator joins them."""
    if isinstance(value, str):
        return value
    if isinstance(value, list) and all(isinstance(line, str) for line in value):
        return "\n".join(value)
    raise DatasetFormatError(f"{where}: expected a string or a list of lines, got {_kind(value)}")


def _json_lines(text: str, where: str) -> tuple:
    """One JSON value per line: a call's positional arguments (LiveCodeBench's functional layout)."""
    lines = text.strip("\n").split("\n") if text.strip() else []
    return tuple(_json(line, f"{where} line {n + 1}") for n, line in enumerate(lines))


def _json_or_value(value: Any, where: str) -> Any:
    return _json(value, where) if isinstance(value, str) else value


def _json(text: str, where: str) -> Any:
    try:
        return json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise DatasetFormatError(f"{where}: not JSON ({_short(exc)})") from None


def _decoded(text: str | bytes, field: str) -> Any:
    try:
        return json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise DatasetFormatError(f"{field}: not JSON ({_short(exc)})") from None


def _short(exc: Exception) -> str:
    return exc.msg if isinstance(exc, json.JSONDecodeError) else type(exc).__name__


def _kind(value: Any) -> str:
    return "null" if value is None else type(value).__name__


def _known_types() -> str:
    return ", ".join(sorted(STDIN_TYPES | CALL_TYPES))
