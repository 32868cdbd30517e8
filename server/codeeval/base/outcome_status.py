"""What a sandboxed load, call, timing or plot came to: one enum each (the sandbox makes them; results
and reports above it read them, so they live here).

Each is str-valued with the worker's wire words, so a status written to a report or compared
with the reply's text is still that word (`f"{status}"` too): the JSON stays as it was.
"""

from __future__ import annotations

from .vocabulary import Vocabulary


class LoadStatus(Vocabulary):
    """Whether the solution compiled, imported and defined its entry point."""

    LOADED = "loaded"
    SYNTAX_ERROR = "syntax_error"
    IMPORT_ERROR = "import_error"
    MISSING_ENTRY_POINT = "missing_entry_point"
    TIMEOUT = "timeout"
    CRASHED = "crashed"


class CallStatus(Vocabulary):
    """What one call of the solution did."""

    RETURNED = "returned"
    RAISED = "raised"
    TIMEOUT = "timeout"
    CRASHED = "crashed"
    UNENCODABLE = "unencodable"  # its value could not be sent back as plain data
    NOT_LOADED = "not_loaded"
    ERROR = "error"  # the worker answered something that is not a reply to a call


class TimingStatus(Vocabulary):
    """What one timed (or counted) request came to."""

    TIMED = "timed"
    RAISED = "raised"
    TIMEOUT = "timeout"
    CRASHED = "crashed"
    NOT_LOADED = "not_loaded"
    ERROR = "error"
    IMPLAUSIBLE = "implausible"  # the worker's own figures disagree with what the evaluator measured


class PlotStatus(Vocabulary):
    """What a plotting script did."""

    RENDERED = "rendered"
    RAISED = "raised"
    SYNTAX_ERROR = "syntax_error"
    NO_FIGURE = "no_figure"
    UNAVAILABLE = "unavailable"  # no plotting library in the sandbox
    TIMEOUT = "timeout"
    CRASHED = "crashed"
    ERROR = "error"
