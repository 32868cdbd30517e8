"""Counting executed Python bytecode instructions (standard library only): a clock that never jitters.

Python 3.12+ uses `sys.monitoring` INSTRUCTION events; 3.11 and older use
`sys.settrace` with per-frame opcode events. Bytecode alone would count
`lst.insert(0, x)` or `s.replace(a, b)` as one instruction whatever the size
they work on, so instructions that do sized work in C (calls of built-ins,
`in`, slices, `+` on sequences) also add a charge proportional to that size,
in instruction-equivalents (`c_plan` finds them and reads their operands from
the frame, `c_cost` prices them). Everything is derived from the code and the
values, never from a clock.

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

    from codeeval.sandbox.child.c_cost import Charge
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
        self.milli = 0  # work in C not yet a whole instruction-equivalent (ints: exact, the same everywhere)

    def tick(self) -> None:
        if self.over:
            return  # instructions run while the stop unwinds are not the solution's
        self.count += 1
        if self.limit is not None and self.count > self.limit:
            self.over = True
            raise _OverBudget()

    def charge(self, milli: int) -> None:
        """Add work done in C, in milli-instructions."""
        if self.over or milli <= 0:
            return
        whole, self.milli = divmod(self.milli + milli, 1000)
        self.count += whole
        if self.limit is not None and self.count > self.limit:
            self.count = self.limit + 1  # stopped at the limit, as when instructions pass it
            self.over = True
            raise _OverBudget()


# Each code object's charges (offset -> charge), built on first sight. Keyed by id: hashing a code object
# hashes all of its bytecode; the code object is kept in the value so that its id is never reused.
_plans: dict[int, tuple[CodeType, dict[int, Charge]]] = {}
_plan_for: Callable[[CodeType], dict[int, Charge]] | None = None


def _load_planner() -> Callable[[CodeType], dict[int, Charge]] | None:
    """`c_plan.plan_for`, imported only when instructions are first counted (it brings in `dis`)."""
    global _plan_for
    if _plan_for is None:
        try:
            from codeeval.sandbox.child.c_plan import plan_for  # noqa: PLC0415  (brings `dis`: only when counting)
        except ImportError:
            try:  # the sandbox imports the child's files as top-level modules
                from c_plan import plan_for  # type: ignore[import-not-found,no-redef]  # noqa: PLC0415
            except ImportError:  # a sandbox that copied only some of the child's files: bytecode only
                return None
        _plan_for = plan_for
    return _plan_for


def _plan(code: CodeType) -> dict[int, Charge]:
    kept = _plans.get(id(code))
    if kept is not None:
        return kept[1]
    planner = _load_planner()
    try:
        plan = {} if planner is None else planner(code)
    except Exception:  # an instruction the planner does not know: that code is counted as bytecode only
        plan = {}
    _plans[id(code)] = (code, plan)
    return plan


def _charge_of(charge: Charge, frame: FrameType) -> int:
    try:
        return charge(frame)
    except Exception:  # an operand that cannot be priced costs nothing extra; the count must not fail
        return 0


def _run(thunks: list[Thunk], counter: _Counter, results: list) -> None:
    keep = results.append
    try:
        for thunk in thunks:
            keep(thunk())
    except _OverBudget:
        pass


def _count_with_settrace(thunks: list[Thunk], counter: _Counter, results: list) -> None:
    tick, charge = counter.tick, counter.charge

    def local(frame: FrameType, event: str, arg: object) -> TraceFunction:
        if event == "opcode":
            tick()
        return local

    def with_plan(plan: dict[int, Charge]) -> TraceFunction:
        priced_at = plan.get

        def planned(frame: FrameType, event: str, arg: object) -> TraceFunction:
            if event == "opcode":
                tick()
                priced = priced_at(frame.f_lasti)
                if priced is not None:
                    charge(_charge_of(priced, frame))
            return planned

        return planned

    # One tracer per code object, made on its first call: a tracer made per call would leave a reference
    # cycle (the closure names itself) per call, and the collector is off while counting.
    tracers: dict[int, TraceFunction] = {}

    def on_call(frame: FrameType, event: str, arg: object) -> TraceFunction | None:
        code = frame.f_code
        if code.co_filename in _HARNESS_FILES:
            return None  # calls made from harness frames still reach `on_call`
        frame.f_trace_opcodes = True
        tracer = tracers.get(id(code))  # `_plans` keeps the code object alive, so its id is not reused
        if tracer is None:
            plan = _plan(code)
            tracer = tracers[id(code)] = with_plan(plan) if plan else local
        return tracer

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
    tick, charge = counter.tick, counter.charge
    harness = _HARNESS_FILES
    frame_of = sys._getframe

    def on_instruction(code: CodeType, offset: int) -> object:
        if code.co_filename in harness:
            return mon.DISABLE  # never asked again for this instruction of harness code
        tick()
        kept = _plans.get(id(code))  # `_plan`'s cache read inline: this runs for every instruction
        priced = (kept[1] if kept is not None else _plan(code)).get(offset)
        if priced is not None:
            charge(_charge_of(priced, frame_of(1)))  # the callback runs on top of the instruction's frame
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
    """Instructions executed by `thunks`, plus the work they did in C in instruction-equivalents (their
    outputs go to `results`); past `limit` the solution is stopped and `limit + 1` returned."""
    counter = _Counter(limit)
    results = [] if results is None else results
    if _monitoring is not None:
        _count_with_monitoring(thunks, counter, results)
    else:
        _count_with_settrace(thunks, counter, results)
    return counter.count
