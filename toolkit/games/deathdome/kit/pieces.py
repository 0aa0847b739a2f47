"""The Death Dome pieces: a fold-over standee for every unit of every team (team colour and
letter, type, stats, and on its back the unit's QR code, so a player scans the piece on the
board), and the punch-out markers: control points in every team colour (one for each point on
the board), a Vitae meter marker per unit, incapacitated markers and the round marker."""

from __future__ import annotations

from collections.abc import Callable

from reportlab.pdfgen.canvas import Canvas

from toolkit.games.deathdome.data import UNIT_TYPES, DeathDomeData, UnitType
from toolkit.games.deathdome.kit.common import (
    DECK_GLYPHS,
    MARGIN,
    TITLE,
    team_colour,
    team_letter,
)
from toolkit.pdf import glyphs
from toolkit.pdf.geometry import WHITE, Rect, pt, text_colour_on
from toolkit.pdf.pieces import (
    Piece,
    PieceGroup,
    Standee,
    draw_groups,
    group_pages,
    qr_back,
    standee_sheet,
)
from toolkit.pdf.sheets import draw_heading
from toolkit.pdf.style import INK, REGULAR, Look, deep, line, text

DARK = (0.15, 0.15, 0.15)
GAP = 1.8  # between discs: room for a punch, and 9 of 19 mm to a row


def control_points(data: DeathDomeData) -> int:
    """The points a team can hold: the board's control points and tower centres."""
    assert data.board is not None
    return len(data.board.squares_of("control_point")) + len(data.board.squares_of("tower_centre"))


# ---------------------------------------------------------------------------------------------
# Standees


def _front(
    data: DeathDomeData, team: str, unit: UnitType, look: Look
) -> Callable[[Canvas, Rect], None]:
    colour = team_colour(data, team)

    def draw(c: Canvas, panel: Rect) -> None:
        band, rest = panel.split_top(7)
        fill = look.band(colour)
        c.setFillColorRGB(*fill)
        c.rect(pt(band.x), pt(band.y), pt(band.w), pt(band.h), stroke=0, fill=1)
        c.setFillColorRGB(*(text_colour_on(fill) if look.full else deep(colour, 0.3)))
        line(c, f"{team_letter(team)} · {team.upper()}", band.inset(1, 0.8), align="centre")
        c.setStrokeColorRGB(*deep(colour))
        c.setLineWidth(1.2)
        c.line(pt(panel.x), pt(band.y), pt(panel.right), pt(band.y))
        glyph_box, rest = rest.split_top(10)
        c.setFillColorRGB(*deep(colour, 0.3))
        c.setStrokeColorRGB(*deep(colour, 0.3))
        DECK_GLYPHS[unit.type](c, glyph_box.centre[0], glyph_box.centre[1], 3.8)
        name, rest = rest.split_top(5)
        c.setFillColorRGB(*INK)
        line(c, unit.name.upper(), name.inset(1, 0), align="centre", max_size=9)
        stats = [
            ("Movement", unit.movement),
            ("Skill", unit.skill),
            ("Toughness", unit.toughness),
            ("Vitae", unit.vitae),
        ]
        step = (rest.h - 1) / len(stats)
        for index, (label, value) in enumerate(stats):
            row = Rect(rest.x + 1.2, rest.top - (index + 1) * step, rest.w - 2.4, step)
            line(c, label, row, font=REGULAR, max_size=6.5)
            line(c, str(value), row, max_size=7, align="right")

    return draw


def standees(
    data: DeathDomeData, teams: tuple[str, ...], urls: dict[str, dict[str, str]], look: Look
) -> list[Standee]:
    """One standee per unit of every team, team by team in turn order."""
    settings = data.print.standee
    return [
        Standee(
            _front(data, team, data.units[unit_type], look),
            qr_back(
                urls[team][unit_type],
                f"{team_letter(team)} {team.title()} {data.units[unit_type].name}",
                data.print.standee.qr,
            ),
            settings.width,
            settings.height,
            settings.base,
            tab="Incapacitated? Lay it on its side.",
        )
        for team in teams
        for unit_type in UNIT_TYPES
    ]


def standees_page(c: Canvas, page: Rect, figures: list[Standee], look: Look) -> list[Rect]:
    """The standees of a kit on one page; returns where each went."""
    return standee_sheet(c, page, f"{TITLE}: unit standees", figures, look, MARGIN)


# ---------------------------------------------------------------------------------------------
# Markers


def marker_groups(data: DeathDomeData, teams: tuple[str, ...]) -> list[PieceGroup]:
    """The markers, each group under its caption."""
    size, large = data.print.pieces.marker, data.print.pieces.large_marker
    points = control_points(data)
    groups: list[PieceGroup] = []
    for team in teams:
        colour = team_colour(data, team)
        letter = team_letter(team)
        groups.append(
            (
                f"{team.title()} ({letter}): {points} control point markers (one for each point "
                f"on the board) and {len(UNIT_TYPES)} Vitae meter markers",
                [Piece("circle", size, colour, letter, note=f"{team.upper()} CP")] * points
                + [
                    Piece(
                        "circle",
                        size,
                        colour,
                        f"{letter} {data.units[unit_type].name}",
                        glyph=DECK_GLYPHS[unit_type],
                    )
                    for unit_type in UNIT_TYPES
                ],
            )
        )
    count = data.print.pieces.incapacitated
    shared = [Piece("circle", large, WHITE, "ROUND", note="marker", glyph=glyphs.draw_hourglass)]
    shared += [
        Piece("circle", large, WHITE, "Incapacitated", note="skips a turn", glyph=glyphs.draw_lying)
    ] * count
    groups.append((f"The round marker and {count} incapacitated markers", shared))
    return groups


def punch_sizes(data: DeathDomeData) -> str:
    """The circle punches the markers need, as the sheets name them: "19 mm", or "19 mm, 25 mm
    for the large ones"."""
    size, large = data.print.pieces.marker, data.print.pieces.large_marker
    return f"{size:g} mm" if large == size else f"{size:g} mm, {large:g} mm for the large ones"


def marker_pages(data: DeathDomeData, teams: tuple[str, ...], page: Rect) -> list[list[PieceGroup]]:
    """The groups split over pages (`page` as `markers_page` gets it)."""
    return group_pages(
        marker_groups(data, teams), page.w - 2 * MARGIN, page.h - 2 * MARGIN - 12 - 10, GAP
    )


def markers_page(
    c: Canvas, page: Rect, title: str, groups: list[PieceGroup], punches: str, look: Look
) -> None:
    """A page of markers under "<TITLE>: `title`"; `punches` names the circle punches."""
    area = page.inset(MARGIN)
    head, rest = area.split_top(12)
    draw_heading(c, f"{TITLE}: {title}", head, colour=DARK, look=look)
    note, rest = rest.split_top(10)
    c.setFillColorRGB(*INK)
    text(
        c,
        f"Glue onto thin card and punch each disc out with a circle punch ({punches}),"
        " or cut on the solid circle. A control point marker in your colour shows the point is "
        "yours; a meter marker sits on its unit's Vitae meter.",
        note,
        max_size=8.5,
    )
    draw_groups(c, rest, groups, GAP, look)
