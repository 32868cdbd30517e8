"""What the importers of code datasets (APPS, TACO, CodeContests, open-r1) share: a record's tests cut to a
size a problem file holds, limits read from a statement's words, a reference chosen among its solutions, and
the problem file written and loaded back through the real loader.

A record that cannot become a problem raises ConversionError with the reason; `import_each` lists it in the
report under its task id (and the line of the file it came from), never dropping it silently.
"""

from __future__ import annotations

import ast
import math
import re
from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..base import python_ast
from ..base.errors import CodeevalError
from ..problem import Problem
from ..problem.dataset_tests import DatasetFormatError
from ..problem.definition import ProblemLimits, safe_name
from ..problem.io_problems import CallTest, StdinTest
from ..problem.loader import problem_from_text
from ..problem.yaml_source import MAX_FILE_BYTES
from .convert import BadLine, ConversionError, Converted, ImportReport, Progress
from .yaml_writer import UnwritableValue, dump_problem, flow, same_value

MAX_TEST_BYTES = 2 * 1024 * 1024  # one test's input and output: larger ones are left out, and said so
TESTS_BUDGET_BYTES = 6 * 1024 * 1024  # all of a problem's tests (the loader reads files up to 8 MB)
MIN_MEMORY_MB = ProblemLimits().memory_mb  # judges' limits are set for C++; a Python worker needs more
MAX_MEMORY_MB = 65536
MAX_TOTAL_S = 86400.0


@dataclass
class Draft:
    """A problem file's mapping as an importer builds it, and what the reader of the report should know."""

    mapping: dict[str, Any]
    warnings: list[str] = field(default_factory=list)


RecordConverter = Callable[[dict[str, Any], str], Draft]  # (record, task id) -> draft; ConversionError if not


def import_each(
    kind: str,
    records: Iterable[tuple[int, dict[str, Any]]],
    output: str | Path,
    task_id_of: Callable[[dict[str, Any], int], str],
    convert: RecordConverter,
    *,
    source: str = "",
    bad_lines: Sequence[BadLine] = (),
    progress: Progress | None = None,
    tasks: Collection[str] = (),
    limit: int | None = None,
) -> ImportReport:
    """Write each convertible record as `<task id>.yaml` (loaded back through the real loader); list every
    other one, and every malformed line, with its reason. `tasks` and `limit` select records by task id (a
    record's position in the file names it when it has no id) and how many."""
    folder = Path(output)
    report = ImportReport(kind, source)
    for bad in bad_lines:
        report.add(bad.task_id, None, bad.reason, progress)
    chosen = 0
    for index, (line, record) in enumerate(records):
        task_id = task_id_of(record, index)
        if tasks and task_id not in tasks:
            continue
        if limit is not None and chosen >= limit:
            break
        chosen += 1
        try:
            draft = convert(record, task_id)
            report.add(task_id, write_draft(draft, folder, task_id), "", progress)
        except (ConversionError, DatasetFormatError, UnwritableValue) as exc:
            report.add(task_id, None, f"line {line}: {exc}", progress)
        except CodeevalError as exc:
            report.add(task_id, None, f"line {line}: {exc.location_message()}", progress)
        except (RecursionError, UnicodeError) as exc:
            report.add(task_id, None, f"line {line}: {type(exc).__name__}: {exc}"[:300], progress)
    return report


def write_draft(draft: Draft, folder: Path, task_id: str) -> Converted:
    """The draft as a problem file, refused unless the loader reads back the same tests."""
    text = dump_problem(draft.mapping)
    if len(text.encode("utf-8")) > MAX_FILE_BYTES:
        raise ConversionError(f"the problem file would exceed the {MAX_FILE_BYTES // 2**20} MB codeeval reads")
    path = folder / f"{safe_name(task_id)}.yaml"
    loaded = problem_from_text(text, str(path))
    _check_round_trip(draft.mapping.get("tests", []), loaded)
    suite = draft.mapping.get("test_suite")
    if suite is not None and (loaded.test_suite is None or loaded.test_suite.source != suite["source"]):
        raise ConversionError("the test suite did not survive the YAML round trip")
    folder.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return Converted(task_id, str(path), loaded.test_count, draft.warnings, loaded)


def _check_round_trip(tests: list[dict[str, Any]], loaded: Problem) -> None:
    if len(tests) != len(loaded.tests):
        raise ConversionError(f"{len(tests)} tests written, {len(loaded.tests)} read back")
    for number, (written, case) in enumerate(zip(tests, loaded.tests, strict=True), start=1):
        if "input" in written:
            same = case.args == [written["input"]] and case.expected == written["output"]
        else:
            same = same_value(case.args, _plain(written["args"])) and same_value(
                case.expected, _plain(written["expected"])
            )
        if not same:
            raise ConversionError(f"test {number} did not survive the YAML round trip")


def _plain(value: Any) -> Any:
    return getattr(value, "value", value)  # a Flow wrapper's value


def program_tests(tests: Sequence[StdinTest], warnings: list[str]) -> list[dict[str, str]]:
    """The tests as a program file writes them, the oversized ones and those past the budget left out."""
    kept: list[dict[str, str]] = []
    used = 0
    too_big = over_budget = 0
    for test in tests:
        size = len(test.input.encode("utf-8")) + len(test.output.encode("utf-8"))
        if size > MAX_TEST_BYTES:
            too_big += 1
        elif used + size > TESTS_BUDGET_BYTES:
            over_budget += 1
        else:
            used += size
            kept.append({"input": test.input, "output": test.output})
    if too_big:
        warnings.append(f"{too_big} test(s) over {MAX_TEST_BYTES // 2**20} MB left out")
    if over_budget:
        warnings.append(f"{over_budget} test(s) left out: the tests kept fill {TESTS_BUDGET_BYTES // 2**20} MB")
    if not kept:
        raise ConversionError("no test small enough to keep" if tests else "no test cases")
    return kept


def call_tests(tests: Sequence[CallTest]) -> list[dict[str, Any]]:
    """The tests as a function problem file writes them: positional arguments and the expected value."""
    if not tests:
        raise ConversionError("no test cases")
    return [{"args": flow(list(test.args)), "expected": flow(test.expected)} for test in tests]


_SECONDS = re.compile(r"([0-9]*\.?[0-9]+)\s*(milliseconds?|ms|seconds?|secs?|s)\b", re.IGNORECASE)
_MEGABYTES = re.compile(r"([0-9]*\.?[0-9]+)\s*(kilobytes?|kb|megabytes?|mb|gigabytes?|gb)\b", re.IGNORECASE)
_MB_PER_UNIT = {"k": 1 / 1024, "m": 1.0, "g": 1024.0}


def seconds_of(text: Any) -> float | None:
    """`"1 second"`, `"2.5 seconds"`, `"500 ms"` -> seconds; None for anything else (`"None"`, empty)."""
    match = _SECONDS.search(text) if isinstance(text, str) else None
    if match is None:
        return None
    value = float(match.group(1))
    value = value / 1000 if match.group(2).lower().startswith("m") else value
    return value if 0 < value <= 600 else None


def megabytes_of(text: Any) -> float | None:
    """`"256 megabytes"`, `"512 MB"`, `"1 GB"` -> megabytes; None for anything else."""
    match = _MEGABYTES.search(text) if isinstance(text, str) else None
    if match is None:
        return None
    value = float(match.group(1)) * _MB_PER_UNIT[match.group(2)[0].lower()]
    return value if value > 0 else None


def limits_mapping(time_per_test_s: float, memory_mb: float | None, tests: int, key: str) -> dict[str, Any]:
    """A problem's `limits`: the time per test, the statement's memory when above our floor, and a total that
    lets every test run to its limit (`key` is `time_per_test_s` for programs, `time_per_call_s` for functions)."""
    memory = min(MAX_MEMORY_MB, max(MIN_MEMORY_MB, math.ceil(memory_mb or 0)))
    total = min(MAX_TOTAL_S, max(ProblemLimits().total_time_s, math.ceil(time_per_test_s * tests)))
    return {key: time_per_test_s, "memory_mb": memory, "total_time_s": total}


def first_python(solutions: Iterable[Any], defines: str | None = None) -> str | None:
    """The first solution that parses as Python 3 (and defines `defines`: `f` or `Solution.f`), or None.
    Nothing is run: `codeeval validate` runs the reference against the tests."""
    for solution in solutions:
        if not isinstance(solution, str) or not solution.strip():
            continue
        try:
            tree = python_ast.parse(solution)
        except (SyntaxError, ValueError, RecursionError, MemoryError):
            continue  # Python 2 (print statements) and broken submissions
        if defines is None or _defines(tree, defines):
            return solution
    return None


def _defines(tree: ast.Module, entry: str) -> bool:
    owner, dot, method = entry.partition(".")
    for node in tree.body:
        if dot and isinstance(node, ast.ClassDef) and node.name == owner:
            return any(
                isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)) and item.name == method for item in node.body
            )
        if not dot and isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name == entry:
            return True
    return False


_INTERACTIVE = re.compile(r"\bthis is an interactive (problem|task)\b", re.IGNORECASE)


def refuse_interactive(statement: str) -> None:
    """An interactive problem talks with a judge program: its tests are not an input and an output."""
    if _INTERACTIVE.search(statement):
        raise ConversionError("an interactive problem (it talks with a judge program), which cannot be judged here")


def program_mapping(task_id: str, statement: str) -> dict[str, Any]:
    """The start of a stdin program's problem file: its name, kind, summary and statement (an interactive
    problem refused)."""
    refuse_interactive(statement)
    return {"name": task_id, "kind": "program", "summary": summary_of(statement, task_id), "prompt": statement}


def summary_of(statement: str, fallback: str) -> str:
    """The statement's first non-blank line, cut to 150 characters, or the fallback."""
    for line in statement.splitlines():
        line = line.strip()
        if line:
            return line if len(line) <= 150 else line[:147] + "..."
    return fallback
