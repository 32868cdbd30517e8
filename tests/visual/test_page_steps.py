"""Scripted steps that say what tasks say (issue 33): interactions at their own width, a step that resizes the
window, and expectations on an input's value, the URL, an element in view and not covered, a count of elements
and a computed style; selectors are Playwright's (CSS, text=, role=)."""

from __future__ import annotations

from pathlib import Path

import pytest

import codeeval
from codeeval.base.errors import ProblemError
from codeeval.problem import load_problem
from codeeval.problem.visual_definition import Step, StepAction

from .helpers import missing_page_reason

PROBLEM = """\
name: steps_page
kind: webpage
summary: every kind of step
prompt: A page with a phone menu, a field, an in-page link under a sticky header and a task list.
page:
  widths: [1280, 375]
  discover: false
  interactions:
    - name: phone menu opens
      width: 375
      steps:
        - expect_hidden: "#menu"
        - click: "#toggle"
        - expect_visible: "#menu"
        - expect_count: {selector: "#menu a", equals: 3}
    - name: desktop shows the links
      steps:
        - expect_visible: "#menu"
        - expect_hidden: "#toggle"
    - name: a narrower window hides them
      steps:
        - resize: {width: 375, height: 700}
        - expect_hidden: "#menu"
    - name: value, url and view
      steps:
        - type: {selector: "#name", text: "Ada"}
        - expect_value: {selector: "#name", equals: "Ada"}
        - click: "text=About"
        - expect_url: {equals: "#about"}
        - expect_in_view: "#about h2"
    - name: struck through
      steps:
        - click: "#tasks li:nth-child(1) input"
        - expect_style: {selector: "#tasks li:nth-child(1)", property: text-decoration-line, contains: line-through}
        - expect_count: {selector: "#tasks li", at_least: 2}
    - name: the lower heading is under the header
      steps:
        - click: "role=link[name='Lower']"
        - expect_in_view: "#lower h2"
"""

PAGE = """<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width"><title>Steps</title>
<style>
body{margin:0;font-family:sans-serif} header{position:sticky;top:0;background:#024;color:#fff;padding:1rem;height:60px;
box-sizing:border-box} header a{color:#fff} #toggle{display:none} #about{scroll-margin-top:70px}
@media (max-width:600px){#toggle{display:inline-block} #menu{display:none} #menu.open{display:block}}
section{min-height:900px;padding:1rem} .done{text-decoration:line-through}
</style></head><body>
<header><button id="toggle">Menu</button>
<nav id="menu"><a href="#about">About</a> <a href="#lower">Lower</a> <a href="#top">Top</a></nav></header>
<main><input id="name" aria-label="name">
<ul id="tasks"><li><label><input type="checkbox"> <span>Milk</span></label></li>
<li><label><input type="checkbox"> <span>Eggs</span></label></li></ul>
<section id="about"><h2>About</h2></section><section id="lower"><h2>Lower</h2></section></main>
<script>
document.getElementById('toggle').onclick = () => document.getElementById('menu').classList.toggle('open');
for (const box of document.querySelectorAll('#tasks input'))
  box.onchange = () => box.closest('li').classList.toggle('done', box.checked);
</script></body></html>
"""


def test_the_steps_load_as_typed_data(tmp_path: Path) -> None:
    (tmp_path / "steps_page.yaml").write_text(PROBLEM, encoding="utf-8")
    page = load_problem(tmp_path / "steps_page.yaml").visual.page  # type: ignore[union-attr]
    assert page is not None
    assert [i.width for i in page.interactions][:2] == [375, None]
    assert page.interactions[2].steps[0] == Step(
        StepAction.RESIZE, "", "375x700", line=page.interactions[2].steps[0].line
    )
    count = page.interactions[0].steps[3]
    assert (count.action, count.value, count.exact) == (StepAction.EXPECT_COUNT, "3", True)
    style = page.interactions[4].steps[1]
    assert (style.property, style.value, style.exact) == ("text-decoration-line", "line-through", False)
    assert style.describe() == "expect text-decoration-line of #tasks li:nth-child(1) to contain 'line-through'"
    assert page.interactions[3].steps[3].describe() == "expect the URL to be '#about'"


def test_a_malformed_step_is_reported_with_its_line(tmp_path: Path) -> None:
    broken = PROBLEM.replace("property: text-decoration-line, ", "")
    (tmp_path / "steps_page.yaml").write_text(broken, encoding="utf-8")
    with pytest.raises(ProblemError) as raised:
        load_problem(tmp_path / "steps_page.yaml")
    assert raised.value.line is not None and "expect_style" in str(raised.value)


@pytest.mark.skipif(missing_page_reason() is not None, reason=str(missing_page_reason()))
def test_every_kind_of_step_is_judged_in_the_browser(tmp_path: Path) -> None:
    (tmp_path / "steps_page.yaml").write_text(PROBLEM, encoding="utf-8")
    (tmp_path / "page.html").write_text(PAGE, encoding="utf-8")
    result = codeeval.evaluate(tmp_path / "page.html", tmp_path / "steps_page.yaml")
    assert not result.errors, result.errors
    details = result.dimensions["interaction"].details
    assert details is not None
    outcome = {c["title"]: (c["score"], c["summary"]) for c in details.to_dict()["checks"]}
    covered = outcome.pop("the lower heading is under the header")
    assert covered[0] == 0.0 and "covered at its centre by header" in covered[1], covered
    assert all(score == 1.0 for score, _ in outcome.values()), outcome
