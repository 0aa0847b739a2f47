"""The Domppa pieces: a fold-over standee for every character, with its key numbers on the
front and its QR code on the back, so a player scans the piece on the map."""

from __future__ import annotations

from collections.abc import Callable

from reportlab.pdfgen.canvas import Canvas

from toolkit.games.domppa.data import Character, DomppaKitData
from toolkit.games.domppa.kit.common import MARGIN, TITLE
from toolkit.pdf import glyphs
from toolkit.pdf.geometry import Rect, pt, text_colour_on
from toolkit.pdf.pieces import Standee, qr_back, standee_sheet
from toolkit.pdf.style import BOLD, INK, REGULAR, Look, deep, line, text


def _front(ch: Character, data: DomppaKitData, look: Look) -> Callable[[Canvas, Rect], None]:
    colour = data.print.colour("character")

    def draw(c: Canvas, panel: Rect) -> None:
        band, rest = panel.split_top(9)
        fill = look.band(colour)
        c.setFillColorRGB(*fill)
        c.rect(pt(band.x), pt(band.y), pt(band.w), pt(band.h), stroke=0, fill=1)
        c.setFillColorRGB(*(text_colour_on(fill) if look.full else deep(colour, 0.3)))
        text(
            c,
            ch.row.name,
            band.inset(0.8, 0.5),
            font=BOLD,
            max_size=8,
            align="centre",
            valign="middle",
        )
        glyph, rest = rest.split_top(8)
        c.setFillColorRGB(*deep(colour, 0.35))
        glyphs.draw_person(c, glyph.centre[0], glyph.centre[1], 3.2)
        stats = [
            ("HP", ch.hp),
            ("Attack", ch.row.attack),
            ("Defence", ch.row.defence),
            ("Prot.", ch.protection_body),
            ("AP", ch.ap),
            ("Size", ch.size),
        ]
        step = (rest.h - 1) / len(stats)
        c.setFillColorRGB(*INK)
        for index, (label, value) in enumerate(stats):
            row = Rect(rest.x + 1.2, rest.top - (index + 1) * step, rest.w - 2.4, step)
            line(c, label, row, font=REGULAR, max_size=6.5)
            line(c, str(value), row, max_size=7, align="right")

    return draw


def standees(data: DomppaKitData, urls: dict[str, str], look: Look) -> list[Standee]:
    """One standee per character, in file order."""
    settings = data.print.standee
    return [
        Standee(
            _front(ch, data, look),
            qr_back(urls[ch.id], ch.row.name, settings.qr),
            settings.width,
            settings.height,
            settings.base,
            tab="Fleeing or paralysed? Lay a token by it.",
        )
        for ch in data.characters
    ]


def standees_page(c: Canvas, page: Rect, figures: list[Standee], look: Look) -> list[Rect]:
    return standee_sheet(c, page, f"{TITLE}: character standees", figures, look, MARGIN)
