"""Failing cases of the correctness and edge-case dimensions; for edge cases, minimal counterexamples first."""

from __future__ import annotations

from collections.abc import Sequence

from ...base.catalog import CaseOrigin
from ...results.case_details import CaseRecord, CaseVerdict, CorrectnessDetails
from ...results.edge_case_details import (
    CounterexampleRecord,
    EdgeCaseDetails,
    EdgeCasesNotRunDetails,
    EdgeFindingRecord,
    GenerationSummary,
    RobustnessCounterexample,
    RobustnessDetails,
)
from ...results.result import DimensionResult
from ..markdown_text import block, cell, code, table
from .review_decisions import FindingDecisions, accuracy_note, finding_mark, is_dismissed, points_cell

SHOWN_CASES = 25
SHOWN_GENERATED = 10
SHOWN_TIMEOUTS = 5


def render(result: DimensionResult, decisions: FindingDecisions | None = None) -> list[str]:
    """The report section listing a case-based dimension's failing cases; `decisions`: people's decisions on
    its findings, by fingerprint."""
    details = result.details
    if isinstance(details, (EdgeCaseDetails, EdgeCasesNotRunDetails, RobustnessDetails)):
        return render_edge_cases(details, decisions or {})
    if not isinstance(details, CorrectnessDetails):
        return []
    if not details.cases:
        return ["All cases passed."] if details.total else []
    # A test-suite test (dimensions/suite_correctness.py) has no call to show: its input is its own name.
    suite = [case for case in details.cases if case.input == case.case]
    calls = [case for case in details.cases if case.input != case.case]
    return (_case_table(calls, SHOWN_CASES) if calls else []) + _suite_failures(suite)


def _suite_failures(cases: Sequence[CaseRecord]) -> list[str]:
    """Each test of a suite that did not pass (a skipped one with its reason): verdict, message, last frames."""
    if not cases:
        return []
    lines = ["", "### Tests of the test suite that did not pass", ""]
    for case in cases[:SHOWN_CASES]:
        where = f" (line {case.line})" if case.line else ""
        lines.append(f"- `{cell(case.case)}`{where}: {case.verdict}: {cell(case.actual, 300)}")
        if case.traceback:
            lines += ["", block(case.traceback, 2000), ""]
    if len(cases) > SHOWN_CASES:
        lines.append(f"\n…and {len(cases) - SHOWN_CASES} more failing tests (all are in the JSON report).")
    return lines


def _case_table(cases: Sequence[CaseRecord], shown: int, noun: str = "failing cases") -> list[str]:
    rows = []
    for case in cases[:shown]:
        where = f"line {case.line}" if case.line else case.origin
        rows.append(
            [cell(case.case), cell(where), code(case.input, 120), code(case.expected, 80), code(case.actual, 120)]
        )
    lines = [table(["case", "from", "input", "expected", "actual"], rows)]
    if len(cases) > shown:
        lines.append(f"\n…and {len(cases) - shown} more {noun} (all are in the JSON report).")
    traced = [(c.case, c.traceback) for c in cases[:shown] if c.traceback]
    if traced:
        label, traceback = traced[0]
        lines.append(f"\nTraceback of case {label}:\n")
        lines.append(block(traceback, 2000))
    return lines


def render_edge_cases(
    details: EdgeCaseDetails | EdgeCasesNotRunDetails | RobustnessDetails, decisions: FindingDecisions | None = None
) -> list[str]:
    """The edge-case section: findings, then each shrunk counterexample as a ready-to-paste test."""
    lines = _findings(details.findings, decisions or {}) if isinstance(details, EdgeCaseDetails) else []
    examples: Sequence[CounterexampleRecord | RobustnessCounterexample] = details.counterexamples
    if examples:
        lines += ["### Minimal counterexamples", ""]
        lines.append(
            "Each failing generated input was shrunk to a minimal one that still fails the same way; "
            "the expected output is the reference's."
        )
        for number, example in enumerate(examples, start=1):
            found_by, shrunk_from = (
                (example.phase, example.shrunk_from) if isinstance(example, CounterexampleRecord) else ("", "")
            )
            lines += ["", f"**{number}.** `{cell(example.input, 300).replace('`', chr(39))}`", ""]
            lines.append(
                table(
                    ["expected", "actual", "found by", "shrunk from"],
                    [[code(example.expected, 100), code(example.actual, 140), cell(found_by), code(shrunk_from, 100)]],
                )
            )
            lines += ["", block(example.pytest, 4000, "python")]
    if isinstance(details, EdgeCasesNotRunDetails):
        return lines + _generation_notes(details.generation) + _discarded(details.discarded or ())
    hand = [c for c in details.cases if c.origin is not CaseOrigin.GENERATED]
    generated = [c for c in details.cases if c.origin is CaseOrigin.GENERATED]
    if hand:
        lines += ["", "### Hand-written edge cases that failed", ""] + _case_table(hand, SHOWN_CASES)
    if generated:
        lines += ["", "### Generated inputs that failed", ""]
        lines += _case_table(generated, SHOWN_GENERATED, "failing generated inputs")
    if not isinstance(details, EdgeCaseDetails):
        return lines
    if not details.cases and details.total:
        lines.append("All edge cases passed.")
    lines += _timeouts(details)
    lines += _generation_notes(details.generation)
    return lines + _discarded(details.discarded)


def _timeouts(details: EdgeCaseDetails) -> list[str]:
    if not details.timeouts:
        return []
    scored = any(f.verdict is CaseVerdict.TIMEOUT and f.scored for f in details.findings)
    why = (
        "scored: the problem has no performance inputs, so a hang shows only here"
        if scored
        else "not scored: speed is the performance dimension's business"
    )
    lines = ["", f"{len(details.timeouts)} generated input(s) timed out ({why}), e.g.:", ""]
    return lines + [
        f"- `{cell(t.input, 160).replace('`', chr(39))}`: {cell(t.actual, 120)}"
        for t in details.timeouts[:SHOWN_TIMEOUTS]
    ]


def _findings(findings: Sequence[EdgeFindingRecord], decisions: FindingDecisions) -> list[str]:
    """One row per kind of failure: how sure codeeval is, why, what it costs, and what people decided."""
    if not findings:
        return []
    rows = [_finding_row(finding, decisions) for finding in findings]
    return [
        "### Findings",
        "",
        "One per kind of failure, shown by its input closest to the examples and the prompt; confidence is the "
        "chance the finding is a real bug, measured on labelled model output from the mean of its four parts "
        "(relevance, accuracy, actionability, severity calibration; docs/scoring.md), and says how the answer "
        "differs from the reference's where a prompt often leaves that open (reordered, empty or none, ...). "
        "Below 0.6 a finding costs nothing (shown, marked low confidence). The fingerprint is what a decision "
        "names (`codeeval decide`).",
        "",
        table(["kind", "fingerprint", "inputs", "e.g.", "confidence", "points", "relevance"], rows),
        "",
    ]


def _finding_row(finding: EdgeFindingRecord, decisions: FindingDecisions) -> list[str]:
    sure = f"{round(finding.confidence.value, 3):.2f}"  # as the JSON report has it
    if finding.low_confidence:
        sure += f" ({finding.low_confidence.lower()})"
    if finding.telling_answer is not None:
        sure += f" (answer: {finding.telling_answer})"
    if finding.automatic_confidence is not None:
        sure += f" ({accuracy_note(finding.automatic_confidence.accuracy, finding.confidence.accuracy)})"
    reasons = "; ".join(finding.relevance_reasons) or "like the examples"
    decided = finding_mark(decisions, finding.fingerprint)
    kind = finding.kind + (f" [{decided}]" if decided else "")
    return [
        cell(kind, 300),
        f"`{finding.fingerprint}`",
        cell(str(finding.inputs)),
        code(finding.input, 100),
        cell(sure, 200),
        cell(points_cell(finding.points, is_dismissed(decisions, finding.fingerprint))),
        cell(reasons, 160),
    ]


STATS_SHOWN = (
    ("rejected_by_preconditions", "broke a precondition"),
    ("reference_raised", "made the reference raise"),
    ("reference_failed", "made the reference time out or crash"),
    ("reference_misjudged", "got a reference answer the problem's own judge refuses"),
)


def _generation_notes(generation: GenerationSummary) -> list[str]:
    lines = [""]
    if not generation.applicable:
        lines.append(f"Generated inputs: not applicable: {generation.reason or ''}")
        return lines
    by_phase = ", ".join(f"{count} {name}" for name, count in generation.phases.items() if count)
    judged = generation.generated if generation.judged is None else generation.judged
    text = f"Generated inputs: {judged} judged ({by_phase}), built in {generation.seconds:.1f} s"
    dropped = [f"{generation.stats[key]} {label}" for key, label in STATS_SHOWN if generation.stats.get(key)]
    if dropped:
        text += f"; discarded: {', '.join(dropped)}"
    if generation.not_run:
        text += f"; {generation.not_run} not run (time-outs or the time budget)"
    lines.append(text + ".")
    if generation.types:
        lines.append(
            "Parameter types: " + ", ".join(f"`{cell(k)}: {cell(v)}`" for k, v in generation.types.items()) + "."
        )
    if generation.contract:
        lines.append(
            "Inferred contract (from the examples and the prompt; a failing input outside it lowers the finding's "
            "relevance): " + "; ".join(f"`{cell(k)}`: {cell(v, 200)}" for k, v in generation.contract.items()) + "."
        )
    return lines


def _discarded(discarded: Sequence[str]) -> list[str]:
    if not discarded:
        return []
    return [f"\n{len(discarded)} input(s) were discarded because the reference itself failed on them."]
