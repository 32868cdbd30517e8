"""Counting executed Python bytecode instructions (standard library only): a clock that never jitters.

Python 3.12+ uses `sys.monitoring` INSTRUCTION events; 3.11 and older use
`sys.settrace` with per-frame opcode events. Either way only bytecode is seen:
work inside a C function (`sorted`, `list.insert`, `str.join`, a dict lookup)
counts as the one instruction that called it, whatever its size.

The harness's own frames (this file, the timing loop, the worker) are not
counted, so a class problem's loop over method calls does not dilute the
solution's count. A solution that removes or replaces the hook while being
counted is caught (`Tampered`) rather than reported as fast.
"""

from __future__ import annotations

import sys

TYPE_CHECKING = False  # not `typing.TYPE_CHECKING`: importing `typing` would add `re` to every worker's start-up
if TYPE_CHECKING:
    from collections.abc import Callable
    from types import CodeType, FrameType
    from typing import Any

    from _typeshed import TraceFunction

    from codeeval.sandbox.child.wire import Value

    Thunk = Callable[[], Value]  # one call of the solution, ready to run

_HARNESS_FILES: frozenset[str] = frozenset()  # filled in by `exclude_files`
_settrace, _gettrace = sys.settrace, sys.gettrace
_monitoring: Any = getattr(sys, "monitoring", None)  # Python 3.12+; the oldest supported stubs have none
TOOL_NAME = "codeeval-opcount"


class Tampered(Exception):
    """The solution switched off or replaced the instruction counter."""


class _OverBudget(BaseException):
    """Raised inside the solution once it has run more instructions than allowed."""


def exclude_files(*filenames: str) -> None:
    """Code from these files (the harness) is never counted."""
    global _HARNESS_FILES
    _HARNESS_FILES = _HARNESS_FILES | frozenset(filenames)


exclude_files(__file__)


class _Counter:
    """Instructions counted so far, and the stop once they pass `limit` (None: no limit)."""

    def __init__(self, limit: int | None):
        self.count = 0
        self.limit = limit
        self.over = False

    def tick(self) -> None:
        if self.over:
            return  # instructions run while the stop unwinds are not the solution's
        self.count += 1
        if self.limit is not None and self.count > self.limit:
            self.over = True
            raise _OverBudget()


def _run(thunks: list[Thunk], counter: _Counter, results: list) -> None:
    keep = results.append
    try:
        for thunk in thunks:
            keep(thunk())
    except _OverBudget:
        pass


def _count_with_settrace(thunks: list[Thunk], counter: _Counter, results: list) -> None:
    tick = counter.tick

    def local(frame: FrameType, event: str, arg: object) -> TraceFunction:
        if event == "opcode":
            tick()
        return local

    def on_call(frame: FrameType, event: str, arg: object) -> TraceFunction | None:
        if frame.f_code.co_filename in _HARNESS_FILES:
            return None  # calls made from harness frames still reach `on_call`
        frame.f_trace_opcodes = True
        return local

    _settrace(on_call)
    try:
        _run(thunks, counter, results)
        still_ours = _gettrace() is on_call
    finally:
        _settrace(None)
    if not still_ours and not counter.over:  # settrace(None) after an error is ours, not tampering
        raise Tampered("the solution changed the trace function while its instructions were counted")


def _count_with_monitoring(thunks: list[Thunk], counter: _Counter, results: list) -> None:
    mon = _monitoring
    tool = mon.PROFILER_ID
    events = mon.events.INSTRUCTION
    tick = counter.tick
    harness = _HARNESS_FILES

    def on_instruction(code: CodeType, offset: int) -> object:
        if code.co_filename in harness:
            return mon.DISABLE  # never asked again for this instruction of harness code
        tick()
        return None  # the solution's: keep counting it

    mon.use_tool_id(tool, TOOL_NAME)
    try:
        mon.register_callback(tool, events, on_instruction)
        mon.set_events(tool, events)
        _run(thunks, counter, results)
        still_ours = mon.get_events(tool) == events and mon.get_tool(tool) == TOOL_NAME
        mon.set_events(tool, 0)
        mon.register_callback(tool, events, None)
    finally:
        if mon.get_tool(tool) is not None:
            mon.set_events(tool, 0)
            mon.free_tool_id(tool)
    if not still_ours:
        raise Tampered("the solution changed sys.monitoring while its instructions were counted")


def count_instructions(thunks: list[Thunk], limit: int | None = None, results: list | None = None) -> int:
    """Instructions executed by `thunks` (their outputs go to `results`); past `limit` the solution is
    stopped and `limit + 1` returned."""
    counter = _Counter(limit)
    results = [] if results is None else results
    if _monitoring is not None:
        _count_with_monitoring(thunks, counter, results)
    else:
        _count_with_settrace(thunks, counter, results)
    return counter.count
