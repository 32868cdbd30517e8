"""Problem YAML -> `Problem`, with every error located: "problems/x.yaml:14: tests[2].expected: missing"."""

from __future__ import annotations

import ast
import json
from collections.abc import Iterable, Mapping
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any

import jsonschema

from ..base import python_ast
from ..base.capabilities import SandboxRequest
from ..base.catalog import CaseOrigin, ProblemKind, default_weights
from ..base.errors import ProblemError, ProblemErrors
from .definition import (
    COMPARE_MODES,
    EQUALITIES,
    Call,
    Case,
    Compare,
    EdgeCaseSpec,
    GenerateSpec,
    PerformanceSpec,
    Problem,
    ProblemLimits,
    one_of,
)
from .inputs import InputExpression, InputExpressionError
from .program_loader import PROGRAM_SCHEMA, build_program
from .stored_inputs import StoredInputs
from .suite_tests import collect_tests
from .test_suite_definition import TestSuiteSpec
from .visual_loader import VISUAL_SCHEMA, build_visual, visual_errors
from .yaml_source import YamlDocument, parse_yaml, read_text

MAX_REPORTED_ERRORS = 20


@lru_cache(maxsize=1)
def schema() -> dict:
    """The JSON Schema for problem files, shipped as package data."""
    return schema_named("problem.schema.json")


@lru_cache(maxsize=2)
def schema_named(name: str) -> dict:
    text = resources.files("codeeval.problem").joinpath(name).read_text(encoding="utf-8")
    return json.loads(text)


@lru_cache(maxsize=2)
def _validator(name: str = "problem.schema.json") -> jsonschema.Draft202012Validator:
    return jsonschema.Draft202012Validator(schema_named(name))


def field_path(keys: Iterable) -> str:
    """("tests", 2, "expected") -> "tests[2].expected"."""
    text = ""
    for key in keys:
        text += f"[{key}]" if isinstance(key, int) else (f".{key}" if text else str(key))
    return text or "(top level)"


def load_problem(path: str | Path) -> Problem:
    """Read, validate and build one problem; raises ProblemErrors listing every error found."""
    path = str(path)
    return problem_from_text(read_text(path), path)


def problem_from_text(text: str, path: str) -> Problem:
    """Parse and check a problem file's text; ProblemError names the file, line and field."""
    document = parse_yaml(text, path)
    if not isinstance(document.data, dict):
        raise ProblemError("expected a mapping of problem fields at the top level", path, 1)
    if document.data.get("kind") == ProblemKind.PROGRAM:
        errors = _schema_errors(document, PROGRAM_SCHEMA) or _program_errors(document)
        if errors:
            raise ProblemErrors(errors[:MAX_REPORTED_ERRORS])
        return build_program(document)
    if document.data.get("kind", ProblemKind.FUNCTION) != ProblemKind.FUNCTION:
        errors = _schema_errors(document, VISUAL_SCHEMA) or visual_errors(document)
        if errors:
            raise ProblemErrors(errors[:MAX_REPORTED_ERRORS])
        return build_visual(document)
    errors = _schema_errors(document) or _semantic_errors(document)
    if errors:
        raise ProblemErrors(errors[:MAX_REPORTED_ERRORS])
    return _build(document)


# -- schema ------------------------------------------------------------------------


def _schema_errors(document: YamlDocument, schema_name: str = "problem.schema.json") -> list[ProblemError]:
    found = []
    for error in _validator(schema_name).iter_errors(document.data):
        keys = tuple(error.absolute_path)
        message, keys = _describe_schema_error(error, keys)
        found.append(ProblemError(f"{field_path(keys)}: {message}", document.path, document.line_of(keys)))
    found.sort(key=lambda e: (e.line or 0, e.message))
    return found


_CHOICE_HINTS = {  # the field a `oneOf` is about -> what to write there
    "test_suite": "expected the suite's text or {source: ..., time_per_test_s: ..., time_per_task_s: ...}",
    "compare": "expected exact, unordered, set or {mode: ..., float_tolerance: ...}",
}


def _describe_schema_error(error: jsonschema.ValidationError, keys: tuple) -> tuple[str, tuple]:
    """A short sentence for one schema error, and the field it is really about."""
    if error.validator == "required":
        missing = error.message.split("'")[1] if "'" in error.message else "field"
        return "missing", keys + (missing,)
    if error.validator == "additionalProperties":
        return _unknown_field(error, keys)
    if error.validator == "anyOf" and not keys:
        return "missing (give `tests`, `test_suite` or both)", ("tests",)
    if error.validator == "oneOf":
        return _choice_hint(error, keys), keys
    return _value_error(error), keys


def _unknown_field(error: jsonschema.ValidationError, keys: tuple) -> tuple[str, tuple]:
    properties = error.schema.get("properties", {}) if isinstance(error.schema, Mapping) else {}
    known = sorted(properties)
    extra = [k for k in error.instance if k not in properties] if isinstance(error.instance, dict) else []
    return f"unknown field (expected one of: {', '.join(known)})", keys + (extra[0],) if extra else keys


def _choice_hint(error: jsonschema.ValidationError, keys: tuple) -> str:
    """What a field that takes one of several shapes should hold."""
    if keys and keys[-1] in _CHOICE_HINTS:
        return _CHOICE_HINTS[keys[-1]]
    if "calls" in keys:
        return "a call is [method, arg, ...] or {method: ..., args: [...], kwargs: {...}}"
    return error.message


def _value_error(error: jsonschema.ValidationError) -> str:
    """A value of the wrong type, outside its choices, or not a valid name."""
    if error.validator == "type":
        return f"expected {error.validator_value}, got {_yaml_type(error.instance)}"
    if error.validator in ("enum", "const"):
        value = error.validator_value
        allowed = value if error.validator == "enum" and isinstance(value, list) else [value]
        return f"{error.instance!r} is not one of {', '.join(map(repr, allowed))}"
    if error.validator == "pattern":
        return f"{error.instance!r} is not a valid name"
    return error.message


def _yaml_type(value: Any) -> str:
    names = {
        dict: "mapping",
        list: "list",
        str: "string",
        bool: "boolean",
        int: "integer",
        float: "number",
        type(None): "null",
    }
    return names.get(type(value), type(value).__name__)


# -- checks the schema cannot express ------------------------------------------------


def _semantic_errors(document: YamlDocument) -> list[ProblemError]:
    """What the schema cannot say: case fields that exclude each other, weights, the reference, settings."""
    return (
        _case_errors(document)
        + _calls_errors(document)
        + _weight_errors(document)
        + _reference_errors(document)
        + _quality_errors(document)
        + _performance_errors(document)
        + _test_suite_errors(document)
    )


def _error_at(document: YamlDocument, keys: tuple, message: str) -> ProblemError:
    return ProblemError(f"{field_path(keys)}: {message}", document.path, document.line_of(keys))


def _case_errors(document: YamlDocument) -> list[ProblemError]:
    """A test (of either tier) gives `expected` or `raises`, one of them; an edge case at most one."""
    errors = []
    for tier in ("tests", "extended_tests"):
        for index, case in enumerate(document.data.get(tier, [])):
            keys: tuple[str | int, ...] = (tier, index)
            if "expected" in case and "raises" in case:
                errors.append(_error_at(document, keys, "give either `expected` or `raises`, not both"))
            elif "expected" not in case and "raises" not in case:
                errors.append(_error_at(document, keys + ("expected",), "missing (give `expected` or `raises`)"))
    for index, case in enumerate(document.data.get("edge_cases", {}).get("cases", [])):
        if "expected" in case and "raises" in case:
            errors.append(
                _error_at(document, ("edge_cases", "cases", index), "give either `expected` or `raises`, not both")
            )
    return errors


def _calls_errors(document: YamlDocument) -> list[ProblemError]:
    """With `calls`, `expected` holds one result per call."""
    data = document.data
    errors = []
    for section, cases in (
        ("tests", data.get("tests", [])),
        ("extended_tests", data.get("extended_tests", [])),
        ("edge_cases.cases", data.get("edge_cases", {}).get("cases", [])),
    ):
        for index, case in enumerate(cases):
            if "calls" not in case or "expected" not in case:
                continue
            expected = case["expected"]
            if not isinstance(expected, (list, tuple)) or len(expected) != len(case["calls"]):
                errors.append(
                    _error_at(
                        document,
                        (*section.split("."), index, "expected"),
                        f"with `calls`, expected is a list of {len(case['calls'])} results",
                    )
                )
    return errors


def _weight_errors(document: YamlDocument) -> list[ProblemError]:
    weights = document.data.get("weights", {})
    if weights and sum({**default_weights(), **weights}.values()) <= 0:
        return [_error_at(document, ("weights",), "at least one weight must be positive")]
    return []


def _quality_errors(document: YamlDocument) -> list[ProblemError]:
    if not document.data.get("quality"):
        return []
    # The rules define the options a setting may name; only a problem that has settings loads them.
    from ..quality.config import QualityConfigError, resolve  # noqa: PLC0415  (27 rule modules, 0.15 s)

    try:
        resolve(document.data["quality"])
    except QualityConfigError as exc:  # its message already names the setting
        return [ProblemError(exc.message, document.path, document.line_of(("quality",)))]
    return []


def _performance_errors(document: YamlDocument) -> list[ProblemError]:
    perf = document.data.get("performance")
    if perf is None:
        return []
    errors = []
    try:
        InputExpression(perf["input"])
    except InputExpressionError as exc:
        errors.append(_error_at(document, ("performance", "input"), str(exc)))
    if list(perf["sizes"]) != sorted(set(perf["sizes"])):
        errors.append(_error_at(document, ("performance", "sizes"), "sizes must be distinct and increasing"))
    return errors


def _suite_keys(document: YamlDocument) -> tuple[str, ...]:
    """Where the suite's text is: `test_suite`, or `test_suite.source` in the long form."""
    return ("test_suite", "source") if isinstance(document.data.get("test_suite"), dict) else ("test_suite",)


def _test_suite_errors(document: YamlDocument) -> list[ProblemError]:
    """A suite must parse, define at least one test, and ask for no fixture but tmp_path (located in the suite)."""
    if "test_suite" not in document.data:
        return []
    keys = _suite_keys(document)
    first_line = document.block_start_line(keys) or 1
    source = document.data["test_suite"]["source"] if len(keys) == 2 else document.data["test_suite"]
    try:
        found = collect_tests(source)
    except SyntaxError as exc:
        line = first_line + (exc.lineno or 1) - 1
        return [ProblemError(f"test_suite: syntax error: {exc.msg}", document.path, line)]
    errors = [
        ProblemError(f"test_suite: {problem.message}", document.path, first_line + problem.line - 1)
        for problem in found.problems
    ]
    if not found.names:
        message = "test_suite: defines no tests (unittest.TestCase classes with test* methods, or test* functions)"
        errors.append(ProblemError(message, document.path, first_line))
    return errors


def _prelude_errors(document: YamlDocument) -> list[ProblemError]:
    """A prelude must parse: it runs before every solution, so its error would be every solution's."""
    prelude = document.data.get("prelude")
    if not prelude:
        return []
    try:
        python_ast.parse(prelude)
    except SyntaxError as exc:
        line = (document.block_start_line(("prelude",)) or 1) + (exc.lineno or 1) - 1
        return [ProblemError(f"prelude: syntax error: {exc.msg}", document.path, line)]
    return []


def _without_reference_errors(document: YamlDocument) -> list[ProblemError]:
    """With no reference, nothing may need one: every expected output is given, no performance section."""
    data = document.data
    errors = []
    if "performance" in data:
        errors.append(_error_at(document, ("performance",), "needs a `reference` to time the solution against"))
    for index, case in enumerate(data.get("edge_cases", {}).get("cases", [])):
        if "expected" not in case and "raises" not in case:
            keys = ("edge_cases", "cases", index, "expected")
            errors.append(_error_at(document, keys, "missing (no `reference` to compute it)"))
    return errors


def _method_errors(tree: ast.Module, entry: str, document: YamlDocument, first_line: int) -> list[ProblemError]:
    """`Class.method`: the reference defines the class at module level and the method in its body."""
    owner_name, _, method = entry.partition(".")
    owner = next((n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == owner_name), None)
    if owner is None:
        message = f"reference: does not define class {owner_name!r} (of entry_point {entry!r}) at module level"
        return [ProblemError(message, document.path, first_line)]
    methods = {n.name for n in owner.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))}
    if method not in methods:
        message = f"reference: class {owner_name!r} defines no method {method!r}"
        return [ProblemError(message, document.path, first_line)]
    if any("calls" in case for case in document.data.get("tests", [])):
        line = document.line_of(("entry_point",))
        message = f"tests use `calls`, so entry_point must be a class, not the method {entry!r}"
        return [ProblemError(message, document.path, line)]
    return []


def _reference_errors(document: YamlDocument) -> list[ProblemError]:
    """The reference must parse and define the entry point (checked statically; it runs only in the sandbox)."""
    data, path = document.data, document.path
    if "reference" not in data:
        return _prelude_errors(document) + _without_reference_errors(document)
    first_line = document.block_start_line(("reference",)) or 1
    try:
        tree = python_ast.parse(data["reference"])
    except SyntaxError as exc:
        line = first_line + (exc.lineno or 1) - 1
        return [ProblemError(f"reference: syntax error: {exc.msg}", path, line)]
    defined: dict[str, ast.stmt] = {
        node.name: node for node in tree.body if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))
    }
    defined.update(
        {
            target.id: node
            for node in tree.body
            if isinstance(node, ast.Assign)
            for target in node.targets
            if isinstance(target, ast.Name)
        }
    )
    entry = data["entry_point"]
    if "." in entry:
        return _prelude_errors(document) + _method_errors(tree, entry, document, first_line)
    if entry not in defined:
        return [ProblemError(f"reference: does not define entry_point {entry!r} at module level", path, first_line)]
    uses_calls = any("calls" in case for case in data.get("tests", []))
    if uses_calls and not isinstance(defined[entry], ast.ClassDef):
        return [
            ProblemError(
                f"tests use `calls`, so entry_point {entry!r} must be a class", path, document.line_of(("entry_point",))
            )
        ]
    return _prelude_errors(document)


def _program_errors(document: YamlDocument) -> list[ProblemError]:
    """A program problem's weights and quality settings as a function's; its reference script must parse."""
    errors = _weight_errors(document) + _quality_errors(document) + _prelude_errors(document)
    script = document.data.get("reference")
    if script is None:
        return errors
    try:
        python_ast.parse(script)
    except SyntaxError as exc:
        line = (document.block_start_line(("reference",)) or 1) + (exc.lineno or 1) - 1
        errors.append(ProblemError(f"reference: syntax error: {exc.msg}", document.path, line))
    return errors


# -- building ------------------------------------------------------------------------


def _build_call(item: Any) -> Call:
    if isinstance(item, dict):
        return Call(item["method"], tuple(item.get("args", [])), dict(item.get("kwargs", {})))
    return Call(str(item[0]), tuple(item[1:]), {})


def _build_case(raw: dict, line: int | None, origin: CaseOrigin) -> Case:
    calls = [_build_call(c) for c in raw["calls"]] if "calls" in raw else None
    case = Case(
        args=list(raw.get("args", [])),
        kwargs=dict(raw.get("kwargs", {})),
        calls=calls,
        raises=raw.get("raises"),
        name=raw.get("name"),
        line=line,
        origin=origin,
    )
    if "expected" in raw:
        case.expected = raw["expected"]
    return case


def _build_compare(raw: Any) -> Compare:
    if raw is None:
        return Compare()
    if isinstance(raw, str):
        return Compare(mode=one_of(raw, COMPARE_MODES))
    return Compare(
        mode=one_of(raw.get("mode", "exact"), COMPARE_MODES),
        float_tolerance=raw.get("float_tolerance"),
        equality=one_of(raw.get("equality", "structural"), EQUALITIES),
        relative_tolerance=raw.get("relative_tolerance"),
        also_accept=tuple(raw.get("also_accept", ())),
    )


def _build_stored_inputs(document: YamlDocument) -> StoredInputs | None:
    text = document.data.get("extended_inputs")
    if not text:
        return None
    return StoredInputs(text, document.path, document.block_start_line(("extended_inputs",)))


def _build_test_suite(document: YamlDocument) -> TestSuiteSpec | None:
    raw = document.data.get("test_suite")
    if raw is None:
        return None
    line = document.block_start_line(_suite_keys(document))
    if isinstance(raw, str):
        return TestSuiteSpec(source=raw, line=line)
    settings = {key: float(raw[key]) for key in ("time_per_test_s", "time_per_task_s") if key in raw}
    return TestSuiteSpec(source=raw["source"], line=line, **settings)


def _build(document: YamlDocument) -> Problem:
    data = document.data
    tests = [
        _build_case(raw, document.line_of(("tests", i)), CaseOrigin.TEST) for i, raw in enumerate(data.get("tests", []))
    ]
    extended = [
        _build_case(raw, document.line_of(("extended_tests", i)), CaseOrigin.EXTENDED)
        for i, raw in enumerate(data.get("extended_tests", []))
    ]
    edge_raw = data.get("edge_cases", {})
    edge_cases = [
        _build_case(raw, document.line_of(("edge_cases", "cases", i)), CaseOrigin.EDGE)
        for i, raw in enumerate(edge_raw.get("cases", []))
    ]
    generate = GenerateSpec(**edge_raw.get("generate", {}))
    perf_raw = data.get("performance")
    performance = None
    if perf_raw is not None:
        performance = PerformanceSpec(line=document.line_of(("performance",)), **perf_raw)
    limits = ProblemLimits(**data.get("limits", {}))
    return Problem(
        name=data["name"],
        summary=data["summary"],
        entry_point=data["entry_point"],
        reference=data.get("reference", ""),
        tests=tests,
        extended_tests=extended,
        extended_inputs=_build_stored_inputs(document),
        compare=_build_compare(data.get("compare")),
        limits=limits,
        weights={**default_weights(), **{k: float(v) for k, v in data.get("weights", {}).items()}},
        edge_cases=EdgeCaseSpec(cases=edge_cases, generate=generate),
        performance=performance,
        quality=dict(data.get("quality", {})),
        prompt=data.get("prompt"),
        samples=dict(data.get("samples", {})),
        path=document.path,
        reference_line=document.block_start_line(("reference",)),
        prelude=data.get("prelude", ""),
        test_suite=_build_test_suite(document),
        sandbox=SandboxRequest(**data.get("sandbox", {})),
    )


def find_problem_files(root: str | Path) -> list[Path]:
    """Problem files under a folder (or the file itself), skipping the samples tree."""
    root = Path(root)
    if root.is_file():
        return [root]
    return sorted(p for p in root.rglob("*.y*ml") if p.suffix in (".yaml", ".yml") and "samples" not in p.parts)
