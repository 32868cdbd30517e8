"""Contrast of a plot's texts against what lies behind them (WCAG AA, as for web pages).

The worker reports each text's colour and the colours behind it, top first: its own box (an annotation's
`bbox`), the legend's frame, the axes' background when the text sits on it, the figure's background.
They are composited over white (how a transparent PNG is usually shown) and the text's colour over them.
Data drawn under a text (a label on a bar) is not measured.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..base.color_math import Color, contrast_ratio, parse_color, required_contrast
from .checks import Check, Evidence, Part, not_applicable
from .figure_facts import FigureFacts, TextItem
from .geometry import Box

WHITE = Color(1.0, 1.0, 1.0)
PX_PER_PT = 96 / 72  # WCAG's sizes are CSS pixels; matplotlib's are points
MAX_EVIDENCE = 5


@dataclass(frozen=True)
class TextContrast:
    """One text's measured contrast and what it needs."""

    text: TextItem
    foreground: Color
    background: Color
    ratio: float
    needed: float

    @property
    def enough(self) -> bool:
        """Whether it meets WCAG AA."""
        return self.ratio >= self.needed - 0.005  # ratios are shown to two decimals


def backdrop_color(layers: tuple[str, ...]) -> Color:
    """The colours behind a text (top first) composited over white."""
    result = WHITE
    for layer in reversed(layers):
        colour = parse_color(layer)
        if colour is not None:
            result = colour.over(result)
    return result


def measure(text: TextItem) -> TextContrast | None:
    """A text's contrast, or None when its colour cannot be read."""
    colour = parse_color(text.color) if text.color else None
    if colour is None:
        return None
    background = backdrop_color(text.backdrop)
    foreground = colour.over(background)
    ratio = contrast_ratio(foreground.rgb, background.rgb)
    return TextContrast(text, foreground, background, ratio, required_contrast(text.fontsize * PX_PER_PT, text.bold))


Cropper = Callable[[list[Box], str], str | None]  # boxes and a caption -> the name of a report picture


def _no_crop(boxes: list[Box], caption: str) -> str | None:
    return None


def _measured(figure: FigureFacts) -> list[TextContrast]:
    """Every non-empty text whose colour can be read, measured."""
    found = (measure(t) for t in figure.texts if t.text.strip())
    return [m for m in found if m is not None]


def _evidence(weak: list[TextContrast], crop: Cropper) -> list[Evidence]:
    """The weakest texts' colours and ratios; the first two with a crop of the picture."""
    evidence = []
    for index, m in enumerate(weak[:MAX_EVIDENCE]):
        said = (
            f"{m.text.role} {m.text.text[:60]!r}: {m.foreground.hex()} on {m.background.hex()} is "
            f"{m.ratio:.2f}:1, WCAG AA needs {m.needed:g}:1 at {m.text.fontsize:g} pt"
        )
        image = crop([m.text.box], f"{m.text.text[:40]!r} is hard to read") if index < 2 else None
        evidence.append(Evidence(said, image))
    return evidence


def contrast_check(figure: FigureFacts, crop: Cropper = _no_crop) -> Check:
    """Static aesthetics: every text readable against its background, weighted by length."""
    title = "Text contrasts with its background"
    measured = _measured(figure)
    if not measured:
        return not_applicable("text-contrast", Part.STATIC_AESTHETICS, title, "no text whose colour could be read")
    weak = [m for m in measured if not m.enough]
    total = sum(len(m.text.text.strip()) for m in measured)
    lost = sum(len(m.text.text.strip()) for m in weak)
    evidence = _evidence(weak, crop)
    summary = (
        f"all {len(measured)} texts meet WCAG AA contrast"
        if not weak
        else f"{len(weak)} of {len(measured)} texts are below WCAG AA contrast"
    )
    return Check("text-contrast", Part.STATIC_AESTHETICS, title, 20, 1 - lost / max(1, total), summary, evidence)
