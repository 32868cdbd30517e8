"""BigCodeBench's records -> function problems judged by each task's own unittest suite.

A record: `task_id`, `complete_prompt` (imports, signature, docstring), `instruct_prompt` (the same task in
words, ending with the code prompt in a fence), `code_prompt` (imports and the `def task_func(...):` line),
`canonical_solution` (the body), `test` (a module defining `class TestCases(unittest.TestCase)`), `entry_point`,
`libs` (a Python list literal as a string) and `doc_struct`. Each becomes a function problem whose reference is
`code_prompt + canonical_solution` and whose tests are the `test` module (`test_suite:`, one case per test
method), with the prompt of the chosen split. Generated edge cases and the performance dimension are off: the
entry points take files, data frames, URLs and figures, which neither a signature-driven generator nor a
size-indexed input family can build, and the suite is the task's whole specification.

Limits follow `bigcodebench.evaluate` (PyPI 0.2.x): 240 s for a task's whole suite, its TIMEOUT_LIMIT. The peer
has no limit per test; ours, 60 s, is a quarter of that, so one hanging test cannot starve the others of the
task's time and reports as a time-out of its own, while the slowest canonical tests (model fitting, plotting)
stay well under it (scripts/bench_bigcodebench.py measures them). Memory: 8 GB, where the peer sets 30 GB of
address space (in effect none): pandas, scikit-learn and matplotlib together reserve far more address space
than they use, and a limit of our usual 512 MB fails their imports.

Calibrated mode (the peer's `-calibrated` results) runs `code_prompt` with a `pass` body before the solution,
as its prelude: a solution that omits the imports or the signature still finds them, and one that defines
`task_func` replaces the placeholder. It is a problem field, chosen at import (`--calibrated`), and the
problem's summary says so, so every report of that problem states it.
"""

from __future__ import annotations

import ast
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any

from ..base import python_ast
from .convert import ConversionError
from .dataset_files import Draft, RecordConverter
from .sandbox_needs import capabilities_needed, sandbox_section

KIND = "bigcodebench"
TIME_PER_TASK_S = 240.0  # bigcodebench.eval's TIMEOUT_LIMIT (BIGCODEBENCH_TIMEOUT_PER_TASK)
TIME_PER_TEST_S = 60.0
MEMORY_MB = 8192
TOTAL_TIME_S = TIME_PER_TASK_S + 60.0  # the whole evaluation: the suite, then loading and the quality analysis
TEST_CLASS = "TestCases"  # the class bigcodebench.eval loads from the test module
# Fields only BigCodeBench's records have together (HumanEval has `canonical_solution` and `test`, no code prompt).
SIGNATURE_FIELDS = ("code_prompt", "canonical_solution", "test", "complete_prompt")


class Split(str, Enum):
    """Which prompt the model was given: the docstring to complete, or the instruction in words."""

    COMPLETE = "complete"
    INSTRUCT = "instruct"


@dataclass(frozen=True)
class BigCodeBenchOptions:
    """How an import builds its problems: the prompt's split, and whether the code prompt runs first."""

    split: Split = Split.COMPLETE
    calibrated: bool = False


def is_bigcodebench(record: dict[str, Any]) -> bool:
    """A BigCodeBench record, by the fields only it has."""
    return all(name in record for name in SIGNATURE_FIELDS)


def task_id_of(record: dict[str, Any], index: int) -> str:
    """The record's `task_id`, or its position in the file when it has none."""
    task_id = record.get("task_id")
    return task_id if isinstance(task_id, str) and task_id.strip() else f"record {index + 1}"


def libs_of(record: dict[str, Any]) -> list[str]:
    """The libraries a task uses: `libs` is a list literal held in a string (or, in some copies, a list)."""
    libs = record.get("libs", "[]")
    if isinstance(libs, str):
        try:
            libs = python_ast.literal_eval(libs) if libs.strip() else []
        except (ValueError, SyntaxError, MemoryError, RecursionError):
            raise ConversionError(f"libs: not a Python list literal: {libs[:80]!r}") from None
    if not isinstance(libs, (list, tuple)) or not all(isinstance(lib, str) for lib in libs):
        raise ConversionError("libs: expected a list of library names")
    return sorted(set(libs))


def _text(record: dict[str, Any], name: str) -> str:
    value = record.get(name)
    if not isinstance(value, str) or not value.strip():
        raise ConversionError(f"no string {name}")
    return value


def _parsed(source: str, what: str) -> ast.Module:
    try:
        return python_ast.parse(source)
    except (SyntaxError, ValueError, MemoryError, RecursionError) as exc:
        line = getattr(exc, "lineno", None)
        where = f" (line {line} of it)" if line else ""
        raise ConversionError(f"{what} does not parse{where}: {getattr(exc, 'msg', exc)}") from None


def _check_test_module(test: str) -> None:
    tree = _parsed(test, "test")
    if not any(isinstance(node, ast.ClassDef) and node.name == TEST_CLASS for node in tree.body):
        raise ConversionError(f"test defines no class {TEST_CLASS}")


def _check_reference(reference: str, entry_point: str) -> None:
    tree = _parsed(reference, "code_prompt + canonical_solution")
    defined = any(
        isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name == entry_point for node in tree.body
    )
    if not defined:
        raise ConversionError(f"code_prompt + canonical_solution defines no function {entry_point}")


def summary_of(record: dict[str, Any], task_id: str, libs: Sequence[str], options: BigCodeBenchOptions) -> str:
    """One line: the task's first sentence, then the split, calibrated or not, and the libraries it uses."""
    first = _first_line(str(record.get("instruct_prompt") or record.get("complete_prompt") or ""))
    first = first if len(first) <= 80 else first[:77] + "..."
    mode = f"{options.split.value} split" + (", calibrated" if options.calibrated else "")
    used = f"; libs: {', '.join(libs)}" if libs else ""
    return f"{first or task_id} (BigCodeBench, {mode}{used})"


def _first_line(text: str) -> str:
    return next((line.strip() for line in text.splitlines() if line.strip()), "")


def calibration_prelude(code_prompt: str) -> str:
    """The code prompt with a placeholder body, as the peer puts it before a calibrated solution."""
    return code_prompt.rstrip() + "\n    pass\n"


def problem_of(record: dict[str, Any], task_id: str, options: BigCodeBenchOptions) -> dict[str, Any]:
    """The problem file's mapping for one record; ConversionError says why a record cannot be one."""
    code_prompt = _text(record, "code_prompt")
    body = _text(record, "canonical_solution")
    test = _text(record, "test")
    entry_point = record.get("entry_point") or "task_func"
    if not isinstance(entry_point, str) or not entry_point.isidentifier():
        raise ConversionError(f"entry_point: not a function name: {entry_point!r}")
    prompt = _text(record, f"{options.split.value}_prompt")
    reference = code_prompt + body
    _check_reference(reference, entry_point)
    _check_test_module(test)
    libs = libs_of(record)
    mapping: dict[str, Any] = {
        "name": task_id,
        "summary": summary_of(record, task_id, libs, options),
        "prompt": prompt,
        "entry_point": entry_point,
        "reference": reference,
    }
    if options.calibrated:
        mapping["prelude"] = calibration_prelude(code_prompt)
    mapping["limits"] = {"time_per_call_s": TIME_PER_TEST_S, "memory_mb": MEMORY_MB, "total_time_s": TOTAL_TIME_S}
    mapping["test_suite"] = {"source": test, "time_per_test_s": TIME_PER_TEST_S, "time_per_task_s": TIME_PER_TASK_S}
    mapping["edge_cases"] = {"generate": {"enabled": False}}
    needed = capabilities_needed((reference, test), libs)  # processes, loopback: granted only under bubblewrap
    if needed:
        mapping["sandbox"] = sandbox_section(needed)
    return mapping


def converter(options: BigCodeBenchOptions) -> RecordConverter:
    """How a record becomes a problem file under these options (the split, the calibration)."""
    return lambda record, task_id: Draft(problem_of(record, task_id, options))
