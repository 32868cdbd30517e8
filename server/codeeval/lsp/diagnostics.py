"""Quality findings as diagnostics: on open and save (and while typing, if asked), never stale.

Each document has at most one analysis in flight; requests that arrive
meanwhile collapse into one pending job holding the newest text. A result is
published only if the document is still open (the same opening) at the same
version and nothing newer is waiting; otherwise it is thrown away.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Mapping
from concurrent.futures.process import BrokenProcessPool

from lsprotocol import types

from ..base.calibration import NO_CALIBRATION
from ..base.findings import Finding, Range
from ..results.review import solution_hash
from .analysis import Analysis
from .command_replies import JsonValue
from .decision_logs import DocumentDecisions
from .document_decisions import decisions_for
from .finding_reviews import NO_REVIEWS, FindingReview, finding_reviews
from .folders import uri_path, uri_stem
from .positions import Lines, PositionCodec
from .review_marks import diagnostics_json as review_diagnostics_json
from .rule_docs import rule_doc_uri
from .server_host import ServerHost
from .server_state import AnalysisJob, DocumentState

log = logging.getLogger(__name__)

SOURCE = "codeeval"
DEBOUNCE_S = 0.3  # onType: wait for a pause in typing this long
SEVERITIES = {
    "error": types.DiagnosticSeverity.Error,
    "warning": types.DiagnosticSeverity.Warning,
    "information": types.DiagnosticSeverity.Information,
    "hint": types.DiagnosticSeverity.Hint,
}


# -- notifications ---------------------------------------------------------------------
def did_open(server: ServerHost, params: types.DidOpenTextDocumentParams) -> None:
    """A Python document opened: a new opening, analysed now."""
    doc = params.text_document
    if not is_python(doc.uri, doc.language_id):
        return
    server.state.opened(doc.uri)
    request_analysis(server, doc.uri)


def did_save(server: ServerHost, params: types.DidSaveTextDocumentParams) -> None:
    """A tracked document saved: analyse it again."""
    if server.state.get(params.text_document.uri) is not None:
        request_analysis(server, params.text_document.uri)


def did_change(server: ServerHost, params: types.DidChangeTextDocumentParams) -> None:
    """An edit: analysed after a pause in typing with `run: onType`, else left for the save."""
    uri = params.text_document.uri
    state = server.state.get(uri)
    if state is None:
        return
    if server.settings_for(uri).run == "onType":
        request_analysis(server, uri, delay=DEBOUNCE_S)


def did_close(server: ServerHost, params: types.DidCloseTextDocumentParams) -> None:
    """Forget the document and clear its diagnostics."""
    uri = params.text_document.uri
    if server.state.closed(uri) is not None:
        server.text_document_publish_diagnostics(types.PublishDiagnosticsParams(uri=uri, diagnostics=[]))


def is_python(uri: str, language_id: str | None) -> bool:
    """Whether codeeval analyses this document: Python by language id or file name."""
    return language_id == "python" or uri.endswith((".py", ".pyi"))


# -- scheduling ------------------------------------------------------------------------
def request_analysis(server: ServerHost, uri: str, delay: float = 0.0) -> None:
    """Analyse the document's current text now, or after `delay` seconds of quiet."""
    state = server.state.get(uri)
    if state is None:
        return
    if state.debounce is not None:
        state.debounce.cancel()
        state.debounce = None
    if delay > 0:
        state.debounce = asyncio.get_running_loop().call_later(delay, request_analysis, server, uri)
        return
    doc = server.workspace.get_text_document(uri)
    state.pending = AnalysisJob(version=doc.version, source=doc.source, epoch=state.epoch)
    if not state.running:
        state.running = True
        asyncio.get_running_loop().create_task(_drain(server, state))


async def _drain(server: ServerHost, state: DocumentState) -> None:
    """Analyse the document's waiting text until none waits; publish each result that is still current."""
    try:
        while state.open and state.pending is not None:
            job, state.pending = state.pending, None
            settings = server.settings_for(state.uri)
            decisions = await _decisions(server, state, job)
            calibration = decisions.calibration if decisions is not None else NO_CALIBRATION
            try:
                analysis = await asyncio.wrap_future(
                    server.pool.analyze(job.source, analysis_label(state.uri), settings.quality_settings(), calibration)
                )
            except BrokenProcessPool as exc:
                server.pool.on_broken(exc)
                server.show_log(f"codeeval: the analysis worker died on {state.uri}", types.MessageType.Warning)
                continue
            except Exception as exc:  # a bug in a rule must not stop diagnostics for good
                log.exception("analysis failed")
                server.show_log(
                    f"codeeval: analysis of {state.uri} failed: {type(exc).__name__}: {exc}", types.MessageType.Error
                )
                continue
            if is_current(server, state, job):
                publish(server, state, job, analysis, _reviews(decisions, job.source))
    finally:
        state.running = False


async def _decisions(server: ServerHost, state: DocumentState, job: AnalysisJob) -> DocumentDecisions | None:
    """The document's decisions; None when finding them failed (diagnostics go on without them)."""
    try:
        return await decisions_for(server, state.uri, job.source)
    except Exception as exc:  # a bug here must not stop diagnostics
        log.exception("reading decisions failed")
        server.show_log(f"codeeval: decisions for {state.uri}: {type(exc).__name__}: {exc}", types.MessageType.Error)
        return None


def _reviews(decisions: DocumentDecisions | None, source: str) -> Mapping[str, FindingReview]:
    """The decisions on this text's quality findings, by fingerprint."""
    if decisions is None or not decisions.log:
        return NO_REVIEWS
    return finding_reviews(decisions.log, decisions.place.problem, solution_hash(source))


def is_current(server: ServerHost, state: DocumentState, job: AnalysisJob) -> bool:
    """Whether an analysis of `job` may be published: same opening, same version, nothing newer waiting."""
    if not state.open or state.pending is not None or server.state.get(state.uri) is not state:
        return False
    if job.epoch != state.epoch:
        return False
    try:
        return server.workspace.get_text_document(state.uri).version == job.version
    except Exception:
        return False


def publish(
    server: ServerHost,
    state: DocumentState,
    job: AnalysisJob,
    analysis: Analysis,
    reviews: Mapping[str, FindingReview] = NO_REVIEWS,
) -> None:
    """Remember the analysis for hover, lenses and fixes, and send its diagnostics (as plain JSON)."""
    lines = Lines(job.source)
    state.analysis, state.analysis_version, state.analysis_lines = analysis, job.version, lines
    state.analysis_source, state.reviews = job.source, reviews
    settings = server.settings_for(state.uri)
    codec = server.workspace.position_codec
    diagnostics: list[JsonValue] = [
        diagnostic_json(index, finding, lines, codec, settings.severity_map, reviews.get(finding.fingerprint))
        for index, finding in enumerate(analysis.findings)
        if settings.rule_enabled(finding.rule_id)
    ]
    if analysis.parse_error:
        diagnostics.append(server.lsp_json(parse_error_diagnostic(analysis, lines, codec)))
    diagnostics += review_diagnostics_json(server.state.change_reviews.get(state.uri), job.source, lines, codec)
    server.send_notification_json(
        types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS,
        {"uri": state.uri, "version": job.version, "diagnostics": diagnostics},
    )
    state.published += 1
    server.refresh_views()


def analysis_label(uri: str) -> str:
    """The file's name in the analyzer's findings: its path, or e.g. Untitled-1.py."""
    path = uri_path(uri)
    return str(path) if path is not None else f"{uri_stem(uri)}.py"


# -- conversion ------------------------------------------------------------------------
def _severity_and_message(
    finding: Finding, severity_map: Mapping[str, str], review: FindingReview | None = None
) -> tuple[types.DiagnosticSeverity, str]:
    """Low-confidence and dismissed findings go out as hints, saying why; the others by the user's severity map
    (a confirmed or disputed finding says so)."""
    if review is not None and review.dismissed:
        return types.DiagnosticSeverity.Hint, f"{finding.message} ({review.text()})"
    if finding.confidence.is_low:
        severity, message = types.DiagnosticSeverity.Hint, f"{finding.message} ({low_confidence_text(finding)})"
    else:
        severity = SEVERITIES.get(severity_map.get(finding.severity, ""), types.DiagnosticSeverity.Information)
        message = finding.message
    return severity, message if review is None else f"{message} ({review.text()})"


def _data(index: int, finding: Finding, review: FindingReview | None = None) -> dict[str, JsonValue]:
    """What a code action needs back from a diagnostic: which finding, whether it has a fix, its decision."""
    return {
        "index": index,
        "rule": finding.rule_id,
        "fixable": finding.fix is not None,
        "fingerprint": finding.fingerprint,
        "decision": None if review is None else review.kind,
    }


def to_diagnostic(
    index: int,
    finding: Finding,
    lines: Lines,
    codec: PositionCodec,
    severity_map: Mapping[str, str],
    review: FindingReview | None = None,
) -> types.Diagnostic:
    """A finding as an LSP diagnostic (code actions carry it; the save path sends `diagnostic_json`)."""
    severity, message = _severity_and_message(finding, severity_map, review)
    href = rule_doc_uri(finding.rule_id)
    return types.Diagnostic(
        range=lines.range(finding.range, codec),
        message=message,
        severity=severity,
        code=finding.rule_id,
        code_description=types.CodeDescription(href=href) if href else None,
        source=SOURCE,
        data=_data(index, finding, review),
    )


def diagnostic_json(
    index: int,
    finding: Finding,
    lines: Lines,
    codec: PositionCodec,
    severity_map: Mapping[str, str],
    review: FindingReview | None = None,
) -> dict[str, JsonValue]:
    """`to_diagnostic` as the JSON of an LSP Diagnostic (same fields; tests check they agree)."""
    severity, message = _severity_and_message(finding, severity_map, review)
    out: dict[str, JsonValue] = {
        "range": lines.range_json(finding.range, codec),
        "message": message,
        "severity": int(severity),
        "code": finding.rule_id,
        "source": SOURCE,
        "data": _data(index, finding, review),
    }
    href = rule_doc_uri(finding.rule_id)
    if href:
        out["codeDescription"] = {"href": href}
    return out


def low_confidence_text(finding: Finding) -> str:
    """'low confidence: actionability is low' (the weakest part of the confidence is the reason)."""
    reason = finding.confidence.low_reason()
    prefix = "low confidence:"
    if reason.lower().startswith(prefix):
        reason = reason[len(prefix) :].strip()
    return f"low confidence: {reason}" if reason else "low confidence"


def parse_error_diagnostic(analysis: Analysis, lines: Lines, codec: PositionCodec) -> types.Diagnostic:
    """One note saying why there are no findings (the user's Python server reports the error itself)."""
    where = analysis.parse_error_range or Range(1, 0, 1, 0)
    return types.Diagnostic(
        range=lines.range(where, codec),
        severity=types.DiagnosticSeverity.Information,
        message=f"codeeval could not check this file: {analysis.parse_error}",
        code="parse-error",
        source=SOURCE,
    )
