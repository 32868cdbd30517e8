"""What the feature handlers use of the language server, as a protocol.

Every handler takes the server first (`hover.hover(server, params)`). `server.py` imports every handler
module to register it, so the handlers cannot import the server's class back: they name this protocol
instead, and `create_server` passes the `CodeevalServer` where it is asked for (mypy checks that it fits).
"""

from __future__ import annotations

from collections.abc import Sequence
from concurrent.futures import Executor, Future
from pathlib import Path
from typing import Any, Protocol

from lsprotocol import types
from pygls.progress import Progress
from pygls.workspace import Workspace

from .analysis import AnalysisPool
from .command_replies import JsonValue
from .decision_logs import DecisionLogs
from .editor_settings import Settings, SettingsStore
from .jobs import Jobs
from .problems import ProblemIndex
from .server_state import ServerState


class ServerHost(Protocol):
    """The language server as its handlers see it: state, settings, executors, the workspace, and what it
    sends to the client."""

    state: ServerState
    settings: SettingsStore
    setting_problems: list[str]  # invalid settings from initialize, reported once initialized
    pool: AnalysisPool
    problems: ProblemIndex
    jobs: Jobs
    decision_logs: DecisionLogs

    @property
    def io(self) -> Executor:
        """Threads for file and git I/O (problem files, reports, HEAD versions)."""

    @property
    def evaluators(self) -> Executor:
        """Threads that run evaluations (the engine; the solution itself runs in the sandbox)."""

    @property
    def workspace(self) -> Workspace:
        """pygls' open documents and workspace folders."""

    @property
    def work_done_progress(self) -> Progress:
        """pygls' `window/workDoneProgress` for this client."""

    def folder_uris(self) -> list[str]:
        """The workspace folders' URIs (none before initialization)."""

    def settings_for(self, uri: str) -> Settings:
        """The settings in force for a document: its folder's over the global ones."""

    def base_dir(self, uri: str) -> Path | None:
        """Where a document's problems folders and reports resolve (folders.base_dir)."""

    def client_supports(self, dotted: str) -> object:
        """A client capability by dotted path, e.g. 'window.work_done_progress'; None if absent."""

    def refresh_views(self) -> None:
        """Ask the client to request lenses and inlay hints again (scores changed)."""

    def show_log(self, message: str, kind: types.MessageType = types.MessageType.Info) -> None:
        """A line in the client's log (`window/logMessage`)."""

    def close(self) -> None:
        """Stop evaluations and the analysis worker; safe to repeat."""

    def send_notification_json(self, method: str, params: dict[str, JsonValue]) -> None:
        """A notification whose params are already JSON (the save path: no lsprotocol objects)."""

    def lsp_json(self, value: object) -> JsonValue:
        """An lsprotocol object as the JSON it goes out as."""

    def text_document_publish_diagnostics(self, params: types.PublishDiagnosticsParams) -> None:
        """`textDocument/publishDiagnostics`."""

    def window_show_message(self, params: types.ShowMessageParams) -> None:
        """`window/showMessage`: a message the user sees."""

    def window_show_document(self, params: types.ShowDocumentParams) -> Future[types.ShowDocumentResult]:
        """`window/showDocument`: the answer arrives in the future."""

    async def window_show_message_request_async(
        self, params: types.ShowMessageRequestParams
    ) -> types.MessageActionItem | None:
        """`window/showMessageRequest`: the action the user picked, or None."""

    async def workspace_configuration_async(self, params: types.ConfigurationParams) -> Sequence[Any | None]:
        """`workspace/configuration`: one value per requested item (any JSON the client holds)."""
