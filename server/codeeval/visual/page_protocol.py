"""What the evaluator asks of the page runner process, and what it answers (JSON on stdin and stdout)."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from ..problem.visual_definition import Interaction, PageSpec, Step, StepAction
from .checks import Check, Evidence, Part

PAGE_URL = "http://page.codeeval.invalid/"  # served from memory by request interception; never resolved


@dataclass
class PageRequest:
    """The page to render and how (the runner's stdin)."""

    html: str
    spec: PageSpec
    time_s: float
    out_dir: str

    def to_dict(self) -> dict[str, Any]:
        """JSON for the runner."""
        spec = self.spec
        return {
            "html": self.html,
            "time_s": self.time_s,
            "out_dir": self.out_dir,
            "widths": list(spec.widths),
            "height": spec.height,
            "discover": spec.discover,
            "max_interactions": spec.max_interactions,
            "require_text": list(spec.require_text),
            "interactions": [
                {"name": i.name, "width": i.width, "steps": [s.to_dict() for s in i.steps]} for i in spec.interactions
            ],
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> PageRequest:
        """The request as the runner reads it."""
        interactions = tuple(
            Interaction(
                item["name"],
                tuple(
                    Step(
                        StepAction(s["action"]),
                        s["selector"],
                        s.get("value", ""),
                        bool(s.get("exact")),
                        property=s.get("property", ""),
                    )
                    for s in item["steps"]
                ),
                width=item.get("width"),
            )
            for item in data.get("interactions", [])
        )
        spec = PageSpec(
            widths=tuple(data["widths"]),
            height=int(data["height"]),
            interactions=interactions,
            discover=bool(data["discover"]),
            max_interactions=int(data["max_interactions"]),
            require_text=tuple(data.get("require_text", ())),
        )
        return cls(html=data["html"], spec=spec, time_s=float(data["time_s"]), out_dir=data["out_dir"])


@dataclass
class SavedImage:
    """A picture the runner wrote to the request's folder."""

    name: str
    file: str  # in the request's out_dir
    caption: str
    media_type: str = "image/png"


class PageStatus(str, Enum):
    """How the page run ended."""

    DONE = "done"
    UNAVAILABLE = "unavailable"  # no browser (or Playwright) to render with
    HUNG = "hung"  # the page stopped responding and the browser was killed


@dataclass
class PageReport:
    """What the runner found (its stdout): checks, pictures, containment, timings."""

    status: PageStatus
    message: str = ""
    checks: list[Check] = field(default_factory=list)
    images: list[SavedImage] = field(default_factory=list)
    containment: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    timings: dict[str, float] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        """JSON for the evaluator."""
        return {
            "status": self.status.value,
            "message": self.message,
            "checks": [c.to_dict() for c in self.checks],
            "images": [vars(i) for i in self.images],
            "containment": self.containment,
            "warnings": self.warnings,
            "timings": self.timings,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> PageReport:
        """The report as the evaluator reads it."""
        checks = [
            Check(
                c["id"],
                Part(c["part"]),
                c["title"],
                float(c["weight"]),
                float(c["score"]),
                c["summary"],
                [Evidence(e["text"], e.get("image")) for e in c.get("evidence", [])],
                applicable=bool(c.get("applicable", True)),
            )
            for c in data.get("checks", [])
        ]
        images = [
            SavedImage(i["name"], i["file"], i["caption"], i.get("media_type", "image/png"))
            for i in data.get("images", [])
        ]
        return cls(
            status=PageStatus(data["status"]),
            message=data.get("message", ""),
            checks=checks,
            images=images,
            containment=list(data.get("containment", [])),
            warnings=list(data.get("warnings", [])),
            timings={k: float(v) for k, v in data.get("timings", {}).items()},
        )
