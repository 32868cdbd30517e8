"""Behaviour: the base version is the oracle. Both versions run in the sandbox on the same inputs; each
input on which they differ is shrunk to a minimal one and becomes a finding, "base returns X, now Y".

The base runs twice on every input: a function whose two runs disagree depends on more than its arguments
(a counter, a cache it fills wrongly, the clock) and is reported as not compared, with the input.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from ..base.findings import Confidence
from ..generation.plan import Plan
from ..generation.shrink import shrink
from ..generation.values import simplicity_key
from ..sandbox import CallInput, CallOutcome, Launcher, Limits, Session
from .call_inputs import ReviewInput
from .modules import OBSERVER_ENTRY, LoadableModule
from .outcomes import describe, describe_pair, difference, hit_a_limit, same_run
from .report import BehaviourFinding, FindingKind

CHUNK = 10  # inputs per round: the budget is checked between rounds, and a round of time-outs stays short
DEFAULT_BUDGET_S = 8.0  # per function, for its inputs (shrinking has its own)
MAX_FINDINGS = 3  # per function: one per kind of difference, the simplest input of each
SHRINK_SECONDS = 2.0


@dataclass
class BehaviourRun:
    """What running both versions came to."""

    findings: list[BehaviourFinding] = field(default_factory=list)
    inputs_run: int = 0
    not_compared: str = ""  # why the run could not compare the two versions
    note: str = ""  # how the run was cut short, if it was


Difference = tuple[ReviewInput, CallOutcome, CallOutcome, FindingKind]


def open_session(module: LoadableModule, qualname: str, limits: Limits, launcher: Launcher) -> Session:
    """A session on the function through the module's observing entry point (modules.OBSERVER_ENTRY)."""
    source = module.observed_source(qualname)
    return Session(source, OBSERVER_ENTRY, module.path, limits, launcher=launcher, prelude=module.prelude())


def _calls(inputs: list[ReviewInput], timeout: float) -> list[CallInput]:
    return [CallInput(i.case.args, i.case.kwargs, None, timeout) for i in inputs]


class Comparer:
    """Both versions of one function loaded in their own sessions, compared input by input."""

    def __init__(self, qualname: str, base: Session, new: Session, limits: Limits, budget_s: float = DEFAULT_BUDGET_S):
        self.qualname = qualname  # how inputs are shown: `f(1, 2)`, `Box().area(2, 3)`
        self.base = base
        self.new = new
        self.limits = limits
        self.budget_s = budget_s

    def run(self, inputs: list[ReviewInput], plan: Plan | None) -> BehaviourRun:
        """Every input on both versions (in chunks, until the time budget is spent), then the findings."""
        result = BehaviourRun()
        differing: list[Difference] = []
        ends = time.monotonic() + self.budget_s
        for start in range(0, len(inputs), CHUNK):
            if time.monotonic() > ends:
                result.note = f"time budget spent after {start} of {len(inputs)} inputs"
                break
            chunk = inputs[start : start + CHUNK]
            result.inputs_run += len(chunk)
            why = self._chunk(chunk, differing)
            if why:
                result.not_compared = why
                return result
        result.findings = self._findings(differing, plan)
        return result

    def _chunk(self, chunk: list[ReviewInput], differing: list[Difference]) -> str:
        """Run one chunk: the base twice (why it is not deterministic, if it is not), then the new version on
        the inputs where the base answered within its limits."""
        timeout = self.limits.time_per_call_s
        first = list(self.base.call_each(_calls(chunk, timeout)))
        answered = [(item, one) for item, one in zip(chunk, first, strict=True) if not hit_a_limit(one)]
        second = list(self.base.call_each(_calls([item for item, _ in answered], timeout)))
        for (item, one), two in zip(answered, second, strict=True):
            if not same_run(one, two):
                shown = item.case.input_text(self.qualname, 200)
                return (
                    f"not deterministic in isolation: two runs of the base on {shown} differ "
                    f"({describe(one)}, then {describe(two)})"
                )
        now = self.new.call_each(_calls([item for item, _ in answered], timeout))
        for (item, base), new in zip(answered, now, strict=True):
            kind = difference(base, new)
            if kind is not None:
                differing.append((item, base, new, kind))
        return ""

    def _findings(self, differing: list[Difference], plan: Plan | None) -> list[BehaviourFinding]:
        """The simplest differing input of each kind of difference, shrunk; behaviour changes first."""
        differing.sort(key=lambda d: (d[3] is not FindingKind.BEHAVIOUR, d[0].origin == "generated", _simplicity(d[0])))
        findings: list[BehaviourFinding] = []
        seen: set[tuple] = set()
        for item, base, new, kind in differing:
            signature = (kind, describe_kind(base), describe_kind(new))
            if signature in seen or len(findings) >= MAX_FINDINGS:
                continue
            seen.add(signature)
            findings.append(self._shrunk(item, base, new, kind, plan))
        return findings

    def _shrunk(
        self, item: ReviewInput, base: CallOutcome, new: CallOutcome, kind: FindingKind, plan: Plan | None
    ) -> BehaviourFinding:
        case, steps = item.case, 0
        if plan is not None and item.value is not None:

            def still_differs(candidate: tuple) -> tuple[CallOutcome, CallOutcome] | None:
                trial = plan.to_case(candidate)
                b = self.base.call(trial.args, trial.kwargs, timeout=self.limits.time_per_call_s)
                n = self.new.call(trial.args, trial.kwargs, timeout=self.limits.time_per_call_s)
                return (b, n) if difference(b, n) is kind else None

            shrunk = shrink(
                item.value, (base, new), plan.top.shrink, still_differs, max_attempts=80, max_seconds=SHRINK_SECONDS
            )
            if shrunk.steps:
                case, (base, new), steps = plan.to_case(shrunk.value), shrunk.data, shrunk.steps
        return BehaviourFinding(
            kind,
            case.input_text(self.qualname, 300),
            *describe_pair(base, new),
            finding_confidence(kind, base, new, item.origin),
            item.origin,
            steps,
        )


def describe_kind(outcome: CallOutcome) -> str:
    """An outcome's kind without its value: `returned`, `raised ValueError`..."""
    return f"{outcome.status} {outcome.exc_type or ''}".strip()


def _simplicity(item: ReviewInput) -> tuple:
    return simplicity_key(item.value if item.value is not None else (item.case.args, item.case.kwargs))


def finding_confidence(kind: FindingKind, base: CallOutcome, new: CallOutcome, origin: str) -> Confidence:
    """Four parts: an input the repository wrote is more relevant than a generated one; two returned values
    are surer evidence than a time-out (the machine's load); a minimal input is actionable; and whether the
    change matters is the author's call (it may be intended), so severity stays moderate, higher for a new
    exception where the base returned."""
    relevance = 0.9 if origin != "generated" else 0.75
    accuracy = 0.95 if base.returned and new.returned else 0.9 if base.status == new.status else 0.8
    severity = 0.7 if new.exc_type and not base.exc_type else 0.6
    if kind is FindingKind.ROUNDING:
        return Confidence(0.4, 0.9, 0.4, 0.3)
    return Confidence(relevance, accuracy, 0.9, severity)


def load_finding(qualname: str, why: str) -> BehaviourFinding:
    """The working module no longer loads where the base's did: a change every caller sees."""
    return BehaviourFinding(
        FindingKind.BEHAVIOUR,
        f"import of {qualname}'s module",
        "loads",
        f"does not: {why}",
        Confidence(0.9, 0.95, 0.8, 0.8),
        "loading",
    )
