"""Failing cases of the correctness and edge-case dimensions; for edge cases, minimal counterexamples first."""

from __future__ import annotations

from ...result import DimensionResult
from ..markdown_text import block, cell, code, table

SHOWN_CASES = 25
SHOWN_GENERATED = 10
SHOWN_TIMEOUTS = 5


def render(result: DimensionResult) -> list[str]:
    """The report section listing a case-based dimension's failing cases."""
    if result.name == "edge_cases":
        return render_edge_cases(result)
    cases = result.details.get("cases", [])
    lines: list[str] = []
    if not cases:
        if result.details.get("total"):
            lines.append("All cases passed.")
        return lines + _discarded(result)
    return _case_table(cases, SHOWN_CASES) + _discarded(result)


def _case_table(cases: list[dict], shown: int, noun: str = "failing cases") -> list[str]:
    rows = []
    for case in cases[:shown]:
        where = f"line {case['line']}" if case.get("line") else case.get("origin", "")
        rows.append([cell(case["case"]), cell(where), code(case["input"], 120), code(case["expected"], 80),
                     code(case["actual"], 120)])
    lines = [table(["case", "from", "input", "expected", "actual"], rows)]
    if len(cases) > shown:
        lines.append(f"\n…and {len(cases) - shown} more {noun} (all are in the JSON report).")
    traced = [c for c in cases[:shown] if c.get("traceback")]
    if traced:
        first = traced[0]
        lines.append(f"\nTraceback of case {first['case']}:\n")
        lines.append(block(first["traceback"], 2000))
    return lines


def render_edge_cases(result: DimensionResult) -> list[str]:
    """The edge-case section: findings, then each shrunk counterexample as a ready-to-paste test."""
    details = result.details
    lines = _findings(details.get("findings") or [])
    counterexamples = details.get("counterexamples") or []
    if counterexamples:
        lines += ["### Minimal counterexamples", ""]
        lines.append("Each failing generated input was shrunk to a minimal one that still fails the same way; "
                     "the expected output is the reference's.")
        for number, example in enumerate(counterexamples, start=1):
            lines += ["", f"**{number}.** `{cell(example['input'], 300).replace('`', chr(39))}`", ""]
            lines.append(table(["expected", "actual", "found by", "shrunk from"],
                               [[code(example["expected"], 100), code(example["actual"], 140),
                                 cell(example.get("phase", "")), code(example.get("shrunk_from", ""), 100)]]))
            lines += ["", block(example["pytest"], 4000, "python")]
    cases = details.get("cases") or []
    hand = [c for c in cases if c.get("origin") != "generated"]
    generated = [c for c in cases if c.get("origin") == "generated"]
    if hand:
        lines += ["", "### Hand-written edge cases that failed", ""] + _case_table(hand, SHOWN_CASES)
    if generated:
        lines += ["", "### Generated inputs that failed", ""]
        lines += _case_table(generated, SHOWN_GENERATED, "failing generated inputs")
    if not cases and details.get("total"):
        lines.append("All edge cases passed.")
    lines += _timeouts(details)
    lines += _generation_notes(details.get("generation") or {})
    return lines + _discarded(result)


def _timeouts(details: dict) -> list[str]:
    timeouts = details.get("timeouts") or []
    if not timeouts:
        return []
    scored = any(f.get("verdict") == "timeout" and f.get("scored") for f in details.get("findings") or [])
    why = ("scored: the problem has no performance inputs, so a hang shows only here" if scored
           else "not scored: speed is the performance dimension's business")
    lines = ["", f"{len(timeouts)} generated input(s) timed out ({why}), e.g.:", ""]
    return lines + [f"- `{cell(t['input'], 160).replace('`', chr(39))}`: {cell(t['actual'], 120)}"
                    for t in timeouts[:SHOWN_TIMEOUTS]]


def _findings(findings: list[dict]) -> list[str]:
    """One row per kind of failure: how sure codeeval is, why, and what it costs."""
    if not findings:
        return []
    rows = []
    for finding in findings:
        confidence = finding.get("confidence") or {}
        sure = f"{confidence.get('value', 0):.2f}"
        if finding.get("low_confidence"):
            sure += f" ({finding['low_confidence'].lower()})"
        reasons = "; ".join(finding.get("relevance_reasons") or []) or "like the examples"
        rows.append([cell(finding.get("kind", "")), cell(str(finding.get("inputs", ""))), code(finding["input"], 100),
                     cell(sure), cell(f"{finding.get('points', 0):.1f}"), cell(reasons, 160)])
    return ["### Findings", "",
            "One per kind of failure, shown by its input closest to the examples and the prompt; confidence is the "
            "mean of relevance, accuracy, actionability and severity calibration (docs/scoring.md). Below 0.6 a "
            "finding costs nothing (shown, marked low confidence).", "",
            table(["kind", "inputs", "e.g.", "confidence", "points", "relevance"], rows), ""]


def _generation_notes(generation: dict) -> list[str]:
    if not generation:
        return []
    lines = [""]
    if not generation.get("applicable", True):
        lines.append(f"Generated inputs: not applicable: {generation.get('reason', '')}")
        return lines
    phases = generation.get("phases") or {}
    by_phase = ", ".join(f"{count} {name}" for name, count in phases.items() if count)
    judged = generation.get("judged", generation.get("generated", 0))
    text = f"Generated inputs: {judged} judged ({by_phase}), built in {generation.get('seconds', 0):.1f} s"
    stats = generation.get("stats") or {}
    dropped = [f"{stats[k]} {label}" for k, label in (("rejected_by_preconditions", "broke a precondition"),
                                                      ("reference_raised", "made the reference raise"),
                                                      ("reference_failed", "made the reference time out or crash"))
               if stats.get(k)]
    if dropped:
        text += f"; discarded: {', '.join(dropped)}"
    if generation.get("not_run"):
        text += f"; {generation['not_run']} not run (time-outs or the time budget)"
    lines.append(text + ".")
    types = generation.get("types") or {}
    if types:
        lines.append("Parameter types: " + ", ".join(f"`{cell(k)}: {cell(v)}`" for k, v in types.items()) + ".")
    return lines


def _discarded(result: DimensionResult) -> list[str]:
    discarded = result.details.get("discarded") or []
    if not discarded:
        return []
    return [f"\n{len(discarded)} input(s) were discarded because the reference itself failed on them."]
