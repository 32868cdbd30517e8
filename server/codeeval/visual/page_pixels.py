"""The colours actually drawn under a text: the background of text over a gradient or an image, from pixels.

A text whose background is a CSS gradient or an image has no single colour in
the computed styles, so its contrast is measured on the screenshot: the box
of each line is cut into squares as tall as the line, and in each square the
background is estimated from the pixels least like the glyph colour (the
glyphs and their anti-aliased edges are the pixels closest to it). The worst
square is the text's contrast. Needs Pillow to read the PNG; without it these
texts stay unmeasured, and the check says so.
"""

from __future__ import annotations

import io
from dataclasses import dataclass

from ..base.color_math import Color, contrast_ratio, relative_luminance
from .geometry import Box

try:
    from PIL import Image
except ImportError:  # pixels are then not read; the contrast check says why
    Image = None  # type: ignore[assignment]

MISSING = "Pillow is not installed (pip install pillow): text over gradients and images is not measured"
MAX_SQUARES = 12  # per line box: a long line is sampled, not read pixel by pixel
BACKGROUND_SHARE = 0.5  # the share of a square's pixels least like the glyph colour taken as its background
# sRGB byte -> relative luminance contribution before weighting, precomputed once
_LINEAR = [c / 255 / 12.92 if c / 255 <= 0.04045 else ((c / 255 + 0.055) / 1.055) ** 2.4 for c in range(256)]


@dataclass(frozen=True)
class DrawnBackground:
    """The worst background found under a text: its colour and its contrast with the text."""

    color: Color
    ratio: float


class PagePixels:
    """A page's screenshot, read for the colours under text boxes (page coordinates = pixels)."""

    def __init__(self, png: bytes):
        if Image is None:
            raise RuntimeError(MISSING)
        image = Image.open(io.BytesIO(png)).convert("RGB")
        self.width, self.height = image.size
        self.image = image

    def worst_background(self, boxes: list[Box], text: Color) -> DrawnBackground | None:
        """The lowest-contrast background under these line boxes, for text of this (opaque) colour."""
        worst: DrawnBackground | None = None
        for box in boxes:
            for square in self._squares(box):
                found = self._square_background(square, text)
                if found is not None and (worst is None or found.ratio < worst.ratio):
                    worst = found
        return worst

    def _squares(self, box: Box) -> list[tuple[int, int, int, int]]:
        left, top = max(0, int(box.left)), max(0, int(box.top))
        right, bottom = min(self.width, int(box.right + 0.5)), min(self.height, int(box.bottom + 0.5))
        if right - left < 2 or bottom - top < 2:
            return []
        side = max(4, bottom - top)
        starts = list(range(left, right, side))
        step = max(1, len(starts) // MAX_SQUARES)
        return [(x, top, min(right, x + side), bottom) for x in starts[::step]]

    def _square_background(self, square: tuple[int, int, int, int], text: Color) -> DrawnBackground | None:
        raw = self.image.crop(square).tobytes()  # RGB bytes, the same in every Pillow version
        pixels = list(zip(raw[0::3], raw[1::3], raw[2::3], strict=True))
        if not pixels:
            return None
        text_luminance = relative_luminance(text.rgb)
        ranked = sorted(pixels, key=lambda p: _ratio(_luminance(p), text_luminance))
        # the middle of the half least like the glyph: the background, away from glyph edges and outliers
        red, green, blue = ranked[int(len(ranked) * (1 - BACKGROUND_SHARE / 2))]
        color = Color(red / 255, green / 255, blue / 255)
        return DrawnBackground(color, contrast_ratio(text.rgb, color.rgb))


def _luminance(pixel: tuple[int, int, int]) -> float:
    red, green, blue = pixel
    return 0.2126 * _LINEAR[red] + 0.7152 * _LINEAR[green] + 0.0722 * _LINEAR[blue]


def _ratio(first: float, second: float) -> float:
    light, dark = max(first, second), min(first, second)
    return (light + 0.05) / (dark + 0.05)


def read_pixels(png: bytes) -> tuple[PagePixels | None, str]:
    """The screenshot's pixels, or None and why they cannot be read."""
    if Image is None:
        return None, MISSING
    try:
        return PagePixels(png), ""
    except (OSError, ValueError) as exc:
        return None, f"the screenshot could not be read: {exc}"
