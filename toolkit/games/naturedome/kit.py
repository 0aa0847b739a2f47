"""The Nature Dome print-and-play kit, laid out from card_data/naturedome.

In print order (`toolkit.pdf.book`): the cover with the rules reference on its back; the Power
Card deck with its backs (each card as many times as its qty); then single-sided, each with a
blank back, two Health Meters (one a player: health from the start down to 0 in print.toml's
step, the green, yellow and red zones coloured and named with their card penalties, a Health
Point Marker to cut out and the player's QR code) and the round tracker (best of three) with the
table's QR code and the round markers. Geometry lives in toolkit/pdf; the rule numbers in
rules.toml, the print sizes in print.toml.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

from reportlab.pdfgen.canvas import Canvas

from toolkit.errors import DomekitError
from toolkit.games.naturedome.config import FirstAttacker, NatureDomeRules
from toolkit.games.naturedome.data import NatureDomeKitData, load_kit_data
from toolkit.games.naturedome.effects import card_text
from toolkit.games.naturedome.rules import PowerCard, Zone, zone, zone_penalty
from toolkit.pdf import glyphs
from toolkit.pdf.book import KitBook, card_page_count
from toolkit.pdf.cards import Card, CardBox, decks_of
from toolkit.pdf.cover import Component, Cover, cut_cards, draw_cover, print_first
from toolkit.pdf.document import pdf_document
from toolkit.pdf.draw import (
    draw_back_frame,
    draw_back_titles,
    draw_card_frame,
    draw_card_title,
    fill_rect,
)
from toolkit.pdf.geometry import WHITE, Colour, Rect, paper_size, pt, text_colour_on, tint
from toolkit.pdf.kits import (
    KitOptions,
    KitResult,
    Progress,
    finish_kit,
    kit_target,
)
from toolkit.pdf.pieces import Piece, TrackSpace, draw_cut_out, draw_pieces, draw_track
from toolkit.pdf.qr import draw_qr
from toolkit.pdf.sheets import Section, draw_heading, draw_sections, draw_table
from toolkit.pdf.style import BOLD, INK, ITALIC, REGULAR, Look, deep, line, look_and_layout, text

GAME = "naturedome"
TITLE = "Nature Dome"
MARGIN = 12.0  # page margin of the sheets (not cards)
PLAYERS = (1, 2)  # the rules' duel: Player 1 and Player 2
DARK = (0.12, 0.12, 0.12)
ZONE_NAMES = {Zone.GREEN: "Green", Zone.YELLOW: "Yellow", Zone.RED: "Red"}


# ---------------------------------------------------------------------------------------------
# URLs


# ---------------------------------------------------------------------------------------------
# Power Cards


def penalty_line(rules: NatureDomeRules) -> str:
    return f"Yellow zone: -{rules.penalty.yellow} · Red zone: -{rules.penalty.red} (never below 0)"


def _bar(c: Canvas, bar: Rect, name: str, value: int, colour: Colour, look: Look) -> None:
    """One of a Power Card's three values on a bar of its colour, named."""
    fill = look.band(colour)
    fill_rect(c, bar, fill, radius=1.5)
    c.setFillColorRGB(*(text_colour_on(fill) if look.full else deep(colour, 0.3)))
    line(c, name.upper(), Rect(bar.x + 2, bar.y + 2, 22, bar.h - 4), max_size=9)
    line(
        c,
        str(value),
        Rect(bar.x + 24, bar.y + 1, bar.w - 26, bar.h - 2),
        align="right",
        max_size=16,
    )


def power_card_face(
    card: PowerCard, data: NatureDomeKitData, look: Look
) -> Callable[[Canvas, CardBox], None]:
    settings = data.print
    frame = settings.colour("boost" if card.is_boost else "power")

    def draw(c: Canvas, box: CardBox) -> None:
        draw_card_frame(c, box, frame, look)
        safe = box.safe
        kind = "Attack Boost" if card.is_boost else "Power Card"
        rest = draw_card_title(c, safe, card.name, f"{card.animal} · {kind}", frame, kind_size=8)
        # the art window: the card type's picture (no art ships with the sample deck)
        art, rest = rest.split_top(15)
        window = art.inset(0, 0.6)
        fill_rect(c, window, tint(frame, 0.22 if look.full else 0.08), radius=1.5)
        c.setFillColorRGB(*tint(frame, 0.7 if look.full else 0.45))
        glyph = glyphs.draw_up if card.is_boost else glyphs.draw_paw
        glyph(c, window.centre[0], window.centre[1], window.h * 0.36)
        rest = Rect(rest.x, rest.y, rest.w, rest.h - 1.5)
        if card.is_boost:
            big, rest = rest.split_top(27)
            cx, cy = big.centre
            fill = look.band(frame)
            c.setFillColorRGB(*fill)
            c.setStrokeColorRGB(*deep(frame))
            c.setLineWidth(1.2)
            c.circle(pt(cx), pt(cy), pt(12.5), stroke=0 if look.full else 1, fill=1)
            c.setFillColorRGB(*(text_colour_on(fill) if look.full else deep(frame, 0.3)))
            line(c, f"+{card.boost}", Rect(cx - 10, cy - 4.5, 20, 9), align="centre", max_size=24)
            label, rest = rest.split_top(6.5)
            c.setFillColorRGB(*deep(frame))
            line(c, "ATTACK BOOST", label, align="centre", max_size=11)
        else:
            for name in ("attack", "defend", "escape"):
                bar, rest = rest.split_top(9.5)
                _bar(c, Rect(bar.x, bar.y + 1, bar.w, bar.h - 1), name, getattr(card, name),
                     settings.colour(name), look)  # fmt: skip
            rest = Rect(rest.x, rest.y, rest.w, rest.h - 1.5)
        footer = Rect(safe.x, safe.y, safe.w, 4)
        text_box = Rect(rest.x, footer.top + 1.5, rest.w, rest.top - footer.top - 1.5)
        rules_box, flavour_box = text_box.split_top(text_box.h * 0.58)
        c.setFillColorRGB(0, 0, 0)
        text(c, card_text(data.vocabulary, card), rules_box, font=REGULAR, max_size=8)
        c.setFillColorRGB(*INK)
        text(c, card.text, flavour_box, font=ITALIC, max_size=8)
        c.setStrokeColorRGB(*deep(frame))
        c.setLineWidth(0.4)
        c.line(pt(safe.x), pt(footer.top + 0.8), pt(safe.right), pt(footer.top + 0.8))
        c.setFillColorRGB(0.3, 0.3, 0.3)
        line(c, penalty_line(data.rules), footer, font=REGULAR, max_size=6.5, align="centre")

    return draw


def card_back(data: NatureDomeKitData, look: Look) -> Callable[[Canvas, CardBox], None]:
    colour = data.print.colour("back")

    def draw(c: Canvas, box: CardBox) -> None:
        inner = draw_back_frame(c, box, colour, look=look)
        ground = look.ground(colour)
        ink = look.ink_on(colour, ground)
        cx, cy = box.trim.centre
        c.setStrokeColorRGB(*ink)
        c.setLineWidth(0.5)
        for radius in (8, 13, 18, 23):
            c.circle(pt(cx), pt(cy), pt(radius), stroke=1, fill=0)
        fill_rect(c, Rect(inner.x + 3, cy - 5, inner.w - 6, 14), ground)
        c.setFillColorRGB(*ink)
        draw_back_titles(c, inner, ("NATURE DOME", cy + 1, 8, 20), ("Power Card", cy - 5, 5.5, 11))

    return draw


def kit_cards(data: NatureDomeKitData, look: Look) -> list[Card]:
    """Every Power Card as many times as its qty, in file order."""
    cards: list[Card] = []
    for entry in data.deck:
        face = power_card_face(entry.card, data, look)
        cards.extend(Card(face, "power") for _ in range(entry.qty))
    return cards


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
    c: Canvas, sheet: Rect, data: NatureDomeKitData, player: int, url: str, look: Look
) -> None:
    settings = data.print
    colour = settings.colour(f"player{player}")
    page = sheet.inset(MARGIN)
    head, rest = page.split_top(14)
    draw_heading(c, f"{TITLE}: Player {player} Health Meter", head, colour=colour, look=look)
    rest = Rect(rest.x, rest.y, rest.w, rest.h - 4)
    values = meter_values(data)
    space_h = min(settings.meter.space_height, rest.h / len(values))
    band_w = 9.0
    meter = Rect(rest.x + band_w, rest.top - space_h * len(values), 62, space_h * len(values))
    spaces = [
        TrackSpace(str(v) if v else "0  KO", zone_note(data, v), look.band(zone_colour(data, v)))
        for v in values
    ]
    rects = draw_track(c, meter, spaces, columns=1, space_height=space_h, value_size=14)
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
    side = Rect(meter.right + 8, rest.y, rest.right - meter.right - 8, rest.h)
    qr = settings.qr.size
    draw_qr(c, url, side.right - qr, side.top - qr, qr)
    c.setFillColorRGB(0, 0, 0)
    text(
        c,
        f"Player {player}: scan to record your health on the table tracker.",
        Rect(side.x, side.top - qr, side.w - qr - 3, qr),
        max_size=9.5,
        valign="middle",
    )
    below = side.top - qr - 6
    rows = [
        [
            ZONE_NAMES[z],
            f"{high} to {low}",
            f"-{penalty}" if penalty else "none",
        ]
        for z, high, low, penalty in zone_rows(data)
    ]
    rows.append(["Knocked Out", "0", "the round is lost"])
    below = draw_table(
        c,
        Rect(side.x, 0, side.w, below - 0),
        ["Zone", "Health", "Every card"],
        rows,
        [1.0, 1.2, 1.3],
        row_height=7.5,
        size=9,
        header_colour=colour,
        look=look,
    )
    rules = data.rules
    note = Rect(side.x, below - 62, side.w, 58)
    text(
        c,
        f"Set up: put your Health Point Marker on {rules.health.start}.\n"
        "When you are hit, move the marker down by the damage (attack minus your defend or "
        f"escape value). Each space is {settings.meter.step} points. Points are never regained.\n"
        f"In the yellow zone every card you play, Attack Boosts included, is worth "
        f"{rules.penalty.yellow} less; in the red zone {rules.penalty.red} less. No attack, "
        "defence or escape is worth less than 0.\n"
        f"At 0 you are Knocked Out: your opponent wins the round. Each round starts again at "
        f"{rules.health.start}.",
        note,
        max_size=9,
    )
    markers = Rect(
        side.x,
        note.y - 8 - settings.meter.marker_height * 2 - 14,
        side.w,
        settings.meter.marker_height * 2 + 14,
    )
    line(
        c,
        "Cut out: Health Point Marker (and a spare)",
        Rect(markers.x, markers.top - 5, markers.w, 5),
        font=BOLD,
        max_size=9,
    )
    mw, mh = settings.meter.marker_width, settings.meter.marker_height
    for index in range(2):
        y = markers.top - 9 - (index + 1) * (mh + 3)
        draw_cut_out(c, Rect(markers.x, y, mw, mh), colour, f"P{player}", "HEALTH", look=look)


# ---------------------------------------------------------------------------------------------
# Round tracker and rules reference


def rounds_in_match(rules: NatureDomeRules) -> int:
    """Best of three: a player needs rounds_to_win, so at most 2 x rounds_to_win - 1 rounds."""
    return 2 * rules.match.rounds_to_win - 1


FIRST_ATTACKER_TEXT = {
    FirstAttacker.PLAYER1: "Player 1 attacks first in every round.",
    FirstAttacker.ALTERNATE: "Player 1 attacks first in rounds 1 and 3, Player 2 in round 2.",
    FirstAttacker.LOSER: "The loser of the last round attacks first in the next round.",
}


def round_page(c: Canvas, sheet: Rect, data: NatureDomeKitData, table_url: str, look: Look) -> None:
    settings = data.print
    rules = data.rules
    rounds = rounds_in_match(rules)
    page = sheet.inset(MARGIN)
    head, rest = page.split_top(14)
    draw_heading(c, f"{TITLE}: round tracker (best of {rounds})", head, colour=DARK, look=look)
    qr = settings.qr.size
    top, rest = rest.split_top(qr + 8)
    draw_qr(c, table_url, top.right - qr, top.y + 2, qr)
    c.setFillColorRGB(0, 0, 0)
    text(
        c,
        f"The player who knocks out their opponent wins the round. The first to win "
        f"{rules.match.rounds_to_win} rounds wins the Nature Dome duel. "
        f"{FIRST_ATTACKER_TEXT[rules.match.next_round_first_attacker]}\n"
        "Scan the code for the table tracker: both players' health, the rounds and the cards "
        "played.",
        Rect(top.x, top.y + 2, top.w - qr - 6, top.h - 4),
        max_size=10.5,
    )
    # a round marker track: one space per round, then the duel's end; a 25 mm marker fits
    marker = settings.meter.token
    track_area, rest = rest.split_top(marker + 16)
    c.setFillColorRGB(0, 0, 0)
    line(
        c,
        "Round marker: move it on after each knock-out",
        Rect(track_area.x, track_area.top - 6, track_area.w, 6),
        max_size=11,
    )
    spaces = [TrackSpace(f"Round {n}", "", (1, 1, 1)) for n in range(1, rounds + 1)]
    spaces.append(TrackSpace("Duel won", "", look.band(settings.colour("green"))))
    draw_track(
        c,
        Rect(track_area.x, track_area.y, track_area.w, marker + 4),
        spaces,
        columns=len(spaces),
        space_height=marker + 4,
        value_size=14,
    )
    # the score table: a box per round and player to tick the winner
    score, rest = rest.split_top(14 + 12 * (rounds + 2))
    rows = [[f"Round {n}", "", ""] for n in range(1, rounds + 1)]
    rows.append(["Rounds won", "", ""])
    draw_table(
        c,
        Rect(score.x, score.y, score.w, score.h - 6),
        ["", "Player 1 won", "Player 2 won"],
        rows,
        [1.2, 1, 1],
        row_height=12,
        size=11,
        header_colour=DARK,
        look=look,
    )
    # round markers to punch out: each player needs rounds_to_win of them, and one spare
    c.setFillColorRGB(0, 0, 0)
    line(
        c,
        "Punch out (25 mm): the round marker and the round-win markers (lay one by your meter "
        "for each round won)",
        Rect(rest.x, rest.top - 6, rest.w, 6),
        max_size=10,
    )
    pieces = [Piece("circle", marker, WHITE, "ROUND", note="marker", glyph=glyphs.draw_hourglass)]
    for player in PLAYERS:
        colour = settings.colour(f"player{player}")
        pieces += [
            Piece("circle", marker, colour, f"P{player}", note="round won")
            for _ in range(rules.match.rounds_to_win + 1)
        ]
    draw_pieces(c, Rect(rest.x, rest.y, rest.w, rest.h - 9), pieces, gap=2.5, look=look)


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
                "- Scan a player's code (on the Health Meter) or the table code (round tracker) "
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
            Component("Health Meters (a player's QR code on each)", "2", "Health Meters"),
            Component("Health Point Markers (and a spare each)", "4", "Health Meters"),
            Component("Round tracker (table QR code)", "1", "Round tracker"),
            Component(
                "Round marker and round-win markers",
                str(1 + len(PLAYERS) * (rules.match.rounds_to_win + 1)),
                "Round tracker",
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
            print_first(),
            cut_cards(),
            "Health Meters: cut out each player's Health Point Marker; lay it on "
            f"{rules.health.start}.",
            "Round tracker: punch out the round marker and the round-win markers; the round "
            "marker starts on Round 1.",
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

    decks = decks_of(
        kit_cards(data, look),
        {"power": card_back(data, look)},
        {"power": "Power Cards"},
        data.print.card.size(),
    )
    progress.start(
        f"{TITLE} kit", 2 + card_page_count(paper, decks, layout_name) + 2 * (len(PLAYERS) + 1)
    )
    with pdf_document(out, paper, title=f"{TITLE} print-and-play kit", font=REGULAR) as doc:
        book = KitBook(doc, look, layout_name)
        book.cover(lambda c, page: rules_page(c, page, data, look))
        progress.advance()
        with book.section("Cards"):
            book.card_sheets(decks, back_offset=options.back_offset, on_page=progress.advance)
        for player in PLAYERS:
            with book.section("Health Meters"), book.sheet() as c:
                meter_page(c, doc.page, data, player, urls["players"][str(player)], look)
            progress.advance()
        with book.section("Round tracker"), book.sheet() as c:
            round_page(c, doc.page, data, urls["table"], look)
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
