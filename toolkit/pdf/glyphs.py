"""Glyphs: small vector pictures that tell pieces apart without colour (a blood drop, a lightning
bolt, a catapult, a bird in flight, a shield, a castle).

Each `draw_<name>(c, cx, cy, r)` draws its picture centred on (cx, cy) mm, `r` mm from the centre
to its edge, in the canvas's current fill (and, for the outlined ones, stroke) colour.
"""

from __future__ import annotations

from collections.abc import Callable

from reportlab.pdfgen.canvas import Canvas

from toolkit.pdf.geometry import pt

Glyph = Callable[[Canvas, float, float, float], None]
"""A glyph drawer: `(canvas, centre x, centre y, radius)` in mm."""


def draw_drop(c: Canvas, cx: float, cy: float, r: float) -> None:
    """A blood drop (Wound)."""
    p = c.beginPath()
    p.moveTo(pt(cx), pt(cy + r))
    p.curveTo(
        pt(cx + r * 0.2),
        pt(cy + r * 0.4),
        pt(cx + r * 0.75),
        pt(cy),
        pt(cx + r * 0.7),
        pt(cy - r * 0.35),
    )
    p.curveTo(
        pt(cx + r * 0.6),
        pt(cy - r),
        pt(cx - r * 0.6),
        pt(cy - r),
        pt(cx - r * 0.7),
        pt(cy - r * 0.35),
    )
    p.curveTo(pt(cx - r * 0.75), pt(cy), pt(cx - r * 0.2), pt(cy + r * 0.4), pt(cx), pt(cy + r))
    p.close()
    c.drawPath(p, stroke=0, fill=1)


def draw_bolt(c: Canvas, cx: float, cy: float, r: float) -> None:
    """A lightning bolt (Charge)."""
    points = [(0.15, 1), (-0.55, -0.05), (-0.05, -0.05), (-0.2, -1), (0.55, 0.15), (0.05, 0.15)]
    p = c.beginPath()
    p.moveTo(pt(cx + points[0][0] * r), pt(cy + points[0][1] * r))
    for x, y in points[1:]:
        p.lineTo(pt(cx + x * r), pt(cy + y * r))
    p.close()
    c.drawPath(p, stroke=0, fill=1)


def draw_catapult(c: Canvas, cx: float, cy: float, r: float) -> None:
    """A catapult (Surge): base, wheels, throwing arm and its bucket."""
    c.setLineWidth(pt(r * 0.14))
    c.line(pt(cx - r), pt(cy - r * 0.55), pt(cx + r), pt(cy - r * 0.55))
    c.circle(pt(cx - r * 0.6), pt(cy - r * 0.8), pt(r * 0.2), stroke=0, fill=1)
    c.circle(pt(cx + r * 0.6), pt(cy - r * 0.8), pt(r * 0.2), stroke=0, fill=1)
    c.line(pt(cx + r * 0.5), pt(cy - r * 0.55), pt(cx - r * 0.6), pt(cy + r * 0.75))
    c.line(pt(cx + r * 0.2), pt(cy - r * 0.55), pt(cx + r * 0.2), pt(cy + r * 0.05))
    c.circle(pt(cx - r * 0.62), pt(cy + r * 0.78), pt(r * 0.25), stroke=0, fill=1)


def draw_wing(c: Canvas, cx: float, cy: float, r: float) -> None:
    """A bird in flight (the fly icon)."""
    p = c.beginPath()
    p.moveTo(pt(cx - r), pt(cy + r * 0.35))
    p.curveTo(
        pt(cx - r * 0.55),
        pt(cy + r * 0.7),
        pt(cx - r * 0.2),
        pt(cy + r * 0.4),
        pt(cx),
        pt(cy - r * 0.15),
    )
    p.curveTo(
        pt(cx + r * 0.2),
        pt(cy + r * 0.4),
        pt(cx + r * 0.55),
        pt(cy + r * 0.7),
        pt(cx + r),
        pt(cy + r * 0.35),
    )
    p.curveTo(
        pt(cx + r * 0.5),
        pt(cy + r * 0.2),
        pt(cx + r * 0.15),
        pt(cy - r * 0.2),
        pt(cx),
        pt(cy - r * 0.6),
    )
    p.curveTo(
        pt(cx - r * 0.15),
        pt(cy - r * 0.2),
        pt(cx - r * 0.5),
        pt(cy + r * 0.2),
        pt(cx - r),
        pt(cy + r * 0.35),
    )
    p.close()
    c.drawPath(p, stroke=0, fill=1)


def draw_shield(c: Canvas, cx: float, cy: float, r: float) -> None:
    """A shield (fortified space)."""
    p = c.beginPath()
    p.moveTo(pt(cx - r * 0.8), pt(cy + r))
    p.lineTo(pt(cx + r * 0.8), pt(cy + r))
    p.curveTo(
        pt(cx + r * 0.8), pt(cy - r * 0.2), pt(cx + r * 0.5), pt(cy - r * 0.7), pt(cx), pt(cy - r)
    )
    p.curveTo(
        pt(cx - r * 0.5),
        pt(cy - r * 0.7),
        pt(cx - r * 0.8),
        pt(cy - r * 0.2),
        pt(cx - r * 0.8),
        pt(cy + r),
    )
    p.close()
    c.drawPath(p, stroke=1, fill=0)


def draw_castle(c: Canvas, cx: float, cy: float, r: float) -> None:
    """A castle with battlements (stronghold)."""
    p = c.beginPath()
    w = r * 0.9
    p.moveTo(pt(cx - w), pt(cy - r))
    p.lineTo(pt(cx - w), pt(cy + r * 0.6))
    step = 2 * w / 5
    for i in range(5):
        x = cx - w + i * step
        top = cy + r * (0.95 if i % 2 == 0 else 0.6)
        p.lineTo(pt(x), pt(top))
        p.lineTo(pt(x + step), pt(top))
    p.lineTo(pt(cx + w), pt(cy - r))
    p.close()
    c.drawPath(p, stroke=0, fill=1)
