"""The parts of plot and web-page problems as registered dimensions (dimensions/registry.py).

One render (the plot script's run, or the page's visit) yields every check at
once; each part is then the weighted mean of its own checks. So the engine
renders once and each registered part picks its share of the checks.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..base.catalog import DATA_FIDELITY, EXECUTION, INTERACTION, STATIC_AESTHETICS
from ..dimensions.contract import Dimension
from ..results.result import DimensionResult
from .checks import Check, Part, part_result


@dataclass
class VisualRun:
    """What the parts of one plot or page solution are scored from: the checks of its render."""

    checks: list[Check]


class VisualPart(Dimension[VisualRun]):
    """One part of a plot or page: its checks' weighted mean (each subclass names its catalog entry)."""

    runs_solution = False  # the render reports a script that failed as a failed check, in its part

    def evaluate(self, run: VisualRun) -> DimensionResult:
        return part_result(Part(self.name), run.checks)


class ExecutionPart(VisualPart):
    """It runs (the script finishes; the page is well formed, loads, and raises no errors)."""

    info = EXECUTION


class DataFidelityPart(VisualPart):
    """The figure shows the data asked for, as the chart type asked for."""

    info = DATA_FIDELITY


class StaticAestheticsPart(VisualPart):
    """Legible and well laid out: labels, overlaps, overflow, contrast, sizes, colours."""

    info = STATIC_AESTHETICS


class InteractionPart(VisualPart):
    """Scripted interactions and every control found on the page work."""

    info = INTERACTION
