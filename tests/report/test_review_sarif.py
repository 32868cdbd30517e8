"""Dismissals reach `codeeval check` (the SARIF the Action uploads and annotates from): a quality finding
dismissed on a solution's exact content gets an external SARIF suppression with the reviewer's reason, fails
nothing, and is not annotated; changing the code brings it back.

The decision is made from a real evaluation of a bundled sample, as `codeeval decide` makes it; `check` runs
through its real command module (its arguments parsed by its own parser)."""

from __future__ import annotations

import argparse
import json
import shutil
from pathlib import Path

import pytest

from codeeval.ci.sarif_findings import read_sarif
from codeeval.cli import check
from codeeval.decisions.making import decidable_result
from codeeval.decisions.store import FILE_NAME, add_decision
from codeeval.engine.evaluator import EvaluationOptions, evaluate
from codeeval.problem import load_problem
from codeeval.results.review import DecisionKind
from tests.support import REPO

REASON = "a one-function module needs no docstring"


@pytest.fixture(scope="module")
def dismissed(tmp_path_factory) -> tuple[Path, list[str]]:
    """A folder (a repository of its own) with the messy sample and a decision file dismissing both of its
    CQ101 findings; the fingerprints dismissed."""
    folder = tmp_path_factory.mktemp("repo")
    (folder / ".git").mkdir()  # the decision file search stops here
    solution = folder / "messy.py"
    shutil.copy(REPO / "problems" / "samples" / "two_sum" / "messy.py", solution)
    problem = load_problem(REPO / "problems" / "two_sum.yaml")
    result = evaluate(solution, problem, options=EvaluationOptions(skip=("performance",)))
    decidable = decidable_result(result)
    fingerprints = [f.fingerprint for f in decidable.findings if f.rule == "CQ101"]
    assert len(fingerprints) == 2
    for fingerprint in fingerprints:
        add_decision(folder / FILE_NAME, decidable.decide(DecisionKind.DISMISS, "ana", REASON, fingerprint))
    return folder, fingerprints


def run_check(folder: Path, *args: str) -> int:
    parser = argparse.ArgumentParser()
    check.configure(parser)
    return check.run(parser.parse_args([str(folder / "messy.py"), *args]))


def test_a_dismissed_finding_is_suppressed_in_sarif_with_the_reason(dismissed, monkeypatch):
    folder, fingerprints = dismissed
    monkeypatch.chdir(folder)
    assert run_check(folder, "--format", "sarif", "--output", "out.sarif") == 1  # other findings remain
    results = json.loads((folder / "out.sarif").read_text(encoding="utf-8"))["runs"][0]["results"]
    suppressed = {r["properties"]["fingerprint"]: r["suppressions"] for r in results if "suppressions" in r}
    assert set(suppressed) == set(fingerprints)
    (suppression,) = suppressed[fingerprints[0]]
    assert suppression["kind"] == "external" and suppression["justification"] == REASON
    assert suppression["properties"] == {"reviewer": "ana", "decision": f"{FILE_NAME}:1"}
    assert all(r["partialFingerprints"]["codeevalFinding/v1"] == r["properties"]["fingerprint"] for r in results)
    findings = read_sarif(folder / "out.sarif", folder)
    cq101 = [f for f in findings if f.rule == "CQ101"]
    assert [f.dismissed for f in cq101] == [f"dismissed by ana: {REASON}"] * 2
    assert not any(f.at_or_above(None) or f.at_or_above(f.severity) for f in cq101)  # never fails the Action


def test_dismissed_findings_fail_nothing_and_are_not_annotated(dismissed, monkeypatch, capsys):
    folder, _ = dismissed
    monkeypatch.chdir(folder)
    assert run_check(folder, "--select", "CQ101", "--fail-on", "suggestion") == 0
    assert f"[dismissed by ana: {REASON}]" in capsys.readouterr().out
    assert run_check(folder, "--select", "CQ101", "--fail-on", "suggestion", "--decisions", "none") == 1
    capsys.readouterr()
    run_check(folder, "--select", "CQ101", "--format", "github")
    assert "::warning" not in capsys.readouterr().out


def test_changing_the_code_brings_the_finding_back(dismissed, tmp_path, monkeypatch):
    folder, _ = dismissed
    changed = tmp_path / "repo"
    shutil.copytree(folder, changed)
    with open(changed / "messy.py", "a", encoding="utf-8") as stream:
        stream.write("# changed\n")
    monkeypatch.chdir(changed)
    assert run_check(changed, "--select", "CQ101", "--fail-on", "suggestion") == 1
    run_check(changed, "--format", "sarif", "--output", "out.sarif")
    results = json.loads((changed / "out.sarif").read_text(encoding="utf-8"))["runs"][0]["results"]
    assert not any("suppressions" in result for result in results)


def test_a_malformed_decision_file_stops_check_naming_its_line(dismissed, tmp_path, monkeypatch, capsys):
    folder, _ = dismissed
    broken = tmp_path / FILE_NAME
    good = (folder / FILE_NAME).read_text(encoding="utf-8")
    broken.write_text(good + '{"kind": "dismiss"\n', encoding="utf-8")
    monkeypatch.chdir(folder)
    assert run_check(folder, "--decisions", str(broken)) == check.EXIT_BAD_INPUT
    assert f"{broken}:3: not a JSON object" in capsys.readouterr().err
    assert run_check(folder, "--decisions", str(tmp_path / "missing.jsonl")) == check.EXIT_BAD_INPUT
    assert "no such decision file" in capsys.readouterr().err
