"""People's dismissals in `codeeval check`: a quality finding dismissed on this exact file content (its
sha256, as every decision is keyed) is reported as suppressed, with who and why, and fails nothing.

Evaluation results apply decisions through `decisions.apply`; `check` has no problem and no score to change,
so only the dismissals of code-quality findings matter to it. A finding on which reviewers disagree stays
as it is.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from ..base.calibration import Calibration
from ..base.catalog import CODE_QUALITY
from ..decisions.decision import DecisionFileError
from ..decisions.rule_calibration import calibration_of
from ..decisions.store import EMPTY_LOG, DecisionLog, find_decision_file, read_decisions
from ..results.review import DecisionKind
from .check_files import Dismissal, FileResult

NO_DECISIONS = "none"


def dismissals(log: DecisionLog, sha256: str) -> dict[str, Dismissal]:
    """The code-quality findings dismissed on this content, by fingerprint; none where someone confirmed."""
    on_this = [
        d
        for d in log.decisions
        if d.solution_sha256 == sha256 and d.dimension == CODE_QUALITY.name and d.finding is not None
    ]
    confirmed = {d.finding for d in on_this if d.kind is not DecisionKind.DISMISS}
    return {
        d.finding: Dismissal(d.reviewer, d.reason, log.where(d))
        for d in on_this
        if d.kind is DecisionKind.DISMISS and d.finding is not None and d.finding not in confirmed
    }


def attach_dismissals(results: list[FileResult], log_for: Callable[[Path], DecisionLog]) -> None:
    """Each checked file's dismissed findings, from its decision log (`log_finder`)."""
    for result in results:
        if result.report is not None and result.sha256:
            result.dismissed = dismissals(log_for(result.path), result.sha256)


def log_finder(choice: str | None) -> Callable[[Path], DecisionLog]:
    """A checked file's decisions: `--decisions FILE`, none for `none`, else the nearest decision file from the
    file up to the repository's root. A malformed decision file raises DecisionFileError naming its line: check
    stops rather than fail on findings people dismissed."""
    if choice == NO_DECISIONS:
        return lambda _: EMPTY_LOG
    if choice:
        if not Path(choice).is_file():
            raise DecisionFileError("no such decision file", choice)
        chosen = read_decisions(choice)
        return lambda _: chosen
    cache: dict[Path | None, DecisionLog] = {}

    def nearest(path: Path) -> DecisionLog:
        found = find_decision_file(path)
        if found not in cache:
            cache[found] = read_decisions(found) if found is not None else EMPTY_LOG
        return cache[found]

    return nearest


def calibration_finder(log_for: Callable[[Path], DecisionLog]) -> Callable[[Path], Calibration]:
    """A checked file's calibration from its decision log, computed once per log (files share the nearest one)."""
    computed: dict[int, Calibration] = {}  # by the log's identity: `log_for` keeps every log it hands out

    def calibration(path: Path) -> Calibration:
        log = log_for(path)
        if id(log) not in computed:
            computed[id(log)] = calibration_of(log)
        return computed[id(log)]

    return calibration
