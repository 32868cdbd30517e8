"""The Markdown section: verdict and stability first, then table, classes, warnings (folded when they cannot change
the verdict), and the SVG chart embedded so a preview can show it."""

import base64
import re
import xml.etree.ElementTree as ET
from dataclasses import replace

from codeeval.dimensions import performance
from codeeval.dimensions.performance import Settings
from codeeval.report import to_markdown
from codeeval.report.sections.performance import plot_svg, render, write_plot
from codeeval.report.sections.plot import Series, loglog_svg
from codeeval.results.performance_details import (
    BudgetRecord,
    ClassBasis,
    ClassCallRecord,
    ComplexityRecord,
    Measure,
    PerformanceDetails,
    SizeRecord,
)
from codeeval.results.result import DimensionResult, EvaluationResult

from .helpers import FakeSession, jitter, problem

SVG = "{http://www.w3.org/2000/svg}"


def slow_result():
    candidate = FakeSession(lambda n: 1e-10 * n * n, noise=jitter(1), count=lambda n: 12.0 * n)
    reference = FakeSession(lambda n: 1e-7 * n, noise=jitter(2))
    return performance.evaluate(problem(), candidate, reference, None, Settings())


def test_section_has_the_table_the_classes_and_an_embedded_chart():
    lines = "\n".join(render(slow_result()))
    assert (
        lines.startswith("**Verdict**: ")
        and "\n| n | candidate | reference | ratio | 95% CI | pairs | note |\n" in lines
    )
    assert re.search(r"^\| 8000 \| [\d.]+ ms \| [\d.]+ µs \| [\d.]+x \| [\d.]+-[\d.]+ \| \d+ \|", lines, re.MULTILINE)
    assert "**Complexity**: candidate O(n^2) (from time (work inside C functions)" in lines
    assert "Class clearly worse than the reference's" in lines
    image = re.search(r"!\[[^\]]+\]\(data:image/svg\+xml;base64,([A-Za-z0-9+/=]+)\)", lines)
    svg = base64.b64decode(image.group(1)).decode()
    assert ET.fromstring(svg).tag == f"{SVG}svg"


def test_chart_is_well_formed_with_both_series_and_labelled_axes():
    svg = plot_svg(slow_result())
    root = ET.fromstring(svg)
    polylines = root.findall(f"{SVG}polyline")
    assert [p.get("stroke") for p in polylines] == ["#1864ab", "#d9480f"]  # reference, then candidate
    assert all(len(p.get("points").split()) == 4 for p in polylines)
    texts = [t.text for t in root.iter(f"{SVG}text")]
    assert "reference O(n)" in texts and "candidate O(n^2)" in texts and "CPU time per call" in texts
    assert {"1000", "2000", "4000", "8000"} <= set(texts)  # every measured n is a tick


def test_chart_can_be_written_beside_a_report_for_github(tmp_path):
    name = write_plot(slow_result(), tmp_path / "solution.md")
    assert name == "solution.performance.svg" and (tmp_path / name).read_text().startswith("<svg")
    lines = render(slow_result(), plot_href=name)
    assert "![Per-call cost against n for candidate and reference](solution.performance.svg)" in lines


def test_deterministic_section_shows_instructions():
    candidate = FakeSession(lambda n: 1e-7 * n, count=lambda n: 30.0 * n)
    reference = FakeSession(lambda n: 1e-7 * n, count=lambda n: 20.0 * n)
    result = performance.evaluate(problem(), candidate, reference, None, Settings(deterministic=True))
    text = "\n".join(render(result))
    assert "| 8000 | 240k | 160k | 1.50x | exact |" in text and "instructions per call" in plot_svg(result)
    assert "work inside C builtins is added in instruction-equivalents" in text


def test_log_axes_span_the_data():
    svg = loglog_svg([Series("a", [(10, 1e-6), (1000, 1e-2)], "#000")], "t", "n", "s")
    root = ET.fromstring(svg)
    circles = [(float(c.get("cx")), float(c.get("cy"))) for c in root.iter(f"{SVG}circle")]
    (x0, y0), (x1, y1) = circles
    assert x0 < x1 and y0 > y1  # larger n to the right, larger time higher up


# -- the section's lead, and which timing warnings are folded ---------------------------------------------------------
# Details records built directly, shaped like the slow two_sum sample's (problems/samples/two_sum/slow.py): a
# quadratic candidate 24x slower at n=3200, classes read from instruction counts, pyperf warnings at every size.

SPREAD = (
    "the candidate's standard deviation is 22% of its mean",
    "the reference's standard deviation is 17% of its mean",
)


def size(n, ratio, ci, warnings=SPREAD, rough=False):
    return SizeRecord(
        n=n,
        candidate_s=ratio * n * 1e-7,
        reference_s=n * 1e-7,
        wall_candidate_s=None,
        wall_reference_s=None,
        candidate_instructions=None,
        reference_instructions=None,
        ratio=ratio,
        ci95=ci,
        pairs=5,
        inner=(1, 1),
        judged_on=Measure.CPU,
        unstable=bool(warnings),
        rough=rough,
        warnings=tuple(warnings),
        failure="",
        exceeded_ratio=None,
        reference_failure="",
        notes=(),
    )


def call(best, basis=ClassBasis.INSTRUCTIONS):
    return ClassCallRecord(best=best, basis=basis, not_ruled_out=(best,), time=None, instructions=None)


def section(sizes, tolerance=1.25, candidate_basis=ClassBasis.INSTRUCTIONS, worse=True, score=0.0):
    judged = sizes[-1]
    complexity = ComplexityRecord(
        candidate="O(n^2)" if worse else "O(n)",
        reference="O(n)",
        candidate_fit=call("O(n^2)" if worse else "O(n)", candidate_basis),
        reference_fit=call("O(n)"),
        worse=worse,
        ratio_growth=judged.ratio / sizes[0].ratio if worse else None,
        growth_needed=2.0 if worse else None,
        projected_ratio=None,
        reason="the ratio grew",
    )
    details = PerformanceDetails(
        tolerance=tolerance,
        clock=Measure.CPU,
        deterministic=False,
        sizes=tuple(sizes),
        budget=BudgetRecord(budget_s=20, used_s=3.1, cut_short=""),
        complexity=complexity,
        ratio=judged.ratio,
        ci95=judged.ci95,
        n=judged.n,
        judged_on=Measure.CPU,
        unstable=judged.unstable,
    )
    return DimensionResult("performance", score, summary="summary line", details=details)


def slow_sample():
    return section(
        [
            size(400, 3.0, (2.6, 3.5)),
            size(800, 6.1, (5.2, 7.0)),
            size(1600, 12.2, (10.5, 14.1)),
            size(3200, 24.0, (22.0, 26.0)),
        ]
    )


def before_first_table(lines):
    return lines[: next(i for i, line in enumerate(lines) if line.startswith("| n |"))]


def test_a_slow_candidate_leads_with_the_verdict_the_classes_and_one_stability_line():
    lines = render(slow_sample())
    lead = [line for line in before_first_table(lines) if line]
    assert lead[0] == (
        "**Verdict**: 24x slower than the reference at n=3200 (95% interval 22-26x, tolerance 1.25x); "
        "a worse complexity class, O(n^2) against the reference's O(n). Score 0.0."
    )
    assert len(lead) == 2 and lead[1].startswith("**Stability**: 8 timing warnings at every size (95% intervals up to ")
    assert "None can change the verdict" in lead[1] and "the judged interval lies far above the tolerance" in lead[1]


def test_warnings_that_cannot_change_the_verdict_are_folded_below():
    text = "\n".join(render(slow_sample()))
    folded = text[text.index("<details><summary>8 timing warnings that cannot change the verdict</summary>") :]
    assert folded.rstrip().endswith("</details>")
    assert "- n=400: the candidate's standard deviation is 22% of its mean" in folded  # every size's detail kept
    assert "- n=3200: the reference's standard deviation is 17% of its mean" in folded
    assert "> **Warning" not in text  # nothing left in plain sight


def test_the_whole_report_opens_the_section_with_the_verdict_not_the_summary_line():
    result = EvaluationResult(
        problem="two_sum", solution="slow.py", score=80.0, dimensions={"performance": slow_sample()}, isolation=None
    )
    report = to_markdown(result)
    body = report[report.index("## Performance\n") :].splitlines()
    assert body[2].startswith("**Verdict**: 24x slower") and "summary line." not in report.split("## Performance")[1]


def test_an_interval_straddling_the_tolerance_keeps_its_warnings_in_plain_sight():
    result = section([size(400, 1.0, (0.97, 1.03), warnings=()), size(3200, 1.3, (1.1, 1.5))], worse=False, score=100)
    lines = render(result)
    stability = next(line for line in before_first_table(lines) if line.startswith("**Stability**"))
    assert "unsteady enough to change the verdict on another run: the 95% interval (1.10-1.50x) straddles" in stability
    text = "\n".join(lines)
    assert "> **Warning: the measurement may be unstable, enough to change the verdict**" in text
    assert "> - n=3200: the candidate's standard deviation is 22% of its mean" in text and "<details>" not in text


def test_an_interval_close_to_the_tolerance_counts_as_touching_it():
    # Wholly above 1.25, but by 4%: less than its own width, so another run could put it across.
    lines = render(section([size(400, 1.0, (0.97, 1.03), warnings=()), size(3200, 1.4, (1.3, 1.5))], worse=False))
    assert "lies within 4% of the tolerance (1.25x)" in "\n".join(before_first_table(lines))
    assert "<details>" not in "\n".join(lines)


def test_far_from_the_tolerance_in_either_direction_is_folded():
    faster = section([size(400, 0.5, (0.45, 0.55), warnings=()), size(3200, 0.5, (0.45, 0.55))], worse=False)
    text = "\n".join(render(faster))
    assert "2.00x faster than the reference at n=3200 (ratio 0.50x, 95% interval 0.45-0.55x" in text
    assert "the judged interval lies far below the tolerance" in text and "<details><summary>2 timing" in text


def test_a_class_read_from_time_keeps_every_size_s_warnings_in_plain_sight():
    result = section(
        [size(400, 3.0, (2.6, 3.5)), size(800, 6.1, (5.2, 7.0)), size(3200, 24.0, (22.0, 26.0))],
        candidate_basis=ClassBasis.HIDDEN_WORK,
    )
    text = "\n".join(render(result))
    assert "the candidate's class is read from its times" in text and "<details>" not in text
    assert "> - n=400: the candidate's standard deviation" in text


def test_only_the_warnings_that_matter_stay_unfolded():
    # The judged size is near the tolerance; the smallest size's warnings only feed a class read from counts.
    result = section([size(400, 1.0, (0.9, 1.1)), size(3200, 1.3, (1.1, 1.5))], worse=False, score=100)
    text = "\n".join(render(result))
    plain = text[text.index("> **Warning") : text.index("<details>")]
    assert "n=3200" in plain and "n=400" not in plain
    assert "<details><summary>2 timing warnings that cannot change the verdict</summary>" in text
    assert "(2 more that cannot change it are folded there)" in text


def test_a_budget_cut_short_is_said_in_the_stability_line():
    result = slow_sample()
    budget = BudgetRecord(budget_s=20, used_s=20, cut_short="n=6400 skipped: not enough time left")
    result.details = replace(result.details, budget=budget)
    stability = next(line for line in render(result) if line.startswith("**Stability**"))
    assert stability.endswith("Measuring was cut short: n=6400 skipped: not enough time left.")


def test_deterministic_mode_leads_with_the_exact_ratio():
    candidate = FakeSession(lambda n: 1e-7 * n, count=lambda n: 30.0 * n)
    reference = FakeSession(lambda n: 1e-7 * n, count=lambda n: 20.0 * n)
    result = performance.evaluate(problem(), candidate, reference, None, Settings(deterministic=True))
    lead = [line for line in before_first_table(render(result)) if line]
    assert lead == [
        "**Verdict**: 1.50x the reference's instruction count at n=8000 (exact, tolerance 1.25x); "
        f"complexity O(n), the same as the reference's. Score {result.score:.1f}.",
        "**Stability**: exact: instruction counts are the same on every run.",
    ]


def test_a_growth_near_the_class_threshold_keeps_the_warnings_in_plain_sight():
    # 2.1x growth where 2.0x marks a worse class: the two end sizes' medians could move it across.
    result = section([size(400, 1.0, (0.9, 1.1)), size(3200, 2.1, (1.9, 2.3))])
    text = "\n".join(render(result))
    assert "the ratio grew 2.10x across the sizes, near the 2.00x that marks a worse class" in text
    assert "> - n=400: " in text and "> - n=3200: " in text and "<details>" not in text
