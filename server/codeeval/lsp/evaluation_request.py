"""What the evaluate command hands the worker thread: typed, and light to import.

The engine (evaluation.py) is imported only in the worker thread; this module is what the
command builds on the event loop.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..base.calibration import NO_CALIBRATION, Calibration
from ..decisions.store import EMPTY_LOG, DecisionLog
from ..problem import Problem
from .editor_settings import Settings

NO_PROBLEM_NAME = "(no problem)"  # an evaluation's `problem` without a problem file


@dataclass
class EvaluationRequest:
    """What the evaluate command runs: the source, where its reports go, the problem and settings."""

    uri: str
    source: str
    label: str  # the solution's name in reports: its path, or e.g. Untitled-1.py
    stem: str  # reports are <stem>.md and <stem>.json under the reports folder (stem may hold folders)
    problem: Problem | None  # None: quality plus robustness only
    settings: Settings
    base: Path | None  # the workspace folder (reports go under it), or None for a scratch buffer
    decisions: DecisionLog = EMPTY_LOG  # people's decisions: applied to the result before the reports
    calibration: Calibration = NO_CALIBRATION  # and the confidence they give each rule
