"""Closed vocabularies that cross packages: str-valued enums whose members read as their words."""

from __future__ import annotations

from enum import Enum


class Vocabulary(str, Enum):
    """A closed set of words. Each member is its word wherever it is shown: in JSON (as any str), and also
    in `str()` and f-strings, which for a plain `(str, Enum)` give `Class.MEMBER` on Python 3.11. So a field
    typed with one writes the same JSON and Markdown as the string it replaces."""

    def __str__(self) -> str:
        return str(self.value)

    def __format__(self, format_spec: str) -> str:
        return format(self.value, format_spec)
