"""`workspace/executeCommand` commands: the editor protocol of docs/architecture.md.

Each takes one argument object. `codeeval.evaluate` finds the problem, runs
the evaluation in a worker thread with work-done progress, stops when the
request or the progress is cancelled, writes the reports and remembers the
result for hover, code lens, showReport and lastResult.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

from lsprotocol import types
from lsprotocol.types import ProgressToken
from pygls.exceptions import JsonRpcException
from pygls.protocol.json_rpc import MsgId

from ..base.errors import CodeevalError
from . import decision_commands, problems, review_command
from .command_arguments import EvaluateArguments, parse_evaluate_arguments, uri_argument
from .command_replies import (
    EvaluateCancelled,
    EvaluateDone,
    EvaluateResult,
    FileQuality,
    Health,
    LastResult,
    NeedsProblem,
    ProblemChoice,
    ReportLocation,
)
from .decision_logs import DecisionPlace
from .document_decisions import place_for, read_place
from .evaluation_request import EvaluationRequest
from .folders import path_uri, uri_path, uri_stem
from .health import health_of
from .jobs import CancelToken, EvaluationCancelled, Job
from .report_files import report_label, report_stem, saved_summary
from .server_host import ServerHost
from .server_state import EvaluationRecord, dimension_scores
from .work_progress import Progress
from .workspace_quality import workspace_quality as files_by_quality

if TYPE_CHECKING:  # the engine: imported in the evaluation thread only (see _evaluate)
    from .evaluation import EvaluationOutcome

log = logging.getLogger(__name__)

REQUEST_FAILED = -32803  # LSP's RequestFailed: the request was valid but could not be carried out
HEARTBEAT_S = 1.0
MAX_ASKED_CHOICES = 12  # showMessageRequest buttons: more would not fit


# -- codeeval.evaluate ------------------------------------------------------------------
async def evaluate(
    server: ServerHost, arguments: list[object], token: ProgressToken | None = None, request_id: MsgId | None = None
) -> EvaluateResult:
    """Evaluate the document against its problem (found, given, or asked for); the result's summary."""
    return await _evaluate_parsed(server, parse_evaluate_arguments(arguments), token, request_id)


async def _evaluate_parsed(
    server: ServerHost, arg: EvaluateArguments, token: ProgressToken | None, request_id: MsgId | None
) -> EvaluateResult:
    """Find the problem (or ask for it), then evaluate; see `evaluate`."""
    uri = arg.uri
    source = await _source_of(server, uri)
    settings = server.settings_for(uri)
    base = server.base_dir(uri)
    folders = problems.problem_folders(base, settings.problems_folders)
    loop = asyncio.get_running_loop()
    try:
        found = await loop.run_in_executor(
            server.io,
            lambda: problems.resolve(
                server.problems,
                requested=arg.problem,
                source=source,
                doc_uri=uri,
                stem=uri_stem(uri),
                base=base,
                folders=folders,
            ),
        )
    except CodeevalError as exc:
        raise JsonRpcException(exc.location_message(), code=REQUEST_FAILED) from None
    if not found.found:
        choices = await loop.run_in_executor(server.io, server.problems.list, folders)
        choices.append(problems.NONE_CHOICE)
        if arg.show:
            picked = await _ask_for_problem(server, choices, found.message)
            if picked is None:
                return EvaluateCancelled()
            return await _evaluate_parsed(server, EvaluateArguments(uri, picked, show=True), token, request_id)
        return NeedsProblem(choices=tuple(choices), message=found.message)

    label = report_label(uri, base)
    decisions = await read_place(server, place_for(uri, found.problem, base))
    request = EvaluationRequest(
        uri=uri,
        source=source,
        label=label,
        stem=report_stem(label),
        problem=found.problem,
        settings=settings,
        base=base,
        decisions=decisions.log,
        calibration=decisions.calibration,
    )
    job = server.jobs.start(uri, request_id)
    progress = await Progress.start(server, token, job, f"codeeval: evaluating {uri_stem(uri)}")
    try:
        outcome = await _run_in_worker(server, request, job, progress)
    except EvaluationCancelled:
        progress.end("cancelled")
        return EvaluateCancelled()
    except CodeevalError as exc:
        progress.end("failed")
        raise JsonRpcException(exc.location_message(), code=REQUEST_FAILED) from None
    except BaseException:
        progress.end("failed")
        raise
    finally:
        server.jobs.finish(job)
    record = _remember(server, request, outcome, decisions.place)
    progress.end(f"score {outcome.result.score:.1f}")
    server.refresh_views()
    if arg.show:
        _show_report(server, record.report_uri)
    return EvaluateDone(
        score=round(outcome.result.score, 2),
        problem=record.problem,
        report_uri=record.report_uri,
        json_uri=record.json_uri,
        dimensions=record.dimensions,
    )


async def _source_of(server: ServerHost, uri: str) -> str:
    """The editor's text when the document is open (unsaved edits included), else the file on disk."""
    if server.state.get(uri) is not None:
        return server.workspace.get_text_document(uri).source
    path = uri_path(uri)
    if path is None:
        raise JsonRpcException(f"{uri} is not open and is not a file", code=REQUEST_FAILED)
    try:
        return await asyncio.get_running_loop().run_in_executor(server.io, path.read_text, "utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise JsonRpcException(f"cannot read {path}: {exc}", code=REQUEST_FAILED) from None


async def _run_in_worker(
    server: ServerHost, request: EvaluationRequest, job: Job, progress: Progress
) -> EvaluationOutcome:
    """Run the evaluation in a worker thread, reporting its stage and elapsed time while it runs."""
    loop = asyncio.get_running_loop()
    stage = {"text": "starting"}

    def report(text: str) -> None:  # called from the worker thread
        stage["text"] = text
        loop.call_soon_threadsafe(progress.report, text)

    future = loop.run_in_executor(server.evaluators, _evaluate, request, job.token, report)
    started = time.monotonic()
    while True:
        done, _ = await asyncio.wait({future}, timeout=HEARTBEAT_S)
        if done:
            return future.result()
        progress.report(f"{stage['text']} ({time.monotonic() - started:.0f} s)")


def _evaluate(request: EvaluationRequest, token: CancelToken, report: Callable[[str], None]) -> EvaluationOutcome:
    """In the worker thread. The engine is imported here: it imports scipy, seconds that must not
    stall the event loop (or the server's start)."""
    from . import evaluation  # noqa: PLC0415  (the engine: 1.3 s of imports, off the server's start)

    return evaluation.run(request, token, report)


def _remember(
    server: ServerHost, request: EvaluationRequest, outcome: EvaluationOutcome, place: DecisionPlace
) -> EvaluationRecord:
    """Keep the finished evaluation for hover, lenses, inlay hints and lastResult, and what later decisions
    need: the result before any decision, where the decisions are kept, where its reports go."""
    result = outcome.result
    problem = request.problem
    record = EvaluationRecord(
        uri=request.uri,
        score=round(result.score, 2),
        problem=problem.name if problem else None,
        report_uri=path_uri(outcome.report_path),
        json_uri=path_uri(outcome.json_path),
        dimensions=dimension_scores(result),
        result=result,
        entry_point=problem.entry_point if problem else None,
        automatic=outcome.automatic,
        decision_place=place,
        report_stem=request.stem,
        base=request.base,
    )
    server.state.evaluations[request.uri] = record
    return record


async def _ask_for_problem(server: ServerHost, choices: list[ProblemChoice], message: str) -> str | None:
    """For clients that only run the command (a code lens): ask with a message request."""
    if not server.client_supports("window.show_message"):
        return None
    shown = choices[: MAX_ASKED_CHOICES - 1] + ([problems.NONE_CHOICE] if len(choices) >= MAX_ASKED_CHOICES else [])
    params = types.ShowMessageRequestParams(
        type=types.MessageType.Info,
        message=f"codeeval: which problem is this solution for? ({message})",
        actions=[types.MessageActionItem(title=c.name) for c in shown],
    )
    try:
        picked = await server.window_show_message_request_async(params)
    except Exception:
        return None
    if picked is None:
        return None
    chosen = next((c for c in shown if c.name == picked.title), None)
    return None if chosen is None else (chosen.path or chosen.name)


def _show_report(server: ServerHost, report_uri: str) -> None:
    """Open the report in the client, when it can show documents (its answer does not matter)."""
    if server.client_supports("window.show_document.support"):
        future = server.window_show_document(types.ShowDocumentParams(uri=report_uri, take_focus=False))
        future.add_done_callback(lambda f: f.cancelled() or f.exception())


# -- the other commands -----------------------------------------------------------------
async def list_problems(
    server: ServerHost, arguments: list[object], token: ProgressToken | None = None, request_id: MsgId | None = None
) -> list[ProblemChoice]:
    """The problems of the document's configured folders, and the "no problem" choice last."""
    uri = uri_argument(arguments, "codeeval.listProblems")
    folders = problems.problem_folders(server.base_dir(uri), server.settings_for(uri).problems_folders)
    infos = await asyncio.get_running_loop().run_in_executor(server.io, server.problems.list, folders)
    return infos + [problems.NONE_CHOICE]


async def show_report(
    server: ServerHost, arguments: list[object], token: ProgressToken | None = None, request_id: MsgId | None = None
) -> ReportLocation | None:
    """The report of the document's last evaluation, or None."""
    summary = await _last_summary(server, uri_argument(arguments, "codeeval.showReport"))
    return None if summary is None else ReportLocation(summary.report_uri)


async def last_result(
    server: ServerHost, arguments: list[object], token: ProgressToken | None = None, request_id: MsgId | None = None
) -> LastResult | None:
    """The document's last evaluation (score, problem, report), or None."""
    return await _last_summary(server, uri_argument(arguments, "codeeval.lastResult"))


async def _last_summary(server: ServerHost, uri: str) -> LastResult | None:
    """This session's last evaluation of `uri`, else the one whose reports are on disk (an evaluation
    before the server restarted, e.g. before a window reload)."""
    record = server.state.evaluations.get(uri)
    if record is not None:
        return record.summary()
    if uri_path(uri) is None:
        return None
    base = server.base_dir(uri)
    return await asyncio.get_running_loop().run_in_executor(server.io, saved_summary, base, report_label(uri, base))


async def health(
    server: ServerHost, arguments: list[object], token: ProgressToken | None = None, request_id: MsgId | None = None
) -> Health | None:
    """The open document's quality against its version in git HEAD (health.py), or None before its analysis."""
    return await health_of(server, uri_argument(arguments, "codeeval.health"))


async def workspace_quality(
    server: ServerHost, arguments: list[object], token: ProgressToken | None = None, request_id: MsgId | None = None
) -> list[FileQuality]:
    """Every Python file of the workspace folders, worst quality first (workspace_quality.py). No argument."""
    return await files_by_quality(server)


# A command: the server, its arguments, the client's progress token and the request's id -> its typed reply
# (command_replies.py), which server.py turns into JSON.
CommandHandler = Callable[[ServerHost, list[object], ProgressToken | None, MsgId | None], Awaitable[object]]

COMMANDS: dict[str, CommandHandler] = {
    "codeeval.evaluate": evaluate,
    "codeeval.listProblems": list_problems,
    "codeeval.showReport": show_report,
    "codeeval.lastResult": last_result,
    "codeeval.health": health,
    "codeeval.workspaceQuality": workspace_quality,
    "codeeval.decideFinding": decision_commands.decide_finding,
    "codeeval.overrideScore": decision_commands.override_score,
    review_command.REVIEW_CHANGES: review_command.review_changes,
    review_command.ACCEPT_CHANGE: review_command.accept_change,
}
