"""`codeeval badge`: colour bands, the shields.io endpoint, text widths against a real browser, and legibility
of the rendered badge in headless Chromium at README size."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from collections import deque
from pathlib import Path

import pytest

from codeeval.badge import (
    DEFAULT_BANDS,
    band_for,
    bands_from_thresholds,
    contrast_ratio,
    layout,
    render,
    text_color_on,
    text_width,
)
from codeeval.badge.colors import INK, WHITE
from codeeval.badge.svg import HEIGHT, PADDING
from tests.support import REPO, run_cli

WCAG_AA = 4.5  # contrast for normal-size text


def write_leaderboard(folder: Path, scores: list[float]) -> Path:
    """A leaderboard.json as `codeeval run` writes it (only the keys the badge reads matter)."""
    rows = [
        {
            "problem": "p",
            "solution": f"s{i}.py",
            "group": "g" if i % 2 else "h",
            "score": score,
            "dimensions": {},
            "errors": [],
        }
        for i, score in enumerate(scores)
    ]
    path = folder / "leaderboard.json"
    path.write_text(json.dumps({"schema_version": 1, "groups": [], "results": rows, "warnings": []}))
    return path


def test_badge_from_a_run_writes_the_svg_and_the_endpoint_json(tmp_path):
    write_leaderboard(tmp_path, [100.0, 80.0, 90.0, 60.0])  # mean 82.5
    done = run_cli("badge", str(tmp_path), "--svg", str(tmp_path / "b.svg"), "--endpoint", str(tmp_path / "b.json"))
    assert done.returncode == 0, done.stderr
    assert "82.5" in done.stderr
    svg = (tmp_path / "b.svg").read_text()
    assert 'aria-label="codeeval: 82.5"' in svg and ">82.5</text>" in svg and 'fill="#4f7a0f"' in svg
    assert json.loads((tmp_path / "b.json").read_text()) == {
        "schemaVersion": 1,
        "label": "codeeval",
        "message": "82.5",
        "color": "4f7a0f",
    }


def test_a_group_label_and_thresholds_can_be_chosen(tmp_path):
    write_leaderboard(tmp_path, [100.0, 50.0, 100.0, 50.0])  # group g: 50, 50
    done = run_cli(
        "badge",
        str(tmp_path / "leaderboard.json"),
        "--group",
        "g",
        "--label",
        "model g",
        "--thresholds",
        "95,85,45,30",
        "--endpoint",
        str(tmp_path / "b.json"),
    )
    assert done.returncode == 0, done.stderr
    data = json.loads((tmp_path / "b.json").read_text())
    assert data["label"] == "model g" and data["message"] == "50.0" and data["color"] == DEFAULT_BANDS[2].color[1:]


@pytest.mark.parametrize(
    "args, message",
    [
        (["--score", "101", "--svg", "b.svg"], "between 0 and 100"),
        (["RUN", "--thresholds", "90,95,60,40", "--svg", "b.svg"], "strictly descending"),
        (["RUN", "--thresholds", "90,x,60,40", "--svg", "b.svg"], "--thresholds"),
        (["RUN", "--group", "nobody", "--svg", "b.svg"], "no scored solutions of group 'nobody'"),
        (["RUN"], "give --svg and/or --endpoint"),
        (["RUN", "--score", "50", "--svg", "b.svg"], "give either a run"),
        (["missing", "--svg", "b.svg"], "missing: no such file"),
    ],
)
def test_bad_requests_exit_2_with_a_reason(tmp_path, args, message):
    write_leaderboard(tmp_path, [70.0])
    done = run_cli("badge", *[str(tmp_path) if arg == "RUN" else arg for arg in args], cwd=tmp_path)
    assert done.returncode == 2 and message in done.stderr and "Traceback" not in done.stderr, done.stderr
    assert not (tmp_path / "b.svg").exists()


def test_colour_bands_at_their_edges_and_every_text_colour_passes_wcag_aa():
    assert [band_for(score).name for score in (100, 90, 89.99, 75, 74.99, 60, 40, 39.99, 0)] == [
        "excellent",
        "excellent",
        "good",
        "good",
        "fair",
        "fair",
        "poor",
        "bad",
        "bad",
    ]
    for band in DEFAULT_BANDS:
        assert contrast_ratio("#ffffff", band.color) >= WCAG_AA, band
    with pytest.raises(ValueError):
        bands_from_thresholds([90, 75, 60])
    assert text_color_on("#1a7f37") == WHITE and text_color_on("#f5d90a") == INK  # a light custom colour: dark text


def test_longer_text_makes_a_wider_badge():
    assert layout("codeeval", "100.0", "#000000").width > layout("codeeval", "5.0", "#000000").width
    assert text_width("WWW") > text_width("iii") * 2  # proportional widths, not a per-character constant


def test_the_width_table_matches_the_installed_font():
    pytest.importorskip("fontTools", reason="fontTools (the `test` extra) reads the font")
    font = Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
    if not font.is_file():
        pytest.skip(f"{font} missing (Debian package fonts-dejavu-core, installed by scripts/setup)")
    done = subprocess.run(
        [sys.executable, str(REPO / "scripts" / "make_badge_widths.py"), "--check"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stdout + done.stderr


# -- in a real browser ------------------------------------------------------------------------------------------

TEXTS = ["codeeval", "100.0", "87.5", "0.0", "model-a quality", "Wij ßä"]


def test_computed_widths_match_chromium_rendering_of_the_named_font(chromium, tmp_path):
    """Chromium lays out each text in the badge's font without textLength: its width must be ours."""
    page = chromium.new_page()
    try:
        (tmp_path / "b.svg").write_text(render(layout(TEXTS[0], TEXTS[1], "#1a7f37")))
        page.goto((tmp_path / "b.svg").as_uri())
        measured = page.evaluate(
            """texts => texts.map(value => {
            const text = document.querySelector('text');
            text.removeAttribute('textLength');
            text.textContent = value;
            return text.getComputedTextLength();
        })""",
            TEXTS,
        )
    finally:
        page.close()
    for text, width in zip(TEXTS, measured, strict=True):
        assert width == pytest.approx(text_width(text), abs=0.25), text


@pytest.mark.parametrize("score", [100.0, 87.5, 5.0])
@pytest.mark.parametrize("scale", [1, 2])
def test_the_rendered_score_is_legible_at_readme_size(chromium, tmp_path, score, scale):
    """Screenshot the badge as a README shows it (an <img> at its own size) and read the score's pixels:
    inside its box with margins, tall enough, contrast >= WCAG AA, one separate shape per character."""
    (tmp_path / "badge.svg").write_text(_badge(score, tmp_path))
    (tmp_path / "page.html").write_text(
        '<html><body style="margin:0;background:#fff"><img id="b" src="badge.svg"></body></html>'
    )
    page = chromium.new_page(device_scale_factor=scale)
    try:
        page.goto((tmp_path / "page.html").as_uri())
        page.wait_for_function("document.getElementById('b').complete")
        box = page.evaluate(
            "(() => { const r = document.getElementById('b').getBoundingClientRect(); return [r.width, r.height]; })()"
        )
        png = page.screenshot(clip={"x": 0, "y": 0, "width": box[0], "height": box[1]})
    finally:
        page.close()
    shape = layout("codeeval", f"{score:.1f}", band_for(score).color)
    assert box == [shape.width, HEIGHT]  # the <img> takes the badge's own size
    ink = _ink(png, scale, left=shape.label_width, right=shape.width, background=band_for(score).color)
    left, top, right, bottom = ink.bounds
    margin = (PADDING - 2) * scale
    assert left >= shape.label_width * scale + margin and right <= shape.width * scale - margin, ink.bounds
    assert top >= 2 * scale and bottom <= (HEIGHT - 2) * scale, ink.bounds
    assert bottom - top + 1 >= 7 * scale  # digits about 8 px tall at 11 px: readable at README size
    assert ink.best_contrast >= WCAG_AA
    assert ink.shapes == len(f"{score:.1f}"), f"{ink.shapes} separate shapes for {score:.1f}"
    label = _ink(png, scale, left=0, right=shape.label_width, background="#555555")
    assert label.best_contrast >= WCAG_AA and label.shapes == len("codeeval")


def _badge(score: float, folder: Path) -> str:
    done = run_cli("badge", "--score", str(score), "--svg", str(folder / "badge.svg"))
    assert done.returncode == 0, done.stderr
    return (folder / "badge.svg").read_text()


class _Ink:
    def __init__(self, bounds: tuple[int, int, int, int], best_contrast: float, shapes: int):
        self.bounds, self.best_contrast, self.shapes = bounds, best_contrast, shapes


def _ink(png: bytes, scale: int, left: int, right: int, background: str) -> _Ink:
    """The text's pixels in one box: where they are, the strongest contrast, and how many separate shapes."""
    from PIL import Image

    image = Image.open(io.BytesIO(png)).convert("RGB")
    corner = 3 * scale  # the rounded corners show the page behind them: not text
    x0, x1, height = left * scale, right * scale, HEIGHT * scale
    contrast: dict[tuple[int, int], float] = {}
    for y in range(height):
        for x in range(x0, x1):
            near_edge = x < corner or x >= image.width - corner
            if near_edge and (y < corner or y >= height - corner):
                continue
            r, g, b = image.getpixel((x, y))
            contrast[(x, y)] = contrast_ratio(f"#{r:02x}{g:02x}{b:02x}", background)
    inked = [point for point, value in contrast.items() if value >= 1.5]
    assert inked, "no text drawn in the box"
    xs, ys = [x for x, _ in inked], [y for _, y in inked]
    solid = {point for point, value in contrast.items() if value >= 2.5}
    return _Ink((min(xs), min(ys), max(xs), max(ys)), max(contrast.values()), _components(solid))


def _components(points: set[tuple[int, int]]) -> int:
    """Connected groups of pixels (8-neighbourhood)."""
    seen: set[tuple[int, int]] = set()
    groups = 0
    for start in points:
        if start in seen:
            continue
        groups += 1
        queue = deque([start])
        seen.add(start)
        while queue:
            x, y = queue.popleft()
            for dx in (-1, 0, 1):
                for dy in (-1, 0, 1):
                    neighbour = (x + dx, y + dy)
                    if neighbour in points and neighbour not in seen:
                        seen.add(neighbour)
                        queue.append(neighbour)
    return groups
