"""Lazy fixes: turn a finding's fix description into text edits, on demand (a code action, `apply_fix`).

Findings carry `Fix(description, codemod=..., args=...)` and no edits, so the
save path never pays for libcst. Here the source is parsed with libcst (no
metadata), the definition is found again by its target, the codemod
rewrites it, and the change is returned as one minimal text edit.
"""

from __future__ import annotations

import libcst as cst

from ..base.findings import Finding, Fix, Range, TextEdit
from .codemods import CODEMODS
from .locate import locate
from .source import SourceText


def apply_fix(source: str, finding: Finding | Fix) -> str:
    """`source` with the finding's fix applied; unchanged when it has none or it no longer applies."""
    fix = finding.fix if isinstance(finding, Finding) else finding
    if fix is None:
        return source
    if fix.edits:
        return _apply_edits(source, fix.edits)
    rewritten = _rewrite(source, fix)
    return source if rewritten is None else rewritten


def compute_fix(source: str, finding: Finding | Fix) -> Fix | None:
    """The fix with its edits filled in; None when there is no fix or it no longer applies to `source`."""
    fix = finding.fix if isinstance(finding, Finding) else finding
    if fix is None or fix.edits:
        return fix
    rewritten = _rewrite(source, fix)
    if rewritten is None or rewritten == source:
        return None
    return Fix(fix.description, edits=(_minimal_edit(source, rewritten),), codemod=fix.codemod, args=dict(fix.args))


def _rewrite(source: str, fix: Fix) -> str | None:
    codemod = CODEMODS.get(fix.codemod)
    if codemod is None:
        return None
    try:
        module = cst.parse_module(source)
    except (cst.ParserSyntaxError, RecursionError):
        return None
    located = locate(module, fix.args)
    if located is None:
        return None
    replacement = codemod(module, located, fix.args)
    if replacement is None:
        return None
    if located.node is module:
        return replacement.code if isinstance(replacement, cst.Module) else None
    return cst.ensure_type(module.deep_replace(located.node, replacement), cst.Module).code  # the module stays the root


def _minimal_edit(old: str, new: str) -> TextEdit:
    """One edit replacing only the span where the two texts differ."""
    prefix = 0
    limit = min(len(old), len(new))
    while prefix < limit and old[prefix] == new[prefix]:
        prefix += 1
    suffix = 0
    while suffix < limit - prefix and old[len(old) - 1 - suffix] == new[len(new) - 1 - suffix]:
        suffix += 1
    text = SourceText(old)
    start, end = text.offset_to_position(prefix), text.offset_to_position(len(old) - suffix)
    return TextEdit(Range(start[0], start[1], end[0], end[1]), new[prefix : len(new) - suffix])


def _apply_edits(source: str, edits: tuple[TextEdit, ...]) -> str:
    """Apply edits given in (line, character) ranges, last first so earlier offsets stay valid."""
    line_starts = [0]
    for index, char in enumerate(source):
        if char == "\n":
            line_starts.append(index + 1)

    def offset(line: int, column: int) -> int:
        return line_starts[min(line, len(line_starts)) - 1] + column

    ordered = sorted(edits, key=lambda e: (e.range.start_line, e.range.start_col), reverse=True)
    for edit in ordered:
        start = offset(edit.range.start_line, edit.range.start_col)
        end = offset(edit.range.end_line, edit.range.end_col)
        source = source[:start] + edit.new_text + source[end:]
    return source
