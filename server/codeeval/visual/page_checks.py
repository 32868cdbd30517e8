"""The checks on a rendered web page: it loads cleanly, and it reads well at every width.

Static checks take the browser's layout snapshot of one width (page_snapshot.py)
and what the page did while loading; each failing check names the elements
involved, the measured values, and a cropped screenshot. Deterministic for a
given layout.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from ..base.color_math import Color, contrast_ratio, parse_color, required_contrast
from .checks import Check, Evidence, Part, not_applicable
from .geometry import Box
from .html_checks import HtmlIssue
from .page_snapshot import Node, PageSnapshot

Cropper = Callable[[Sequence[Box], str, str], "str | None"]  # boxes, image name, caption -> image name

OVERLAP_SHARE = 0.15
MIN_OVERLAP_PX = 3.0
MIN_FONT_PX = 12.0
MAX_TEXT_BOXES = 600
MAX_EVIDENCE = 3
SHIFT_LIMIT = 0.1  # cumulative layout shift: Core Web Vitals' "good"
WHITE = Color(1, 1, 1)


@dataclass
class LoadReport:
    """What happened while a page loaded, whatever the width."""

    loaded: bool
    load_message: str
    console_errors: list[str] = field(default_factory=list)
    blocked_requests: list[str] = field(default_factory=list)
    popups: list[str] = field(default_factory=list)
    dialogs: list[str] = field(default_factory=list)


# -- execution -----------------------------------------------------------------------


def execution_checks(issues: list[HtmlIssue], load: LoadReport) -> list[Check]:
    """Whether the page is well formed, loads, runs without errors and stays self-contained."""
    html = Check(
        "html-valid",
        Part.EXECUTION,
        "The HTML is well formed",
        40,
        max(0.0, 1 - 0.2 * len(issues)),
        "no structural problems" if not issues else f"{len(issues)} structural problem(s)",
        [Evidence(issue.describe()) for issue in issues[:8]],
    )
    loads = Check(
        "loads", Part.EXECUTION, "Loads and settles in time", 20, 1.0 if load.loaded else 0.0, load.load_message
    )
    errors = load.console_errors
    console = Check(
        "console",
        Part.EXECUTION,
        "No script errors",
        30,
        max(0.0, 1 - len(errors) / 3),
        "no errors in the console" if not errors else f"{len(errors)} error(s) in the console",
        [Evidence(e) for e in errors[:5]],
    )
    reached = [f"popup opened (and closed): {p}" for p in load.popups] + load.blocked_requests
    contained = Check(
        "self-contained",
        Part.EXECUTION,
        "Needs nothing from the network, opens no popups",
        10,
        max(0.0, 1 - len(reached) / 3),
        "made no network request and opened no popup"
        if not reached
        else f"{len(reached)} blocked request(s) or popup(s)",
        [Evidence(r) for r in reached[:5]],
    )
    return [html, loads, console, contained]


# -- static, per width -------------------------------------------------------------------


def _overlaps(first: Box, second: Box) -> Box | None:
    inter = first.intersection(second)
    if inter is None or min(inter.width, inter.height) < MIN_OVERLAP_PX:
        return None
    return inter if inter.area / (min(first.area, second.area) or 1.0) >= OVERLAP_SHARE else None


def overlap_check(snapshot: PageSnapshot, crop: Cropper, where: str) -> Check:
    """Lines of text from different elements drawn on top of each other."""
    runs = [(node, box) for node in snapshot.texts() for box in node.text_boxes][:MAX_TEXT_BOXES]
    pairs: list[tuple[Node, Node, Box, Box]] = []
    seen: set[tuple[int, int]] = set()
    for (first, one), (second, two) in itertools.combinations(runs, 2):
        key = (first.index, second.index)
        if first.index == second.index or key in seen or _overlaps(one, two) is None:
            continue
        seen.add(key)
        pairs.append((first, second, one, two))
    evidence = []
    for first, second, one, two in pairs[:MAX_EVIDENCE]:
        image = crop([one, two], f"{where}-overlap.png", f"{where}: overlapping text")
        evidence.append(
            Evidence(
                f"{snapshot.label(first)} {one.as_list()} overlaps {snapshot.label(second)} {two.as_list()}", image
            )
        )
    return Check(
        f"overlap-{where}",
        Part.STATIC_AESTHETICS,
        f"No overlapping text ({where})",
        25,
        max(0.0, 1 - len(pairs) / 2),
        "no text overlaps other text" if not pairs else f"{len(pairs)} pair(s) of texts overlap",
        evidence,
    )


def overflow_check(snapshot: PageSnapshot, crop: Cropper, where: str) -> Check:
    """Content wider than the viewport: the reader must scroll sideways."""
    excess = snapshot.content_width - snapshot.width
    if excess <= 1:
        return Check(
            f"overflow-{where}",
            Part.STATIC_AESTHETICS,
            f"Fits the width ({where})",
            25,
            1.0,
            f"content fits in {snapshot.width:.0f} px",
        )
    wide = [
        n
        for n in snapshot.nodes
        if n.visible
        and n.name != "#text"
        and n.box is not None
        and n.box.right > snapshot.width + 1
        and n.name not in ("HTML", "BODY")
    ]
    innermost = [n for n in wide if not any(m.parent == n.index for m in wide)][:MAX_EVIDENCE]
    evidence = []
    for node in innermost:
        assert node.box is not None
        edge = Box(
            max(0.0, snapshot.width - 160), node.box.top, snapshot.width, min(node.box.bottom, node.box.top + 200)
        )
        image = crop([edge], f"{where}-overflow.png", f"{where}: content runs past the right edge")
        evidence.append(
            Evidence(
                f"{snapshot.label(node)} is {node.box.width:.0f} px wide and ends at "
                f"{node.box.right:.0f} px, past the {snapshot.width:.0f} px viewport",
                image,
            )
        )
    return Check(
        f"overflow-{where}",
        Part.STATIC_AESTHETICS,
        f"Fits the width ({where})",
        25,
        0.0,
        f"content is {snapshot.content_width:.0f} px wide in a {snapshot.width:.0f} px viewport "
        f"({excess:.0f} px of sideways scrolling)",
        evidence,
    )


def _background(snapshot: PageSnapshot, node: Node) -> Color | None:
    """The colour behind a text: the nearest opaque background, alpha layers composited; None under an image."""
    layers = []
    for element in [snapshot.element_of(node)] + snapshot.ancestors(snapshot.element_of(node)):
        if element.styles.get("background-image", "none") not in ("none", ""):
            return None
        color = parse_color(element.styles.get("background-color", "transparent"))
        if color is None:
            return None
        if color.alpha > 0:
            layers.append(color)
            if color.alpha >= 1:
                break
    result = WHITE
    for color in reversed(layers):
        result = color.over(result)
    return result


def contrast_check(snapshot: PageSnapshot, crop: Cropper, where: str) -> Check:
    """WCAG AA contrast of every visible text against the colour behind it, weighted by its length."""
    failing: list[tuple[Node, float, float, Color, Color]] = []
    total = bad = unknown = 0
    for node in snapshot.texts():
        length = len(node.text.strip())
        background = _background(snapshot, node)
        foreground = parse_color(node.styles.get("color", ""))
        if background is None or foreground is None:
            unknown += length
            continue
        foreground = foreground.over(background)
        ratio = contrast_ratio(foreground.rgb, background.rgb)
        needed = required_contrast(node.font_px, node.bold)
        total += length
        if ratio < needed:
            bad += length
            failing.append((node, ratio, needed, foreground, background))
    if total == 0:
        return not_applicable(
            f"contrast-{where}",
            Part.STATIC_AESTHETICS,
            f"Readable contrast ({where})",
            "no text with a known background",
        )
    failing.sort(key=lambda item: item[1])
    evidence = []
    for node, ratio, needed, foreground, background in failing[:MAX_EVIDENCE]:
        boxes = node.text_boxes[:1] or ([node.box] if node.box else [])
        image = crop(boxes, f"{where}-contrast.png", f"{where}: low contrast") if boxes else None
        evidence.append(
            Evidence(
                f"{snapshot.label(node)}: {foreground.hex()} on {background.hex()} is "
                f"{ratio:.2f}:1, needs {needed:g}:1 at {node.font_px:g} px",
                image,
            )
        )
    note = f" ({unknown} characters over images not measured)" if unknown else ""
    summary = (
        f"all text meets WCAG AA contrast{note}"
        if not bad
        else f"{bad} of {total} characters are below WCAG AA contrast{note}"
    )
    return Check(
        f"contrast-{where}",
        Part.STATIC_AESTHETICS,
        f"Readable contrast ({where})",
        25,
        1 - min(1.0, 2 * bad / total),
        summary,
        evidence,
    )


def tiny_text_check(snapshot: PageSnapshot, where: str) -> Check:
    """Text below 12 px, weighted by length."""
    texts = snapshot.texts()
    total = sum(len(n.text.strip()) for n in texts)
    small = [n for n in texts if n.font_px < MIN_FONT_PX]
    count = sum(len(n.text.strip()) for n in small)
    if total == 0:
        return not_applicable(
            f"tiny-text-{where}", Part.STATIC_AESTHETICS, f"Text is large enough ({where})", "no text"
        )
    return Check(
        f"tiny-text-{where}",
        Part.STATIC_AESTHETICS,
        f"Text is large enough ({where})",
        10,
        1 - count / total,
        f"all text is at least {MIN_FONT_PX:g} px"
        if not small
        else f"{count} of {total} characters are smaller than {MIN_FONT_PX:g} px",
        [Evidence(f"{snapshot.label(n)}: {n.font_px:g} px") for n in small[:MAX_EVIDENCE]],
    )


def images_check(broken: list[str], total: int) -> Check:
    """Images that did not load."""
    if total == 0:
        return not_applicable("images", Part.STATIC_AESTHETICS, "Images load", "no images")
    return Check(
        "images",
        Part.STATIC_AESTHETICS,
        "Images load",
        10,
        1 - len(broken) / total,
        f"all {total} images load" if not broken else f"{len(broken)} of {total} images are broken",
        [Evidence(f"image {src[:120]} did not load") for src in broken[:MAX_EVIDENCE]],
    )


def layout_shift_check(shift: float | None) -> Check:
    """Cumulative layout shift while loading."""
    if shift is None:
        return not_applicable("layout-shift", Part.STATIC_AESTHETICS, "Layout is stable", "not measured")
    return Check(
        "layout-shift",
        Part.STATIC_AESTHETICS,
        "Layout is stable",
        5,
        1.0 if shift <= SHIFT_LIMIT else max(0.0, 1 - (shift - SHIFT_LIMIT) / 0.15),
        f"cumulative layout shift {shift:.3f} (good: at most {SHIFT_LIMIT:g})",
    )


def required_text_check(snapshot: PageSnapshot, required: Sequence[str]) -> Check:
    """The texts the problem requires, in the visible text."""
    if not required:
        return not_applicable("content", Part.STATIC_AESTHETICS, "Shows what was asked for", "nothing required")
    shown = " ".join(n.text for n in snapshot.texts()).lower()
    missing = [text for text in required if text.lower() not in shown]
    return Check(
        "content",
        Part.STATIC_AESTHETICS,
        "Shows what was asked for",
        15,
        1 - len(missing) / len(required),
        "shows every required text" if not missing else f"missing: {', '.join(repr(m) for m in missing)}",
    )


def static_checks(snapshot: PageSnapshot, crop: Cropper, where: str) -> list[Check]:
    """The checks that depend on the width."""
    return [
        overlap_check(snapshot, crop, where),
        overflow_check(snapshot, crop, where),
        contrast_check(snapshot, crop, where),
        tiny_text_check(snapshot, where),
    ]
