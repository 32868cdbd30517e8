"""Benchmark importers: HumanEval and EvalPlus (HumanEval+, MBPP+), LiveCodeBench, APPS, TACO, CodeContests,
open-r1 and BigCodeBench JSONL -> problem YAML.

`import_file("evalplus", "HumanEvalPlus.jsonl.gz", "out/")` converts every
record it can and reports every one it cannot, by task id, with the reason.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from ..sandbox import Launcher
from .bigcodebench import BigCodeBenchOptions, Split
from .convert import (
    KINDS,
    ConversionError,
    Converted,
    Converter,
    ImportFileError,
    ImportReport,
    import_records,
    read_numbered_records,
    read_records,
    select,
)
from .datasets import DATASETS, dataset_kind, import_dataset
from .datasets import KINDS as DATASET_KINDS
from .evalplus_tasks import mbpp_release, restore_inputs


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
    bigcodebench: BigCodeBenchOptions | None = None,
) -> ImportReport:
    """Convert a benchmark file (JSONL or JSONL.gz) into problem files under `output`; a malformed line is
    listed in the report by file and line, and the rest of the file still imports. `bigcodebench`: the split
    and calibration of a BigCodeBench import."""
    numbered, bad_lines = read_numbered_records(path)
    if kind in DATASET_KINDS:
        return import_dataset(
            kind,
            numbered,
            output,
            source=str(path),
            bad_lines=bad_lines,
            progress=progress,
            tasks=set(tasks or ()),
            limit=limit,
            options=bigcodebench,
        )
    records = [record for _, record in numbered]
    report = import_records(
        kind,
        select(records, tasks, limit),
        output,
        source=str(path),
        launcher=launcher,
        progress=progress,
        release=mbpp_release(records),
        jobs=jobs,
    )
    report.failed = [(bad.task_id, bad.reason) for bad in bad_lines] + report.failed
    return report


__all__ = [
    "DATASETS",
    "DATASET_KINDS",
    "KINDS",
    "BigCodeBenchOptions",
    "ConversionError",
    "Converted",
    "Converter",
    "ImportFileError",
    "ImportReport",
    "Split",
    "dataset_kind",
    "import_dataset",
    "import_file",
    "import_records",
    "mbpp_release",
    "read_numbered_records",
    "read_records",
    "restore_inputs",
    "select",
]
