"""People's decisions in the editor, end to end with the real server: dismissing a finding (a Hint that says
who and why, kept across server sessions, back once the code changes), the code actions that do it, an override
of an evaluation's score (report, JSON, hover), and a malformed decision file (a message naming file:line,
diagnostics as usual)."""

from __future__ import annotations

import json
import types as pytypes
from pathlib import Path
from typing import Any, Union

import pytest
from lsprotocol import types
from pygls.exceptions import JsonRpcException
from pytest_lsp import LanguageClient

from codeeval.decisions.store import FILE_NAME

from .conftest import ADD_SOLUTION, CONFIG, start_session
from .helpers import change_doc, execute, next_diagnostics, open_doc, save_doc

pytestmark = pytest.mark.asyncio(loop_scope="module")

HINT = types.DiagnosticSeverity.Hint


def unique_solution(workspace: Path, name: str, client: LanguageClient, header: str = "") -> Path:
    """ADD_SOLUTION under a name and with a comment of its own: decisions are keyed by the text's hash, and the
    two clients' runs share the workspace (and its decision file)."""
    path = workspace / f"{name}_{client.client_name.split('@')[0].replace('-', '_')}.py"
    path.write_text(f"{header}# {path.stem}\n{ADD_SOLUTION}", encoding="utf-8")
    return path


def by_fingerprint(published: types.PublishDiagnosticsParams) -> dict[str, types.Diagnostic]:
    return {d.data["fingerprint"]: d for d in published.diagnostics if isinstance(d.data, dict)}


def mutable_default(published: types.PublishDiagnosticsParams) -> types.Diagnostic:
    """The finding the tests decide on: the mutable default argument (a warning, never a hint by itself)."""
    found = [d for d in published.diagnostics if "mutable default" in d.message.lower()]
    assert found, [d.message for d in published.diagnostics]
    assert found[0].severity != HINT
    return found[0]


def read_code_actions_as_editors_do(client: LanguageClient) -> None:
    """lsprotocol's client reads any code action with a `command` as a bare Command (its command then the text of
    an object); editors tell them apart by whether `command` is a string, as LSP says. Read them that way."""
    converter = client.protocol._converter

    def structure(value: Any, _: type) -> types.Command | types.CodeAction:
        is_command = isinstance(value.get("command"), str)
        return converter.structure(value, types.Command if is_command else types.CodeAction)

    converter.register_structure_hook(Union[types.Command, types.CodeAction], structure)  # noqa: UP007 (lsprotocol's key)


async def second_session(workspace: Path) -> LanguageClient:
    """Another server on the same workspace: what a restarted editor sees."""
    other = await CONFIG.start()
    await start_session(pytypes.SimpleNamespace(param="visual-studio-code"), other, workspace)
    return other


async def test_a_dismissed_finding_is_a_marked_hint_across_sessions_until_the_code_changes(
    client: LanguageClient, workspace: Path
):
    path = unique_solution(workspace, "dismissed", client)
    uri = open_doc(client, path)
    finding = mutable_default(await next_diagnostics(client, uri))
    fingerprint = finding.data["fingerprint"]

    reply = await execute(
        client,
        "codeeval.decideFinding",
        {"uri": uri, "finding": fingerprint, "kind": "dismiss", "reason": "never mutated here", "reviewer": "ana"},
    )
    assert reply == {
        "kind": "dismiss",
        "target": fingerprint,
        "reviewer": "ana",
        "reason": "never mutated here",
        "decisionFile": str(workspace / FILE_NAME),
        "score": None,
        "reportUri": None,
    }
    dismissed = by_fingerprint(await next_diagnostics(client, uri))[fingerprint]
    assert dismissed.severity == HINT
    assert dismissed.message == f"{finding.message} (dismissed by ana: never mutated here)"
    assert dismissed.data["decision"] == "dismiss"
    [line] = [json.loads(text) for text in (workspace / FILE_NAME).read_text().splitlines() if path.stem in text]
    assert (line["problem"], line["solution"], line["finding"]) == ("none", path.name, fingerprint)

    other = await second_session(workspace)  # a new server reads the decision from the file
    try:
        open_doc(other, path)
        again = by_fingerprint(await next_diagnostics(other, uri))[fingerprint]
        assert (again.severity, again.message) == (HINT, dismissed.message)
        changed = path.read_text() + "\n\nVALUE = 1\n"
        change_doc(other, uri, 2, changed)
        save_doc(other, uri)
        back = by_fingerprint(await next_diagnostics(other, uri, version=2))[fingerprint]
        assert (back.severity, back.message) == (finding.severity, finding.message)
    finally:
        await other.shutdown_session()
        await other.stop()


async def test_dismiss_and_confirm_code_actions_run_decide_finding(client: LanguageClient, workspace: Path):
    read_code_actions_as_editors_do(client)
    path = unique_solution(workspace, "actions", client)
    uri = open_doc(client, path)
    finding = mutable_default(await next_diagnostics(client, uri))
    actions = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            range=finding.range,
            context=types.CodeActionContext(diagnostics=[finding]),
        )
    )
    titles = {action.title: action for action in actions or [] if isinstance(action, types.CodeAction)}
    dismiss, confirm = titles["Dismiss finding…"], titles["Confirm finding"]  # one finding here: plain titles
    assert dismiss.command.command == "codeeval.decideFinding"
    assert list(dismiss.command.arguments) == [{"uri": uri, "finding": finding.data["fingerprint"], "kind": "dismiss"}]
    # A generic client runs the command as it is: the default reason, the default reviewer.
    reply = await execute(client, confirm.command.command, confirm.command.arguments[0])
    assert reply["reason"] == "confirmed in the editor" and reply["reviewer"]
    confirmed = by_fingerprint(await next_diagnostics(client, uri))[finding.data["fingerprint"]]
    assert confirmed.severity == finding.severity
    assert confirmed.message == f"{finding.message} (confirmed by {reply['reviewer']}: confirmed in the editor)"
    hover = await client.text_document_hover_async(
        types.HoverParams(text_document=types.TextDocumentIdentifier(uri=uri), position=finding.range.start)
    )
    assert f"*Confirmed by {reply['reviewer']}: confirmed in the editor*" in hover.contents.value


async def test_a_bad_decision_request_is_refused_with_a_clear_message(client: LanguageClient, workspace: Path):
    path = unique_solution(workspace, "refused", client)
    uri = open_doc(client, path)
    await next_diagnostics(client, uri)
    with pytest.raises(JsonRpcException, match="no finding 0123456789ab in the last analysis or evaluation"):
        await execute(client, "codeeval.decideFinding", {"uri": uri, "finding": "0123456789ab", "kind": "dismiss"})
    with pytest.raises(JsonRpcException, match="has no evaluation in this session: evaluate it first"):
        await execute(
            client, "codeeval.overrideScore", {"uri": uri, "dimension": "total", "score": 80, "reason": "looks fine"}
        )
    with pytest.raises(JsonRpcException, match="`kind` must be dismiss or confirm"):
        await execute(client, "codeeval.decideFinding", {"uri": uri, "finding": "x", "kind": "override"})


async def test_a_malformed_decision_file_is_named_and_diagnostics_go_on(client: LanguageClient, workspace: Path):
    folder = workspace / f"bad_{client.client_name.split('@')[0].replace('-', '_')}"
    folder.mkdir()
    (folder / FILE_NAME).write_text('{"kind": "dismiss"}\n{"kind": \n', encoding="utf-8")
    path = folder / "solution.py"
    path.write_text(ADD_SOLUTION, encoding="utf-8")
    client.messages.clear()
    uri = open_doc(client, path)
    published = await next_diagnostics(client, uri)
    assert mutable_default(published)  # the findings as usual, without decisions
    errors = [m.message for m in client.messages if m.type == types.MessageType.Error]
    assert errors == [
        f"codeeval: the decision file is not used: {folder / FILE_NAME}:1: missing 'problem', 'solution', "
        "'solution_sha256', 'reviewer', 'reason'"
    ]
    save_doc(client, uri)  # the same broken file is not reported twice
    await next_diagnostics(client, uri)
    assert len([m for m in client.messages if m.type == types.MessageType.Error]) == 1


@pytest.mark.slow
async def test_an_override_shows_in_the_report_the_json_and_the_hover(client: LanguageClient, workspace: Path):
    path = unique_solution(workspace, "overridden", client, header="# codeeval: problem=add\n")
    uri = open_doc(client, path)
    finding = mutable_default(await next_diagnostics(client, uri))
    done = await execute(client, "codeeval.evaluate", {"uri": uri})
    assert done["status"] == "done" and done["dimensions"]["correctness"] == pytest.approx(66.67, abs=0.01)

    reply = await execute(
        client,
        "codeeval.overrideScore",
        {"uri": uri, "dimension": "correctness", "score": 90, "reason": "the (-5, 2) test is wrong", "reviewer": "bob"},
    )
    assert reply["kind"] == "override" and reply["reportUri"] == done["reportUri"]
    assert reply["score"] > done["score"]
    saved = json.loads(Path(done["jsonUri"].removeprefix("file://")).read_text())
    assert saved["dimensions"]["correctness"]["score"] == 90 and saved["score"] == pytest.approx(reply["score"], 0.01)
    [override] = saved["review"]["decisions"]
    assert (override["kind"], override["automatic"], override["decided"], override["reviewer"]) == (
        "override",
        pytest.approx(66.67, abs=0.01),
        90,
        "bob",
    )
    report = Path(done["reportUri"].removeprefix("file://")).read_text()
    assert "overridden by bob" in report and "the (-5, 2) test is wrong" in report
    hover = await client.text_document_hover_async(
        types.HoverParams(text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(2, 5))
    )
    assert (
        "correctness: automatic 66.7 → **90**, overridden by bob: the (-5, 2) test is wrong" in hover.contents.value
    ), hover.contents.value

    # A dismissal after the evaluation: the report is written again with the finding's points given back.
    dismissed = await execute(
        client,
        "codeeval.decideFinding",
        {
            "uri": uri,
            "finding": finding.data["fingerprint"],
            "kind": "dismiss",
            "reason": "fine here",
            "reviewer": "bob",
        },
    )
    assert dismissed["score"] > reply["score"]
    saved = json.loads(Path(done["jsonUri"].removeprefix("file://")).read_text())
    assert [d["kind"] for d in saved["review"]["decisions"]] == ["dismiss", "override"]
