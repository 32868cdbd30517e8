"""Benchmark importers: HumanEval and EvalPlus (HumanEval+, MBPP+), LiveCodeBench (stdin problems) JSONL -> problem
YAML.

`import_file("evalplus", "HumanEvalPlus.jsonl.gz", "out/")` converts every
record it can and reports every one it cannot, by task id, with the reason.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from ..sandbox import Launcher
from .convert import (
    KINDS,
    ConversionError,
    Converted,
    Converter,
    ImportFileError,
    ImportReport,
    import_records,
    read_records,
    select,
)
from .evalplus_tasks import mbpp_release, restore_inputs
from .livecodebench import KIND as LIVECODEBENCH
from .livecodebench import import_livecodebench


def import_file(
    kind: str,
    path: str | Path,
    output: str | Path,
    *,
    tasks: list[str] | None = None,
    limit: int | None = None,
    launcher: Launcher | None = None,
    progress: Callable[[str, str], None] | None = None,
    jobs: int | None = None,
) -> ImportReport:
    """Convert a benchmark file (JSONL or JSONL.gz) into problem files under `output`."""
    records = read_records(path)
    if kind == LIVECODEBENCH:
        wanted = set(tasks or [])
        chosen = [r for r in records if not wanted or r.get("question_id") in wanted][:limit]
        return import_livecodebench(chosen, output, source=str(path), progress=progress)
    release = mbpp_release(records)
    return import_records(
        kind,
        select(records, tasks, limit),
        output,
        source=str(path),
        launcher=launcher,
        progress=progress,
        release=release,
        jobs=jobs,
    )


__all__ = [
    "KINDS",
    "ConversionError",
    "Converted",
    "Converter",
    "ImportFileError",
    "ImportReport",
    "import_file",
    "import_records",
    "mbpp_release",
    "read_records",
    "restore_inputs",
    "select",
]
