"""Glyphs: small vector pictures that tell pieces and cards apart without colour (a blood drop, a
lightning bolt, a catapult, a bird in flight, a shield, a castle, weapon kinds, timings, people,
gear, a key, a horse).

Each `draw_<name>(c, cx, cy, r)` draws its picture centred on (cx, cy) mm, `r` mm from the centre
to its edge, in the canvas's current fill (and, for the outlined ones, stroke) colour.
"""

from __future__ import annotations

import math
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


def _shield(c: Canvas, cx: float, cy: float, r: float, *, filled: bool) -> None:
    """A heater shield, outlined or filled."""
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
    c.drawPath(p, stroke=0 if filled else 1, fill=1 if filled else 0)


def draw_shield(c: Canvas, cx: float, cy: float, r: float) -> None:
    """A shield (fortified space)."""
    _shield(c, cx, cy, r, filled=False)


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


# ---------------------------------------------------------------------------------------------
# Helpers and more glyphs: weapon kinds, timings, unit types, decks, keywords


def _polygon(
    c: Canvas, cx: float, cy: float, r: float, points: list[tuple[float, float]], fill: bool = True
) -> None:
    """A closed polygon of `points` given in units of `r` about (cx, cy)."""
    p = c.beginPath()
    p.moveTo(pt(cx + points[0][0] * r), pt(cy + points[0][1] * r))
    for x, y in points[1:]:
        p.lineTo(pt(cx + x * r), pt(cy + y * r))
    p.close()
    c.drawPath(p, stroke=0 if fill else 1, fill=1 if fill else 0)


def _width(c: Canvas, r: float, share: float = 0.14) -> None:
    c.setLineWidth(max(0.3, pt(r * share)))


def draw_crosshair(c: Canvas, cx: float, cy: float, r: float) -> None:
    """A gun sight (ranged weapons; the Gunner)."""
    _width(c, r, 0.12)
    c.circle(pt(cx), pt(cy), pt(r * 0.62), stroke=1, fill=0)
    for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        c.line(pt(cx + dx * r * 0.3), pt(cy + dy * r * 0.3), pt(cx + dx * r), pt(cy + dy * r))
    c.circle(pt(cx), pt(cy), pt(r * 0.1), stroke=0, fill=1)


def draw_blade(c: Canvas, cx: float, cy: float, r: float) -> None:
    """A sword, point up (close combat; melee weapons; an attack stack)."""
    _polygon(c, cx, cy, r, [(0, 1), (0.16, 0.72), (0.16, -0.35), (-0.16, -0.35), (-0.16, 0.72)])
    _polygon(c, cx, cy, r, [(-0.55, -0.35), (0.55, -0.35), (0.55, -0.5), (-0.55, -0.5)])
    _polygon(c, cx, cy, r, [(-0.1, -0.5), (0.1, -0.5), (0.1, -0.88), (-0.1, -0.88)])
    c.circle(pt(cx), pt(cy - r * 0.93), pt(r * 0.12), stroke=0, fill=1)


def draw_burst(c: Canvas, cx: float, cy: float, r: float) -> None:
    """An explosion (area effect; splash)."""
    points = []
    for index in range(16):
        angle = math.pi * 2 * index / 16 + 0.2
        reach = 1.0 if index % 2 == 0 else 0.5
        points.append((math.cos(angle) * reach, math.sin(angle) * reach))
    _polygon(c, cx, cy, r, points)


def draw_play(c: Canvas, cx: float, cy: float, r: float) -> None:
    """A hand pointing the way: an action (a triangle, like a play button)."""
    _polygon(c, cx, cy, r, [(-0.6, 0.85), (0.85, 0), (-0.6, -0.85)])


def draw_steps(c: Canvas, cx: float, cy: float, r: float) -> None:
    """Two chevrons: movement."""
    for dx in (-0.45, 0.25):
        _polygon(
            c,
            cx + dx * r,
            cy,
            r,
            [(-0.35, 0.8), (0.05, 0.8), (0.55, 0), (0.05, -0.8), (-0.35, -0.8), (0.15, 0)],
        )


def draw_plus(c: Canvas, cx: float, cy: float, r: float) -> None:
    """A plus: free, extra, healing (the Medic)."""
    _polygon(
        c,
        cx,
        cy,
        r,
        [
            (-0.3, 0.9),
            (0.3, 0.9),
            (0.3, 0.3),
            (0.9, 0.3),
            (0.9, -0.3),
            (0.3, -0.3),
            (0.3, -0.9),
            (-0.3, -0.9),
            (-0.3, -0.3),
            (-0.9, -0.3),
            (-0.9, 0.3),
            (-0.3, 0.3),
        ],
    )


def draw_skull(c: Canvas, cx: float, cy: float, r: float) -> None:
    """A skull: when a unit is killed."""
    c.circle(pt(cx), pt(cy + r * 0.18), pt(r * 0.72), stroke=0, fill=1)
    _polygon(c, cx, cy, r, [(-0.42, -0.2), (0.42, -0.2), (0.36, -0.9), (-0.36, -0.9)])
    c.saveState()
    c.setFillColorRGB(1, 1, 1)
    c.circle(pt(cx - r * 0.27), pt(cy + r * 0.15), pt(r * 0.19), stroke=0, fill=1)
    c.circle(pt(cx + r * 0.27), pt(cy + r * 0.15), pt(r * 0.19), stroke=0, fill=1)
    _polygon(c, cx, cy, r, [(0, -0.08), (0.09, -0.3), (-0.09, -0.3)])
    c.restoreState()


def draw_flag(c: Canvas, cx: float, cy: float, r: float) -> None:
    """A flag on a pole: a control point."""
    _polygon(c, cx, cy, r, [(-0.6, 1), (-0.45, 1), (-0.45, -1), (-0.6, -1)])
    _polygon(c, cx, cy, r, [(-0.45, 0.95), (0.8, 0.62), (-0.45, 0.25)])


def draw_push(c: Canvas, cx: float, cy: float, r: float) -> None:
    """An arrow away from a bar: push back."""
    _polygon(c, cx, cy, r, [(-0.95, 0.7), (-0.72, 0.7), (-0.72, -0.7), (-0.95, -0.7)])
    _polygon(
        c,
        cx,
        cy,
        r,
        [(-0.5, 0.2), (0.3, 0.2), (0.3, 0.6), (0.95, 0), (0.3, -0.6), (0.3, -0.2), (-0.5, -0.2)],
    )


def draw_hourglass(c: Canvas, cx: float, cy: float, r: float) -> None:
    """An hourglass: any time on your turn."""
    _polygon(
        c,
        cx,
        cy,
        r,
        [(-0.65, 0.9), (0.65, 0.9), (0.08, 0), (0.65, -0.9), (-0.65, -0.9), (-0.08, 0)],
    )


def draw_cycle(c: Canvas, cx: float, cy: float, r: float) -> None:
    """A round arrow: any time, a counter."""
    _width(c, r, 0.18)
    p = c.beginPath()
    p.arc(pt(cx - r * 0.7), pt(cy - r * 0.7), pt(cx + r * 0.7), pt(cy + r * 0.7), 60, 280)
    c.drawPath(p, stroke=1, fill=0)
    _polygon(c, cx, cy, r, [(0.2, 0.95), (0.62, 0.35), (-0.05, 0.35)])


def draw_axe(c: Canvas, cx: float, cy: float, r: float) -> None:
    """An axe (the Warrior)."""
    _polygon(c, cx, cy, r, [(-0.08, 0.95), (0.08, 0.95), (0.08, -1), (-0.08, -1)])
    p = c.beginPath()
    p.moveTo(pt(cx + r * 0.08), pt(cy + r * 0.75))
    p.curveTo(
        pt(cx + r * 0.9),
        pt(cy + r * 0.95),
        pt(cx + r * 0.95),
        pt(cy + r * 0.1),
        pt(cx + r * 0.08),
        pt(cy + r * 0.05),
    )
    p.close()
    c.drawPath(p, stroke=0, fill=1)


def draw_eye(c: Canvas, cx: float, cy: float, r: float) -> None:
    """An eye (the Scout; line of sight)."""
    p = c.beginPath()
    p.moveTo(pt(cx - r), pt(cy))
    p.curveTo(
        pt(cx - r * 0.4), pt(cy + r * 0.75), pt(cx + r * 0.4), pt(cy + r * 0.75), pt(cx + r), pt(cy)
    )
    p.curveTo(
        pt(cx + r * 0.4), pt(cy - r * 0.75), pt(cx - r * 0.4), pt(cy - r * 0.75), pt(cx - r), pt(cy)
    )
    p.close()
    c.drawPath(p, stroke=0, fill=1)
    c.saveState()
    c.setFillColorRGB(1, 1, 1)
    c.circle(pt(cx), pt(cy), pt(r * 0.32), stroke=0, fill=1)
    c.restoreState()
    c.circle(pt(cx), pt(cy), pt(r * 0.15), stroke=0, fill=1)


def draw_arc_over(c: Canvas, cx: float, cy: float, r: float) -> None:
    """A shot arcing over a wall: ignores line of sight."""
    _polygon(c, cx, cy, r, [(-0.12, -1), (0.12, -1), (0.12, -0.2), (-0.12, -0.2)])
    _width(c, r, 0.13)
    p = c.beginPath()
    p.moveTo(pt(cx - r * 0.9), pt(cy - r * 0.8))
    p.curveTo(
        pt(cx - r * 0.5),
        pt(cy + r * 1.1),
        pt(cx + r * 0.5),
        pt(cy + r * 1.1),
        pt(cx + r * 0.85),
        pt(cy - r * 0.6),
    )
    c.drawPath(p, stroke=1, fill=0)
    _polygon(c, cx, cy, r, [(0.65, -0.45), (1.0, -0.45), (0.9, -0.95)])


def draw_lying(c: Canvas, cx: float, cy: float, r: float) -> None:
    """A figure lying on its side: incapacitated."""
    c.circle(pt(cx - r * 0.7), pt(cy + r * 0.05), pt(r * 0.25), stroke=0, fill=1)
    _polygon(c, cx, cy, r, [(-0.4, 0.22), (0.95, 0.22), (0.95, -0.18), (-0.4, -0.18)])
    _polygon(c, cx, cy, r, [(-1, -0.45), (1, -0.45), (1, -0.58), (-1, -0.58)])


def draw_star(c: Canvas, cx: float, cy: float, r: float) -> None:
    """A five-pointed star (Special Play)."""
    points = []
    for index in range(10):
        angle = math.pi / 2 + math.pi * index / 5
        reach = 1.0 if index % 2 == 0 else 0.42
        points.append((math.cos(angle) * reach, math.sin(angle) * reach))
    _polygon(c, cx, cy, r, points)


def draw_cog(c: Canvas, cx: float, cy: float, r: float) -> None:
    """A cog wheel (equipment)."""
    points = []
    for index in range(32):
        angle = math.pi * 2 * index / 32
        reach = 1.0 if (index // 2) % 2 == 0 else 0.72
        points.append((math.cos(angle) * reach, math.sin(angle) * reach))
    _polygon(c, cx, cy, r, points)
    c.saveState()
    c.setFillColorRGB(1, 1, 1)
    c.circle(pt(cx), pt(cy), pt(r * 0.3), stroke=0, fill=1)
    c.restoreState()


def draw_solid_shield(c: Canvas, cx: float, cy: float, r: float) -> None:
    """A filled shield (armour; a defence stack; shields)."""
    _shield(c, cx, cy, r, filled=True)


def draw_bow(c: Canvas, cx: float, cy: float, r: float) -> None:
    """A bow and arrow (ranged weapons)."""
    _width(c, r, 0.13)
    p = c.beginPath()
    p.arc(pt(cx - r * 1.3), pt(cy - r), pt(cx + r * 0.5), pt(cy + r), -60, 120)
    c.drawPath(p, stroke=1, fill=0)
    c.setLineWidth(max(0.2, pt(r * 0.05)))
    c.line(pt(cx - r * 0.05), pt(cy + r * 0.78), pt(cx - r * 0.05), pt(cy - r * 0.78))
    c.line(pt(cx - r * 0.9), pt(cy), pt(cx + r * 0.75), pt(cy))
    _polygon(c, cx, cy, r, [(0.7, 0.18), (1.0, 0), (0.7, -0.18)])


def draw_helmet(c: Canvas, cx: float, cy: float, r: float) -> None:
    """A helmet (head armour)."""
    p = c.beginPath()
    p.moveTo(pt(cx - r * 0.85), pt(cy - r * 0.6))
    p.curveTo(
        pt(cx - r * 0.9),
        pt(cy + r * 1.0),
        pt(cx + r * 0.9),
        pt(cy + r * 1.0),
        pt(cx + r * 0.85),
        pt(cy - r * 0.6),
    )
    p.lineTo(pt(cx + r * 0.2), pt(cy - r * 0.6))
    p.lineTo(pt(cx + r * 0.2), pt(cy))
    p.lineTo(pt(cx - r * 0.2), pt(cy))
    p.lineTo(pt(cx - r * 0.2), pt(cy - r * 0.6))
    p.close()
    c.drawPath(p, stroke=0, fill=1)


def draw_cuirass(c: Canvas, cx: float, cy: float, r: float) -> None:
    """A breastplate (body armour)."""
    _polygon(
        c,
        cx,
        cy,
        r,
        [
            (-0.9, 0.75),
            (-0.35, 0.95),
            (0, 0.7),
            (0.35, 0.95),
            (0.9, 0.75),
            (0.6, 0.2),
            (0.65, -0.9),
            (-0.65, -0.9),
            (-0.6, 0.2),
        ],
    )


def draw_person(c: Canvas, cx: float, cy: float, r: float) -> None:
    """A person (a character)."""
    c.circle(pt(cx), pt(cy + r * 0.55), pt(r * 0.35), stroke=0, fill=1)
    p = c.beginPath()
    p.moveTo(pt(cx - r * 0.75), pt(cy - r))
    p.curveTo(
        pt(cx - r * 0.75),
        pt(cy + r * 0.2),
        pt(cx + r * 0.75),
        pt(cy + r * 0.2),
        pt(cx + r * 0.75),
        pt(cy - r),
    )
    p.close()
    c.drawPath(p, stroke=0, fill=1)


def draw_paw(c: Canvas, cx: float, cy: float, r: float) -> None:
    """A paw print (a Power Card)."""
    p = c.beginPath()
    p.ellipse(pt(cx - r * 0.5), pt(cy - r * 0.85), pt(r), pt(r * 0.8))
    c.drawPath(p, stroke=0, fill=1)
    for dx, dy in ((-0.72, 0.2), (-0.28, 0.62), (0.28, 0.62), (0.72, 0.2)):
        c.circle(pt(cx + dx * r), pt(cy + dy * r), pt(r * 0.22), stroke=0, fill=1)


def draw_up(c: Canvas, cx: float, cy: float, r: float) -> None:
    """A thick arrow up (an Attack Boost)."""
    _polygon(
        c,
        cx,
        cy,
        r,
        [
            (0, 1),
            (0.85, 0.1),
            (0.35, 0.1),
            (0.35, -0.95),
            (-0.35, -0.95),
            (-0.35, 0.1),
            (-0.85, 0.1),
        ],
    )


def draw_key(c: Canvas, cx: float, cy: float, r: float) -> None:
    """A key (a jail release point: it unlocks a jail)."""
    _width(c, r, 0.16)
    c.circle(pt(cx - r * 0.55), pt(cy), pt(r * 0.36), stroke=1, fill=0)
    c.line(pt(cx - r * 0.19), pt(cy), pt(cx + r), pt(cy))
    for x, depth in ((0.55, 0.42), (0.85, 0.32)):
        c.line(pt(cx + r * x), pt(cy), pt(cx + r * x), pt(cy - r * depth))


def draw_horse(c: Canvas, cx: float, cy: float, r: float) -> None:
    """A horse's head and neck, facing left (a mount)."""
    _polygon(
        c,
        cx,
        cy,
        r,
        [
            (-0.15, 1.0),  # ears
            (0.05, 0.72),
            (0.3, 0.7),
            (0.62, 0.35),  # mane down the neck
            (0.78, -0.2),
            (0.7, -1.0),
            (-0.25, -1.0),  # chest
            (-0.12, -0.35),
            (-0.55, -0.2),  # jaw
            (-0.95, -0.3),  # muzzle
            (-1.0, 0.0),
            (-0.6, 0.45),  # forehead
            (-0.32, 0.7),
        ],
    )
