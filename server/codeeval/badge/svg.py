"""The badge as SVG: a grey label and a coloured score, each box sized from the font's real advance widths.

Text widths are computed from DejaVu Sans's metrics (widths.py) with kerning
off, so the layout is right where that font is used; `textLength` keeps each
text inside its box where a viewer substitutes a similar font (Verdana,
Geneva).
"""

from __future__ import annotations

from dataclasses import dataclass
from xml.sax.saxutils import escape, quoteattr

from .colors import LABEL_BACKGROUND, text_color_on
from .widths import ADVANCES, FONT_FAMILY, UNITS_PER_EM

FONT_SIZE = 11
HEIGHT = 20
PADDING = 6  # each side of a text
BASELINE = 14
FONT_STACK = f"{FONT_FAMILY},Verdana,Geneva,sans-serif"
_FALLBACK_ADVANCE = ADVANCES[ord("M")]  # characters outside the table: wide, so the text never overflows


def text_width(text: str, size: float = FONT_SIZE) -> float:
    """Width in pixels of `text` set in DejaVu Sans at `size` px, without kerning."""
    units = sum(ADVANCES.get(ord(character), _FALLBACK_ADVANCE) for character in text)
    return units * size / UNITS_PER_EM


@dataclass(frozen=True)
class BadgeLayout:
    """The badge's texts, colour and measured text widths; the box widths follow from them."""

    label: str
    message: str
    color: str  # the message's background
    label_text_width: float
    message_text_width: float

    @property
    def label_width(self) -> int:
        """The label box: its text rounded to whole pixels, plus padding."""
        return round(self.label_text_width) + 2 * PADDING

    @property
    def message_width(self) -> int:
        """The message box: its text rounded to whole pixels, plus padding."""
        return round(self.message_text_width) + 2 * PADDING

    @property
    def width(self) -> int:
        """The whole badge."""
        return self.label_width + self.message_width


def layout(label: str, message: str, color: str) -> BadgeLayout:
    """Measure both texts for a badge."""
    return BadgeLayout(label, message, color, text_width(label), text_width(message))


def render(badge: BadgeLayout) -> str:
    """The SVG document (flat style, rounded corners, accessible name)."""
    title = f"{badge.label}: {badge.message}"
    label_x = badge.label_width / 2
    message_x = badge.label_width + badge.message_width / 2
    return "\n".join(
        [
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{badge.width}" height="{HEIGHT}" '
            f'viewBox="0 0 {badge.width} {HEIGHT}" role="img" aria-label={quoteattr(title)}>',
            f"  <title>{escape(title)}</title>",
            '  <clipPath id="codeeval-badge-corners">',
            f'    <rect width="{badge.width}" height="{HEIGHT}" rx="3" fill="#fff"/>',
            "  </clipPath>",
            '  <g clip-path="url(#codeeval-badge-corners)">',
            f'    <rect width="{badge.label_width}" height="{HEIGHT}" fill="{LABEL_BACKGROUND}"/>',
            f'    <rect x="{badge.label_width}" width="{badge.message_width}" height="{HEIGHT}" fill="{badge.color}"/>',
            "  </g>",
            f'  <g font-family="{FONT_STACK}" font-size="{FONT_SIZE}" text-anchor="middle" '
            'text-rendering="geometricPrecision" style="font-kerning:none">',
            _text(badge.label, label_x, badge.label_text_width, text_color_on(LABEL_BACKGROUND)),
            _text(badge.message, message_x, badge.message_text_width, text_color_on(badge.color)),
            "  </g>",
            "</svg>",
            "",
        ]
    )


def _text(text: str, center: float, width: float, fill: str) -> str:
    return (
        f'    <text x="{center:g}" y="{BASELINE}" fill="{fill}" textLength="{width:.2f}" '
        f'lengthAdjust="spacingAndGlyphs">{escape(text)}</text>'
    )
