"""The code-quality rules, one module each, in id order."""

from __future__ import annotations

from dataclasses import replace

from ..rule import Rule
from . import (
    bare_except,
    branching,
    cognitive,
    cyclomatic,
    docstrings,
    length,
    mutable_defaults,
    naming,
    nesting,
    parameters,
    returns,
    type_hints,
)

RULE_MODULES = (
    docstrings,
    type_hints,
    naming,
    cyclomatic,
    cognitive,
    length,
    branching,
    nesting,
    returns,
    parameters,
    mutable_defaults,
    bare_except,
)

ALL_RULES: tuple[Rule, ...] = tuple(
    sorted(
        (replace(module.RULE, description=(module.__doc__ or "").strip()) for module in RULE_MODULES),
        key=lambda rule: rule.id,
    )
)
RULES_BY_ID: dict[str, Rule] = {rule.id: rule for rule in ALL_RULES}
