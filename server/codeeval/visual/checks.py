"""The shared vocabulary of plot and page checks: parts, checks with evidence, report images, part scores.

A part (execution, data fidelity, static aesthetics, interaction) is scored
from its checks: each check has a weight within its part and a score from 0 to
1, and the part's score is their weighted mean, times 100. The paper's form:
the parts are then combined with the problem's weights, like any dimension.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from ..results.result import OMITTED_WHEN_NONE, DimensionDetails, DimensionResult, ReportImage
from .judge import JudgeVerdict


class Part(str, Enum):
    """The parts a visual solution is scored on; each becomes one dimension result."""

    EXECUTION = "execution"
    DATA_FIDELITY = "data_fidelity"
    STATIC_AESTHETICS = "static_aesthetics"
    INTERACTION = "interaction"


@dataclass(frozen=True)
class Evidence:
    """One observation behind a check's verdict, with the name of a report image showing it (or None)."""

    text: str
    image: str | None = None

    def to_dict(self) -> dict[str, Any]:
        """Plain data for the JSON report."""
        return {"text": self.text, "image": self.image}


@dataclass
class Check:
    """One check's verdict within its part, with the evidence for it."""

    id: str  # e.g. "text-overlap"
    part: Part
    title: str
    weight: float  # within its part
    score: float  # 0 (failed) to 1 (passed)
    summary: str  # one line: "2 pairs of texts overlap"
    evidence: list[Evidence] = field(default_factory=list)
    applicable: bool = True

    @property
    def passed(self) -> bool:
        """Whether the check passed in full."""
        return self.score >= 0.999

    def to_dict(self) -> dict[str, Any]:
        """Plain data for the JSON report and the page runner's reply."""
        return {
            "id": self.id,
            "part": self.part.value,
            "title": self.title,
            "weight": self.weight,
            "score": round(self.score, 3),
            "passed": self.passed,
            "applicable": self.applicable,
            "summary": self.summary,
            "evidence": [e.to_dict() for e in self.evidence],
        }


@dataclass(frozen=True)
class PartDetails(DimensionDetails):
    """A plot or web-page part's details: its checks (those that did not apply too), and for static
    aesthetics the model judge's opinion when one was asked (not part of the score)."""

    checks: tuple[Check, ...] | None = field(default=None, metadata=OMITTED_WHEN_NONE)  # None: not checked (skipped)
    judge: JudgeVerdict | None = field(default=None, metadata=OMITTED_WHEN_NONE)


class PictureBook:
    """The report's images for one evaluation, named uniquely."""

    def __init__(self) -> None:
        self.images: list[ReportImage] = []

    def add(self, name: str, data: bytes, caption: str, media_type: str = "image/png") -> str:
        """Keep a picture under a name no other picture has; returns that name."""
        taken = {image.name for image in self.images}
        stem, dot, suffix = name.rpartition(".")
        candidate, counter = name, 1
        while candidate in taken:
            counter += 1
            candidate = f"{stem}-{counter}{dot}{suffix}"
        self.images.append(ReportImage(candidate, data, caption, media_type))
        return candidate


def not_applicable(check_id: str, part: Part, title: str, why: str) -> Check:
    """A check that does not apply here (it counts for nothing), with the reason."""
    return Check(check_id, part, title, 0.0, 1.0, why, applicable=False)


def part_result(part: Part, checks: list[Check]) -> DimensionResult:
    """One part's dimension result: the weighted mean of its applicable checks, with a sentence per lost point."""
    mine = [c for c in checks if c.part is part]
    counted = [c for c in mine if c.applicable and c.weight > 0]
    total = sum(c.weight for c in counted)
    if total <= 0:
        return DimensionResult.not_applicable(part.value, "no check applies", PartDetails(tuple(mine)))
    score = 100 * sum(c.weight * c.score for c in counted) / total
    rationale = [
        f"-{100 * c.weight * (1 - c.score) / total:.1f}: {c.title}: {c.summary}" for c in counted if not c.passed
    ]
    passed = sum(1 for c in counted if c.passed)
    return DimensionResult(
        name=part.value,
        score=score,
        summary=f"{passed}/{len(counted)} checks passed",
        rationale=rationale,
        details=PartDetails(tuple(mine)),
    )
