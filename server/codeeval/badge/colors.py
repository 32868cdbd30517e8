"""The badge's colours: a score band picks the background, contrast picks the text colour.

The backgrounds are dark enough for white text at WCAG AA (4.5:1); the text
colour is still chosen by contrast so a custom background stays readable.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import pairwise

from ..base import color_math as colors

WHITE = "#ffffff"
INK = "#1f2328"  # near-black text for light backgrounds
LABEL_BACKGROUND = "#555555"


@dataclass(frozen=True)
class Band:
    """A range of scores and its colour."""

    minimum: float  # the lowest score in this band
    name: str  # a word for people and the shields.io endpoint's colour
    color: str  # background, #rrggbb


# From the best band down; the last one takes every score below the others.
DEFAULT_BANDS: tuple[Band, ...] = (
    Band(90, "excellent", "#1a7f37"),
    Band(75, "good", "#4f7a0f"),
    Band(60, "fair", "#8a6100"),
    Band(40, "poor", "#bc4c00"),
    Band(0, "bad", "#cf222e"),
)


def bands_from_thresholds(thresholds: list[float]) -> tuple[Band, ...]:
    """Four descending minimum scores (excellent, good, fair, poor) -> the five bands with the default colours."""
    if len(thresholds) != len(DEFAULT_BANDS) - 1:
        raise ValueError(f"expected {len(DEFAULT_BANDS) - 1} thresholds, got {len(thresholds)}")
    if any(later >= earlier for earlier, later in pairwise(thresholds)):
        raise ValueError("thresholds must be strictly descending, e.g. 90,75,60,40")
    minimums = [*thresholds, float("-inf")]
    return tuple(Band(minimum, band.name, band.color) for minimum, band in zip(minimums, DEFAULT_BANDS, strict=True))


def band_for(score: float, bands: tuple[Band, ...] = DEFAULT_BANDS) -> Band:
    """The first band (from the best down) whose minimum the score reaches."""
    for band in bands:
        if score >= band.minimum:
            return band
    return bands[-1]


def contrast_ratio(first: str, second: str) -> float:
    """WCAG 2 contrast ratio of two `#rrggbb` colours, 1 (none) to 21 (black on white)."""
    return colors.contrast_ratio(colors.hex_rgb(first), colors.hex_rgb(second))


def text_color_on(background: str) -> str:
    """White or near-black, whichever contrasts more with the background."""
    return WHITE if contrast_ratio(WHITE, background) >= contrast_ratio(INK, background) else INK
