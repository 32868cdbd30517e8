"""docs/rules/CQ*.md are generated from the rule modules: the checked-in pages cannot drift from them."""

import re
from pathlib import Path

from codeeval.quality.rule_pages import rule_pages
from codeeval.quality.rules import RULE_MODULES

REPO = Path(__file__).resolve().parents[2]


def test_every_checked_in_rule_page_is_the_generated_one():
    pages = rule_pages()
    assert sorted(pages) == sorted(str(p.relative_to(REPO)) for p in (REPO / "docs" / "rules").glob("CQ*.md"))
    stale = [path for path, text in pages.items() if (REPO / path).read_text(encoding="utf-8") != text]
    assert stale == [], f"run scripts/make_rule_docs.py: {', '.join(stale)} differ from the rule modules"


def test_measurement_pages_state_the_limits_and_tiers_the_rule_runs_with():
    pages = rule_pages()
    assert (
        "Past the limit: suggestion up to 12, warning from 13 (1.25x), critical from 20 (2x)."
        in pages["docs/rules/CQ104.md"]
    )
    assert "suggestion at 5, warning from 6 (1.5x), critical from 8 (2x)" in pages["docs/rules/CQ108.md"]
    assert "warning from 9 (1.5x); never critical" in pages["docs/rules/CQ110.md"]
    assert (
        "  max_function_lines: 40          # shorthand\n  rules:\n    CQ106: {max: 40}" in pages["docs/rules/CQ106.md"]
    )


def test_a_default_named_in_a_rule_docstring_is_the_rule_s_own():
    for module in RULE_MODULES:
        limit = module.RULE.options.get("max")
        for named in re.findall(r"\(default (\d+)", module.__doc__ or ""):
            assert int(named) == limit, f"{module.__name__} says default {named}, runs with {limit}"
