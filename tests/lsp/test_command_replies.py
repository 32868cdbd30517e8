"""The command replies' JSON: the keys, their order and nulls the VS Code extension and Neovim read."""

from __future__ import annotations

import json
from enum import Enum

import pytest

from codeeval.lsp.command_replies import (
    EvaluateCancelled,
    EvaluateDone,
    FileQuality,
    FunctionChange,
    Health,
    LastResult,
    NeedsProblem,
    NewFinding,
    ProblemChoice,
    ReportLocation,
    Trend,
    to_json,
)
from codeeval.lsp.health import build_health


def wire(reply: object) -> str:
    """The reply as the client receives it: JSON text, keys in order."""
    return json.dumps(to_json(reply))


def test_evaluate_replies_lead_with_their_status():
    done = EvaluateDone(
        score=71.46,
        problem=None,
        report_uri="file:///ws/.codeeval/reports/a.md",
        json_uri="file:///ws/.codeeval/reports/a.json",
        dimensions={"correctness": 66.67, "performance": None},
    )
    assert wire(done) == (
        '{"status": "done", "score": 71.46, "problem": null, "reportUri": "file:///ws/.codeeval/reports/a.md", '
        '"jsonUri": "file:///ws/.codeeval/reports/a.json", "dimensions": {"correctness": 66.67, "performance": null}}'
    )
    none = ProblemChoice("none", None, "no problem")
    needs = NeedsProblem(choices=(ProblemChoice("add", "/p/add.yaml", "Add two integers."), none), message="why")
    assert wire(needs) == (
        '{"status": "needsProblem", "choices": [{"name": "add", "path": "/p/add.yaml", "summary": '
        '"Add two integers."}, {"name": "none", "path": null, "summary": "no problem"}], "message": "why"}'
    )
    assert wire(EvaluateCancelled()) == '{"status": "cancelled"}'


def test_the_other_replies_keep_every_key_with_null_for_none():
    assert wire(ReportLocation("file:///r.md")) == '{"reportUri": "file:///r.md"}'
    assert (
        wire(LastResult(None, None, "file:///r.md")) == '{"score": null, "problem": null, "reportUri": "file:///r.md"}'
    )
    row = FileQuality(uri="file:///ws/a.py", path="a.py", score=80.0, head_score=None, delta=None, findings=3)
    assert wire(row) == (
        '{"uri": "file:///ws/a.py", "path": "a.py", "score": 80.0, "headScore": null, "delta": null, "findings": 3}'
    )


def test_health_names_its_trend_by_value_and_lists_what_moved():
    health = build_health(
        80.0,
        90.0,
        changes=[FunctionChange("helper", None, 70.0)],
        new_findings=[NewFinding("CQ101", 8, "too complex")],
        fixed=2,
    )
    assert isinstance(health, Health) and health.trend is Trend.WORSE
    out = to_json(health)
    assert isinstance(out, dict)
    keys = ["score", "headScore", "delta", "trend", "headline", "markdown", "functions", "newFindings", "fixed"]
    assert list(out) == keys
    assert out["trend"] == "worse" and out["delta"] == -10.0 and out["fixed"] == 2
    assert out["headline"] == "quality 80: worse than git HEAD (90, −10)"
    assert out["functions"] == [{"name": "helper", "before": None, "after": 70.0}]
    assert out["newFindings"] == [{"rule": "CQ101", "line": 8, "message": "too complex"}]
    untracked = to_json(build_health(80.0, None))
    assert isinstance(untracked, dict) and untracked["trend"] == "untracked" and untracked["headScore"] is None


def test_a_value_without_a_json_form_is_refused():
    class Color(Enum):
        RED = 1

    assert to_json(Color.RED) == 1
    with pytest.raises(TypeError, match="set"):
        to_json({"tags": {"a"}})
