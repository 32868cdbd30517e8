"""One review of a workspace folder's changes for the editor, in a worker thread: the review engine
(`change_review`), its reports under `.codeeval/reports/review.md|json`, and its findings as marks per file.

No LSP types here. The repository's code runs only in the sandbox; the launcher is wrapped so cancelling kills
its processes (jobs.py), and the review stops between functions once cancelled.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from ..base.atomic_file import write_text_atomically
from ..base.findings import Confidence
from ..decisions.accepted_changes import BEHAVIOUR_RULE, change_fingerprint
from .jobs import CancellableLauncher, CancelToken
from .report_files import report_dir
from .review_marks import SLOWDOWN_RULE, ReviewMark

if TYPE_CHECKING:  # names only: the review engine is imported in the worker thread (run)
    from ..change_review.report import FunctionReview

REPORT_STEM = "review"


@dataclass
class ReviewOutcome:
    """A finished review: its reports (None when nothing was reviewed), counts, and marks by absolute path."""

    message: str  # the verdict line, or why nothing was reviewed
    reviewed: bool  # False: not a git checkout, an unknown base, or no Python change
    report_path: Path | None = None
    json_path: Path | None = None
    changed: int = 0
    behaviour_changes: int = 0
    slowdowns: int = 0
    marks: dict[Path, list[ReviewMark]] = field(default_factory=dict)


def run(folder: Path, base: str, token: CancelToken, progress: Callable[[str], None]) -> ReviewOutcome:
    """Review `folder`'s changes against `base`; raises EvaluationCancelled once cancelled."""
    from ..change_review import ReviewOptions, review  # noqa: PLC0415  (1.3 s of imports)
    from ..change_review.review_output import to_json, to_markdown, verdict_line  # noqa: PLC0415
    from ..sandbox import default_launcher  # noqa: PLC0415

    token.check()
    done: list[FunctionReview] = []

    def on_function(result: FunctionReview) -> None:  # between functions: the place to stop
        done.append(result)
        progress(f"{len(done)} function(s) reviewed: {result.qualname} {result.comparison}")
        token.check()

    progress("reading the changes")
    launcher = CancellableLauncher(default_launcher(), token)
    options = ReviewOptions(base=base, paths=[folder], launcher=launcher, on_function=on_function)
    report = review(folder, options)
    token.check()
    if not report.commit:
        return ReviewOutcome(" ".join(report.messages) or f"{folder}: nothing to review", reviewed=False)
    changed = [f for f in report.functions if str(f.status) == "changed"]
    if not report.functions:
        return ReviewOutcome(f"no Python file under {folder} differs from {base}", reviewed=False)
    progress("writing the report")
    directory = report_dir(folder)
    directory.mkdir(parents=True, exist_ok=True)
    report_path, json_path = directory / f"{REPORT_STEM}.md", directory / f"{REPORT_STEM}.json"
    write_text_atomically(json_path, to_json(report))
    write_text_atomically(report_path, to_markdown(report))
    marks: dict[Path, list[ReviewMark]] = {}
    for function in report.functions:
        found = _marks_of(function)
        if found:
            marks.setdefault(Path(report.root) / function.path, []).extend(found)
    return ReviewOutcome(
        message=verdict_line(report).replace("**", ""),
        reviewed=True,
        report_path=report_path,
        json_path=json_path,
        changed=len(changed),
        behaviour_changes=len(report.behaviour_changes),
        slowdowns=len(report.slowdowns),
        marks=marks,
    )


def _marks_of(function: FunctionReview) -> list[ReviewMark]:
    """A function's behaviour changes (one per counterexample) and its slow-down, as marks."""
    marks = [
        ReviewMark(
            rule=BEHAVIOUR_RULE,
            qualname=function.qualname,
            message=f"behaviour change: base {finding.base}, now {finding.new}: `{finding.call}`",
            call=finding.call,
            confidence=_parts(finding.confidence),
            fingerprint=change_fingerprint(function.qualname, finding.call),
        )
        for finding in function.behaviour_changes
    ]
    speed = function.speed
    if speed is not None and speed.slower:
        marks.append(
            ReviewMark(
                rule=SLOWDOWN_RULE,
                qualname=function.qualname,
                message=f"slow-down: {_speed_text(speed.base_class, speed.new_class, speed.summary)}",
                call=speed.summary,
                confidence=_parts(speed.confidence),
                fingerprint=change_fingerprint(function.qualname, SLOWDOWN_RULE),
            )
        )
    return marks


def _speed_text(base_class: str | None, new_class: str | None, summary: str) -> str:
    """'now O(n^2), was O(n)' when both classes are known and differ, else the speed summary."""
    if base_class and new_class and base_class != new_class:
        return f"now {new_class}, was {base_class} ({summary})"
    return summary


def _parts(confidence: Confidence | None) -> dict[str, float]:
    if confidence is None:
        return {}
    parts = {part: float(getattr(confidence, part)) for part in Confidence.PARTS}
    parts["value"] = float(confidence.value)
    return parts
