"""Edge cases of a stdin/stdout program: the tests' inputs changed in shape-keeping ways, judged by the reference.

The inputs come from generation/program_inputs.py (reversed, sorted, shuffled, all equal, extremes, a single
element). The reference program's output on each is the expectation, computed once per problem by the
oracle; an input the reference fails on (a non-zero exit, an exception, a time-out) is dropped, not held
against anyone. The candidate's outputs are judged by the problem's checker, as its tests are.

Failures are grouped by how the input was made; each group is one finding costing an equal share of the
dimension, at a confidence from four parts like every finding's. A group whose confidence is below 0.6 is
shown, marked, and costs nothing.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..base.catalog import EDGE_CASES, CaseOrigin
from ..base.findings import Confidence
from ..judging.case_runner import CaseResult, Deadline
from ..judging.oracle import Oracle
from ..problem.definition import Case, Problem
from ..results.case_details import CaseVerdict, PassCounts
from ..results.edge_case_details import EdgeCaseDetails, EdgeFindingRecord, GenerationPhase, GenerationSummary
from ..results.result import DimensionResult
from ..sandbox import Session
from .program_correctness import run_program_cases

NAME = EDGE_CASES.name
SHOWN_FAILURES = 10
# Confidence parts: inputs that only reorder keep the contract more surely than inputs whose values change.
REORDERING = ("reversed", "sorted", "sorted descending", "shuffled")
RELEVANCE_REORDERED, RELEVANCE_CHANGED = 0.8, 0.7
# A one-line answer has one right value; a longer one may be one of several valid constructions.
ACCURACY_ONE_LINE, ACCURACY_LONGER = 0.9, 0.55
ACTIONABILITY = 0.8  # the input to reproduce it is given
CALIBRATION_CRASH, CALIBRATION_WRONG = 0.9, 0.75


@dataclass(frozen=True)
class GeneratedInputs:
    """The problem's generated inputs with the reference's outputs, and what was dropped and why."""

    cases: tuple[Case, ...]
    made: int
    discarded: tuple[str, ...]


def evaluate(problem: Problem, candidate: Session, oracle: Oracle, deadline: Deadline) -> DimensionResult:
    """The share of shape-keeping generated inputs on which the candidate's output is the reference's."""
    generated = oracle.remembered("program-edge-inputs", lambda: _generated(problem, oracle))
    summary = GenerationSummary(
        applicable=bool(generated.cases),
        generated=generated.made,
        phases={GenerationPhase.MUTATION.value: generated.made},
        stats={"discarded by the reference": len(generated.discarded)},
        notes=(
            "inputs are the tests' inputs reversed, sorted, shuffled, made equal or extreme, or cut to one element",
        ),
        seconds=0.0,
    )
    if not generated.cases:
        why = (
            "the reference failed on every input made from the tests"
            if generated.made
            else "no input could be made from the tests' inputs keeping their layout (a count, then what it counts)"
        )
        return DimensionResult.not_applicable(NAME, why)
    results = run_program_cases(problem, list(generated.cases), candidate, deadline)
    return _scored(problem, results, generated, summary)


def _generated(problem: Problem, oracle: Oracle) -> GeneratedInputs:
    from ..generation.program_inputs import mutated_inputs  # noqa: PLC0415  (only where programs have edge cases)

    names = [test.label(index) for index, test in enumerate(problem.tests)]
    inputs = [str(test.args[0]) for test in problem.tests]
    mutants = mutated_inputs(inputs, seed=problem.edge_cases.generate.seed, statement=problem.prompt or "")
    cases: list[Case] = []
    discarded: list[str] = []
    for mutant in mutants:
        name = f"test {names[mutant.source]}, {mutant.mutation}"
        case = Case(args=[mutant.text], name=name, origin=CaseOrigin.GENERATED, stdin=True)
        answer = oracle.answer(case)
        value = answer.expectation.value if answer.expectation is not None else None
        if isinstance(value, list) and len(value) == 2 and value[1] == 0 and isinstance(value[0], str):
            case.expected = value[0]
            cases.append(case)
        else:
            discarded.append(f"{name}: {answer.note or 'the reference did not exit normally'}")
    return GeneratedInputs(tuple(cases), len(mutants), tuple(discarded))


def _kind(result: CaseResult) -> str:
    """The mutation a generated case's name ends with: 'test #2, reversed' -> 'reversed'."""
    return (result.case.name or "").rsplit(", ", 1)[-1]


def _confidence(problem: Problem, kind: str, verdict: CaseVerdict) -> Confidence:
    one_line = all(len(str(test.expected).strip().splitlines()) <= 1 for test in problem.tests)
    return Confidence(
        relevance=RELEVANCE_REORDERED if kind in REORDERING else RELEVANCE_CHANGED,
        accuracy=ACCURACY_ONE_LINE if one_line else ACCURACY_LONGER,
        actionability=ACTIONABILITY,
        severity_calibration=CALIBRATION_WRONG if verdict is CaseVerdict.WRONG_ANSWER else CALIBRATION_CRASH,
    )


def _scored(
    problem: Problem, results: list[CaseResult], generated: GeneratedInputs, summary: GenerationSummary
) -> DimensionResult:
    kinds = list(dict.fromkeys(_kind(result) for result in results))
    share = 100.0 / len(kinds)
    findings: list[EdgeFindingRecord] = []
    rationale: list[str] = []
    entry = problem.entry_point
    for kind in kinds:
        failed = [r for r in results if _kind(r) == kind and not r.passed]
        if not failed:
            continue
        shown = min(failed, key=lambda r: len(str(r.case.args[0])))  # the smallest input shows it best
        confidence = _confidence(problem, kind, shown.verdict)
        points = 0.0 if confidence.is_low else share
        findings.append(
            EdgeFindingRecord(
                kind=kind,
                verdict=shown.verdict,
                inputs=len(failed),
                input=shown.case.input_text(entry, 2000),
                expected=shown.expected,
                actual=shown.actual,
                phase=GenerationPhase.MUTATION,
                relevance=confidence.relevance,
                relevance_reasons=("the input keeps the layout and every property the tests' inputs share",),
                reproduced=True,
                confidence=confidence,
                low_confidence=confidence.low_reason(),
                scored=points > 0,
                points=round(points, 2),
            )
        )
        cost = f"-{points:.1f}" if points else "-0.0 (low confidence, shown only)"
        rationale.append(
            f"{cost}: {kind} inputs: {len(failed)} failed ({shown.verdict}), e.g. {shown.case.name}: "
            f"expected {shown.expected[:120]!r}, got {shown.actual[:120]!r}"
        )
    passed = sum(result.passed for result in results)
    score = max(0.0, 100.0 - sum(f.points for f in findings))
    details = EdgeCaseDetails(
        passed=passed,
        total=len(results),
        cases=tuple(r.record(entry) for r in results if not r.passed)[:SHOWN_FAILURES],
        counterexamples=(),
        findings=tuple(findings),
        generation=replace(summary, judged=len(results), passed=passed, discarded=len(generated.discarded)),
        timeouts=tuple(r.record(entry) for r in results if r.verdict is CaseVerdict.TIMEOUT),
        discarded=generated.discarded,
        by_origin={CaseOrigin.GENERATED.value: PassCounts(passed=passed, total=len(results))},
        parts={"generated": round(score, 2)},
    )
    return DimensionResult(
        name=NAME,
        score=score,
        summary=f"{passed}/{len(results)} generated inputs passed ({len(kinds)} kinds of change to the tests' inputs)",
        rationale=rationale,
        details=details,
    )
