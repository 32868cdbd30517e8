#!/usr/bin/env python3
"""Writes server/codeeval/badge/widths.py: advance widths of DejaVu Sans for the badge's text layout.

The badge names DejaVu Sans as its font, so its text widths come from that
font's own metrics (hmtx advances, in font units), for printable ASCII and
Latin-1. Run it after changing the character range; tests check that the
committed table still matches the installed font:

    .venv/bin/python scripts/make_badge_widths.py [--font PATH] [--check]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from fontTools.ttLib import TTFont

DEFAULT_FONT = Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
TARGET = Path(__file__).resolve().parent.parent / "server" / "codeeval" / "badge" / "widths.py"
CODE_POINTS = list(range(0x20, 0x7F)) + list(range(0xA0, 0x100))


def render(font_path: Path) -> str:
    """The module's text, from the font's cmap and hmtx tables."""
    font = TTFont(str(font_path))
    family = font["name"].getDebugName(1)
    units = font["head"].unitsPerEm
    cmap = font.getBestCmap()
    metrics = font["hmtx"].metrics
    # One entry a line, as `ruff format` lays out the dict (the file is checked by the format gate too).
    body = "\n".join(f"    {point}: {metrics[cmap[point]][0]}," for point in CODE_POINTS if point in cmap)
    return f'''"""Advance widths of {family} ({font_path.name}) in font units, made by scripts/make_badge_widths.py."""

FONT_FAMILY = "{family}"
UNITS_PER_EM = {units}
ADVANCES: dict[int, int] = {{
{body}
}}
'''


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--font", type=Path, default=DEFAULT_FONT, help=f"the TTF to read (default {DEFAULT_FONT})")
    parser.add_argument("--check", action="store_true", help="exit 1 if the committed table differs")
    args = parser.parse_args()
    if not args.font.is_file():
        print(f"{args.font}: no such font (Debian: apt-get install fonts-dejavu-core)", file=sys.stderr)
        return 2
    text = render(args.font)
    if args.check:
        same = TARGET.read_text(encoding="utf-8") == text
        print(f"{TARGET}: {'matches' if same else 'differs from'} {args.font}")
        return 0 if same else 1
    TARGET.write_text(text, encoding="utf-8")
    print(f"wrote {TARGET}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
