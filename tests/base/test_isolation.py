"""IsolationReport: the sandbox's report on a run, and its JSON form (docs/result-format.md's `isolation`)."""

import json

from codeeval.base.isolation import IsolationLevel, IsolationReport

FULL = IsolationReport(
    level=IsolationLevel.BUBBLEWRAP,
    network=False,
    uid=2012345000,
    python="3.11.2 (/usr/bin/python3.11)",
    layers=("namespaces", "rlimits", "timeouts", "output_cap", "unprivileged_uid", "seccomp", "cgroup"),
    missing=(),
    warnings=(),
)


def test_the_json_form_has_the_result_formats_keys_in_its_order():
    expected = (
        '{"level": "bubblewrap", "network": false, "uid": 2012345000, "python": "3.11.2 (/usr/bin/python3.11)", '
        '"layers": ["namespaces", "rlimits", "timeouts", "output_cap", "unprivileged_uid", "seccomp", "cgroup"], '
        '"missing": [], "warnings": []}'
    )
    assert json.dumps(FULL.to_dict()) == expected


def test_notes_appear_last_and_only_once_an_evaluation_added_them_even_none():
    assert "notes" not in FULL.to_dict()
    assert list(FULL.with_notes([]).to_dict().items())[-1] == ("notes", [])
    noted = FULL.with_notes(["browser containment: flags", "model judge: no answer"])
    assert noted.to_dict()["notes"] == ["browser containment: flags", "model judge: no answer"]
    assert list(noted.to_dict())[:-1] == list(FULL.to_dict())


def test_a_level_reads_as_its_word():
    assert [str(level) for level in IsolationLevel] == ["process", "bubblewrap"]
    assert IsolationLevel("process") is IsolationLevel.PROCESS
