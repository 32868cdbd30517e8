"""`codeeval.reviewChanges` end to end with the real server and a real git repository: the reply and reports, a
behaviour change as a diagnostic on the function with its counterexample in the hover, the "Accept as intended"
action turning it into a Hint that stays accepted in a new session and comes back once the function changes, the
"review against HEAD" lens; a folder that is not a git checkout or has no change (a clear message, no crash); and
the progress's cancel button stopping a review whose new version hangs, sandbox and all."""

from __future__ import annotations

import asyncio
import json
import subprocess
import time
import types as pytypes
from pathlib import Path
from typing import Any

import pytest
from lsprotocol import types
from pytest_lsp import LanguageClient

from codeeval.decisions.store import FILE_NAME

from .conftest import CONFIG, start_session
from .helpers import change_doc, execute, next_diagnostics, open_doc, sandbox_workers, save_doc
from .test_commands import wait_for_progress, wait_until_no_sandbox_workers
from .test_decisions import read_code_actions_as_editors_do

pytestmark = pytest.mark.asyncio(loop_scope="function")

BASE = """\
def clamp(x: int, lo: int, hi: int) -> int:
    return max(lo, min(x, hi))


def same(x: int) -> int:
    return x + 1
"""
CHANGED = BASE.replace("min(x, hi))", "min(x, hi - 1))")


def git(folder: Path, *args: str) -> None:
    subprocess.run(["git", "-C", str(folder), *args], check=True, capture_output=True)


def repository(root: Path) -> Path:
    """A checkout whose `clamp` changed behaviour since HEAD (and `same` did not change)."""
    root.mkdir()
    git(root, "init", "-q")
    git(root, "config", "user.email", "ana@example.com")
    git(root, "config", "user.name", "ana")
    (root / "core.py").write_text(BASE, encoding="utf-8")
    git(root, "add", "core.py")
    git(root, "commit", "-qm", "base")
    (root / "core.py").write_text(CHANGED, encoding="utf-8")
    return root


async def session(workspace: Path) -> LanguageClient:
    client = await CONFIG.start()
    await start_session(pytypes.SimpleNamespace(param="visual-studio-code"), client, workspace)
    return client


async def close(client: LanguageClient) -> None:
    await client.shutdown_session()
    await client.stop()


async def review_diagnostic(client: LanguageClient, uri: str, version: int | None = None) -> types.Diagnostic:
    """The next diagnostics of `uri` that hold a behaviour change; that diagnostic."""
    while True:
        published = await next_diagnostics(client, uri, timeout=60, version=version)
        found = [d for d in published.diagnostics if d.code == "behaviour-change"]
        if found:
            return found[0]


def accept_action(actions: list[Any] | None) -> types.CodeAction:
    found = [a for a in actions or [] if isinstance(a, types.CodeAction) and a.title.startswith("Accept as intended")]
    assert len(found) == 1, [getattr(a, "title", a) for a in actions or []]
    return found[0]


async def test_a_behaviour_change_is_a_diagnostic_that_can_be_accepted_until_the_function_changes(tmp_path: Path):
    root = repository(tmp_path / "repo")
    path = root / "core.py"
    client = await session(root)
    read_code_actions_as_editors_do(client)
    try:
        uri = open_doc(client, path)
        client.progress_reports["review-progress"] = []  # a client-created token, as VS Code sends with the request
        reply = await execute(client, "codeeval.reviewChanges", {"uri": uri}, token="review-progress")
        progress = client.progress_reports["review-progress"]
        assert isinstance(progress[0], types.WorkDoneProgressBegin) and progress[0].cancellable
        assert isinstance(progress[-1], types.WorkDoneProgressEnd) and progress[-1].message == reply["message"]
        assert (reply["status"], reply["changed"], reply["behaviourChanges"], reply["slowdowns"]) == ("done", 1, 1, 0)
        assert reply["message"].startswith("1 behaviour change")
        report = Path(reply["reportUri"].removeprefix("file://"))
        assert report == root / ".codeeval" / "reports" / "review.md" and "clamp" in report.read_text()
        saved = json.loads(Path(reply["jsonUri"].removeprefix("file://")).read_text())
        [finding] = saved["functions"][0]["findings"]

        diagnostic = await review_diagnostic(client, uri)
        assert diagnostic.severity == types.DiagnosticSeverity.Warning and diagnostic.source == "codeeval"
        assert (
            diagnostic.message == f"behaviour change: base {finding['base']}, now {finding['new']}: `{finding['call']}`"
        )
        assert diagnostic.message.startswith("behaviour change: base returns ")
        assert (diagnostic.range.start.line, diagnostic.range.start.character) == (0, 4)  # on `clamp`

        hover = await client.text_document_hover_async(
            types.HoverParams(text_document=types.TextDocumentIdentifier(uri=uri), position=diagnostic.range.start)
        )
        assert finding["call"] in hover.contents.value and "relevance" in hover.contents.value
        assert "severity_calibration" in hover.contents.value

        lenses = await client.text_document_code_lens_async(
            types.CodeLensParams(text_document=types.TextDocumentIdentifier(uri=uri))
        )
        review_lenses = [lens for lens in lenses or [] if lens.command.title == "review against HEAD"]
        assert [lens.range.start.line for lens in review_lenses] == [0]  # `clamp` only: `same` did not change
        assert review_lenses[0].command.command == "codeeval.reviewChanges"

        actions = await client.text_document_code_action_async(
            types.CodeActionParams(
                text_document=types.TextDocumentIdentifier(uri=uri),
                range=diagnostic.range,
                context=types.CodeActionContext(diagnostics=[diagnostic]),
            )
        )
        action = accept_action(actions)
        argument = {**action.command.arguments[0], "reason": "the bound is exclusive now", "reviewer": "ana"}
        recorded = await execute(client, action.command.command, argument)
        assert (recorded["kind"], recorded["reviewer"]) == ("dismiss", "ana")
        assert recorded["decisionFile"] == str(root / FILE_NAME)
        [line] = [json.loads(text) for text in (root / FILE_NAME).read_text().splitlines()]
        assert (line["problem"], line["solution"], line["dimension"], line["rule"]) == (
            "review",
            "core.py",
            "behaviour",
            "behaviour-change",
        )
        accepted = await review_diagnostic(client, uri)
        assert accepted.severity == types.DiagnosticSeverity.Hint
        assert accepted.message == f"{diagnostic.message} (accepted by ana: the bound is exclusive now)"
        listed = report.read_text().split("## Accepted as intended", 1)[1]
        assert f"`core.py` `clamp`: `{finding['call']}`: accepted by ana: the bound is exclusive now" in listed
    finally:
        await close(client)

    other = await session(root)  # a restarted editor: the acceptance is read back from the decision file
    try:
        uri = open_doc(other, path)
        await execute(other, "codeeval.reviewChanges", {})
        again = await review_diagnostic(other, uri)
        assert (again.severity, again.message) == (types.DiagnosticSeverity.Hint, accepted.message)

        edited = CHANGED.replace("    return max", "    # the upper bound is exclusive\n    return max")
        path.write_text(edited, encoding="utf-8")
        change_doc(other, uri, 2, edited)
        save_doc(other, uri)
        back = await review_diagnostic(other, uri, version=2)
        assert (back.severity, back.message) == (types.DiagnosticSeverity.Warning, diagnostic.message)
        again_reply = await execute(other, "codeeval.reviewChanges", {})  # the report no longer lists it
        assert "Accepted as intended" not in Path(again_reply["reportUri"].removeprefix("file://")).read_text()
    finally:
        await close(other)


async def test_a_folder_that_is_not_a_git_checkout_or_has_no_change_gets_a_clear_message(tmp_path: Path):
    folder = tmp_path / "plain"
    folder.mkdir()
    (folder / "core.py").write_text(BASE, encoding="utf-8")
    client = await session(folder)
    try:
        uri = open_doc(client, folder / "core.py")
        reply = await execute(client, "codeeval.reviewChanges", {"uri": uri, "show": True})  # as the lens runs it
        assert reply["status"] == "nothing" and reply["reportUri"] is None
        assert "is not inside a git checkout: nothing to compare against" in reply["message"]
        warnings = [m.message for m in client.messages if m.type == types.MessageType.Warning]
        assert warnings == [f"codeeval: {reply['message']}"]

        git(folder, "init", "-q")  # now a checkout, with nothing changed since its commit
        git(folder, "add", "core.py")
        git(folder, "-c", "user.name=ana", "-c", "user.email=ana@example.com", "commit", "-qm", "base")
        reply = await execute(client, "codeeval.reviewChanges", {"uri": uri})
        assert (reply["status"], reply["message"]) == ("nothing", f"no Python file under {folder} differs from HEAD")
    finally:
        await close(client)


async def test_cancelling_the_progress_stops_the_review_and_its_sandbox(tmp_path: Path):
    root = tmp_path / "repo"
    root.mkdir()
    git(root, "init", "-q")
    (root / "spin.py").write_text("def spin(n: int) -> int:\n    return n\n", encoding="utf-8")
    git(root, "add", "spin.py")
    git(root, "-c", "user.name=ana", "-c", "user.email=ana@example.com", "commit", "-qm", "base")
    (root / "spin.py").write_text("def spin(n: int) -> int:\n    while True:\n        n += 1\n", encoding="utf-8")
    client = await session(root)
    try:
        task = asyncio.ensure_future(execute(client, "codeeval.reviewChanges", {}))
        token = await wait_for_progress(client, types.WorkDoneProgressBegin)
        deadline = time.monotonic() + 30
        while not sandbox_workers(client):  # the new version is now spinning in the sandbox
            assert time.monotonic() < deadline, "the review never started a sandbox worker"
            await asyncio.sleep(0.05)
        cancelled_at = time.monotonic()
        client.window_work_done_progress_cancel(types.WorkDoneProgressCancelParams(token=token))
        reply = await asyncio.wait_for(task, 15)
        assert (reply["status"], reply["reportUri"]) == ("cancelled", None)
        assert time.monotonic() - cancelled_at < 5  # not the minutes of 1 s time-outs the inputs would take
        await wait_until_no_sandbox_workers(client, timeout=5)
        assert isinstance(client.progress_reports[token][-1], types.WorkDoneProgressEnd)
    finally:
        await close(client)
