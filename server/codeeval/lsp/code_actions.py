"""Quick fixes: a quality finding's fix as a code action; and on every finding, "Dismiss finding…" and
"Confirm finding", which run `codeeval.decideFinding` (decision_commands.py).

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
from ..results.review import DecisionKind
from .command_arguments import DECIDE_FINDING
from .diagnostics import to_diagnostic
from .positions import Lines, overlaps
from .server_host import ServerHost
from .server_state import DocumentState

log = logging.getLogger(__name__)


async def code_action(server: ServerHost, params: types.CodeActionParams) -> list[types.CodeAction] | None:
    """Quick fixes, and dismiss/confirm actions, for the findings in the requested range; None when the
    analysis is stale."""
    only = params.context.only
    if only and not any(kind.startswith(types.CodeActionKind.QuickFix) for kind in only):
        return None
    state = server.state.get(params.text_document.uri)
    if state is None or state.analysis is None or state.analysis_lines is None or not _is_fresh(server, state):
        return None
    here = _findings_in(server, state, params.range)
    fixes = await _fixes(server, state, here)
    several = len(here) > 1
    decisions = [a for index, finding in here for a in _decision_actions(server, state, index, finding, several)]
    return (fixes + decisions) or None


def _findings_in(server: ServerHost, state: DocumentState, client_range: types.Range) -> list[tuple[int, Finding]]:
    """(index, finding) of the enabled findings that overlap the client's range in the analysed text."""
    lines, codec = state.analysis_lines, server.workspace.position_codec
    if lines is None or state.analysis is None:
        return []
    start = lines.from_client(client_range.start, codec)
    end = lines.from_client(client_range.end, codec)
    span = (start[0] + 1, start[1]), (end[0] + 1, end[1])
    settings = server.settings_for(state.uri)
    enabled = [(i, f) for i, f in enumerate(state.analysis.findings) if settings.rule_enabled(f.rule_id)]
    return [(index, finding) for index, finding in enabled if overlaps(finding.range, *span)]


async def _fixes(server: ServerHost, state: DocumentState, here: list[tuple[int, Finding]]) -> list[types.CodeAction]:
    """The fixable findings' quick fixes: edits filled in at resolve, or now for a client that cannot resolve."""
    fixes = [_fix_action(server, state, index, finding) for index, finding in here if finding.fix is not None]
    if fixes and not _client_resolves_edits(server):
        resolved = await asyncio.gather(*(resolve(server, action) for action in fixes))
        fixes = [action for action in resolved if action.edit is not None]
    return fixes


def _diagnostic(server: ServerHost, state: DocumentState, index: int, finding: Finding) -> types.Diagnostic:
    assert state.analysis_lines is not None  # code_action checked it
    return to_diagnostic(
        index,
        finding,
        state.analysis_lines,
        server.workspace.position_codec,
        server.settings_for(state.uri).severity_map,
        state.reviews.get(finding.fingerprint),
    )


def _fix_action(server: ServerHost, state: DocumentState, index: int, finding: Finding) -> types.CodeAction:
    """A quick fix whose edit is filled in at resolve."""
    return types.CodeAction(
        title=action_title(finding),
        kind=types.CodeActionKind.QuickFix,
        diagnostics=[_diagnostic(server, state, index, finding)],
        data={"uri": state.uri, "version": state.analysis_version, "index": index, "epoch": state.epoch},
    )


def _decision_actions(
    server: ServerHost, state: DocumentState, index: int, finding: Finding, several: bool
) -> list[types.CodeAction]:
    """The "Dismiss finding…" and "Confirm finding" actions: `codeeval.decideFinding` without a reason (the
    VS Code extension asks for one; another client gets the default reason). With several findings here, each
    title names its finding by the start of its message."""
    diagnostic = _diagnostic(server, state, index, finding)
    which = f" ({short_message(finding.message)})" if several else ""
    actions = []
    for kind, title in ((DecisionKind.DISMISS, "Dismiss finding…"), (DecisionKind.CONFIRM, "Confirm finding")):
        argument = {"uri": state.uri, "finding": finding.fingerprint, "kind": kind.value}
        actions.append(
            types.CodeAction(
                title=title + which,
                kind=types.CodeActionKind.QuickFix,
                diagnostics=[diagnostic],
                command=types.Command(title=title, command=DECIDE_FINDING, arguments=[argument]),
            )
        )
    return actions


def short_message(message: str, limit: int = 48) -> str:
    """The start of a finding's message, for telling actions apart."""
    return message if len(message) <= limit else message[: limit - 1] + "…"


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
