"""How far people agree: Cohen's kappa between reviewers, and between the automatic verdict and reviewers.

An item is one finding of one version of one solution. A reviewer's verdict on it is confirm or dismiss. The
automatic verdict is "counts" when the finding's confidence (before any decision) is at least 0.6, where it
costs points, and "low" below, where it is shown and weighs little or nothing: a confirmation agrees with
"counts", a dismissal with "low". Kappa corrects the raw agreement for what chance alone would give; it is
undefined when both sides always say the same thing (no variation to agree on).
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

from ..base.findings import LOW_CONFIDENCE
from ..results.review import DecisionKind
from .decision import Decision
from .store import DecisionLog

AUTOMATIC = "automatic"  # the name the automatic verdict goes by among the reviewers


@dataclass(frozen=True)
class Agreement:
    """Two raters on the items both judged, in one dimension."""

    dimension: str
    first: str
    second: str
    items: int
    agreed: int
    kappa: float | None  # None: undefined (both always said the same thing)

    @property
    def observed(self) -> float:
        return self.agreed / self.items if self.items else 0.0


def cohens_kappa(pairs: Sequence[tuple[str, str]]) -> float | None:
    """Kappa of paired categorical verdicts; None when chance agreement is total."""
    if not pairs:
        return None
    n = len(pairs)
    observed = sum(a == b for a, b in pairs) / n
    first, second = Counter(a for a, _ in pairs), Counter(b for _, b in pairs)
    expected = sum(first[c] * second[c] for c in set(first) | set(second)) / (n * n)
    if expected >= 1.0:
        return None
    return (observed - expected) / (1.0 - expected)


def agreements(log: DecisionLog) -> list[Agreement]:
    """Per dimension: each pair of reviewers, and the automatic verdict against every reviewer's decisions."""
    verdicts: dict[str, dict[str, dict[tuple[str, str, str], str]]] = defaultdict(lambda: defaultdict(dict))
    automatic: dict[str, dict[tuple[str, str, str, str], str]] = defaultdict(dict)  # (item..., reviewer)
    for decision in log.decisions:
        if decision.kind is DecisionKind.OVERRIDE or decision.finding is None:
            continue
        item = (decision.problem, decision.solution_sha256, decision.finding)
        verdicts[decision.dimension][decision.reviewer][item] = decision.kind.value
        if decision.confidence is not None:
            automatic[decision.dimension][item + (decision.reviewer,)] = _automatic(decision)
    found = []
    for dimension, by_reviewer in sorted(verdicts.items()):
        for first, second in combinations(sorted(by_reviewer), 2):
            shared = sorted(set(by_reviewer[first]) & set(by_reviewer[second]))
            pairs = [(by_reviewer[first][item], by_reviewer[second][item]) for item in shared]
            found.append(_agreement(dimension, first, second, pairs))
        machine = [
            (automatic[dimension][item + (reviewer,)], verdict)
            for reviewer, decided in sorted(by_reviewer.items())
            for item, verdict in sorted(decided.items())
            if item + (reviewer,) in automatic[dimension]
        ]
        if machine:
            found.append(_agreement(dimension, AUTOMATIC, "reviewers", machine))
    return found


def _automatic(decision: Decision) -> str:
    """The automatic verdict in the reviewers' words: a finding that costs points is one to confirm."""
    assert decision.confidence is not None
    counts = decision.confidence.value >= LOW_CONFIDENCE
    return DecisionKind.CONFIRM.value if counts else DecisionKind.DISMISS.value


def _agreement(dimension: str, first: str, second: str, pairs: list[tuple[str, str]]) -> Agreement:
    return Agreement(dimension, first, second, len(pairs), sum(a == b for a, b in pairs), cohens_kappa(pairs))
