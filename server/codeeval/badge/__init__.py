"""`codeeval badge`: a score as an SVG badge made here, and as a shields.io endpoint JSON."""

from __future__ import annotations

import json

from .colors import DEFAULT_BANDS, Band, band_for, bands_from_thresholds, contrast_ratio, text_color_on
from .svg import BadgeLayout, layout, render, text_width

DEFAULT_LABEL = "codeeval"


def score_message(score: float) -> str:
    """The badge's text for a score, with one decimal: `87.5`, `100.0`."""
    return f"{score:.1f}"


def badge_svg(score: float, label: str = DEFAULT_LABEL, bands: tuple[Band, ...] = DEFAULT_BANDS) -> str:
    """The SVG badge for a score, coloured by its band."""
    return render(layout(label, score_message(score), band_for(score, bands).color))


def endpoint_json(score: float, label: str = DEFAULT_LABEL, bands: tuple[Band, ...] = DEFAULT_BANDS) -> str:
    """The shields.io endpoint schema (version 1): label, message, colour as hex without `#`."""
    data = {
        "schemaVersion": 1,
        "label": label,
        "message": score_message(score),
        "color": band_for(score, bands).color.lstrip("#"),
    }
    return json.dumps(data, indent=2) + "\n"


__all__ = [
    "DEFAULT_BANDS",
    "DEFAULT_LABEL",
    "BadgeLayout",
    "Band",
    "badge_svg",
    "band_for",
    "bands_from_thresholds",
    "contrast_ratio",
    "endpoint_json",
    "layout",
    "render",
    "score_message",
    "text_color_on",
    "text_width",
]
