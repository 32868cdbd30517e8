"""Initialization, settings changes, workspace folders, shutdown."""

from __future__ import annotations

import asyncio
import logging

from lsprotocol import types

from .diagnostics import request_analysis
from .editor_settings import SECTION
from .server_host import ServerHost

log = logging.getLogger(__name__)


def initialize(server: ServerHost, params: types.InitializeParams) -> None:
    """Take the settings of `initializationOptions`; their problems are shown once initialized."""
    problems: list[str] = []
    server.settings.set_global(params.initialization_options or {}, problems)
    server.setting_problems = problems


async def initialized(server: ServerHost, params: types.InitializedParams) -> None:
    """After the handshake: start the analysis worker, show setting problems, read folder settings."""
    server.pool.warm_up()  # start the analysis worker now, not on the first save
    for problem in server.setting_problems:
        server.show_log(problem, types.MessageType.Warning)
    await pull_folder_settings(server, server.folder_uris())


def shutdown(server: ServerHost, params: object) -> None:
    """Stop evaluations and the analysis worker (`shutdown` has no params)."""
    server.close()


async def did_change_configuration(server: ServerHost, params: types.DidChangeConfigurationParams) -> None:
    """Take the client's new settings, report problems in them, and analyse the open files again."""
    settings = params.settings
    if isinstance(settings, dict) and settings:
        problems: list[str] = []
        server.settings.set_global(settings, problems)
        for problem in problems:
            server.show_log(problem, types.MessageType.Warning)
    await pull_folder_settings(server, server.folder_uris())
    reanalyse_all(server)


async def did_change_workspace_folders(server: ServerHost, params: types.DidChangeWorkspaceFoldersParams) -> None:
    """Forget removed folders' settings, read added ones', and analyse the open files again."""
    for folder in params.event.removed or []:
        server.settings.forget_folder(folder.uri)
    await pull_folder_settings(server, [f.uri for f in params.event.added or []])
    reanalyse_all(server)


async def pull_folder_settings(server: ServerHost, folder_uris: list[str]) -> None:
    """Per-folder settings (multi-root) from `workspace/configuration`, when the client offers it."""
    if not folder_uris or not server.client_supports("workspace.configuration"):
        return
    items = [types.ConfigurationItem(scope_uri=uri, section=SECTION) for uri in folder_uris]
    try:
        values = await asyncio.wait_for(
            server.workspace_configuration_async(types.ConfigurationParams(items=items)), timeout=10
        )
    except Exception as exc:  # a client that cannot answer keeps the global settings
        log.warning("workspace/configuration failed: %s", exc)
        return
    for uri, value in zip(folder_uris, values or [], strict=False):
        problems: list[str] = []
        server.settings.set_folder(uri, value if isinstance(value, dict) else {}, problems)
        for problem in problems:
            server.show_log(f"{uri}: {problem}", types.MessageType.Warning)


def reanalyse_all(server: ServerHost) -> None:
    """Settings may change which rules run and how findings are shown: refresh every open document."""
    for uri in list(server.state.documents):
        request_analysis(server, uri)
