"""Interactions, each a pass or a fail: the problem's scripted steps, then every control found on the page.

Deterministic counterpart of the paper's interactive agent: scripted
interactions come from the problem file; discovered ones are every visible
button, link, input, select and element with a click listener, each acted on
once (a second time, later, if nothing happened the first time: a "reset"
button does nothing on a fresh page). A control passes when something visible
changed (text, layout, colours, values, a dialog) and no script error
happened; an input passes when it takes the text typed into it.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..problem.visual_definition import Interaction, PageSpec, Step, StepAction
from .checks import Check, Evidence, Part
from .geometry import Box
from .page_protocol import PAGE_URL
from .page_snapshot import Node, PageSnapshot

ACTION_TIMEOUT_MS = 1000
EXPECT_WAIT_S = 1.0
SETTLE_MS = 40
TWO_FRAMES = "() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))"
CONTROL_TAGS = frozenset({"BUTTON", "A", "INPUT", "SELECT", "TEXTAREA", "SUMMARY"})
CONTROL_ROLES = frozenset({"button", "link", "checkbox", "switch", "tab", "menuitem", "option", "radio"})
TEXT_INPUTS = frozenset({"", "text", "search", "email", "url", "tel", "password", "number"})
TYPED_TEXT = "codeeval"
# Valid input for typed fields, so a form's submit button is judged on what it does with good input.
SAMPLE_INPUT = {"email": "codeeval@example.org", "number": "42", "url": "https://example.org/", "tel": "0123456789"}
SCRIPTED_SHARE, DISCOVERED_SHARE = 60.0, 40.0
RAISED = "raised a script error"  # a control's note when using it threw: the score's cap reads it (caps.py)
STEPS_RAISED = "every step worked, but the page raised"  # the same for a scripted interaction
FROZE = "froze the page"  # a control or interaction after which the page stopped answering (capped like RAISED)


@dataclass
class Candidate:
    """A control found on the page, and how to act on it."""

    selector: str
    label: str
    kind: str  # click | type | check | select | anchor
    box: Box | None
    backend: int  # the node's index in the snapshot it was found in
    input_type: str = ""


def _compare(shown: str, step: Step) -> bool:
    return shown == step.value if step.exact else step.value in shown


def _compare_count(count: int, step: Step) -> bool:
    expected = int(step.value or 0)
    return count == expected if step.exact else count >= expected


# What the acting steps do to the element their selector finds first.
ACTIONS: dict[StepAction, Callable[[Any, str], Any]] = {
    StepAction.CLICK: lambda locator, _: locator.click(timeout=ACTION_TIMEOUT_MS),
    StepAction.TYPE: lambda locator, text: locator.fill(text, timeout=ACTION_TIMEOUT_MS),
    StepAction.SELECT: lambda locator, value: locator.select_option(value, timeout=ACTION_TIMEOUT_MS),
    StepAction.PRESS: lambda locator, key: locator.press(key, timeout=ACTION_TIMEOUT_MS),
}
# Visible elements among those matching (a count step counts what a reader sees).
COUNT_VISIBLE = """els => els.filter(e => e.checkVisibility
  ? e.checkVisibility({visibilityProperty: true, opacityProperty: true})
  : !!(e.offsetWidth || e.offsetHeight || e.getClientRects().length)).length"""
# Empty when the element's centre is in the viewport and the element (or one inside it) is what is drawn there.
IN_VIEW = """el => {
  const r = el.getBoundingClientRect();
  if (r.width <= 0 || r.height <= 0) return 'has no size';
  const x = r.left + r.width / 2, y = r.top + r.height / 2;
  if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight)
    return `is outside the viewport (its centre is at ${Math.round(x)}, ${Math.round(y)})`;
  const hit = document.elementFromPoint(x, y);
  if (!hit || hit === el || el.contains(hit) || hit.contains(el)) return '';
  const cls = typeof hit.className === 'string' ? hit.className.trim().split(/\\s+/).slice(0, 2).join('.') : '';
  return `is covered at its centre by ${hit.tagName.toLowerCase()}${hit.id ? '#' + hit.id : ''}${cls ? '.' + cls : ''}`;
}"""
# A computed style: the element's own value first; a text decoration is drawn through the text inside the element
# that carries it, so for those an ancestor's or a descendant's value counts too.
STYLE_VALUES = """(el, name) => {
  const read = e => getComputedStyle(e).getPropertyValue(name).trim();
  const seen = [read(el)];
  if (!name.startsWith('text-decoration')) return seen;
  for (let a = el.parentElement; a; a = a.parentElement) seen.push(read(a));
  for (const d of el.querySelectorAll('*')) seen.push(read(d));
  return seen;
}"""


class StepFailed(Exception):
    """A scripted step did not work; the message says why."""


class PageHung(Exception):
    """The browser was killed because the page stopped answering: nothing more can be done on it."""


def css_path(snapshot: PageSnapshot, node: Node) -> str:
    """A selector for exactly this element: nth-child steps up to the nearest id."""
    parts = []
    current: Node | None = node
    while current is not None and not current.name.startswith("#") and current.name not in ("HTML",):
        element_id = current.attributes.get("id")
        if element_id and '"' not in element_id:
            parts.append(f'[id="{element_id}"]')
            break
        siblings = [n for n in snapshot.nodes if n.parent == current.parent and not n.name.startswith(("#", ":"))]
        position = next(i for i, n in enumerate(siblings, start=1) if n.index == current.index)
        parts.append(f"{current.name.lower()}:nth-child({position})")
        current = snapshot.nodes[current.parent] if current.parent >= 0 else None
    return " > ".join(reversed(parts))


def _kind(node: Node) -> str:
    if node.name == "INPUT":
        kind = node.attributes.get("type", "").lower()
        if kind in ("checkbox", "radio"):
            return "check"
        if kind in TEXT_INPUTS:
            return "type"
        return "click"
    if node.name == "TEXTAREA":
        return "type"
    if node.name == "SELECT":
        return "select"
    if node.name == "A":
        href = node.attributes.get("href", "")
        return "click" if href in ("", "#") or href.startswith("javascript:") else "anchor"
    return "click"


def find_candidates(snapshot: PageSnapshot, limit: int) -> list[Candidate]:
    """The controls on a page worth trying, outermost first (a control inside another is left out)."""
    found: list[Node] = []
    area = snapshot.width * snapshot.height
    for node in snapshot.nodes:
        if node.name.startswith(("#", ":")) or node.name in ("HTML", "BODY") or not node.visible:
            continue
        if "disabled" in node.attributes or node.attributes.get("type", "").lower() == "hidden":
            continue
        role = node.attributes.get("role", "")
        control = node.name in CONTROL_TAGS or role in CONTROL_ROLES
        if node.name == "LABEL" and not control:
            continue  # a label only hands its click to its control, which is tried itself (issue 33)
        if not (control or node.clickable) or (node.box and node.box.area > area / 2):
            continue
        if any(ancestor in found for ancestor in snapshot.ancestors(node)):
            continue
        found.append(node)
    return [
        Candidate(
            css_path(snapshot, n), snapshot.label(n), _kind(n), n.box, n.index, n.attributes.get("type", "").lower()
        )
        for n in found[:limit]
    ]


def appearance(snapshot: PageSnapshot, own: set[int]) -> Counter:
    """What a reader sees, as a multiset; the acted-on element counts only by its text and whether it is ticked
    (not focus or hover styles)."""
    seen: Counter = Counter()
    for node in snapshot.nodes:
        if not node.visible or node.box is None:
            continue
        box = tuple(round(v) for v in node.box.as_list())
        if node.name == "#text":
            seen[("text", node.text.strip(), box)] += 1
        elif node.index not in own:
            styles = tuple(node.styles.get(k, "") for k in ("color", "background-color", "display", "opacity"))
            seen[(node.name, box, styles, node.value, node.checked)] += 1
        elif node.checked:
            seen[("checked", node.index)] += 1  # a ticked box or chosen radio is what a reader sees change
    return seen


class Explorer:
    """Runs the interactions on one page visit (the first width)."""

    def __init__(
        self,
        visit: Any,
        guarded: Callable,
        remaining: Callable[[], float],
        crop: Callable[[PageSnapshot], Callable] | None = None,
    ):
        """`visit`: the page at the first width; `guarded` runs a browser step under the watchdog; `crop`
        makes a cropper (for evidence pictures) from a snapshot."""
        self.visit = visit
        self.page = visit.page
        self.guarded = guarded
        self.remaining = remaining
        self.crop_for = crop
        self.frozen: str | None = None  # what the page stopped answering during; the browser is then gone

    # -- helpers -------------------------------------------------------------------
    def reload(self) -> None:
        """Load the page afresh."""
        self.guarded(
            "reloading the page",
            max(1.0, self.remaining()),
            lambda: self.visit.open(max(0.5, min(10.0, self.remaining() - 0.5))),
        )

    def snapshot(self) -> PageSnapshot:
        """The page as laid out now."""
        return self.guarded("measuring the page", 5, self.visit.snapshot)

    def settle(self) -> None:
        """Let the page react: move the pointer off the control (no hover styles), two frames, a short pause."""

        def wait() -> None:
            self.page.mouse.move(0, 0)
            self.page.evaluate(TWO_FRAMES)
            self.page.wait_for_timeout(SETTLE_MS)

        self.guarded("waiting for the page", 5, wait)

    def picture(self, box: Box | None, name: str, caption: str) -> str | None:
        """A cropped picture of a box on the page (the top of the page without one)."""
        if self.crop_for is None or self.frozen is not None:
            return None
        snapshot = self.snapshot()
        target = box or Box(0, 0, min(snapshot.width, 640), min(snapshot.height, 400))
        return self.guarded("taking a screenshot", 5, lambda: self.crop_for(snapshot)([target], name, caption))

    def navigated(self) -> bool:
        """Whether the page left its own URL."""
        return self.page.url.split("#")[0] != PAGE_URL

    # -- scripted -----------------------------------------------------------------
    def _step(self, step: Step) -> None:
        if step.action is StepAction.RESIZE:
            width, _, height = step.value.partition("x")
            self.resize(int(width), int(height or 0) or self.visit.request.spec.height)
            return
        if step.action not in ACTIONS:
            self._expect(step)
            return
        locator = self.page.locator(step.selector).first
        if self.guarded(f"finding {step.selector}", 5, locator.count) == 0:
            raise StepFailed(f"no element matches {step.selector}")
        try:
            self.guarded(step.describe(), 5, lambda: ACTIONS[step.action](locator, step.value))
        except PageHung:
            raise
        except Exception as exc:  # Playwright's timeouts and errors: the step did not work
            raise StepFailed(str(exc).splitlines()[0][:200]) from None

    def resize(self, width: int, height: int) -> None:
        """Give the page's window another size (the page re-lays itself out, as when a window is resized)."""
        size = self.page.viewport_size or {}
        if size.get("width") != width or size.get("height") != height:
            self.guarded(
                f"resizing to {width} px", 5, lambda: self.page.set_viewport_size({"width": width, "height": height})
            )

    def _expect(self, step: Step) -> None:
        """Wait up to EXPECT_WAIT_S for the expectation to hold (the page may animate or answer late)."""
        deadline = time.monotonic() + EXPECT_WAIT_S
        while True:
            try:
                held, last = self._observe(step)
            except PageHung:
                raise
            except Exception as exc:  # the element went away, or cannot be read that way
                held, last = False, str(exc).splitlines()[0][:200]
            if held:
                return
            if time.monotonic() >= deadline:
                raise StepFailed(last)
            self.guarded("waiting", 2, lambda: self.page.wait_for_timeout(100))

    def _observe(self, step: Step) -> tuple[bool, str]:
        """Whether the expectation holds now, and what was seen."""
        if step.action is StepAction.EXPECT_URL:
            address = self.page.url
            shown = address[len(PAGE_URL) :] if address.startswith(PAGE_URL) else address
            return _compare(shown, step), f"the URL is {shown[:120]!r} (after the page's own address)"
        if step.action is StepAction.EXPECT_COUNT:
            all_matching = self.page.locator(step.selector)
            count = int(self.guarded(f"counting {step.selector}", 5, lambda: all_matching.evaluate_all(COUNT_VISIBLE)))
            return _compare_count(count, step), f"{count} visible element(s) match {step.selector}"
        locator = self.page.locator(step.selector).first
        count = self.guarded(f"finding {step.selector}", 5, locator.count)
        if step.action is StepAction.EXPECT_HIDDEN:
            hidden = count == 0 or not self.guarded("checking visibility", 5, locator.is_visible)
            return hidden, f"{step.selector} is still visible"
        if count == 0:
            return False, f"no element matches {step.selector}"
        return OBSERVERS[step.action](self, step, locator)

    def _visible(self, step: Step, locator: Any) -> tuple[bool, str]:
        return self.guarded("checking visibility", 5, locator.is_visible), f"{step.selector} is not visible"

    def _text(self, step: Step, locator: Any) -> tuple[bool, str]:
        text = self.guarded("reading text", 5, lambda: locator.inner_text(timeout=ACTION_TIMEOUT_MS))
        shown = " ".join(text.split())
        return _compare(shown, step), f"{step.selector} reads {shown[:80]!r}"

    def _value(self, step: Step, locator: Any) -> tuple[bool, str]:
        shown = self.guarded("reading the value", 5, lambda: locator.input_value(timeout=ACTION_TIMEOUT_MS))
        return _compare(shown, step), f"the value of {step.selector} is {shown[:80]!r}"

    def _in_view(self, step: Step, locator: Any) -> tuple[bool, str]:
        if not self.guarded("checking visibility", 5, locator.is_visible):
            return False, f"{step.selector} is not visible"
        problem = self.guarded("looking at its centre", 5, lambda: locator.evaluate(IN_VIEW, timeout=ACTION_TIMEOUT_MS))
        return not problem, f"{step.selector} {problem}"

    def _style(self, step: Step, locator: Any) -> tuple[bool, str]:
        values = self.guarded(
            f"reading {step.property}",
            5,
            lambda: locator.evaluate(STYLE_VALUES, step.property, timeout=ACTION_TIMEOUT_MS),
        )
        shown = [str(v) for v in values] if isinstance(values, list) and values else [""]
        held = any(_compare(value, step) for value in shown)
        return held, f"{step.property} of {step.selector} is {shown[0][:80]!r}"

    def scripted(self, interaction: Interaction, weight: float) -> Check:
        """Run one scripted interaction on a fresh page, at its own width if it names one: a pass only if every
        step works. The window gets its first width back afterwards."""
        height = self.visit.request.spec.height
        self.resize(interaction.width or self.visit.width, height)
        try:
            return self._scripted(interaction, weight)
        except PageHung as hung:
            self.frozen = str(hung)  # the browser is gone: nothing to resize back
            raise
        finally:
            if self.frozen is None:
                self.resize(self.visit.width, height)

    def _scripted(self, interaction: Interaction, weight: float) -> Check:
        self.reload()
        errors_before = len(self.visit.errors)
        for number, step in enumerate(interaction.steps, start=1):
            try:
                self._step(step)
            except StepFailed as exc:
                box = self._box_of(step.selector)
                image = self.picture(box, "step-failed.png", f"{interaction.name}: step {number} failed")
                return Check(
                    f"scripted-{interaction.name}",
                    Part.INTERACTION,
                    interaction.name,
                    weight,
                    0.0,
                    f"step {number} ({step.describe()}) failed: {exc}",
                    [Evidence(str(exc), image)],
                )
        new_errors = self.visit.errors[errors_before:]
        if new_errors:
            return Check(
                f"scripted-{interaction.name}",
                Part.INTERACTION,
                interaction.name,
                weight,
                0.0,
                f"{STEPS_RAISED}: {new_errors[0]}",
                [Evidence(e) for e in new_errors[:3]],
            )
        return Check(
            f"scripted-{interaction.name}",
            Part.INTERACTION,
            interaction.name,
            weight,
            1.0,
            f"all {len(interaction.steps)} steps worked",
        )

    def _box_of(self, selector: str) -> Box | None:
        if not selector:
            return None
        try:
            found = self.guarded("locating", 5, lambda: self.page.locator(selector).first.bounding_box(timeout=200))
        except PageHung:
            raise
        except Exception:  # no such element, or not laid out: the picture shows the top of the page
            return None
        if not found:
            return None
        scroll = self.guarded("scrolling", 5, lambda: self.page.evaluate("[window.scrollX, window.scrollY]"))
        x, y = (scroll[0], scroll[1]) if isinstance(scroll, list) and len(scroll) == 2 else (0, 0)
        return Box(found["x"] + x, found["y"] + y, found["x"] + x + found["width"], found["y"] + y + found["height"])

    # -- discovered ----------------------------------------------------------------
    def _act(self, candidate: Candidate) -> str | None:
        """Do what the control invites; None, or why it could not be done."""
        locator = self.page.locator(candidate.selector).first
        try:
            if candidate.kind == "type":
                text = SAMPLE_INPUT.get(candidate.input_type, TYPED_TEXT)
                self.guarded("typing", 5, lambda: locator.fill(text, timeout=ACTION_TIMEOUT_MS))
            elif candidate.kind == "check":
                self.guarded("checking", 5, lambda: locator.click(timeout=ACTION_TIMEOUT_MS))
            elif candidate.kind == "select":
                options = self.guarded(
                    "reading options", 5, lambda: locator.evaluate("s => Array.from(s.options).map(o => o.value)")
                )
                current = self.guarded("reading the value", 5, lambda: locator.input_value(timeout=ACTION_TIMEOUT_MS))
                other = next((o for o in options if o != current), None)
                if other is None:
                    return "has no other option to choose"
                self.guarded("selecting", 5, lambda: locator.select_option(other, timeout=ACTION_TIMEOUT_MS))
            else:
                self.guarded("clicking", 5, lambda: locator.click(timeout=ACTION_TIMEOUT_MS))
        except PageHung:
            raise
        except Exception as exc:  # Playwright's timeouts and errors: the control could not be used
            return str(exc).splitlines()[0][:200]
        return None

    def _own(self, snapshot: PageSnapshot, candidate: Candidate) -> set[int]:
        matches = [n for n in snapshot.nodes if n.index == candidate.backend]
        return snapshot.descendants(matches[0]) if matches else set()

    def try_control(self, candidate: Candidate, before_snapshot: PageSnapshot) -> tuple[bool, str, PageSnapshot]:
        """Act on one control; whether it worked, how, and the page as it is afterwards."""
        own = self._own(before_snapshot, candidate)
        before = appearance(before_snapshot, own)
        errors, dialogs = len(self.visit.errors), self.visit.dialogs
        problem = self._act(candidate)
        if problem is not None:
            return False, f"could not be used: {problem}", self.snapshot()
        self.settle()
        if self.navigated():
            target = self.page.url[:120]
            self.reload()
            return True, f"navigated to {target}", self.snapshot()
        after_snapshot = self.snapshot()
        new_errors = self.visit.errors[errors:]
        if new_errors:
            return False, f"{RAISED}: {new_errors[0]}", after_snapshot
        node = next((n for n in after_snapshot.nodes if n.index == candidate.backend), None)
        if candidate.kind == "type":
            taken = node is not None and bool(node.value)
            return taken, "takes typed text" if taken else "does not take typed text", after_snapshot
        if candidate.kind == "select":
            old = next((n.value for n in before_snapshot.nodes if n.index == candidate.backend), None)
            taken = node is not None and node.value != old
            return taken, "takes a choice" if taken else "does not take a choice", after_snapshot
        after = appearance(after_snapshot, own)
        changed = sum(((before - after) + (after - before)).values())
        if self.visit.dialogs > dialogs:
            return True, "opened a dialog", after_snapshot
        if changed:
            return True, f"changed {changed} visible thing(s)", after_snapshot
        return False, "nothing visible changed", after_snapshot

    def discovered(self, budget: int) -> list[Check]:
        """Try each control found on the page, a check each."""
        if budget <= 0:
            return []
        self.reload()
        snapshot = self.snapshot()
        candidates = find_candidates(snapshot, budget)
        outcomes, snapshot = self._try_each(candidates, snapshot)
        if self.frozen is None:
            self._second_tries(candidates, outcomes, snapshot)
        weight = DISCOVERED_SHARE / max(1, len(outcomes))
        checks = []
        for position, (passed, note) in outcomes.items():
            candidate = candidates[position]
            evidence = []
            if not passed:
                image = self.picture(candidate.box, "dead-control.png", f"{candidate.label}: {note}")
                evidence.append(Evidence(f"{candidate.label} ({candidate.selector}): {note}", image))
            checks.append(
                Check(
                    f"control-{position + 1}",
                    Part.INTERACTION,
                    f"{candidate.label} works",
                    weight,
                    1.0 if passed else 0.0,
                    note,
                    evidence,
                )
            )
        return checks

    def _try_each(
        self, candidates: list[Candidate], snapshot: PageSnapshot
    ) -> tuple[dict[int, tuple[bool, str]], PageSnapshot]:
        """Each control once. A control that freezes the page ends the tries (the browser is gone); one whose
        use breaks the page in another way (its document went away for good) fails, and the page is reloaded."""
        outcomes: dict[int, tuple[bool, str]] = {}
        for position, candidate in enumerate(candidates):
            if self.remaining() < 1.5:
                break
            if candidate.kind == "anchor":
                verdict = self._anchor(snapshot, candidate)
                if verdict is not None:
                    outcomes[position] = verdict
                continue
            try:
                passed, note, snapshot = self.try_control(candidate, snapshot)
            except PageHung as hung:
                self.frozen = str(hung)
                outcomes[position] = (False, f"{FROZE} (no answer while {hung}; the browser was stopped)")
                break
            except Exception as exc:  # Playwright's errors: the page's behaviour broke the try, not the evaluation
                outcomes[position] = (False, f"broke the page: {str(exc).splitlines()[0][:200]}")
                self.reload()
                snapshot = self.snapshot()
                continue
            outcomes[position] = (passed, note)
        return outcomes, snapshot

    def _second_tries(
        self, candidates: list[Candidate], outcomes: dict[int, tuple[bool, str]], snapshot: PageSnapshot
    ) -> None:
        """A control that did nothing on the fresh page gets a second try after a control that worked has
        changed the state (a "reset" button does nothing until there is something to reset)."""
        primer = next((candidates[p] for p, (ok, _) in outcomes.items() if ok and candidates[p].kind == "click"), None)
        for position, (passed, note) in list(outcomes.items()):
            if passed or note != "nothing visible changed" or self.remaining() <= 1.5:
                continue
            try:
                if primer is not None:
                    snapshot = self.try_control(primer, snapshot)[2]
                retried, again, snapshot = self.try_control(candidates[position], snapshot)
            except PageHung as hung:
                self.frozen = str(hung)
                outcomes[position] = (False, f"{FROZE} on a second try (no answer while {hung})")
                return
            if retried:
                outcomes[position] = (True, again + " (on a second try, after another control)")

    def _anchor(self, snapshot: PageSnapshot, candidate: Candidate) -> tuple[bool, str] | None:
        """An in-page link works when its target exists; a link elsewhere is not judged (no network here)."""
        node = next((n for n in snapshot.nodes if n.index == candidate.backend), None)
        href = node.attributes.get("href", "") if node else ""
        if not href.startswith("#"):
            return None
        target = href[1:]
        exists = any(n.attributes.get("id") == target or n.attributes.get("name") == target for n in snapshot.nodes)
        return exists, f"links to #{target}" + ("" if exists else ", which does not exist")

    def run(self, spec: PageSpec) -> list[Check]:
        """The scripted interactions, then the discovered ones, within the time left. The page's behaviour is
        judged, whatever it is: an interaction it breaks fails, and one that freezes it ends the interactions."""
        checks = []
        scripted = list(spec.interactions)[: spec.max_interactions]
        share = SCRIPTED_SHARE if spec.discover else 100.0
        for interaction in scripted:
            if self.remaining() < 1.5 or self.frozen is not None:
                break
            checks.append(self._judged(interaction, share / len(scripted)))
        if spec.discover and self.frozen is None:
            try:
                found = self.discovered(spec.max_interactions - len(scripted))
            except PageHung as hung:  # while reloading or measuring between controls
                self.frozen = str(hung)
                found = [self._failed("controls", "The page's controls", 100.0, f"{FROZE} (no answer while {hung})")]
            except Exception as exc:  # the page went away for good under the tries
                found = [self._failed("controls", "The page's controls", 100.0, f"broke the page: {_first_line(exc)}")]
            if not scripted:
                for check in found:
                    check.weight = check.weight * 100.0 / DISCOVERED_SHARE
            checks += found
        return checks

    def _judged(self, interaction: Interaction, weight: float) -> Check:
        """One scripted interaction; a page that freezes or breaks under it fails it."""
        check_id = f"scripted-{interaction.name}"
        try:
            return self.scripted(interaction, weight)
        except PageHung as hung:
            self.frozen = str(hung)
            return self._failed(check_id, interaction.name, weight, f"{FROZE} (no answer while {hung})")
        except Exception as exc:  # Playwright's errors the steps did not catch: the page broke under them
            return self._failed(check_id, interaction.name, weight, f"broke the page: {_first_line(exc)}")

    @staticmethod
    def _failed(check_id: str, title: str, weight: float, summary: str) -> Check:
        return Check(check_id, Part.INTERACTION, title, weight, 0.0, summary, [Evidence(summary)])


def _first_line(error: BaseException) -> str:
    return (str(error).splitlines() or [type(error).__name__])[0][:200]


# How each expectation is observed, once its element exists.
OBSERVERS: dict[StepAction, Callable[[Explorer, Step, Any], tuple[bool, str]]] = {
    StepAction.EXPECT_VISIBLE: Explorer._visible,
    StepAction.EXPECT_TEXT: Explorer._text,
    StepAction.EXPECT_VALUE: Explorer._value,
    StepAction.EXPECT_IN_VIEW: Explorer._in_view,
    StepAction.EXPECT_STYLE: Explorer._style,
}
