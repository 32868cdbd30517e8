"""Model-agnostic scoring: unusual but valid styles score well, messy code loses clearly."""

from __future__ import annotations

import pytest

from codeeval.quality import analyze

from .helpers import DATA, REPO

CLEAN = sorted(DATA.glob("clean_*.py"))
SAMPLES = REPO / "problems" / "samples"


@pytest.mark.parametrize("path", CLEAN, ids=lambda path: path.name)
def test_clean_code_in_unusual_styles_scores_at_least_90_with_nothing_louder_than_a_suggestion(path):
    report = analyze(path.read_text(), path.name)
    loud = [f"{f.rule_id} {f.message}" for f in report.findings if f.severity != "suggestion"]
    assert loud == []
    assert report.score >= 90, report.rationale


def test_the_clean_corpus_exists():
    assert {path.name for path in CLEAN} >= {
        "clean_functional.py",
        "clean_classes.py",
        "clean_match.py",
        "clean_async.py",
    }


def test_messy_code_loses_clearly():
    report = analyze((DATA / "messy_report.py").read_text(), "messy_report.py")
    assert report.score <= 60
    assert {f.rule_id for f in report.findings} >= {
        "CQ101",
        "CQ102",
        "CQ103",
        "CQ104",
        "CQ105",
        "CQ107",
        "CQ108",
        "CQ109",
        "CQ111",
        "CQ112",
    }


@pytest.mark.parametrize("path", sorted(SAMPLES.glob("*/messy.py")), ids=lambda path: path.parent.name)
def test_bundled_messy_samples_score_at_most_60(path):
    assert analyze(path.read_text(), str(path)).score <= 60


@pytest.mark.parametrize("path", sorted(SAMPLES.glob("*/good.py")), ids=lambda path: path.parent.name)
def test_bundled_good_samples_score_at_least_90(path):
    assert analyze(path.read_text(), str(path)).score >= 90
