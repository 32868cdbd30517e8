"""The program and LeetCode-style datasets by kind: which importer reads a file's records, and how a file's
kind is recognised from its fields (`codeeval run FILE.jsonl` needs no kind)."""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

from . import apps, bigcodebench, codecontests, open_r1
from .bigcodebench import BigCodeBenchOptions
from .convert import BadLine, ImportReport, Progress
from .dataset_files import RecordConverter, import_each
from .livecodebench import KIND as LIVECODEBENCH
from .livecodebench import import_livecodebench


@dataclass(frozen=True)
class DatasetKind:
    """One dataset format: how a record is named, and how it becomes a problem file."""

    task_id_of: Callable[[dict[str, Any], int], str]
    convert: RecordConverter


DATASETS: dict[str, DatasetKind] = {
    apps.APPS: DatasetKind(apps.task_id_of, partial(apps.draft_of, kind=apps.APPS)),
    apps.TACO: DatasetKind(apps.task_id_of, partial(apps.draft_of, kind=apps.TACO)),
    codecontests.KIND: DatasetKind(codecontests.task_id_of, codecontests.draft_of),
    open_r1.KIND: DatasetKind(open_r1.task_id_of, open_r1.draft_of),
}
KINDS = (LIVECODEBENCH, bigcodebench.KIND, *DATASETS)
_TACO_FIELDS = ("time_limit", "memory_limit", "raw_tags", "skill_types", "Expected Time Complexity")


def dataset_kind(records: Sequence[dict[str, Any]]) -> str | None:
    """The dataset a file's records come from, by the fields only it has; None for none of these."""
    for record in records[:20]:
        if bigcodebench.is_bigcodebench(record):
            return bigcodebench.KIND
        if "verification_info" in record:
            return open_r1.KIND
        if "question_id" in record and ("public_test_cases" in record or "question_content" in record):
            return LIVECODEBENCH
        if "description" in record and any(tier in record for tier in codecontests.TIERS):
            return codecontests.KIND
        if "input_output" in record and "question" in record:
            return apps.TACO if any(key in record for key in _TACO_FIELDS) else apps.APPS
    return None


def import_dataset(
    kind: str,
    records: Sequence[tuple[int, dict[str, Any]]],
    output: str | Path,
    *,
    source: str = "",
    bad_lines: Sequence[BadLine] = (),
    progress: Progress | None = None,
    tasks: Collection[str] = (),
    limit: int | None = None,
    options: BigCodeBenchOptions | None = None,
) -> ImportReport:
    """Convert a dataset's numbered records (and list its malformed lines) into problem files under `output`;
    `tasks` and `limit` select which records and how many; `options`, a BigCodeBench file's split and
    calibration (default: complete, not calibrated)."""
    if kind == LIVECODEBENCH:
        report = ImportReport(kind, source)
        for bad in bad_lines:
            report.add(bad.task_id, None, bad.reason, progress)
        chosen = [record for _, record in records if not tasks or record.get("question_id") in tasks][:limit]
        done = import_livecodebench(chosen, output, source=source, progress=progress)
        report.converted, report.failed = done.converted, report.failed + done.failed
        return report
    if kind == bigcodebench.KIND:
        dataset = DatasetKind(bigcodebench.task_id_of, bigcodebench.converter(options or BigCodeBenchOptions()))
    else:
        dataset = DATASETS[kind]
    return import_each(
        kind,
        records,
        output,
        dataset.task_id_of,
        dataset.convert,
        source=source,
        bad_lines=bad_lines,
        progress=progress,
        tasks=tasks,
        limit=limit,
    )
