"""The Nature Dome print-and-play kit, laid out from card_data/naturedome.

In print order (`toolkit.pdf.book`): the cover with the rules reference on its back; the Power
Card deck with its backs (each card as many times as its qty); then single-sided on card stock,
each with a blank back, two Health Meter sheets, one a player: health from the start down to 0
in print.toml's step, the green, yellow and red zones coloured and named with their card
penalties, the player's QR code, Health Point Markers to cut out and round-win markers to punch;
Player 1's sheet also holds the round track (best of three) and the round marker, Player 2's the
score table and the table's QR code. Geometry lives in toolkit/pdf; the rule numbers in
rules.toml, the print sizes in print.toml.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from reportlab.pdfgen.canvas import Canvas

from toolkit.cards.kit_faces import KitCard, KitFaces, kit_faces
from toolkit.errors import DomekitError
from toolkit.games.naturedome.config import FirstAttacker, NatureDomeRules
from toolkit.games.naturedome.data import CARDS_FILE, NatureDomeKitData, load_kit_data
from toolkit.games.naturedome.effects import card_text
from toolkit.games.naturedome.rules import PowerCard, Zone, zone, zone_penalty
from toolkit.pdf import glyphs
from toolkit.pdf.book import KitBook, card_page_count
from toolkit.pdf.cards import Card, decks_of
from toolkit.pdf.cover import Component, Cover, cut_cards, draw_cover, print_first
from toolkit.pdf.document import pdf_document
from toolkit.pdf.draw import (
    fill_rect,
)
from toolkit.pdf.geometry import WHITE, Colour, Rect, paper_size, pt
from toolkit.pdf.kits import (
    KitOptions,
    KitResult,
    Progress,
    finish_kit,
    kit_target,
)
from toolkit.pdf.pieces import (
    DISC_GAP,
    TRACK_GAP,
    Piece,
    TrackSpace,
    draw_cut_out,
    draw_piece,
    draw_track,
    space_for,
    track_size,
)
from toolkit.pdf.qr import QR_SIZE, draw_qr
from toolkit.pdf.sheets import Section, draw_heading, draw_sections, draw_table
from toolkit.pdf.style import REGULAR, Look, line, look_and_layout, text

GAME = "naturedome"
TITLE = "Nature Dome"
MARGIN = 10.0  # page margin of the sheets (not cards)
PLAYERS = (1, 2)  # the rules' duel: Player 1 and Player 2
DARK = (0.12, 0.12, 0.12)
ART = 15.0  # mm: a Power Card's art window, where its rules text leaves room for it
BAR = 9.5  # mm: an attack, defend or escape bar
BOOST_NUMBER, BOOST_LABEL = 27.0, 6.5  # mm: an Attack Boost's big number and its label
FOOTER = 6.4  # mm: the zone penalties, two lines
ZONE_NAMES = {Zone.GREEN: "Green", Zone.YELLOW: "Yellow", Zone.RED: "Red"}


# ---------------------------------------------------------------------------------------------
# URLs


# ---------------------------------------------------------------------------------------------
# Power Cards


def card_cells(card: PowerCard, data: NatureDomeKitData) -> dict[str, str]:
    """What a Power Card's layout shows: its power_cards.csv values, its rules text (its effect
    words) and the zone penalties of rules.toml."""
    return {
        "name": card.name,
        "animal": card.animal,
        "kind": "Attack Boost" if card.is_boost else "Power Card",
        "attack": str(card.attack),
        "defend": str(card.defend),
        "escape": str(card.escape),
        "boost": str(card.boost),
        "rules": card_text(data.vocabulary, card),
        "flavour": card.text,
        "yellow": str(data.rules.penalty.yellow),
        "red": str(data.rules.penalty.red),
    }


def card_faces(data: NatureDomeKitData, look: Look) -> KitFaces:
    """The layouts of card_data/naturedome/layouts (or the --data copy's): power, boost and
    the back, each framed in its print.toml colour."""
    settings = data.print
    colours = {name: settings.colour(name) for name in settings.colours}
    card = (settings.card.width, settings.card.height)
    return kit_faces(
        data.folder,
        GAME,
        {
            layout: (layout, {**colours, "frame": settings.colour(layout)}, card)
            for layout in ("power", "boost", "back")
        },
        look,
    )


def kit_cards(data: NatureDomeKitData, faces: KitFaces) -> list[Card]:
    """Every Power Card as many times as its qty, in file order."""
    return faces.cards(
        [
            KitCard(
                "boost" if entry.card.is_boost else "power",
                card_cells(entry.card, data),
                entry.qty,
                "power",
                entry.row,
            )
            for entry in data.deck
        ],
        data.folder / CARDS_FILE,
    )


# ---------------------------------------------------------------------------------------------
# Health Meters


def meter_values(data: NatureDomeKitData) -> list[int]:
    """The meter's spaces, from the starting health down to 0."""
    step = data.print.meter.step
    return list(range(data.rules.health.start, -1, -step))


def zone_colour(data: NatureDomeKitData, health: int) -> tuple[float, float, float]:
    if health == 0:
        return data.print.colour("knocked_out")
    return data.print.colour(zone(health, data.rules).value)


def zone_note(data: NatureDomeKitData, health: int) -> str:
    if health == 0:
        return "Knocked Out"
    penalty = zone_penalty(health, data.rules)
    return f"-{penalty} per card" if penalty else "full value"


def zone_rows(data: NatureDomeKitData) -> list[tuple[Zone, int, int, int]]:
    """(zone, highest space, lowest space above 0, penalty) for each zone on the meter."""
    values = [v for v in meter_values(data) if v > 0]
    rows = []
    for z in (Zone.GREEN, Zone.YELLOW, Zone.RED):
        inside = [v for v in values if zone(v, data.rules) is z]
        if inside:
            rows.append((z, max(inside), min(inside), zone_penalty(inside[0], data.rules)))
    return rows


def zone_text(rules: NatureDomeRules, z: Zone, penalty: int) -> str:
    if not penalty:
        return f"{ZONE_NAMES[z]}: cards at full value"
    return f"{ZONE_NAMES[z]}: -{penalty} on every card"


def meter_page(
    c: Canvas, sheet: Rect, data: NatureDomeKitData, player: int, urls: dict[str, Any], look: Look
) -> None:
    """A player's sheet (card stock): the Health Meter, the player's QR code, the zones, the
    player's Health Point Markers to cut out and round-win markers to punch; Player 1's also
    holds the round track and the round marker, Player 2's the score table and the table's QR
    code."""
    settings = data.print
    colour = settings.colour(f"player{player}")
    page = sheet.inset(MARGIN)
    title = "Health Meter and round track" if player == PLAYERS[0] else "Health Meter and score"
    head, rest = page.split_top(14)
    draw_heading(c, f"{TITLE}: Player {player} {title}", head, colour=colour, look=look)
    rest = Rect(rest.x, rest.y, rest.w, rest.h - 3)
    meter = _meter(c, rest, data, look)
    side = Rect(meter.right + 6, rest.y, rest.right - meter.right - 6, rest.h)
    draw_qr(c, urls["players"][str(player)], side.right - QR_SIZE, side.top - QR_SIZE, QR_SIZE)
    c.setFillColorRGB(0, 0, 0)
    text(
        c,
        f"Player {player}: scan to record your health on the table tracker.",
        Rect(side.x, side.top - QR_SIZE, side.w - QR_SIZE - 3, QR_SIZE),
        max_size=9.5,
        valign="middle",
    )
    below = _zones(c, Rect(side.x, side.y, side.w, side.h - QR_SIZE - 4), data, colour, look)
    markers = Rect(side.x, side.y, side.w, below - side.y - 4)
    below = _health_markers(c, markers, data, player, look)
    if player == PLAYERS[0]:
        below = _round_track(c, Rect(side.x, side.y, side.w, below - side.y - 4), data, look)
        discs = [Piece("circle", settings.meter.token, WHITE, "ROUND", note="marker",
                       glyph=glyphs.draw_hourglass)]  # fmt: skip
    else:
        below = _score(c, Rect(side.x, side.y, side.w, below - side.y - 4), data, urls, look)
        discs = []
    discs += [
        Piece("circle", settings.meter.token, colour, f"P{player}", note="round won")
        for _ in range(data.rules.match.rounds_to_win + 1)
    ]
    _discs(c, Rect(side.x, side.y, side.w, below - side.y - 4), discs, look)


def _meter(c: Canvas, rest: Rect, data: NatureDomeKitData, look: Look) -> Rect:
    """The Health Meter down the left of `rest`, a space a Health Point Marker fits, the zone
    bands beside it; returns the rectangle of its spaces."""
    settings = data.print
    values = meter_values(data)
    space_h = settings.meter.space_height
    need = space_for(settings.meter.marker_height)
    if space_h < need or space_h * len(values) > rest.h:
        raise DomekitError(
            f"print.toml: meter.space_height {space_h:g} mm must hold a "
            f"{settings.meter.marker_height:g} mm Health Point Marker ({need:g} mm) and "
            f"{len(values)} spaces must fit the page's {rest.h:.0f} mm"
        )
    band_w = 9.0
    width = max(62.0, space_for(settings.meter.marker_width))
    meter = Rect(rest.x + band_w, rest.top - space_h * len(values), width, space_h * len(values))
    spaces = [
        TrackSpace(str(v) if v else "0  KO", zone_note(data, v), look.band(zone_colour(data, v)))
        for v in values
    ]
    cell = (width, space_h - TRACK_GAP)
    rects = draw_track(c, meter, spaces, columns=1, cell=cell, gap=TRACK_GAP, value_size=14)
    # the zone bands beside the spaces, named and with their penalty
    for z, high, low, penalty in zone_rows(data):
        top = rects[values.index(high)].top
        bottom = rects[values.index(low)].y
        band = Rect(rest.x, bottom, band_w - 1.5, top - bottom)
        zone_ink = settings.colour(z.value)
        fill = look.band(zone_ink)
        fill_rect(c, band, fill, radius=1.0)
        c.saveState()
        c.translate(pt(band.right - 2.2), pt(band.y))
        c.rotate(90)
        c.setFillColorRGB(*look.ink_on(zone_ink, fill))
        line(
            c,
            zone_text(data.rules, z, penalty).upper(),
            Rect(1, 0, band.h - 2, 5.5),
            align="centre",
            max_size=9,
        )
        c.restoreState()
    return meter


def _zones(c: Canvas, box: Rect, data: NatureDomeKitData, colour: Colour, look: Look) -> float:
    """The zone table and how to move the marker, from the top of `box`; returns the y below."""
    rows = [
        [ZONE_NAMES[z], f"{high} to {low}", f"-{penalty}" if penalty else "none"]
        for z, high, low, penalty in zone_rows(data)
    ]
    rows.append(["Knocked Out", "0", "the round is lost"])
    below = draw_table(
        c,
        box,
        ["Zone", "Health", "Every card"],
        rows,
        [1.0, 1.2, 1.3],
        row_height=7.0,
        size=9,
        header_colour=colour,
        look=look,
    )
    rules = data.rules
    note = Rect(box.x, below - 32, box.w, 30)
    c.setFillColorRGB(0, 0, 0)
    text(
        c,
        f"Set up: your Health Point Marker on {rules.health.start}. When you are hit, move it "
        "down by the damage (attack minus your defend or escape value); each space is "
        f"{data.print.meter.step} points, never regained. In the yellow zone every card you "
        f"play, Attack Boosts included, is worth {rules.penalty.yellow} less; in the red zone "
        f"{rules.penalty.red} less; no value below 0. At 0 you are Knocked Out: your opponent "
        f"wins the round, and both start again at {rules.health.start}.",
        note,
        max_size=9,
    )
    return note.y


def _caption(c: Canvas, box: Rect, words: str) -> Rect:
    """A caption across the top of `box`; returns the rest."""
    head, rest = box.split_top(6)
    c.setFillColorRGB(0, 0, 0)
    line(c, words, Rect(head.x, head.y + 1, head.w, 4.5), max_size=9)
    return rest


def _health_markers(
    c: Canvas, box: Rect, data: NatureDomeKitData, player: int, look: Look
) -> float:
    """The player's Health Point Marker and a spare, butted (they share a cut line)."""
    rest = _caption(c, box, "Cut out: your Health Point Marker (and a spare)")
    mw, mh = data.print.meter.marker_width, data.print.meter.marker_height
    colour = data.print.colour(f"player{player}")
    for index in range(2):
        rect = Rect(rest.x, rest.top - (index + 1) * mh, mw, mh)
        draw_cut_out(c, rect, colour, f"P{player}", "HEALTH", look=look)
    return rest.top - 2 * mh


def _round_track(c: Canvas, box: Rect, data: NatureDomeKitData, look: Look) -> float:
    """The round marker's track: a space per round, then the duel's end, each a round marker
    and a millimetre more."""
    rounds = rounds_in_match(data.rules)
    rest = _caption(c, box, "Round marker: move it on after each knock-out")
    side = space_for(data.print.meter.token)
    spaces = [TrackSpace(f"Round {n}", "", WHITE) for n in range(1, rounds + 1)]
    spaces.append(TrackSpace("Duel won", "", look.band(data.print.colour("green"))))
    columns = max(1, int((rest.w + TRACK_GAP) // (side + TRACK_GAP)))
    _, height = track_size(len(spaces), columns, (side, side))
    draw_track(c, rest, spaces, columns=columns, cell=(side, side), value_size=11)
    c.setFillColorRGB(0, 0, 0)
    after = rest.top - height - 1
    text(
        c,
        f"The first to win {data.rules.match.rounds_to_win} rounds wins the duel. "
        f"{FIRST_ATTACKER_TEXT[data.rules.match.next_round_first_attacker]}",
        Rect(rest.x, after - 8, rest.w, 8),
        max_size=8.5,
    )
    return after - 8


def _score(
    c: Canvas, box: Rect, data: NatureDomeKitData, urls: dict[str, Any], look: Look
) -> float:
    """The score table (a box per round and player to tick the winner) and the table's QR."""
    rounds = rounds_in_match(data.rules)
    rest = _caption(c, box, f"Score (best of {rounds}): tick the winner of each round")
    draw_qr(c, urls["table"], rest.right - QR_SIZE, rest.top - QR_SIZE, QR_SIZE)
    rows = [[f"Round {n}", "", ""] for n in range(1, rounds + 1)]
    rows.append(["Rounds won", "", ""])
    below = draw_table(
        c,
        Rect(rest.x, rest.y, rest.w - QR_SIZE - 3, rest.h),
        ["", "Player 1", "Player 2"],
        rows,
        [1.3, 1, 1],
        row_height=9,
        size=9,
        header_colour=DARK,
        look=look,
    )
    c.setFillColorRGB(0, 0, 0)
    text(
        c,
        "Scan: the table tracker",
        Rect(rest.right - QR_SIZE, rest.top - QR_SIZE - 8, QR_SIZE, 7),
        max_size=7.5,
        align="centre",
    )
    return below


def _discs(c: Canvas, box: Rect, discs: list[Piece], look: Look) -> None:
    """Markers to punch out, in a row under a caption."""
    rest = _caption(c, box, f"Punch out ({discs[0].size:g} mm): round-win markers, one by your "
                    "meter for each round won")  # fmt: skip
    step = discs[0].size + DISC_GAP
    for index, piece in enumerate(discs):
        row, col = divmod(index, max(1, int((rest.w + DISC_GAP) // step)))
        draw_piece(c, piece, rest.x + col * step + piece.size / 2,
                   rest.top - row * step - piece.size / 2, look)  # fmt: skip


# ---------------------------------------------------------------------------------------------
# Rounds and the rules reference


def rounds_in_match(rules: NatureDomeRules) -> int:
    """Best of three: a player needs rounds_to_win, so at most 2 x rounds_to_win - 1 rounds."""
    return 2 * rules.match.rounds_to_win - 1


FIRST_ATTACKER_TEXT = {
    FirstAttacker.PLAYER1: "Player 1 attacks first in every round.",
    FirstAttacker.ALTERNATE: "Player 1 attacks first in rounds 1 and 3, Player 2 in round 2.",
    FirstAttacker.LOSER: "The loser of the last round attacks first in the next round.",
}


def rules_sections(data: NatureDomeKitData) -> list[Section]:
    r = data.rules
    h, p = r.health, r.penalty
    return [
        Section(
            "Set up",
            (
                "- Shuffle the Power Cards. Each player takes a Health Meter and a Health Point "
                f"Marker and puts the marker on {h.start}.",
                "- Decide who is Player 1 and Player 2. Each player draws "
                f"{r.cards.deal} Power Cards, Player 1 first.",
            ),
        ),
        Section(
            "Duel",
            (
                "- Player 1 attacks with the Power Card of their choice: its Attack value.",
                "- Player 2 defends (Defend value) or escapes (Escape value) with one card of "
                "their choice: never both with one card.",
                "- Attack higher than defend or escape: the defender loses the difference "
                "(Attack 500, Defend 400: 100 points lost). Equal or lower: nothing is lost.",
                "- Only the defender can lose points; points are never regained. Played cards are "
                "removed.",
                "- The players take turns to attack until one is Knocked Out (0 health).",
                f"- A player with no cards left draws {r.cards.draw} new Power Cards at once. If "
                "both run out in one turn, the attacker draws first.",
                "- When the deck runs out, shuffle the played cards into a new deck.",
            ),
        ),
        Section(
            "Attack Boost cards",
            (
                "- Lay the Attack Boost first, then an attack card or another Attack Boost on it. "
                "The boost adds its value to the attack.",
                f"- Attack Boost as the attacker's last card: draw {r.cards.draw} new Power Cards "
                "and combine one with the boost.",
                "- Attack Boost as the defender's last card: the defend or escape value is 0.",
            ),
        ),
        Section(
            "The Health Meter",
            (
                f"- Green zone: above {h.yellow_at_or_below}. Cards at full value.",
                f"- Yellow zone: {h.yellow_at_or_below} down to {h.red_at_or_below + 1}: subtract "
                f"{p.yellow} from every card you play, Attack Boosts included.",
                f"- Red zone: {h.red_at_or_below} and below: subtract {p.red} from every card you "
                "play, Attack Boosts included.",
                "- Each card is reduced on its own; no attack, defence or escape is worth less "
                "than 0. The penalty follows the card's owner's zone.",
            ),
        ),
        Section(
            "The winner",
            (
                "- The player who knocks out their opponent wins the round; both meters go back "
                f"to {h.start}.",
                f"- The first player to win {r.match.rounds_to_win} rounds (best of "
                f"{rounds_in_match(r)}) wins the Nature Dome duel.",
                f"- {FIRST_ATTACKER_TEXT[r.match.next_round_first_attacker]}",
            ),
        ),
        Section(
            "This kit",
            (
                f"- {sum(e.qty for e in data.deck)} Power Cards "
                f"({sum(e.qty for e in data.deck if e.card.is_boost)} Attack Boosts). The card "
                "values are Domekit's sample deck (card_data/naturedome/power_cards.csv).",
                "- Print it as its cover says (the card sheets double-sided, flipped on the long "
                "edge, so the backs line up); cut on the lines.",
                "- Scan a player's code (on the Health Meter) or the table code (Player 2's sheet) "
                "to follow the duel on the table tracker.",
            ),
        ),
    ]


def rules_page(c: Canvas, sheet: Rect, data: NatureDomeKitData, look: Look) -> None:
    page = sheet.inset(MARGIN)
    head, rest = page.split_top(14)
    draw_heading(c, f"{TITLE}: rules reference", head, colour=DARK, look=look)
    c.setFillColorRGB(0, 0, 0)
    draw_sections(
        c, rules_sections(data), Rect(rest.x, rest.y, rest.w, rest.h - 3), columns=1, max_size=12
    )


# ---------------------------------------------------------------------------------------------
# The kit


def kit_cover(data: NatureDomeKitData, options: KitOptions, base_url: str) -> Cover:
    rules = data.rules
    cards = sum(entry.qty for entry in data.deck)
    boosts = sum(entry.qty for entry in data.deck if entry.card.is_boost)
    return Cover.of(
        options,
        TITLE,
        components=(
            Component(f"Power Cards ({boosts} of them Attack Boosts)", str(cards), "Cards"),
            Component(
                "Health Meters (player QR codes), round track, score (table QR code)",
                str(len(PLAYERS)),
                "Health Meters",
            ),
            Component("Health Point Markers (and a spare each)", "4", "Health Meters"),
            Component(
                "Round marker and round-win markers",
                str(1 + len(PLAYERS) * (rules.match.rounds_to_win + 1)),
                "Health Meters",
            ),
            Component("Rules reference", "1", "Rules reference"),
        ),
        needs=(
            "A coin, or any fair way, to decide who is Player 1.",
            "Scissors, or a craft knife, a metal ruler and a cutting mat.",
            "A 25 mm circle punch for the round markers (or cut them by hand).",
            "Card sleeves if you like: the Power Cards are shuffled often.",
            "A phone or two to scan the QR codes (optional: the table tracker).",
        ),
        steps=(
            print_first("Health Meter"),
            cut_cards(),
            "Health Meters: cut out each player's Health Point Marker; lay it on "
            f"{rules.health.start}. Punch out the round marker and the round-win markers; the "
            "round marker starts on Round 1.",
            f"Shuffle the Power Cards; each player draws {rules.cards.deal}, Player 1 first.",
        ),
        base_url=base_url,
    )


def build_kit(options: KitOptions, progress: Progress | None = None) -> KitResult:
    """Write the Nature Dome kit PDF and its manifest; returns where they are."""
    progress = progress or Progress(False)
    if options.teams is not None:
        raise DomekitError("--teams is for Death Dome; Nature Dome is always Player 1 and 2")
    paper = paper_size(options.paper)
    data = load_kit_data(options.data)
    target = kit_target(GAME, options)
    out, base_url = target.out, target.base_url
    urls: dict[str, Any] = {
        "table": target.url("table"),
        "players": {str(player): target.url("player", str(player)) for player in PLAYERS},
    }
    look, layout_name = look_and_layout(options.ink, options.layout)

    faces = card_faces(data, look)
    decks = decks_of(
        kit_cards(data, faces),
        {"power": faces.back("back", data.folder / CARDS_FILE)},
        {"power": "Power Cards"},
        data.print.card.size(),
    )
    progress.start(
        f"{TITLE} kit", 2 + card_page_count(paper, decks, layout_name) + 2 * len(PLAYERS)
    )
    with pdf_document(out, paper, title=f"{TITLE} print-and-play kit", font=REGULAR) as doc:
        book = KitBook(doc, look, layout_name)
        book.cover(lambda c, page: rules_page(c, page, data, look))
        progress.advance()
        with book.section("Cards"):
            book.card_sheets(decks, back_offset=options.back_offset, on_page=progress.advance)
        faces.tell()  # a layout that cut a card\'s text short
        for player in PLAYERS:
            with book.section("Health Meters"), book.sheet(stock="card") as c:
                meter_page(c, doc.page, data, player, urls, look)
            progress.advance()
        cover = kit_cover(data, options, base_url)
        book.finish(lambda c, page: draw_cover(c, page, cover, book))
    return finish_kit(
        target,
        {
            "players": [str(player) for player in PLAYERS],
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
