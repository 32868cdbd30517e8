"""One changed function reviewed: why it cannot be compared, or its behaviour and speed against the base."""

from __future__ import annotations

import ast
import time
from dataclasses import dataclass

from ..base import python_ast
from ..generation.plan import GenerationUnavailable, Plan, make_plan
from ..problem.definition import Case
from ..sandbox import Launcher, Limits
from .behaviour import BehaviourRun, Comparer, load_finding, open_session
from .call_inputs import ReviewInput, doctest_calls, review_inputs
from .determinism import nondeterminism
from .functions import FunctionChange
from .modules import LoadableModule
from .quality_change import quality_change
from .repo_tests import CodeVersion, SelectedTests, changed_tests
from .report import Comparison, FindingKind, FunctionReview
from .speed import measure_speed


@dataclass(frozen=True)
class Versions:
    """The two loadable versions of the function's module, the repository's literal calls of it, and both
    versions of the repository's code with the working tree's tests that name the function."""

    base: LoadableModule
    new: LoadableModule
    calls: list[Case]
    base_code: CodeVersion
    new_code: CodeVersion
    tests: SelectedTests


@dataclass(frozen=True)
class Settings:
    """How a function is run: the sandbox and its limits, how many inputs, and which parts to measure."""

    limits: Limits
    launcher: Launcher
    inputs: int
    speed: bool
    tests: bool = True


def static_reason(change: FunctionChange) -> str | None:
    """Why the function cannot be compared, from its text alone, or None."""
    assert change.base is not None and change.new is not None
    short = change.qualname.rpartition(".")[2]
    if short.startswith("__") and short.endswith("__"):
        return f"{short} is a special method: it is exercised through its class, not called alone"
    if isinstance(change.base.node, ast.AsyncFunctionDef) or isinstance(change.new.node, ast.AsyncFunctionDef):
        return "a coroutine function: comparing needs an event loop the review does not run"
    why = nondeterminism(change.base.node) or nondeterminism(change.new.node)
    if why:
        return f"not deterministic in isolation: it {why}"
    return _constructor_reason(change.base_module or "", change.qualname)


def _constructor_reason(module: str, qualname: str) -> str | None:
    """A method is called on a fresh instance: a class whose constructor needs arguments has none to give."""
    owner, _, _ = qualname.partition(".")
    if owner == qualname:
        return None
    tree = python_ast.parse(module)
    for node in tree.body:
        if isinstance(node, ast.ClassDef) and node.name == owner:
            init = next((n for n in node.body if isinstance(n, ast.FunctionDef) and n.name == "__init__"), None)
            if init is None:
                return None
            required = len(init.args.args) - 1 - len(init.args.defaults)
            required += sum(1 for d in init.args.kw_defaults if d is None)
            if required > 0:
                return f"class {owner}'s constructor needs arguments, and a method is called on a fresh instance"
    return None


def _plan(change: FunctionChange, calls: list[Case]) -> tuple[Plan | None, str]:
    """The generation plan from the base's signature (the new one's if the base's cannot give one)."""
    reasons = []
    for module in (change.base_module, change.new_module):
        try:
            return make_plan(module or "", change.qualname, calls), ""
        except GenerationUnavailable as exc:
            reasons.append(str(exc))
    return None, reasons[0]


def review_function(change: FunctionChange, versions: Versions, settings: Settings) -> FunctionReview:
    """The function's review: its behaviour and speed (or why they were not compared), and its tests."""
    started = time.monotonic()
    review = _behaviour_review(change, versions, settings)
    review.quality = quality_change(change.qualname, change.base_module, change.new_module)
    if settings.tests:
        selected = versions.tests
        review.tests = changed_tests(
            selected, versions.new_code.read, versions.base_code, versions.new_code, settings.limits, settings.launcher
        )
        review.tests_run = len(selected.tests)
        review.tests_left_out = selected.left_out
    review.seconds = time.monotonic() - started
    return review


def _behaviour_review(change: FunctionChange, versions: Versions, settings: Settings) -> FunctionReview:
    """Behaviour (and speed, when behaviour is the same), or why the function cannot be compared."""
    review = FunctionReview(change.path, change.qualname, change.line, change.status)
    reason = static_reason(change)
    if reason:
        review.reason = reason
        return review
    assert change.base is not None and change.new is not None
    short = change.qualname.rpartition(".")[2]
    calls = versions.calls + doctest_calls(change.base.text, short) + doctest_calls(change.new.text, short)
    plan, why = _plan(change, calls)
    constants = f"{change.base.text}\n{change.new.text}"
    inputs = review_inputs(plan, calls, constants, settings.inputs)
    if not inputs:
        review.reason = f"no inputs: {why}" if why else "no inputs could be made"
        return review
    review.inputs_from_tests = sum(1 for i in inputs if i.origin != "generated")
    run = _compare(versions, change.qualname, inputs, plan, settings, review)
    review.inputs_run = run.inputs_run
    review.findings = run.findings
    review.comparison = _comparison(run)
    notes = [run.not_compared or run.note, review.reason]
    if why and plan is None:
        notes.append(f"only the repository's calls were run (no inputs generated: {why})")
    review.reason = "; ".join(note for note in notes if note)
    return review


def _comparison(run: BehaviourRun) -> Comparison:
    if run.not_compared:
        return Comparison.NOT_COMPARED
    return Comparison.DIFFERENT if _changed(run) else Comparison.SAME


def _compare(
    versions: Versions,
    qualname: str,
    inputs: list[ReviewInput],
    plan: Plan | None,
    settings: Settings,
    review: FunctionReview,
) -> BehaviourRun:
    """Both versions loaded in their own sessions: behaviour, then (when it is the same) speed."""
    with open_session(versions.base, qualname, settings.limits, settings.launcher) as base:
        loaded = base.load()
        if not loaded.ok:
            return BehaviourRun(not_compared=f"the module does not load at the base: {loaded.describe()}")
        with open_session(versions.new, qualname, settings.limits, settings.launcher) as new:
            now = new.load()
            if not now.ok:
                return BehaviourRun(findings=[load_finding(qualname, now.describe())])
            run = Comparer(qualname, base, new, settings.limits).run(inputs, plan)
            if settings.speed and plan is not None and not run.not_compared and not _changed(run):
                review.speed, note = measure_speed(base, new, plan)
                if note:
                    review.reason = f"speed not measured: {note}"
            return run


def _changed(run: BehaviourRun) -> bool:
    return any(f.kind is FindingKind.BEHAVIOUR for f in run.findings)
