"""An edge finding's confidence is a measured probability on its side of the 0.6 line; how its answer differs."""

from __future__ import annotations

import json

import pytest

from codeeval.base.calibration import Calibration, DecisionCounts
from codeeval.base.findings import LOW_CONFIDENCE, Confidence
from codeeval.dimensions.edge_findings import measured
from codeeval.dimensions.edge_probability import answer_shape, probability
from codeeval.engine.evaluation_options import EvaluationOptions
from codeeval.engine.evaluator import evaluate
from codeeval.report.json_report import to_json
from codeeval.report.markdown_report import to_markdown
from codeeval.results.case_details import CaseVerdict
from codeeval.results.edge_case_details import AnswerShape
from tests.support import REPO

WRONG = CaseVerdict.WRONG_OUTPUT
SKIP = ("performance", "code_quality")


def parts(mean: float) -> Confidence:
    return Confidence(mean, mean, mean, mean)


@pytest.mark.parametrize("mean", [0.05, 0.3, 0.45, 0.55, 0.599, 0.6, 0.65, 0.8, 0.9, 0.975, 1.0])
def test_the_probability_stays_on_the_side_of_the_line_the_parts_put_the_finding(mean: float) -> None:
    chance = probability(parts(mean))
    assert 0 < chance < 1
    assert (chance >= LOW_CONFIDENCE) == (mean >= LOW_CONFIDENCE)


def test_the_probability_rises_with_the_parts() -> None:
    means = [0.3, 0.45, 0.55, 0.65, 0.8, 0.975]
    chances = [probability(parts(mean)) for mean in means]
    assert chances == sorted(chances) and len(set(chances)) == len(chances)


def test_a_confidence_with_a_probability_reads_as_it_and_round_trips_through_json() -> None:
    confidence = Confidence(1.0, 0.95, 0.95, 1.0, probability=0.81)
    assert confidence.value == 0.81 and confidence.mean_of_parts == pytest.approx(0.975)
    data = confidence.to_dict()
    assert data["value"] == 0.81 and data["mean_of_parts"] == 0.975 and data["probability"] == 0.81
    assert Confidence.from_dict(data) == confidence
    assert Confidence.from_dict({"value": 0.5}) is None
    plain = Confidence(0.5, 0.5, 0.5, 0.5)
    assert (
        plain.value == 0.5 and "probability" not in plain.to_dict() and Confidence.from_dict(plain.to_dict()) == plain
    )


def test_decisions_move_the_parts_and_the_probability_is_measured_from_the_moved_parts() -> None:
    parts = Confidence(1.0, 0.95, 0.95, 1.0)
    automatic = measured(parts)
    key = "edge_cases:p:wrong output"
    dismissed_20 = Calibration({key: DecisionCounts(dismissed=20)}).adjust(key, automatic)
    assert dismissed_20.probability is None  # measured from the old parts: dropped, not kept stale
    assert measured(dismissed_20).is_low  # twenty dismissals take it below the line...
    dismissed_3 = measured(Calibration({key: DecisionCounts(dismissed=3)}).adjust(key, parts))
    assert LOW_CONFIDENCE <= dismissed_3.value < automatic.value  # ...three lower it without silencing it
    confirmed = measured(Calibration({key: DecisionCounts(confirmed=20)}).adjust(key, parts))
    assert confirmed.value >= automatic.value


@pytest.mark.parametrize(
    ("verdict", "expected", "actual", "shape"),
    [
        (WRONG, [1, 2, 3], [3, 1, 2], AnswerShape.REORDERED),
        (WRONG, "abc", "cab", AnswerShape.REORDERED),
        (WRONG, 1, True, AnswerShape.OTHER_TYPE),
        (WRONG, (1, 2), [1, 2], AnswerShape.OTHER_TYPE),
        (WRONG, 0.1 + 0.2, 0.3, AnswerShape.ROUNDED),
        (WRONG, [], [1], AnswerShape.EMPTY_OR_NONE),
        (WRONG, "", None, AnswerShape.EMPTY_OR_NONE),
        (WRONG, 3, 4, AnswerShape.DIFFERENT),
        (WRONG, True, False, AnswerShape.DIFFERENT),  # a wrong yes/no is not an empty answer...
        (WRONG, None, True, AnswerShape.DIFFERENT),  # ...nor is a regex's "no match" against a solution's True
        (WRONG, [1, 2], [1, 3], AnswerShape.DIFFERENT),
        pytest.param(WRONG, 10**5000, 10**5000 + 1, AnswerShape.DIFFERENT, id="past-the-int-to-text-limit"),
        (CaseVerdict.RAISED, 1, None, AnswerShape.RAISED),
        (CaseVerdict.TIMEOUT, 1, None, AnswerShape.TIMED_OUT),
    ],
)
def test_how_an_answer_differs_from_the_references(verdict: CaseVerdict, expected, actual, shape) -> None:
    assert answer_shape(verdict, expected, actual) is shape


def test_an_answer_whose_comparison_raises_is_just_different() -> None:
    class Hostile:
        def __eq__(self, other: object) -> bool:
            raise RuntimeError("no")

        __hash__ = object.__hash__

    assert answer_shape(WRONG, [Hostile()], [Hostile()]) is AnswerShape.DIFFERENT


def test_a_real_evaluation_reports_the_probability_the_parts_and_the_contract() -> None:
    problem = REPO / "problems" / "two_sum.yaml"
    result = evaluate(
        REPO / "problems" / "samples" / "two_sum" / "fragile.py", problem, options=EvaluationOptions(skip=SKIP)
    )
    edge = json.loads(to_json(result))["dimensions"]["edge_cases"]
    [finding] = [f for f in edge["findings"] if f["points"]]
    confidence = finding["confidence"]
    assert confidence["value"] == confidence["probability"] >= LOW_CONFIDENCE
    parts = Confidence.from_dict(confidence)
    assert parts is not None and confidence["mean_of_parts"] == round(parts.mean_of_parts, 3)
    assert confidence["probability"] == round(probability(parts), 3)
    assert finding["answer"] in {shape.value for shape in AnswerShape}
    assert set(edge["generation"]["contract"]) >= {"numbers", "target"}
    assert "Inferred contract" in to_markdown(result)
