"""Cropped pictures for the report: a region of a PNG with the offending boxes outlined, as an SVG.

The SVG embeds the PNG as a data: URI and crops it with its viewBox, so no
image library is needed and any Markdown viewer that shows images shows it.
"""

from __future__ import annotations

import base64
from collections.abc import Sequence

from .geometry import Box

HIGHLIGHTS = ("#e8590c", "#1971c2", "#2f9e44", "#ae3ec9")
MARGIN_PX = 24.0
MAX_CROP_PX = 640.0


def _region(boxes: Sequence[Box], image: Box) -> Box:
    region = boxes[0]
    for box in boxes[1:]:
        region = region.union(box)
    left = max(image.left, region.left - MARGIN_PX)
    top = max(image.top, region.top - MARGIN_PX)
    right = min(image.right, max(region.right + MARGIN_PX, left + 1))
    bottom = min(image.bottom, max(region.bottom + MARGIN_PX, top + 1))
    return Box(left, top, min(right, left + MAX_CROP_PX), min(bottom, top + MAX_CROP_PX))


def crop_svg(png: bytes, image: Box, boxes: Sequence[Box]) -> bytes:
    """The part of a PNG around `boxes`, each outlined in its own colour.

    `image` is where the PNG lies in the coordinates of `boxes` (a whole plot: (0, 0, width, height);
    a clip of a page: the clip's rectangle).
    """
    region = _region(boxes, image)
    encoded = base64.b64encode(png).decode("ascii")
    outlines = "".join(
        f'<rect x="{b.left:.1f}" y="{b.top:.1f}" width="{max(b.width, 1):.1f}" height="{max(b.height, 1):.1f}" '
        f'fill="none" stroke="{HIGHLIGHTS[i % len(HIGHLIGHTS)]}" stroke-width="2"/>'
        for i, b in enumerate(boxes)
    )
    svg = (
        f'<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
        f'width="{region.width:.0f}" height="{region.height:.0f}" '
        f'viewBox="{region.left:.1f} {region.top:.1f} {region.width:.1f} {region.height:.1f}">'
        f'<image x="{image.left:.1f}" y="{image.top:.1f}" width="{image.width:.0f}" height="{image.height:.0f}" '
        f'xlink:href="data:image/png;base64,{encoded}"/>'
        f"{outlines}</svg>"
    )
    return svg.encode("utf-8")
