"""What a problem set needs installed: each task's third-party imports and NLTK data, from its sources.

A source is a BigCodeBench file (.jsonl or .jsonl.gz: each record's `libs` and the imports of its code),
a problem file or a folder of them (the imports of each problem's reference, test suite and prelude).
"""

from __future__ import annotations

import gzip
import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from ..base.errors import CodeevalError
from ..base.python_ast import literal_eval
from ..problem.loader import find_problem_files, load_problem
from .imports import imported_modules, third_party
from .nltk_data import nltk_data_needed

# Fields with code, in the order they join into a module: a prompt and its solution, then the tests.
CODE_FIELDS = ("prompt", "code_prompt", "canonical_solution", "test")


@dataclass(frozen=True)
class TaskNeeds:
    """One task's third-party imports (top-level module names) and the NLTK data its code loads."""

    task: str
    imports: frozenset[str]
    nltk_data: frozenset[str] = frozenset()


@dataclass
class ProblemSetNeeds:
    """Every task's needs; `bigcodebench`: a source is a BigCodeBench file (its lock applies); `warnings`: what
    was skipped (a malformed record or problem), naming file and line."""

    tasks: list[TaskNeeds] = field(default_factory=list)
    bigcodebench: bool = False
    warnings: list[str] = field(default_factory=list)

    def imports(self) -> set[str]:
        return {name for task in self.tasks for name in task.imports}

    def tasks_importing(self, modules: set[str]) -> list[str]:
        return [task.task for task in self.tasks if task.imports & modules]


def is_benchmark_file(path: Path) -> bool:
    return path.is_file() and (path.name.endswith(".jsonl") or path.name.endswith(".jsonl.gz"))


def is_bigcodebench_record(record: object) -> bool:
    return isinstance(record, dict) and "libs" in record and "code_prompt" in record and "task_id" in record


def is_bigcodebench_file(path: Path) -> bool:
    """A benchmark file whose first record is BigCodeBench's (its `libs` and `code_prompt`)."""
    if not is_benchmark_file(path):
        return False
    for _, line in _records(path):
        try:
            return is_bigcodebench_record(json.loads(line))
        except ValueError:
            return False
    return False


def read_needs(sources: list[str]) -> ProblemSetNeeds:
    """The needs of every task in `sources`; a source that does not exist is a CodeevalError naming it."""
    needs = ProblemSetNeeds()
    for source in sources:
        path = Path(source)
        if not path.exists():
            raise CodeevalError("no such file or folder", source)
        if is_benchmark_file(path):
            _read_benchmark(path, needs)
        else:
            _read_problems(path, needs)
    return needs


def _records(path: Path) -> Iterator[tuple[int, str]]:
    opener = gzip.open if path.name.endswith(".gz") else open
    try:
        with opener(path, "rt", encoding="utf-8") as stream:
            yield from enumerate(stream, start=1)
    except (OSError, UnicodeDecodeError, EOFError) as exc:
        raise CodeevalError(f"cannot read: {exc}", str(path)) from exc


def _read_benchmark(path: Path, needs: ProblemSetNeeds) -> None:
    """A benchmark's JSONL: BigCodeBench's `libs` and the imports of its code (HumanEval-like files: of theirs)."""
    for number, line in _records(path):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
            task = str(record["task_id"])
            libs = _libs(record.get("libs", []))
        except (ValueError, KeyError, TypeError, SyntaxError) as exc:
            needs.warnings.append(f"{path}:{number}: not a benchmark record ({type(exc).__name__}: {exc}); skipped")
            continue
        needs.bigcodebench |= is_bigcodebench_record(record)
        code = [str(record.get(name) or "") for name in CODE_FIELDS]
        modules = set(libs) | imported_modules(code[0] + code[1] + code[2]) | imported_modules(code[3])
        needs.tasks.append(TaskNeeds(task, third_party(modules), nltk_data_needed("\n".join(code))))


def _libs(value: object) -> list[str]:
    """BigCodeBench's `libs`: a list, or its Python text (`"['pandas', 'numpy']"`)."""
    if isinstance(value, str):
        value = literal_eval(value) if value.strip() else []
    if not isinstance(value, list):
        raise TypeError(f"libs is {type(value).__name__}, not a list")
    return [str(name) for name in value]


def _read_problems(path: Path, needs: ProblemSetNeeds) -> None:
    for file in find_problem_files(path):
        try:
            problem = load_problem(file)
        except CodeevalError as exc:
            needs.warnings.append(f"{exc.location_message()} (skipped)")
            continue
        suite = getattr(problem, "test_suite", None)
        parts = [getattr(problem, "reference", "") or "", getattr(problem, "prelude", "") or ""]
        parts.append(suite.source if suite is not None else "")
        modules: set[str] = set()
        for part in parts:
            modules |= imported_modules(part)
        needs.tasks.append(TaskNeeds(problem.name, third_party(modules), nltk_data_needed("\n".join(parts))))
