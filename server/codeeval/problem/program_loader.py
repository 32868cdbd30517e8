"""Building the Problem of a validated `kind: program` file (program.schema.json checks its shape first)."""

from __future__ import annotations

from typing import Any

from ..base.catalog import CaseOrigin, ProblemKind, default_weights
from ..sandbox.program_adapter import DEFAULT_OUTPUT_LIMIT_BYTES, PROGRAM_ENTRY, program_adapter
from .definition import Case, Problem, ProblemLimits
from .program_definition import Checker, CheckerSpec, ProgramSpec
from .yaml_source import YamlDocument

PROGRAM_SCHEMA = "program.schema.json"
BYTES_PER_MB = 1024 * 1024


def _checker(raw: Any) -> CheckerSpec:
    """`checker: tokens`, or `checker: {kind: tokens, abs_tol: 1e-5}`; LiveCodeBench's lines rule by default."""
    if raw is None:
        return CheckerSpec()
    if isinstance(raw, str):
        return CheckerSpec(Checker(raw))
    return CheckerSpec(
        Checker(raw.get("kind", Checker.LINES.value)),
        float(raw.get("abs_tol", 0.0)),
        float(raw.get("rel_tol", 0.0)),
    )


def _limits(raw: dict[str, Any]) -> ProblemLimits:
    defaults = ProblemLimits()
    return ProblemLimits(
        time_per_call_s=float(raw.get("time_per_test_s", defaults.time_per_call_s)),
        memory_mb=int(raw.get("memory_mb", defaults.memory_mb)),
        total_time_s=float(raw.get("total_time_s", defaults.total_time_s)),
    )


def _tests(document: YamlDocument) -> list[Case]:
    """Each test a case of the adapted entry point: its input the one argument, its output the expected value."""
    return [
        Case(
            args=[raw["input"]],
            expected=raw["output"],
            name=raw.get("name"),
            line=document.line_of(("tests", index)),
            origin=CaseOrigin.TEST,
            stdin=True,
        )
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
    reference = program_adapter(script, f"{document.path}#reference", output_limit) if script else ""
    return Problem(
        name=data["name"],
        summary=data["summary"],
        entry_point=PROGRAM_ENTRY,
        reference=reference,
        tests=_tests(document),
        limits=_limits(limits),
        weights={**default_weights(ProblemKind.PROGRAM), **{k: float(v) for k, v in data.get("weights", {}).items()}},
        quality=dict(data.get("quality", {})),
        prompt=data.get("prompt"),
        samples=dict(data.get("samples", {})),
        path=document.path,
        reference_line=document.block_start_line(("reference",)) if script else None,
        kind=ProblemKind.PROGRAM,
        program=ProgramSpec(_checker(data.get("checker")), output_limit),
    )
