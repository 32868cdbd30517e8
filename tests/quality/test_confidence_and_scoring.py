"""Calibration (four parts, low confidence shown not dropped) and the scoring rubric."""

from __future__ import annotations

import pytest

from codeeval.base.findings import Confidence
from codeeval.quality.confidence import ACTIONABILITY, Evidence, Tiers
from codeeval.quality.rubric import TIER_POINTS, UNIT_CAP

from .helpers import findings, report


def test_confidence_is_the_mean_of_four_parts_and_below_0_6_is_low():
    confidence = Evidence(relevance=0.3, accuracy=0.5, action="advice", calibration=0.8).confidence()
    assert confidence.value == pytest.approx((0.3 + 0.5 + ACTIONABILITY["advice"] + 0.8) / 4)
    assert confidence.is_low and confidence.low_reason() == "Low confidence: relevance is low"
    high = Confidence(0.9, 0.9, 0.9, 0.9)
    assert not high.is_low and high.low_reason() == ""


def test_actionability_reflects_whether_a_concrete_fix_exists():
    assert ACTIONABILITY["mechanical"] > ACTIONABILITY["concrete"] > ACTIONABILITY["advice"]
    fixable = findings("def log(message: str):\n    '''Log.'''\n    print(message)\n", "CQ102")[0]
    unfixable = findings("def size(items: list):\n    '''Size.'''\n    return len(items)\n", "CQ102")[0]
    assert fixable.confidence.actionability > unfixable.confidence.actionability


def test_severity_calibration_grows_with_the_distance_past_the_limit():
    assert Tiers.calibration(1.05) < Tiers.calibration(1.5) < Tiers.calibration(2.0) == Tiers.calibration(3.0)
    tiers = Tiers(warning_at=1.5, critical_at=2.5)
    assert [tiers.severity(r) for r in (1.1, 1.5, 2.4, 2.5)] == ["suggestion", "warning", "warning", "critical"]
    assert Tiers(warning_at=1.5).severity(10) == "warning"  # a rule that is never critical


def test_low_confidence_findings_are_kept_marked_and_weigh_less():
    result = report('''
        def is_palindrome(s: str) -> bool:
            """True when `s` reads the same backwards."""
            return s == s[::-1]
    ''')
    [finding] = [f for f in result.findings if f.rule_id == "CQ103"]
    assert finding.is_low_confidence
    data = finding.to_dict()
    assert data["confidence"]["low"] is True and data["low_confidence_reason"].startswith("Low confidence: ")
    assert finding.points == pytest.approx(TIER_POINTS["suggestion"] * finding.confidence.value)
    assert finding.points < TIER_POINTS["suggestion"] * 0.6
    assert "1 low confidence" in result.summary()


def test_points_add_up_to_the_lost_score_and_each_has_a_rationale():
    result = report("""
        def Messy(a, b=[]):
            try:
                b.append(a)
            except:
                pass
            return b
    """)
    assert result.findings
    assert sum(f.points for f in result.findings) == pytest.approx(100 - result.score)
    for finding in result.findings:
        assert finding.rationale.startswith(f"{finding.severity} (")
        assert f"costs {finding.points:.1f}" in finding.rationale
    rules = {f.rule_id for f in result.findings}
    assert [sentence.split("(")[1].split(")")[0] for sentence in result.rationale[: len(rules)]] == sorted(
        rules, key=lambda rule: -sum(f.points for f in result.findings if f.rule_id == rule)
    )


def test_repeated_findings_of_one_rule_diminish():
    many = "".join(
        f"def public_{i}(x: int) -> int:\n    y = x + 1\n    y += 2\n    y *= 3\n    return y\n\n\n" for i in range(6)
    )
    result = report('"""Module."""\n\n' + many)
    costs = sorted((f.points for f in result.findings if f.rule_id == "CQ101"), reverse=True)
    assert len(costs) == 6
    assert costs[1] == pytest.approx(costs[0] / 2) and costs[5] == pytest.approx(costs[0] / 6)
    assert "counts 1/2" in next(f for f in result.findings if f.points == costs[1]).rationale


def test_one_messy_function_is_capped():
    body = "".join(
        f"    if a == {i}:\n        if b:\n            for c in b:\n                while c:\n"
        f"                    if c > {i}:\n                        c -= 1\n"
        for i in range(12)
    )
    result = report(f"def Messy(a, b=[], *z):\n    b.append(a)\n{body}    return b\n")
    unit = sum(f.points for f in result.findings if f.symbol == "Messy")
    assert unit == pytest.approx(UNIT_CAP)
    assert result.score >= 100 - UNIT_CAP - 2  # the module docstring may cost a little more
    assert any("capped at 45" in sentence for sentence in result.rationale)
    assert all("scaled by" in f.rationale for f in result.findings if f.symbol == "Messy")


def test_per_function_scores_and_sub_scores():
    result = report('''
        """Module."""

        def documented(values: list[int]) -> int:
            """Sum."""
            return sum(values)

        def bare(values):
            return sum(values)
    ''')
    good, poor = result.functions["documented"], result.functions["bare"]
    assert good.score == 100 and set(good.sub_scores.values()) == {100.0}
    assert set(good.sub_scores) == {"docs", "typing", "naming", "complexity", "size", "robustness"}
    assert poor.score < 100 and poor.sub_scores["docs"] < 100 and poor.sub_scores["typing"] < 100
    assert poor.sub_scores["complexity"] == 100
    assert {f.rule_id for f in poor.findings} == {"CQ101", "CQ102"}
    assert poor.metrics["parameters"] == 1
    assert (poor.name_range.start_line, poor.name_range.start_col) == (8, 4)
    assert (poor.range.start_line, poor.range.end_line) == (8, 9)


def test_function_scores_are_on_the_files_scale():
    """What the file lost is what its functions lost plus its module-level findings: one scale."""
    result = report("""
        def messy(a, b, c, d, e, f):
            if a:
                if b:
                    if c:
                        return d
                    elif d:
                        return e
            for x in range(10):
                if x == e:
                    return f
            return None

        def bare(values):
            return sum(values)
    """)
    lost_in_functions = sum(100 - function.score for function in result.functions.values())
    module_points = sum(f.points for f in result.findings if not f.symbol)
    assert 100 - result.score == pytest.approx(lost_in_functions + module_points)
    messy = result.functions["messy"]
    assert 100 - messy.score == pytest.approx(sum(f.points for f in messy.findings))
    assert sum(100 - s for s in messy.sub_scores.values()) == pytest.approx(100 - messy.score, abs=0.2)


def test_score_is_never_negative():
    functions = "".join(
        f"def F{i}(a, b=[], c={{}}, d=set()):\n    try:\n        b.append(a); c[a] = 1; d.add(a)\n"
        f"    except:\n        pass\n    return b\n\n"
        for i in range(40)
    )
    result = report(functions)
    assert result.score == 0 and sum(f.points for f in result.findings) == pytest.approx(100)
    assert "exceed 100 points" in result.findings[0].rationale
