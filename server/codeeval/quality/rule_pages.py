"""docs/rules/CQ*.md, generated from each rule module: its docstring and its constants.

A rule's page is its module's docstring (all but the first line, which names the module)
under a `# ID: Title` heading. For a measurement rule (a module with a MEASURE) the
severity tiers and the configuration come from the constants the rule runs on, inserted
before its `## What to do` section, so the numbers on the page are the numbers in force.
`scripts/make_rule_docs.py` writes the pages; a test fails when a checked-in page differs.
"""

from __future__ import annotations

from types import ModuleType

from ..base.findings import Severity
from .config import SHORTHANDS
from .rule import Rule
from .rules import RULE_MODULES
from .rules.threshold import Measure

WHAT_TO_DO = "## What to do"


def rule_pages() -> dict[str, str]:
    """Every rule's page text by its path relative to the project root (docs/rules/CQ101.md, ...)."""
    return {module.RULE.doc_path: rule_page(module.RULE, module) for module in RULE_MODULES}


def rule_page(rule: Rule, module: ModuleType) -> str:
    """One rule's page: the module docstring's body, with the measurement sections where a MEASURE exists."""
    _, _, body = (module.__doc__ or "").strip().partition("\n")
    body = body.strip()
    measure = getattr(module, "MEASURE", None)
    if isinstance(measure, Measure):
        before, marker, after = body.partition(f"\n{WHAT_TO_DO}\n")
        if not marker:
            raise ValueError(f"{module.__name__}: a measurement rule's docstring needs a `{WHAT_TO_DO}` section")
        body = f"{before.rstrip()}\n\n{_measurement_sections(rule, measure)}\n\n{WHAT_TO_DO}\n{after}"
    return f"# {rule.id}: {rule.title}\n\n{body}\n"


def _measurement_sections(rule: Rule, measure: Measure) -> str:
    limit = rule.options["max"]
    shorthand = next((name for name, rule_id in SHORTHANDS.items() if rule_id == rule.id), None)
    setting = [f"  {shorthand}: {limit}          # shorthand"] if shorthand else []
    return "\n".join(
        [
            "## Severity",
            "",
            f"Past the limit: {_tiers_text(limit, measure)}.",
            "The further past the limit, the higher the *severity calibration* part of the confidence (0.55 just",
            f"past it, 1.0 at twice the limit). Its accuracy part is {measure.accuracy:g}. "
            "Private and nested functions",
            "count with slightly less relevance than public ones.",
            "",
            "## Configuration",
            "",
            "```yaml",
            "quality:",
            *setting,
            "  rules:",
            f"    {rule.id}: {{max: {limit}}}  # the same, as the rule's option (wins within one layer)",
            "```",
        ]
    )


def _tiers_text(limit: int, measure: Measure) -> str:
    """Which values are a suggestion, a warning, a critical finding, found with the rule's own Tiers."""
    warning = _first_value(limit, measure, (Severity.WARNING, Severity.CRITICAL))
    last_suggestion = warning - 1
    suggestions = f"at {last_suggestion}" if last_suggestion == limit + 1 else f"up to {last_suggestion}"
    text = f"suggestion {suggestions}, warning from {warning} ({measure.tiers.warning_at:g}x)"
    if measure.tiers.critical_at is None:
        return text + "; never critical"
    critical = _first_value(limit, measure, (Severity.CRITICAL,))
    return text + f", critical from {critical} ({measure.tiers.critical_at:g}x)"


def _first_value(limit: int, measure: Measure, severities: tuple[Severity, ...]) -> int:
    """The smallest value past `limit` whose severity is one of `severities`."""
    value = limit + 1
    while measure.tiers.severity(value / limit) not in severities:
        value += 1
    return value
