"""DeepMind's CodeContests records (the JSON form of its `ContestProblem`) -> `kind: program` problem files.

A record: `name`, `description`, `public_tests` / `private_tests` / `generated_tests` (each `{input: [...],
output: [...]}`), `solutions` and `incorrect_solutions` (`{language: [...], solution: [...]}`, language 1
Python 2, 2 C++, 3 Python 3, 4 Java), `time_limit` (`{seconds, nanos}`), `memory_limit_bytes`, `input_file`
and `output_file` (set when a problem reads or writes files instead of stdin and stdout), `source`,
`difficulty`, `cf_*`.

Judged as CodeContests' own execution judges (execution/tester_sandboxer.cc, `OutputsMatch`): the output and
the expected output split at whitespace and lowercased, token for token; two tokens that are both numbers, one
of them not an integer, match within 1e-5 absolute. That is the `case_insensitive` checker with `abs_tol:
1e-5`. Every tier of tests is kept (public, private, generated, in that order) within the size a problem file
holds; the time limit is the statement's, the memory limit the statement's when above codeeval's default.
The reference is the first Python 3 solution that parses (not run at import: `codeeval validate` runs it).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..problem.benchmark_rules import CODECONTESTS
from ..problem.definition import ProblemLimits
from ..problem.io_problems import StdinTest
from .convert import ConversionError
from .dataset_files import Draft, first_python, limits_mapping, program_mapping, program_tests

KIND = "codecontests"
TIERS = ("public_tests", "private_tests", "generated_tests")
CHECKER = CODECONTESTS.checker_mapping()  # OutputsMatch: lowercased tokens, doubles within 1e-5
PYTHON3 = 3
LANGUAGES = {0: "unknown", 1: "Python 2", 2: "C++", 3: "Python 3", 4: "Java"}


def task_id_of(record: dict[str, Any], index: int) -> str:
    """The problem's `name` (`1548_E. Gregor and the Two Painters`), else its position in the file."""
    name = record.get("name")
    return name.strip() if isinstance(name, str) and name.strip() else str(index)


def draft_of(record: dict[str, Any], task_id: str) -> Draft:
    """The problem file's mapping for one record; ConversionError says why a record cannot be one."""
    description = record.get("description")
    if not isinstance(description, str) or not description.strip():
        raise ConversionError("no `description` (the statement)")
    for key in ("input_file", "output_file"):
        if isinstance(record.get(key), str) and record[key].strip():
            raise ConversionError(f"reads or writes a file ({key} {record[key]!r}) instead of stdin and stdout")
    warnings: list[str] = []
    mapping = program_mapping(task_id, description)
    reference = _reference(record.get("solutions"), warnings)
    if reference is not None:
        mapping["reference"] = reference
    mapping["tests"] = program_tests(_tests(record), warnings)
    mapping["checker"] = CHECKER
    memory = record.get("memory_limit_bytes")
    memory_mb = memory / 2**20 if isinstance(memory, (int, float)) and memory > 0 else None
    mapping["limits"] = limits_mapping(
        _seconds(record.get("time_limit")), memory_mb, len(mapping["tests"]), "time_per_test_s"
    )
    return Draft(mapping, warnings)


def _tests(record: dict[str, Any]) -> list[StdinTest]:
    tests: list[StdinTest] = []
    for tier in TIERS:
        value = record.get(tier)
        if value is None:
            continue
        if not isinstance(value, Mapping):
            raise ConversionError(f"{tier}: expected {{input: [...], output: [...]}}, got {type(value).__name__}")
        inputs, outputs = value.get("input") or [], value.get("output") or []
        if not isinstance(inputs, list) or not isinstance(outputs, list) or len(inputs) != len(outputs):
            raise ConversionError(f"{tier}: `input` and `output` must be lists of the same length")
        for number, (given, expected) in enumerate(zip(inputs, outputs, strict=True)):
            if not isinstance(given, str) or not isinstance(expected, str):
                raise ConversionError(f"{tier}[{number}]: input and output must be strings")
            tests.append(StdinTest(given, expected))
    return tests


def _reference(solutions: Any, warnings: list[str]) -> str | None:
    if not isinstance(solutions, Mapping):
        return None
    languages, programs = solutions.get("language") or [], solutions.get("solution") or []
    if not isinstance(languages, list) or not isinstance(programs, list):
        warnings.append("`solutions` is not {language: [...], solution: [...]}: no reference")
        return None
    python3 = [program for language, program in zip(languages, programs, strict=False) if language == PYTHON3]
    reference = first_python(python3)
    if reference is None and programs:
        kinds = sorted({LANGUAGES.get(language, str(language)) for language in languages})
        found = "none parses" if python3 else "none in Python 3"
        warnings.append(f"{len(programs)} solutions ({', '.join(kinds)}), {found}: no reference")
    return reference


def _seconds(limit: Any) -> float:
    """`{seconds, nanos}` (a protobuf Duration) -> seconds; codeeval's default when absent or zero."""
    if isinstance(limit, Mapping):
        seconds, nanos = limit.get("seconds") or 0, limit.get("nanos") or 0
        if isinstance(seconds, (int, float)) and isinstance(nanos, (int, float)):
            value = float(seconds) + float(nanos) / 1e9
            if 0 < value <= 600:
                return value
    return ProblemLimits().time_per_call_s
