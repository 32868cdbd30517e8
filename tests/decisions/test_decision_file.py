"""Decision files: every bad line named with its file and line, conflicts refused, nothing lost on a write."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from codeeval.decisions.decision import Decision, DecisionFileError
from codeeval.decisions.store import FILE_NAME, add_decision, find_decision_file, read_decisions
from codeeval.results.review import DecisionKind

SHA = "a" * 64


def line(**changes: object) -> str:
    data: dict[str, object] = {
        "kind": "dismiss",
        "problem": "two_sum",
        "solution": "s.py",
        "solution_sha256": SHA,
        "finding": "0123456789ab",
        "rule": "CQ101",
        "dimension": "code_quality",
        "reviewer": "ana",
        "reason": "the task dictates it",
    }
    data.update(changes)
    return json.dumps({k: v for k, v in data.items() if v is not None})


@pytest.mark.parametrize(
    ("bad", "says"),
    [
        ("{not json", "not a JSON object"),
        ("[1, 2]", "one per line"),
        (line(kind="ignore"), "kind 'ignore' is not one of dismiss, confirm, override"),
        (line(reviewer=None), "missing 'reviewer'"),
        (line(colour="red"), "unknown key 'colour'"),
        (line(solution_sha256="abc"), "64 lowercase hex digits"),
        (line(kind="override", finding=None, rule=None, score=140, dimension="correctness"), "from 0 to 100"),
        (line(kind="override", finding=None, rule=None, dimension="correctness"), "an override needs"),
        (line(score=50), "a dismiss has no 'score'"),
        (line(reason="  "), "'reason' must be a non-empty string"),
        (line(confidence={"relevance": 2}), "'confidence' must map"),
    ],
)
def test_a_bad_line_is_named_by_file_and_line(tmp_path: Path, bad: str, says: str) -> None:
    path = tmp_path / FILE_NAME
    path.write_text(line() + "\n\n" + bad + "\n", encoding="utf-8")
    with pytest.raises(DecisionFileError) as caught:
        read_decisions(path)
    assert caught.value.line == 3
    assert caught.value.location_message().startswith(f"{path}:3: ")
    assert says in caught.value.message


def test_two_decisions_of_one_reviewer_on_one_finding_conflict(tmp_path: Path) -> None:
    path = tmp_path / FILE_NAME
    path.write_text(line() + "\n" + line(kind="confirm", reason="changed my mind") + "\n", encoding="utf-8")
    with pytest.raises(DecisionFileError, match="conflicts with line 1") as caught:
        read_decisions(path)
    assert caught.value.line == 2


def test_two_reviewers_may_disagree_in_one_file(tmp_path: Path) -> None:
    path = tmp_path / FILE_NAME
    path.write_text(line() + "\n" + line(kind="confirm", reviewer="bob") + "\n", encoding="utf-8")
    assert [d.kind for d in read_decisions(path).decisions] == [DecisionKind.DISMISS, DecisionKind.CONFIRM]


def test_a_binary_file_is_refused_by_name(tmp_path: Path) -> None:
    path = tmp_path / FILE_NAME
    path.write_bytes(b"\x00\x01\x02binary")
    with pytest.raises(DecisionFileError, match="binary") as caught:
        read_decisions(path)
    assert caught.value.path == str(path)


def decision(kind: DecisionKind, reviewer: str = "ana", reason: str = "why") -> Decision:
    return Decision(kind, "two_sum", "s.py", SHA, "code_quality", reviewer, reason, "t", "0123456789ab", "CQ101")


def test_adding_replaces_the_same_reviewers_earlier_decision_and_keeps_the_others(tmp_path: Path) -> None:
    path = tmp_path / FILE_NAME
    add_decision(path, decision(DecisionKind.DISMISS))
    add_decision(path, decision(DecisionKind.DISMISS, reviewer="bob"))
    log = add_decision(path, decision(DecisionKind.CONFIRM, reason="it was right after all"))
    assert [(d.reviewer, d.kind) for d in log.decisions] == [
        ("bob", DecisionKind.DISMISS),
        ("ana", DecisionKind.CONFIRM),
    ]
    assert [d.line for d in log.decisions] == [1, 2]


def test_nothing_is_written_to_a_file_that_does_not_read(tmp_path: Path) -> None:
    path = tmp_path / FILE_NAME
    broken = line() + "\n{oops\n"
    path.write_text(broken, encoding="utf-8")
    with pytest.raises(DecisionFileError, match=":2: "):
        add_decision(path, decision(DecisionKind.CONFIRM, reviewer="bob"))
    assert path.read_text(encoding="utf-8") == broken
    assert [p.name for p in tmp_path.iterdir()] == [FILE_NAME]  # no temporary file left behind


def test_the_nearest_file_is_found_upwards_but_not_past_the_repository(tmp_path: Path) -> None:
    (tmp_path / FILE_NAME).write_text("", encoding="utf-8")
    repository = tmp_path / "repo"
    (repository / ".git").mkdir(parents=True)
    (repository / "problems").mkdir()
    assert find_decision_file(repository / "problems") is None
    (repository / FILE_NAME).write_text("", encoding="utf-8")
    assert find_decision_file(repository / "problems" / "p.yaml") == repository / FILE_NAME


def test_validate_checks_the_decision_file_beside_the_problems(tmp_path: Path) -> None:
    from tests.support import REPO, run_cli

    (tmp_path / "two_sum.yaml").write_bytes((REPO / "problems" / "two_sum.yaml").read_bytes())
    (tmp_path / FILE_NAME).write_text(line() + "\n" + line(kind="maybe") + "\n", encoding="utf-8")
    done = run_cli("validate", "--schema-only", str(tmp_path))
    assert done.returncode == 2
    assert f"{tmp_path / FILE_NAME}:2: kind 'maybe'" in done.stderr
    assert "1 of 1 problem files valid" in done.stderr
    (tmp_path / FILE_NAME).write_text(line() + "\n", encoding="utf-8")
    done = run_cli("validate", "--schema-only", str(tmp_path))
    assert done.returncode == 0 and f"ok  {tmp_path / FILE_NAME} (1 decision)" in done.stdout
