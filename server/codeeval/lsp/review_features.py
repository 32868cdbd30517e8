"""The review of changes in hover, code actions and code lenses, around the quality features.

- hover on a behaviour change's or slow-down's range: the counterexample and the four-part confidence;
- the quick action "Accept as intended…" on a behaviour change (`codeeval.acceptChange`);
- a lens "review against HEAD" on each function whose text differs from git HEAD's, only in a file git sees
  as changed (HEAD's text read once per save of the file: cached by its size and modification time).
"""

from __future__ import annotations

import asyncio
from pathlib import Path

from lsprotocol import types

from ..decisions.accepted_changes import BEHAVIOUR_RULE
from . import code_actions, code_lens, hover
from .folders import uri_path
from .git_versions import head_text
from .positions import Lines, contains, overlaps
from .review_command import ACCEPT_CHANGE, REVIEW_CHANGES
from .review_marks import ShownMark, functions_in, hover_markdown, shown_marks
from .server_host import ServerHost

LENS_TITLE = "review against HEAD"
_changed_cache: dict[str, tuple[tuple[int, int], frozenset[str]]] = {}


def _marks_here(server: ServerHost, uri: str) -> tuple[list[ShownMark], Lines] | None:
    reviewed = server.state.change_reviews.get(uri)
    if reviewed is None or server.state.get(uri) is None:
        return None
    source = server.workspace.get_text_document(uri).source
    return shown_marks(reviewed, source), Lines(source)


async def review_hover(server: ServerHost, params: types.HoverParams) -> types.Hover | None:
    """The quality hover, with the review's word first where a behaviour change or slow-down is marked."""
    answer = await hover.hover(server, params)
    found = _marks_here(server, params.text_document.uri)
    if found is None:
        return answer
    marks, lines = found
    codec = server.workspace.position_codec
    line, char = lines.from_client(params.position, codec)
    here = [s for s in marks if contains(s.where.name_range, line + 1, char)]
    if not here:
        return answer
    text = "\n\n---\n\n".join(hover_markdown(shown) for shown in here)
    if answer is not None and isinstance(answer.contents, types.MarkupContent):
        text = f"{text}\n\n---\n\n{answer.contents.value}"
    content = types.MarkupContent(kind=types.MarkupKind.Markdown, value=text)
    return types.Hover(contents=content, range=lines.range(here[0].where.name_range, codec))


async def review_code_action(
    server: ServerHost, params: types.CodeActionParams
) -> list[types.Command | types.CodeAction] | None:
    """The quality quick actions, plus "Accept as intended…" on each behaviour change not yet accepted here."""
    actions: list[types.Command | types.CodeAction] = list(await code_actions.code_action(server, params) or [])
    only = params.context.only
    found = _marks_here(server, params.text_document.uri)
    if found is None or (only and not any(kind.startswith(types.CodeActionKind.QuickFix) for kind in only)):
        return actions or None
    marks, lines = found
    codec = server.workspace.position_codec
    start = lines.from_client(params.range.start, codec)
    end = lines.from_client(params.range.end, codec)
    span = (start[0] + 1, start[1]), (end[0] + 1, end[1])
    for shown in marks:
        if shown.mark.rule != BEHAVIOUR_RULE or shown.accepted or not overlaps(shown.where.name_range, *span):
            continue
        argument = {"uri": params.text_document.uri, "finding": shown.mark.fingerprint}
        title = f"Accept as intended… ({shown.mark.call})"
        actions.append(
            types.CodeAction(
                title=title,
                kind=types.CodeActionKind.QuickFix,
                command=types.Command(title=title, command=ACCEPT_CHANGE, arguments=[argument]),
            )
        )
    return actions or None


async def review_code_lens(server: ServerHost, params: types.CodeLensParams) -> list[types.CodeLens] | None:
    """The quality lenses, plus "review against HEAD" on each function changed since HEAD."""
    lenses = code_lens.code_lens(server, params)
    uri = params.text_document.uri
    path = uri_path(uri)
    if server.state.get(uri) is None or path is None:
        return lenses
    changed = await asyncio.get_running_loop().run_in_executor(server.io, changed_functions, path)
    if not changed:
        return lenses
    source = server.workspace.get_text_document(uri).source
    lines, codec = Lines(source), server.workspace.position_codec
    extra = [
        types.CodeLens(
            range=lines.range(where.name_range, codec),
            command=types.Command(title=LENS_TITLE, command=REVIEW_CHANGES, arguments=[{"uri": uri, "show": True}]),
        )
        for name, where in functions_in(source).items()
        if name in changed
    ]
    return (lenses or []) + extra


def changed_functions(path: Path) -> frozenset[str]:
    """In an io thread: the functions of the file on disk whose text differs from HEAD's (none when git has no
    HEAD version of it, or it is unchanged), cached until the file is saved again."""
    try:
        stat = path.stat()
    except OSError:
        return frozenset()
    stamp = (stat.st_mtime_ns, stat.st_size)
    cached = _changed_cache.get(str(path))
    if cached is not None and cached[0] == stamp:
        return cached[1]
    head = head_text(path)
    try:
        now = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        now = None
    names: frozenset[str] = frozenset()
    if head is not None and now is not None and head != now:
        before = {name: f.text for name, f in functions_in(head).items()}
        names = frozenset(name for name, f in functions_in(now).items() if before.get(name) != f.text)
    _changed_cache[str(path)] = (stamp, names)
    return names
