"""A run folder's results, read as the few typed facts the review queue weighs.

Reads what `codeeval run -o OUT` publishes (docs/result-format.md): the results log for the rows, each
row's JSON report for the details. A report that is missing or does not parse is named in a warning and
skipped; the rest of the run is still read.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..base.errors import CodeevalError
from ..report.results_log import LOG_NAME, read_results_log
from ..report.standings import ResultRow
from ..results.result import EvaluationStatus

EDGE_CASES, CODE_QUALITY, CORRECTNESS, PERFORMANCE = "edge_cases", "code_quality", "correctness", "performance"


class RunFolderError(CodeevalError):
    """The folder given to `codeeval queue` is not a `codeeval run` output."""


@dataclass(frozen=True)
class FindingFacts:
    """One finding of a result: where, what, how sure codeeval is and what it cost."""

    dimension: str  # edge_cases or code_quality
    label: str  # the rule (CQ101) or the kind of failure (wrong output)
    fingerprint: str
    confidence: float
    low: bool  # shown marked: below the confidence a finding needs to cost points
    points: float  # what it cost its dimension (0: shown, free)
    inputs: int  # failing generated inputs behind an edge finding; 1 for a quality finding

    @property
    def costs(self) -> bool:
        return self.points > 0


@dataclass(frozen=True)
class Tally:
    """passed of total."""

    passed: int
    total: int

    @property
    def share(self) -> float:
        return self.passed / self.total if self.total else 1.0


@dataclass(frozen=True)
class TimingFacts:
    """The performance dimension's judged ratio, its 95% interval and the tolerance it was judged against."""

    ratio: float
    low: float
    high: float
    tolerance: float
    unstable: bool


@dataclass(frozen=True)
class ReviewFacts:
    """What people decided on a result: decisions applied, decisions made on older code (stale)."""

    applied: int
    stale: int
    reviewers: tuple[str, ...]
    decided: frozenset[str]  # fingerprints of findings a person dismissed or confirmed (applied decisions)


@dataclass(frozen=True)
class ResultFacts:
    """One result of the run, as the queue weighs it."""

    problem: str
    solution: str  # the label the run shows
    group: str
    score: float
    report: str  # the JSON report, relative to the run folder
    correctness: Tally | None
    generated: Tally | None  # the edge-case dimension's generated inputs
    findings: tuple[FindingFacts, ...]
    timing: TimingFacts | None
    review: ReviewFacts | None

    @property
    def markdown_report(self) -> str:
        return str(Path(self.report).with_suffix(".md"))


@dataclass(frozen=True)
class RunFacts:
    """Every result that could be read, and a warning (naming its file) for each that could not."""

    folder: Path
    results: tuple[ResultFacts, ...]
    warnings: tuple[str, ...]
    unscored: int  # results codeeval could not evaluate (internal errors): not queued


def read_run(folder: str | Path) -> RunFacts:
    """The results of a `codeeval run` output folder; RunFolderError when it is not one."""
    folder = Path(folder)
    if not folder.is_dir():
        raise RunFolderError("no such folder (expected a `codeeval run --output` folder)", str(folder))
    log = folder / LOG_NAME
    if not log.is_file():
        raise RunFolderError(f"not a `codeeval run` output folder: it has no {LOG_NAME}", str(folder))
    rows, warnings = read_results_log(log)
    results = []
    unscored = 0
    for row in rows:
        if row.status is not EvaluationStatus.OK:
            unscored += 1
            continue
        facts = _facts_of(folder, row, warnings)
        if facts is not None:
            results.append(facts)
    return RunFacts(folder, tuple(results), tuple(warnings), unscored)


def _facts_of(folder: Path, row: ResultRow, warnings: list[str]) -> ResultFacts | None:
    if not row.report:
        warnings.append(f"{folder / LOG_NAME}: {row.problem} {row.solution}: no report named; skipped")
        return None
    path = folder / row.report
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(data, dict) or not isinstance(data.get("dimensions"), dict):
            raise ValueError("not a codeeval result (no `dimensions`)")
        return _result_facts(row, data)
    except FileNotFoundError:
        warnings.append(f"{path}: the report is missing; skipped")
    except (OSError, UnicodeDecodeError, ValueError, TypeError, KeyError, AttributeError) as exc:
        warnings.append(f"{path}: not a readable result ({_short(exc)}); skipped")
    return None


def _short(exc: Exception) -> str:
    if isinstance(exc, json.JSONDecodeError):
        return f"not JSON: {exc.msg} at line {exc.lineno}"
    return f"{type(exc).__name__}: {exc}"[:200]


def _result_facts(row: ResultRow, data: dict[str, Any]) -> ResultFacts:
    dimensions: dict[str, Any] = data["dimensions"]
    review = _review(data.get("review"))
    decided = review.decided if review else frozenset()
    return ResultFacts(
        problem=row.problem,
        solution=row.solution,
        group=row.group,
        score=float(data.get("score", row.score)),
        report=str(row.report),
        correctness=_tally(dimensions.get(CORRECTNESS)),
        generated=_generated(dimensions.get(EDGE_CASES)),
        findings=tuple(f for f in _findings(dimensions) if f.fingerprint not in decided),  # a person has spoken
        timing=_timing(dimensions.get(PERFORMANCE)),
        review=review,
    )


def _applicable(entry: Any) -> bool:
    return isinstance(entry, dict) and bool(entry.get("applicable", True)) and entry.get("score") is not None


def _tally(entry: Any) -> Tally | None:
    if not _applicable(entry) or not isinstance(entry.get("total"), int):
        return None
    return Tally(int(entry.get("passed", 0)), int(entry["total"]))


def _generated(entry: Any) -> Tally | None:
    """The generated inputs' tally (`by_origin.generated`), None when none were judged."""
    if not _applicable(entry):
        return None
    counts = (entry.get("by_origin") or {}).get("generated")
    if not isinstance(counts, dict) or not counts.get("total"):
        return None
    return Tally(int(counts.get("passed", 0)), int(counts["total"]))


def _findings(dimensions: dict[str, Any]) -> Iterator[FindingFacts]:
    for name, key in ((EDGE_CASES, "kind"), (CODE_QUALITY, "rule")):
        entry = dimensions.get(name)
        if not isinstance(entry, dict):
            continue
        for finding in entry.get("findings") or ():
            yield _finding(name, key, finding)


def _finding(dimension: str, label_key: str, finding: dict[str, Any]) -> FindingFacts:
    confidence = finding.get("confidence") or {}
    points = float(finding.get("points") or 0.0)
    if finding.get("scored") is False:  # an edge finding shown but not scored costs nothing
        points = 0.0
    return FindingFacts(
        dimension=dimension,
        label=str(finding.get(label_key) or "?"),
        fingerprint=str(finding.get("fingerprint") or ""),
        confidence=float(confidence.get("value", 1.0)),
        low=bool(confidence.get("low", False)),
        points=points,
        inputs=int(finding.get("inputs") or 1),
    )


def _timing(entry: Any) -> TimingFacts | None:
    if not _applicable(entry):
        return None
    interval, ratio, tolerance = entry.get("ci95"), entry.get("ratio"), entry.get("tolerance")
    if not isinstance(interval, list) or len(interval) != 2 or ratio is None or tolerance is None:
        return None
    return TimingFacts(
        float(ratio), float(interval[0]), float(interval[1]), float(tolerance), bool(entry.get("unstable"))
    )


def _review(entry: Any) -> ReviewFacts | None:
    if not isinstance(entry, dict) or not entry.get("decisions"):
        return None
    decisions = [d for d in entry["decisions"] if isinstance(d, dict)]
    return ReviewFacts(
        applied=sum(bool(d.get("applied")) for d in decisions),
        stale=sum(bool(d.get("stale")) for d in decisions),
        reviewers=tuple(sorted({str(d.get("reviewer") or "?") for d in decisions})),
        decided=frozenset(str(d["finding"]) for d in decisions if d.get("applied") and d.get("finding")),
    )
