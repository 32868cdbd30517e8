"""End-to-end fixtures: the real `python -m codeeval lsp` process, driven by pytest-lsp's client.

Every test runs twice, once with VS Code's client capabilities and once with
Neovim 0.7's (no workspace/configuration, no showDocument, no code lens
refresh), so the server's fallbacks are exercised too. Tests share one server
per module and client (`client`, `workspace`); a test that changes settings
takes its own (`fresh_client`, `fresh_workspace`).
"""

from __future__ import annotations

import os
import sys
import textwrap
from pathlib import Path

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities

SERVER = [sys.executable, "-m", "codeeval", "lsp"]
CLIENTS = ["visual-studio-code", "neovim@v0.7.0"]

ADD_PROBLEM = """\
    name: add
    summary: Add two integers.
    entry_point: add
    reference: |
      def add(a: int, b: int) -> int:
          return a + b
    tests:
      - args: [1, 2]
        expected: 3
      - args: [0, 0]
        expected: 0
      - args: [-5, 2]
        expected: -3
    edge_cases:
      cases:
        - args: [-1, 1]
      generate: {enabled: false}
"""

SLOW_PROBLEM = """\
    name: slow
    summary: A problem whose solutions take their time.
    entry_point: slow
    reference: |
      def slow(n: int) -> int:
          return n
    limits: {time_per_call_s: 20, total_time_s: 300}
    edge_cases:
      generate: {enabled: false}
    tests:
""" + "".join(f"      - args: [{i}]\n        expected: {i}\n" for i in range(8))

# A solution with a wrong answer and quality findings (no docstrings, no hints, a mutable default).
ADD_SOLUTION = """\
def add(a, b, extra=[]):
    if a < 0:
        return a - b
    return a + b
"""

SLOW_SOLUTION = """\
import time


def slow(n: int) -> int:
    \"\"\"Take a long time.\"\"\"
    time.sleep(60)
    return n
"""

# Two seconds in all: long enough to close the document mid-evaluation.
SLEEPY_SOLUTION = SLOW_SOLUTION.replace("time.sleep(60)", "time.sleep(0.25)")


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


def make_workspace(root: Path) -> Path:
    write(root / "problems" / "add.yaml", ADD_PROBLEM)
    write(root / "problems" / "slow.yaml", SLOW_PROBLEM)
    write(root / "add.py", ADD_SOLUTION)
    write(root / "slow.py", SLOW_SOLUTION)
    write(root / "sleepy.py", "# codeeval: problem=slow\n" + SLEEPY_SOLUTION)
    return root


@pytest.fixture
def fresh_workspace(tmp_path) -> Path:
    return make_workspace(tmp_path / "ws")


@pytest.fixture(scope="module")
def shared_workspace(tmp_path_factory) -> Path:
    return make_workspace(tmp_path_factory.mktemp("shared") / "ws")


async def start_session(request, lsp_client: LanguageClient, workspace: Path) -> None:
    lsp_client.client_name = request.param
    lsp_client.workspace_root = workspace
    lsp_client.lens_refreshes = 0
    lsp_client.hint_refreshes = 0
    lsp_client.message_requests = []
    lsp_client.answer_message_request = None  # a title to click, or None to dismiss

    # Every publishDiagnostics, in order: tests consume them one by one (see helpers.next_diagnostics).
    # pytest-lsp's wait_for_notification is not used: a wait abandoned on timeout leaves a cancelled
    # future behind, and the next notification then breaks the client.
    lsp_client.published = []
    lsp_client.consumed = {}
    features = lsp_client.protocol.fm.features
    store = features[types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS]

    def record(params: types.PublishDiagnosticsParams):
        lsp_client.published.append(params)
        return store(params)

    features[types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS] = record

    # Requests a real editor answers and pytest-lsp's client does not by default.
    @lsp_client.feature(types.WORKSPACE_CODE_LENS_REFRESH)
    def code_lens_refresh(params):
        lsp_client.lens_refreshes += 1

    @lsp_client.feature(types.WORKSPACE_INLAY_HINT_REFRESH)
    def inlay_hint_refresh(params):
        lsp_client.hint_refreshes += 1

    @lsp_client.feature(types.WINDOW_SHOW_MESSAGE_REQUEST)
    def show_message_request(params: types.ShowMessageRequestParams):
        lsp_client.message_requests.append(params)
        title = lsp_client.answer_message_request
        return None if title is None else types.MessageActionItem(title=title)

    capabilities = client_capabilities(request.param)
    if request.param.startswith("visual-studio-code") and capabilities.workspace is not None:
        # VS Code has refreshed inlay hints since 1.67; pytest-lsp's recorded capabilities predate that.
        capabilities.workspace.inlay_hint = types.InlayHintWorkspaceClientCapabilities(refresh_support=True)
    params = types.InitializeParams(
        capabilities=capabilities,
        root_uri=workspace.as_uri(),
        workspace_folders=[types.WorkspaceFolder(uri=workspace.as_uri(), name="ws")],
        initialization_options={"codeeval": {"problemsFolders": ["problems"]}},
    )
    await lsp_client.initialize_session(params)


CONFIG = ClientServerConfig(server_command=SERVER, server_env={**os.environ, "PYTHONUNBUFFERED": "1"})


@pytest_lsp.fixture(params=CLIENTS, config=CONFIG, loop_scope="module")
async def fresh_client(request, lsp_client: LanguageClient, fresh_workspace: Path):
    """A server of its own, for a test that changes settings."""
    await start_session(request, lsp_client, fresh_workspace)
    yield
    await lsp_client.shutdown_session()


@pytest_lsp.fixture(params=CLIENTS, config=CONFIG, scope="module")
async def shared_client(request, lsp_client: LanguageClient, shared_workspace: Path):
    """One server per module and client: starting one costs seconds (imports), so tests share it.
    Sharing tests open documents of their own (helpers.copy_of) and leave the settings alone."""
    await start_session(request, lsp_client, shared_workspace)
    yield
    await lsp_client.shutdown_session()


@pytest.fixture
def client(shared_client: LanguageClient) -> LanguageClient:
    """The module's server; each test starts with empty records."""
    shared_client.progress_reports.clear()
    shared_client.message_requests.clear()
    shared_client.shown_documents.clear()
    shared_client.answer_message_request = None
    return shared_client


@pytest.fixture
def workspace(shared_workspace: Path) -> Path:
    return shared_workspace
