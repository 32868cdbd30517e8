"""How isolated a run of untrusted code was: the sandbox's report, carried by results and read by reports.

It lives here, below both `sandbox` (which makes it) and `results` (which carries it), so neither has to
import the other. Its JSON form is docs/result-format.md's `isolation` object; docs/security.md says what
each layer stops.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from dataclasses import dataclass

from .vocabulary import Vocabulary


class IsolationLevel(Vocabulary):
    """The kind of launcher solutions ran under."""

    PROCESS = "process"  # a child process: rlimits, and its own uid, seccomp, Landlock and cgroup where available
    BUBBLEWRAP = "bubblewrap"  # the same worker inside namespaces


@dataclass(frozen=True)
class IsolationReport:
    """What a launcher gives the solutions it runs: the layers present, those a full setup has and this one
    lacks, and one warning per missing layer."""

    level: IsolationLevel
    network: bool  # whether solutions could reach a network
    uid: int  # the uid they ran as (the first of a per-worker range when the evaluator is root)
    python: str  # the interpreter they ran under: "3.11.2 (/usr/bin/python3.11)"
    layers: tuple[str, ...]  # present
    missing: tuple[str, ...]  # layers of a full setup that are absent
    warnings: tuple[str, ...]  # one sentence per missing layer
    notes: tuple[str, ...] | None = None  # plot and web-page problems only: the browser's containment and more

    def with_notes(self, notes: Iterable[str]) -> IsolationReport:
        """The same report with notes from the evaluation (a visual problem's browser) added."""
        return dataclasses.replace(self, notes=tuple(notes))

    def to_dict(self) -> dict[str, object]:
        """The result format's `isolation` object; `notes` only when there are notes (even none) to report."""
        data: dict[str, object] = {
            "level": self.level.value,
            "network": self.network,
            "uid": self.uid,
            "python": self.python,
            "layers": list(self.layers),
            "missing": list(self.missing),
            "warnings": list(self.warnings),
        }
        if self.notes is not None:
            data["notes"] = list(self.notes)
        return data
