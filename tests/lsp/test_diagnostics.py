"""Quality diagnostics on open and save, their shape, stale versions, onType, close, odd documents."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from lsprotocol import types
from pytest_lsp import LanguageClient

from codeeval.lsp.rule_docs import rule_doc_uri

from .helpers import change_doc, copy_of, next_diagnostics, open_doc, save_doc

pytestmark = pytest.mark.asyncio(loop_scope="module")


async def test_open_publishes_quality_findings(client: LanguageClient, workspace: Path):
    path = copy_of(workspace)
    uri = open_doc(client, path)
    published = await next_diagnostics(client, uri)
    assert published.version == 1
    by_code = {d.code: d for d in published.diagnostics}
    assert {"CQ101", "CQ102", "CQ111"} <= set(by_code)  # docstring, type hints, mutable default
    for diagnostic in published.diagnostics:
        assert diagnostic.source == "codeeval"
        href = rule_doc_uri(diagnostic.code)
        assert (diagnostic.code_description.href if diagnostic.code_description else None) == href
    # a function-level finding points at the name, not the whole body
    hints = by_code["CQ102"]
    assert hints.range == types.Range(start=types.Position(0, 4), end=types.Position(0, 7))
    assert hints.severity == types.DiagnosticSeverity.Warning


async def test_save_reanalyses_the_edited_text(client: LanguageClient, workspace: Path):
    path = copy_of(workspace)
    uri = open_doc(client, path)
    await next_diagnostics(client, uri)
    fixed = '"""Adding."""\n\n\ndef add(a: int, b: int) -> int:\n    """Add two numbers."""\n    return a + b\n'
    change_doc(client, uri, 2, fixed)
    save_doc(client, uri)
    published = await next_diagnostics(client, uri)
    assert published.version == 2
    assert list(published.diagnostics) == []


async def test_severity_map_and_disabled_rules_follow_settings(fresh_client: LanguageClient, fresh_workspace: Path):
    path = copy_of(fresh_workspace)
    fresh_client.workspace_did_change_configuration(
        types.DidChangeConfigurationParams(
            settings={"codeeval": {"severityMap": {"warning": "error"}, "disabledRules": ["CQ101"]}}
        )
    )
    fresh_client.set_configuration(
        {"severityMap": {"warning": "error"}, "disabledRules": ["CQ101"]}, section="codeeval"
    )
    uri = open_doc(fresh_client, path)
    published = await next_diagnostics(fresh_client, uri)
    codes = {d.code for d in published.diagnostics}
    assert "CQ101" not in codes
    assert [d.severity for d in published.diagnostics if d.code == "CQ102"] == [types.DiagnosticSeverity.Error]


async def test_low_confidence_findings_are_hints_with_the_reason(client: LanguageClient, workspace: Path):
    # `t` as a swap temporary: the naming rule flags it, but is unsure it matters.
    text = (
        '"""Swapping."""\n\n\ndef swap(a: list[int], b: list[int]) -> None:\n'
        '    """Swap."""\n    t = a\n    a = b\n    b = t\n'
    )
    uri = open_doc(client, workspace / "swap.py", text=text)
    published = await next_diagnostics(client, uri)
    [naming] = [d for d in published.diagnostics if d.code == "CQ103"]
    assert naming.severity == types.DiagnosticSeverity.Hint
    assert naming.message.endswith("(low confidence: relevance is low)")
    assert naming.range == types.Range(start=types.Position(5, 4), end=types.Position(5, 5))


async def test_stale_results_are_discarded(client: LanguageClient, workspace: Path):
    """Versions 2..6 arrive while 1 is analysed: versions overtaken by newer text are never published."""
    text = "".join(f"def f{i}(x, y):\n    return x + y\n\n\n" for i in range(1500))  # ~100 ms to analyse
    uri = open_doc(client, workspace / "many.py", text=text)
    for version in range(2, 7):
        text += f"\n\ndef extra_{version}(x):\n    return x\n"
        change_doc(client, uri, version, text)
        save_doc(client, uri)
    seen = []
    while not seen or seen[-1] != 6:
        seen.append((await next_diagnostics(client, uri, timeout=30)).version)
    with pytest.raises(asyncio.TimeoutError):  # and nothing late for an old version
        seen.append((await next_diagnostics(client, uri, timeout=1.0)).version)
    assert set(seen) <= {1, 6}, seen
    messages = {d.message for d in client.diagnostics[uri]}
    assert any("extra_6" in m for m in messages)


async def test_on_type_mode_analyses_after_a_pause(fresh_client: LanguageClient, fresh_workspace: Path):
    path = copy_of(fresh_workspace)
    fresh_client.workspace_did_change_configuration(
        types.DidChangeConfigurationParams(settings={"codeeval": {"run": "onType"}})
    )
    fresh_client.set_configuration({"run": "onType"}, section="codeeval")
    uri = open_doc(fresh_client, path)
    await next_diagnostics(fresh_client, uri)
    fixed = '"""Adding."""\n\n\ndef add(a: int, b: int) -> int:\n    """Add two numbers."""\n    return a + b\n'
    change_doc(fresh_client, uri, 2, fixed)  # no save
    published = await next_diagnostics(fresh_client, uri, version=2)
    assert (published.version, list(published.diagnostics)) == (2, [])


async def test_on_save_mode_ignores_unsaved_changes(client: LanguageClient, workspace: Path):
    path = copy_of(workspace)
    uri = open_doc(client, path)
    await next_diagnostics(client, uri)
    change_doc(client, uri, 2, "def add(a: int, b: int) -> int:\n    return a + b\n")
    with pytest.raises(asyncio.TimeoutError):
        await next_diagnostics(client, uri, timeout=1.0)


async def test_close_clears_diagnostics(client: LanguageClient, workspace: Path):
    path = copy_of(workspace)
    uri = open_doc(client, path)
    await next_diagnostics(client, uri)
    client.text_document_did_close(
        types.DidCloseTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=uri))
    )
    published = await next_diagnostics(client, uri)
    assert list(published.diagnostics) == []


async def test_syntax_error_gets_one_note_and_the_server_keeps_going(client: LanguageClient, workspace: Path):
    uri = open_doc(client, workspace / "broken.py", text="def broken(:\n    return 1\n")
    published = await next_diagnostics(client, uri)
    assert [d.code for d in published.diagnostics] == ["parse-error"]
    assert published.diagnostics[0].range.start.line == 0
    assert "could not check" in published.diagnostics[0].message
    hover = await client.text_document_hover_async(
        types.HoverParams(text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(0, 5))
    )
    assert hover is None
    change_doc(client, uri, 2, 'def fine(x: int) -> int:\n    """Fine."""\n    return x\n')
    save_doc(client, uri)
    published = await next_diagnostics(client, uri)
    assert "parse-error" not in {d.code for d in published.diagnostics}


async def test_untitled_document(client: LanguageClient, workspace: Path):
    uri = open_doc(client, "untitled:Untitled-1", text="def f(x, y=[]):\n    return x\n")
    published = await next_diagnostics(client, uri)
    assert "CQ111" in {d.code for d in published.diagnostics}


async def test_non_ascii_columns_are_utf16(client: LanguageClient, workspace: Path):
    text = 's = "😀😀"; t = 1\n\n\ndef g(x, y=[]):\n    return x\n'
    uri = open_doc(client, workspace / "emoji.py", text=text)
    published = await next_diagnostics(client, uri)
    default = next(d for d in published.diagnostics if d.code == "CQ111")
    assert default.range.start == types.Position(3, 11)


@pytest.mark.slow
async def test_a_20000_line_file(client: LanguageClient, workspace: Path):
    chunk = "def f{i}(x, y):\n    if x > y:\n        return x - y\n    return y - x\n\n\n"
    text = "".join(chunk.format(i=i) for i in range(3334))
    assert text.count("\n") >= 20_000
    uri = open_doc(client, workspace / "big.py", text=text)
    published = await next_diagnostics(client, uri, timeout=60)
    assert len(published.diagnostics) > 3000
    last = max(d.range.start.line for d in published.diagnostics)
    assert last > 19_000
    hover = await client.text_document_hover_async(
        types.HoverParams(text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(19_998, 4))
    )
    assert hover is not None and "f3333" in hover.contents.value


async def test_settings_per_workspace_folder(fresh_client: LanguageClient, fresh_workspace: Path, tmp_path):
    """Multi-root: a folder added later gets its own settings from workspace/configuration."""
    other = tmp_path / "other"
    (other / "tasks").mkdir(parents=True)
    (other / "tasks" / "add.yaml").write_text((fresh_workspace / "problems" / "add.yaml").read_text())
    fresh_client.set_configuration(
        {"problemsFolders": ["tasks"], "disabledRules": ["CQ111"]}, section="codeeval", scope_uri=other.as_uri()
    )
    fresh_client.workspace_did_change_workspace_folders(
        types.DidChangeWorkspaceFoldersParams(
            event=types.WorkspaceFoldersChangeEvent(
                added=[types.WorkspaceFolder(uri=other.as_uri(), name="other")], removed=[]
            )
        )
    )
    here = await fresh_client.workspace_execute_command_async(
        types.ExecuteCommandParams(
            command="codeeval.listProblems", arguments=[{"uri": (fresh_workspace / "x.py").as_uri()}]
        )
    )
    there = await fresh_client.workspace_execute_command_async(
        types.ExecuteCommandParams(command="codeeval.listProblems", arguments=[{"uri": (other / "x.py").as_uri()}])
    )
    assert [p["name"] for p in here] == ["add", "slow", "none"]
    uri = open_doc(fresh_client, other / "x.py", text="def f(x, y=[]):\n    return x\n")
    codes = {d.code for d in (await next_diagnostics(fresh_client, uri)).diagnostics}
    if fresh_client.client_name.startswith("visual-studio-code"):  # it can pull per-folder settings
        assert [p["name"] for p in there] == ["add", "none"]
        assert "CQ111" not in codes
    else:  # Neovim 0.7 cannot: the global settings apply
        assert [p["name"] for p in there] == ["none"]
        assert "CQ111" in codes
