"""Hover, code lens and quick fixes against the real server."""

from __future__ import annotations

from pathlib import Path

import pytest
from lsprotocol import types
from pytest_lsp import LanguageClient

from .helpers import change_doc, copy_of, next_diagnostics, open_doc, save_doc

pytestmark = pytest.mark.asyncio(loop_scope="module")


def hover_params(uri: str, line: int, character: int) -> types.HoverParams:
    return types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(line, character)
    )


async def test_hover_on_a_def_line_explains_the_function(client: LanguageClient, workspace: Path):
    path = copy_of(workspace)
    uri = open_doc(client, path)
    await next_diagnostics(client, uri)
    hover = await client.text_document_hover_async(hover_params(uri, 0, 5))
    text = hover.contents.value
    assert hover.contents.kind == types.MarkupKind.Markdown
    assert "`add`" in text and "quality" in text
    # One scale: the function's lost points, split by category, and how they relate to the file's score.
    lost = next(line for line in text.splitlines() if line.startswith("Points lost: "))
    assert {part.split(" −")[0] for part in lost.removeprefix("Points lost: ").split(" · ")} == {
        "docs",
        "typing",
        "robustness",
    }
    assert "One scale" in text and "|" not in text  # no Markdown table: VS Code draws it without spacing
    assert "CQ102" in text and "CQ111" in text
    assert hover.range.start == types.Position(0, 4)


async def test_hover_stays_quiet_where_codeeval_has_nothing_to_say(client: LanguageClient, workspace: Path):
    path = copy_of(workspace)
    uri = open_doc(client, path)
    await next_diagnostics(client, uri)
    assert await client.text_document_hover_async(hover_params(uri, 3, 11)) is None  # `return a + b`
    on_default = await client.text_document_hover_async(hover_params(uri, 0, 20))  # the `[]` of `extra=[]`
    assert on_default is not None and "CQ111" in on_default.contents.value
    assert "fresh" in on_default.contents.value  # the suggestion / fix is spelled out


async def test_hover_after_an_unsaved_edit_only_where_the_text_is_unchanged(client: LanguageClient, workspace: Path):
    path = copy_of(workspace)
    uri = open_doc(client, path)
    await next_diagnostics(client, uri)
    change_doc(client, uri, 2, "def renamed(a, b, extra=[]):\n" + path.read_text().split("\n", 1)[1])
    assert await client.text_document_hover_async(hover_params(uri, 0, 5)) is None


async def test_code_lens_above_each_function(client: LanguageClient, workspace: Path):
    path = copy_of(workspace)
    text = path.read_text() + "\n\nclass Box:\n    def get(self):\n        return 1\n"
    uri = open_doc(client, path, text=text)
    await next_diagnostics(client, uri)
    lenses = await client.text_document_code_lens_async(
        types.CodeLensParams(text_document=types.TextDocumentIdentifier(uri=uri))
    )
    by_line = {lens.range.start.line: lens for lens in lenses}
    assert set(by_line) == {0, 7}
    title = by_line[0].command.title
    assert title.startswith("quality ") and title.endswith(" · evaluate")
    assert float(title.split()[1]) < 100
    assert by_line[0].command.command == "codeeval.evaluate"
    assert list(by_line[0].command.arguments) == [{"uri": uri, "show": True}]


async def test_code_lens_follows_a_function_moved_by_unsaved_edits(client: LanguageClient, workspace: Path):
    path = copy_of(workspace)
    uri = open_doc(client, path)
    await next_diagnostics(client, uri)
    change_doc(client, uri, 2, "import os\n\n" + path.read_text())
    lenses = await client.text_document_code_lens_async(
        types.CodeLensParams(text_document=types.TextDocumentIdentifier(uri=uri))
    )
    assert [lens.range.start.line for lens in lenses] == [2]


def inlay_hint_params(uri: str, lines: int = 100) -> types.InlayHintParams:
    return types.InlayHintParams(
        text_document=types.TextDocumentIdentifier(uri=uri),
        range=types.Range(types.Position(0, 0), types.Position(lines, 0)),
    )


async def test_inlay_hints_at_the_end_of_each_def_line(client: LanguageClient, workspace: Path):
    path = copy_of(workspace)
    text = path.read_text() + '\n\ndef fine() -> int:\n    """One."""\n    return 1\n'
    uri = open_doc(client, path, text=text)
    await next_diagnostics(client, uri)
    hints = await client.text_document_inlay_hint_async(inlay_hint_params(uri))
    by_line = {hint.position.line: hint for hint in hints}
    assert set(by_line) == {0, 6}
    lines = text.splitlines()
    assert by_line[0].position.character == len(lines[0]) and by_line[0].padding_left
    # The function's score on the file's scale, then the finding that costs it most.
    assert by_line[0].label.startswith("quality ") and by_line[0].label.endswith(" · CQ102 `add` has no type hints")
    assert by_line[6].label == "quality 100"
    lens = await client.text_document_code_lens_async(
        types.CodeLensParams(text_document=types.TextDocumentIdentifier(uri=uri))
    )
    assert lens[0].command.title.split(" · ")[0] == by_line[0].label.split(" · ")[0]  # one number everywhere
    # A range without a def line gets none; a function moved by an unsaved edit keeps its hint.
    assert (
        await client.text_document_inlay_hint_async(
            types.InlayHintParams(
                text_document=types.TextDocumentIdentifier(uri=uri),
                range=types.Range(types.Position(1, 0), types.Position(4, 0)),
            )
        )
        == ()
    )
    change_doc(client, uri, 2, "import os\n\n" + text)
    moved = await client.text_document_inlay_hint_async(inlay_hint_params(uri))
    assert sorted(hint.position.line for hint in moved) == [2, 8]


async def test_inlay_hints_follow_the_setting(fresh_client: LanguageClient, fresh_workspace: Path):
    uri = open_doc(fresh_client, fresh_workspace / "add.py")
    await next_diagnostics(fresh_client, uri)
    assert len(await fresh_client.text_document_inlay_hint_async(inlay_hint_params(uri))) == 1
    fresh_client.set_configuration({"inlayHints": False}, section="codeeval")
    fresh_client.workspace_did_change_configuration(
        types.DidChangeConfigurationParams(settings={"codeeval": {"inlayHints": False}})
    )
    await next_diagnostics(fresh_client, uri)
    assert not await fresh_client.text_document_inlay_hint_async(inlay_hint_params(uri))
    if fresh_client.client_name == "visual-studio-code":  # it can refresh hints; Neovim 0.7 cannot
        assert fresh_client.hint_refreshes >= 2


async def test_quick_fix_applies(client: LanguageClient, workspace: Path):
    path = copy_of(workspace)
    uri = open_doc(client, path)
    published = await next_diagnostics(client, uri)
    [default] = [d for d in published.diagnostics if d.code == "CQ111"]
    actions = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            range=default.range,
            context=types.CodeActionContext(diagnostics=[default]),
        )
    )
    [action] = [a for a in actions if "CQ111" in a.title]
    assert action.kind == types.CodeActionKind.QuickFix
    assert action.diagnostics[0].code == "CQ111"
    if action.edit is None:  # both capability sets resolve edits lazily
        action = await client.code_action_resolve_async(action)
    text = apply_edit(path.read_text(), action.edit, uri)
    assert "extra=None" in text and "extra = []" in text
    compile(text, "add.py", "exec")
    # the fixed text, saved, no longer has the finding
    change_doc(client, uri, 2, text)
    save_doc(client, uri)
    published = await next_diagnostics(client, uri)
    assert "CQ111" not in {d.code for d in published.diagnostics}


async def test_no_quick_fix_for_an_edited_document(client: LanguageClient, workspace: Path):
    path = copy_of(workspace)
    uri = open_doc(client, path)
    published = await next_diagnostics(client, uri)
    [default] = [d for d in published.diagnostics if d.code == "CQ111"]
    change_doc(client, uri, 2, "# moved\n" + path.read_text())
    actions = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            range=default.range,
            context=types.CodeActionContext(diagnostics=[default]),
        )
    )
    assert not actions


def apply_edit(text: str, edit: types.WorkspaceEdit, uri: str) -> str:
    """Apply a WorkspaceEdit's text edits for `uri` the way an editor does (positions are UTF-16; ASCII here)."""
    if edit.document_changes:
        edits = [e for change in edit.document_changes if change.text_document.uri == uri for e in change.edits]
    else:
        edits = list(edit.changes[uri])
    lines = text.splitlines(keepends=True)
    offsets = [0]
    for line in lines:
        offsets.append(offsets[-1] + len(line))

    def offset(position: types.Position) -> int:
        return offsets[position.line] + position.character

    for e in sorted(edits, key=lambda e: (e.range.start.line, e.range.start.character), reverse=True):
        text = text[: offset(e.range.start)] + e.new_text + text[offset(e.range.end) :]
    return text
