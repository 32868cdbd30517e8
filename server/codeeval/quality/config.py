"""Quality settings: defaults, a problem's `quality:` mapping, `[tool.codeeval.quality]` in pyproject.toml.

A settings mapping has the problem format's shape:

    max_function_lines: 40      # shorthands for rules' `max` option
    max_branches: 8
    max_complexity: 10
    max_nesting: 4
    max_parameters: 6
    max_cognitive_complexity: 15
    rules:
      CQ103: false              # disabled
      CQ104: {max: 12}          # options (and enabled)

Layers merge in order, later ones winning (project config, then the
problem's settings); within a layer a rule's own options win over the
shorthands. Errors name the setting, so the command line can say which
file and key are wrong.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..base.errors import CodeevalError
from .rules import ALL_RULES, RULES_BY_ID
from .script_style import Style

SHORTHANDS = {
    "max_complexity": "CQ104",
    "max_cognitive_complexity": "CQ105",
    "max_function_lines": "CQ106",
    "max_branches": "CQ107",
    "max_nesting": "CQ108",
    "max_parameters": "CQ110",
}


class QualityConfigError(CodeevalError):
    """A quality setting has an unknown name or a value of the wrong type."""


@dataclass(frozen=True)
class QualityConfig:
    """Resolved settings: every rule's options with defaults filled in, and the rules turned off."""

    options: Mapping[str, Mapping[str, Any]]  # rule id -> its options, defaults filled in
    disabled: frozenset[str]
    style: Style = Style.LIBRARY  # `style: script` for programs run for their output (quality/script_style.py)

    def enabled(self, rule_id: str) -> bool:
        """Whether the rule runs under this configuration."""
        return rule_id not in self.disabled


DEFAULT_CONFIG = QualityConfig({rule.id: dict(rule.options) for rule in ALL_RULES}, frozenset())


def resolve(*layers: Mapping[str, Any] | None, source: str | None = None) -> QualityConfig:
    """Defaults, then each layer on top. `source` names where the settings came from, for errors."""
    options = {rule.id: dict(rule.options) for rule in ALL_RULES}
    disabled: set[str] = set()
    style = Style.LIBRARY
    for layer in layers:
        if not layer:
            continue
        if not isinstance(layer, Mapping):
            raise QualityConfigError("quality settings must be a mapping", path=source)
        style = _style(layer.get("style", style), source)
        _apply(layer, options, disabled, source)
    return QualityConfig(options, frozenset(disabled), style)


def _style(value: Any, source: str | None) -> Style:
    try:
        return Style(value)
    except ValueError:
        known = ", ".join(style.value for style in Style)
        raise QualityConfigError(f"quality.style: {value!r} is not one of {known}", path=source) from None


def _apply(
    layer: Mapping[str, Any], options: dict[str, dict[str, Any]], disabled: set[str], source: str | None
) -> None:
    for key, value in layer.items():
        if key in ("rules", "style"):
            continue
        if key not in SHORTHANDS:
            known = ", ".join([*SHORTHANDS, "rules", "style"])
            raise QualityConfigError(f"quality.{key}: unknown setting (known: {known})", path=source)
        options[SHORTHANDS[key]]["max"] = _checked(f"quality.{key}", value, 1, source)
    rules = layer.get("rules") or {}
    if not isinstance(rules, Mapping):
        raise QualityConfigError("quality.rules: must map rule ids to false, true or options", path=source)
    for rule_id, setting in rules.items():
        _apply_rule(str(rule_id), setting, options, disabled, source)


def _apply_rule(
    rule_id: str, setting: Any, options: dict[str, dict[str, Any]], disabled: set[str], source: str | None
) -> None:
    """`false` disables the rule; `true` or a mapping of options enables it."""
    rule = RULES_BY_ID.get(rule_id.upper())
    if rule is None:
        raise QualityConfigError(
            f"quality.rules.{rule_id}: unknown rule (known: {', '.join(RULES_BY_ID)})", path=source
        )
    if setting is False:
        disabled.add(rule.id)
        return
    disabled.discard(rule.id)
    if setting is True or setting is None:
        return
    if not isinstance(setting, Mapping):
        raise QualityConfigError(f"quality.rules.{rule_id}: use false, true or a mapping of options", path=source)
    for name, value in setting.items():
        if name not in rule.options:
            known = ", ".join(rule.options) or "none"
            raise QualityConfigError(f"quality.rules.{rule_id}.{name}: unknown option (known: {known})", path=source)
        options[rule.id][name] = _checked(f"quality.rules.{rule_id}.{name}", value, rule.options[name], source)


def _checked(where: str, value: Any, default: Any, source: str | None) -> Any:
    """The value, if it has the type of the option's default (a positive int for limits)."""
    if isinstance(default, bool):
        if isinstance(value, bool):
            return value
        raise QualityConfigError(f"{where}: expected true or false, got {value!r}", path=source)
    if isinstance(default, int):
        if isinstance(value, int) and not isinstance(value, bool) and value >= 1:
            return value
        raise QualityConfigError(f"{where}: expected a whole number of at least 1, got {value!r}", path=source)
    if isinstance(default, list):
        if isinstance(value, (list, tuple)) and all(isinstance(item, str) for item in value):
            return list(value)
        raise QualityConfigError(f"{where}: expected a list of strings, got {value!r}", path=source)
    return value


def merge_settings(*layers: Mapping[str, Any] | None) -> dict[str, Any]:
    """One settings mapping from several, later layers winning key by key (rules merged per rule and option)."""
    merged: dict[str, Any] = {}
    rules: dict[str, Any] = {}
    for layer in layers:
        for key, value in (layer or {}).items():
            if key != "rules":
                merged[key] = value
                continue
            for rule_id, setting in (value or {}).items():
                previous = rules.get(rule_id)
                if isinstance(setting, Mapping) and isinstance(previous, Mapping):
                    setting = {**previous, **setting}
                rules[rule_id] = setting
    if rules:
        merged["rules"] = rules
    return merged


@dataclass(frozen=True)
class ProjectSettings:
    """What `[tool.codeeval.quality]` in the nearest pyproject.toml says (empty when there is none)."""

    settings: Mapping[str, Any]
    path: Path | None = None  # the pyproject.toml read
    note: str = ""  # why a pyproject.toml was ignored, for the user


def load_project_settings(start: Path) -> ProjectSettings:
    """Settings from the nearest pyproject.toml (at or above `start`) with a [tool.codeeval] table."""
    directory = start if start.is_dir() else start.parent
    for folder in [directory.resolve(), *directory.resolve().parents]:
        candidate = folder / "pyproject.toml"
        if candidate.is_file():
            found = read_pyproject(candidate)
            if found is not None:
                return found
    return ProjectSettings({})


def read_pyproject(path: Path) -> ProjectSettings | None:
    """The file's settings; None when it has no [tool.codeeval] table."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise QualityConfigError(f"cannot read: {exc}", path=str(path)) from None
    if "codeeval" not in text:  # skip parsing the many pyproject.toml files that cannot have our table
        return None
    toml = _toml_module()
    if toml is None:
        return ProjectSettings(
            {}, path, note=f"{path}: [tool.codeeval] ignored: reading TOML needs Python 3.11 or the `tomli` package"
        )
    try:
        data = toml.loads(text)
    except toml.TOMLDecodeError as exc:
        raise QualityConfigError(f"not valid TOML: {exc}", path=str(path)) from None
    table = data.get("tool", {}).get("codeeval")
    if table is None:
        return None
    quality = table.get("quality", {}) if isinstance(table, Mapping) else None
    if not isinstance(quality, Mapping):
        raise QualityConfigError("[tool.codeeval.quality] must be a table", path=str(path))
    resolve(quality, source=str(path))  # fail now, naming this file, rather than at first use
    return ProjectSettings(dict(quality), path)


def _toml_module() -> Any:
    for name in ("tomllib", "tomli"):  # the standard library's (3.11+), else the same parser as a package
        try:
            return importlib.import_module(name)
        except ModuleNotFoundError:
            continue
    return None
