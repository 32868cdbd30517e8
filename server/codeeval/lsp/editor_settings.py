"""The `codeeval` settings section: parsed, validated and resolved per workspace folder.

Settings arrive three ways: `initializationOptions` (global), a pushed
`workspace/didChangeConfiguration` (global), and `workspace/configuration`
pulled with a folder's scope (per folder, multi-root). A document gets the
defaults, overlaid by the global values, overlaid by its folder's values.
Bad values are dropped with a message rather than failing the server.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any, TypeAlias

from ..base.catalog import all_names

SECTION = "codeeval"
RUN_MODES = ("onSave", "onType")
SEVERITY_NAMES = ("error", "warning", "information", "hint")
DEFAULT_SEVERITY_MAP = {"critical": "error", "warning": "warning", "suggestion": "information"}
LIMIT_NAMES = ("time_per_call_s", "memory_mb")


@dataclass(frozen=True)
class Settings:
    problems_folders: tuple[str, ...] = ("problems",)
    run: str = "onSave"
    weights: dict[str, float] = field(default_factory=dict)
    limits: dict[str, float] = field(default_factory=dict)
    severity_map: dict[str, str] = field(default_factory=lambda: dict(DEFAULT_SEVERITY_MAP))
    enabled_rules: tuple[str, ...] | None = None
    disabled_rules: tuple[str, ...] = ()
    inlay_hints: bool = True

    def quality_settings(self) -> dict[str, Any]:
        """What the quality analyzer takes: which rules run."""
        return {
            "enabled_rules": list(self.enabled_rules) if self.enabled_rules is not None else None,
            "disabled_rules": list(self.disabled_rules),
        }

    def rule_enabled(self, rule_id: str) -> bool:
        if rule_id in self.disabled_rules:
            return False
        return self.enabled_rules is None or rule_id in self.enabled_rules


def section_of(raw: Any) -> dict:
    """The `codeeval` section of whatever a client sent: `{codeeval: {...}}` or the section itself."""
    if not isinstance(raw, dict):
        return {}
    inner = raw.get(SECTION)
    return inner if isinstance(inner, dict) else raw


def overlay(base: Settings, raw: Any, problems: list[str] | None = None) -> Settings:
    """`base` with every valid value of `raw` (a section dict) applied; invalid ones are reported in `problems`."""
    raw = section_of(raw)
    problems = problems if problems is not None else []
    changes: dict[str, Any] = {}
    for key, parse in _PARSERS.items():
        if key not in raw:
            continue
        try:
            name, value = parse(raw[key], base)
        except (TypeError, ValueError) as exc:
            problems.append(f"codeeval.{key}: {exc}; ignored")
            continue
        changes[name] = value
    return replace(base, **changes)


# A setting parsed: the Settings field it sets, and its value.
Parsed: TypeAlias = tuple[str, object]


def _strings(value: Any, what: str) -> tuple[str, ...]:
    if not isinstance(value, (list, tuple)) or not all(isinstance(v, str) for v in value):
        raise TypeError(f"expected a list of {what}")
    return tuple(value)


def _problems_folders(value: Any, base: Settings) -> Parsed:
    return "problems_folders", _strings(value, "folder names")


def _run(value: Any, base: Settings) -> Parsed:
    if value not in RUN_MODES:
        raise ValueError(f"expected one of {', '.join(RUN_MODES)}, got {value!r}")
    return "run", value


def _numbers(value: Any, allowed: tuple[str, ...], what: str) -> dict[str, float]:
    if not isinstance(value, dict):
        raise TypeError(f"expected an object of {what}")
    out = {}
    for key, number in value.items():
        if key not in allowed:
            raise ValueError(f"unknown {what[:-1]} {key!r} (known: {', '.join(allowed)})")
        if isinstance(number, bool) or not isinstance(number, (int, float)) or number < 0:
            raise ValueError(f"{key} must be a non-negative number")
        out[key] = number
    return out


def _weights(value: Any, base: Settings) -> Parsed:
    return "weights", _numbers(value, all_names(), "weights")


def _limits(value: Any, base: Settings) -> Parsed:
    limits = _numbers(value, LIMIT_NAMES, "limits")
    if any(v <= 0 for v in limits.values()):
        raise ValueError("limits must be positive")
    if "memory_mb" in limits:
        limits["memory_mb"] = int(limits["memory_mb"])
    return "limits", limits


def _severity_map(value: Any, base: Settings) -> Parsed:
    if not isinstance(value, dict):
        raise TypeError("expected an object mapping critical/warning/suggestion to a severity")
    merged = dict(base.severity_map)
    for key, name in value.items():
        if key not in DEFAULT_SEVERITY_MAP:
            raise ValueError(f"unknown finding severity {key!r}")
        if name not in SEVERITY_NAMES:
            raise ValueError(f"{key}: expected one of {', '.join(SEVERITY_NAMES)}, got {name!r}")
        merged[key] = name
    return "severity_map", merged


def _enabled_rules(value: Any, base: Settings) -> Parsed:
    return "enabled_rules", None if value is None else _strings(value, "rule ids")


def _disabled_rules(value: Any, base: Settings) -> Parsed:
    return "disabled_rules", () if value is None else _strings(value, "rule ids")


def _inlay_hints(value: Any, base: Settings) -> Parsed:
    if not isinstance(value, bool):
        raise TypeError("expected true or false")
    return "inlay_hints", value


_PARSERS: dict[str, Callable[[Any, Settings], Parsed]] = {
    "problemsFolders": _problems_folders,
    "run": _run,
    "weights": _weights,
    "limits": _limits,
    "severityMap": _severity_map,
    "enabledRules": _enabled_rules,
    "disabledRules": _disabled_rules,
    "inlayHints": _inlay_hints,
}


class SettingsStore:
    """Global settings plus per-folder overrides; `for_uri` picks the folder by longest URI prefix."""

    def __init__(self) -> None:
        self.global_raw: dict = {}
        self.folder_raw: dict[str, dict] = {}  # folder URI -> section pulled for that folder
        self._cache: dict[str, Settings] = {}

    def set_global(self, raw: Any, problems: list[str] | None = None) -> None:
        self.global_raw = dict(section_of(raw))
        self._validate(self.global_raw, problems)
        self._cache.clear()

    def set_folder(self, folder_uri: str, raw: Any, problems: list[str] | None = None) -> None:
        self.folder_raw[folder_uri.rstrip("/")] = dict(section_of(raw))
        self._validate(self.folder_raw[folder_uri.rstrip("/")], problems)
        self._cache.clear()

    def forget_folder(self, folder_uri: str) -> None:
        self.folder_raw.pop(folder_uri.rstrip("/"), None)
        self._cache.clear()

    def for_folder(self, folder_uri: str | None) -> Settings:
        key = (folder_uri or "").rstrip("/")
        cached = self._cache.get(key)
        if cached is None:
            cached = overlay(overlay(Settings(), self.global_raw, []), self.folder_raw.get(key, {}), [])
            self._cache[key] = cached
        return cached

    @staticmethod
    def _validate(raw: dict, problems: list[str] | None) -> None:
        if problems is not None:
            overlay(Settings(), raw, problems)
