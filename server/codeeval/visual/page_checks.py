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
from .page_pixels import PagePixels
from .page_snapshot import Node, PageSnapshot

Cropper = Callable[[Sequence[Box], str, str], "str | None"]  # boxes, image name, caption -> image name

OVERLAP_SHARE = 0.15
MIN_OVERLAP_PX = 3.0
MIN_FONT_PX = 12.0
MAX_TEXT_BOXES = 600
MAX_EVIDENCE = 3
SHIFT_LIMIT = 0.1  # cumulative layout shift: Core Web Vitals' "good"
WHITE = Color(1, 1, 1)
MAX_CONTRAST_TEXTS = 400
MAX_PIXEL_LINES = 2  # lines of one text over a gradient or image read from the pixels
MAX_PIXEL_TEXTS = 60  # texts read from the pixels per width (the rest is left unmeasured: time)
MAX_COVER_TEXTS = 150
REPLACED = frozenset({"IMG", "VIDEO", "CANVAS", "IFRAME", "svg", "SVG", "OBJECT", "EMBED"})


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
    parents = {m.parent for m in wide}  # a set: a page may have thousands of elements past the edge
    innermost = [n for n in wide if n.index not in parents][:MAX_EVIDENCE]
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


@dataclass(frozen=True)
class TextContrast:
    """One text's measured contrast: colours, ratio, and whether the background was read from pixels."""

    node: Node
    ratio: float
    needed: float
    foreground: Color
    background: Color
    from_pixels: bool


def _text_contrast(snapshot: PageSnapshot, node: Node, pixels: PagePixels | None) -> TextContrast | None:
    """The contrast of one text: against its computed background, or the drawn one (gradients, images)."""
    foreground = parse_color(node.styles.get("color", ""))
    if foreground is None:
        return None
    needed = required_contrast(node.font_px, node.bold)
    background = _background(snapshot, node)
    if background is not None:
        shown = foreground.over(background)
        return TextContrast(node, contrast_ratio(shown.rgb, background.rgb), needed, shown, background, False)
    if pixels is None:
        return None
    opaque = Color(*foreground.rgb)  # a translucent text's glyphs are blended: its own colour is the nearest guess
    drawn = pixels.worst_background(node.text_boxes[:MAX_PIXEL_LINES], opaque)
    if drawn is None:
        return None
    return TextContrast(node, drawn.ratio, needed, opaque, drawn.color, True)


def _contrast_evidence(snapshot: PageSnapshot, crop: Cropper, where: str, item: TextContrast) -> Evidence:
    node = item.node
    boxes = node.text_boxes[:1] or ([node.box] if node.box else [])
    image = crop(boxes, f"{where}-contrast.png", f"{where}: low contrast") if boxes else None
    under = f"the worst part of the drawn background, {item.background.hex()}," if item.from_pixels else ""
    return Evidence(
        f"{snapshot.label(node)}: {item.foreground.hex()} on {under or item.background.hex()} is "
        f"{item.ratio:.2f}:1, needs {item.needed:g}:1 at {node.font_px:g} px",
        image,
    )


def contrast_check(
    snapshot: PageSnapshot, crop: Cropper, where: str, pixels: PagePixels | None = None, pixels_note: str = ""
) -> Check:
    """WCAG AA contrast of every visible text against the colour behind it, weighted by its length; text over a
    gradient or an image against the pixels drawn under it (the worst part of its box)."""
    failing: list[TextContrast] = []
    total = bad = unknown = from_pixels = 0
    read_from_pixels = 0
    for node in snapshot.texts()[:MAX_CONTRAST_TEXTS]:
        length = len(node.text.strip())
        measured = _text_contrast(snapshot, node, pixels if read_from_pixels < MAX_PIXEL_TEXTS else None)
        if measured is None:
            unknown += length
            continue
        total += length
        read_from_pixels += measured.from_pixels
        from_pixels += length if measured.from_pixels else 0
        if measured.ratio < measured.needed:
            bad += length
            failing.append(measured)
    title = f"Readable contrast ({where})"
    if total == 0:
        return not_applicable(f"contrast-{where}", Part.STATIC_AESTHETICS, title, "no text with a known background")
    failing.sort(key=lambda item: item.ratio)
    evidence = [_contrast_evidence(snapshot, crop, where, item) for item in failing[:MAX_EVIDENCE]]
    notes = [f"{from_pixels} characters over gradients or images measured from the pixels"] if from_pixels else []
    if unknown:
        notes.append(f"{unknown} characters over images not measured" + (f": {pixels_note}" if pixels_note else ""))
    note = f" ({'; '.join(notes)})" if notes else ""
    summary = (
        f"all text meets WCAG AA contrast{note}"
        if not bad
        else f"{bad} of {total} characters are below WCAG AA contrast{note}"
    )
    return Check(
        f"contrast-{where}", Part.STATIC_AESTHETICS, title, 25, 1 - min(1.0, 2 * bad / total), summary, evidence
    )


def covered_check(snapshot: PageSnapshot, hits: dict[int, int], crop: Cropper, where: str) -> Check:
    """Text hidden under another element (a fixed or sticky header over the content, a banner), as loaded.

    `hits`: for each text node in the first screen, the node the browser finds on top at the centre of its
    first line (by backend node id). The text is covered when that is an unrelated element that paints
    something (a background, an image), not the text's own element, one inside it or one around it."""
    by_backend = {n.backend_id: n for n in snapshot.nodes if n.backend_id}
    covered: list[tuple[Node, Node]] = []
    for index, backend in hits.items():
        text, hit = snapshot.nodes[index], by_backend.get(backend)
        if hit is not None and _covers(snapshot, hit, snapshot.element_of(text)):
            covered.append((text, hit))
    title = f"Text is not covered ({where})"
    if not hits:
        return not_applicable(f"covered-{where}", Part.STATIC_AESTHETICS, title, "no text in the first screen")
    evidence = []
    for text, hit in covered[:MAX_EVIDENCE]:
        boxes = text.text_boxes[:1] or ([text.box] if text.box else [])
        image = crop(boxes, f"{where}-covered.png", f"{where}: text under another element") if boxes else None
        evidence.append(Evidence(f"{snapshot.label(text)} is under {snapshot.label(hit)}", image))
    return Check(
        f"covered-{where}",
        Part.STATIC_AESTHETICS,
        title,
        15,
        max(0.0, 1 - len(covered) / 2),
        f"all {len(hits)} texts in the first screen are on top"
        if not covered
        else f"{len(covered)} of {len(hits)} texts in the first screen are under another element",
        evidence,
    )


def _covers(snapshot: PageSnapshot, hit: Node, element: Node) -> bool:
    """Whether `hit`, found on top of `element`'s text, is another element that paints over it."""
    if hit.index == element.index or hit.name == "#text":
        return False
    around = {a.index for a in snapshot.ancestors(element)}
    if hit.index in around or element.index in {a.index for a in snapshot.ancestors(hit)}:
        return False
    # the elements from the one on top up to the nearest one around the text: one of them must paint, and
    # none may be invisible (a transparent input laid over a custom checkbox's label is not a cover)
    chain = list(itertools.takewhile(lambda n: n.index not in around, [hit, *snapshot.ancestors(hit)]))
    if any(_invisible(node) for node in chain):
        return False
    return any(_paints(node) for node in chain)


def _invisible(node: Node) -> bool:
    opacity = node.styles.get("opacity", "1")
    try:
        faint = float(opacity) < 0.05
    except ValueError:
        faint = False
    return faint or node.styles.get("visibility", "visible") != "visible"


def _paints(node: Node) -> bool:
    if node.name in REPLACED:
        return True
    color = parse_color(node.styles.get("background-color", "transparent"))
    opaque = color is not None and color.alpha >= 0.5
    return opaque or node.styles.get("background-image", "none") not in ("none", "")


def first_screen_texts(snapshot: PageSnapshot) -> dict[int, tuple[float, float]]:
    """The texts whose first line lies inside the screen as shown, and the centre of that line in the window's
    coordinates."""
    left, top = snapshot.scroll_x, snapshot.scroll_y
    screen = Box(left, top, left + snapshot.width, top + snapshot.height)
    found: dict[int, tuple[float, float]] = {}
    for node in snapshot.texts():
        line = next((box for box in node.text_boxes if box.area > 0), None)
        if line is None or line.intersection(screen) != line or len(found) >= MAX_COVER_TEXTS:
            continue
        found[node.index] = ((line.left + line.right) / 2 - left, (line.top + line.bottom) / 2 - top)
    return found


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


def static_checks(
    snapshot: PageSnapshot,
    crop: Cropper,
    where: str,
    pixels: PagePixels | None = None,
    pixels_note: str = "",
    hits: dict[int, int] | None = None,
) -> list[Check]:
    """The checks that depend on the width (`hits`: what is on top of each text in the first screen)."""
    checks = [
        overlap_check(snapshot, crop, where),
        overflow_check(snapshot, crop, where),
        contrast_check(snapshot, crop, where, pixels, pixels_note),
        tiny_text_check(snapshot, where),
    ]
    if hits is not None:
        checks.append(covered_check(snapshot, hits, crop, where))
    return checks
