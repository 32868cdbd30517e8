"""The one `Finding` type shared by the quality dimension, the reports, SARIF and the language server.

A finding says what is wrong, where, how bad, how sure codeeval is, and what to
do. Its confidence is the mean of four parts, or, where a model fitted on
labelled findings maps the parts to the chance the finding is right (edge-case
findings: `dimensions.edge_probability`), that probability; below 0.6 it is
marked low confidence and shown with the reason, never dropped.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .vocabulary import Vocabulary

LOW_CONFIDENCE = 0.6


class Severity(Vocabulary):
    """How bad a finding is. The members run from the most severe down, the order reports count them in."""

    CRITICAL = "critical"
    WARNING = "warning"
    SUGGESTION = "suggestion"

    @property
    def rank(self) -> int:
        """0 for the most severe, then one more per step down."""
        return list(Severity).index(self)

    def at_least(self, threshold: Severity | None) -> bool:
        """As severe as `threshold` or more; no severity reaches the threshold None (`--fail-on none`)."""
        return threshold is not None and self.rank <= threshold.rank


NO_THRESHOLD = "none"  # `--fail-on none`, the action's `fail-on: none`: no finding fails the run
THRESHOLDS: tuple[str, ...] = (*(severity.value for severity in Severity), NO_THRESHOLD)  # the words `--fail-on` takes


def threshold_of(word: str) -> Severity | None:
    """A `--fail-on` word as the least severity that fails a run; None for `none`, where nothing does."""
    return None if word == NO_THRESHOLD else Severity(word)


@dataclass(frozen=True)
class Range:
    """Lines are 1-based, columns 0-based; the end is exclusive.

    Columns count characters (Unicode code points), not the UTF-8 bytes of
    `ast`'s col_offset: the two differ on lines with non-ASCII text, and
    editors and SARIF count characters (the language server converts to
    UTF-16 where a client asks for it).
    """

    start_line: int
    start_col: int
    end_line: int
    end_col: int

    def to_dict(self) -> dict:
        return {
            "start": {"line": self.start_line, "column": self.start_col},
            "end": {"line": self.end_line, "column": self.end_col},
        }


@dataclass(frozen=True)
class Confidence:
    """How much to trust a finding, each part 0-1, computed from the evidence behind it.

    `probability`, where set, is the chance the finding is right as a model measured on labelled findings
    puts it (its inputs include the parts): a mean of parts is an index, not a probability, and a user reads
    0.9 as "right nine times in ten". Where it is None the confidence is the mean of the parts.
    """

    relevance: float
    accuracy: float
    actionability: float
    severity_calibration: float
    probability: float | None = None

    PARTS = ("relevance", "accuracy", "actionability", "severity_calibration")

    @property
    def mean_of_parts(self) -> float:
        return (self.relevance + self.accuracy + self.actionability + self.severity_calibration) / 4

    @property
    def value(self) -> float:
        return self.mean_of_parts if self.probability is None else self.probability

    @classmethod
    def from_dict(cls, data: Any) -> Confidence | None:
        """A confidence as `to_dict` wrote it, or None when `data` is not one."""
        if not isinstance(data, Mapping) or any(not isinstance(data.get(part), (int, float)) for part in cls.PARTS):
            return None
        relevance, accuracy, actionability, severity = (float(data[part]) for part in cls.PARTS)
        probability = data.get("probability")
        return cls(
            relevance,
            accuracy,
            actionability,
            severity,
            probability=float(probability) if isinstance(probability, (int, float)) else None,
        )

    @property
    def is_low(self) -> bool:
        return self.value < LOW_CONFIDENCE

    def weakest(self) -> tuple[str, float]:
        return min(((name, getattr(self, name)) for name in self.PARTS), key=lambda item: item[1])

    def low_reason(self) -> str:
        """'Low confidence: actionability is low' (empty when confidence is not low)."""
        if not self.is_low:
            return ""
        name, _ = self.weakest()
        return f"Low confidence: {name.replace('_', ' ')} is low"

    def to_dict(self) -> dict:
        parts = {name: round(getattr(self, name), 3) for name in self.PARTS}
        if self.probability is None:
            return {"value": round(self.value, 3), "low": self.is_low, **parts}
        return {
            "value": round(self.value, 3),
            "low": self.is_low,
            "probability": round(self.probability, 3),
            "mean_of_parts": round(self.mean_of_parts, 3),
            **parts,
        }


@dataclass(frozen=True)
class TextEdit:
    range: Range
    new_text: str


@dataclass(frozen=True)
class Fix:
    """A mechanical change that resolves the finding without changing behaviour.

    A fix may be lazy: `edits` empty and `codemod` naming the transformation
    that computes them on demand (with `args` saying where), so producing
    findings stays cheap; `codeeval.quality.compute_fix` resolves it.
    """

    description: str
    edits: tuple[TextEdit, ...] = ()
    codemod: str = ""  # e.g. "add-return-none"; empty when `edits` are final
    args: dict[str, Any] = field(default_factory=dict, hash=False, compare=False)

    @property
    def is_lazy(self) -> bool:
        return bool(self.codemod) and not self.edits

    def to_dict(self) -> dict:
        data: dict[str, Any] = {
            "description": self.description,
            "edits": [{"range": e.range.to_dict(), "new_text": e.new_text} for e in self.edits],
        }
        if self.codemod:
            data["codemod"] = self.codemod
            data["args"] = dict(self.args)
        return data


@dataclass
class Finding:
    rule_id: str  # e.g. CQ101
    message: str
    range: Range
    severity: Severity
    confidence: Confidence
    suggestion: str = ""
    fix: Fix | None = None
    symbol: str | None = None  # qualified name of the function or class it is about
    points: float = 0.0  # quality points this finding costs (set by the scoring rubric)
    rationale: str = ""  # why those points
    details: dict[str, Any] = field(default_factory=dict)

    @property
    def is_low_confidence(self) -> bool:
        return self.confidence.is_low

    @property
    def fingerprint(self) -> str:
        """What a person's decision on this finding is keyed by, with the solution's content hash: the rule,
        the function and the message, not the line (a finding does not change by moving)."""
        return fingerprint_of(self.rule_id, self.symbol or "", self.message)

    def to_dict(self) -> dict:
        data = {
            "fingerprint": self.fingerprint,
            "rule": self.rule_id,
            "message": self.message,
            "severity": self.severity,
            "range": self.range.to_dict(),
            "symbol": self.symbol,
            "confidence": self.confidence.to_dict(),
            "low_confidence_reason": self.confidence.low_reason(),
            "suggestion": self.suggestion,
            "points": round(self.points, 2),
            "rationale": self.rationale,
            "fix": None,
        }
        if self.fix is not None:
            data["fix"] = self.fix.to_dict()
        if self.details:
            data["details"] = self.details
        return data


def fingerprint_of(*parts: str) -> str:
    """A short stable digest of what identifies a finding within one solution's result."""
    return hashlib.sha256("\x1f".join(parts).encode("utf-8", "surrogatepass")).hexdigest()[:12]
