"""The fit behind edge findings' probability (scripts/fit_edge_probability.py) recovers a known map from findings
labelled by it, and reads the bench's output with adjudicated labels corrected."""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))

import calibration_table as calibration
import fit_edge_probability as fitting  # scripts beside the others, not package modules
from calibration_table import Point
from codeeval.base.findings import Confidence
from codeeval.dimensions.edge_probability import probability
from llm_sample_labels import LABEL_ERRORS, solution_sha256
from llm_samples import SAMPLES, distinct_records

TRUE_MAP = (-0.8, 0.7, 1.1)


def finding(mean: float) -> dict:
    return {"scored": True, "confidence": Confidence(mean, mean, mean, mean).to_dict()}


def bench_output(tmp_path: Path, count: int) -> Path:
    """Solutions of one finding each, real with the chance TRUE_MAP gives their mean, in both halves."""
    draw = random.Random(7)
    verdicts = []
    for _ in range(count):
        mean = draw.uniform(0.3, 0.99)
        real = draw.random() < probability(Confidence(mean, mean, mean, mean), *TRUE_MAP)
        verdicts.append({"kind": "bug" if real else "clean", "solution_sha256": "", "findings": [finding(mean)]})
    runs = [
        {"task_id": "Mbpp/1", "family": "mbpp", "split": split, "verdicts": verdicts[i::2]}
        for i, split in enumerate(("tune", "held-out"))
    ]
    path = tmp_path / "findings.json"
    path.write_text(json.dumps({"runs": runs}), encoding="utf-8")
    return path


def test_the_fit_recovers_the_map_that_labelled_the_findings(tmp_path: Path) -> None:
    solutions = fitting.load([str(bench_output(tmp_path, 4000))])
    fitted = fitting.fit([s for s in solutions if s.split == "tune"], l2=0.0)
    assert all(abs(got - want) < 0.35 for got, want in zip(fitted, TRUE_MAP, strict=True)), fitted


def test_an_adjudicated_label_error_counts_as_what_it_really_is(tmp_path: Path) -> None:
    error = LABEL_ERRORS[0]
    verdict = {"kind": "clean", "solution_sha256": error.solution_sha256, "findings": [finding(0.9)]}
    run = {"task_id": error.task_id, "family": "humaneval", "split": "tune", "verdicts": [verdict]}
    path = tmp_path / "one.json"
    path.write_text(json.dumps({"runs": [run]}), encoding="utf-8")
    [adjudicated] = fitting.load([str(path)])
    [raw] = fitting.load([str(path)], raw=True)
    assert adjudicated.real and not raw.real


@pytest.mark.skipif(not SAMPLES.exists(), reason="../shared/data/llm-samples is not here")
def test_every_adjudicated_label_names_a_solution_in_the_data_and_turns_its_plus_verdict() -> None:
    # a mistyped hash would make an adjudication silently count for nothing
    wanted = {(error.task_id, error.solution_sha256): error for error in LABEL_ERRORS}
    found = {}
    for record in distinct_records(("HumanEval/", "Mbpp/")):
        key = (record["task_id"], solution_sha256(record["solution"]))
        if key in wanted and record["base_status"] == "pass":
            found[key] = record["plus_status"]
    assert set(found) == set(wanted)
    for key, plus_status in found.items():
        # "bug": EvalPlus's extra inputs passed it; "clean": they failed it
        assert (plus_status == "pass") == (wanted[key].true_kind == "bug"), key


def test_a_calibrated_models_ece_is_sampling_noise_that_shrinks_with_more_findings() -> None:
    draw = random.Random(3)
    confidences = [draw.uniform(0.2, 0.95) for _ in range(4000)]
    few, many = confidences[:100], confidences
    few_median, few_high = calibration.ece_floor([Point(c, False) for c in few], draws=400)
    many_median, _ = calibration.ece_floor([Point(c, False) for c in many], draws=100)
    assert 0.02 < few_median < few_high < 0.2
    assert many_median < few_median / 3  # noise falls as 1/sqrt(n): 40x the findings, about a sixth
    # labels drawn from the confidences themselves: their ECE lies within the floor's spread
    calibrated = [Point(c, draw.random() < c) for c in few]
    assert calibration.reliability(calibrated)[1] < few_high * 1.5
    assert calibration.ece_floor([Point(1.0, True)] * 50, draws=50) == (0.0, 0.0)  # certainty has no noise


def test_findings_asking_one_question_are_one_draw_of_the_noise() -> None:
    # fifty solutions failing one input the same way are real or not together: at 0.5, all or none
    asked_once = [Point(0.5, False, calibration.question_of("HumanEval/147", "f(10000)", "timeout"))] * 50
    assert calibration.ece_floor(asked_once, draws=50) == (0.5, 0.5)
    independent_median, _ = calibration.ece_floor([Point(0.5, False)] * 50, draws=200)
    assert independent_median < 0.15
    # ten questions of ten findings each: noise as for ten findings, not a hundred
    draw = random.Random(5)
    confidences = [draw.uniform(0.2, 0.95) for _ in range(10)]
    grouped = [Point(c, False, calibration.question_of("t", str(i), "x")) for i, c in enumerate(confidences)] * 10
    hundred = [Point(draw.uniform(0.2, 0.95), False) for _ in range(100)]
    assert calibration.ece_floor(grouped, draws=300)[0] > 2 * calibration.ece_floor(hundred, draws=300)[0]
    assert calibration.question_of("t", None, "x") == ""  # a finding showing no input is a question of its own
