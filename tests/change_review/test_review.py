"""`codeeval review` on real git repositories, both versions run in the real sandbox."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from codeeval.change_review import Comparison, FunctionReview, FunctionStatus, ReviewOptions, ReviewReport, review
from codeeval.change_review.review_output import to_markdown
from codeeval.cli import main

from .repos import make_repo

CORE = """\
from .util import double


def clamp(x: int, lo: int, hi: int) -> int:
    if x < lo:
        return lo
    if x > hi:
        return hi
    return x


def total(xs: list[int]) -> int:
    s = 0
    for x in xs:
        s += double(x)
    return s
"""
UTIL = "def double(x):\n    return 2 * x\n"
TESTS = "from pkg.core import clamp\n\n\ndef test_clamp():\n    assert clamp(5, 0, 10) == 5\n"
BASE = {"pkg/__init__.py": "", "pkg/util.py": UTIL, "pkg/core.py": CORE, "tests/test_core.py": TESTS}
QUICK = ReviewOptions(speed=False, inputs=60)


def by_name(report: ReviewReport, name: str) -> FunctionReview:
    return next(f for f in report.functions if f.qualname == name)


def test_a_behaviour_change_is_found_with_its_minimal_counterexample(tmp_path: Path) -> None:
    changed = CORE.replace("if x > hi:\n        return hi", "if x >= hi:\n        return lo")
    repo = make_repo(tmp_path / "repo", BASE, {"pkg/core.py": changed})
    report = review(repo, QUICK)
    clamp = by_name(report, "clamp")
    assert clamp.comparison is Comparison.DIFFERENT
    finding = clamp.behaviour_changes[0]
    # the simplest input where x reaches hi: base returns hi, the new version returns lo
    assert finding.call == "clamp(1, 0, 1)"
    assert (finding.base, finding.new) == ("returns 1", "returns 0")
    assert not finding.confidence.is_low
    assert clamp.inputs_from_tests == 1  # clamp(5, 0, 10) from tests/test_core.py
    assert [f.qualname for f in report.functions] == ["clamp"]  # total did not change
    assert report.exit_code == 1
    assert "clamp(1, 0, 1)`: base returns 1, now returns 0" in to_markdown(report)


def test_a_pure_refactoring_reports_nothing(tmp_path: Path) -> None:
    refactored = CORE.replace(
        "    s = 0\n    for x in xs:\n        s += double(x)\n    return s", "    return sum(map(double, xs))"
    ).replace(
        "    if x < lo:\n        return lo\n    if x > hi:\n        return hi\n    return x",
        "    return lo if x < lo else hi if x > hi else x",
    )
    repo = make_repo(tmp_path / "repo", BASE, {"pkg/core.py": refactored})
    report = review(repo, QUICK)
    assert {f.qualname: f.comparison for f in report.functions} == {
        "clamp": Comparison.SAME,
        "total": Comparison.SAME,
    }
    assert all(not f.findings for f in report.functions)
    assert all(f.inputs_run >= 20 for f in report.functions)
    assert report.exit_code == 0


def test_a_slow_down_is_named_with_its_complexity(tmp_path: Path) -> None:
    base = "def uniq(xs: list[int]) -> list[int]:\n    seen = set()\n    out = []\n    for x in xs:\n"
    base += "        if x not in seen:\n            seen.add(x)\n            out.append(x)\n    return out\n"
    slow = "def uniq(xs: list[int]) -> list[int]:\n    out = []\n    for x in xs:\n"
    slow += "        if x not in out:\n            out.append(x)\n    return out\n"
    repo = make_repo(tmp_path / "repo", {"uniq.py": base}, {"uniq.py": slow})
    report = review(repo, ReviewOptions(inputs=30))
    uniq = by_name(report, "uniq")
    assert uniq.comparison is Comparison.SAME
    assert uniq.speed is not None and uniq.speed.slower
    assert uniq.speed.new_class == "O(n^2)" and uniq.speed.summary.startswith("now O(n^2), was O(n")
    assert report.exit_code == 1


def test_not_a_git_checkout_is_a_clear_message(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "plain").mkdir()
    report = review(tmp_path / "plain", QUICK)
    assert report.functions == []
    assert report.messages == [f"{tmp_path / 'plain'} is not inside a git checkout: nothing to compare against"]
    assert main(["review", str(tmp_path / "plain")]) == 2
    assert "is not inside a git checkout" in capsys.readouterr().err


def test_an_unknown_base_is_a_usage_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    repo = make_repo(tmp_path / "repo", BASE, {})
    assert main(["review", "--base", "no-such-branch", str(repo)]) == 2
    assert "the base 'no-such-branch' is not a commit" in capsys.readouterr().err
    (tmp_path / "elsewhere").mkdir()
    assert main(["review", str(repo), str(tmp_path / "elsewhere")]) == 2
    assert "is outside the repository" in capsys.readouterr().err


def test_a_module_that_does_not_import_at_the_base_is_a_message_and_the_rest_goes_on(tmp_path: Path) -> None:
    broken = "import no_such_module_here\n\n\ndef half(x: int) -> int:\n    return x // 2\n"
    fixed = "def half(x: int) -> int:\n    return x >> 1\n"
    unparsable = CORE.replace("def total", "def total(:\n    pass\n\n\ndef old_total")
    changed = CORE.replace("if x > hi:\n        return hi", "if x > hi:\n        return hi + 1")
    repo = make_repo(
        tmp_path / "repo",
        {**BASE, "half.py": broken, "other.py": CORE},
        {"half.py": fixed, "pkg/core.py": changed, "other.py": unparsable},
    )
    report = review(repo, QUICK)
    half = by_name(report, "half")
    assert half.comparison is Comparison.NOT_COMPARED
    assert half.reason.startswith("the module does not load at the base: raised ModuleNotFoundError")
    assert any(m.startswith("half.py: the module does not load at the base") for m in report.messages)
    assert any(m.startswith("other.py:") and "the working version does not parse" in m for m in report.messages)
    assert by_name(report, "clamp").comparison is Comparison.DIFFERENT  # the rest of the review went on


def test_nondeterministic_functions_are_not_compared_with_the_reason(tmp_path: Path) -> None:
    base = (
        "import time\n\n_seen = []\n\n\ndef stamp(x: int) -> float:\n    return time.time() + x\n\n\n"
        "def counted(x: int) -> int:\n    _seen.append(x)\n    return len(_seen) + x\n"
    )
    new = base.replace("time.time() + x", "time.time() + x + 1").replace("len(_seen) + x", "x + len(_seen)")
    repo = make_repo(tmp_path / "repo", {"clock.py": base}, {"clock.py": new})
    report = review(repo, QUICK)
    stamp, counted = by_name(report, "stamp"), by_name(report, "counted")
    assert stamp.comparison is Comparison.NOT_COMPARED
    assert stamp.reason == "not deterministic in isolation: it reads the clock: time.time()"
    assert counted.comparison is Comparison.NOT_COMPARED
    assert counted.reason.startswith("not deterministic in isolation: two runs of the base on counted(")
    assert report.exit_code == 0


def test_methods_added_and_removed_functions_and_the_cli_files(tmp_path: Path) -> None:
    base = (
        "class Box:\n    def area(self, w: int, h: int) -> int:\n        return w * h\n\n\ndef gone(x):\n    return x\n"
    )
    new = "class Box:\n    def area(self, w: int, h: int) -> int:\n        return w * h if w > 0 else 0\n\n\n"
    new += "def fresh(x):\n    return x\n"
    repo = make_repo(tmp_path / "repo", {"box.py": base}, {"box.py": new})
    out = tmp_path / "review.json"
    code = main(
        ["review", "--no-speed", "--inputs", "40", "--json", str(out), "--markdown", str(tmp_path / "r.md"), str(repo)]
    )
    document = json.loads(out.read_text())
    functions = {f["function"]: f for f in document["functions"]}
    assert code == 1
    assert functions["Box.area"]["comparison"] == "behaviour changed"
    assert functions["Box.area"]["findings"][0]["message"] == "Box().area(-1, 1): base returns -1, now returns 0"
    assert functions["fresh"]["status"] == str(FunctionStatus.ADDED)
    assert functions["gone"]["status"] == str(FunctionStatus.REMOVED)
    assert "# codeeval review" in (tmp_path / "r.md").read_text()


def test_the_repository_tests_naming_the_function_run_at_base_and_now(tmp_path: Path) -> None:
    tests = TESTS + (
        "\n\ndef test_clamp_top():\n    assert clamp(10, 0, 10) == 10\n\n\n"
        "class TestClamp:\n    def test_inside(self):\n        assert clamp(3, 0, 10) == 3\n\n"
        "    def test_with_a_fixture(self, tmp_path):\n        assert clamp(3, 0, 10) == 3\n"
    )
    changed = CORE.replace("if x > hi:\n        return hi", "if x >= hi:\n        return lo")
    repo = make_repo(tmp_path / "repo", {**BASE, "tests/test_core.py": tests}, {"pkg/core.py": changed})
    clamp = by_name(review(repo, QUICK), "clamp")
    assert [(t.test, t.base, t.new) for t in clamp.tests] == [
        ("tests/test_core.py::test_clamp_top", "passed", "failed")
    ]
    assert (clamp.tests_run, clamp.tests_left_out) == (3, 1)


def test_arguments_changed_in_place_are_compared_too(tmp_path: Path) -> None:
    base = "def normalize(xs: list[int]) -> None:\n    xs.sort()\n"
    new = "def normalize(xs: list[int]) -> None:\n    xs = sorted(xs)\n"
    repo = make_repo(tmp_path / "repo", {"norm.py": base}, {"norm.py": new})
    finding = by_name(review(repo, QUICK), "normalize").behaviour_changes[0]
    assert finding.message == (
        "normalize([0, -1]): base returns None and leaves its arguments as [[-1, 0]], now leaves them as [[0, -1]]"
    )


def test_a_module_named_solution_is_the_one_its_tests_import(tmp_path: Path) -> None:
    # the sandbox loads what it runs as the module `solution`: the repository's own must win the import
    tests = "from solution import f\n\n\ndef test_f():\n    assert f(1) == 2\n"
    base = {"solution.py": "def f(x: int) -> int:\n    return x + 1\n", "tests/test_solution.py": tests}
    repo = make_repo(tmp_path / "repo", base, {"solution.py": "def f(x: int) -> int:\n    return x + 2\n"})
    f = by_name(review(repo, QUICK), "f")
    assert [(t.test, t.base, t.new) for t in f.tests] == [("tests/test_solution.py::test_f", "passed", "failed")]


def test_a_change_accepted_as_intended_no_longer_counts_until_the_function_changes_again(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from codeeval.base.python_functions import top_level_functions
    from codeeval.decisions.accepted_changes import (
        BEHAVIOUR_DIMENSION,
        BEHAVIOUR_RULE,
        REVIEW_PROBLEM,
        change_fingerprint,
    )
    from codeeval.decisions.decision import Decision
    from codeeval.decisions.store import FILE_NAME, add_decision
    from codeeval.results.review import DecisionKind, solution_hash

    changed = CORE.replace("if x > hi:\n        return hi", "if x >= hi:\n        return lo")
    repo = make_repo(tmp_path / "repo", BASE, {"pkg/core.py": changed})
    report_file = tmp_path / "review.json"
    sarif_file = tmp_path / "review.sarif"
    arguments = ["review", str(repo), "--no-speed", "--inputs", "60", "--json", str(report_file), "-q"]
    arguments += ["--sarif", str(sarif_file)]
    assert main(arguments) == 1
    [function] = json.loads(report_file.read_text(encoding="utf-8"))["functions"]
    [finding] = function["findings"]
    assert function["quality"]["before"] is not None and function["quality"]["after"] is not None
    [result] = json.loads(sarif_file.read_text(encoding="utf-8"))["runs"][0]["results"]
    assert result["ruleId"] == "behaviour-change" and "suppressions" not in result
    location = result["locations"][0]["physicalLocation"]
    assert location["artifactLocation"]["uri"] == "pkg/core.py" and location["region"]["startLine"] == 4

    text = top_level_functions(changed)["clamp"].text  # what the editor's "Accept as intended" keys it by
    accepted = Decision(
        DecisionKind.DISMISS,
        REVIEW_PROBLEM,
        "pkg/core.py",
        solution_hash(text),
        BEHAVIOUR_DIMENSION,
        "ana",
        "the upper bound is now exclusive",
        "2026-12-04T00:00:00Z",
        finding=change_fingerprint("clamp", finding["call"]),
        rule=BEHAVIOUR_RULE,
    )
    add_decision(repo / FILE_NAME, accepted)
    assert main(arguments) == 0
    data = json.loads(report_file.read_text(encoding="utf-8"))
    assert data["summary"]["behaviour_changes"] == 0 and data["summary"]["accepted_changes"] == 1
    assert data["functions"][0]["findings"][0]["accepted"] == "accepted by ana: the upper bound is now exclusive"
    [result] = json.loads(sarif_file.read_text(encoding="utf-8"))["runs"][0]["results"]
    assert result["suppressions"][0]["justification"] == "accepted by ana: the upper bound is now exclusive"

    (repo / "pkg" / "core.py").write_text(changed.replace("return lo\n    return x", "return lo\n    return +x"))
    assert main(arguments) == 1  # the function changed again: the acceptance no longer holds
    capsys.readouterr()
