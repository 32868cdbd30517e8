"""Generated suites frozen on first build, so deterministic mode does not depend on the machine's speed.

Generation works within seconds: a time budget, and inputs on which the
reference is slow are dropped. On a loaded machine a suite comes out smaller
or different, and the same solution would get another edge-case score. In
deterministic mode the generated inputs of a problem are written down the first
time its suite is built and replayed from then on (the reference answers them
again: the answers are not stored), so every later evaluation, in any process
on this machine, judges on the same inputs.

Files live in `$CODEEVAL_CACHE_DIR/suites` (default `~/.cache/codeeval/suites`),
a folder only its owner may read or write, one JSON file per problem, named by
a hash of codeeval's version and everything about the problem that shapes its
suite. Values are stored in the sandbox's wire encoding: reading one back
builds plain data only, never an object of a type the file chose.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import Any

from ..base.catalog import EntryKind
from ..base.version import __version__
from ..judging.reference_cache import cache_root
from ..problem.definition import Problem
from ..results.edge_case_details import GenerationPhase
from ..sandbox.child import wire
from .calls import CallSequence

FORMAT = 1


def default_folder() -> Path:
    return cache_root() / "suites"


def suite_key(problem: Problem) -> str:
    """Everything that decides what a suite holds: the reference, the examples, the generation settings."""
    shaped_by = (
        __version__,
        FORMAT,
        problem.name,
        problem.entry_point,
        problem.prelude,
        problem.reference,
        problem.tests,
        problem.edge_cases,
    )
    return hashlib.sha256(repr(shaped_by).encode("utf-8", "surrogatepass")).hexdigest()[:32]


class FrozenSuites:
    """Generated suites saved per problem in a folder, so deterministic runs reuse the same inputs."""

    def __init__(self, folder: Path | None = None):
        self.folder = folder or default_folder()

    def path(self, problem: Problem) -> Path:
        return self.folder / f"{suite_key(problem)}.json"

    def load(self, problem: Problem, kind: EntryKind) -> list[tuple[GenerationPhase, Any]] | None:
        """The frozen (phase, value) inputs of this problem, or None when there are none (or unreadable)."""
        try:
            data = json.loads(self.path(problem).read_text(encoding="utf-8"))
            values = [(GenerationPhase(phase), wire.decode(encoded)) for phase, encoded in data["values"]]
        except (OSError, ValueError, KeyError, TypeError, wire.WireError, RecursionError):
            return None
        if kind is EntryKind.CLASS:
            values = [(phase, CallSequence(*value)) for phase, value in values]
        return values

    def store(self, problem: Problem, inputs: list[tuple[GenerationPhase, Any]]) -> bool:
        """Write the inputs down (atomically); False when a value cannot be encoded or the folder not written."""
        try:
            encoded = [[phase, wire.encode(value)] for phase, value in inputs]
            text = json.dumps({"format": FORMAT, "problem": problem.name, "values": encoded})
            self.folder.mkdir(mode=0o700, parents=True, exist_ok=True)
            target = self.path(problem)
            partial = target.with_name(f"{target.name}.{os.getpid()}.part")
            partial.write_text(text, encoding="utf-8")
            partial.replace(target)
        except (OSError, ValueError, TypeError, wire.WireError, RecursionError):
            return False
        return True
