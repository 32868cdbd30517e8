"""open-r1's verifiable coding problems (open-r1/verifiable-coding-problems-python, from PrimeIntellect's
verifiable-coding-problems) -> `kind: program` problem files.

A record: `problem_id`, `in_source_id`, `source`, `task_type`, `problem_statement` (or `prompt`),
`gold_standard_solution` (often inside a ```python fence), `metadata` (`difficulty`, `time_limit`,
`memory_limit_bytes`...) and `verification_info`: an object (or its JSON text) with `language` and
`test_cases`, each `{type: "stdin_stdout", input, output}`.

Judged as open-r1's code reward judges: each output line stripped and compared with the expected line
(the `lines` checker, which also requires as many lines: open-r1 compares only as many as the shorter
side has, so an output cut short can pass there), 5 s per test (its subprocess time-out). A record in
another language, with `function_call` tests, or without tests is listed with the reason.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any

from ..problem.benchmark_rules import OPEN_R1
from ..problem.dataset_tests import test_case_list
from .convert import ConversionError
from .dataset_files import Draft, first_python, limits_mapping, program_mapping, program_tests

KIND = "open-r1"
TIME_PER_TEST_S = OPEN_R1.time_per_test_s  # open-r1's subprocess time-out per test
PYTHON = frozenset({"python", "python3", "py"})
_FENCE = re.compile(r"```[ \t]*(?:python3?|py)?[ \t]*\n(.*?)```", re.DOTALL | re.IGNORECASE)


def task_id_of(record: dict[str, Any], index: int) -> str:
    """`problem_id`, else `in_source_id`, else the record's position in the file."""
    for key in ("problem_id", "in_source_id", "task_id"):
        value = record.get(key)
        if isinstance(value, str) and value.strip():
            return value.strip()
    return str(index)


def draft_of(record: dict[str, Any], task_id: str) -> Draft:
    """The problem file's mapping for one record; ConversionError says why a record cannot be one."""
    info = _verification_info(record.get("verification_info"))
    language = info.get("language")
    if isinstance(language, str) and language.strip() and language.strip().lower() not in PYTHON:
        raise ConversionError(f"language {language!r}: only Python solutions are judged here")
    tests = test_case_list(info.get("test_cases") or [], "verification_info.test_cases")
    if tests.calls:
        raise ConversionError("function_call tests: only stdin_stdout tests are imported")
    statement = record.get("problem_statement") or record.get("prompt")
    if not isinstance(statement, str) or not statement.strip():
        raise ConversionError("no `problem_statement`")
    warnings: list[str] = []
    mapping = program_mapping(task_id, statement)
    gold = record.get("gold_standard_solution")
    reference = first_python([_unfenced(gold)]) if isinstance(gold, str) else None
    if reference is not None:
        mapping["reference"] = reference
    elif isinstance(gold, str) and gold.strip():
        warnings.append("gold_standard_solution does not parse as Python 3: no reference")
    mapping["tests"] = program_tests(tests.stdin, warnings)
    mapping["checker"] = OPEN_R1.checker_mapping()
    mapping["limits"] = limits_mapping(TIME_PER_TEST_S, None, len(mapping["tests"]), "time_per_test_s")
    return Draft(mapping, warnings)


def _verification_info(field: Any) -> Mapping[str, Any]:
    if isinstance(field, str):
        try:
            field = json.loads(field)
        except (ValueError, RecursionError):
            raise ConversionError("verification_info: not JSON") from None
    if not isinstance(field, Mapping):
        raise ConversionError("no `verification_info` object (with `language` and `test_cases`)")
    return field


def _unfenced(text: str) -> str:
    """The code of the first fenced block, or the text itself when it has none."""
    match = _FENCE.search(text)
    return match.group(1) if match else text
