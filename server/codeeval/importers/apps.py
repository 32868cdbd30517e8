"""APPS and TACO records -> problem files: stdin problems become `kind: program`, call-based ones
(`fn_name`) function problems.

A record: `question` (the statement), `solutions` (a JSON string: a list of Python programs), `input_output`
(a JSON string: `{"inputs", "outputs", "fn_name"?}`, problem/dataset_tests.py reads its quirks),
`starter_code`, `difficulty`, and in APPS `problem_id`; TACO adds `time_limit` ("1 second"), `memory_limit`
("256 megabytes"), `name`, `source`, tags. TACO has no id: a TACO problem is named by its position in the
file (0, 1, ...), as TACO's own evaluation numbers them.

How they are judged, after APPS' and TACO's evaluators (eval/testing_util.py, metrics/testing_util.py):
- time: 4 s per test, their alarm; a TACO statement's longer limit is kept, a shorter one is not (their
  evaluators ignore it, and a judge's limit is set for C++);
- stdin: the `tokens` checker with numpy.allclose's tolerances (rel 1e-5, abs 1e-8). Their evaluators
  accept an output equal once stripped, line by line once each line is stripped and blank lines dropped,
  or as numbers within allclose, all of which `tokens` accepts; their last fallback also accepts lines in
  another order, which is not reproduced;
- calls: `fn_name` on the module, or `Solution().fn_name` when the starter code defines `class Solution`
  (entry point `Solution.fn_name`), each output compared with structural equality (a returned tuple equals
  the list the dataset stores). The evaluator's imports (`math`, `collections`, `heapq`, `typing.List`...)
  are the problem's `prelude`, so a solution that relies on them runs as it does there (numpy is left out).
- reference: the first of `solutions` that parses as Python 3 (and for calls defines the entry point); it is
  not run at import (`codeeval validate` runs it against the tests: some APPS solutions fail their tests).
"""

from __future__ import annotations

import json
import re
from typing import Any

from ..problem.benchmark_rules import APPS as APPS_RULES
from ..problem.dataset_tests import io_json_tests
from .convert import ConversionError
from .dataset_files import (
    Draft,
    call_tests,
    first_python,
    limits_mapping,
    megabytes_of,
    program_tests,
    refuse_interactive,
    seconds_of,
    summary_of,
)

APPS = "apps"
TACO = "taco"
TIME_PER_TEST_S = APPS_RULES.time_per_test_s
CHECKER = APPS_RULES.checker_mapping()
PRELUDE = APPS_RULES.prelude
_SOLUTION_CLASS = re.compile(r"^\s*class\s+Solution\b", re.MULTILINE)


def task_id_of(record: dict[str, Any], index: int) -> str:
    """APPS' `problem_id` (or an `id`), else the record's position in the file (TACO)."""
    for key in ("problem_id", "id", "task_id"):
        value = record.get(key)
        if (isinstance(value, int) and not isinstance(value, bool)) or (isinstance(value, str) and value.strip()):
            return str(value).strip()
    return str(index)


def draft_of(record: dict[str, Any], task_id: str, kind: str = APPS) -> Draft:
    """The problem file's mapping for one record; ConversionError (or DatasetFormatError) says why not."""
    question = record.get("question")
    if not isinstance(question, str) or not question.strip():
        raise ConversionError("no `question` (the statement)")
    refuse_interactive(question)
    if record.get("input_output") in (None, "", "{}", {}):
        raise ConversionError("no tests (`input_output` is empty)")
    tests = io_json_tests(record["input_output"])
    warnings: list[str] = []
    solutions = _solutions(record.get("solutions"), warnings)
    time_s, memory_mb = _limits(record, kind, warnings)
    where = ", ".join(str(record[key]) for key in ("source", "difficulty") if isinstance(record.get(key), str))
    summary = summary_of(question, task_id) + (f" ({where})" if where else "")
    if tests.fn_name is not None:
        return _call_draft(
            record, task_id, question, summary, tests.fn_name, tests.calls, solutions, warnings, time_s, memory_mb
        )
    mapping: dict[str, Any] = {"name": task_id, "kind": "program", "summary": summary, "prompt": question}
    mapping["prelude"] = PRELUDE  # APPS' and TACO's evaluators put their imports before stdin programs too
    reference = first_python(solutions)
    if reference is not None:
        mapping["reference"] = reference
    elif solutions:
        warnings.append("no solution parses as Python 3: no reference")
    mapping["tests"] = program_tests(tests.stdin, warnings)
    mapping["checker"] = CHECKER
    mapping["limits"] = limits_mapping(time_s, memory_mb, len(mapping["tests"]), "time_per_test_s")
    return Draft(mapping, warnings)


def _call_draft(
    record: dict[str, Any],
    task_id: str,
    question: str,
    summary: str,
    fn_name: str,
    calls: Any,
    solutions: list[Any],
    warnings: list[str],
    time_s: float,
    memory_mb: float | None,
) -> Draft:
    starter = record.get("starter_code") if isinstance(record.get("starter_code"), str) else ""
    entry = f"Solution.{fn_name}" if _SOLUTION_CLASS.search(starter or "") else fn_name
    prompt = f"{question.rstrip()}\n\n{starter.rstrip()}\n" if starter and starter.strip() else question
    mapping: dict[str, Any] = {"name": task_id, "summary": summary, "prompt": prompt, "entry_point": entry}
    mapping["prelude"] = PRELUDE
    reference = first_python(solutions, entry)
    if reference is not None:
        mapping["reference"] = reference
    else:
        warnings.append(f"no solution parses as Python 3 and defines {entry}: no reference")
    mapping["tests"] = call_tests(calls)
    mapping["limits"] = limits_mapping(time_s, memory_mb, len(mapping["tests"]), "time_per_call_s")
    return Draft(mapping, warnings)


def _solutions(field: Any, warnings: list[str]) -> list[Any]:
    """`solutions`: a JSON string of a list of programs (or the list itself); a broken one only costs the
    reference."""
    if field in (None, ""):
        return []
    if isinstance(field, str):
        try:
            field = json.loads(field)
        except (ValueError, RecursionError):
            warnings.append("`solutions` is not JSON: no reference")
            return []
    if not isinstance(field, list):
        warnings.append("`solutions` is not a list: no reference")
        return []
    return field


def _limits(record: dict[str, Any], kind: str, warnings: list[str]) -> tuple[float, float | None]:
    if kind != TACO:
        return TIME_PER_TEST_S, None
    stated_time, stated_memory = record.get("time_limit"), record.get("memory_limit")
    time_s, memory_mb = seconds_of(stated_time), megabytes_of(stated_memory)
    for stated, read, what in ((stated_time, time_s, "time_limit"), (stated_memory, memory_mb, "memory_limit")):
        if read is None and isinstance(stated, str) and stated.strip() and stated.strip().lower() != "none":
            warnings.append(f"{what} {stated!r} not understood: the default kept")
    return max(TIME_PER_TEST_S, time_s or 0.0), memory_mb
