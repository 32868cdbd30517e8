"""The dimensions a score is made of, per kind of problem: each one's name, titles and default weight.

Data only, importing nothing outside `base`, so the problem loader, the command line, the
editor's settings, the reports and the leaderboard all read the one list
(`codeeval --help` must not import the engine). What each dimension does is
bound to these entries in `registry.py`; a test holds the two to the same set.

A new kind of problem (a plot, a web page) adds its kind to `ProblemKind` and to
`KINDS` with the parts it is scored on, and its evaluators to the registry under that kind.
"""

from __future__ import annotations

from dataclasses import dataclass

from .vocabulary import Vocabulary


class EntryKind(Vocabulary):
    """What a function problem's entry point names: a function called with inputs, or a class whose
    methods are called in sequences (read from the source by generation, reported by the worker on load)."""

    FUNCTION = "function"
    CLASS = "class"


class CaseOrigin(Vocabulary):
    """Where a function problem's case comes from; reports group and label cases by it."""

    TEST = "test"  # the problem's `tests:`
    EDGE = "edge"  # the problem's hand-written `edge_cases: cases:`
    EXTENDED = "extended"  # the stored `extended_inputs` (a benchmark's plus tier), judged by the reference
    GENERATED = "generated"  # made from the signature by generation, judged by the reference


class ProblemKind(Vocabulary):
    """What a problem asks for: a function, a plot, or a web page."""

    FUNCTION = "function"  # a function or class called with inputs, against a reference
    PLOT = "plot"  # a script that draws a matplotlib figure
    WEBPAGE = "webpage"  # an HTML page, or Python that writes one
    PROGRAM = "program"  # a script that reads its input on stdin and prints its answer


@dataclass(frozen=True)
class DimensionInfo:
    name: str  # the key in results, weights, `--skip` and settings
    title: str  # in reports: "Edge cases"
    short_title: str  # in the editor's hover and code lens: "edge cases"
    column: str  # a leaderboard column's heading: "edge"
    weight: float  # the default weight, before a problem's or the caller's overrides and renormalisation


CORRECTNESS = DimensionInfo("correctness", "Correctness", "correctness", "correct", 40.0)
EDGE_CASES = DimensionInfo("edge_cases", "Edge cases", "edge cases", "edge", 25.0)
PERFORMANCE = DimensionInfo("performance", "Performance", "performance", "perf", 20.0)
CODE_QUALITY = DimensionInfo("code_quality", "Code quality", "quality", "quality", 15.0)

# The parts of plots and web pages (docs/visual.md): the AesCoder paper's execution, static and interactive
# agents, and for plots the data the figure must show.
EXECUTION = DimensionInfo("execution", "Execution", "execution", "exec", 20.0)
DATA_FIDELITY = DimensionInfo("data_fidelity", "Data fidelity", "data fidelity", "data", 40.0)
STATIC_AESTHETICS = DimensionInfo("static_aesthetics", "Static aesthetics", "static aesthetics", "static", 40.0)
INTERACTION = DimensionInfo("interaction", "Interaction", "interaction", "interact", 40.0)

KINDS: dict[ProblemKind, tuple[DimensionInfo, ...]] = {
    ProblemKind.FUNCTION: (CORRECTNESS, EDGE_CASES, PERFORMANCE, CODE_QUALITY),  # in report order
    ProblemKind.PLOT: (EXECUTION, DATA_FIDELITY, STATIC_AESTHETICS),
    ProblemKind.WEBPAGE: (EXECUTION, STATIC_AESTHETICS, INTERACTION),
    ProblemKind.PROGRAM: (CORRECTNESS, EDGE_CASES, PERFORMANCE, CODE_QUALITY),
}


def dimensions_of(kind: ProblemKind = ProblemKind.FUNCTION) -> tuple[DimensionInfo, ...]:
    return KINDS[kind]


def names(kind: ProblemKind = ProblemKind.FUNCTION) -> tuple[str, ...]:
    return tuple(info.name for info in KINDS[kind])


def default_weights(kind: ProblemKind = ProblemKind.FUNCTION) -> dict[str, float]:
    return {info.name: info.weight for info in KINDS[kind]}


def all_names() -> tuple[str, ...]:
    """Every dimension's name, of every kind, once each, in report order."""
    return tuple(dict.fromkeys(info.name for dimensions in KINDS.values() for info in dimensions))


def info_of(name: str) -> DimensionInfo | None:
    """A dimension of any kind, by name (reports and diffs show results of every kind)."""
    return next((info for dimensions in KINDS.values() for info in dimensions if info.name == name), None)


def title_of(name: str) -> str:
    found = info_of(name)
    return found.title if found is not None else name


def report_order(seen: list[str]) -> list[str]:
    """Dimension names in the order reports list them; unknown names last, in the order given."""
    order = list(all_names())
    return sorted(seen, key=lambda name: order.index(name) if name in order else len(order))
