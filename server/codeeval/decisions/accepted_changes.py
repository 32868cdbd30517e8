"""Behaviour changes people accepted as intended (`codeeval review`, the editor's "Accept as intended").

An acceptance is a decision of kind dismiss keyed by problem "review", the file's path in the repository, the
hash of the changed function's text (decorators included) and a fingerprint of (qualified name,
counterexample call): it holds for that function and input until the function's code changes again. The editor
writes them; the editor, the command line and the Action read them.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence

from ..results.review import DecisionKind, solution_hash
from .decision import Decision
from .store import DecisionLog

REVIEW_PROBLEM = "review"  # a decision's `problem` for an accepted change
BEHAVIOUR_DIMENSION = "behaviour"
BEHAVIOUR_RULE = "behaviour-change"


def change_fingerprint(qualname: str, call: str) -> str:
    """An accepted change's key in the decision file: the function and its counterexample input."""
    return hashlib.sha256(f"{qualname}\0{call}".encode()).hexdigest()[:12]


def acceptances(log: DecisionLog, path: str, function_text: str, fingerprint: str) -> list[Decision]:
    """The acceptances of one change of this very function text (none once the text changed)."""
    text_hash = solution_hash(function_text)
    return [
        d
        for d in log.decisions
        if d.kind is DecisionKind.DISMISS
        and d.problem == REVIEW_PROBLEM
        and d.solution == path
        and d.solution_sha256 == text_hash
        and d.finding == fingerprint
    ]


def accepted_text(decisions: Sequence[Decision]) -> str:
    """'accepted by ana: the new bound is intended' (each reviewer's reason)."""
    return "; ".join(f"accepted by {d.reviewer}: {d.reason}" for d in decisions)
