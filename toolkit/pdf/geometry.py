"""Millimetres, paper sizes and rectangles: the print engine's units. 1 mm = 72 / 25.4 points."""

from __future__ import annotations

from dataclasses import dataclass

from toolkit.errors import DomekitError

MM = 72 / 25.4  # points per millimetre

PAPERS: dict[str, tuple[float, float]] = {
    "a4": (210.0, 297.0),
    "letter": (215.9, 279.4),
}


def paper_size(name: str) -> tuple[float, float]:
    """Portrait (width, height) in mm of a paper name; an unknown name is a DomekitError."""
    key = name.strip().lower()
    if key not in PAPERS:
        raise DomekitError(
            f"--paper {name!r} is not supported; expected one of {', '.join(PAPERS)}"
        )
    return PAPERS[key]


def pt(value_mm: float) -> float:
    """Millimetres to PDF points."""
    return value_mm * MM


@dataclass(frozen=True)
class Rect:
    """A rectangle in mm, origin bottom-left (PDF convention)."""

    x: float
    y: float
    w: float
    h: float

    @property
    def right(self) -> float:
        return self.x + self.w

    @property
    def top(self) -> float:
        return self.y + self.h

    @property
    def centre(self) -> tuple[float, float]:
        return (self.x + self.w / 2, self.y + self.h / 2)

    def inset(self, dx: float, dy: float | None = None) -> Rect:
        dy = dx if dy is None else dy
        return Rect(self.x + dx, self.y + dy, self.w - 2 * dx, self.h - 2 * dy)

    def outset(self, d: float) -> Rect:
        return self.inset(-d)

    def moved(self, dx: float, dy: float) -> Rect:
        return Rect(self.x + dx, self.y + dy, self.w, self.h)

    def contains(self, other: Rect, tolerance: float = 1e-6) -> bool:
        return (
            other.x >= self.x - tolerance
            and other.y >= self.y - tolerance
            and other.right <= self.right + tolerance
            and other.top <= self.top + tolerance
        )

    def points(self) -> tuple[float, float, float, float]:
        """(x0, y0, x1, y1) in points, for PDF page boxes."""
        return (pt(self.x), pt(self.y), pt(self.right), pt(self.top))

    def split_top(self, height: float) -> tuple[Rect, Rect]:
        """(the top strip of `height`, the rest below it)."""
        return (
            Rect(self.x, self.top - height, self.w, height),
            Rect(self.x, self.y, self.w, self.h - height),
        )


def union(rects: list[Rect]) -> Rect:
    x0 = min(r.x for r in rects)
    y0 = min(r.y for r in rects)
    x1 = max(r.right for r in rects)
    y1 = max(r.top for r in rects)
    return Rect(x0, y0, x1 - x0, y1 - y0)


Colour = tuple[float, float, float]
"""(r, g, b), each 0..1."""
WHITE: Colour = (1.0, 1.0, 1.0)
BLACK: Colour = (0.0, 0.0, 0.0)


def hex_colour(value: str) -> Colour:
    """'#rrggbb' to an (r, g, b) triple of 0..1."""
    value = value.lstrip("#")
    return (int(value[0:2], 16) / 255, int(value[2:4], 16) / 255, int(value[4:6], 16) / 255)


def tint(colour: Colour, amount: float) -> Colour:
    """`colour` mixed with white: amount 1 = the colour, 0 = white."""
    r, g, b = (v * amount + (1 - amount) for v in colour)
    return (r, g, b)


def mix(a: Colour, b: Colour) -> Colour:
    """The colour halfway between `a` and `b`."""
    red, green, blue = ((x + y) / 2 for x, y in zip(a, b, strict=True))
    return (red, green, blue)


def text_colour_on(background: Colour) -> Colour:
    """Black or white, whichever reads better on a background."""
    r, g, b = background
    luminance = 0.299 * r + 0.587 * g + 0.114 * b
    return (0.0, 0.0, 0.0) if luminance > 0.55 else (1.0, 1.0, 1.0)
