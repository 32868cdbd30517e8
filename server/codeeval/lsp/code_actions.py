"""Quick fixes: a quality finding's fix as a code action.

Fixes are computed lazily (libcst is far slower than the analysis), in the
analysis worker: at `codeAction/resolve` when the client supports resolving
the edit, else when the actions are listed. Edits carry the document version
they were computed for, and none is offered for a document edited since its
last analysis.
"""

from __future__ import annotations

import asyncio
import logging

from lsprotocol import types

from ..base.findings import Finding, Fix
from .diagnostics import to_diagnostic
from .positions import Lines, overlaps
from .server_host import ServerHost
from .server_state import DocumentState

log = logging.getLogger(__name__)


async def code_action(server: ServerHost, params: types.CodeActionParams) -> list[types.CodeAction] | None:
    """Quick fixes for the findings in the requested range; None when the analysis is stale."""
    only = params.context.only
    if only and not any(kind.startswith(types.CodeActionKind.QuickFix) for kind in only):
        return None
    uri = params.text_document.uri
    state = server.state.get(uri)
    if state is None or state.analysis is None or state.analysis_lines is None or not _is_fresh(server, state):
        return None
    lines, codec = state.analysis_lines, server.workspace.position_codec
    start = lines.from_client(params.range.start, codec)
    end = lines.from_client(params.range.end, codec)
    span = (start[0] + 1, start[1]), (end[0] + 1, end[1])
    settings = server.settings_for(uri)
    actions = []
    for index, finding in enumerate(state.analysis.findings):
        if finding.fix is None or not settings.rule_enabled(finding.rule_id) or not overlaps(finding.range, *span):
            continue
        diagnostic = to_diagnostic(index, finding, lines, codec, settings.severity_map)
        actions.append(
            types.CodeAction(
                title=action_title(finding),
                kind=types.CodeActionKind.QuickFix,
                diagnostics=[diagnostic],
                data={"uri": uri, "version": state.analysis_version, "index": index, "epoch": state.epoch},
            )
        )
    if not actions:
        return None
    if not _client_resolves_edits(server):
        resolved = await asyncio.gather(*(resolve(server, action) for action in actions))
        actions = [action for action in resolved if action.edit is not None]
    return actions


async def resolve(server: ServerHost, action: types.CodeAction) -> types.CodeAction:
    """Fill in a quick fix's edit when the client picks it, if the analysis it came from is current."""
    data = action.data if isinstance(action.data, dict) else {}
    state = server.state.get(data.get("uri", ""))
    if state is None or state.analysis is None or state.analysis_lines is None or not _is_fresh(server, state):
        return action
    if data.get("version") != state.analysis_version or data.get("epoch") != state.epoch:
        return action
    index = data.get("index")
    if not isinstance(index, int) or not 0 <= index < len(state.analysis.findings):
        return action
    finding = state.analysis.findings[index]
    try:
        fix = await asyncio.wrap_future(server.pool.resolve_fix(state.analysis_source, finding))
    except Exception as exc:
        log.warning("computing the fix for %s failed: %s", finding.rule_id, exc)
        return action
    if fix is None or not fix.edits or not _is_fresh(server, state):
        return action
    action.edit = workspace_edit(server, state.uri, state.analysis_version, state.analysis_lines, fix)
    return action


def action_title(finding: Finding) -> str:
    """The quick fix's title: the fix's description and rule, else what the rule found."""
    description = finding.fix.description if finding.fix else ""
    return f"{description} ({finding.rule_id})" if description else f"Fix {finding.rule_id}: {finding.message}"


def workspace_edit(server: ServerHost, uri: str, version: int | None, lines: Lines, fix: Fix) -> types.WorkspaceEdit:
    """A fix's edits to the analysed text (`lines`, at `version`) as a workspace edit, versioned where the
    client supports it."""
    codec = server.workspace.position_codec
    edits = [types.TextEdit(range=lines.range(edit.range, codec), new_text=edit.new_text) for edit in fix.edits]
    if server.client_supports("workspace.workspace_edit.document_changes"):
        document = types.OptionalVersionedTextDocumentIdentifier(uri=uri, version=version)
        return types.WorkspaceEdit(document_changes=[types.TextDocumentEdit(text_document=document, edits=edits)])
    return types.WorkspaceEdit(changes={uri: edits})


def _is_fresh(server: ServerHost, state: DocumentState) -> bool:
    """Whether the document is still at the version its last analysis saw."""
    try:
        return server.workspace.get_text_document(state.uri).version == state.analysis_version
    except Exception:
        return False


def _client_resolves_edits(server: ServerHost) -> bool:
    """Whether the client fills in an action's edit at codeAction/resolve (else edits come with the list)."""
    properties = server.client_supports("text_document.code_action.resolve_support.properties")
    return isinstance(properties, (list, tuple)) and "edit" in properties
