"""The `workspace/executeCommand` replies, typed: the editor protocol's answers (docs/architecture.md).

Each reply is a frozen dataclass; `to_json` is the one place they become JSON: an object per
dataclass with its fields in order under camelCase names (`report_uri` -> `reportUri`), None as
null (no key is ever left out), enums as their values, tuples as arrays. The VS Code extension
mirrors these types in extension/src/protocol.ts; tests/lsp/test_protocol_mirror.py holds the two
to the same fields. Light to import: no LSP types here.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields, is_dataclass
from enum import Enum
from typing import Literal, TypeAlias

from ..results.review import DecisionKind

JsonValue: TypeAlias = bool | int | float | str | list["JsonValue"] | dict[str, "JsonValue"] | None


class EvaluateStatus(str, Enum):
    """How `codeeval.evaluate` ended: the `status` of its reply."""

    DONE = "done"
    NEEDS_PROBLEM = "needsProblem"
    CANCELLED = "cancelled"


class Trend(str, Enum):
    """A file's quality now against its version in git HEAD."""

    BETTER = "better"
    WORSE = "worse"
    UNCHANGED = "unchanged"
    UNTRACKED = "untracked"  # git has no HEAD version to compare with


@dataclass(frozen=True)
class ProblemChoice:
    """A problem the user may pick (`codeeval.listProblems`, `needsProblem`'s choices)."""

    name: str
    path: str | None  # None: the "no problem" choice
    summary: str


@dataclass(frozen=True)
class EvaluateDone:
    """`codeeval.evaluate` finished: the score, the reports, each dimension's score (None: not applicable)."""

    # status first, as clients read it first; not an argument: each reply type has one status
    status: Literal[EvaluateStatus.DONE] = field(default=EvaluateStatus.DONE, init=False)
    score: float
    problem: str | None  # None: evaluated without a problem
    report_uri: str
    json_uri: str | None
    dimensions: Mapping[str, float | None]


@dataclass(frozen=True)
class NeedsProblem:
    """`codeeval.evaluate` found no problem: the client asks the user to pick one and calls again."""

    status: Literal[EvaluateStatus.NEEDS_PROBLEM] = field(default=EvaluateStatus.NEEDS_PROBLEM, init=False)
    choices: tuple[ProblemChoice, ...]
    message: str  # why nothing was found (the picker's prompt)


@dataclass(frozen=True)
class EvaluateCancelled:
    """`codeeval.evaluate` was cancelled (the progress's cancel button, or no problem picked)."""

    status: Literal[EvaluateStatus.CANCELLED] = field(default=EvaluateStatus.CANCELLED, init=False)


EvaluateResult: TypeAlias = EvaluateDone | NeedsProblem | EvaluateCancelled


@dataclass(frozen=True)
class ReportLocation:
    """`codeeval.showReport`: the Markdown report of a document's last evaluation."""

    report_uri: str


@dataclass(frozen=True)
class LastResult:
    """`codeeval.lastResult`: a document's last evaluation, from memory or from its reports on disk."""

    score: float | None
    problem: str | None
    report_uri: str


@dataclass(frozen=True)
class FunctionChange:
    """A function whose quality moved since git HEAD."""

    name: str
    before: float | None  # None: the function is new since HEAD
    after: float | None  # None: the function is gone


@dataclass(frozen=True)
class NewFinding:
    """A finding that git HEAD's version of the file does not have."""

    rule: str
    line: int
    message: str


@dataclass(frozen=True)
class Health:
    """`codeeval.health`: the open document's quality against its version in git HEAD."""

    score: float | None
    head_score: float | None  # None: git has no HEAD version of the file
    delta: float | None
    trend: Trend
    headline: str
    markdown: str  # the whole comparison, for a hover or a tooltip
    functions: tuple[FunctionChange, ...]
    new_findings: tuple[NewFinding, ...]
    fixed: int  # findings in HEAD that are gone


@dataclass(frozen=True)
class FileQuality:
    """One row of `codeeval.workspaceQuality`: a workspace file's quality now and in git HEAD."""

    uri: str
    path: str  # relative to its workspace folder
    score: float | None
    head_score: float | None  # None: not in git HEAD
    delta: float | None
    findings: int


@dataclass(frozen=True)
class DecisionRecorded:
    """`codeeval.decideFinding` and `codeeval.overrideScore`: the decision as written to the decision file, and
    the document's score once it applies (None: no evaluation of the document to apply it to)."""

    kind: DecisionKind
    target: str  # the finding's fingerprint, or the overridden dimension (or "total")
    reviewer: str
    reason: str
    decision_file: str  # the file's path; the decision is its last line
    score: float | None  # the last evaluation's total with every decision applied
    report_uri: str | None  # the report, rewritten with the decision applied


class ReviewStatus(str, Enum):
    """How `codeeval.reviewChanges` ended: the `status` of its reply."""

    DONE = "done"  # reviewed: the reports are written
    NOTHING = "nothing"  # not a git checkout, an unknown base, or no Python change: `message` says which
    CANCELLED = "cancelled"


@dataclass(frozen=True)
class ReviewChanges:
    """`codeeval.reviewChanges`: the workspace folder's changes against a base, judged function by function."""

    status: ReviewStatus
    message: str  # the verdict line, or why nothing was reviewed
    report_uri: str | None  # the Markdown report (None: nothing reviewed)
    json_uri: str | None
    changed: int  # changed functions compared
    behaviour_changes: int  # functions whose behaviour changed
    slowdowns: int


def json_name(field_name: str) -> str:
    """A field's key in the JSON: `head_score` -> `headScore`."""
    head, *rest = field_name.split("_")
    return head + "".join(part.capitalize() for part in rest)


def to_json(value: object) -> JsonValue:
    """A reply as the JSON the client receives (see the module's docstring)."""
    if isinstance(value, Enum):  # before str: a str-valued enum is a str
        return to_json(value.value)
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, (list, tuple)):
        return [to_json(item) for item in value]
    return _object_json(value)


def _object_json(value: object) -> dict[str, JsonValue]:
    """A dataclass (fields in order, by their JSON names) or a mapping as a JSON object."""
    if is_dataclass(value) and not isinstance(value, type):
        pairs = [(json_name(item.name), getattr(value, item.name)) for item in fields(value)]
    elif isinstance(value, Mapping):
        pairs = [(str(key), item) for key, item in value.items()]
    else:
        raise TypeError(f"no JSON form for a reply holding {type(value).__name__}")
    return {key: to_json(item) for key, item in pairs}
