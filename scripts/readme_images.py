"""Makes the README's pictures from the real-editor suite's screenshots (test-artifacts/real-editor/).

Run the suite first (`scripts/test`, or `.venv/bin/python -m pytest tests/editor`), then this script: it
scales the chosen screenshots down and writes them, palette-reduced, to docs/images/ and the extension's
README picture to extension/images/screenshot.png. The pictures are never drawn by hand.
"""

from __future__ import annotations

import sys
from pathlib import Path

from PIL import Image

ROOT = Path(__file__).resolve().parent.parent
SHOTS = ROOT / "test-artifacts" / "real-editor"
WIDTH = 1000
CHOSEN = {  # screenshot name (without its number) -> picture
    "report-preview": ROOT / "docs" / "images" / "editor-report.png",
    "status-bar-health": ROOT / "docs" / "images" / "editor-health.png",
    "files-by-quality": ROOT / "docs" / "images" / "editor-files-by-quality.png",
    "hover": ROOT / "docs" / "images" / "editor-hover.png",
}
EXTENSION_PICTURE = ("report-preview", ROOT / "extension" / "images" / "screenshot.png")


def shot(name: str) -> Path:
    found = sorted(SHOTS.glob(f"[0-9][0-9]-{name}.png"))
    if not found:
        sys.exit(f"no screenshot named {name} in {SHOTS}: run the real-editor suite first")
    return found[-1]


def save_small(source: Path, target: Path) -> None:
    image = Image.open(source).convert("RGB")
    width = min(WIDTH, image.width)  # scale down, never up
    image = image.resize((width, round(image.height * width / image.width)), Image.Resampling.LANCZOS)
    target.parent.mkdir(parents=True, exist_ok=True)
    image.quantize(colors=128, method=Image.Quantize.MEDIANCUT).save(target, optimize=True)
    print(f"{target.relative_to(ROOT)}: {target.stat().st_size // 1024} KiB from {source.name}")


def main() -> None:
    for name, target in CHOSEN.items():
        save_small(shot(name), target)
    save_small(shot(EXTENSION_PICTURE[0]), EXTENSION_PICTURE[1])


if __name__ == "__main__":
    main()
