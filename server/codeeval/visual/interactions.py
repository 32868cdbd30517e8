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


@dataclass
class Candidate:
    """A control found on the page, and how to act on it."""

    selector: str
    label: str
    kind: str  # click | type | check | select | anchor
    box: Box | None
    backend: int  # the node's index in the snapshot it was found in
    input_type: str = ""


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
        control = node.name in CONTROL_TAGS or node.attributes.get("role", "") in CONTROL_ROLES
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
    """What a reader sees, as a multiset; the acted-on element counts only by its text (not focus or hover styles)."""
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
        if self.crop_for is None:
            return None
        snapshot = self.snapshot()
        target = box or Box(0, 0, min(snapshot.width, 640), min(snapshot.height, 400))
        return self.guarded("taking a screenshot", 5, lambda: self.crop_for(snapshot)([target], name, caption))

    def navigated(self) -> bool:
        """Whether the page left its own URL."""
        return self.page.url.split("#")[0] != PAGE_URL

    # -- scripted -----------------------------------------------------------------
    def _step(self, step: Step) -> None:
        locator = self.page.locator(step.selector).first
        acts = step.action in (StepAction.CLICK, StepAction.TYPE, StepAction.SELECT, StepAction.PRESS)
        if acts and self.guarded(f"finding {step.selector}", 5, locator.count) == 0:
            raise StepFailed(f"no element matches {step.selector}")
        try:
            if step.action is StepAction.CLICK:
                self.guarded(f"clicking {step.selector}", 5, lambda: locator.click(timeout=ACTION_TIMEOUT_MS))
            elif step.action is StepAction.TYPE:
                self.guarded(
                    f"typing into {step.selector}", 5, lambda: locator.fill(step.value, timeout=ACTION_TIMEOUT_MS)
                )
            elif step.action is StepAction.SELECT:
                self.guarded(
                    f"selecting in {step.selector}",
                    5,
                    lambda: locator.select_option(step.value, timeout=ACTION_TIMEOUT_MS),
                )
            elif step.action is StepAction.PRESS:
                self.guarded(f"pressing {step.value}", 5, lambda: locator.press(step.value, timeout=ACTION_TIMEOUT_MS))
            else:
                self._expect(step, locator)
        except (StepFailed, PageHung):
            raise
        except Exception as exc:  # Playwright's timeouts and errors: the step did not work
            raise StepFailed(str(exc).splitlines()[0][:200]) from None

    def _expect(self, step: Step, locator: Any) -> None:
        deadline = time.monotonic() + EXPECT_WAIT_S
        last = ""
        while True:
            count = self.guarded(f"finding {step.selector}", 5, locator.count)
            if step.action is StepAction.EXPECT_HIDDEN:
                if count == 0 or not self.guarded("checking visibility", 5, locator.is_visible):
                    return
                last = f"{step.selector} is still visible"
            elif count == 0:
                last = f"no element matches {step.selector}"
            elif step.action is StepAction.EXPECT_VISIBLE:
                if self.guarded("checking visibility", 5, locator.is_visible):
                    return
                last = f"{step.selector} is not visible"
            else:
                text = self.guarded("reading text", 5, lambda: locator.inner_text(timeout=ACTION_TIMEOUT_MS))
                shown = " ".join(text.split())
                if (shown == step.value) if step.exact else (step.value in shown):
                    return
                last = f"{step.selector} reads {shown[:80]!r}"
            if time.monotonic() >= deadline:
                raise StepFailed(last)
            self.guarded("waiting", 2, lambda: self.page.wait_for_timeout(100))

    def scripted(self, interaction: Interaction, weight: float) -> Check:
        """Run one scripted interaction on a fresh page: a pass only if every step works."""
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
                f"every step worked, but the page raised: {new_errors[0]}",
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
            return False, f"raised a script error: {new_errors[0]}", after_snapshot
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
        outcomes: dict[int, tuple[bool, str]] = {}
        for position, candidate in enumerate(candidates):
            if self.remaining() < 1.5:
                break
            if candidate.kind == "anchor":
                verdict = self._anchor(snapshot, candidate)
                if verdict is not None:
                    outcomes[position] = verdict
                continue
            passed, note, snapshot = self.try_control(candidate, snapshot)
            outcomes[position] = (passed, note)
        # A control that did nothing on the fresh page gets a second try after a control that worked has
        # changed the state (a "reset" button does nothing until there is something to reset).
        primer = next((candidates[p] for p, (ok, _) in outcomes.items() if ok and candidates[p].kind == "click"), None)
        for position, (passed, note) in list(outcomes.items()):
            if not passed and note == "nothing visible changed" and self.remaining() > 1.5:
                if primer is not None:
                    snapshot = self.try_control(primer, snapshot)[2]
                retried, again, snapshot = self.try_control(candidates[position], snapshot)
                if retried:
                    outcomes[position] = (True, again + " (on a second try, after another control)")
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
        """The scripted interactions, then the discovered ones, within the time left."""
        checks = []
        scripted = list(spec.interactions)[: spec.max_interactions]
        share = SCRIPTED_SHARE if spec.discover else 100.0
        for interaction in scripted:
            if self.remaining() < 1.5:
                break
            checks.append(self.scripted(interaction, share / len(scripted)))
        if spec.discover:
            found = self.discovered(spec.max_interactions - len(scripted))
            if not scripted:
                for check in found:
                    check.weight = check.weight * 100.0 / DISCOVERED_SHARE
            checks += found
        return checks
