"""A page that navigates (a form sent to itself, a link with a query, a script that reloads while loading or on a
click) is judged like any other: the evaluation never fails because the document went away under a step."""

from __future__ import annotations

import pytest

import codeeval

from .helpers import missing_page_reason

pytestmark = pytest.mark.skipif(missing_page_reason() is not None, reason=str(missing_page_reason()))

PROBLEM = """\
name: navigating
kind: webpage
summary: a page that navigates
prompt: A search page.
page:
  widths: [800]
  require_text: [Search]
"""

PAGE = """<!doctype html><html><head><title>Search</title></head><body>
<h1>Search</h1>
<form action="" method="get"><label for="q">Query</label><input id="q" name="q"><button type="submit">Go</button></form>
<a href="?page=2">Next page</a>
<button id="again" onclick="setTimeout(() => location.reload(), 5)">Start again</button>
<p id="shown"></p>
<script>
document.getElementById('shown').textContent = 'query: ' + location.search;
if (!location.search && !sessionStorage.getItem('moved')) {
  sessionStorage.setItem('moved', '1');
  setTimeout(() => { location.search = '?from=load'; }, 20);
}
</script>
</body></html>
"""


def test_a_page_that_navigates_while_loading_and_on_its_controls_is_judged(tmp_path):
    problem = tmp_path / "navigating.yaml"
    problem.write_text(PROBLEM, encoding="utf-8")
    page = tmp_path / "page.html"
    page.write_text(PAGE, encoding="utf-8")
    result = codeeval.evaluate(page, problem)
    assert not any("browser failed" in error for error in result.errors), result.errors
    interaction = result.dimensions["interaction"]
    assert interaction.applicable and interaction.score is not None and interaction.score > 0, interaction.summary
    assert result.dimensions["execution"].applicable
    assert not any(
        "page.codeeval.invalid/?" in line for line in result.to_dict()["dimensions"]["execution"].get("rationale", [])
    ), "the page's own address with a query is the page, not the network"
