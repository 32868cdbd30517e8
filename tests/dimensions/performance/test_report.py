"""The Markdown section: table, classes, warnings, and the SVG chart embedded so a preview can show it."""

import base64
import re
import xml.etree.ElementTree as ET

from codeeval.dimensions import performance
from codeeval.dimensions.performance import Settings
from codeeval.report.sections.performance import plot_svg, render, write_plot
from codeeval.report.sections.plot import Series, loglog_svg

from .helpers import FakeSession, jitter, problem

SVG = "{http://www.w3.org/2000/svg}"


def slow_result():
    candidate = FakeSession(lambda n: 1e-10 * n * n, noise=jitter(1), count=lambda n: 12.0 * n)
    reference = FakeSession(lambda n: 1e-7 * n, noise=jitter(2))
    return performance.evaluate(problem(), candidate, reference, None, Settings())


def test_section_has_the_table_the_classes_and_an_embedded_chart():
    lines = "\n".join(render(slow_result()))
    assert lines.startswith("| n | candidate | reference | ratio | 95% CI | pairs | note |")
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
    assert "work inside C builtins counts as one instruction" in text


def test_log_axes_span_the_data():
    svg = loglog_svg([Series("a", [(10, 1e-6), (1000, 1e-2)], "#000")], "t", "n", "s")
    root = ET.fromstring(svg)
    circles = [(float(c.get("cx")), float(c.get("cy"))) for c in root.iter(f"{SVG}circle")]
    (x0, y0), (x1, y1) = circles
    assert x0 < x1 and y0 > y1  # larger n to the right, larger time higher up
