"""The report's pictures (plots, screenshots, crops): saved beside the report, or inlined when there is no file.

A report at `reports/x.md` gets `reports/x.<image name>` next to it and refers
to it by that relative name, which VS Code's Markdown preview (it may read the
report's folder), GitHub and any viewer show. A report printed to stdout has no
folder, so its pictures are inlined as data: URIs instead.
"""

from __future__ import annotations

import base64
from pathlib import Path
from urllib.parse import quote

from ..results.result import EvaluationResult, ReportImage


def image_file(report_path: Path, image: ReportImage) -> Path:
    """Where a picture of this report goes: beside it."""
    return report_path.with_name(f"{report_path.stem}.{image.name}")


def save_images(result: EvaluationResult, report_path: str | Path) -> dict[str, str]:
    """Write every image beside the report; image name -> the relative link the report uses."""
    report_path = Path(report_path)
    links = {}
    for image in result.images:
        target = image_file(report_path, image)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(image.data)
        links[image.name] = quote(target.name)
    return links


def inline_links(result: EvaluationResult) -> dict[str, str]:
    """data: URIs for every image, for a report that has no folder of its own."""
    return {
        image.name: f"data:{image.media_type};base64,{base64.b64encode(image.data).decode('ascii')}"
        for image in result.images
    }
