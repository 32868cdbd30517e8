"""Evaluating a web page: get its HTML (running Python that writes it in the sandbox), render and check it.

The page is rendered by the page runner, a process of its own (page_runner.py)
that drives the contained browser; this module starts it with a hard time
limit and kills its whole process group when that passes, so a page that
hangs the browser (or the driver) cannot hang the evaluation.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field

from ..problem.definition import Problem
from ..results.result import ReportImage
from ..sandbox import Launcher, Limits, Session
from .checks import Check, Part
from .page_protocol import PageReport, PageRequest, PageStatus

GRACE_S = 15.0  # on top of the page's own time: the runner's start, the browser's start and shutdown


@dataclass
class PageSource:
    """The HTML to render, or why there is none."""

    html: str | None
    message: str = ""
    traceback: str = ""
    printed: str = ""


@dataclass
class PageOutcome:
    """The runner's report and the pictures it made."""

    report: PageReport
    images: list[ReportImage] = field(default_factory=list)


def looks_like_html(source: str) -> bool:
    """Whether a solution's text is an HTML document rather than Python."""
    head = source.lstrip()[:200].lower()
    return head.startswith(("<!doctype", "<html", "<!--", "<head", "<body", "<meta", "<div", "<main", "<section"))


def page_source(problem: Problem, source: str, filename: str, launcher: Launcher) -> PageSource:
    """HTML as given, or what the solution's entry point returns when it is Python (run in the sandbox)."""
    if filename.endswith((".html", ".htm")) or looks_like_html(source):
        return PageSource(source)
    assert problem.visual is not None and problem.visual.page is not None
    limits = problem.visual.limits
    sandbox_limits = Limits(time_per_call_s=min(limits.time_s, 10.0), memory_mb=limits.memory_mb)
    with Session(source, problem.entry_point, filename, sandbox_limits, launcher=launcher) as session:
        load = session.load()
        if not load.ok:
            return PageSource(
                None, f"the Python solution did not load: {load.describe()}", load.traceback, session.output()
            )
        outcome = session.call([])
        printed = session.output()
    if not outcome.returned:
        return PageSource(None, f"{problem.entry_point}() failed: {outcome.describe()}", outcome.traceback, printed)
    if not isinstance(outcome.value, str):
        return PageSource(
            None,
            f"{problem.entry_point}() returned {type(outcome.value).__name__}, not a string of HTML",
            printed=printed,
        )
    return PageSource(outcome.value, printed=printed)


def run_page(problem: Problem, html: str) -> PageOutcome:
    """Render and check the page in the runner process; its pictures come back as report images."""
    assert problem.visual is not None and problem.visual.page is not None
    time_s = problem.visual.limits.time_s
    out_dir = tempfile.mkdtemp(prefix="codeeval-page-")
    try:
        request = PageRequest(html=html, spec=problem.visual.page, time_s=time_s, out_dir=out_dir)
        report = _run_runner(request, time_s + GRACE_S)
        images = []
        for saved in report.images:
            path = os.path.join(out_dir, os.path.basename(saved.file))
            if os.path.isfile(path):
                with open(path, "rb") as handle:
                    images.append(ReportImage(saved.name, handle.read(), saved.caption, saved.media_type))
        return PageOutcome(report, images)
    finally:
        shutil.rmtree(out_dir, ignore_errors=True)


def _run_runner(request: PageRequest, limit_s: float) -> PageReport:
    command = [sys.executable, "-m", "codeeval.visual.page_runner"]
    process = subprocess.Popen(
        command,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        start_new_session=True,
        text=True,
    )
    try:
        stdout, stderr = process.communicate(json.dumps(request.to_dict()), timeout=limit_s)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.communicate()
        return hung_report(f"the page runner did not finish within {limit_s:g} s and was killed")
    finally:
        try:
            os.killpg(process.pid, signal.SIGKILL)  # the driver and browser, if anything is left
        except OSError:
            pass
    try:
        return PageReport.from_dict(json.loads(stdout))
    except (ValueError, KeyError, TypeError):
        return PageReport(PageStatus.UNAVAILABLE, f"the page runner failed: {stderr.strip()[-500:] or 'no output'}")


def hung_report(message: str) -> PageReport:
    """The report of a runner that had to be killed: nothing could be judged."""
    checks = [Check("loads", Part.EXECUTION, "Loads and settles in time", 100, 0.0, message)]
    checks += [
        Check("nothing-rendered", part, "A page to judge", 100, 0.0, message)
        for part in (Part.STATIC_AESTHETICS, Part.INTERACTION)
    ]
    return PageReport(PageStatus.HUNG, message, checks)
