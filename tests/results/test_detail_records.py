"""Dimension details are typed records: their JSON form is their fields in order, and mypy checks their readers."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

from codeeval.base.outcome_status import LoadStatus
from codeeval.results.case_details import CaseRecord, CaseVerdict, CorrectnessDetails, PassCounts
from codeeval.results.performance_details import ClassBasis, ClassCallRecord, FitRecord
from codeeval.results.result import DimensionDetails, DimensionResult, EvaluationResult, LoadRecord

ROOT = Path(__file__).resolve().parents[2]


def _case(**extra) -> CaseRecord:
    return CaseRecord(
        case="tests[0]",
        input="f(1)",
        passed=False,
        verdict=CaseVerdict.WRONG_OUTPUT,
        expected="2",
        actual="3",
        origin="test",
        **extra,
    )


def test_a_record_is_its_fields_in_order_with_unset_optional_keys_left_out():
    assert list(_case().to_dict()) == ["case", "input", "passed", "verdict", "expected", "actual", "origin"]
    assert _case(line=7, traceback="Traceback ...").to_dict()["line"] == 7
    details = CorrectnessDetails(passed=1, total=2, cases=(_case(line=4),), tiers={"base": PassCounts(1, 2)})
    result = DimensionResult("correctness", 50.0, details=details)
    data = result.to_dict()
    assert list(data) == ["score", "weight", "applicable", "summary", "rationale", "passed", "total", "cases", "tiers"]
    assert data["cases"][0]["line"] == 4 and data["tiers"] == {"base": {"passed": 1, "total": 2}}
    assert "tiers" not in DimensionResult("correctness", 0.0, details=CorrectnessDetails(0, 0, ())).to_dict()


def test_a_field_named_like_a_keyword_keeps_its_json_key_and_odd_floats_become_text():
    fit = FitRecord(best="O(n)", error=float("nan"), r_squared=None, errors={"O(n)": 0.01})
    call = ClassCallRecord(
        best="O(n)", basis=ClassBasis.INSTRUCTIONS, not_ruled_out=("O(n)",), time=None, instructions=fit
    )
    data = call.to_dict()
    assert data["class"] == data["instructions"]["class"] == "O(n)" and data["instructions"]["error"] == "nan"
    assert json.loads(json.dumps(data))["not_ruled_out"] == ["O(n)"]  # tuples are lists in the JSON


def test_a_case_verdict_is_its_word_in_the_json():
    assert json.dumps(_case().to_dict()["verdict"]) == '"wrong_output"'


def test_the_load_report_keeps_its_keys_and_no_load_is_an_empty_object():
    load = LoadRecord(status=LoadStatus.SYNTAX_ERROR, message="syntax error (line 2): bad", lineno=2, traceback="")
    loaded = EvaluationResult("p", "s.py", 0.0, {}, isolation=None, load=load).to_dict()
    assert loaded["load"] == {
        "status": "syntax_error",
        "message": "syntax error (line 2): bad",
        "lineno": 2,
        "traceback": "",
    }
    assert EvaluationResult("p", "s.py", 0.0, {}, isolation=None).to_dict()["load"] == {}


def test_details_with_nothing_to_say_add_no_keys():
    data = DimensionResult.not_applicable("performance", "no inputs").to_dict()
    assert isinstance(DimensionResult("x", 1.0).details, DimensionDetails)
    assert list(data) == ["score", "weight", "applicable", "summary", "rationale", "reason"]


def test_mypy_rejects_a_misspelled_detail_field_and_an_unnarrowed_read(tmp_path):
    reader = tmp_path / "reader.py"
    reader.write_text(
        textwrap.dedent("""
        from codeeval.results.case_details import CorrectnessDetails
        from codeeval.results.result import DimensionResult

        def failing(result: DimensionResult) -> int:
            details = result.details
            if isinstance(details, CorrectnessDetails):
                return details.total - details.passd
            return result.details.passed
    """)
    )
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "mypy",
            "--cache-dir",
            str(tmp_path / "cache"),
            "--follow-imports",
            "silent",
            str(reader),
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert done.returncode == 1, done.stdout + done.stderr
    assert '"CorrectnessDetails" has no attribute "passd"; maybe "passed"?' in done.stdout
    assert '"DimensionDetails" has no attribute "passed"' in done.stdout
    assert "Found 2 errors" in done.stdout
