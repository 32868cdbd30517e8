"""A page's own behaviour is judged, never an evaluator failure: dialogs at load and on a click, downloads,
window.open, history.pushState, document.write after load, a reload that loses the user's input, a reload
loop, a click that freezes the page (issue 33)."""

from __future__ import annotations

from pathlib import Path

import pytest

import codeeval
from codeeval.results.result import EvaluationResult, EvaluationStatus

from .helpers import missing_page_reason

pytestmark = pytest.mark.skipif(missing_page_reason() is not None, reason=str(missing_page_reason()))

PROBLEM = """\
name: hostile
kind: webpage
summary: a page that does what pages do
prompt: A page with a name field that keeps what is typed.
page:
  widths: [800]
  require_text: [Hostile]
  interactions:
    - name: keeps the name
      width: 375  # at another width than the page's: the window is resized, and back unless the page froze
      steps:
        - type: {selector: "#name", text: "Ada"}
        - click: "#send"
        - expect_value: {selector: "#name", equals: "Ada"}
limits: {time_s: 15}
"""

HEAD = '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Hostile</title></head><body><h1>Hostile</h1>'
FORM = '<form><input id="name" aria-label="name"><button id="send">Send</button></form>'

BUSY = (
    HEAD
    + FORM
    + """<script>alert('hello'); confirm('sure?'); prompt('name?');
document.querySelector('form').onsubmit = e => e.preventDefault();</script>
<button onclick="document.getElementById('o').textContent = prompt('Your name?') || 'none'">Ask</button>
<a href="data:text/plain,hello" download="x.txt">Download</a>
<button onclick="const a = document.createElement('a'); a.href = 'data:text/plain,x'; a.download = 'y.txt'; a.click();
document.getElementById('o').textContent = 'saved'">Save</button>
<button onclick="window.open('about:blank')">Open</button>
<button onclick="history.pushState({}, '', '/cart?x=1'); document.getElementById('o').textContent = 'in'">Cart</button>
<button onclick="document.open(); document.write('<h1>Replaced</h1>'); document.close()">Wipe</button>
<p id="o"></p></body></html>"""
)
RELOADS = HEAD + FORM + "</body></html>"  # the form sends itself: the typed name is gone
RELOAD_LOOP = HEAD + FORM + "<script>setInterval(() => location.reload(), 300)</script></body></html>"
FREEZES = (
    HEAD + FORM + '<script>document.getElementById("send").onclick = () => { for (;;) {} };</script></body></html>'
)


def evaluate(tmp_path: Path, html: str) -> EvaluationResult:
    (tmp_path / "hostile.yaml").write_text(PROBLEM, encoding="utf-8")
    (tmp_path / "page.html").write_text(html, encoding="utf-8")
    result = codeeval.evaluate(tmp_path / "page.html", tmp_path / "hostile.yaml")
    assert result.status is not EvaluationStatus.INTERNAL_ERROR, result.internal_error
    assert all(d.applicable for d in result.dimensions.values()), {k: d.reason for k, d in result.dimensions.items()}
    assert not result.errors, result.errors
    return result


def scripted(result: EvaluationResult) -> dict:
    details = result.dimensions["interaction"].details
    assert details is not None
    return next(c for c in details.to_dict()["checks"] if c["id"] == "scripted-keeps the name")


def test_dialogs_downloads_popups_history_and_document_write_are_judged(tmp_path: Path) -> None:
    result = evaluate(tmp_path, BUSY)
    assert scripted(result)["score"] == 1.0
    assert result.dimensions["execution"].score is not None and result.dimensions["execution"].score < 100  # popup


def test_a_reload_that_loses_the_input_fails_the_interaction(tmp_path: Path) -> None:
    check = scripted(evaluate(tmp_path, RELOADS))
    assert check["score"] == 0.0 and "value of #name" in check["summary"], check


def test_a_page_reloading_itself_forever_is_judged(tmp_path: Path) -> None:
    evaluate(tmp_path, RELOAD_LOOP)


def test_a_click_that_freezes_the_page_fails_that_interaction_and_caps_the_score(tmp_path: Path) -> None:
    result = evaluate(tmp_path, FREEZES)
    check = scripted(result)
    assert check["score"] == 0.0 and check["summary"].startswith("froze the page"), check
    assert result.dimensions["execution"].score == 100  # it loaded: the freeze is the interaction's fault
    assert result.cap is not None and result.cap.limit == 70
