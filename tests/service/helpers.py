"""The service tests' server: a real `codeeval serve` process on loopback, and clients for it."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx

from tests.support import REPO


class Server:
    """A running server: its process and its URL."""

    def __init__(self, process: subprocess.Popen, url: str):
        self.process = process
        self.url = url

    def client(self, **options) -> httpx.Client:
        return httpx.Client(base_url=self.url, timeout=120, **options)


@contextmanager
def serving(problems: Path | None, *flags: str, env: dict[str, str] | None = None) -> Iterator[Server]:
    """`codeeval serve` on a free port of loopback (the problems folder, if any, and `flags`), stopped after."""
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "codeeval",
            "serve",
            *(["--problems", str(problems)] if problems is not None else []),
            "--port",
            "0",
            "--skip",
            "performance",
            "--skip",
            "edge_cases",
            *flags,
        ],
        cwd=REPO,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, **(env or {})},
    )
    assert process.stderr is not None
    line = process.stderr.readline()
    found = re.search(r"listening on (http://127\.0\.0\.1:\d+)", line)
    try:
        assert found, line + process.stderr.read()
        yield Server(process, found.group(1))
    finally:
        if process.poll() is None:
            process.send_signal(signal.SIGINT)
            try:
                process.wait(timeout=60)
            except subprocess.TimeoutExpired:
                process.kill()
        process.stderr.close()
