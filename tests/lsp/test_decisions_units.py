"""The editor's decision pieces without a server: the commands' arguments, which file a document's decisions
live in, a decision file read once per change (a malformed one named by file and line), and how decisions
on a finding read."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from pygls.exceptions import JsonRpcInvalidParams

from codeeval.decisions.decision import Decision
from codeeval.decisions.store import FILE_NAME, DecisionLog, add_decision
from codeeval.lsp.command_arguments import (
    DecideFindingArguments,
    OverrideScoreArguments,
    parse_decide_finding_arguments,
    parse_override_score_arguments,
)
from codeeval.lsp.decision_logs import DecisionLogs, DecisionPlace, decision_file_for
from codeeval.lsp.finding_reviews import finding_reviews
from codeeval.results.review import DecisionKind

SHA = "a" * 64


def decision(kind: DecisionKind, reviewer: str = "ana", finding: str = "f1", sha: str = SHA) -> Decision:
    return Decision(
        kind, "none", "a.py", sha, "code_quality", reviewer, f"{reviewer}'s reason", "2026-12-04T00:00:00Z",
        finding=finding, rule="CQ101",
    )  # fmt: skip


def test_decide_finding_arguments_are_typed_and_a_bad_one_names_its_field():
    assert parse_decide_finding_arguments([{"uri": "u", "finding": "f1", "kind": "dismiss"}]) == DecideFindingArguments(
        "u", "f1", DecisionKind.DISMISS
    )
    given = [{"uri": "u", "finding": " f1 ", "kind": "confirm", "reason": "right", "reviewer": ""}]
    assert parse_decide_finding_arguments(given) == DecideFindingArguments("u", "f1", DecisionKind.CONFIRM, "right")
    for bad, message in [
        ({"uri": "u", "kind": "dismiss"}, "`finding` must be a non-empty string, got nothing"),
        ({"uri": "u", "finding": "f", "kind": "override"}, "`kind` must be dismiss or confirm, got 'override'"),
        ({"uri": "u", "finding": "f", "kind": "dismiss", "reason": 3}, "`reason` must be a non-empty string"),
        ({"uri": "u", "finding": "f", "kind": "dismiss", "why": "x"}, "unknown field `why`"),
    ]:
        with pytest.raises(JsonRpcInvalidParams, match=message):
            parse_decide_finding_arguments([bad])


def test_override_arguments_need_a_score_from_0_to_100_and_a_reason():
    given = [{"uri": "u", "dimension": "total", "score": 80, "reason": "fine"}]
    assert parse_override_score_arguments(given) == OverrideScoreArguments("u", "total", 80.0, "fine")
    for score, shown in [(101, "101"), (True, "a boolean"), ("80", "a string"), (None, "nothing")]:
        with pytest.raises(JsonRpcInvalidParams, match=f"`score` must be a number from 0 to 100, got {shown}"):
            parse_override_score_arguments([{"uri": "u", "dimension": "total", "score": score, "reason": "r"}])
    with pytest.raises(JsonRpcInvalidParams, match="`reason` must be a non-empty string"):
        parse_override_score_arguments([{"uri": "u", "dimension": "total", "score": 1, "reason": " "}])


def test_the_decision_file_is_the_nearest_one_from_the_problem_else_the_document_else_the_workspace(tmp_path):
    workspace = tmp_path / "ws"
    (workspace / ".git").mkdir(parents=True)
    problems, code = workspace / "problems", workspace / "src" / "deep"
    problems.mkdir()
    code.mkdir(parents=True)
    document = code / "a.py"
    assert decision_file_for(None, document, workspace) == workspace / FILE_NAME  # none yet: the workspace's
    (workspace / "src" / FILE_NAME).write_text("")
    assert decision_file_for(None, document, workspace) == workspace / "src" / FILE_NAME
    (problems / FILE_NAME).write_text("")
    assert decision_file_for(str(problems / "add.yaml"), document, workspace) == problems / FILE_NAME


def test_a_decision_file_is_read_once_per_change_and_a_bad_line_is_named(tmp_path):
    path = tmp_path / FILE_NAME
    place = DecisionPlace(path, "none", "a.py")
    logs = DecisionLogs()
    assert logs.read(place).log.decisions == () and not logs.read(place).error  # no file: no decisions
    add_decision(path, decision(DecisionKind.DISMISS))
    logs.forget(path)
    read = logs.read(place)
    assert [d.kind for d in read.log.decisions] == [DecisionKind.DISMISS]
    assert read.calibration.counts["CQ101"].dismissed == 1
    path.write_text(path.read_text() + "{not json\n")
    os.utime(path, ns=(1, 1))  # a new stamp, whatever the clock's resolution
    broken = logs.read(place)
    assert broken.error.startswith(f"{path}:2: not a JSON object") and not broken.log
    assert logs.first_report(broken) and not logs.first_report(broken)  # shown once per version of the file


def test_a_finding_is_dismissed_when_every_reviewer_dismissed_it_on_this_text():
    log = DecisionLog("x", (decision(DecisionKind.DISMISS), decision(DecisionKind.DISMISS, "bob")))
    [review] = finding_reviews(log, "none", SHA).values()
    assert review.dismissed and review.kind == "dismiss"
    assert review.text() == "dismissed by ana: ana's reason; dismissed by bob: bob's reason"
    assert finding_reviews(log, "none", "b" * 64) == {}  # another text: not this one's decision
    assert finding_reviews(log, "two_sum", SHA) == {}  # another problem
    disputed = DecisionLog("x", (decision(DecisionKind.DISMISS), decision(DecisionKind.CONFIRM, "bob")))
    [review] = finding_reviews(disputed, "none", SHA).values()
    assert not review.dismissed and review.kind == "disputed"
    assert review.text() == "reviewers disagree (ana dismissed, bob confirmed): shown as found"


def test_a_written_decision_lands_where_the_place_says(tmp_path: Path):
    place = DecisionPlace(tmp_path / "nested" / FILE_NAME, "none", "a.py")
    log = add_decision(place.path, decision(DecisionKind.CONFIRM))
    assert log.path == str(place.path) and log.where(log.decisions[0]) == f"{FILE_NAME}:1"
