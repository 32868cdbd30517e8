"""Building the Problem of a validated `kind: program` file (program.schema.json checks its shape first)."""

from __future__ import annotations

from typing import Any

from ..base.errors import ProblemError, ProblemErrors
from ..sandbox.program_adapter import DEFAULT_OUTPUT_LIMIT_BYTES
from .definition import Problem, ProblemLimits
from .io_problems import StdinTest, stdin_problem
from .program_definition import Checker, CheckerSpec, custom_checker_error
from .yaml_source import YamlDocument

PROGRAM_SCHEMA = "program.schema.json"
BYTES_PER_MB = 1024 * 1024


def _checker(document: YamlDocument) -> CheckerSpec:
    """`checker: tokens`, `checker: {kind: tokens, abs_tol: 1e-5}` or `checker: {kind: custom, source: ...}`;
    LiveCodeBench's lines rule by default. A setting that does not fit its kind, or a custom checker that does
    not compile or defines no `check`, is a ProblemError at its line."""
    raw = document.data.get("checker")
    if raw is None:
        return CheckerSpec()
    if isinstance(raw, str):
        return CheckerSpec(Checker(raw))
    kind = Checker(raw.get("kind", Checker.LINES.value))
    if kind is Checker.CUSTOM:
        return _custom_checker(document, raw)
    if "source" in raw:
        message = f"checker.source: only a custom checker has a source (this one is {kind.value!r})"
        raise _refused(message, document, document.line_of(("checker", "source")))
    return CheckerSpec(kind, float(raw.get("abs_tol", 0.0)), float(raw.get("rel_tol", 0.0)))


def _custom_checker(document: YamlDocument, raw: dict[str, Any]) -> CheckerSpec:
    for name in ("abs_tol", "rel_tol"):
        if name in raw:
            message = f"checker.{name}: a custom checker has no tolerances (its `check` decides)"
            raise _refused(message, document, document.line_of(("checker", name)))
    source, first_line = raw["source"], document.block_start_line(("checker", "source"))
    error = custom_checker_error(source, f"{document.path}#checker")
    if error is not None:
        line = first_line + error.line - 1 if first_line is not None else document.line_of(("checker",))
        raise _refused(f"checker.source: {error.message}", document, line)
    return CheckerSpec.custom(source, first_line)


def _refused(message: str, document: YamlDocument, line: int | None) -> ProblemErrors:
    """The error the loader raises for every bad file (ProblemErrors), with this one error."""
    return ProblemErrors([ProblemError(message, document.path, line)])


def _limits(raw: dict[str, Any]) -> ProblemLimits:
    defaults = ProblemLimits()
    return ProblemLimits(
        time_per_call_s=float(raw.get("time_per_test_s", defaults.time_per_call_s)),
        memory_mb=int(raw.get("memory_mb", defaults.memory_mb)),
        total_time_s=float(raw.get("total_time_s", defaults.total_time_s)),
    )


def _tests(document: YamlDocument) -> list[StdinTest]:
    return [
        StdinTest(raw["input"], raw["output"], raw.get("name"), document.line_of(("tests", index)))
        for index, raw in enumerate(document.data["tests"])
    ]


def build_program(document: YamlDocument) -> Problem:
    """The Problem of a validated program file: the reference (if any) adapted to be called once per test."""
    data = document.data
    limits = data.get("limits", {})
    output_limit = (
        int(float(limits["output_mb"]) * BYTES_PER_MB) if "output_mb" in limits else DEFAULT_OUTPUT_LIMIT_BYTES
    )
    script = data.get("reference")
    problem = stdin_problem(
        data["name"],
        _tests(document),
        summary=data["summary"],
        prompt=data.get("prompt"),
        checker=_checker(document),
        limits=_limits(limits),
        output_limit_bytes=output_limit,
        reference=script,
        path=document.path,
        weights={k: float(v) for k, v in data.get("weights", {}).items()},
        quality=dict(data.get("quality", {})),
        prelude=data.get("prelude", ""),
    )
    problem.samples = dict(data.get("samples", {}))
    problem.reference_line = document.block_start_line(("reference",)) if script else None
    return problem
