"""Problems built in memory from a dataset's tests, with no problem file: what importers and rewards share.

A stdin/stdout dataset row (LiveCodeBench, APPS, TACO, CodeContests, open-r1, verl's code data) gives
inputs and expected outputs; a call-based one (LiveCodeBench's functional tests, APPS' `fn_name`) gives
arguments and expected return values. `stdin_problem` and `call_problem` turn either into the same
`Problem` the YAML loader builds, so the rest of codeeval cannot tell where it came from.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..base.catalog import CaseOrigin, ProblemKind, default_weights
from ..sandbox.program_adapter import DEFAULT_OUTPUT_LIMIT_BYTES, PROGRAM_ENTRY, program_adapter
from .definition import Case, Compare, Problem, ProblemLimits
from .program_definition import CheckerSpec, ProgramSpec


@dataclass(frozen=True)
class StdinTest:
    """One test of a program: the text given on standard input and the output expected."""

    input: str
    output: str
    name: str | None = None
    line: int | None = None  # where the test starts in its file, when it has one


@dataclass(frozen=True)
class CallTest:
    """One test of a function or method: its positional arguments and the value it should return."""

    args: tuple
    expected: Any
    name: str | None = None
    line: int | None = None


def stdin_problem(
    name: str,
    tests: Sequence[StdinTest],
    *,
    summary: str = "",
    prompt: str | None = None,
    checker: CheckerSpec | None = None,
    limits: ProblemLimits | None = None,
    output_limit_bytes: int = DEFAULT_OUTPUT_LIMIT_BYTES,
    reference: str | None = None,
    path: str | None = None,
    weights: dict[str, float] | None = None,
    quality: dict[str, Any] | None = None,
    prelude: str = "",
) -> Problem:
    """A `kind: program` problem: each test one run of the script on its input, judged by `checker`; its
    quality judged as a script's unless `quality` says otherwise (quality/script_style.py); `prelude` runs
    before the script (and the reference) in the same globals."""
    label = f"{path or name}#reference"
    return Problem(
        name=name,
        summary=summary or name,
        entry_point=PROGRAM_ENTRY,
        reference=program_adapter(reference, label, output_limit_bytes, prelude) if reference else "",
        prelude=prelude,
        tests=[
            Case(args=[t.input], expected=t.output, name=t.name, line=t.line, origin=CaseOrigin.TEST, stdin=True)
            for t in tests
        ],
        limits=limits or ProblemLimits(),
        weights={**default_weights(ProblemKind.PROGRAM), **(weights or {})},
        quality={"style": "script", **(quality or {})},
        prompt=prompt,
        path=path,
        kind=ProblemKind.PROGRAM,
        program=ProgramSpec(checker or CheckerSpec(), output_limit_bytes),
    )


def call_problem(
    name: str,
    entry_point: str,
    tests: Sequence[CallTest],
    *,
    summary: str = "",
    prompt: str | None = None,
    limits: ProblemLimits | None = None,
    reference: str = "",
    path: str | None = None,
    weights: dict[str, float] | None = None,
    prelude: str = "",
    compare: Compare | None = None,
    quality: dict[str, Any] | None = None,
) -> Problem:
    """A function problem whose tests are calls of `entry_point` (a function, or `Class.method` called on a
    fresh instance) with known return values; `prelude` runs before the solution and the reference."""
    return Problem(
        name=name,
        summary=summary or name,
        entry_point=entry_point,
        reference=reference,
        tests=[
            Case(args=list(t.args), expected=t.expected, name=t.name, line=t.line, origin=CaseOrigin.TEST)
            for t in tests
        ],
        limits=limits or ProblemLimits(),
        weights={**default_weights(ProblemKind.FUNCTION), **(weights or {})},
        prompt=prompt,
        path=path,
        prelude=prelude,
        compare=compare or Compare(),
        quality=dict(quality or {}),
    )
