"""The codeeval language server: state, executors, and the wiring of handlers to LSP methods.

Every handler lives in its own module as a plain function taking the server
first (`hover.hover(server, params)`), so it can be called without a
transport; `create_server` only registers them.
"""

from __future__ import annotations

import asyncio
import contextvars
import logging
from collections.abc import Awaitable, Callable, Generator
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lsprotocol import types
from pygls.lsp.server import LanguageServer
from pygls.protocol import LanguageServerProtocol
from pygls.protocol.json_rpc import MsgId
from pygls.protocol.language_server import lsp_method

from ..base.version import __version__
from . import code_actions, commands, diagnostics, inlay_hints, lifecycle, review_features
from .analysis import AnalysisPool
from .command_replies import JsonValue, to_json
from .commands import CommandHandler
from .decision_logs import DecisionLogs
from .editor_settings import Settings, SettingsStore
from .folders import base_dir, folder_for
from .jobs import Jobs
from .problems import ProblemIndex
from .server_host import ServerHost
from .server_state import ServerState

if TYPE_CHECKING:  # pygls defines these for type checkers only
    from pygls.protocol.json_rpc import MessageCallback, MessageHandler

log = logging.getLogger(__name__)

# The params of the workspace/executeCommand being handled: pygls passes a
# command only its arguments, but evaluate also needs the workDoneToken.
EXECUTE_PARAMS: contextvars.ContextVar[types.ExecuteCommandParams | None] = contextvars.ContextVar(
    "codeeval_execute_params", default=None
)


class CodeevalProtocol(LanguageServerProtocol):
    """pygls' protocol plus two hooks: cancellation of running commands, and the params of a command."""

    def structure_message(self, data: dict[str, Any]) -> Any:
        # vscode-jsonrpc sends a request's params as `[params, null]` when its caller passes an
        # undefined cancellation token. LSP params are one object: unwrap that form rather than
        # answer Invalid Params. (Called for every JSON object of a message; only a message has
        # both `jsonrpc` and `method`.)
        params = data.get("params")
        if "jsonrpc" in data and "method" in data and isinstance(params, list):
            given = [value for value in params if value is not None]
            if len(given) == 1 and isinstance(given[0], dict):
                data = {**data, "params": given[0]}
        return super().structure_message(data)

    def _handle_cancel_notification(self, msg_id: MsgId) -> None:
        # pygls answers the cancelled request itself, but a coroutine already
        # running is not stopped by that: tell the evaluation to stop too.
        super()._handle_cancel_notification(msg_id)
        self._codeeval_server().jobs.cancel_request(msg_id)

    def _codeeval_server(self) -> CodeevalServer:
        server = self._server
        assert isinstance(server, CodeevalServer)  # the only server this protocol is made for
        return server

    def _execute_handler(
        self,
        msg_id: MsgId,
        handler: MessageHandler,
        callback: MessageCallback,
        args: tuple[Any, ...] | None = None,
        kwargs: dict[str, Any] | None = None,
    ) -> None:
        # pygls files every notification's future (and the inner future of each async handler
        # called from a built-in one) under its id and never removes it: a leak of about 1 kB per
        # didChange/didSave. Remove each future once it is done (requests' are popped anyway).
        def done(future: Future[Any]) -> None:
            if self._request_futures.get(msg_id) is future:
                del self._request_futures[msg_id]
            callback(future)

        super()._execute_handler(msg_id, handler, done, args, kwargs)

    @lsp_method(types.SHUTDOWN)
    def lsp_shutdown(self, *args: Any) -> Generator[Any, Any, None]:
        # pygls cancels the requests still running while iterating over the dict that
        # their callbacks remove them from ("dictionary changed size during iteration"):
        # cancel them first, over a copy.
        current = self.msg_id
        for msg_id, future in list(self._request_futures.items()):
            if msg_id != current and not future.done():
                future.cancel()
        self._codeeval_server().jobs.cancel_all()
        return (yield from super().lsp_shutdown(*args))

    @lsp_method(types.WORKSPACE_EXECUTE_COMMAND)
    def lsp_workspace__execute_command(self, params: types.ExecuteCommandParams) -> Generator[Any, Any, Any]:
        EXECUTE_PARAMS.set(params)  # copied into the command's task when pygls creates it
        return (yield from super().lsp_workspace__execute_command(params))


class CodeevalServer(LanguageServer):
    """pygls' server plus codeeval's state, settings, executors and analysis worker: the `ServerHost` the
    handlers are given."""

    def __init__(self) -> None:
        super().__init__(
            "codeeval",
            __version__,
            text_document_sync_kind=types.TextDocumentSyncKind.Incremental,
            protocol_cls=CodeevalProtocol,
        )

        self.state = ServerState()
        self.settings = SettingsStore()
        self.pool = AnalysisPool()
        self.evaluators = ThreadPoolExecutor(max_workers=2, thread_name_prefix="codeeval-evaluate")
        self.io = ThreadPoolExecutor(max_workers=2, thread_name_prefix="codeeval-io")  # problem files, reports
        self.problems = ProblemIndex()
        self.jobs = Jobs()
        self.decision_logs = DecisionLogs()
        self.setting_problems: list[str] = []  # invalid settings, reported once to the client

    # -- where a document belongs ------------------------------------------------------
    def folder_uris(self) -> list[str]:
        """The workspace folders' URIs (none before initialization)."""
        try:
            return list(self.workspace.folders)
        except RuntimeError:  # not initialized yet
            return []

    def folder_of(self, uri: str) -> str | None:
        """The workspace folder holding a document, if any."""
        return folder_for(uri, self.folder_uris())

    def settings_for(self, uri: str) -> Settings:
        """The settings in force for a document: its folder's over the global ones."""
        return self.settings.for_folder(self.folder_of(uri))

    def base_dir(self, uri: str) -> Path | None:
        """Where a document's problems folders and reports resolve (folders.base_dir)."""
        try:
            root = self.workspace.root_uri
        except RuntimeError:
            root = None
        return base_dir(uri, self.folder_of(uri), root)

    # -- client capabilities -----------------------------------------------------------
    def client_supports(self, dotted: str) -> object:
        """A client capability by dotted path, e.g. 'window.work_done_progress'; None if absent."""
        value: object = self.client_capabilities
        for part in dotted.split("."):
            value = getattr(value, part, None)
            if value is None:
                return None
        return value

    def refresh_views(self) -> None:
        """Ask the client to re-request lenses and inlay hints (scores changed), if it can; its answers
        do not matter."""
        refreshes = [
            ("workspace.code_lens.refresh_support", self.workspace_code_lens_refresh),
            ("workspace.inlay_hint.refresh_support", self.workspace_inlay_hint_refresh),
        ]
        for capability, refresh in refreshes:
            if self.client_supports(capability):
                future = refresh(None)
                future.add_done_callback(lambda f: f.cancelled() or f.exception())

    def show_log(self, message: str, kind: types.MessageType = types.MessageType.Info) -> None:
        """A line in the client's log (`window/logMessage`)."""
        self.window_log_message(types.LogMessageParams(type=kind, message=message))

    def send_notification_json(self, method: str, params: dict[str, JsonValue]) -> None:
        """A notification built as plain JSON. On the save path this skips building thousands of lsprotocol
        objects and cattrs turning them back into JSON: about a fifth of the latency at 1,000 lines."""
        self.protocol._send_data({"jsonrpc": "2.0", "method": method, "params": params})

    def lsp_json(self, value: object) -> JsonValue:
        """An lsprotocol object as the JSON it goes out as (pygls' own converter)."""
        return self.protocol._converter.unstructure(value)

    def shutdown(self) -> None:
        """Stop codeeval's work, then pygls'."""
        self.close()
        super().shutdown()

    def close(self) -> None:
        """Stop evaluations (killing their sandbox processes) and the analysis worker; safe to repeat."""
        self.jobs.cancel_all()
        self.pool.shutdown()
        self.evaluators.shutdown(wait=False, cancel_futures=True)
        self.io.shutdown(wait=False, cancel_futures=True)


# A feature's handler and the lsprotocol params pygls structures for its method (which the types cannot
# tie to the method name, hence Any).
FeatureHandler = Callable[[ServerHost, Any], object]


def create_server() -> CodeevalServer:
    """The server with every feature and command registered."""
    server = CodeevalServer()
    features: list[tuple[str, FeatureHandler, object]] = [
        (types.INITIALIZE, lifecycle.initialize, None),
        (types.INITIALIZED, lifecycle.initialized, None),
        (types.SHUTDOWN, lifecycle.shutdown, None),
        (types.WORKSPACE_DID_CHANGE_CONFIGURATION, lifecycle.did_change_configuration, None),
        (types.WORKSPACE_DID_CHANGE_WORKSPACE_FOLDERS, lifecycle.did_change_workspace_folders, None),
        (types.TEXT_DOCUMENT_DID_OPEN, diagnostics.did_open, None),
        (types.TEXT_DOCUMENT_DID_CHANGE, diagnostics.did_change, None),
        (types.TEXT_DOCUMENT_DID_SAVE, diagnostics.did_save, types.SaveOptions(include_text=False)),
        (types.TEXT_DOCUMENT_DID_CLOSE, diagnostics.did_close, None),
        (types.TEXT_DOCUMENT_HOVER, review_features.review_hover, None),
        (
            types.TEXT_DOCUMENT_CODE_LENS,
            review_features.review_code_lens,
            types.CodeLensOptions(resolve_provider=False),
        ),
        (
            types.TEXT_DOCUMENT_CODE_ACTION,
            review_features.review_code_action,
            types.CodeActionOptions(code_action_kinds=[types.CodeActionKind.QuickFix], resolve_provider=True),
        ),
        (types.CODE_ACTION_RESOLVE, code_actions.resolve, None),
        (types.TEXT_DOCUMENT_INLAY_HINT, inlay_hints.inlay_hints, types.InlayHintOptions(resolve_provider=False)),
    ]
    for method, handler, options in features:
        server.feature(method, options)(_bind(handler))
    for name, command in commands.COMMANDS.items():
        server.command(name)(_bind_command(command))
    return server


def _bind(handler: FeatureHandler) -> Callable[[CodeevalServer, Any], object]:
    """pygls passes the server to a handler whose first parameter is named `ls`."""
    if asyncio.iscoroutinefunction(handler):

        async def bound_async(ls: CodeevalServer, params: Any) -> object:
            return await handler(ls, params)

        bound_async.__name__ = handler.__name__
        return bound_async

    def bound(ls: CodeevalServer, params: Any) -> object:
        return handler(ls, params)

    bound.__name__ = handler.__name__
    return bound


def _bind_command(handler: CommandHandler) -> Callable[..., Awaitable[JsonValue]]:
    """Commands take one argument object; the request id and progress token come from the context. Their
    typed replies become JSON here, and only here."""

    async def command(ls: CodeevalServer, *arguments: object) -> JsonValue:
        params = EXECUTE_PARAMS.get()
        token = params.work_done_token if params is not None else None
        return to_json(await handler(ls, list(arguments), token, ls.protocol.msg_id))

    command.__name__ = getattr(handler, "__name__", "command")
    return command
