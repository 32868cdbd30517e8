#!/usr/bin/env python3
"""Fuzz the codeeval language server: random edits, saves, hovers, lenses and code actions.

A real LSP client (pygls') sends N random operations over stdio to
`python -m codeeval lsp`, keeping its own copy of each document so every edit
is a valid incremental change (UTF-16 positions, emoji included). It checks
that no request gets an error response, the server never reports an error
(showMessage/logMessage of type Error), the process stays alive, and its
memory stays flat: resident memory of the server (and, separately, of its
analysis worker) is sampled through the run.

    .venv/bin/python scripts/fuzz_lsp.py [--ops 10000] [--seed 0] [--on-type]

Exit status 0 when all checks pass.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import sys
import tempfile
import time
from pathlib import Path

from lsprotocol import types
from pygls.lsp.client import LanguageClient

BASE = '''\
"""A module to edit."""

import math


def area(radius, unit="m", cache=[]):
    if radius < 0:
        raise ValueError("negative")
    return math.pi * radius ** 2


class Shape:
    def __init__(self, sides):
        self.sides = sides

    def perimeter(self, length: float) -> float:
        """Perimeter of a regular shape."""
        total = 0
        for _ in range(self.sides):
            total += length
        return total


def describe(x, y):
    if x and y:
        return "both"
    elif x:
        return "x"
    return None
'''

SNIPPETS = [
    "def ",
    "class ",
    "(",
    ")",
    ":",
    "\n",
    "    ",
    "\n    ",
    "return ",
    "x",
    "y = 1",
    "😀",
    "é",
    "#",
    '"""',
    "'",
    "if x:\n        pass\n",
    "lambda: 0",
    "[]",
    "{",
    "}",
    "\t",
    "async def f(): await g()\n",
    "def g(a, b=[], *c, **d):\n    return a\n",
    "\r\n",
    "\\",
    "@decorator\n",
    "yield",
    "import os\n",
]


def utf16_len(text: str) -> int:
    return sum(2 if ord(ch) > 0xFFFF else 1 for ch in text)


class Doc:
    """The client's copy of a document: text, version, and UTF-16 positions."""

    def __init__(self, uri: str, text: str):
        self.uri, self.text, self.version = uri, text, 1

    def lines(self) -> list[str]:
        return self.text.split("\n")

    def position(self, offset: int) -> types.Position:
        before = self.text[:offset]
        line = before.count("\n")
        start = before.rfind("\n") + 1
        return types.Position(line=line, character=utf16_len(self.text[start:offset]))

    def random_offset(self, rng: random.Random) -> int:
        offset = rng.randint(0, len(self.text))
        while 0 < offset < len(self.text) and self.text[offset - 1] == "\r" and self.text[offset] == "\n":
            offset += 1  # never split a \r\n: positions inside it are not well defined
        return offset

    def edit(self, rng: random.Random) -> types.TextDocumentContentChangePartial:
        start = self.random_offset(rng)
        end = start
        if rng.random() < 0.4 and self.text:
            end = min(len(self.text), start + rng.randint(0, 40))
            while 0 < end < len(self.text) and self.text[end - 1] == "\r" and self.text[end] == "\n":
                end += 1
        new = "" if rng.random() < 0.2 else rng.choice(SNIPPETS)
        change = types.TextDocumentContentChangePartial(
            range=types.Range(start=self.position(start), end=self.position(end)), text=new
        )
        self.text = self.text[:start] + new + self.text[end:]
        self.version += 1
        return change


def rss_kb(pid: int) -> int:
    try:
        with open(f"/proc/{pid}/status") as handle:
            for line in handle:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0


def children(pid: int) -> list[int]:
    out = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as handle:
                    if int(handle.read().rsplit(")", 1)[1].split()[1]) == pid:
                        out.append(int(entry))
            except (OSError, ValueError, IndexError):
                pass
    return out


async def fuzz(ops: int, seed: int, on_type: bool) -> int:
    rng = random.Random(seed)
    root = Path(tempfile.mkdtemp(prefix="codeeval-fuzz-"))
    client = LanguageClient("fuzz", "1")
    problems: list[str] = []

    @client.feature(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    def published(params):
        client.published = getattr(client, "published", 0) + 1

    @client.feature(types.WINDOW_SHOW_MESSAGE)
    def shown(params: types.ShowMessageParams):
        if params.type == types.MessageType.Error:
            problems.append(f"showMessage: {params.message}")

    @client.feature(types.WINDOW_LOG_MESSAGE)
    def logged(params: types.LogMessageParams):
        if params.type == types.MessageType.Error:
            problems.append(f"logMessage: {params.message}")

    @client.feature(types.WORKSPACE_CODE_LENS_REFRESH)
    def refresh(params):
        return None

    await client.start_io(sys.executable, "-m", "codeeval", "lsp")
    server_pid = client._server.pid
    capabilities = types.ClientCapabilities(
        workspace=types.WorkspaceClientCapabilities(
            code_lens=types.CodeLensWorkspaceClientCapabilities(refresh_support=True)
        ),
        text_document=types.TextDocumentClientCapabilities(
            synchronization=types.TextDocumentSyncClientCapabilities(did_save=True),
            hover=types.HoverClientCapabilities(content_format=[types.MarkupKind.Markdown]),
            code_action=types.CodeActionClientCapabilities(
                resolve_support=types.ClientCodeActionResolveOptions(properties=["edit"])
            ),
        ),
    )
    await client.initialize_async(
        types.InitializeParams(
            capabilities=capabilities,
            root_uri=root.as_uri(),
            workspace_folders=[types.WorkspaceFolder(uri=root.as_uri(), name="fuzz")],
            initialization_options={"codeeval": {"run": "onType" if on_type else "onSave"}},
        )
    )
    client.initialized(types.InitializedParams())

    docs = []
    for index in range(3):
        path = root / f"doc{index}.py"
        path.write_text(BASE)
        doc = Doc(path.as_uri(), BASE)
        docs.append(doc)
        client.text_document_did_open(
            types.DidOpenTextDocumentParams(
                text_document=types.TextDocumentItem(uri=doc.uri, language_id="python", version=1, text=doc.text)
            )
        )

    counts = {"edit": 0, "save": 0, "hover": 0, "lens": 0, "action": 0, "reopen": 0}
    errors: list[str] = []
    samples: list[tuple[int, int, int]] = []  # (op, server RSS kB, analysis worker RSS kB)
    started = time.monotonic()

    def sample(op: int) -> None:
        worker = sum(rss_kb(pid) for pid in children(server_pid))
        samples.append((op, rss_kb(server_pid), worker))

    for op in range(ops):
        doc = rng.choice(docs)
        roll = rng.random()
        try:
            if roll < 0.55:
                change = doc.edit(rng)
                client.text_document_did_change(
                    types.DidChangeTextDocumentParams(
                        text_document=types.VersionedTextDocumentIdentifier(uri=doc.uri, version=doc.version),
                        content_changes=[change],
                    )
                )
                counts["edit"] += 1
            elif roll < 0.70:
                client.text_document_did_save(
                    types.DidSaveTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=doc.uri))
                )
                counts["save"] += 1
                if rng.random() < 0.3:
                    await asyncio.sleep(0.1)  # a pause after saving: let some analyses finish and publish
            elif roll < 0.92:
                position = doc.position(doc.random_offset(rng))
                await asyncio.wait_for(
                    client.text_document_hover_async(
                        types.HoverParams(text_document=types.TextDocumentIdentifier(uri=doc.uri), position=position)
                    ),
                    30,
                )
                counts["hover"] += 1
            elif roll < 0.96:
                await asyncio.wait_for(
                    client.text_document_code_lens_async(
                        types.CodeLensParams(text_document=types.TextDocumentIdentifier(uri=doc.uri))
                    ),
                    30,
                )
                counts["lens"] += 1
            elif roll < 0.995:
                start, end = sorted(doc.position(doc.random_offset(rng)) for _ in range(2))
                actions = await asyncio.wait_for(
                    client.text_document_code_action_async(
                        types.CodeActionParams(
                            text_document=types.TextDocumentIdentifier(uri=doc.uri),
                            range=types.Range(start=start, end=end),
                            context=types.CodeActionContext(diagnostics=[]),
                        )
                    ),
                    30,
                )
                for action in (actions or [])[:1]:
                    if isinstance(action, types.CodeAction):
                        await asyncio.wait_for(client.code_action_resolve_async(action), 30)
                counts["action"] += 1
            else:
                client.text_document_did_close(
                    types.DidCloseTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=doc.uri))
                )
                doc.version += 1
                client.text_document_did_open(
                    types.DidOpenTextDocumentParams(
                        text_document=types.TextDocumentItem(
                            uri=doc.uri, language_id="python", version=doc.version, text=doc.text
                        )
                    )
                )
                counts["reopen"] += 1
        except Exception as exc:  # an error response, a timeout, a dead server
            errors.append(f"op {op}: {type(exc).__name__}: {exc}")
            if client._server is not None and client._server.returncode is not None:
                errors.append(f"server exited with {client._server.returncode}")
                break
        if op % 500 == 0:
            await asyncio.sleep(0.2)  # let analyses catch up, then measure
            sample(op)
        elif op % 25 == 0:
            await asyncio.sleep(0)  # let notifications flow
    await asyncio.sleep(1.0)
    sample(ops)
    alive = client._server is not None and client._server.returncode is None
    elapsed = time.monotonic() - started
    try:
        await asyncio.wait_for(client.shutdown_async(None), 10)
        client.exit(None)
    except Exception as exc:
        errors.append(f"shutdown: {exc}")
    await client.stop()

    base = samples[1] if len(samples) > 2 else samples[0]  # after the first 500 ops: warmed up
    end = samples[-1]
    peak = max(s[1] for s in samples)
    print(
        f"operations: {ops} in {elapsed:.1f} s ({', '.join(f'{k} {v}' for k, v in counts.items())}); "
        f"diagnostics published: {getattr(client, 'published', 0)}"
    )
    print(
        f"error responses / exceptions: {len(errors)}; server errors reported: {len(problems)}; "
        f"server alive at the end: {alive}"
    )
    print(
        f"server RSS: {samples[0][1] / 1024:.1f} MB at start, {base[1] / 1024:.1f} MB after {base[0]} ops, "
        f"{end[1] / 1024:.1f} MB at the end (peak {peak / 1024:.1f} MB)"
    )
    print(f"analysis worker RSS: {base[2] / 1024:.1f} MB after {base[0]} ops, {end[2] / 1024:.1f} MB at the end")
    print("server RSS (MB) by operations: " + " ".join(f"{op}:{rss / 1024:.1f}" for op, rss, _ in samples))
    for line in (errors + problems)[:20]:
        print("  ", line)
    # Flat: within 5 % + 2 MB of the warmed-up size (a leak of 100 bytes per operation would fail it).
    flat = end[1] <= base[1] * 1.05 + 2048 and (not base[2] or end[2] <= base[2] * 1.05 + 2048)
    print("memory: flat" if flat else "memory: GREW")
    return 0 if alive and not errors and not problems and flat else 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--ops", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--on-type", action="store_true", help="analyse while typing (run=onType) too")
    args = parser.parse_args(argv)
    return asyncio.run(fuzz(args.ops, args.seed, args.on_type))


if __name__ == "__main__":
    sys.exit(main())
