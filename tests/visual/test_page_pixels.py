"""Contrast of text over a gradient, from the pixels under its box: the background is what is least like the
glyph colour, and the worst square of the box is the text's contrast (issue 33)."""

from __future__ import annotations

import io

import pytest

from codeeval.base.color_math import Color
from codeeval.visual.geometry import Box
from codeeval.visual.page_pixels import read_pixels

Image = pytest.importorskip("PIL.Image")


def png_of_text_over_gradient(start: tuple[int, int, int], end: tuple[int, int, int]) -> bytes:
    """A 200x20 horizontal gradient with white 'glyph' strokes over a third of it, anti-aliased at the edges."""
    image = Image.new("RGB", (200, 20))
    for x in range(200):
        share = x / 199
        colour = tuple(round(a + (b - a) * share) for a, b in zip(start, end, strict=True))
        for y in range(20):
            image.putpixel((x, y), colour)
    for x in range(0, 197, 6):  # strokes: two white columns, a blended one beside them
        for y in range(4, 16):
            image.putpixel((x, y), (255, 255, 255))
            image.putpixel((x + 1, y), (255, 255, 255))
            below = image.getpixel((x + 2, y))
            image.putpixel((x + 2, y), tuple((c + 255) // 2 for c in below))
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()


def test_white_text_on_a_dark_gradient_reads_well_and_on_a_pale_one_does_not() -> None:
    white = Color(1, 1, 1)
    dark, _ = read_pixels(png_of_text_over_gradient((6, 78, 59), (30, 58, 138)))
    pale, _ = read_pixels(png_of_text_over_gradient((254, 243, 199), (255, 255, 255)))
    assert dark is not None and pale is not None
    good = dark.worst_background([Box(0, 0, 200, 20)], white)
    bad = pale.worst_background([Box(0, 0, 200, 20)], white)
    assert good is not None and good.ratio > 7, good
    assert bad is not None and bad.ratio < 1.3, bad


def test_the_worst_part_of_the_box_is_the_contrast() -> None:
    white = Color(1, 1, 1)
    pixels, _ = read_pixels(png_of_text_over_gradient((20, 20, 20), (250, 250, 250)))
    assert pixels is not None
    whole = pixels.worst_background([Box(0, 0, 200, 20)], white)
    left = pixels.worst_background([Box(0, 0, 40, 20)], white)
    assert whole is not None and left is not None
    assert whole.ratio < 1.5 < 10 < left.ratio  # the pale right end sets the whole line's contrast


def test_a_box_off_the_picture_has_no_background() -> None:
    pixels, _ = read_pixels(png_of_text_over_gradient((0, 0, 0), (0, 0, 0)))
    assert pixels is not None
    assert pixels.worst_background([Box(500, 500, 600, 520)], Color(1, 1, 1)) is None
