"""`codeeval ci run`: everything the action does between installing codeeval and uploading its reports.

1. evaluate the problems (a folder of solutions or samples files) with `codeeval run`;
2. on a pull request, evaluate the base branch the same way and compare (`codeeval diff`);
3. check the quality of the solution files (or the given paths) with `codeeval check` (SARIF);
4. annotate findings (on a pull request: only those on changed lines);
5. make the badge, the summary and the comment body; apply the failure policy.

The commands run as child processes, exactly as a user would run them. The
step never fails the job itself: `failure` (an output) says why the job
should fail, and the action's last step acts on it after the reports are
uploaded and the comment posted.
"""

from __future__ import annotations

import json
import subprocess
import sys
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path

from ..badge import badge_svg, endpoint_json
from ..base.errors import CodeevalError
from ..diff import RunDiff, Snapshot, compare, load_snapshot
from ..diff.markdown import to_markdown
from .action_inputs import ActionInputs, Mode
from .change_review_step import ChangeReview, review_pull_request
from .git import GitError, changed_lines, checkout_beside
from .sarif_findings import QualityFinding, read_sarif
from .summary import SummaryParts, render
from .workflow import PullRequest, RunnerEnvironment

MAX_SUMMARY = 900_000  # GitHub takes at most 1 MiB of job summary per step
MAX_ANNOTATIONS = 50  # GitHub shows only the first few per step anyway; the SARIF upload has them all


class EvaluationFailed(CodeevalError):
    """`codeeval run` or `codeeval check` could not run (bad problems, no solutions): the log says why."""


@dataclass
class CiOutcome:
    """What a CI run produced: the score, the files written, the counts, and why the job should fail."""

    report_dir: Path
    score: float | None = None
    summary: Path | None = None
    comment: Path | None = None
    leaderboard: Path | None = None
    sarif: Path | None = None
    diff: Path | None = None
    badge_svg: Path | None = None
    badge_json: Path | None = None
    regressions: int = 0
    annotations: int = 0
    failures: list[str] = field(default_factory=list)

    def outputs(self) -> dict[str, str]:
        """The step's outputs: paths are absolute, absent ones empty."""

        def path(value: Path | None) -> str:
            return str(value) if value is not None else ""

        return {
            "score": "" if self.score is None else f"{self.score:.2f}",
            "report-dir": str(self.report_dir),
            "summary": path(self.summary),
            "comment": path(self.comment),
            "leaderboard": path(self.leaderboard),
            "sarif": path(self.sarif),
            "diff": path(self.diff),
            "badge-svg": path(self.badge_svg),
            "badge-json": path(self.badge_json),
            "regressions": str(self.regressions),
            "annotations": str(self.annotations),
            "failure": "; ".join(self.failures),
        }


def run_ci(inputs: ActionInputs, env: RunnerEnvironment, echo: Callable[[str], None] = print) -> CiOutcome:
    """Run the whole CI evaluation and write its files; workflow commands go to `echo` (standard output)."""
    workspace = env.workspace.resolve()
    outcome = CiOutcome(report_dir=(workspace / inputs.output_dir).resolve())
    outcome.report_dir.mkdir(parents=True, exist_ok=True)
    pull = env.pull_request
    notes: list[str] = []
    snapshot: Snapshot | None = None
    diff: RunDiff | None = None
    if inputs.mode is not Mode.QUALITY:
        outcome.leaderboard = _evaluate(inputs, workspace, outcome.report_dir / "run")
        snapshot = load_snapshot(outcome.leaderboard)
        outcome.score = snapshot.mean_score
        if snapshot.internal_errors:
            notes.append(
                f"{snapshot.internal_errors} solution(s) have no score: codeeval itself failed on them "
                "(status internal_error; their reports have the traceback). The score leaves them out."
            )
        if pull is not None and inputs.compare_base:
            diff = _compare_with_base(inputs, env, pull, outcome, snapshot, notes)
    findings, mean_quality, checked = _check_quality(inputs, workspace, outcome)
    if inputs.mode is Mode.QUALITY:
        outcome.score = mean_quality
    shown, scope = _findings_to_show(findings, workspace, pull, notes)
    if inputs.annotate:
        annotated = [finding for finding in shown if not finding.dismissed]  # people judged those wrong
        for finding in annotated[:MAX_ANNOTATIONS]:
            echo(finding.annotation())
        outcome.annotations = min(len(annotated), MAX_ANNOTATIONS)
    review = _review_changes(inputs, workspace, pull, outcome, notes)
    if review is not None and inputs.annotate:
        for change in review.changes[:MAX_ANNOTATIONS]:
            echo(change.annotation())
    _write_badge(inputs, outcome)
    outcome.failures = _policy(inputs, outcome.score, shown, scope, diff)
    summary = _summary(
        SummaryParts(
            title=_title(snapshot, checked),
            score=outcome.score,
            failures=tuple(outcome.failures),
            notes=tuple(notes),
            diff=diff,
            findings=tuple(shown),
            findings_scope=scope,
            leaderboard=_read(outcome.report_dir / "run" / "leaderboard.md") if snapshot is not None else None,
            artifact=f"the `{inputs.artifact_name}` artifact of this run" if inputs.artifact_name else None,
            reviewed=snapshot.reviewed if snapshot is not None else 0,
            behaviour=review.markdown() if review is not None else None,
        )
    )
    outcome.summary = _write(outcome.report_dir / "summary.md", summary)
    outcome.comment = outcome.summary
    env.append_summary(summary)
    env.set_outputs(outcome.outputs())
    return outcome


def _evaluate(inputs: ActionInputs, root: Path, output: Path) -> Path:
    """`codeeval run` on the inputs' problems, paths taken relative to `root`; returns the leaderboard."""
    assert inputs.problems is not None
    source = (
        ["--solutions", str(root / inputs.solutions)]
        if inputs.solutions
        else [arg for sample in inputs.samples for arg in ("--samples", str(root / sample))]
    )
    code = _codeeval(
        "run",
        str(root / inputs.problems),
        *source,
        "--output",
        str(output),
        "--quiet",
        *_evaluation_flags(inputs),
        cwd=root,
    )
    if code not in (0, 1) or not (output / "leaderboard.json").is_file():  # 1: some internal errors, all written
        raise EvaluationFailed(
            f"`codeeval run` exited with {code} (its messages are above)", str(root / inputs.problems)
        )
    return output / "leaderboard.json"


def _evaluation_flags(inputs: ActionInputs) -> list[str]:
    """The inputs that become `codeeval run` flags."""
    flags = [arg for name in inputs.skip for arg in ("--skip", name)]
    if inputs.weights:
        flags += ["--weights", inputs.weights]
    if inputs.deterministic:
        flags.append("--deterministic")
    if inputs.jobs:
        flags += ["--jobs", str(inputs.jobs)]
    return flags


def _compare_with_base(
    inputs: ActionInputs,
    env: RunnerEnvironment,
    pull: PullRequest,
    outcome: CiOutcome,
    snapshot: Snapshot,
    notes: list[str],
) -> RunDiff | None:
    """Evaluate the pull request's base commit the same way, and compare."""
    folder = env.temp / f"codeeval-base-{uuid.uuid4().hex[:8]}"
    base_run = outcome.report_dir / "base-run"
    try:
        with checkout_beside(env.workspace, pull.base_sha, folder) as base:
            missing = [
                path
                for path in (inputs.problems, inputs.solutions, *inputs.samples)
                if path and not (base / path).exists()
            ]
            if missing:
                notes.append(
                    f"The base commit {pull.base_sha[:12]} has no {', '.join(missing)}: nothing to compare with."
                )
                return None
            _evaluate(inputs, base, base_run)
    except (GitError, EvaluationFailed) as exc:
        notes.append(f"Could not evaluate the base commit {pull.base_sha[:12]}: {exc.location_message()}")
        return None
    diff = compare(load_snapshot(base_run / "leaderboard.json"), snapshot, threshold=inputs.threshold)
    outcome.diff = _write(outcome.report_dir / "diff.md", to_markdown(diff))
    outcome.regressions = len(diff.regressions)
    return diff


def _review_changes(
    inputs: ActionInputs, workspace: Path, pull: PullRequest | None, outcome: CiOutcome, notes: list[str]
) -> ChangeReview | None:
    """On a pull request (unless `review: false`), its changed functions judged against the base commit."""
    if pull is None or not inputs.review:
        return None
    found = review_pull_request(workspace, pull.base_sha, outcome.report_dir, _codeeval)
    if isinstance(found, str):
        notes.append(found)
        return None
    return found


def _check_quality(
    inputs: ActionInputs, workspace: Path, outcome: CiOutcome
) -> tuple[list[QualityFinding], float | None, int]:
    """`codeeval check` on the solution files and the `check` paths: SARIF for code scanning and annotations."""
    paths = ([inputs.solutions] if inputs.mode is Mode.SUITE and inputs.solutions else []) + list(inputs.check)
    if not paths:
        return [], None, 0
    sarif = outcome.report_dir / "codeeval.sarif"
    report = outcome.report_dir / "quality.json"
    for form, target in (("sarif", sarif), ("json", report)):
        code = _codeeval("check", *paths, "--format", form, "--output", str(target), "--fail-on", "none", cwd=workspace)
        if code not in (0, 2) or not target.is_file():  # 2: some file could not be checked; the rest were
            raise EvaluationFailed(f"`codeeval check` exited with {code} (its messages are above)", paths[0])
    outcome.sarif = sarif
    mean, checked = _mean_quality(report)
    return read_sarif(sarif, workspace), mean, checked


def _mean_quality(report: Path) -> tuple[float | None, int]:
    """The mean quality score of the files `codeeval check --format json` could check, and how many."""
    files = [entry for entry in json.loads(report.read_text(encoding="utf-8"))["files"] if "score" in entry]
    return (sum(entry["score"] for entry in files) / len(files) if files else None), len(files)


def _findings_to_show(
    findings: list[QualityFinding], workspace: Path, pull: PullRequest | None, notes: list[str]
) -> tuple[list[QualityFinding], str]:
    """On a pull request, the findings on lines it changed; otherwise all of them."""
    if pull is None:
        return findings, "in the checked files"
    try:
        changed = changed_lines(workspace, pull.base_sha)
    except GitError as exc:
        notes.append(f"Could not tell which lines changed ({exc.location_message()}): all findings are shown.")
        return findings, "in the checked files"
    return [finding for finding in findings if finding.touches(changed)], "on changed lines"


def _policy(
    inputs: ActionInputs, score: float | None, shown: list[QualityFinding], scope: str, diff: RunDiff | None
) -> list[str]:
    failures = []
    if inputs.min_score is not None and score is not None and score < inputs.min_score:
        failures.append(f"the score {score:.1f} is below the minimum {inputs.min_score:g}")
    severe = [finding for finding in shown if finding.at_or_above(inputs.fail_on)]
    if severe:
        failures.append(f"{len(severe)} quality finding(s) at or above {inputs.fail_on} {scope}")
    if inputs.fail_on_regression and diff is not None and diff.regressions:
        failures.append(_regressions(diff))
    return failures


def _regressions(diff: RunDiff, shown: int = 5) -> str:
    names = ", ".join(f"{change.new.problem}/{change.new.solution}" for change in diff.regressions[:shown])
    more = f" and {len(diff.regressions) - shown} more" if len(diff.regressions) > shown else ""
    return f"{len(diff.regressions)} solution(s) got worse than on the base branch: {names}{more}"


def _write_badge(inputs: ActionInputs, outcome: CiOutcome) -> None:
    if outcome.score is None:
        return
    outcome.badge_svg = _write(
        outcome.report_dir / f"{inputs.badge_name}.svg", badge_svg(outcome.score, inputs.badge_label)
    )
    outcome.badge_json = _write(
        outcome.report_dir / f"{inputs.badge_name}.json", endpoint_json(outcome.score, inputs.badge_label)
    )


def _summary(parts: SummaryParts) -> str:
    summary = render(parts)
    if len(summary) > MAX_SUMMARY:  # a big benchmark's leaderboard: it stays in the reports
        note = "The leaderboard is too long for the summary: it is in the reports."
        summary = render(replace(parts, leaderboard=None, notes=(*parts.notes, note)))
    return summary


def _title(snapshot: Snapshot | None, checked: int) -> str:
    if snapshot is None:
        return f"mean code quality of {checked} Python file(s)"
    problems = len({record.problem for record in snapshot.solutions})
    return f"mean of {len(snapshot.solutions)} solution(s) to {problems} problem(s)"


def _codeeval(*args: str, cwd: Path) -> int:
    """Run a codeeval command with this interpreter; its output goes to the step's log."""
    sys.stdout.flush()
    return subprocess.run([sys.executable, "-m", "codeeval", *args], cwd=cwd).returncode


def _write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def _read(path: Path) -> str | None:
    return path.read_text(encoding="utf-8") if path.is_file() else None
