"""The optional model judge: a vision model scores a screenshot on the paper's three static criteria.

Off unless configured (`--judge-url`, `--judge-model`; the key from
$CODEEVAL_JUDGE_API_KEY). It speaks the OpenAI-compatible chat-completions
protocol with an image part, and sees only the instruction and the picture:
never the solution's source, file name or author (a blind evaluation). Its
verdict becomes findings with the four-part confidence, shown in the report;
it never changes the score, so an evaluation without a judge, or with one
that fails, scores the same.
"""

from __future__ import annotations

import base64
import json
import re
from dataclasses import dataclass, field
from typing import Any

from ..base.findings import Confidence, Finding, Range, Severity

KEY_ENV = "CODEEVAL_JUDGE_API_KEY"
CRITERIA = (
    ("instructional_alignment", 40, "how well the result does what the instruction asks"),
    ("visual_elements", 30, "the quality of colours, typography, spacing and imagery"),
    ("structural_cohesion", 30, "layout, alignment, hierarchy and consistency as a whole"),
)
SYSTEM_PROMPT = (
    "You are a strict design reviewer. You see an instruction and a screenshot of what was made for it. "
    "Score it on three criteria and answer with one JSON object only, no prose around it: "
    '{"instructional_alignment": {"score": 0-40, "comment": "...", "suggestion": "..."}, '
    '"visual_elements": {"score": 0-30, "comment": "...", "suggestion": "..."}, '
    '"structural_cohesion": {"score": 0-30, "comment": "...", "suggestion": "..."}}. '
    "Criteria: " + "; ".join(f"{name} ({points} points): {what}" for name, points, what in CRITERIA) + "."
)


@dataclass(frozen=True)
class JudgeSettings:
    """Where the judge is and which model to ask."""

    url: str  # the API's base, e.g. http://127.0.0.1:8000/v1 (".../chat/completions" is added)
    model: str
    api_key: str = ""
    timeout_s: float = 60.0


@dataclass
class CriterionVerdict:
    """The judge's points, comment and suggestion for one criterion."""

    name: str
    points: float
    maximum: float
    comment: str
    suggestion: str

    def to_dict(self) -> dict[str, Any]:
        """Plain data for the JSON report."""
        return {"points": self.points, "max": self.maximum, "comment": self.comment, "suggestion": self.suggestion}


@dataclass
class JudgeVerdict:
    """What the judge said (or why it said nothing), as findings a reader can weigh."""

    model: str
    criteria: list[CriterionVerdict] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)
    error: str = ""

    @property
    def total(self) -> float:
        """The points over the three criteria, out of 100."""
        return sum(c.points for c in self.criteria)

    def to_dict(self) -> dict[str, Any]:
        """Plain data for the JSON report (`scored` is always false)."""
        data: dict[str, Any] = {"model": self.model, "scored": False}
        if self.error:
            data["error"] = self.error
        else:
            data["total"] = round(self.total, 1)
            data["criteria"] = {c.name: c.to_dict() for c in self.criteria}
            data["findings"] = [f.to_dict() for f in self.findings]
        return data


def request_body(settings: JudgeSettings, instruction: str, picture: bytes, media_type: str) -> dict[str, Any]:
    """The chat request: the instruction and the picture, nothing about who or what made it."""
    image = f"data:{media_type};base64,{base64.b64encode(picture).decode('ascii')}"
    return {
        "model": settings.model,
        "temperature": 0,
        "messages": [
            {"role": "system", "content": SYSTEM_PROMPT},
            {
                "role": "user",
                "content": [
                    {"type": "text", "text": f"Instruction:\n{instruction.strip()}\n\nThe screenshot follows."},
                    {"type": "image_url", "image_url": {"url": image}},
                ],
            },
        ],
    }


def _post(settings: JudgeSettings, body: dict[str, Any]) -> dict[str, Any]:
    import urllib.request  # noqa: PLC0415  (http, email, ssl: 0.1 s of every command's start, for --judge-url only)

    url = settings.url.rstrip("/") + "/chat/completions"
    headers = {"Content-Type": "application/json"}
    if settings.api_key:
        headers["Authorization"] = f"Bearer {settings.api_key}"
    request = urllib.request.Request(url, data=json.dumps(body).encode("utf-8"), headers=headers, method="POST")
    with urllib.request.urlopen(request, timeout=settings.timeout_s) as response:
        return json.loads(response.read().decode("utf-8"))


def _reply_object(reply: dict[str, Any]) -> dict[str, Any]:
    """The JSON object in the first choice's message (tolerating prose or a code fence around it)."""
    content = reply["choices"][0]["message"]["content"]
    if isinstance(content, list):  # some servers answer in parts
        content = "".join(part.get("text", "") for part in content if isinstance(part, dict))
    match = re.search(r"\{.*\}", str(content), re.DOTALL)
    if match is None:
        raise ValueError("the reply holds no JSON object")
    found = json.loads(match.group(0))
    if not isinstance(found, dict):
        raise ValueError("the reply's JSON is not an object")
    return found


def _criteria(found: dict[str, Any]) -> list[CriterionVerdict]:
    criteria = []
    for name, maximum, _ in CRITERIA:
        raw = found.get(name)
        if not isinstance(raw, dict) or not isinstance(raw.get("score"), (int, float)):
            raise ValueError(f"no score for {name}")
        points = min(float(maximum), max(0.0, float(raw["score"])))
        criteria.append(
            CriterionVerdict(
                name, points, float(maximum), str(raw.get("comment", ""))[:500], str(raw.get("suggestion", ""))[:500]
            )
        )
    return criteria


def _finding(criterion: CriterionVerdict, static_score: float | None) -> Finding:
    """One criterion as a finding; its confidence says how far the judge agrees with the measured checks."""
    lost = 1 - criterion.points / criterion.maximum
    measured_lost = 1 - (static_score if static_score is not None else 100.0) / 100
    agreement = 1 - abs(lost - measured_lost)
    severity = Severity.CRITICAL if lost >= 0.5 else Severity.WARNING if lost >= 0.2 else Severity.SUGGESTION
    confidence = Confidence(
        relevance=1.0 if criterion.comment.strip() else 0.5,
        accuracy=agreement,
        actionability=0.9 if criterion.suggestion.strip() else 0.3,
        severity_calibration=agreement,
    )
    title = criterion.name.replace("_", " ")
    return Finding(
        rule_id=f"judge-{criterion.name}",
        severity=severity,
        confidence=confidence,
        message=f"{title}: {criterion.points:g}/{criterion.maximum:g}. {criterion.comment}".strip(),
        range=Range(1, 0, 1, 0),
        suggestion=criterion.suggestion,
        rationale="a vision model's opinion of the screenshot; not part of the score",
    )


def judge_picture(
    settings: JudgeSettings, instruction: str, picture: bytes, media_type: str, static_score: float | None
) -> JudgeVerdict:
    """Ask the judge; any failure (network, protocol, a reply without scores) is a verdict with an error."""
    try:
        reply = _post(settings, request_body(settings, instruction, picture, media_type))
        criteria = _criteria(_reply_object(reply))
    except (OSError, ValueError, KeyError, IndexError, TypeError) as exc:  # OSError: URLError too
        why = f"the judge gave no usable verdict: {type(exc).__name__}: {exc}"
        return JudgeVerdict(settings.model, error=why[:300])
    return JudgeVerdict(settings.model, criteria, [_finding(c, static_score) for c in criteria])
