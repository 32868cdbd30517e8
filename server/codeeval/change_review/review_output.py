"""The review as JSON (lossless, for tools) and as Markdown (for people): the verdict and a table first,
then, per function, why: the minimal counterexample, the speed evidence, or why it was not compared."""

from __future__ import annotations

import json

from ..base.version import __version__
from .report import Comparison, FunctionReview, ReviewReport

SCHEMA = "codeeval-review/1"


def to_json(report: ReviewReport) -> str:
    """The report for tools, with its schema name and codeeval's version."""
    document = {"schema": SCHEMA, "codeeval": __version__, **report.to_dict()}
    return json.dumps(document, indent=2, ensure_ascii=False) + "\n"


def _cell(text: str, limit: int = 200) -> str:
    """Text safe in a table cell: one line, pipes escaped, cut at `limit`."""
    flat = " ".join(str(text).split()).replace("|", "\\|")
    return flat if len(flat) <= limit else flat[: limit - 3] + "..."


def _code(text: str) -> str:
    ticks = "``" if "`" in text else "`"
    return f"{ticks}{_cell(text, 300)}{ticks}"


def verdict_line(report: ReviewReport) -> str:
    """One line: how many behaviour changes, slow-downs and newly failing tests, or that there are none."""
    changed, slower = len(report.behaviour_changes), len(report.slowdowns)
    failing = sum(len(f.newly_failing) for f in report.functions)
    if not report.functions:
        return "**No changed function was reviewed.**"
    if not changed and not slower and not failing:
        nothing = "**No behaviour change, no slow-down, no newly failing test**"
        return f"{nothing} in {len(report.functions)} changed function(s)."
    parts = [f"{changed} behaviour change(s)"] if changed else []
    parts += [f"{slower} slow-down(s)"] if slower else []
    parts += [f"{failing} newly failing test(s)"] if failing else []
    return f"**{', '.join(parts)}** in {len(report.functions)} changed function(s)."


def _speed_cell(review: FunctionReview) -> str:
    if review.speed is None:
        return ""
    return ("**slower**: " if review.speed.slower else "") + _cell(review.speed.summary, 120)


def to_markdown(report: ReviewReport) -> str:
    """The report for people: verdict, messages, a table, then each function's evidence."""
    out = [f"# codeeval review: working tree against `{report.base}`", ""]
    if report.commit:
        out += [f"Base commit `{report.commit[:12]}` in `{_cell(report.root)}`.", ""]
    out += [verdict_line(report), ""]
    if report.messages:
        out += [f"> {_cell(message, 400)}" for message in report.messages] + [""]
    if report.functions:
        out += ["| function | file | behaviour | inputs | speed | quality |", "|---|---|---|---|---|---|"]
        for f in report.functions:
            verdict = str(f.comparison) if f.status.value == "changed" else str(f.status)
            quality = f.quality.sentence() if f.quality is not None else ""
            out.append(
                f"| `{f.qualname}` | {_cell(f.path)}:{f.line} | {verdict} | {f.inputs_run} | {_speed_cell(f)} | "
                f"{_cell(quality)} |"
            )
        out.append("")
    for f in report.functions:
        out += _details(f)
    return "\n".join(out).rstrip() + "\n"


def _details(review: FunctionReview) -> list[str]:
    out = [f"## `{review.qualname}` ({_cell(review.path)}:{review.line})", ""]
    out += _quality_lines(review)
    if review.comparison is Comparison.NOT_COMPARED:
        out += [f"Not compared: {_cell(review.reason, 400) or 'no reason given'}.", ""]
        return out
    source = f", {review.inputs_from_tests} of them from the repository" if review.inputs_from_tests else ""
    out += [
        f"Compared on {review.inputs_run} inputs{source}, the base as the oracle: {review.comparison}.",
        "",
    ]
    for finding in review.findings:
        confidence = finding.confidence
        low = f" {confidence.low_reason()}." if confidence.is_low else ""
        accepted = f" **Intended**: {_cell(finding.accepted)}." if finding.accepted else ""
        out.append(
            f"- {finding.kind}: {_code(finding.call)}: base {_cell(finding.base)}, now {_cell(finding.new)} "
            f"({_origin(finding.origin, finding.shrink_steps)}; confidence {confidence.value:.2f}).{low}{accepted}"
        )
    if review.behaviour_changes:
        out.append("- If the change is intended, this is the new behaviour to test; if not, the input reproduces it.")
    if review.findings:
        out.append("")
    if review.speed is not None:
        sizes = ", ".join(str(n) for n in review.speed.sizes)
        out += [f"Speed: {_cell(review.speed.summary, 300)} (paired timings at n = {sizes}).", ""]
    out += _test_lines(review)
    if review.reason:
        out += [f"Note: {_cell(review.reason, 300)}.", ""]
    return out


def _quality_lines(review: FunctionReview) -> list[str]:
    quality = review.quality
    if quality is None or not quality.sentence():
        return []
    new = "".join(f"\n- new: {_cell(finding, 200)}" for finding in quality.new_findings[:8])
    return [f"Code quality: {quality.sentence()}.{new}", ""]


def _test_lines(review: FunctionReview) -> list[str]:
    if not review.tests_run and not review.tests_left_out:
        return []
    left = (
        f" ({review.tests_left_out} more need pytest's fixtures or parametrize: not run)"
        if review.tests_left_out
        else ""
    )
    if not review.tests:
        return [
            f"Tests: the {review.tests_run} repository test(s) naming it give the same verdicts at base and now{left}.",
            "",
        ]
    out = [f"Tests: {len(review.tests)} of {review.tests_run} repository test(s) naming it changed verdict{left}:"]
    out += [f"- `{_cell(t.test, 200)}`: {t.base} at the base, {t.new} now" for t in review.tests]
    return [*out, ""]


def _origin(origin: str, shrink_steps: int) -> str:
    where = "a generated input" if origin == "generated" else f"an input from {_cell(origin, 80)}"
    return f"shrunk in {shrink_steps} step(s) from {where}" if shrink_steps else where
