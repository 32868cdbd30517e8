"""analyze(): parse once, run the enabled rules on the shared context, score what they find.

This is the language server's save path, so it stays cheap: one `ast.parse`,
one traversal that groups every scope's nodes by type (what most rules and
the cyclomatic count read), one pass over each function's statements for its
shape. No libcst here; fixes are described now and computed when a code
action asks (fix.py).
"""

from __future__ import annotations

import ast
import re
from collections.abc import Mapping
from typing import Any

from ..base import python_ast
from ..base.calibration import AUTOMATIC_KEY, NO_CALIBRATION, NOTE_KEY, Calibration
from ..base.findings import Finding, Range
from .config import QualityConfig, resolve
from .context import Context, FunctionScope, build
from .metrics import measure_all
from .quality_report import FunctionQuality, QualityReport
from .rubric import function_score, score_findings, sub_scores
from .rule import CATEGORIES
from .rules import ALL_RULES, RULES_BY_ID
from .script_style import Style, as_script
from .source import SourceText

_IGNORE = re.compile(r"#\s*codeeval:\s*ignore(?:\[([A-Za-z0-9_,\s]*)\])?")


def analyze(
    source: str,
    path: str = "solution.py",
    settings: Mapping[str, Any] | QualityConfig | None = None,
    calibration: Calibration = NO_CALIBRATION,
) -> QualityReport:
    """Score `source` (never executed) with the quality rules; `settings` as in a problem's `quality:`;
    `calibration`: people's decisions on each rule's findings, which move its confidence (base/calibration.py)."""
    config = settings if isinstance(settings, QualityConfig) else resolve(settings)
    try:
        tree = python_ast.parse(source, filename=path)
    except SyntaxError as exc:
        return _unparsable(path, f"line {exc.lineno or 1}: {exc.msg}", exc.lineno, exc.offset)
    except (ValueError, RecursionError, MemoryError) as exc:  # null bytes; absurdly deep nesting
        return _unparsable(path, f"cannot parse: {exc}", None, None)
    try:
        return _analyze_tree(SourceText(source), tree, path, config, calibration)
    except RecursionError:
        return _unparsable(path, "too deeply nested to analyse", None, None)


def _analyze_tree(
    text: SourceText, tree: ast.Module, path: str, config: QualityConfig, calibration: Calibration
) -> QualityReport:
    ctx = build(text, tree)
    measure_all(ctx)
    findings: list[Finding] = []
    for rule in ALL_RULES:
        if config.enabled(rule.id):
            findings.extend(rule.check(ctx, config.options[rule.id]))
    findings, suppressed = _without_suppressed(findings, text)
    if calibration:
        _calibrate(findings, calibration)
    findings, shown_only = as_script(findings) if config.style is Style.SCRIPT else (findings, [])
    units = _units(ctx)
    scored = score_findings(
        findings, unit_of=lambda f: units.get(f.symbol or "", ""), title_of=lambda rule_id: RULES_BY_ID[rule_id].title
    )
    findings = sorted(findings + shown_only, key=lambda f: (f.range.start_line, f.range.start_col, f.rule_id))
    return QualityReport(
        path=path,
        score=scored.score,
        findings=findings,
        functions=_functions(ctx, findings),
        rationale=scored.rationale,
        suppressed=suppressed,
    )


def _unparsable(path: str, message: str, line: int | None, column: int | None) -> QualityReport:
    where = Range(line, max((column or 1) - 1, 0), line, max((column or 1) - 1, 0)) if line else None
    return QualityReport(
        path=path,
        score=0.0,
        findings=[],
        functions={},
        parse_error=message,
        parse_error_range=where,
        rationale=[f"The source does not parse ({message}), so its quality scores 0."],
    )


def _units(ctx: Context) -> dict[str, str]:
    """symbol -> the scoring unit it counts against (see scoring.UNIT_CAP)."""
    units = {function.key: function.unit.key for function in ctx.functions}
    for cls in ctx.classes:
        outer = cls.parent
        while outer is not None and not isinstance(outer, FunctionScope):
            outer = outer.parent
        units[cls.key] = outer.unit.key if isinstance(outer, FunctionScope) else cls.key
    return units


def _calibrate(findings: list[Finding], calibration: Calibration) -> None:
    """Move each finding's confidence by its rule's record of decisions, saying so in its details."""
    for finding in findings:
        note = calibration.note(finding.rule_id, finding.confidence)
        if note:
            automatic = finding.confidence
            finding.confidence = calibration.adjust(finding.rule_id, automatic)
            finding.details = {**finding.details, NOTE_KEY: note, AUTOMATIC_KEY: automatic.to_dict()}


def _without_suppressed(findings: list[Finding], text: SourceText) -> tuple[list[Finding], int]:
    """Drop findings whose first line says `# codeeval: ignore` or `# codeeval: ignore[CQ101, ...]`."""
    kept = []
    for finding in findings:
        match = _IGNORE.search(text.line(finding.range.start_line))
        if match and (
            match.group(1) is None or finding.rule_id in {part.strip().upper() for part in match.group(1).split(",")}
        ):
            continue
        kept.append(finding)
    return kept, len(findings) - len(kept)


def _functions(ctx: Context, findings: list[Finding]) -> dict[str, FunctionQuality]:
    own: dict[str, list[Finding]] = {}
    for finding in findings:
        own.setdefault(finding.symbol or "", []).append(finding)
    category_of = lambda rule_id: RULES_BY_ID[rule_id].category  # noqa: E731
    result = {}
    for function in ctx.functions:
        mine = own.get(function.key, [])
        result[function.key] = FunctionQuality(
            name=function.key,
            name_range=ctx.source.name_range(function.node),
            range=ctx.source.node_range(function.node),
            score=function_score(mine),
            sub_scores=sub_scores(mine, category_of, CATEGORIES),
            metrics=ctx.metrics[function].to_dict(),
            findings=mine,
        )
    return result
