"""The text of the file being checked: lines, character columns and ranges of `ast` nodes.

`ast` gives columns as UTF-8 byte offsets; findings use character columns
(see `codeeval.base.findings.Range`), so every conversion goes through here.
"""

from __future__ import annotations

import ast
import re
from itertools import accumulate
from typing import Protocol

from ..base.findings import Range

_DEF_NAME = re.compile(r"(?:async\s+)?(?:def|class)\s+(\w+)")
_NEWLINE = re.compile(r"\r\n|\r|\n")  # what Python's tokenizer counts as a line break (not \f or \x1c)


class Positioned(Protocol):
    """An AST node with a position: statements, expressions, handlers, arguments."""

    lineno: int
    col_offset: int
    end_lineno: int | None
    end_col_offset: int | None


class SourceText:
    """The source split into lines as Python counts them, with character-column conversions."""

    def __init__(self, text: str):
        self.text = text
        self.lines = _NEWLINE.split(text)
        # code_prefix[i]: how many of lines 1..i hold code (not blank, not only a comment);
        # function lengths then cost two lookups.
        flags = [0] + [1 if _is_code(line) else 0 for line in self.lines]
        self.code_prefix = list(accumulate(flags))

    def line(self, lineno: int) -> str:
        return self.lines[lineno - 1] if 0 < lineno <= len(self.lines) else ""

    def char_col(self, lineno: int, byte_col: int) -> int:
        line = self.line(lineno)
        if line.isascii():
            return byte_col
        return len(line.encode("utf-8")[:byte_col].decode("utf-8", errors="ignore"))

    def node_range(self, node: Positioned) -> Range:
        end_line = node.end_lineno or node.lineno
        end_col = node.end_col_offset
        if end_col is None:
            end_col = len(self.line(end_line).encode("utf-8"))
        return Range(
            node.lineno, self.char_col(node.lineno, node.col_offset), end_line, self.char_col(end_line, end_col)
        )

    def name_range(self, node: ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef) -> Range:
        """The range of the name in `def name(` / `class name`: what an editor underlines."""
        start = self.char_col(node.lineno, node.col_offset)
        match = _DEF_NAME.match(self.line(node.lineno), start)
        if match is None:  # the name is on a later line (`def \\` continuations): fall back to the keyword
            return Range(node.lineno, start, node.lineno, start + 3)
        return Range(node.lineno, match.start(1), node.lineno, match.end(1))

    def keyword_range(self, node: Positioned, keyword: str) -> Range:
        """The range of a keyword at the start of a node, e.g. `except`."""
        start = self.char_col(node.lineno, node.col_offset)
        return Range(node.lineno, start, node.lineno, start + len(keyword))

    def code_lines(self, first: int, last: int) -> int:
        """How many lines from `first` to `last` (inclusive) hold code."""
        if last < first:
            return 0
        last = min(last, len(self.lines))
        first = max(first, 1)
        return self.code_prefix[last] - self.code_prefix[first - 1]

    def offset_to_position(self, offset: int) -> tuple[int, int]:
        """A character offset into the text -> (1-based line, 0-based character column)."""
        line = self.text.count("\n", 0, offset) + 1
        line_start = self.text.rfind("\n", 0, offset) + 1
        return line, offset - line_start


def _is_code(line: str) -> bool:
    stripped = line.strip()
    return bool(stripped) and not stripped.startswith("#")
