"""`codeeval check FILE...`: code quality only, linter-style; nothing is executed.

Exit codes: 0 nothing at or above --fail-on; 1 a finding at or above it;
2 a file could not be checked (missing, binary, not text, does not parse) or
the configuration is wrong, with a message naming the file. Low-confidence
findings are shown but do not fail the run unless --include-low-confidence.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from ..base.findings import THRESHOLDS, threshold_of

if TYPE_CHECKING:
    from ..base.calibration import Calibration
    from ..quality.config import QualityConfig
    from ..report.check_files import FileResult

SettingsFinder = Callable[[Path], "QualityConfig"]  # a checked file's resolved quality settings

NAME = "check"
HELP = "check code quality only, linter-style (nothing is executed)"
FORMATS = ("text", "json", "sarif", "github")
EXIT_OK, EXIT_FINDINGS, EXIT_BAD_INPUT = 0, 1, 2


def configure(parser: argparse.ArgumentParser) -> None:
    """The command's arguments."""
    parser.add_argument("files", nargs="+", metavar="FILE", help="Python files, or folders to search for *.py")
    parser.add_argument(
        "--format",
        "-f",
        choices=FORMATS,
        default="text",
        help="text (default), json, sarif (SARIF 2.1.0) or github (workflow annotations)",
    )
    parser.add_argument(
        "--fail-on",
        choices=THRESHOLDS,
        default="warning",
        help="exit 1 when a finding this severe or worse exists (default: warning)",
    )
    parser.add_argument(
        "--include-low-confidence", action="store_true", help="let low-confidence findings count for --fail-on too"
    )
    parser.add_argument("--select", metavar="IDS", help="only these rules, comma-separated (e.g. CQ101,CQ111)")
    parser.add_argument("--ignore", metavar="IDS", help="skip these rules, comma-separated")
    config = parser.add_mutually_exclusive_group()
    config.add_argument(
        "--config",
        metavar="PYPROJECT",
        help="read [tool.codeeval.quality] from this file instead of the nearest pyproject.toml",
    )
    config.add_argument("--no-config", action="store_true", help="ignore pyproject.toml files")
    parser.add_argument("--output", "-o", metavar="PATH", help="write the output here instead of standard output")
    parser.add_argument(
        "--decisions",
        metavar="FILE",
        default=None,
        help="people's decisions (docs/decisions.md): findings dismissed on a file's exact content are shown as "
        "dismissed and fail nothing; default: the nearest codeeval-decisions.jsonl; 'none' reads none",
    )


def run(args: argparse.Namespace) -> int:
    """Check the files and print the findings; the exit code says whether the run should fail."""
    from ..decisions.decision import DecisionFileError
    from ..quality.config import QualityConfigError
    from ..report import check_output, sarif
    from ..report.check_decisions import attach_dismissals, calibration_finder, log_finder
    from ..report.check_files import expand

    try:
        overrides = _rule_overrides(args.select, args.ignore)
        settings_for = _settings_finder(args, overrides)
        log_for = log_finder(args.decisions)
        calibration_for = calibration_finder(log_for)
        results = [_check_one(path, settings_for, calibration_for) for path in expand(args.files)]
        attach_dismissals(results, log_for)
    except (QualityConfigError, DecisionFileError) as exc:
        print(f"codeeval: {exc.location_message()}", file=sys.stderr)
        return EXIT_BAD_INPUT
    render = {
        "text": check_output.text,
        "json": check_output.json_document,
        "sarif": sarif.document,
        "github": check_output.github,
    }
    _emit(render[args.format](results), args.output)
    for result in results:
        if result.bad and args.format != "text":  # text already says so; other formats go to machines
            print(f"codeeval: {result.display}: {result.error}", file=sys.stderr)
    if not results:
        print("codeeval: no Python files to check", file=sys.stderr)
    if any(result.bad for result in results):
        return EXIT_BAD_INPUT
    failing = check_output.counts_at_or_above(results, threshold_of(args.fail_on), args.include_low_confidence)
    return EXIT_FINDINGS if failing else EXIT_OK


def _rule_overrides(select: str | None, ignore: str | None) -> dict[str, dict[str, bool]]:
    """--select / --ignore as a settings layer: {"rules": {id: False, ...}}."""
    from ..quality import RULES_BY_ID
    from ..quality.config import QualityConfigError

    def ids(text: str, flag: str) -> set[str]:
        chosen = {part.strip().upper() for part in text.split(",") if part.strip()}
        unknown = chosen - set(RULES_BY_ID)
        if unknown:
            raise QualityConfigError(
                f"{flag}: unknown rule {', '.join(sorted(unknown))} (known: {', '.join(RULES_BY_ID)})"
            )
        return chosen

    disabled = set()
    if select:
        disabled |= set(RULES_BY_ID) - ids(select, "--select")
    if ignore:
        disabled |= ids(ignore, "--ignore")
    return {"rules": dict.fromkeys(sorted(disabled), False)} if disabled else {}


def _settings_finder(args: argparse.Namespace, overrides: dict[str, dict[str, bool]]) -> SettingsFinder:
    """A function file -> resolved QualityConfig: the nearest pyproject.toml's settings, then the flags."""
    from ..quality.config import (
        ProjectSettings,
        load_project_settings,
        merge_settings,
        read_pyproject,
        resolve,
    )

    cache: dict[Path, QualityConfig] = {}
    notes_shown: set[str] = set()

    def project(path: Path) -> ProjectSettings:
        if args.no_config:
            return ProjectSettings({})
        if args.config:
            return read_pyproject(Path(args.config)) or ProjectSettings({}, Path(args.config))
        return load_project_settings(path)

    def settings_for(path: Path) -> QualityConfig:
        folder = path.parent.resolve()
        if folder not in cache:
            found = project(path)
            if found.note and found.note not in notes_shown:
                notes_shown.add(found.note)
                print(f"codeeval: {found.note}", file=sys.stderr)
            cache[folder] = resolve(
                merge_settings(found.settings, overrides), source=str(found.path) if found.path else None
            )
        return cache[folder]

    return settings_for


def _check_one(path: Path, settings_for: SettingsFinder, calibration_for: Callable[[Path], Calibration]) -> FileResult:
    """One file's findings, each rule's confidence moved by people's decisions on it (docs/decisions.md)."""
    from ..quality import analyze
    from ..report.check_files import FileResult, display_path, read_source
    from ..results.review import solution_hash

    result = FileResult(path=path, display=display_path(path))
    text, problem = read_source(path)
    if text is None:
        result.error = problem
        return result
    report = analyze(text, result.display, settings_for(path), calibration_for(path))
    result.report = report
    result.sha256 = solution_hash(text)  # what people's decisions on its findings name
    if report.parse_error:
        result.error = f"does not parse: {report.parse_error}"
        if report.parse_error_range is not None:
            result.error_line = report.parse_error_range.start_line
            result.error_column = report.parse_error_range.start_col
    return result


def _emit(text: str, destination: str | None) -> None:
    if destination:
        Path(destination).parent.mkdir(parents=True, exist_ok=True)
        Path(destination).write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)
