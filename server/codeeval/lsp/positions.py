"""Between findings' positions (1-based lines, character columns) and LSP's (0-based, client code units).

Lines are split the way both Python's tokenizer and LSP split them (\\r\\n, \\r,
\\n), not with str.splitlines, which also breaks at form feeds and other
separators and would shift every later line.
"""

from __future__ import annotations

import re

from lsprotocol import types
from pygls.workspace.position_codec import PositionCodec

from ..base.findings import Range
from .command_replies import JsonValue

_NEWLINE = re.compile(r"\r\n|\r|\n")


class Lines:
    """A document's lines, to turn analysis line/column pairs into LSP positions and ranges."""

    def __init__(self, source: str):
        self.lines = _NEWLINE.split(source)

    def __len__(self) -> int:
        return len(self.lines)

    def text(self, line: int) -> str:
        """A 0-based line's text, or '' past the end."""
        return self.lines[line] if 0 <= line < len(self.lines) else ""

    def to_client(self, line0: int, char: int, codec: PositionCodec) -> types.Position:
        """An analysis position (0-based line, character column) as the client's, clamped to the text."""
        line0 = max(0, min(line0, len(self.lines) - 1))
        text = self.lines[line0]
        char = max(0, min(char, len(text)))
        if text.isascii():
            return types.Position(line=line0, character=char)
        return types.Position(line=line0, character=codec.client_num_units(text[:char]))

    def from_client(self, position: types.Position, codec: PositionCodec) -> tuple[int, int]:
        """(0-based line, character column) of a client position."""
        text = self.text(position.line)
        if text.isascii():
            return position.line, min(position.character, len(text))
        units = 0
        for index, char in enumerate(text):
            if units >= position.character:
                return position.line, index
            units += codec.client_num_units(char)
        return position.line, len(text)

    def range(self, r: Range, codec: PositionCodec) -> types.Range:
        """A finding's range as the client's (an end before the start collapses onto the start)."""
        start = self.to_client(r.start_line - 1, r.start_col, codec)
        end = self.to_client(r.end_line - 1, r.end_col, codec)
        if (end.line, end.character) < (start.line, start.character):
            end = start
        return types.Range(start=start, end=end)

    def range_json(self, r: Range, codec: PositionCodec) -> dict[str, JsonValue]:
        """`range` as the JSON an LSP message carries (the save path builds plain JSON, see diagnostics)."""
        start = self.to_client(r.start_line - 1, r.start_col, codec)
        end = self.to_client(r.end_line - 1, r.end_col, codec)
        if (end.line, end.character) < (start.line, start.character):
            end = start
        return {
            "start": {"line": start.line, "character": start.character},
            "end": {"line": end.line, "character": end.character},
        }


def contains(r: Range, line1: int, col: int) -> bool:
    """Whether a 1-based line and character column lie within a finding range (end inclusive)."""
    return (r.start_line, r.start_col) <= (line1, col) <= (r.end_line, r.end_col)


def overlaps(r: Range, start: tuple[int, int], end: tuple[int, int]) -> bool:
    """Whether a finding range meets the 1-based (line, col) span [start, end]."""
    return (r.start_line, r.start_col) <= end and start <= (r.end_line, r.end_col)


__all__ = ["Lines", "PositionCodec", "contains", "overlaps"]
