"""Quality judged as for a script: a contest program's missing docstrings, hints and short names cost nothing."""

from __future__ import annotations

import pytest

from codeeval.base.findings import Severity
from codeeval.problem.io_problems import StdinTest, stdin_problem
from codeeval.quality.analyzer import analyze
from codeeval.quality.config import QualityConfigError

CONTEST_SCRIPT = """\
def solve(n, a):
    best = 0
    for x in a:
        best = max(best, x * n)
    return best


n = int(input())
a = list(map(int, input().split()))
print(solve(n, a))
"""

SWALLOWING_SCRIPT = CONTEST_SCRIPT.replace("print(solve(n, a))", "try:\n    print(solve(n, a))\nexcept:\n    pass")


def test_a_library_pays_for_conventions_a_script_shows_them_for_free() -> None:
    library = analyze(CONTEST_SCRIPT, "s.py")
    script = analyze(CONTEST_SCRIPT, "s.py", {"style": "script"})
    conventions = {"CQ101", "CQ102", "CQ103"}
    assert library.score < 95
    assert {f.rule_id for f in library.findings} & conventions
    assert script.score == 100.0
    shown = [f for f in script.findings if f.rule_id in conventions]
    assert len(shown) == len([f for f in library.findings if f.rule_id in conventions])  # shown, not dropped
    for finding in shown:
        assert finding.points == 0.0
        assert finding.confidence.is_low
        assert finding.severity == Severity.SUGGESTION
        assert "script" in finding.rationale


def test_a_script_is_judged_like_any_code_on_everything_else() -> None:
    script = analyze(SWALLOWING_SCRIPT, "s.py", {"style": "script"})
    bare = [f for f in script.findings if f.rule_id == "CQ112"]
    assert bare and bare[0].points > 0
    assert script.score < 100


def test_an_unknown_style_is_refused_by_name() -> None:
    with pytest.raises(QualityConfigError, match=r"quality\.style"):
        analyze(CONTEST_SCRIPT, "s.py", {"style": "poem"})


def test_program_problems_are_scripts_unless_they_say_otherwise() -> None:
    tests = [StdinTest("1\n5\n", "5\n")]
    assert stdin_problem("p", tests).quality["style"] == "script"
    assert stdin_problem("p", tests, quality={"style": "library"}).quality["style"] == "library"
