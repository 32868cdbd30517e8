#!/usr/bin/env python3
"""didSave -> publishDiagnostics latency of the codeeval language server, beside a peer (pylsp).

Both servers are driven over stdio by the same real LSP client (pygls'), in
the same run, on the same generated files of 100, 1,000 and 10,000 lines:
open the file, wait for its first diagnostics, then save it N times (one at a
time), timing each save until the server publishes diagnostics for it.

    .venv/bin/python scripts/bench_lsp.py [--saves 50] [--sizes 100 1000 10000] [--json out.json]

pylsp runs with its default plugins (pycodestyle, pyflakes, mccabe, ...); note
that it debounces linting by 0.5 s, which is part of what its users wait for.
Target for codeeval: 1,000 lines under 100 ms median.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

from lsprotocol import types
from pygls.lsp.client import LanguageClient

SERVERS = {
    "codeeval": [sys.executable, "-m", "codeeval", "lsp"],
    "pylsp": [sys.executable, "-m", "pylsp"],
}

# Findings for both servers: codeeval (docstring, hints, mutable default) and pycodestyle (E225).
FUNCTION = """\
def transform_{i}(values, limit=10, scale=[]):
    total=0
    for index, value in enumerate(values):
        if value > limit and index % 2:
            total += value * {i}
        elif value < -limit:
            total -= value
        else:
            total += 1
    return total


"""


def make_source(lines: int) -> str:
    """Generated code of exactly `lines` lines: whole small functions with typical findings, then comments."""
    body = '"""Generated for the language server benchmark."""\n\n\n'
    size = FUNCTION.count("\n")
    i = 0
    while body.count("\n") + size <= lines:
        body += FUNCTION.format(i=i)
        i += 1
    return body + "# padding\n" * (lines - body.count("\n"))


class Driver:
    """One server under test, and the publishDiagnostics it sends."""

    def __init__(self, name: str, command: list[str]):
        self.name = name
        self.command = command
        self.client = LanguageClient("bench", "1")
        self.arrived: dict[str, asyncio.Event] = {}
        self.counts: dict[str, int] = {}
        self.arrival: dict[str, float] = {}

        @self.client.feature(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        def published(params: types.PublishDiagnosticsParams):
            self.counts[params.uri] = len(params.diagnostics)
            event = self.arrived.get(params.uri)
            if event is not None:
                event.set()

        @self.client.feature(types.WORKSPACE_CODE_LENS_REFRESH)
        def refresh(params):
            return None

    async def start(self, root: Path) -> None:
        # The initialize result is not needed, and lsprotocol cannot read every server's (pylsp's
        # notebookDocumentSync): take it as plain JSON.
        typed = self.client.protocol.get_result_type
        self.client.protocol.get_result_type = lambda method: None if method == types.INITIALIZE else typed(method)
        # A notification's arrival is timed once its JSON is read, before this client decodes it into
        # lsprotocol objects: that decoding (tens of ms for thousands of diagnostics) is not the server's.
        structure = self.client.protocol.structure_message

        def timed(data: dict):
            if data.get("method") == types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS:
                self.arrival[data["params"]["uri"]] = time.perf_counter()
            return structure(data)

        self.client.protocol.structure_message = timed
        await self.client.start_io(*self.command)
        capabilities = types.ClientCapabilities(
            text_document=types.TextDocumentClientCapabilities(
                synchronization=types.TextDocumentSyncClientCapabilities(did_save=True),
                publish_diagnostics=types.PublishDiagnosticsClientCapabilities(version_support=True),
            )
        )
        await self.client.initialize_async(
            types.InitializeParams(
                capabilities=capabilities,
                root_uri=root.as_uri(),
                workspace_folders=[types.WorkspaceFolder(uri=root.as_uri(), name="bench")],
            )
        )
        self.client.initialized(types.InitializedParams())

    async def open(self, path: Path, text: str) -> float:
        uri = path.as_uri()
        self.arrived[uri] = asyncio.Event()
        started = time.perf_counter()
        self.client.text_document_did_open(
            types.DidOpenTextDocumentParams(
                text_document=types.TextDocumentItem(uri=uri, language_id="python", version=1, text=text)
            )
        )
        await asyncio.wait_for(self.arrived[uri].wait(), 120)
        return self.arrival[uri] - started

    async def save(self, path: Path) -> float:
        uri = path.as_uri()
        event = self.arrived[uri] = asyncio.Event()
        started = time.perf_counter()
        self.client.text_document_did_save(
            types.DidSaveTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=uri))
        )
        await asyncio.wait_for(event.wait(), 120)
        return self.arrival[uri] - started

    async def stop(self) -> None:
        try:
            await asyncio.wait_for(self.client.shutdown_async(None), 10)
            self.client.exit(None)
        except Exception:
            pass
        await self.client.stop()


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(fraction * (len(ordered) - 1))))]


async def bench(name: str, command: list[str], sizes: list[int], saves: int, root: Path) -> list[dict]:
    driver = Driver(name, command)
    await driver.start(root)
    rows = []
    try:
        for lines in sizes:
            path = root / f"{name}_{lines}.py"
            text = make_source(lines)
            path.write_text(text)
            first = await driver.open(path, text)
            for _ in range(3):  # warm-up saves, not counted
                await driver.save(path)
            times = []
            for _ in range(saves):
                times.append(await driver.save(path))
                await asyncio.sleep(0.02)
            rows.append(
                {
                    "server": name,
                    "lines": lines,
                    "saves": saves,
                    "first_ms": first * 1000,
                    "median_ms": statistics.median(times) * 1000,
                    "p95_ms": percentile(times, 0.95) * 1000,
                    "diagnostics": driver.counts.get(path.as_uri(), 0),
                }
            )
            print(
                f"{name:9} {lines:6} lines: median {rows[-1]['median_ms']:7.1f} ms  p95 {rows[-1]['p95_ms']:7.1f} ms"
                f"  ({rows[-1]['diagnostics']} diagnostics, first analysis {first * 1000:.0f} ms)",
                flush=True,
            )
    finally:
        await driver.stop()
    return rows


async def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--saves", type=int, default=50)
    parser.add_argument("--sizes", type=int, nargs="+", default=[100, 1000, 10000])
    parser.add_argument("--servers", nargs="+", default=list(SERVERS), choices=list(SERVERS))
    parser.add_argument("--json", help="also write the rows here")
    args = parser.parse_args(argv)
    root = Path(tempfile.mkdtemp(prefix="codeeval-bench-"))
    rows: list[dict] = []
    try:
        for name in args.servers:
            if name == "pylsp" and not _has_pylsp():
                print("pylsp is not installed (pip install python-lsp-server): peer skipped")
                continue
            rows += await bench(name, SERVERS[name], args.sizes, args.saves, root)
    finally:
        shutil.rmtree(root, ignore_errors=True)
    print()
    print(f"| lines | {' | '.join(f'{n} median / p95 (ms)' for n in args.servers)} |")
    print("|---:|" + "---:|" * len(args.servers))
    for lines in args.sizes:
        cells = []
        for name in args.servers:
            row = next((r for r in rows if r["server"] == name and r["lines"] == lines), None)
            cells.append("n/a" if row is None else f"{row['median_ms']:.1f} / {row['p95_ms']:.1f}")
        print(f"| {lines} | {' | '.join(cells)} |")
    target = next((r for r in rows if r["server"] == "codeeval" and r["lines"] == 1000), None)
    if target is not None:
        verdict = "meets" if target["median_ms"] < 100 else "MISSES"
        print(f"\ncodeeval at 1,000 lines: {target['median_ms']:.1f} ms median, {verdict} the 100 ms target")
    if args.json:
        Path(args.json).write_text(json.dumps(rows, indent=2))
    return 0


def _has_pylsp() -> bool:
    try:
        import pylsp  # noqa: F401
    except ImportError:
        return False
    return True


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
