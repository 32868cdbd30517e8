"""Correct pages in the forms people write them score full interaction: labels are not controls (they hand
their click to one), and ticking a box or choosing a radio is a visible change (issue 33's false alarms)."""

from __future__ import annotations

from pathlib import Path

import pytest

import codeeval

from .helpers import missing_page_reason

pytestmark = pytest.mark.skipif(missing_page_reason() is not None, reason=str(missing_page_reason()))

PROBLEM = """\
name: signup_form
kind: webpage
summary: a sign-up form
prompt: A sign-up form with labelled fields, a plan to choose and a checkbox.
page:
  widths: [800]
  require_text: [Sign up]
"""

PAGE = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign up</title>
<style>body{font-family:sans-serif;margin:2rem;color:#222}label{display:block;margin-top:1rem}</style></head><body>
<h1>Sign up</h1>
<form id="f">
  <label for="name">Name</label><input id="name" name="name" required>
  <label for="mail">Email</label><input id="mail" type="email" name="mail" required>
  <fieldset><legend>Plan</legend>
    <label><input type="radio" name="plan" value="free"> Free</label>
    <label><input type="radio" name="plan" value="pro"> Pro</label>
  </fieldset>
  <label><input type="checkbox" id="news"> Send me news</label>
  <button type="submit">Create account</button>
</form>
<p id="done" aria-live="polite"></p>
<script>
document.getElementById('f').addEventListener('submit', e => {
  e.preventDefault();
  document.getElementById('done').textContent = 'Welcome, ' + document.getElementById('name').value + '!';
});
</script>
</body></html>
"""


def test_a_labelled_form_with_boxes_and_radios_works_in_full(tmp_path: Path) -> None:
    problem = tmp_path / "signup_form.yaml"
    problem.write_text(PROBLEM, encoding="utf-8")
    page = tmp_path / "page.html"
    page.write_text(PAGE, encoding="utf-8")
    interaction = codeeval.evaluate(page, problem).dimensions["interaction"]
    assert interaction.score == 100, interaction.rationale
    tried = [check for check in interaction.details.to_dict()["checks"] if check["id"].startswith("control-")]
    assert len(tried) == 6  # two text fields, two radios, the box, the button: no label on its own


# -- one page, five ways to write it -------------------------------------------------------------------------
# A shopping list: a field and an Add button, the list, a Clear button and a help text that a toggle shows,
# written as plain HTML with a script block (and a textarea, whose value the browser reports apart from
# inputs'), with inline handlers, with utility classes (a CSS framework's idiom, the classes defined in the
# page: no network), with <details>/<summary>, and with ARIA roles on divs.
LIST_PROBLEM = """\
name: shopping_list
kind: webpage
summary: a shopping list
prompt: A shopping list with a field, an Add button, a Clear button and help that a toggle shows.
page:
  widths: [800]
  require_text: [Shopping list]
  interactions:
    - name: add an item
      steps:
        - type: {selector: "#item", text: "Milk"}
        - click: "#add"
        - expect_count: {selector: "#list li", equals: 1}
        - expect_text: {selector: "#list", contains: "Milk"}
        - expect_value: {selector: "#item", equals: ""}
    - name: help shows
      steps:
        - expect_hidden: "#help"
        - click: "#help-toggle"
        - expect_visible: "#help"
        - expect_in_view: "#help"
"""

LIST_HEAD = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Shopping list</title>
<meta name="viewport" content="width=device-width, initial-scale=1">"""

LIST_SCRIPT = """<script>
function addItem() {
  const field = document.getElementById('item');
  if (!field.value.trim()) return;
  const li = document.createElement('li');
  li.textContent = field.value.trim();
  document.getElementById('list').append(li);
  field.value = '';
}
function clearList() { document.getElementById('list').replaceChildren(); }
</script>"""

STYLES = {
    "plain": LIST_HEAD
    + """<style>body{font-family:sans-serif;margin:2rem;color:#222} #help{color:#333}</style></head><body>
<h1>Shopping list</h1>
<label for="item">Item</label> <input id="item"> <button id="add">Add</button> <button id="clear">Clear</button>
<ul id="list"></ul>
<label for="note">Note for the shop</label> <textarea id="note"></textarea>
<button id="help-toggle" aria-controls="help">Help</button><p id="help" hidden>Type an item and press Add.</p>
"""
    + LIST_SCRIPT
    + """<script>
document.getElementById('add').addEventListener('click', addItem);
document.getElementById('clear').addEventListener('click', clearList);
document.getElementById('help-toggle').addEventListener('click', () => {
  const help = document.getElementById('help'); help.hidden = !help.hidden; });
</script></body></html>""",
    "inline handlers": LIST_HEAD
    + """</head><body style="font-family:sans-serif;margin:2rem;color:#222">
<h1>Shopping list</h1>
<label for="item">Item</label> <input id="item"> <button id="add" onclick="addItem()">Add</button>
<button id="clear" onclick="clearList()">Clear</button>
<ul id="list"></ul>
<button id="help-toggle" onclick="var h=document.getElementById('help');
h.style.display = h.style.display === 'none' ? 'block' : 'none'">Help</button>
<p id="help" style="display:none">Type an item and press Add.</p>
"""
    + LIST_SCRIPT
    + "</body></html>",
    "utility classes": LIST_HEAD
    + """<style>
.p-8{padding:2rem}.flex{display:flex}.gap-2{gap:.5rem}.items-center{align-items:center}.hidden{display:none}
.font-sans{font-family:sans-serif}.text-2xl{font-size:1.5rem}.font-bold{font-weight:700}.text-slate-900{color:#0f172a}
.bg-blue-700{background:#1d4ed8}.text-white{color:#fff}.rounded{border-radius:.25rem}.px-3{padding:0 .75rem}
.py-1{padding-top:.25rem;padding-bottom:.25rem}.border{border:1px solid #64748b}
.hover\\:bg-blue-800:hover{background:#1e40af}
.list-disc{list-style:disc}.ml-6{margin-left:1.5rem}.text-slate-700{color:#334155}
</style></head><body class="p-8 font-sans text-slate-900">
<h1 class="text-2xl font-bold">Shopping list</h1>
<div class="flex gap-2 items-center"><label for="item">Item</label><input id="item" class="border rounded px-3 py-1">
<button id="add" class="bg-blue-700 hover:bg-blue-800 text-white rounded px-3 py-1">Add</button>
<button id="clear" class="border rounded px-3 py-1">Clear</button></div>
<ul id="list" class="list-disc ml-6"></ul>
<button id="help-toggle" class="border rounded px-3 py-1">Help</button>
<p id="help" class="hidden text-slate-700">Type an item and press Add.</p>
"""
    + LIST_SCRIPT
    + """<script>
document.querySelector('#add').addEventListener('click', addItem);
document.querySelector('#clear').addEventListener('click', clearList);
document.querySelector('#help-toggle').addEventListener('click', () =>
  document.querySelector('#help').classList.toggle('hidden'));
</script></body></html>""",
    "details and summary": LIST_HEAD
    + """<style>body{font-family:sans-serif;margin:2rem;color:#222}</style></head><body>
<h1>Shopping list</h1>
<form id="form"><label for="item">Item</label> <input id="item"> <button id="add">Add</button>
<button id="clear" type="button">Clear</button></form>
<ul id="list"></ul>
<details><summary id="help-toggle">Help</summary><p id="help">Type an item and press Add.</p></details>
"""
    + LIST_SCRIPT
    + """<script>
document.getElementById('form').addEventListener('submit', e => { e.preventDefault(); addItem(); });
document.getElementById('clear').addEventListener('click', clearList);
</script></body></html>""",
    "ARIA roles": LIST_HEAD
    + """<style>body{font-family:sans-serif;margin:2rem;color:#222}
[role=button]{display:inline-block;padding:.25rem .75rem;border:1px solid #444;border-radius:4px;cursor:pointer}
</style></head><body>
<h1>Shopping list</h1>
<div role="group" aria-label="New item"><label for="item">Item</label> <input id="item">
<div id="add" role="button" tabindex="0">Add</div> <div id="clear" role="button" tabindex="0">Clear</div></div>
<ul id="list" role="list" aria-live="polite"></ul>
<div id="help-toggle" role="button" tabindex="0" aria-expanded="false" aria-controls="help">Help</div>
<div id="help" role="region" aria-label="Help" hidden>Type an item and press Add.</div>
"""
    + LIST_SCRIPT
    + """<script>
function onActivate(id, action) {
  const el = document.getElementById(id);
  el.addEventListener('click', action);
  el.addEventListener('keydown', e => { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); action(); } });
}
onActivate('add', addItem);
onActivate('clear', clearList);
onActivate('help-toggle', () => {
  const help = document.getElementById('help'), toggle = document.getElementById('help-toggle');
  help.hidden = !help.hidden; toggle.setAttribute('aria-expanded', String(!help.hidden)); });
</script></body></html>""",
}


@pytest.mark.parametrize("style", sorted(STYLES))
def test_the_same_page_in_every_style_scores_full_interaction(tmp_path: Path, style: str) -> None:
    problem = tmp_path / "shopping_list.yaml"
    problem.write_text(LIST_PROBLEM, encoding="utf-8")
    page = tmp_path / "page.html"
    page.write_text(STYLES[style], encoding="utf-8")
    result = codeeval.evaluate(page, problem)
    assert not result.errors, result.errors
    interaction = result.dimensions["interaction"]
    failed = [c for c in interaction.details.to_dict()["checks"] if c["score"] < 1] if interaction.details else []
    assert interaction.score == 100, failed
    assert result.dimensions["execution"].score == 100, result.dimensions["execution"].rationale


OVERLAYS = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Cards</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
body{font-family:sans-serif;margin:2rem;color:#222}
.card{position:relative;border:1px solid #999;padding:1rem;margin-bottom:1rem;max-width:30rem}
.stretched::after{content:"";position:absolute;inset:0}
.switch{position:relative;display:inline-block;padding:.25rem 0}
.switch input{position:absolute;inset:0;width:100%;height:100%;margin:0;opacity:0}
.fade{position:relative}
.fade::after{content:"";position:absolute;inset:0;pointer-events:none;
  background:linear-gradient(transparent 70%, rgba(255,255,255,.3))}
</style></head><body>
<h1>Cards</h1>
<div class="card"><h2>Teas</h2><p>Green and black teas.</p><a class="stretched" href="#teas">Read more</a></div>
<label class="switch"><input type="checkbox" id="dark"><span>Dark mode</span></label>
<div class="fade"><p>A paragraph under a decorative fade that lets the pointer through.</p></div>
<p id="teas">Teas are listed here.</p>
<script>document.getElementById('dark').addEventListener('change', e =>
  document.body.style.background = e.target.checked ? '#eee' : '');</script>
</body></html>"""


def test_overlays_that_paint_nothing_do_not_cover_text(tmp_path: Path) -> None:
    """A stretched link over a card, a transparent input over a custom switch, a fade that lets the pointer
    through: the text under them is not covered (and the page is correct in full)."""
    problem = tmp_path / "cards.yaml"
    problem.write_text(LIST_PROBLEM.split("  interactions:")[0].replace("Shopping list", "Cards"), encoding="utf-8")
    page = tmp_path / "page.html"
    page.write_text(OVERLAYS, encoding="utf-8")
    result = codeeval.evaluate(page, problem)
    static = result.dimensions["static_aesthetics"]
    failed = [c for c in static.details.to_dict()["checks"] if c["score"] < 1] if static.details else []
    assert static.score == 100, failed
    assert result.dimensions["interaction"].score == 100, result.dimensions["interaction"].rationale
