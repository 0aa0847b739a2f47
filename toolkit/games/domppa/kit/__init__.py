"""The Domppa print-and-play kit, laid out from card_data/domppa.

In print order (`toolkit.pdf.book`): the cover with the AP cost reference (the whole actions
table, the table's QR code) on its back; the weapon, armour and shield cards and a character
card per sample unit (every stat, the derived ones computed by the rules engine and checked
against the cards it carries, and the unit's QR code), each deck with its backs; then
single-sided, each with a blank back, the character standees (with their QR codes), the HP and
fatigue trackers, the condition tokens, and the battle map from map.toml tiled at true size with
its assembly key and terrain legend. Geometry lives in toolkit/pdf; rule numbers in rules.toml.
The parts: cards.py, pieces.py (standees), sheets.py, battlemap.py, common.py.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from toolkit.errors import DomekitError
from toolkit.games.domppa.data import DECKS, DomppaKitData, load_kit_data
from toolkit.games.domppa.data import derive as derive  # the Domppa tracker imports it from here
from toolkit.games.domppa.kit.battlemap import (
    KEY_FORM,
    MAP_FORM,
    draw_map_picture,
    map_legend,
    map_size,
)
from toolkit.games.domppa.kit.cards import (
    card_back,
    card_faces,
    character_cards,
    equipment_cards,
)
from toolkit.games.domppa.kit.common import GAME, TITLE
from toolkit.games.domppa.kit.pieces import (
    blow_tokens,
    card_stock_note,
    condition_tokens,
    piece_blocks,
    riders,
    tracker_markers,
)
from toolkit.games.domppa.kit.sheets import action_name, counter_texts, reference_page
from toolkit.games.domppa.kit.spells import spell_cards
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
from toolkit.pdf.packing import panel_room, plan_sheets, print_sheets
from toolkit.pdf.style import REGULAR, look_and_layout
from toolkit.pdf.tiles import draw_assembly_key, draw_tiles, plan_tiles

__all__ = ["DomppaKitData", "action_name", "build_kit", "derive", "load_kit_data", "map_size"]


def kit_cover(data: DomppaKitData, options: KitOptions, base_url: str, tiles: int) -> Cover:
    characters = len(data.characters)
    mounts = riders(data)
    kinds = "".join(f", {kind}s" for kind in dict.fromkeys(mount.kind for _, mount in mounts))
    markers = len(tracker_markers(data))
    return Cover.of(
        options,
        TITLE,
        components=(
            Component("Weapon cards", str(len(data.weapons)), "Cards"),
            Component("Armour cards (body armour and helmets)", str(len(data.armour)), "Cards"),
            Component("Shield cards", str(len(data.shields)), "Cards"),
            Component("Spell cards (how each is cast)", str(len(data.spells)), "Cards"),
            Component("Character cards (every stat, QR code)", str(characters), "Cards"),
            Component(
                f"Character standees (QR code on the back){kinds}",
                str(characters + len(mounts)),
                "Standees",
            ),
            Component("HP and fatigue trackers, one a character", str(characters), "Trackers"),
            Component(
                "Counters: " + ", ".join(title for title, _ in counter_texts(data.rules).values()),
                str(len(counter_texts(data.rules)) * data.print.counters.copies),
                "Counters",
            ),
            Component("Square markers (trackers, counters)", str(markers), "Tracker markers"),
            Component(
                f"Condition tokens ({len(condition_tokens(data)) // data.print.tokens.copies} "
                f"conditions x {data.print.tokens.copies})",
                str(len(condition_tokens(data))),
                "Tokens",
            ),
            Component("Blow tokens (-1 defence each)", str(len(blow_tokens(data))), "Tokens"),
            Component(f"Battle map tiles ({data.map.name}) and the key", f"{tiles} + 1", "Map"),
            Component("AP costs (the actions table, table QR code)", "1", "Rules reference"),
        ),
        needs=(
            "Six-sided dice, two at least (every 2d6 explodes: a 6 adds d6-1 and may explode "
            "again); more save rolling twice.",
            "Two ten-sided dice for the percentages (head hits, putting out a fire, warming up); "
            "a coin or a d6 for the d2 of burning.",
            "Card stock (160-250 g/m²) for the pieces and trackers; a craft knife, a metal ruler "
            "and a cutting mat (or scissors); a glue stick for the standees.",
            f"A {data.print.tokens.diameter:g} mm circle punch for the tokens (or cut them by "
            "hand).",
            "A phone or two to scan the QR codes (optional: the table tracker works the dice out).",
        ),
        steps=(
            print_first("pieces and trackers"),
            cut_cards(
                "sort them by their backs. Give each character its card and the gear cards it "
                "carries."
            ),
            FOLD_STANDEES,
            "Tokens: punch out the discs. Cut out the square markers, the trackers and the "
            "counters.",
            lay_tiles("Map", tiles),
            "Set up: on each character's tracker, the HP marker on its full HP, the fatigue "
            "markers on 0 and 0.",
        ),
        base_url=base_url,
    )


def build_kit(options: KitOptions, progress: Progress | None = None) -> KitResult:
    """Write the Domppa kit PDF and its manifest; returns where they are."""
    progress = progress or Progress(False)
    if options.teams is not None:
        raise DomekitError("--teams is for Death Dome; the Domppa kit prints every character")
    paper = paper_size(options.paper)
    data = load_kit_data(options.data)
    target = kit_target(GAME, options)
    out, base_url = target.out, target.base_url
    urls: dict[str, Any] = {
        "table": target.url("table"),
        "units": {ch.id: target.url("unit", ch.id) for ch in data.characters},
    }
    look, layout_name = look_and_layout(options.ink, options.layout)
    names = {deck: f"{title} cards" for deck, title in DECKS.items()}
    faces = card_faces(data, look)
    decks = decks_of(
        equipment_cards(data, faces) + spell_cards(data, faces),
        {deck: card_back(deck, data, faces) for deck in DECKS},
        names,
        data.print.equipment_card.size(),
    ) + decks_of(
        character_cards(data, urls["units"], faces),
        {"character": card_back("character", data, faces)},
        {"character": "Character cards"},
        data.print.character_card.size(),
    )
    tiles = plan_tiles(*map_size(data), paper, data.print.map.overlap)
    blocks = piece_blocks(data, urls["units"], look, panel_room(paper))
    card_stock = plan_sheets(blocks, paper)
    total = (
        2
        + card_page_count(paper, decks, layout_name)
        + 2 * (len(card_stock) + len(tiles.tiles) + 1)
    )
    progress.start(f"{TITLE} kit", total)

    def single_advance() -> None:
        book.blank_back()
        progress.advance()

    with pdf_document(out, paper, title=f"{TITLE} print-and-play kit", font=REGULAR) as doc:
        book = KitBook(doc, look, layout_name)
        book.cover(lambda c, page: reference_page(c, page, data, urls["table"], look))
        progress.advance()
        with book.section("Cards"):
            book.card_sheets(decks, back_offset=options.back_offset, on_page=progress.advance)
        faces.tell()  # a layout that cut a card\'s text short
        print_sheets(
            book,
            card_stock,
            title=f"{TITLE}: pieces and trackers",
            note=card_stock_note(data),
            stock="card",
            on_page=progress.advance,
        )
        with book.section("Map"):
            words = draw_map_picture(doc.canvas, data, look)
            title = f"{TITLE}: {data.map.name}"
            draw_tiles(doc, tiles, MAP_FORM, title=title, on_page=single_advance, keep_clear=words)
            draw_assembly_key(
                doc, tiles, KEY_FORM, title=title, legend=map_legend(data, look), legend_height=60
            )
            single_advance()
        cover = kit_cover(data, options, base_url, len(tiles.tiles))
        book.finish(lambda c, page: draw_cover(c, page, cover, book))
    return finish_kit(
        target,
        {
            "units": [ch.id for ch in data.characters],
            "paper": options.paper,
            "ink": look.ink,
            "layout": layout_name,
            "pdf": str(out),
            # the tracker reads the same data: a kit built from --data names its folder
            "data_dir": str(data.folder.resolve()) if options.data is not None else None,
            "created": datetime.now(UTC).isoformat(timespec="seconds"),
        },
        urls,
        book,
    )
