"""The leaderboard's statistics: pass@k per test tier, the mean's 95% interval, per-dimension means, and
neighbours whose means cannot be told apart."""

import pytest

from codeeval.report.pass_at_k import pass_at_k
from codeeval.report.standings import ResultRow, leaderboard_data, leaderboard_markdown
from codeeval.results.result import EvaluationStatus


def row(group, problem, score, base, extended=None, sample=0):
    tiers = {"base": base} if extended is None else {"base": base, "extended": extended}
    return ResultRow(
        problem,
        f"{group}#{sample}",
        group,
        "s.jsonl",
        EvaluationStatus.OK,
        score,
        {"correctness": score, "code_quality": 50.0},
        (),
        None,
        tiers,
    )


def test_pass_at_k_per_tier_with_the_plus_verdict_needing_both_tiers():
    rows = []
    for sample in range(10):  # task a: 4 of 10 pass base, 2 of those pass plus; task b: none pass
        rows.append(row("m", "a", 100.0 if sample < 4 else 0.0, sample < 4, sample < 2 or sample == 9, sample))
        rows.append(row("m", "b", 0.0, False, True, sample))  # extended alone passes: plus still fails
    group = leaderboard_data(rows, [])["groups"][0]
    assert group["pass_at_k"]["base"] == {"1": 0.2, "10": 0.5}
    assert group["pass_at_k"]["plus"]["1"] == pytest.approx(0.1)
    assert group["pass_at_k"]["plus"]["10"] == pytest.approx((pass_at_k(10, 2, 10) + 0) / 2)
    assert group["dimensions"] == {"correctness": 20.0, "code_quality": 50.0}
    low, high = group["ci95"]
    assert low < 20.0 < high
    board = leaderboard_markdown(leaderboard_data(rows, []))
    assert "pass@1 base" in board and "pass@10 plus" in board and "0.200" in board


def test_base_only_runs_have_no_plus_column():
    rows = [row("m", "a", 100.0, True), row("m", "b", 0.0, False)]
    group = leaderboard_data(rows, [])["groups"][0]
    assert set(group["pass_at_k"]) == {"base"} and group["pass_at_k"]["base"] == {"1": 0.5}
    assert "plus" not in leaderboard_markdown(leaderboard_data(rows, []))


def test_close_means_are_said_to_be_indistinguishable_and_distant_ones_are_not():
    rows = [row("strong", f"p{i}", 90.0 + i % 3, True) for i in range(12)]
    rows += [row("close", f"p{i}", 89.0 + i % 4, True) for i in range(12)]
    rows += [row("weak", f"p{i}", 20.0 + i % 5, False) for i in range(12)]
    groups = leaderboard_data(rows, [])["groups"]
    assert [g["group"] for g in groups] == ["strong", "close", "weak"]
    assert groups[1]["distinct_from_above"] is False and groups[1]["p_value_vs_above"] > 0.05
    assert groups[2]["distinct_from_above"] is True and groups[2]["p_value_vs_above"] < 0.001
    board = leaderboard_markdown(leaderboard_data(rows, []))
    assert "| 1= | strong |" in board and "| 1= | close |" in board and "| 3 | weak |" in board
    assert "Statistically indistinguishable" in board and "close and strong" in board


def test_equal_constant_scores_are_a_tie():
    rows = [row(g, f"p{i}", 100.0, True) for g in ("a", "b") for i in range(3)]
    groups = leaderboard_data(rows, [])["groups"]
    assert groups[1]["distinct_from_above"] is False and groups[0]["ci95"] == [100.0, 100.0]
