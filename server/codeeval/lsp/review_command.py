"""`codeeval.reviewChanges` and `codeeval.acceptChange`: a workspace folder's changes against HEAD (or a base)
judged function by function (`codeeval review`), and a behaviour change accepted as intended.

The review runs in a worker thread with cancellable work-done progress, as evaluations do; its reports go to
`.codeeval/reports/review.md|json`; each behaviour change and slow-down becomes a diagnostic on the changed
function's name (review_marks.py), merged with the file's quality diagnostics. Accepting writes a dismissal to
the decision file through the decisions package; the diagnostic then turns into a Hint that says who and why.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from lsprotocol import types
from lsprotocol.types import ProgressToken
from pygls.exceptions import JsonRpcException, JsonRpcInvalidParams
from pygls.protocol.json_rpc import MsgId

from ..base.atomic_file import write_text_atomically
from ..base.errors import CodeevalError
from ..decisions.accepted_changes import BEHAVIOUR_DIMENSION, BEHAVIOUR_RULE, REVIEW_PROBLEM
from ..decisions.decision import Decision, now
from ..decisions.store import add_decision
from ..results.review import DecisionKind, solution_hash
from .change_review_run import ReviewOutcome
from .command_replies import DecisionRecorded, ReviewChanges, ReviewStatus
from .decision_logs import DecisionPlace, decision_file_for, default_reviewer
from .diagnostics import request_analysis
from .folders import folder_for, path_uri, uri_path
from .jobs import CancelToken, EvaluationCancelled, Job
from .positions import Lines
from .review_marks import DEFAULT_REASON, ReviewedFile, diagnostics_json, shown_marks, with_accepted
from .server_host import ServerHost
from .work_progress import Progress

REVIEW_CHANGES = "codeeval.reviewChanges"
ACCEPT_CHANGE = "codeeval.acceptChange"
REQUEST_FAILED = -32803  # as in commands.py
HEARTBEAT_S = 1.0


@dataclass(frozen=True)
class ReviewArguments:
    """`codeeval.reviewChanges`' argument: which folder (a document in it; None: the first folder), the base,
    and whether the server opens the report (a code lens, whose client drops the reply)."""

    uri: str | None = None
    base: str = "HEAD"
    show: bool = False


@dataclass(frozen=True)
class AcceptArguments:
    """`codeeval.acceptChange`'s argument: the behaviour change (a diagnostic's `data.fingerprint`) and why."""

    uri: str
    finding: str
    reason: str | None = None
    reviewer: str | None = None


# -- arguments --------------------------------------------------------------------------
def _object(arguments: list[object], command: str, fields: tuple[str, ...]) -> dict[str, Any]:
    if not arguments:
        return {}
    if len(arguments) != 1 or not isinstance(arguments[0], dict):
        raise JsonRpcInvalidParams(f"{command} takes one argument object")
    unknown = sorted(str(key) for key in arguments[0] if key not in fields)
    if unknown:
        raise JsonRpcInvalidParams(f"{command}: unknown field `{unknown[0]}` (fields: {', '.join(fields)})")
    return dict(arguments[0])


def _text(arg: dict[str, Any], key: str, command: str, required: bool = False) -> str | None:
    value = arg.get(key)
    if value in (None, "") and not required:
        return None
    if not isinstance(value, str) or not value.strip():
        raise JsonRpcInvalidParams(f"{command}: `{key}` must be a non-empty string")
    return value.strip()


def parse_review_arguments(arguments: list[object]) -> ReviewArguments:
    """`codeeval.reviewChanges`' arguments; InvalidParams names the field at fault."""
    arg = _object(arguments, REVIEW_CHANGES, ("uri", "base", "show"))
    show = arg.get("show")
    if show is not None and not isinstance(show, bool):
        raise JsonRpcInvalidParams(f"{REVIEW_CHANGES}: `show` must be true, false or absent")
    base = _text(arg, "base", REVIEW_CHANGES) or "HEAD"
    return ReviewArguments(_text(arg, "uri", REVIEW_CHANGES), base, bool(show))


def parse_accept_arguments(arguments: list[object]) -> AcceptArguments:
    """`codeeval.acceptChange`'s arguments; InvalidParams names the field at fault."""
    arg = _object(arguments, ACCEPT_CHANGE, ("uri", "finding", "reason", "reviewer"))
    return AcceptArguments(
        uri=_text(arg, "uri", ACCEPT_CHANGE, required=True) or "",
        finding=_text(arg, "finding", ACCEPT_CHANGE, required=True) or "",
        reason=_text(arg, "reason", ACCEPT_CHANGE),
        reviewer=_text(arg, "reviewer", ACCEPT_CHANGE),
    )


# -- codeeval.reviewChanges -------------------------------------------------------------
async def review_changes(
    server: ServerHost, arguments: list[object], token: ProgressToken | None = None, request_id: MsgId | None = None
) -> ReviewChanges:
    """Review the folder's changes; the reports and counts (or why nothing was reviewed)."""
    arg = parse_review_arguments(arguments)
    folder = _folder(server, arg.uri)
    job = server.jobs.start(path_uri(folder), request_id)
    progress = await Progress.start(server, token, job, f"codeeval: reviewing changes against {arg.base}")
    try:
        outcome = await _in_worker(server, folder, arg.base, job, progress.report)
    except EvaluationCancelled:
        progress.end("cancelled")
        return ReviewChanges(ReviewStatus.CANCELLED, "cancelled", None, None, 0, 0, 0)
    except BaseException:
        progress.end("failed")
        raise
    finally:
        server.jobs.finish(job)
    progress.end(outcome.message)
    if not outcome.reviewed:
        if arg.show:  # a lens, whose client drops the reply: say it to the user (a caller shows the reply's message)
            server.window_show_message(
                types.ShowMessageParams(type=types.MessageType.Warning, message=f"codeeval: {outcome.message}")
            )
        await _show_marks(server, folder, {})
        return ReviewChanges(ReviewStatus.NOTHING, outcome.message, None, None, 0, 0, 0)
    files = await _reviewed_files(server, folder, outcome)
    await _show_marks(server, folder, files)
    if outcome.report_path is not None:
        await _list_accepted(server, outcome.report_path)
    report_uri = path_uri(outcome.report_path) if outcome.report_path else None
    if arg.show and report_uri and server.client_supports("window.show_document.support"):
        shown = server.window_show_document(types.ShowDocumentParams(uri=report_uri, take_focus=False))
        shown.add_done_callback(lambda f: f.cancelled() or f.exception())
    return ReviewChanges(
        status=ReviewStatus.DONE,
        message=outcome.message,
        report_uri=report_uri,
        json_uri=path_uri(outcome.json_path) if outcome.json_path else None,
        changed=outcome.changed,
        behaviour_changes=outcome.behaviour_changes,
        slowdowns=outcome.slowdowns,
    )


def _folder(server: ServerHost, uri: str | None) -> Path:
    """The workspace folder holding `uri` (or the first one), else the document's own folder."""
    folder_uri = folder_for(uri, server.folder_uris()) if uri else next(iter(server.folder_uris()), None)
    folder = uri_path(folder_uri) if folder_uri else None
    if folder is None and uri:
        own = uri_path(uri)
        folder = own.parent if own is not None else None
    if folder is None or not folder.is_dir():
        raise JsonRpcException(
            "codeeval: no workspace folder to review: open a folder that is a git checkout", code=REQUEST_FAILED
        )
    return folder


async def _in_worker(
    server: ServerHost, folder: Path, base: str, job: Job, report: Callable[[str], None]
) -> ReviewOutcome:
    """The review in an evaluation thread, its stage and elapsed time shown while it runs."""
    loop = asyncio.get_running_loop()
    stage = {"text": "starting"}

    def told(text: str) -> None:  # from the worker thread
        stage["text"] = text
        loop.call_soon_threadsafe(report, text)

    future = loop.run_in_executor(server.evaluators, _review, folder, base, job.token, told)
    started = time.monotonic()
    while True:
        done, _ = await asyncio.wait({future}, timeout=HEARTBEAT_S)
        if done:
            return future.result()
        report(f"{stage['text']} ({time.monotonic() - started:.0f} s)")


def _review(folder: Path, base: str, token: CancelToken, told: Callable[[str], None]) -> ReviewOutcome:
    from . import change_review_run  # noqa: PLC0415  (kept beside the engine's imports, off the server's start)

    return change_review_run.run(folder, base, token, told)


async def _reviewed_files(server: ServerHost, folder: Path, outcome: ReviewOutcome) -> dict[str, ReviewedFile]:
    """Each file with marks, with where its acceptances are kept and what that file says now."""
    loop = asyncio.get_running_loop()
    files = {}
    for path, marks in outcome.marks.items():
        relative = _relative(path, folder)
        place = DecisionPlace(decision_file_for(None, path, folder), REVIEW_PROBLEM, relative)
        decisions = await loop.run_in_executor(server.io, server.decision_logs.read, place)
        if decisions.error:
            server.show_log(f"codeeval: the decision file is not used: {decisions.error}", types.MessageType.Error)
        uri = path_uri(path)
        files[uri] = ReviewedFile(uri, relative, tuple(marks), place.path, decisions.log, outcome.report_path)
    return files


def _relative(path: Path, folder: Path) -> str:
    try:
        return str(path.relative_to(folder))
    except ValueError:
        return str(path)


async def _show_marks(server: ServerHost, folder: Path, files: dict[str, ReviewedFile]) -> None:
    """Replace the folder's marks with `files`' and publish every file whose marks changed."""
    prefix = path_uri(folder).rstrip("/") + "/"
    reviews = server.state.change_reviews
    touched = {uri for uri in reviews if uri.startswith(prefix)} | set(files)
    for uri in list(reviews):
        if uri.startswith(prefix):
            del reviews[uri]
    reviews.update(files)
    for uri in sorted(touched):
        await republish(server, uri)


async def republish(server: ServerHost, uri: str) -> None:
    """The file's diagnostics again: an open document's through its analysis (quality and marks together), a
    closed file's marks alone, from its text on disk."""
    if server.state.get(uri) is not None:
        request_analysis(server, uri)
        return
    path = uri_path(uri)
    try:
        source = path.read_text(encoding="utf-8") if path is not None else ""
    except (OSError, UnicodeDecodeError):
        source = ""
    marks = diagnostics_json(
        server.state.change_reviews.get(uri), source, Lines(source), server.workspace.position_codec
    )
    server.send_notification_json(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS, {"uri": uri, "diagnostics": marks})


# -- codeeval.acceptChange --------------------------------------------------------------
async def accept_change(
    server: ServerHost, arguments: list[object], token: ProgressToken | None = None, request_id: MsgId | None = None
) -> DecisionRecorded:
    """Accept a behaviour change as intended: a dismissal in the decision file, kept until the function changes."""
    arg = parse_accept_arguments(arguments)
    reviewed = server.state.change_reviews.get(arg.uri)
    if reviewed is None:
        raise _failed(f"no review of changes shows {arg.uri}: run codeeval.reviewChanges first")
    source = await _current_text(server, arg.uri)
    found = [s for s in shown_marks(reviewed, source) if s.mark.fingerprint == arg.finding]
    if not found or found[0].mark.rule != BEHAVIOUR_RULE:
        raise _failed(f"no behaviour change {arg.finding} in the last review of {arg.uri}")
    shown = found[0]
    loop = asyncio.get_running_loop()
    folder = uri_path(arg.uri)
    reviewer = arg.reviewer
    if reviewer is None:
        reviewer = await loop.run_in_executor(server.io, default_reviewer, folder.parent if folder else None)
    decision = Decision(
        kind=DecisionKind.DISMISS,
        problem=REVIEW_PROBLEM,
        solution=reviewed.path,
        solution_sha256=solution_hash(shown.where.text),
        dimension=BEHAVIOUR_DIMENSION,
        reviewer=reviewer,
        reason=arg.reason or DEFAULT_REASON,
        at=now(),
        finding=arg.finding,
        rule=BEHAVIOUR_RULE,
    )
    try:
        log = await loop.run_in_executor(server.io, add_decision, reviewed.decision_file, decision)
    except CodeevalError as exc:
        raise _failed(f"the decision was not written: {exc.location_message()}") from None
    except OSError as exc:
        raise _failed(f"the decision was not written to {reviewed.decision_file}: {exc.strerror}") from None
    server.decision_logs.forget(reviewed.decision_file)
    for uri, other in list(server.state.change_reviews.items()):  # every file whose acceptances live there
        if other.decision_file == reviewed.decision_file:
            server.state.change_reviews[uri] = replace(other, log=log)
            await republish(server, uri)
    if reviewed.report is not None:
        await _list_accepted(server, reviewed.report)
    return DecisionRecorded(
        kind=decision.kind,
        target=arg.finding,
        reviewer=decision.reviewer,
        reason=decision.reason,
        decision_file=str(reviewed.decision_file),
        score=None,
        report_uri=None,
    )


async def _list_accepted(server: ServerHost, report: Path) -> None:
    """The review's report, its last section listing the changes accepted (as they stand in the current text)."""
    accepted = []
    for uri, reviewed in sorted(server.state.change_reviews.items()):
        if reviewed.report == report:
            source = await _current_text(server, uri)
            accepted += [(reviewed.path, shown) for shown in shown_marks(reviewed, source) if shown.accepted]

    def rewrite() -> None:
        try:
            text = report.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            return  # deleted meanwhile: nothing to add to
        write_text_atomically(report, with_accepted(text, accepted))

    await asyncio.get_running_loop().run_in_executor(server.io, rewrite)


async def _current_text(server: ServerHost, uri: str) -> str:
    if server.state.get(uri) is not None:
        return server.workspace.get_text_document(uri).source
    path = uri_path(uri)
    try:
        return path.read_text(encoding="utf-8") if path is not None else ""
    except (OSError, UnicodeDecodeError):
        return ""


def _failed(message: str) -> JsonRpcException:
    return JsonRpcException(f"codeeval: {message}", code=REQUEST_FAILED)
