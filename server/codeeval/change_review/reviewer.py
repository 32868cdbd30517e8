"""`review`: the working tree against a base ref, function by function. Every failure to read, parse or load
one piece is a one-line message in the report, and the review goes on with the rest."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from ..base import python_ast
from ..problem.definition import Case
from ..sandbox import Launcher, Limits, default_launcher
from .call_inputs import DEFAULT_COUNT
from .examples import literal_calls
from .function_review import Settings, Versions, review_function
from .functions import FunctionChange, changed_functions
from .git_repository import GitError, Repository
from .modules import LoadableModule, loadable
from .repo_tests import CodeVersion, select_tests
from .report import FunctionReview, FunctionStatus, ReviewReport


@dataclass
class ReviewOptions:
    """What a review compares and how hard it tries."""

    base: str = "HEAD"
    paths: list[Path] = field(default_factory=list)
    speed: bool = True
    tests: bool = True  # run the repository's tests that name a changed function, at base and new
    inputs: int = DEFAULT_COUNT
    limits: Limits = field(default_factory=lambda: Limits(time_per_call_s=1.0))
    launcher: Launcher | None = None
    on_function: Callable[[FunctionReview], None] | None = None  # told as each function is done (progress)


class _Reviewer:
    def __init__(self, repository: Repository, options: ReviewOptions, report: ReviewReport, started: float):
        self.repository = repository
        self.options = options
        self.report = report
        self.started = started
        self.working_files = repository.working_files()
        self.settings = Settings(options.limits, options.launcher or default_launcher(), options.inputs, options.speed)
        self._loadables: dict[tuple[str, bool], LoadableModule] = {}

    def file(self, path: str) -> None:
        base_text, new_text = self.repository.base_text(path), self.repository.working_text(path)
        try:
            changes = changed_functions(path, base_text, new_text)
        except SyntaxError as exc:
            side = "working" if _parses(base_text) else "base"
            self.report.messages.append(f"{path}:{exc.lineno}: the {side} version does not parse ({exc.msg}); skipped")
            return
        for change in changes:
            self.function(change)

    def function(self, change: FunctionChange) -> None:
        if change.status is FunctionStatus.CHANGED:
            result = review_function(change, self._versions(change), self.settings)
            if result.reason.startswith("the module does not load at the base"):
                self.report.messages.append(f"{change.path}: {result.reason}")
        else:
            why = "new: no base version to compare with" if change.status is FunctionStatus.ADDED else "removed"
            result = FunctionReview(change.path, change.qualname, change.line, change.status, reason=why)
        self.report.functions.append(result)
        if result.behaviour_changes and self.report.first_finding_s is None:
            self.report.first_finding_s = time.monotonic() - self.started
        if self.options.on_function:
            self.options.on_function(result)

    def _versions(self, change: FunctionChange) -> Versions:
        repo = self.repository
        calls: list[Case] = [
            found.case for found in literal_calls(change.qualname, sorted(self.working_files), repo.working_text)
        ]
        tests = select_tests(change.qualname.rpartition(".")[2], self.working_files, repo.working_text)
        return Versions(
            self._loadable(change.path, base=True),
            self._loadable(change.path, base=False),
            calls,
            CodeVersion(repo.base_files(), repo.base_text),
            CodeVersion(self.working_files, repo.working_text),
            tests,
        )

    def _loadable(self, path: str, base: bool) -> LoadableModule:
        key = (path, base)
        if key not in self._loadables:
            repo = self.repository
            if base:
                text, files, read = repo.base_text(path) or "", repo.base_files(), repo.base_text
            else:
                text, files, read = repo.working_text(path) or "", self.working_files, repo.working_text
            self._loadables[key] = loadable(path, text, files, read)
        return self._loadables[key]


def _parses(text: str | None) -> bool:
    if text is None:
        return True
    try:
        python_ast.parse(text)
    except (SyntaxError, ValueError):
        return False
    return True


def review(start: Path, options: ReviewOptions | None = None) -> ReviewReport:
    """Review the changes of the checkout holding `start` against `options.base` (HEAD by default)."""
    options = options or ReviewOptions()
    started = time.monotonic()
    report = ReviewReport(str(start), options.base)
    try:
        repository = Repository.open(start, options.base)
        files = repository.changed_python_files(options.paths)
        reviewer = _Reviewer(repository, options, report, started)
        report.root, report.commit = str(repository.root), repository.commit  # only once all of it could be read
    except GitError as exc:
        report.messages.append(str(exc))
        report.seconds = time.monotonic() - started
        return report
    if not files:
        report.messages.append(f"no Python file differs from {options.base}")
    for path in files:
        reviewer.file(path)
    report.seconds = time.monotonic() - started
    return report
