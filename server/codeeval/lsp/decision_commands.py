"""`codeeval.decideFinding` and `codeeval.overrideScore`: a person's decision written to the document's decision
file, then everything that shows it refreshed: diagnostics (calibration moved), and the last evaluation's
scores, reports, lenses, inlay hints and hover with the decisions applied again.

A finding is looked up first in the document's last analysis (keyed by the analysed text's hash, the
document's problem or "none", and its path in the workspace), then in its last evaluation (edge-case findings
too). An override needs a last evaluation of the document's current text.
"""

from __future__ import annotations

import asyncio
from dataclasses import replace
from pathlib import Path
from typing import Any

from lsprotocol.types import ProgressToken
from pygls.exceptions import JsonRpcException
from pygls.protocol.json_rpc import MsgId

from ..base.catalog import CODE_QUALITY
from ..base.errors import CodeevalError
from ..base.findings import Confidence
from ..decisions.decision import Decision
from ..decisions.making import Decidable, DecidableFinding, decidable_result
from ..decisions.store import DecisionLog, add_decision
from ..results.result import EvaluationResult
from ..results.review import DecisionKind, solution_hash
from .command_arguments import (
    DecideFindingArguments,
    parse_decide_finding_arguments,
    parse_override_score_arguments,
)
from .command_replies import DecisionRecorded
from .decision_logs import NO_PROBLEM, DecisionPlace, default_reviewer
from .diagnostics import request_analysis
from .document_decisions import decisions_for
from .evaluation_request import NO_PROBLEM_NAME
from .folders import path_uri, uri_path
from .report_files import report_dir
from .server_host import ServerHost
from .server_state import DocumentState

REQUEST_FAILED = -32803  # as in commands.py: a valid request that could not be carried out
DEFAULT_REASONS = {DecisionKind.DISMISS: "dismissed in the editor", DecisionKind.CONFIRM: "confirmed in the editor"}


async def decide_finding(
    server: ServerHost, arguments: list[object], token: ProgressToken | None = None, request_id: MsgId | None = None
) -> DecisionRecorded:
    """Dismiss or confirm one finding of the document; the decision as recorded."""
    arg = parse_decide_finding_arguments(arguments)
    state = server.state.get(arg.uri)
    decidable, place = await _decidable_with(server, arg, state)
    reviewer = arg.reviewer or await _reviewer(server, arg.uri)
    decision = _decided(
        lambda: decidable.decide(arg.kind, reviewer, arg.reason or DEFAULT_REASONS[arg.kind], arg.finding)
    )
    return await _record(server, place, decision, arg.uri, arg.finding)


async def override_score(
    server: ServerHost, arguments: list[object], token: ProgressToken | None = None, request_id: MsgId | None = None
) -> DecisionRecorded:
    """Set a dimension's score (or the total) of the document's last evaluation by hand."""
    arg = parse_override_score_arguments(arguments)
    record = server.state.evaluations.get(arg.uri)
    if record is None or record.automatic is None or record.decision_place is None:
        raise _failed(f"{arg.uri} has no evaluation in this session: evaluate it first, then override its score")
    if not await _evaluated_text_is_current(server, arg.uri, record.automatic):
        raise _failed(f"{arg.uri} changed since its last evaluation: evaluate it again, then override its score")
    reviewer = arg.reviewer or await _reviewer(server, arg.uri)
    decidable = decidable_result(_keyed(record.automatic))
    decision = _decided(lambda: decidable.decide(DecisionKind.OVERRIDE, reviewer, arg.reason, arg.dimension, arg.score))
    return await _record(server, record.decision_place, decision, arg.uri, arg.dimension)


# -- finding what is decided ------------------------------------------------------------------------------
async def _decidable_with(
    server: ServerHost, arg: DecideFindingArguments, state: DocumentState | None
) -> tuple[Decidable, DecisionPlace]:
    """The result or analysis holding the finding, as a Decidable, and where its decision goes."""
    record = server.state.evaluations.get(arg.uri)
    if state is not None and state.analysis is not None and _has(state, arg.finding):
        if not _is_fresh(server, state):
            raise _failed(f"{arg.uri} changed since its last analysis: save it, then decide on the finding")
        place = (await decisions_for(server, arg.uri, state.analysis_source)).place
        return _analysis_decidable(state, place), place
    if record is not None and record.automatic is not None and record.decision_place is not None:
        decidable = decidable_result(_keyed(record.automatic))
        if any(f.fingerprint == arg.finding for f in decidable.findings):
            return decidable, record.decision_place
    raise _failed(f"no finding {arg.finding} in the last analysis or evaluation of {arg.uri}")


def _has(state: DocumentState, fingerprint: str) -> bool:
    return state.analysis is not None and any(f.fingerprint == fingerprint for f in state.analysis.findings)


def _analysis_decidable(state: DocumentState, place: DecisionPlace) -> Decidable:
    """The analysed text's quality findings, keyed as diagnostics show them."""
    findings = tuple(
        DecidableFinding(
            CODE_QUALITY.name,
            finding.fingerprint,
            finding.rule_id,
            f"{finding.rule_id} line {finding.range.start_line}: {finding.message}",
            finding.points,
            Confidence.from_dict(finding.details.get("automatic_confidence")) or finding.confidence,
        )
        for finding in (state.analysis.findings if state.analysis is not None else [])
    )
    return Decidable(place.problem, place.solution, solution_hash(state.analysis_source), {}, findings)


def _keyed(result: EvaluationResult) -> EvaluationResult:
    """Without a problem, decisions name the problem "none", as the diagnostics key them."""
    return replace(result, problem=NO_PROBLEM) if result.problem == NO_PROBLEM_NAME else result


def _is_fresh(server: ServerHost, state: DocumentState) -> bool:
    try:
        return server.workspace.get_text_document(state.uri).version == state.analysis_version
    except Exception:
        return False


async def _evaluated_text_is_current(server: ServerHost, uri: str, result: EvaluationResult) -> bool:
    """Whether the document's text now is the one evaluated (an override of other code would be stale at once)."""
    if server.state.get(uri) is not None:
        source = server.workspace.get_text_document(uri).source
    else:
        path = uri_path(uri)
        try:
            source = path.read_text(encoding="utf-8") if path is not None else ""
        except (OSError, UnicodeDecodeError):
            return False
    return solution_hash(source) == result.solution_hash


async def _reviewer(server: ServerHost, uri: str) -> str:
    path = uri_path(uri)
    folder = path.parent if path is not None else server.base_dir(uri)
    return await asyncio.get_running_loop().run_in_executor(server.io, default_reviewer, folder)


def _decided(make: Any) -> Decision:
    try:
        decision: Decision = make()
    except CodeevalError as exc:
        raise _failed(exc.location_message()) from None
    return decision


def _failed(message: str) -> JsonRpcException:
    return JsonRpcException(f"codeeval: {message}", code=REQUEST_FAILED)


# -- recording it, and showing it everywhere ----------------------------------------------------------------
async def _record(
    server: ServerHost, place: DecisionPlace, decision: Decision, uri: str, target: str
) -> DecisionRecorded:
    loop = asyncio.get_running_loop()
    try:
        log = await loop.run_in_executor(server.io, add_decision, place.path, decision)
    except CodeevalError as exc:  # a malformed or conflicting file: nothing written, nothing lost
        raise _failed(f"the decision was not written: {exc.location_message()}") from None
    except OSError as exc:
        raise _failed(f"the decision was not written to {place.path}: {exc.strerror}") from None
    server.decision_logs.forget(place.path)
    await _refresh(server, place.path, log)
    record = server.state.evaluations.get(uri)
    return DecisionRecorded(
        kind=decision.kind,
        target=target,
        reviewer=decision.reviewer,
        reason=decision.reason,
        decision_file=str(place.path),
        score=record.score if record is not None and record.automatic is not None else None,
        report_uri=record.report_uri if record is not None and record.automatic is not None else None,
    )


async def _refresh(server: ServerHost, path: Path, log: DecisionLog) -> None:
    """Everything that shows the decisions of `path`, shown again: open documents analysed again (their rules'
    confidence moved), evaluations' decisions applied again and their reports rewritten."""
    for uri, state in list(server.state.documents.items()):
        if state.decision_place is not None and state.decision_place.path == path:
            request_analysis(server, uri)
    records = [
        r
        for r in server.state.evaluations.values()
        if r.automatic is not None and r.decision_place is not None and r.decision_place.path == path
    ]
    loop = asyncio.get_running_loop()
    for record in records:
        if record.automatic is not None:
            result, report, json = await loop.run_in_executor(
                server.evaluators, rewrite_reports, record.automatic, log, record.base, record.report_stem
            )
            record.show(result, path_uri(report), path_uri(json))
    server.refresh_views()


def rewrite_reports(
    automatic: EvaluationResult, log: DecisionLog, base: Path | None, stem: str
) -> tuple[EvaluationResult, Path, Path]:
    """In an evaluation thread: the evaluation with the decisions of `log` applied, its reports written again."""
    from . import evaluation  # noqa: PLC0415  (the engine's reports: already imported by the evaluation itself)

    result = evaluation.reviewed(automatic, log)
    report_path, json_path = evaluation.write_reports(result, report_dir(base), stem)
    return result, report_path, json_path
