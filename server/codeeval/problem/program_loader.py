"""Building the Problem of a validated `kind: program` file (program.schema.json checks its shape first)."""

from __future__ import annotations

from typing import Any

from ..sandbox.program_adapter import DEFAULT_OUTPUT_LIMIT_BYTES
from .definition import Problem, ProblemLimits
from .io_problems import StdinTest, stdin_problem
from .program_definition import Checker, CheckerSpec
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
        checker=_checker(data.get("checker")),
        limits=_limits(limits),
        output_limit_bytes=output_limit,
        reference=script,
        path=document.path,
        weights={k: float(v) for k, v in data.get("weights", {}).items()},
    )
    problem.quality = dict(data.get("quality", {}))
    problem.samples = dict(data.get("samples", {}))
    problem.reference_line = document.block_start_line(("reference",)) if script else None
    return problem
