"""Helpers for the end-to-end tests: documents, waiting for diagnostics, commands, child processes."""

from __future__ import annotations

import asyncio
import os
from pathlib import Path

from lsprotocol import types
from pytest_lsp import LanguageClient


def copy_of(workspace: Path, name: str = "add.py") -> Path:
    """A fresh copy of a workspace file under a new name: tests sharing a server never share a document."""
    copy_of.count += 1
    source = workspace / name
    target = workspace / f"{source.stem}_{copy_of.count}{source.suffix}"
    target.write_text(source.read_text(encoding="utf-8"), encoding="utf-8")
    return target


copy_of.count = 0


def open_doc(client: LanguageClient, path_or_uri: Path | str, text: str | None = None, version: int = 1) -> str:
    uri = path_or_uri.as_uri() if isinstance(path_or_uri, Path) else path_or_uri
    if text is None:
        text = Path(path_or_uri).read_text(encoding="utf-8")
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(uri=uri, language_id="python", version=version, text=text)
        )
    )
    return uri


def change_doc(client: LanguageClient, uri: str, version: int, text: str) -> None:
    """A whole-text change (valid under incremental sync too)."""
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
            content_changes=[types.TextDocumentContentChangeWholeDocument(text=text)],
        )
    )


def save_doc(client: LanguageClient, uri: str) -> None:
    client.text_document_did_save(types.DidSaveTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=uri)))


async def next_diagnostics(
    client: LanguageClient, uri: str, timeout: float = 20, version: int | None = None
) -> types.PublishDiagnosticsParams:
    """The next publishDiagnostics for `uri` that this test has not consumed yet (of `version`, if given:
    a configuration change can republish an earlier version first)."""
    deadline = asyncio.get_running_loop().time() + timeout
    while True:
        start = client.consumed.get(uri, 0)
        for index in range(start, len(client.published)):
            published = client.published[index]
            if published.uri == uri and version in (None, published.version):
                client.consumed[uri] = index + 1
                return published
        client.consumed[uri] = len(client.published)  # nothing for `uri` in what was just scanned
        if asyncio.get_running_loop().time() > deadline:
            raise asyncio.TimeoutError(f"no diagnostics for {uri} within {timeout} s")
        await asyncio.sleep(0.01)


async def execute(client: LanguageClient, command: str, argument: dict, token=None, msg_id=None):
    params = types.ExecuteCommandParams(command=command, arguments=[argument], work_done_token=token)
    if msg_id is None:
        return await client.workspace_execute_command_async(params)
    return await client.protocol.send_request_async(types.WORKSPACE_EXECUTE_COMMAND, params, msg_id=msg_id)


def _processes() -> dict[int, tuple[int, str]]:
    """pid -> (parent pid, command line) of every live process."""
    table = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as handle:
                fields = handle.read().rsplit(")", 1)[1].split()
            if fields[0] == "Z":
                continue
            with open(f"/proc/{entry}/cmdline", "rb") as handle:
                cmdline = handle.read().replace(b"\0", b" ").decode(errors="replace")
        except (OSError, IndexError):
            continue
        table[int(entry)] = (int(fields[1]), cmdline)
    return table


def server_descendants(client: LanguageClient) -> list[tuple[int, str]]:
    """(pid, command line) of every live process below the server."""
    table = _processes()
    below, frontier = [], [client._server.pid]
    while frontier:
        parent = frontier.pop()
        for pid, (ppid, cmdline) in table.items():
            if ppid == parent:
                below.append((pid, cmdline))
                frontier.append(pid)
    return below


def sandbox_workers(client: LanguageClient) -> list[int]:
    """The sandbox's processes (worker.py, or bubblewrap around it): everything but the analysis worker."""
    return [
        pid
        for pid, cmdline in server_descendants(client)
        if "worker.py" in cmdline or cmdline.startswith(("bwrap", "/usr/bin/bwrap"))
    ]
