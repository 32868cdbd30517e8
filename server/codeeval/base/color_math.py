"""Colour arithmetic: parsing, WCAG contrast, colour-vision deficiency, perceived distance.

Pure functions on plain tuples, shared by the visual checks (plots, pages) and
the badge; nothing here knows about either.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

RGB = tuple[float, float, float]  # 0-1 per channel, sRGB


@dataclass(frozen=True)
class Color:
    """An sRGB colour with alpha, each part 0-1."""

    red: float
    green: float
    blue: float
    alpha: float = 1.0

    @property
    def rgb(self) -> RGB:
        """The three channels."""
        return (self.red, self.green, self.blue)

    def hex(self) -> str:
        """`#rrggbb` (alpha left out)."""
        return "#" + "".join(f"{round(c * 255):02x}" for c in self.rgb)

    def over(self, backdrop: Color) -> Color:
        """This colour composited over an opaque backdrop."""
        a = self.alpha
        red, green, blue = (a * c + (1 - a) * b for c, b in zip(self.rgb, backdrop.rgb, strict=True))
        return Color(red, green, blue, 1.0)


_RGB_FUNCTION = re.compile(r"rgba?\(\s*([\d.]+)[\s,]+([\d.]+)[\s,]+([\d.]+)(?:[\s,/]+([\d.]+%?))?\s*\)")


def parse_color(text: str) -> Color | None:
    """`#rgb`, `#rrggbb`, `#rrggbbaa`, `rgb(...)`, `rgba(...)`; None for anything else (named, oklch, ...)."""
    text = text.strip().lower()
    if text == "transparent":
        return Color(0, 0, 0, 0)
    if text.startswith("#"):
        digits = text[1:]
        if len(digits) in (3, 4):
            digits = "".join(ch * 2 for ch in digits)
        if len(digits) not in (6, 8) or not all(ch in "0123456789abcdef" for ch in digits):
            return None
        parts = [int(digits[i : i + 2], 16) / 255 for i in range(0, len(digits), 2)]
        return Color(*parts)
    match = _RGB_FUNCTION.fullmatch(text)
    if match is None:
        return None
    red, green, blue = (min(255.0, float(match.group(i))) / 255 for i in (1, 2, 3))
    alpha_text = match.group(4)
    if alpha_text is None:
        alpha = 1.0
    elif alpha_text.endswith("%"):
        alpha = float(alpha_text[:-1]) / 100
    else:
        alpha = float(alpha_text)
    return Color(red, green, blue, min(1.0, alpha))


def _linear(channel: float) -> float:
    return channel / 12.92 if channel <= 0.04045 else ((channel + 0.055) / 1.055) ** 2.4


def _encoded(channel: float) -> float:
    channel = min(1.0, max(0.0, channel))
    return channel * 12.92 if channel <= 0.0031308 else 1.055 * channel ** (1 / 2.4) - 0.055


def relative_luminance(rgb: RGB) -> float:
    """WCAG 2 relative luminance."""
    red, green, blue = (_linear(c) for c in rgb)
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue


def contrast_ratio(foreground: RGB, background: RGB) -> float:
    """WCAG 2 contrast ratio, 1 (none) to 21 (black on white)."""
    lighter, darker = sorted((relative_luminance(foreground), relative_luminance(background)), reverse=True)
    return (lighter + 0.05) / (darker + 0.05)


def hex_rgb(color: str) -> RGB:
    """`#rrggbb` (or `#rgb`) as channels; ValueError for anything else."""
    parsed = parse_color(color) if color.startswith("#") else None
    if parsed is None:
        raise ValueError(f"not a hex colour: {color!r}")
    return parsed.rgb


def required_contrast(font_size_px: float, bold: bool) -> float:
    """WCAG AA: 4.5 for body text, 3 for large text (24 px, or 18.66 px bold)."""
    large = font_size_px >= 24 or (bold and font_size_px >= 18.66)
    return 3.0 if large else 4.5


# Machado, Oliveira and Fernandes (2009), severity 1, applied to linear RGB.
DEFICIENCIES: dict[str, tuple[RGB, RGB, RGB]] = {
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216), (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602), (0.004733, 0.691367, 0.303900)),
}


def simulate(rgb: RGB, deficiency: str) -> RGB:
    """How a colour looks to someone with `deficiency` (a key of DEFICIENCIES)."""
    linear = [_linear(c) for c in rgb]
    matrix = DEFICIENCIES[deficiency]
    red, green, blue = (sum(m * c for m, c in zip(row, linear, strict=True)) for row in matrix)
    return (_encoded(red), _encoded(green), _encoded(blue))


def to_lab(rgb: RGB) -> tuple[float, float, float]:
    """CIE L*a*b* (D65) of an sRGB colour."""
    red, green, blue = (_linear(c) for c in rgb)
    x = (0.4124 * red + 0.3576 * green + 0.1805 * blue) / 0.95047
    y = 0.2126 * red + 0.7152 * green + 0.0722 * blue
    z = (0.0193 * red + 0.1192 * green + 0.9505 * blue) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116

    fx, fy, fz = f(x), f(y), f(z)
    return (116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))


def distance(first: RGB, second: RGB) -> float:
    """Perceived difference (CIE76 delta E): about 2.3 is just noticeable, under 10 is easily confused."""
    return math.dist(to_lab(first), to_lab(second))


def worst_deficiency_distance(first: RGB, second: RGB) -> tuple[float, str]:
    """The smallest delta E between two colours over normal vision and the three dichromacies."""
    worst = (distance(first, second), "normal vision")
    for name in DEFICIENCIES:
        seen = distance(simulate(first, name), simulate(second, name))
        if seen < worst[0]:
            worst = (seen, name)
    return worst
