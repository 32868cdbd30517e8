"""Code lens above each function: "quality 82 · evaluate"; clicking it runs the full evaluation.

The lens runs `codeeval.evaluate` with `show: true`, so a client that only
executes the command (and drops its result) still gets the report opened
(`window/showDocument`) and, when the problem is unknown, a choice to make
(`window/showMessageRequest`).
"""

from __future__ import annotations

from lsprotocol import types

from .positions import Lines
from .server_host import ServerHost
from .views import lens_title

SEARCH_LINES = 200  # how far a def may have moved since the analysis and still get its lens


def code_lens(server: ServerHost, params: types.CodeLensParams) -> list[types.CodeLens] | None:
    """A lens above each function with its quality (and the last score on the evaluated entry point) that evaluates."""
    uri = params.text_document.uri
    state = server.state.get(uri)
    if state is None or state.analysis is None or state.analysis_lines is None:
        return None
    doc = server.workspace.get_text_document(uri)
    old = state.analysis_lines
    current = old if doc.version == state.analysis_version else Lines(doc.source)
    record = server.state.evaluations.get(uri)
    codec = server.workspace.position_codec
    lenses = []
    for function in state.analysis.functions:
        line0 = function.name_range.start_line - 1
        moved = relocate(old, current, line0)
        if moved is None:
            continue
        evaluated = None
        if record is not None and record.entry_point and function.qualname == record.entry_point:
            evaluated = record.score
        r = old.range(function.name_range, codec)
        r = types.Range(start=types.Position(moved, r.start.character), end=types.Position(moved, r.end.character))
        command = types.Command(
            title=lens_title(function.score, evaluated),
            command="codeeval.evaluate",
            arguments=[{"uri": uri, "show": True}],
        )
        lenses.append(types.CodeLens(range=r, command=command))
    return lenses


def relocate(old: Lines, current: Lines, line0: int) -> int | None:
    """Where the analysed line `line0` is in the current text: same place, or the nearest identical line."""
    text = old.text(line0)
    if current is old or current.text(line0) == text:
        return line0
    for distance in range(1, SEARCH_LINES + 1):
        for candidate in (line0 - distance, line0 + distance):
            if 0 <= candidate < len(current) and current.text(candidate) == text:
                return candidate
    return None
