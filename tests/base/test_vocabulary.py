"""Closed vocabularies: an enum member reads as its word everywhere a string field was shown before."""

from __future__ import annotations

import json

import pytest

from codeeval.base.catalog import KINDS, ProblemKind, names
from codeeval.base.findings import THRESHOLDS, Severity, threshold_of
from codeeval.base.vocabulary import Vocabulary


class Colour(Vocabulary):
    LIGHT_BLUE = "light blue"


def test_a_member_is_its_word_in_text_formatting_and_json():
    member = Colour.LIGHT_BLUE
    assert str(member) == f"{member}" == "light blue"
    assert f"[{member:>11}]" == "[ light blue]"
    assert json.dumps({member: [member]}) == '{"light blue": ["light blue"]}'
    assert member == "light blue" and {"light blue": 1}[member] == 1


def test_severities_rank_from_the_most_severe_down():
    assert [severity.rank for severity in Severity] == [0, 1, 2]
    assert Severity.CRITICAL.at_least(Severity.WARNING) and Severity.WARNING.at_least(Severity.WARNING)
    assert not Severity.SUGGESTION.at_least(Severity.WARNING)
    assert not Severity.CRITICAL.at_least(None)  # `--fail-on none`: nothing fails


@pytest.mark.parametrize("word", THRESHOLDS)
def test_every_fail_on_word_is_a_threshold(word):
    threshold = threshold_of(word)
    assert (threshold is None) == (word == "none") and (threshold is None or threshold == word)


def test_the_catalog_is_keyed_by_problem_kind():
    assert list(KINDS) == list(ProblemKind)
    assert names(ProblemKind.PLOT) == ("execution", "data_fidelity", "static_aesthetics")
