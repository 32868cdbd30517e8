"""A document's decisions for the handlers: its decision file found once per opening (again when its
`# codeeval: problem=` comment changes), the file read when it changed, a malformed one shown to the user
once (`window/showMessage`, naming file:line) and then ignored: the server goes on without decisions."""

from __future__ import annotations

import asyncio
from pathlib import Path

from lsprotocol import types

from ..base.errors import CodeevalError
from ..problem import Problem
from . import problems
from .decision_logs import NO_PROBLEM, DecisionPlace, DocumentDecisions, decision_file_for
from .folders import uri_path, uri_stem
from .report_files import report_label
from .server_host import ServerHost


async def decisions_for(server: ServerHost, uri: str, source: str) -> DocumentDecisions:
    """The decisions that apply to the document with this text (its place cached on its state)."""
    state = server.state.get(uri)
    comment = problems.problem_comment(source)
    loop = asyncio.get_running_loop()
    place = state.decision_place if state is not None and state.decision_comment == comment else None
    if place is None:
        place = await loop.run_in_executor(server.io, find_place, server, uri, source)
        if state is not None:
            state.decision_place, state.decision_comment = place, comment
    return await read_place(server, place)


async def read_place(server: ServerHost, place: DecisionPlace) -> DocumentDecisions:
    """The decisions of `place`'s file now, reporting a malformed file once."""
    decisions = await asyncio.get_running_loop().run_in_executor(server.io, server.decision_logs.read, place)
    if decisions.error and server.decision_logs.first_report(decisions):
        message = f"codeeval: the decision file is not used: {decisions.error}"
        server.window_show_message(types.ShowMessageParams(type=types.MessageType.Error, message=message))
    return decisions


def find_place(server: ServerHost, uri: str, source: str) -> DecisionPlace:
    """In an io thread: the document's problem (as evaluate finds it, never asking) and so its decision file."""
    base = server.base_dir(uri)
    folders = problems.problem_folders(base, server.settings_for(uri).problems_folders)
    try:
        found = problems.resolve(
            server.problems, requested=None, source=source, doc_uri=uri, stem=uri_stem(uri), base=base, folders=folders
        )
        problem = found.problem
    except CodeevalError:  # a named problem file that does not load: evaluate says so; decisions go on
        problem = None
    return place_for(uri, problem, base)


def place_for(uri: str, problem: Problem | None, base: Path | None) -> DecisionPlace:
    """The decision place of a document evaluated against `problem` (None: without one)."""
    path = decision_file_for(problem.path if problem else None, uri_path(uri), base)
    return DecisionPlace(path, problem.name if problem else NO_PROBLEM, report_label(uri, base))
