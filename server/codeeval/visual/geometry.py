"""Rectangles in image pixels (origin top left), shared by the plot and page checks."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Box:
    """An axis-aligned rectangle: left, top, right, bottom."""

    left: float
    top: float
    right: float
    bottom: float

    @property
    def width(self) -> float:
        """The width, never negative."""
        return max(0.0, self.right - self.left)

    @property
    def height(self) -> float:
        """The height, never negative."""
        return max(0.0, self.bottom - self.top)

    @property
    def area(self) -> float:
        """The area, never negative."""
        return self.width * self.height

    def intersection(self, other: Box) -> Box | None:
        """The overlap of two boxes, or None when they do not overlap."""
        left, top = max(self.left, other.left), max(self.top, other.top)
        right, bottom = min(self.right, other.right), min(self.bottom, other.bottom)
        return Box(left, top, right, bottom) if right > left and bottom > top else None

    def contains_point(self, x: float, y: float) -> bool:
        """Whether a point lies inside or on the edge."""
        return self.left <= x <= self.right and self.top <= y <= self.bottom

    def union(self, other: Box) -> Box:
        """The smallest box holding both."""
        return Box(
            min(self.left, other.left),
            min(self.top, other.top),
            max(self.right, other.right),
            max(self.bottom, other.bottom),
        )

    def as_list(self) -> list[float]:
        """[left, top, right, bottom], rounded, for reports."""
        return [round(self.left, 1), round(self.top, 1), round(self.right, 1), round(self.bottom, 1)]
