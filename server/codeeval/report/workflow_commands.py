"""GitHub Actions workflow commands (`::warning file=a.py,line=3::message`): escaping, and annotations.

Shared by `codeeval check --format github` and the action's steps. Messages
and property values are escaped as the runner expects, so text from a file
(a finding's message, a file name) cannot end a command or start another.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import Enum

from ..base.findings import Severity


class Level(Enum):
    """The annotation levels."""

    ERROR = "error"
    WARNING = "warning"
    NOTICE = "notice"


# A finding's severity as an annotation level.
SEVERITY_LEVELS = {Severity.CRITICAL: Level.ERROR, Severity.WARNING: Level.WARNING, Severity.SUGGESTION: Level.NOTICE}


def command(level: Level, message: str, properties: Mapping[str, object] | None = None) -> str:
    """One workflow command line: `::warning file=a.py,line=3,title=...::message`."""
    fields = ",".join(f"{name}={_escape_property(str(value))}" for name, value in (properties or {}).items())
    return f"::{level.value}{' ' + fields if fields else ''}::{_escape_data(message)}"


def annotation(
    level: Level,
    message: str,
    path: str,
    lines: tuple[int, int],
    columns: tuple[int, int] | None = None,
    title: str | None = None,
) -> str:
    """An annotation on lines (1-based, inclusive) of a file; columns are 1-based."""
    properties: dict[str, object] = {"file": path, "line": lines[0], "endLine": lines[1]}
    if columns is not None and lines[0] == lines[1]:  # GitHub takes columns only within one line
        properties.update(col=columns[0], endColumn=columns[1])
    if title:
        properties["title"] = title
    return command(level, message, properties)


def _escape_data(value: str) -> str:
    return value.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _escape_property(value: str) -> str:
    return _escape_data(value).replace(":", "%3A").replace(",", "%2C")
