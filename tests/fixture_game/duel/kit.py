"""The duel's kit: one card a player, on one page to print single-sided, each card's QR code
leading to that player's page on the tracker."""

from __future__ import annotations

from functools import partial

from reportlab.pdfgen.canvas import Canvas

from duel.match import PLAYERS, named, rules
from toolkit.pdf.book import MARK_EDGE
from toolkit.pdf.cards import CARD_SIZES, Card, CardBox, CardSize, draw_card_sheets, plan_sheet
from toolkit.pdf.document import pdf_document
from toolkit.pdf.draw import draw_card_frame
from toolkit.pdf.geometry import Rect, paper_size
from toolkit.pdf.kits import KitOptions, KitResult, Progress, finish_kit, kit_target
from toolkit.pdf.qr import draw_qr
from toolkit.pdf.style import INK, REGULAR, line, text

COLOURS = {"1": (0.75, 0.2, 0.15), "2": (0.15, 0.35, 0.7)}
QR = 30.0  # mm: a phone reads it from across the table


def player_card(c: Canvas, box: CardBox, player: str, url: str) -> None:
    panel, most = draw_card_frame(c, box, COLOURS[player]).inset(3), rules()
    c.setFillColorRGB(*INK)
    line(c, named(player), Rect(panel.x, panel.top - 8, panel.w, 8), max_size=16)
    how = f"You start on {most.hp} HP. On your turn roll {most.dice}d{most.sides}: the total "
    how += f"less {most.threshold} is the damage you deal. At 0 HP you lose."
    text(c, how, Rect(panel.x, panel.top - 36, panel.w, 26))
    draw_qr(c, url, panel.x + (panel.w - QR) / 2, panel.y + 6, QR)
    caption = Rect(panel.x, panel.y, panel.w, 5)
    line(c, "Scan: your HP and your odds", caption, font=REGULAR, max_size=7, align="centre")


def build_kit(options: KitOptions, progress: Progress | None = None) -> KitResult:
    """The two players' cards and the manifest of their QR codes."""
    target = kit_target("duel", options)
    urls = {"players": {player: target.url("player", player) for player in PLAYERS}}
    layout = plan_sheet(paper_size(options.paper), CardSize(*CARD_SIZES["poker"], bleed=0.0))
    cards = [Card(partial(player_card, player=p, url=urls["players"][p])) for p in PLAYERS]
    with pdf_document(target.out, layout.page, title="Duel kit", font=REGULAR) as doc:
        draw_card_sheets(doc, cards, layout, marks="cuts", edge=MARK_EDGE)
    fields = {"players": list(PLAYERS), "paper": options.paper, "pdf": str(target.out)}
    return finish_kit(target, fields, urls, doc)
