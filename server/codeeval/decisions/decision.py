"""One person's decision on one result, as a line of a decision file (JSON Lines), and its validation.

A line is one JSON object:

    {"kind": "dismiss", "problem": "two_sum", "solution": "samples/two_sum/slow.py",
     "solution_sha256": "9f2c...", "finding": "3b1e0c2a9d41", "rule": "CQ101", "dimension": "code_quality",
     "reviewer": "ana", "reason": "the name is the task's", "at": "2026-12-04T14:02:11Z"}

`override` names a `dimension` (or `total`) and a `score` instead of a finding. Every error names the file
and line; unknown keys are refused, so a typo never silently changes what is applied.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any

from ..base.errors import CodeevalError
from ..base.findings import Confidence
from ..results.review import TOTAL, DecisionKind


class DecisionFileError(CodeevalError):
    """A decision file has a malformed or conflicting line."""


_REQUIRED = ("kind", "problem", "solution", "solution_sha256", "reviewer", "reason")
_OPTIONAL = ("finding", "rule", "dimension", "score", "at", "confidence")
_SHA_LENGTH = 64


@dataclass(frozen=True)
class Decision:
    """A decision as recorded. `finding`/`rule` for a dismissal or confirmation; `score` for an override."""

    kind: DecisionKind
    problem: str
    solution: str  # the solution's label (its path, or a sample's id): a changed hash under it means stale
    solution_sha256: str
    dimension: str  # the finding's dimension, or an override's target (a dimension or `total`)
    reviewer: str
    reason: str
    at: str
    finding: str | None = None
    rule: str | None = None  # calibration key: a quality rule id, or `edge_cases:<problem>:<kind>`
    score: float | None = None
    confidence: Confidence | None = None  # the finding's, before any decision moved it (`codeeval calibration`)
    line: int = 0  # where it was read from (0: not read from a file yet)

    @property
    def item(self) -> tuple[str, str, str, str]:
        """What it is about: two decisions on one item by one reviewer conflict."""
        return (self.problem, self.solution_sha256, self.dimension, self.finding or "")

    def to_json(self) -> str:
        data: dict[str, Any] = {
            "kind": self.kind.value,
            "problem": self.problem,
            "solution": self.solution,
            "solution_sha256": self.solution_sha256,
        }
        if self.finding is not None:
            data["finding"] = self.finding
            data["rule"] = self.rule
        if self.confidence is not None:
            data["confidence"] = {part: round(getattr(self.confidence, part), 3) for part in Confidence.PARTS}
        data["dimension"] = self.dimension
        if self.score is not None:
            data["score"] = self.score
        data.update({"reviewer": self.reviewer, "reason": self.reason, "at": self.at})
        return json.dumps(data, ensure_ascii=False)


def now() -> str:
    return datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def parse_line(text: str, path: str, line: int) -> Decision:
    """One line of a decision file as a Decision; DecisionFileError naming `path:line` when it is not one."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise DecisionFileError(f"not a JSON object: {exc.msg} (column {exc.colno})", path, line) from None
    if not isinstance(data, dict):
        raise DecisionFileError("a decision is a JSON object, one per line", path, line)
    _check_keys(data, path, line)
    kind = _kind(data["kind"], path, line)
    decision = Decision(
        kind=kind,
        problem=_text(data, "problem", path, line),
        solution=_text(data, "solution", path, line),
        solution_sha256=_sha(data, path, line),
        dimension=_text(data, "dimension", path, line) if "dimension" in data else "",
        reviewer=_text(data, "reviewer", path, line),
        reason=_text(data, "reason", path, line),
        at=str(data.get("at", "")),
        finding=_optional_text(data, "finding", path, line),
        rule=_optional_text(data, "rule", path, line),
        score=_score(data.get("score"), path, line),
        confidence=_confidence(data.get("confidence"), path, line),
        line=line,
    )
    _check_shape(decision, path, line)
    return decision


def _check_keys(data: dict[str, Any], path: str, line: int) -> None:
    unknown = sorted(set(data) - set(_REQUIRED) - set(_OPTIONAL))
    if unknown:
        raise DecisionFileError(f"unknown key {unknown[0]!r} (known: {', '.join(_REQUIRED + _OPTIONAL)})", path, line)
    missing = [key for key in _REQUIRED if key not in data]
    if missing:
        raise DecisionFileError(f"missing {', '.join(repr(key) for key in missing)}", path, line)


def _kind(value: Any, path: str, line: int) -> DecisionKind:
    try:
        return DecisionKind(value)
    except ValueError:
        known = ", ".join(kind.value for kind in DecisionKind)
        raise DecisionFileError(f"kind {value!r} is not one of {known}", path, line) from None


def _text(data: dict[str, Any], key: str, path: str, line: int) -> str:
    value = data[key]
    if not isinstance(value, str) or not value.strip():
        raise DecisionFileError(f"{key!r} must be a non-empty string", path, line)
    return value


def _optional_text(data: dict[str, Any], key: str, path: str, line: int) -> str | None:
    return None if data.get(key) is None else _text(data, key, path, line)


def _sha(data: dict[str, Any], path: str, line: int) -> str:
    value = _text(data, "solution_sha256", path, line)
    if len(value) != _SHA_LENGTH or any(c not in "0123456789abcdef" for c in value):
        raise DecisionFileError("'solution_sha256' must be 64 lowercase hex digits", path, line)
    return value


def _score(value: Any, path: str, line: int) -> float | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise DecisionFileError(f"'score' must be a number from 0 to 100, not {value!r}", path, line)
    if not 0 <= value <= 100:
        raise DecisionFileError(f"'score' must be from 0 to 100, not {value}", path, line)
    return float(value)


def _confidence(value: Any, path: str, line: int) -> Confidence | None:
    if value is None:
        return None
    parts = value if isinstance(value, dict) else {}
    numbers = [parts.get(part) for part in Confidence.PARTS]
    if set(parts) != set(Confidence.PARTS) or not all(_is_share(number) for number in numbers):
        raise DecisionFileError(
            f"'confidence' must map {', '.join(Confidence.PARTS)} to numbers from 0 to 1", path, line
        )
    return Confidence(*(float(number) for number in numbers))  # type: ignore[arg-type]


def _is_share(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and 0 <= value <= 1


def _check_shape(decision: Decision, path: str, line: int) -> None:
    """What each kind needs: a finding for a dismissal or confirmation, a target and score for an override."""
    if decision.kind is DecisionKind.OVERRIDE:
        if decision.score is None or not decision.dimension:
            raise DecisionFileError(f"an override needs 'dimension' (a dimension or {TOTAL!r}) and 'score'", path, line)
        if decision.finding is not None:
            raise DecisionFileError("an override is of a score, not of a finding: drop 'finding'", path, line)
        return
    if decision.finding is None or decision.rule is None or not decision.dimension:
        raise DecisionFileError(f"a {decision.kind.value} needs 'finding', 'rule' and 'dimension'", path, line)
    if decision.score is not None:
        raise DecisionFileError(f"a {decision.kind.value} has no 'score'", path, line)
