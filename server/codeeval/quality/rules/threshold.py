"""The shared shape of the measurement rules: a per-function number against a configurable limit.

Severity grows with how far past the limit the number is (`Tiers`), and so
does the severity calibration; helpers and nested functions count with a
little less relevance than public functions.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from ...base.findings import Finding
from ..confidence import Evidence, Tiers
from ..context import Context, FunctionScope
from ..metrics import FunctionMetrics
from ..rule import Rule


@dataclass(frozen=True)
class Measure:
    """How a measurement rule reads, judges and explains its number."""

    value: Callable[[FunctionMetrics], int]
    tiers: Tiers
    accuracy: float  # how faithfully the number reflects what the rule cares about
    describe: Callable[[FunctionScope, FunctionMetrics, int], str]  # the message, given the limit
    suggestion: str
    relevance: Callable[[FunctionScope], float] | None = None  # default: 0.85 public, 0.75 otherwise


def over_limit(rule: Rule, ctx: Context, limit: int, measure: Measure) -> Iterator[Finding]:
    """A finding for each function whose measurement exceeds `limit`."""
    for function in ctx.functions:
        metrics = ctx.metrics[function]
        value = measure.value(metrics)
        if value <= limit:
            continue
        ratio = value / limit
        relevance = measure.relevance(function) if measure.relevance else (0.85 if function.is_public else 0.75)
        evidence = Evidence(
            relevance=relevance, accuracy=measure.accuracy, action="advice", calibration=Tiers.calibration(ratio)
        )
        yield rule.finding(
            range=ctx.source.name_range(function.node),
            symbol=function.key,
            message=measure.describe(function, metrics, limit),
            severity=measure.tiers.severity(ratio),
            evidence=evidence,
            suggestion=measure.suggestion,
            value=value,
            limit=limit,
        )


def threshold_rule(
    *, id: str, name: str, title: str, category: str, summary: str, default: int, measure: Measure
) -> Rule:
    """A rule whose only option is `max`, the limit its measurement is held to."""

    def check(ctx: Context, options: Mapping[str, Any]) -> Iterator[Finding]:
        return over_limit(rule, ctx, options["max"], measure)

    rule = Rule(
        id=id, name=name, title=title, category=category, summary=summary, check=check, options={"max": default}
    )
    return rule
