"""The Dominum print-and-play kit: which pieces the kit holds, laid out from card_data.

In print order (`toolkit.pdf.book`): the cover with the rules reference (and the table's QR code)
on its back; each player's Power Deck and the Domain cards and Stronghold tiles with their backs;
then single-sided, each with a blank back, a player mat per player (score bar, phase track with
link places, reserve power, Power Deck and used pile, cycle counters, a QR code), the punch-out
tokens, and the battlefield tiled at true size (card-sized spaces) with its assembly key.
Geometry lives in toolkit/pdf; rule numbers in card_data/dominum/rules.toml; sizes, colours and
component counts in card_data/dominum/print.toml. The parts: cards.py (Domain cards, Stronghold
tiles, Power Decks), battlefield.py, sheets.py (mats, tokens, rules reference), common.py.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from toolkit.cards.kit_faces import KitFaces
from toolkit.games.dominum.data import DominumData, load_dominum
from toolkit.games.dominum.kit.battlefield import (
    BOARD_FORM,
    KEY_FORM,
    board_layout,
    board_legend,
    board_tiles,
    draw_board_picture,
)
from toolkit.games.dominum.kit.cards import (
    card_faces,
    domain_backs,
    domain_kit_cards,
    power_back,
    power_deck_cards,
)
from toolkit.games.dominum.kit.common import GAME, PHASE_NAMES, TITLE, choose_players
from toolkit.games.dominum.kit.sheets import mat_page, rules_page, token_blocks, token_note
from toolkit.pdf.book import KitBook, card_page_count
from toolkit.pdf.cards import Deck, decks_of
from toolkit.pdf.cover import Component, Cover, cut_cards, draw_cover, lay_tiles, print_first
from toolkit.pdf.document import pdf_document
from toolkit.pdf.geometry import paper_size
from toolkit.pdf.kits import KitOptions, KitResult, Progress, finish_kit, kit_target
from toolkit.pdf.packing import plan_sheets, print_sheets
from toolkit.pdf.qr import QR_SIZE
from toolkit.pdf.style import REGULAR, look_and_layout
from toolkit.pdf.tiles import draw_assembly_key, draw_tiles


def kit_cover(
    data: DominumData, players: tuple[str, ...], options: KitOptions, base_url: str, tiles: int
) -> Cover:
    rules = data.rules
    counts = data.print.components
    domains = len(data.domains)
    phases = len([p for p in rules.rounds.phases if p != "initiative"])
    each = len(players)
    return Cover.of(
        options,
        TITLE,
        components=(
            Component(
                f"Domain cards ({domains} Domains, backs by Domain)",
                str(sum(card.qty for card in data.cards)),
                "Cards",
            ),
            Component("Stronghold tiles", str(len(data.strongholds)), "Cards"),
            Component(
                f"Power Decks ({rules.power_deck.size} cards each, backs by player)",
                str(each),
                "Cards",
            ),
            Component("Player mats (a player's QR code on each)", str(each), "Player mats"),
            Component(
                f"Phase tokens ({phases} a player) and score indicators",
                str(each * (phases + 1)),
                "Tokens",
            ),
            Component(
                "Link tokens and cycle counters",
                str(each * (rules.rounds.links_per_round + len(rules.power_deck.cycle_counters))),
                "Tokens",
            ),
            Component(
                "Wound, Weaken, Charge and Surge tokens",
                str(counts.wound + counts.weaken + counts.charge + counts.surge),
                "Tokens",
            ),
            Component("Initiative token", str(counts.initiative), "Tokens"),
            Component("Battlefield tiles and the assembly key", f"{tiles} + 1", "Battlefield"),
            Component("Rules reference (table QR code)", "1", "Rules reference"),
        ),
        needs=(
            "A coin: a tie for the first player is settled by a flip.",
            "Two small bowls or lids: the token holders (the trays).",
            "Scissors, or a craft knife, a metal ruler and a cutting mat.",
            "Card stock (160-250 g/m²) for the token sheet.",
            "A 25 mm and a 19 mm circle punch (or cut the discs by hand).",
            "A phone or two to scan the QR codes (optional: the table tracker).",
        ),
        steps=(
            print_first("token"),
            cut_cards(
                "sort the Domain cards by their backs and each player's Power Deck by its colour."
            ),
            "Tokens: punch out the discs; each player takes the ones with their name, the rest "
            "go in the trays.",
            lay_tiles("Battlefield", tiles),
            "Each player takes a mat, puts its phase tokens on it and its Stronghold tile with "
            f"{rules.stronghold.starting_charge} Charge; the Initiative token lies between the "
            "mats.",
        ),
        base_url=base_url,
    )


def power_decks(data: DominumData, players: tuple[str, ...], faces: KitFaces) -> list[Deck]:
    """Each player's Power Deck, its back in the player's colour."""
    size = data.print.power_card.size()
    return [
        Deck(
            player,
            f"{player.title()} Power Deck",
            tuple(power_deck_cards(data, player, faces)),
            size,
            power_back(data, player, faces),
        )
        for player in players
    ]


def domain_decks(data: DominumData, faces: KitFaces) -> list[Deck]:
    """Per Domain its cards and its Stronghold tiles, each a deck with the Domain's back."""
    names = {}
    for domain in data.domains:
        names[f"{domain}:card"] = f"{domain} Domain cards"
        names[f"{domain}:stronghold"] = f"{domain} Stronghold tiles"
    cards = domain_kit_cards(data, faces)
    return decks_of(cards, domain_backs(data, faces), names, data.print.card.size())


def build_kit(options: KitOptions, progress: Progress | None = None) -> KitResult:
    """Write the Dominum kit PDF and its manifest; returns where they are."""
    progress = progress or Progress(False)
    paper = paper_size(options.paper)
    data = load_dominum(options.data)
    players = choose_players(options.teams)
    target = kit_target(GAME, options)
    out, base_url = target.out, target.base_url
    urls: dict[str, Any] = {
        "table": target.url("table"),
        "players": {player: target.url("player", player) for player in players},
    }
    qr_size = QR_SIZE
    look, layout_name = look_and_layout(options.ink, options.layout)
    faces = card_faces(data, players, look)
    decks = power_decks(data, players, faces) + domain_decks(data, faces)
    layout = board_layout(data)
    tiles = board_tiles(data, paper)
    landscape = (max(paper), min(paper))
    tokens = plan_sheets(token_blocks(data, players, look), paper)
    total = (
        2
        + card_page_count(paper, decks, layout_name)
        + 2 * (len(players) + len(tokens) + len(tiles.tiles) + 1)
    )
    progress.start(f"{TITLE} kit", total)

    def single_advance() -> None:
        book.blank_back()
        progress.advance()

    with pdf_document(out, paper, title=f"{TITLE} print-and-play kit", font=REGULAR) as doc:
        book = KitBook(doc, look, layout_name)
        book.cover(lambda c, page: rules_page(c, page, data, urls["table"], qr_size, look))
        progress.advance()
        with book.section("Cards"):
            # the two Power Decks are one card size: they share a sheet
            book.card_sheets(decks, back_offset=options.back_offset, on_page=progress.advance)
        faces.tell()  # a layout that cut a card's text short
        for player in players:
            with book.section("Player mats"), book.sheet(landscape) as c:
                mat_page(c, doc.page, data, player, urls["players"][player], qr_size, look)
            progress.advance()
        print_sheets(
            book,
            tokens,
            title=f"{TITLE}: tokens",
            note=token_note(data),
            stock="card",
            on_page=progress.advance,
        )
        with book.section("Battlefield"):
            words = draw_board_picture(doc.canvas, data, layout, look)
            title = f"{TITLE} battlefield"
            draw_tiles(
                doc, tiles, BOARD_FORM, title=title, on_page=single_advance, keep_clear=words
            )
            draw_assembly_key(
                doc,
                tiles,
                KEY_FORM,
                title=f"{TITLE} battlefield",
                legend=board_legend(data, layout, look),
            )
            single_advance()
        cover = kit_cover(data, players, options, base_url, len(tiles.tiles))
        book.finish(lambda c, page: draw_cover(c, page, cover, book))
    return finish_kit(
        target,
        {
            "teams": list(players),
            "paper": options.paper,
            "ink": look.ink,
            "layout": layout_name,
            "pdf": str(out),
            "created": datetime.now(UTC).isoformat(timespec="seconds"),
            "domains": list(data.domains),
        },
        urls,
        book,
    )


__all__ = ["PHASE_NAMES", "build_kit"]
