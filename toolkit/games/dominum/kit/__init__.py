"""The Dominum print-and-play kit: which pieces the kit holds, laid out from card_data.

The battlefield tiled at true size (card-sized spaces) with an assembly key and legend, a player
mat per player (score bar, phase track with link places, reserve power, Power Deck and used pile,
cycle counters, a QR code), each player's Power Deck with backs, Domain cards and Stronghold tiles
with backs per Domain, punch-out tokens, and a one-page rules reference with the table's QR code.
Geometry lives in toolkit/pdf; rule numbers in card_data/dominum/rules.toml; sizes, colours and
component counts in card_data/dominum/print.toml. The parts: cards.py (Domain cards, Stronghold
tiles, Power Decks), battlefield.py, sheets.py (mats, tokens, rules reference), common.py.
"""

from __future__ import annotations

from datetime import UTC, datetime

from toolkit.games.dominum.data import load_dominum
from toolkit.games.dominum.kit.battlefield import (
    BOARD_FORM,
    board_layout,
    board_legend,
    board_tiles,
    draw_board_picture,
)
from toolkit.games.dominum.kit.cards import (
    domain_backs,
    domain_kit_cards,
    power_back,
    power_cards,
    power_face,
)
from toolkit.games.dominum.kit.common import GAME, TITLE, choose_players
from toolkit.games.dominum.kit.sheets import mat_page, rules_page, tokens_page
from toolkit.pdf.cards import Card, draw_card_sheets, plan_sheet
from toolkit.pdf.document import pdf_document
from toolkit.pdf.geometry import paper_size
from toolkit.pdf.kits import KitOptions, KitResult, Progress, finish_kit, kit_target, kit_urls
from toolkit.pdf.tiles import draw_assembly_key, draw_tiles


def build_kit(options: KitOptions, progress: Progress | None = None) -> KitResult:
    """Write the Dominum kit PDF and its manifest; returns where they are."""
    progress = progress or Progress(False)
    paper = paper_size(options.paper)
    data = load_dominum(options.data)
    players = choose_players(options.teams)
    target = kit_target(GAME, options)
    out, base_url, kit_id = target.out, target.base_url, target.kit_id
    urls = kit_urls(base_url, kit_id, players=players)
    qr_size = data.print.qr.size

    card_layout = plan_sheet(paper, data.print.card.size())
    power_layout = plan_sheet(paper, data.print.power_card.size())
    cards = domain_kit_cards(data)
    layout = board_layout(data)
    tiles = board_tiles(data, paper)
    per_deck = -(-len(power_cards(data.rules)) // power_layout.per_page)
    total = (
        len(tiles.tiles)
        + 1
        + len(players) * (1 + 2 * per_deck)
        + 2 * -(-len(cards) // card_layout.per_page)
        + 2
    )
    progress.start(f"{TITLE} kit", total)

    with pdf_document(out, paper, title=f"{TITLE} print-and-play kit") as doc:
        draw_board_picture(doc.canvas, data, layout)
        draw_tiles(doc, tiles, BOARD_FORM, title=f"{TITLE} battlefield", on_page=progress.advance)
        draw_assembly_key(
            doc, tiles, BOARD_FORM, title=f"{TITLE} battlefield", legend=board_legend(data, layout)
        )
        progress.advance()
        for player in players:
            mat_page(doc, data, player, urls["players"][player], qr_size)
            progress.advance()
        for player in players:
            deck = [Card(power_face(v, player, data), player) for v in power_cards(data.rules)]
            draw_card_sheets(
                doc,
                deck,
                power_layout,
                backs={player: power_back(player, data)},
                back_offset=options.back_offset,
                on_page=progress.advance,
            )
        draw_card_sheets(
            doc,
            cards,
            card_layout,
            backs=domain_backs(data),
            back_offset=options.back_offset,
            on_page=progress.advance,
        )
        tokens_page(doc, data, players)
        progress.advance()
        rules_page(doc, data, urls["table"], qr_size)
        progress.advance()
    return finish_kit(
        target,
        {
            "teams": list(players),
            "paper": options.paper,
            "pdf": str(out),
            "created": datetime.now(UTC).isoformat(timespec="seconds"),
            "domains": list(data.domains),
        },
        urls,
        doc,
    )
