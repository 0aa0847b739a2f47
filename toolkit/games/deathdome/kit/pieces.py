"""The Death Dome pieces, all on card stock: a fold-over standee for every unit of every team
(team colour and letter, type, stats, and on its back the unit's QR code, so a player scans the
piece on the board), and the punch-out markers: control points in every team colour (one for
each point on the board), a Vitae meter marker per unit, a colour marker per team (drawn at
random at the start: "Choose Colors"), incapacitated markers and the round marker. They are
handed to `toolkit.pdf.packing` as blocks, butted and packed on as few sheets as they need."""

from __future__ import annotations

from collections.abc import Callable

from reportlab.pdfgen.canvas import Canvas

from toolkit.games.deathdome.data import UNIT_TYPES, DeathDomeData, UnitType
from toolkit.games.deathdome.kit.common import DECK_GLYPHS, team_colour, team_letter
from toolkit.pdf import glyphs
from toolkit.pdf.geometry import WHITE, Rect, pt, text_colour_on
from toolkit.pdf.packing import Block
from toolkit.pdf.pieces import Piece, Standee, piece_grid, qr_back, standee_grid
from toolkit.pdf.qr import QR_SIZE
from toolkit.pdf.style import INK, REGULAR, Look, deep, line

STANDEES = "Unit standees"  # the cover's sections
MARKERS = "Markers"


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
            line(c, label, row, font=REGULAR, max_size=7)
            line(c, str(value), row, max_size=7.5, align="right")

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
                QR_SIZE,
            ),
            settings.width,
            settings.height,
            settings.base,
            tab="Incapacitated? Lay it on its side.",
        )
        for team in teams
        for unit_type in UNIT_TYPES
    ]


# ---------------------------------------------------------------------------------------------
# Markers


def team_markers(data: DeathDomeData, team: str) -> list[Piece]:
    """A team's control point markers (one for each point on the board) and a Vitae meter
    marker for each of its units."""
    size = data.print.pieces.marker
    colour = team_colour(data, team)
    letter = team_letter(team)
    return [Piece("circle", size, colour, letter, note=f"{team.upper()} CP")] * control_points(
        data
    ) + [
        Piece("circle", size, colour, f"{letter} {data.units[unit].name}", glyph=DECK_GLYPHS[unit])
        for unit in UNIT_TYPES
    ]


def colour_markers(data: DeathDomeData, teams: tuple[str, ...]) -> list[Piece]:
    """One marker per team colour, drawn at random at the start ("Choose Colors")."""
    return [
        Piece(
            "circle",
            data.print.pieces.marker,
            team_colour(data, team),
            team_letter(team),
            note=team.upper(),
        )  # fmt: skip
        for team in teams
    ]


def shared_markers(data: DeathDomeData) -> list[Piece]:
    """The round marker and the incapacitated markers."""
    large = data.print.pieces.large_marker
    count = data.print.pieces.incapacitated
    pieces = [Piece("circle", large, WHITE, "ROUND", note="marker", glyph=glyphs.draw_hourglass)]
    return (
        pieces
        + [
            Piece(
                "circle",
                large,
                WHITE,
                "Incapacitated",
                note="skips a turn",
                glyph=glyphs.draw_lying,
            )
        ]
        * count
    )


def punch_sizes(data: DeathDomeData) -> str:
    """The circle punches the markers need, as the sheets name them: "19 mm", or "19 mm, 25 mm
    for the large ones"."""
    size, large = data.print.pieces.marker, data.print.pieces.large_marker
    return f"{size:g} mm" if large == size else f"{size:g} mm, {large:g} mm for the large ones"


def piece_blocks(
    data: DeathDomeData, teams: tuple[str, ...], urls: dict[str, dict[str, str]], look: Look
) -> list[Block]:
    """Every piece of the kit, as blocks for the card stock sheets: the standees butted two a
    row, then the markers of one size in one grid (a team's fill whole rows), then the large
    ones."""
    figures = standees(data, teams, urls, look)
    markers = [piece for team in teams for piece in team_markers(data, team)]
    markers += colour_markers(data, teams)
    shared = shared_markers(data)
    points = control_points(data)
    blocks: list[Block] = [
        standee_grid(
            f"Unit standees ({len(figures)}): cut round, fold on the dashed lines, glue front to "
            "back; the QR code is on the back",
            figures,
            STANDEES,
        ),
        piece_grid(
            f"Markers: a team's {points} control point and {len(UNIT_TYPES)} Vitae meter "
            f"markers; {len(teams)} colour markers (each team draws one, face down)",
            markers,
            look,
            MARKERS,
        ),
    ]
    large = [piece for piece in shared if piece.size != data.print.pieces.marker]
    same = [piece for piece in shared if piece.size == data.print.pieces.marker]
    caption = (
        f"The round marker and {data.print.pieces.incapacitated} incapacitated markers (a unit "
        "lying on its side will do)"
    )
    if same:
        blocks.append(piece_grid(caption, same, look, MARKERS))
    if large:
        blocks.append(piece_grid(caption, large, look, MARKERS))
    return blocks


def card_stock_note(data: DeathDomeData) -> str:
    """How to cut the card stock sheets."""
    return (
        "Print on card stock (160-250 g/m²). Standees: cut the long solid lines across first, "
        "then the short ones; fold on the dashed lines, glue front to back, fold the tabs out. "
        f"Punch the discs with a circle punch ({punch_sizes(data)}) or cut round them."
    )
