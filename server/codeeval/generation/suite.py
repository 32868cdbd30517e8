"""Building a problem's generated suite: boundary values, mutated examples, random exploration.

Every candidate input goes to the reference, run in the sandbox behind a guard
that checks the problem's preconditions first. An input is kept only when the
preconditions hold and the reference returns a value quickly; one the
reference rejects, raises on or times out on is discarded (one it answers
too slowly is timed once more first: a cold start is not the input's fault), and so is
one whose answer the problem's own judge refuses (`compare.mode: root` on a
polynomial without a real root: no answer could pass there).
Phases share one budget of kept examples (`max_examples`) and seconds
(`time_budget_s`); with a fixed seed the same problem always gives the same
suite (unless the time budget cuts generation short, or the reference's time
on an input sits at the generation time limit).

The suite does not depend on the candidate: every solution of a problem is
judged on the same inputs, and the suite is built once per problem context.

Exploration draws from the types' own samplers (biased towards the examples'
ranges, alphabets and sizes): Hypothesis's engine costs tens of milliseconds a
draw, more than the reference's answer. Hypothesis explores only where the
types cannot draw themselves (strings matching a regular expression).
"""

from __future__ import annotations

import dataclasses
import os
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import Enum
from itertools import permutations, product
from typing import Any

from hypothesis import HealthCheck, Phase, Verbosity, configuration, given, seed, settings

from ..base.catalog import CaseOrigin, EntryKind
from ..judging.compare import outputs_match
from ..judging.oracle import Oracle, case_key
from ..problem.definition import Case, GenerateSpec, Problem
from ..results.edge_case_details import GenerationPhase, GenerationSummary
from ..sandbox import Launcher, Limits
from .contract_kinds import contract_kinds
from .domain import Domain, prompt_text
from .frozen_suites import FrozenSuites
from .plan import GenerationUnavailable, Plan, constant_pool, make_plan, nested_types
from .sandboxed import GUARD_ENTRY, REJECTED, PreconditionError, guard_source, parse_preconditions
from .value_types import GenContext, RegexT, TupleT, dedupe
from .values import simplicity_key, size_of

GENERATION_CALL_TIMEOUT_S = 0.25  # the reference gets this long per generated input (kept ones need < 0.1 s)
MAX_REFERENCE_S = 0.1  # inputs on which the reference takes longer are not used (edge cases, not load tests)
MAX_SUITE_REFERENCE_S = 1.0  # total reference time of a suite: keeps judging a candidate quick
FINISH_MARGIN_S = 0.5  # the phases stop this long (at most a tenth of the budget) before the budget: the last
# reference call (up to GENERATION_CALL_TIMEOUT_S, and a restart after a time-out) ends past the check letting it start
REFERENCE_TIME_SLACK_S = 0.01  # a phase whose reference time is this close to its share is done
MAX_OUTPUT_SIZE = 50_000  # inputs whose expected output is bigger are not used (transfer, not edge cases)
PHASE_SHARES = ((GenerationPhase.BOUNDARY, 0.45), (GenerationPhase.MUTATION, 0.35), (GenerationPhase.EXPLORE, 0.20))
EXPLORE_PROBE = 40  # after this many Hypothesis draws, exploration stops unless it keeps some...
EXPLORE_MIN_YIELD = 0.05  # ...this share of them (drawing nested values that are all rejected wastes the budget)
TRIES_PER_EXAMPLE = 4  # candidate inputs tried per kept one, at most (count-bound before time-bound)
LARGE_INPUT_SIZE = 16  # a time-out on a smaller input is a loop on a special value, not a size problem
MAX_RETIMED = 5  # inputs the reference seemed too slow on that are timed again: the worker's first call, or a
# moment of a loaded machine, can take over MAX_REFERENCE_S on an input as small as 0 (Mbpp/641 lost its only
# failing input that way, one suite build in three); a second, faster answer keeps the input

HYPOTHESIS_LOCK = threading.Lock()  # Hypothesis is not thread-safe; the runner evaluates in threads


def configure_hypothesis() -> None:
    """Keep Hypothesis's cache out of the user's working directory (unless they chose a place)."""
    if os.environ.get("HYPOTHESIS_STORAGE_DIRECTORY"):
        return

    configuration.set_hypothesis_home_dir(os.path.join(tempfile.gettempdir(), f"codeeval-hypothesis-{os.getuid()}"))


@dataclass
class GeneratedCase:
    case: Case  # origin generated, expected set from the reference
    phase: GenerationPhase
    value: Any  # the plan's top-level value (what the shrinker works on)
    duration_s: float  # the reference's time on it


@dataclass
class Suite:
    cases: list[GeneratedCase] = field(default_factory=list)
    applicable: bool = True
    reason: str = ""
    plan: Plan | None = None
    stats: dict = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)
    seconds: float = 0.0
    domain: Domain | None = None  # what the examples and the prompt promise: the relevance of a failing input

    def summary(self) -> GenerationSummary:
        """How the suite was made, as the edge-case dimension reports it."""
        phases = Counter(c.phase for c in self.cases)
        return GenerationSummary(
            applicable=self.applicable,
            generated=len(self.cases),
            phases={str(name): phases.get(name, 0) for name, _ in PHASE_SHARES},
            stats=dict(self.stats),
            notes=tuple(self.notes),
            seconds=round(self.seconds, 3),
            reason=None if self.applicable else self.reason,
            types=self.plan.describe_types() if self.plan is not None else None,
            contract=(self.domain.describe() or None) if self.domain is not None else None,
        )


class ReferenceAnswer(str, Enum):
    """What the guarded reference made of a generated input."""

    OK = "ok"  # it returned: the detail is the expected value
    REJECTED = "rejected"  # a precondition refused the input
    RAISED = "raised"  # it raised: the detail is the exception's type
    FAILED = "failed"  # it did not answer (timeout, crash): the detail says why


class GuardedReference:
    """The reference behind its precondition guard, in its own sandboxed session, answers cached."""

    def __init__(self, problem: Problem, plan: Plan, preconditions: list[str], limits: Limits, launcher: Launcher):
        source = problem.reference + guard_source(problem.entry_point, plan.param_names, preconditions, plan.records)
        guarded = dataclasses.replace(problem, reference=source, entry_point=GUARD_ENTRY)
        self.oracle = Oracle(guarded, limits, launcher)

    def answer(self, case: Case) -> tuple[ReferenceAnswer, Any, float]:
        """(OK, value, seconds) | (REJECTED, "", s) | (RAISED, exc_type, s) | (FAILED, note, s)."""
        answer = self.oracle.answer(case)
        duration = answer.duration_s or 0.0
        if answer.expectation is None:
            return ReferenceAnswer.FAILED, answer.note, duration
        if answer.expectation.raises == REJECTED:
            return ReferenceAnswer.REJECTED, "", duration
        if answer.expectation.raises is not None:
            return ReferenceAnswer.RAISED, answer.expectation.raises, duration
        return ReferenceAnswer.OK, answer.expectation.value, duration

    def time_again(self, case: Case) -> float | None:
        """The guarded reference's time on `case` asked once more (None: it did not return this time)."""
        return self.oracle.time_again(case)

    def close(self) -> None:
        self.oracle.close()


def generation_limits(limits: Limits) -> Limits:
    return dataclasses.replace(limits, time_per_call_s=min(GENERATION_CALL_TIMEOUT_S, limits.time_per_call_s))


def example_cases(problem: Problem) -> list[Case]:
    return list(problem.tests) + list(problem.edge_cases.cases)


class _Stop(Exception):
    """Ends Hypothesis exploration when the budget is spent."""


class SuiteBuilder:
    def __init__(
        self,
        problem: Problem,
        plan: Plan,
        guard: GuardedReference,
        spec: GenerateSpec,
        budget_s: float,
        excluded: set[str],
        started: float | None = None,
    ):
        self._case_key = case_key
        self.problem = problem
        self.plan = plan
        self.guard = guard
        self.spec = spec
        self.max_examples = spec.max_examples
        self.started = time.monotonic() if started is None else started  # the build's start: planning counts
        self.budget_s = budget_s
        self.setup_s = min(self.elapsed(), budget_s)  # planning and loading the reference, before any phase
        self.seen = set(excluded)
        self.kept: list[GeneratedCase] = []
        self.stats: Counter = Counter()
        self.size_cap: int | None = None
        self.reference_total_s = 0.0
        self.reference_cap = MAX_SUITE_REFERENCE_S  # the current phase's cumulative share of it
        self.ctx = constant_pool(problem.reference, [c.args for c in example_cases(problem)])
        self.ctx.rng.seed(f"{spec.seed}:{problem.name}")
        self.notes: list[str] = []

    # -- budget -------------------------------------------------------------------------
    def elapsed(self) -> float:
        return time.monotonic() - self.started

    def out_of_time(self, share_end: float = 1.0) -> bool:
        """Past the phase's end: its cumulative share of the time the setup left. A slow start (a loaded machine,
        a slow import) then shortens every phase alike; counted from the build's start, a reference that took 1.5 s
        of a 3 s budget to load left the boundary phase, the most telling inputs, none at all."""
        return self.elapsed() >= self.setup_s + (self.budget_s - self.setup_s) * share_end

    def full(self, quota: int) -> bool:
        """The phase has its share of examples, or of the suite's reference time."""
        return (
            len(self.kept) >= min(quota, self.max_examples)
            or self.reference_total_s >= self.reference_cap - REFERENCE_TIME_SLACK_S
        )

    # -- one candidate ------------------------------------------------------------------
    def try_value(self, value: Any, phase: GenerationPhase) -> bool:
        case = self.plan.to_case(value, origin=CaseOrigin.GENERATED)
        key = self._case_key(case)
        if key in self.seen:
            self.stats["duplicates"] += 1
            return False
        self.seen.add(key)
        size = size_of(value)
        if self.size_cap is not None and size >= self.size_cap:
            self.stats["skipped_too_large"] += 1
            return False
        self.stats["tried"] += 1
        status, detail, duration = self.guard.answer(case)
        if status == ReferenceAnswer.REJECTED:
            self.stats["rejected_by_preconditions"] += 1
            return False
        if status == ReferenceAnswer.RAISED:
            self.stats["reference_raised"] += 1
            return False
        if status == ReferenceAnswer.FAILED:
            self.stats["reference_failed"] += 1
            if "timeout" in detail:
                self._cap(size)
            return False
        if duration > MAX_REFERENCE_S and self.stats["retimed"] < MAX_RETIMED:
            self.stats["retimed"] += 1
            duration = min(duration, self.guard.time_again(case) or duration)
        if duration > MAX_REFERENCE_S or self.reference_total_s + duration > self.reference_cap:
            self.stats["reference_too_slow"] += 1
            if duration > MAX_REFERENCE_S:
                self._cap(size, floor=8)
            return False
        if size_of(detail) > MAX_OUTPUT_SIZE:
            self.stats["output_too_large"] += 1
            self._cap(size, floor=8)
            return False
        if not outputs_match(detail, detail, self.problem.compare, case.args):  # a judge of a property (any root)
            self.stats["reference_misjudged"] += 1  # refuses the reference's own answer: outside the contract
            return False
        self.reference_total_s += duration
        self._keep(case, phase, value, detail, duration)
        return True

    def _keep(self, case: Case, phase: GenerationPhase, value: Any, expected: Any, duration: float) -> None:
        case.expected = expected
        case.name = f"generated #{len(self.kept) + 1} ({phase})"
        self.kept.append(GeneratedCase(case, phase, value, duration))

    def replay(self, frozen: list[tuple[GenerationPhase, Any]]) -> list[GeneratedCase]:
        """A frozen suite's inputs, answered by the reference again; no time limit but the call's decides."""
        for phase, value in frozen:
            case = self.plan.to_case(value, origin=CaseOrigin.GENERATED)
            status, detail, duration = self.guard.answer(case)
            if status == ReferenceAnswer.OK:
                self._keep(case, phase, value, detail, duration)
            else:
                self.stats["reference_failed_on_replay"] += 1
        return self.kept

    def _cap(self, size: int, floor: int = LARGE_INPUT_SIZE) -> None:
        """The reference is too slow on an input this big: skip inputs at least as big from now on."""
        if size >= floor:
            self.size_cap = size if self.size_cap is None else min(self.size_cap, size)

    # -- phases -------------------------------------------------------------------------
    def build(self) -> list[GeneratedCase]:
        quota, share_end = 0, 0.0
        for phase, share in PHASE_SHARES:
            quota += round(share * self.max_examples)
            share_end += share
            if phase == PHASE_SHARES[-1][0]:
                quota, share_end = self.max_examples, 1.0
            self.reference_cap = MAX_SUITE_REFERENCE_S * share_end
            runner = getattr(self, f"_{phase}")
            try:
                runner(quota, share_end)
            except _Stop:
                pass
        return self.kept

    def _feed(self, values: Iterable, phase: GenerationPhase, quota: int, share_end: float, tries: int) -> None:
        for value in values:
            if self.full(quota) or self.out_of_time(share_end) or tries <= 0:
                return
            tries -= 1
            self.try_value(value, phase)

    def _boundary(self, quota: int, share_end: float) -> None:
        top = self.plan.top
        if isinstance(top, TupleT) and self.plan.kind is EntryKind.FUNCTION:
            values = function_boundary(top, self.ctx, self.plan.examples)
        else:
            values = top.boundary(self.ctx)
        self._feed(values, GenerationPhase.BOUNDARY, quota, share_end, tries=quota * TRIES_PER_EXAMPLE)

    def _mutation(self, quota: int, share_end: float) -> None:
        top, rng = self.plan.top, self.ctx.rng
        originals = list(self.plan.examples)
        if not originals:
            originals = [top.default()] + [c.value for c in self.kept[:20]]
        corpus = list(originals)
        tries = (quota - len(self.kept)) * TRIES_PER_EXAMPLE
        while tries > 0 and not self.full(quota) and not self.out_of_time(share_end):
            tries -= 1
            seed = rng.choice(originals) if rng.random() < 0.5 else rng.choice(corpus)
            value = top.mutate(seed, self.ctx)
            while rng.random() < 0.35:
                value = top.mutate(value, self.ctx)
            if self.try_value(value, GenerationPhase.MUTATION):
                corpus.append(value)

    def _explore(self, quota: int, share_end: float) -> None:
        if self.full(quota) or self.out_of_time(share_end):
            return
        if any(isinstance(t, RegexT) for t in nested_types(self.plan.top)):
            self._explore_with_hypothesis(quota, share_end)
            return
        tries = max(10, (quota - len(self.kept)) * TRIES_PER_EXAMPLE)
        kept_before = len(self.kept)
        for drawn in range(1, tries + 1):
            if self.full(quota) or self.out_of_time(share_end):
                return
            if drawn > EXPLORE_PROBE and (len(self.kept) - kept_before) < EXPLORE_MIN_YIELD * drawn:
                self.notes.append(
                    f"exploration stopped after {drawn} draws: the preconditions or the reference "
                    "rejected almost all of them"
                )
                return
            self.try_value(self.plan.top.sample(self.ctx), GenerationPhase.EXPLORE)

    def _explore_with_hypothesis(self, quota: int, share_end: float) -> None:
        configure_hypothesis()

        try:
            strategy = self.plan.top.strategy()
        except Exception as exc:  # a type Hypothesis cannot build: exploration is skipped, the rest stands
            self.notes.append(f"exploration skipped: {type(exc).__name__}: {exc}")
            return
        tries = max(10, (quota - len(self.kept)) * TRIES_PER_EXAMPLE)
        drawn, kept_before = [0], len(self.kept)

        @seed(self.spec.seed)
        @settings(
            database=None,
            max_examples=tries,
            phases=[Phase.generate],
            deadline=None,
            suppress_health_check=list(HealthCheck),
            verbosity=Verbosity.quiet,
            report_multiple_bugs=False,
        )
        @given(strategy)
        def explore(value: object) -> None:
            if self.full(quota) or self.out_of_time(share_end):
                raise _Stop()
            drawn[0] += 1
            if drawn[0] > EXPLORE_PROBE and (len(self.kept) - kept_before) < EXPLORE_MIN_YIELD * drawn[0]:
                self.notes.append(
                    f"exploration stopped after {drawn[0]} draws: the preconditions or the reference "
                    "rejected almost all of them"
                )
                raise _Stop()
            self.try_value(value, GenerationPhase.EXPLORE)

        with HYPOTHESIS_LOCK:
            try:
                explore()
            except _Stop:
                pass
            except Exception as exc:  # Hypothesis refusing a strategy must not end the evaluation
                self.notes.append(f"exploration stopped early: {type(exc).__name__}: {str(exc)[:200]}")


def function_boundary(top: TupleT, ctx: GenContext, examples: list) -> list:
    """The combinatorial boundary suite for an argument list.

    First every parameter's first few boundary values in combination, then
    each parameter swept through all its boundary values with the others held
    at the simplest example, then the first few values on the other examples.
    """
    columns = [t.boundary(ctx) for t in top.items]
    bases = sorted(dedupe(list(examples)), key=simplicity_key)
    default = top.default()
    primary = bases[0] if bases else default
    others = bases[1:4] + ([default] if bases else [])
    values: list[tuple] = []
    if 0 < len(columns) <= 3:
        values += [tuple(combo) for combo in product(*[c[:3] for c in columns])]
    elif not columns:
        values.append(())
    depth = max((len(c) for c in columns), default=0)
    for rank in range(depth):
        for i, column in enumerate(columns):
            if rank < len(column):
                values.append(primary[:i] + (column[rank],) + primary[i + 1 :])
    values += argument_permutations(top, bases[:4])
    for rank in range(6):
        for base in others:
            for i, column in enumerate(columns):
                if rank < len(column):
                    values.append(base[:i] + (column[rank],) + base[i + 1 :])
    return values


def argument_permutations(top: TupleT, bases: list[tuple]) -> list[tuple]:
    """The examples with their arguments reordered, where the parameters' types allow (f(3, 4, 5) -> f(5, 3, 4))."""
    if not 2 <= len(top.items) <= 4:
        return []
    out = []
    for base in bases:
        for order in permutations(range(len(base))):
            if list(order) == sorted(order):
                continue
            moved = tuple(base[i] for i in order)
            if all(t.accepts(v) for t, v in zip(top.items, moved, strict=False)) and moved != base:
                out.append(moved)
    return out


def build_suite(
    problem: Problem,
    limits: Limits,
    launcher: Launcher,
    guard: GuardedReference | None = None,
    budget_s: float | None = None,
    frozen: FrozenSuites | None = None,
) -> tuple[Suite, GuardedReference | None]:
    """Plan and generate a problem's suite. Never raises for a problem it cannot handle: the suite says why.

    With `frozen` (deterministic mode), a suite frozen earlier is replayed, and a newly built one is frozen.
    """
    started = time.monotonic()
    spec = problem.edge_cases.generate
    suite = Suite()
    if not spec.enabled:
        return _unavailable(suite, "generation is disabled (edge_cases.generate.enabled: false)"), None
    if spec.max_examples <= 0:
        return _unavailable(suite, "edge_cases.generate.max_examples is 0"), None
    try:
        preconditions = parse_preconditions(list(spec.preconditions))
    except PreconditionError as exc:
        return _unavailable(suite, f"edge_cases.generate.{exc}"), None
    try:
        plan = make_plan(problem.reference, problem.entry_point, example_cases(problem), spec.strategies, preconditions)
    except GenerationUnavailable as exc:
        return _unavailable(suite, str(exc)), None
    suite.plan = plan
    suite.notes += plan.notes
    suite.domain = domain_of(problem, plan, preconditions)
    if guard is None:
        guard = GuardedReference(problem, plan, preconditions, generation_limits(limits), launcher)
        loaded = guard.oracle.session().load()
        if not loaded.ok:
            guard.close()
            why = f"the reference (with its preconditions) did not load: {loaded.describe()}"
            return _unavailable(suite, why), None

    excluded = {case_key(c) for c in example_cases(problem)}
    budget = budget_s if budget_s is not None else spec.time_budget_s
    builder = SuiteBuilder(problem, plan, guard, spec, budget - min(FINISH_MARGIN_S, budget / 10), excluded, started)
    replayed = frozen.load(problem, plan.kind) if frozen is not None else None
    if replayed is not None:
        suite.cases = builder.replay(replayed)
        builder.notes.append(f"replayed {len(replayed)} frozen generated inputs (deterministic mode)")
    else:
        suite.cases = builder.build()
        if frozen is not None and not frozen.store(problem, [(g.phase, g.value) for g in suite.cases]):
            builder.notes.append("the generated inputs could not be frozen: a later run may generate others")
    suite.stats = dict(builder.stats)
    suite.notes += builder.notes
    suite.seconds = time.monotonic() - started
    if not suite.cases:
        reason = "no generated input was usable"
        if builder.stats.get("tried"):
            reason += (
                f": of {builder.stats['tried']} tried, {builder.stats.get('rejected_by_preconditions', 0)} "
                f"broke a precondition and the reference raised on {builder.stats.get('reference_raised', 0)} "
                f"and failed on {builder.stats.get('reference_failed', 0)}"
            )
        suite.applicable, suite.reason = False, reason
    return suite, guard


def domain_of(problem: Problem, plan: Plan, preconditions: list[str]) -> Domain:
    """The examples' profile per parameter, the kinds the contract admits and the prompt's promises.

    Class entry points are not profiled (every input counts as relevant).
    """
    examples = plan.examples if plan.kind is EntryKind.FUNCTION else []
    names = list(getattr(plan.top, "names", None) or []) if plan.kind is EntryKind.FUNCTION else []
    return Domain(
        names,
        examples,
        prompt_text(problem.prompt, problem.reference, problem.entry_point),
        contract_kinds(preconditions, names),
    )


def _unavailable(suite: Suite, reason: str) -> Suite:
    suite.applicable = False
    suite.reason = reason
    return suite
