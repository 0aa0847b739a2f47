"""The Death Dome print-and-play kit: which pieces the kit holds, laid out from card_data.

In print order (`toolkit.pdf.book`): the cover with the rules reference on its back; the item
and Special Play cards with their backs; then single-sided, each with a blank back, the card
stock sheets (the unit standees and every marker, packed by `toolkit.pdf.packing`), a paper sheet
per team (roster, Vitae meters, QR codes), the campaign sheet (round track, payouts, credits, the
table's QR code), and the board tiled at true size with its assembly key and legend. Geometry
lives in toolkit/pdf; numbers live in card_data/deathdome. The parts: cards.py, pieces.py
(standees, markers), sheets.py, board.py, common.py.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from toolkit.errors import DomekitError
from toolkit.games.deathdome.data import UNIT_TYPES, DeathDomeData, load_deathdome
from toolkit.games.deathdome.kit.board import (
    BOARD_FORM,
    BOARD_LABELS,
    KEY_FORM,
    board_legend,
    board_size,
    draw_board_picture,
)
from toolkit.games.deathdome.kit.cards import card_backs, card_faces, check_card_texts, kit_cards
from toolkit.games.deathdome.kit.common import DECK_TITLES, GAME, TITLE
from toolkit.games.deathdome.kit.pieces import (
    card_stock_note,
    control_points,
    piece_blocks,
    punch_sizes,
)
from toolkit.games.deathdome.kit.sheets import campaign_page, rules_page, team_page
from toolkit.pdf.book import KitBook, card_page_count
from toolkit.pdf.cards import decks_of
from toolkit.pdf.cover import (
    FOLD_STANDEES,
    Component,
    Cover,
    cut_cards,
    draw_cover,
    lay_tiles,
    print_first,
)
from toolkit.pdf.document import pdf_document
from toolkit.pdf.geometry import paper_size
from toolkit.pdf.kits import KitOptions, KitResult, Progress, finish_kit, kit_target
from toolkit.pdf.packing import plan_sheets, print_sheets
from toolkit.pdf.style import REGULAR, look_and_layout
from toolkit.pdf.tiles import draw_assembly_key, draw_tiles, plan_tiles

__all__ = ["BOARD_LABELS", "build_kit", "choose_teams"]


def choose_teams(data: DeathDomeData, wanted: tuple[str, ...] | None) -> tuple[str, ...]:
    """The teams to print: the flag's colours (checked against rules.toml), else every colour."""
    assert data.rules is not None
    rules = data.rules.teams
    if wanted is None:
        return tuple(rules.colours)
    for colour in wanted:
        if colour not in rules.colours:
            raise DomekitError(
                f"--teams: unknown team colour {colour!r}; "
                f"expected some of {', '.join(rules.colours)}"
            )
    if len(set(wanted)) != len(wanted):
        raise DomekitError("--teams: a colour is named twice")
    if not rules.min <= len(wanted) <= rules.max:
        raise DomekitError(f"--teams: {len(wanted)} teams; a match has {rules.min} to {rules.max}")
    # rules: red plays first, the others follow in the order given
    first = rules.colours[0]
    if first in wanted:
        wanted = (first, *[c for c in wanted if c != first])
    return wanted


def kit_cover(
    data: DeathDomeData, teams: tuple[str, ...], options: KitOptions, base_url: str, tiles: int
) -> Cover:
    assert data.rules is not None
    items = sum(item.qty for item in data.items.values())
    special = sum(card.qty for card in data.special_play)
    units = len(teams) * len(UNIT_TYPES)
    pieces = data.print.pieces
    decks = len(DECK_TITLES) - 1
    return Cover.of(
        options,
        TITLE,
        components=(
            Component(f"Item cards ({decks} decks, backs by deck)", str(items), "Cards"),
            Component("Special Play cards", str(special), "Cards"),
            Component(
                f"Unit standees ({len(teams)} teams x {len(UNIT_TYPES)}, QR code on the back)",
                str(units),
                "Unit standees",
            ),
            Component(
                f"Control point markers ({control_points(data)} per team)",
                str(control_points(data) * len(teams)),
                "Markers",
            ),
            Component("Vitae meter markers (one per unit)", str(units), "Markers"),
            Component("Team colour markers (drawn at the start)", str(len(teams)), "Markers"),
            Component("Incapacitated markers", str(pieces.incapacitated), "Markers"),
            Component("Round marker", "1", "Markers"),
            Component(
                "Team sheets: roster, Vitae meters, team and unit QR codes",
                str(len(teams)),
                "Team sheets",
            ),
            Component(
                "Campaign sheet: round track, payouts, credits (table QR code)", "1", "Campaign"
            ),
            Component("Board tiles and the assembly key", f"{tiles} + 1", "Board"),
            Component("Rules reference", "1", "Rules reference"),
        ),
        needs=(
            f"One six-sided die: the match winner's fans roll (d{data.rules.payout.fans_die_sides})"
            " after round 12.",
            "Scissors, or a craft knife, a metal ruler and a cutting mat.",
            "Card stock (160-250 g/m²) for the standee and marker sheets; a glue stick.",
            f"A circle punch, {punch_sizes(data)} (or cut the discs by hand).",
            "A pencil to fill in the rosters and the payouts; card sleeves if you like.",
            "A phone or two to scan the QR codes (optional: the table tracker).",
        ),
        steps=(
            print_first("standee and marker"),
            cut_cards("sort them into their decks by their backs."),
            FOLD_STANDEES,
            "Markers: punch out the discs; each team keeps its control point markers and lays a "
            "meter marker on each Vitae meter.",
            lay_tiles("Board", tiles),
            "Set up: each team draws a colour marker face down: its colour, its team sheet; its "
            "units start in its base; put the round marker on Start.",
        ),
        base_url=base_url,
    )


def build_kit(options: KitOptions, progress: Progress | None = None) -> KitResult:
    """Write the Death Dome kit PDF and its manifest; returns where they are."""
    progress = progress or Progress(False)
    paper = paper_size(options.paper)
    data = load_deathdome(options.data)
    assert data.board is not None and data.rules is not None
    check_card_texts(data)
    teams = choose_teams(data, options.teams)
    target = kit_target(GAME, options)
    out, base_url = target.out, target.base_url
    url = target.url
    urls: dict[str, Any] = {
        "table": url("table"),
        "teams": {team: url("team", team) for team in teams},
        "units": {team: {unit: url("unit", team, unit) for unit in UNIT_TYPES} for team in teams},
    }
    look, layout_name = look_and_layout(options.ink, options.layout)
    faces = card_faces(data, look)
    decks = decks_of(
        kit_cards(data, faces), card_backs(data, faces), DECK_TITLES, data.print.card.size()
    )
    tiles = plan_tiles(*board_size(data), paper, data.print.board.overlap)
    portrait = (min(paper), max(paper))
    card_stock = plan_sheets(piece_blocks(data, teams, urls["units"], look), paper)
    singles = len(card_stock) + len(teams) + 1 + len(tiles.tiles) + 1
    total = 2 + card_page_count(paper, decks, layout_name) + 2 * singles
    progress.start(f"{TITLE} kit", total)

    def advance() -> None:
        progress.advance()

    def single_advance() -> None:
        book.blank_back()
        progress.advance()

    with pdf_document(out, paper, title=f"{TITLE} print-and-play kit", font=REGULAR) as doc:
        book = KitBook(doc, look, layout_name)
        book.cover(lambda c, page: rules_page(c, page, data, look))
        advance()
        with book.section("Cards"):
            book.card_sheets(decks, back_offset=options.back_offset, on_page=advance)
        faces.tell()  # a layout that cut a card\'s text short
        print_sheets(
            book,
            card_stock,
            title=f"{TITLE}: standees and markers",
            note=card_stock_note(data),
            stock="card",
            on_page=advance,
        )
        for order, team in enumerate(teams, start=1):
            with book.section("Team sheets"), book.sheet(portrait) as c:
                team_urls = (urls["teams"][team], urls["units"][team])
                team_page(c, doc.page, data, team, order, team_urls, look)
            advance()
        with book.section("Campaign"), book.sheet(portrait) as c:
            campaign_page(c, doc.page, data, teams, urls["table"], look)
        advance()
        with book.section("Board"):
            words = draw_board_picture(doc.canvas, data, look)
            title = f"{TITLE} board"
            draw_tiles(
                doc, tiles, BOARD_FORM, title=title, on_page=single_advance, keep_clear=words
            )
            draw_assembly_key(
                doc, tiles, KEY_FORM, title=f"{TITLE} board", legend=board_legend(data, look)
            )
            single_advance()
        cover = kit_cover(data, teams, options, base_url, len(tiles.tiles))
        book.finish(lambda c, page: draw_cover(c, page, cover, book))
    return finish_kit(
        target,
        {
            "teams": list(teams),
            "paper": options.paper,
            "ink": look.ink,
            "layout": layout_name,
            "pdf": str(out),
            "created": datetime.now(UTC).isoformat(timespec="seconds"),
        },
        urls,
        book,
    )
