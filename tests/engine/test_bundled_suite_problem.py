"""The bundled problem judged by a unittest suite (problems/chunk_list.yaml): each sample loses points where its
flaw is, through the real engine and sandbox; the suite catches what input/output tests cannot (a solution that
empties the caller's list)."""

from __future__ import annotations

import pytest

from codeeval.engine.evaluator import EvaluationOptions, evaluate
from codeeval.problem import load_problem
from codeeval.results.case_details import CorrectnessDetails
from tests.support import REPO

PROBLEM = REPO / "problems" / "chunk_list.yaml"
SAMPLES = REPO / "problems" / "samples" / "chunk_list"
NOT_TIMED = EvaluationOptions(skip=("performance",))  # the slow sample's loss is the performance bench's to show


@pytest.fixture(scope="module")
def problem():
    return load_problem(PROBLEM)


def scores(problem, sample: str) -> dict[str, float]:
    result = evaluate(SAMPLES / sample, problem, options=NOT_TIMED)
    return {name: dimension.score for name, dimension in result.dimensions.items() if dimension.score is not None}


def test_the_good_sample_passes_every_test_and_suite_test(problem):
    found = scores(problem, "good.py")
    assert found["correctness"] == 100.0
    assert found["edge_cases"] == 100.0


def test_only_the_suite_sees_a_solution_that_empties_the_callers_list(problem):
    result = evaluate(SAMPLES / "mutating.py", problem, options=NOT_TIMED)
    details = result.dimensions["correctness"].details
    assert isinstance(details, CorrectnessDetails)
    failing = {case.case for case in details.cases if not case.passed}
    assert failing == {"TestCases.test_the_argument_is_not_modified", "TestCases.test_chunks_are_new_lists"}
    assert result.dimensions["edge_cases"].score == 100.0  # the edge-case harness hands each call its own copy


@pytest.mark.parametrize(("sample", "flaw"), [("fragile.py", "edge_cases"), ("crash.py", "correctness")])
def test_a_flawed_sample_loses_in_its_flaws_dimension(problem, sample, flaw):
    meta = problem.samples[sample]
    assert meta["flaw"] in (flaw, "crash")
    assert scores(problem, sample)[flaw] < 100.0
