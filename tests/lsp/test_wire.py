"""The server on the wire, with raw JSON-RPC messages: forms of a message that typed clients cannot send."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import IO, Any

import pytest

from .conftest import make_workspace


def send(stream: IO[bytes], message: dict[str, Any]) -> None:
    body = json.dumps(message).encode()
    stream.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
    stream.flush()


def receive(stream: IO[bytes]) -> dict[str, Any]:
    length = 0
    while line := stream.readline().strip():
        name, _, value = line.decode().partition(":")
        if name.lower() == "content-length":
            length = int(value)
    return json.loads(stream.read(length))


def answer_to(stream: IO[bytes], request_id: int, seen: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """The response to `request_id`; the server's notifications and requests meanwhile go to `seen`."""
    while True:
        message = receive(stream)
        if message.get("id") == request_id and "method" not in message:
            return message
        if seen is not None:
            seen.append(message)


@pytest.fixture
def server(tmp_path):
    workspace = make_workspace(tmp_path / "ws")
    process = subprocess.Popen(
        [sys.executable, "-m", "codeeval", "lsp"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        cwd=workspace,
    )
    assert process.stdin is not None and process.stdout is not None
    send(
        process.stdin,
        {
            "jsonrpc": "2.0",
            "id": 1,
            "method": "initialize",
            "params": {"capabilities": {}, "rootUri": workspace.as_uri()},
        },
    )
    assert "result" in answer_to(process.stdout, 1)
    send(process.stdin, {"jsonrpc": "2.0", "method": "initialized", "params": {}})
    yield process, workspace
    process.kill()
    process.wait(timeout=10)


@pytest.mark.timeout(60)
def test_command_params_sent_as_a_list_are_answered(server: tuple[subprocess.Popen, Path]):
    """vscode-jsonrpc sends `[params, null]` when its caller passes an undefined cancellation token."""
    process, workspace = server
    uri = (workspace / "add.py").as_uri()
    stdin, stdout = process.stdin, process.stdout
    assert stdin is not None and stdout is not None
    seen: list[dict[str, Any]] = []
    # pygls neither answers a request it cannot read nor says which: it shows "Error in server:
    # Invalid Params" and the request waits forever (hence the timeout).
    send(
        stdin,
        {
            "jsonrpc": "2.0",
            "id": 2,
            "method": "workspace/executeCommand",
            "params": [{"command": "codeeval.showReport", "arguments": [{"uri": uri}]}, None],
        },
    )
    assert answer_to(stdout, 2, seen) == {"jsonrpc": "2.0", "id": 2, "result": None}
    send(
        stdin,
        {
            "jsonrpc": "2.0",
            "id": 3,
            "method": "workspace/executeCommand",
            "params": [{"command": "codeeval.listProblems", "arguments": [{"uri": uri}]}],
        },
    )
    assert "none" in [choice["name"] for choice in answer_to(stdout, 3, seen)["result"]]
    assert not [m for m in seen if m.get("method") == "window/showMessage"]
