"""The Dominum kit's sheets: a player mat per player, the punch-out tokens (19 and 25 mm discs,
each player's marked with its name as well as its colour, packed on card stock by
`toolkit.pdf.packing`) and the one-page rules reference with the table's QR code."""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from toolkit.games.dominum.config import DominumRules
from toolkit.games.dominum.data import DominumData
from toolkit.games.dominum.kit.common import (
    INK,
    MARGIN,
    PHASE_NAMES,
    TITLE,
    band_label,
    player_colour,
    player_letter,
)
from toolkit.pdf.draw import fill_rect, outline_rect
from toolkit.pdf.geometry import BLACK, WHITE, Colour, Rect, pt, text_colour_on, tint
from toolkit.pdf.glyphs import draw_bolt, draw_catapult, draw_drop
from toolkit.pdf.packing import Block
from toolkit.pdf.pieces import Piece, piece_grid
from toolkit.pdf.qr import draw_qr
from toolkit.pdf.sheets import Section, draw_heading, draw_sections, draw_table
from toolkit.pdf.style import Look, deep, line, text

# ---------------------------------------------------------------------------------------------
# Player mats


def _place(c: Canvas, rect: Rect, colour: Colour, label: str, *, round_: bool = False) -> None:
    """An empty place on the mat: a dashed outline and its label inside."""
    c.saveState()
    c.setFillColorRGB(*tint(colour, 0.08))
    c.setStrokeColorRGB(*colour)
    c.setLineWidth(0.8)
    c.setDash(2.5, 1.5)
    if round_:
        cx, cy = rect.centre
        c.circle(pt(cx), pt(cy), pt(rect.w / 2), stroke=1, fill=1)
    else:
        c.roundRect(pt(rect.x), pt(rect.y), pt(rect.w), pt(rect.h), pt(2), stroke=1, fill=1)
    c.restoreState()
    c.setFillColorRGB(*deep(colour, 0.45))
    inner = rect.inset(rect.w * 0.16 if round_ else 2)
    text(c, label, inner, max_size=11, align="centre", valign="middle")


def mat_page(
    c: Canvas, sheet: Rect, data: DominumData, player: str, url: str, qr_size: float, look: Look
) -> None:
    """A landscape mat: score bar, phase track with link places, Power Deck, used pile, reserve
    power, cycle counter places and the phase tokens' home; the player's QR code."""
    rules = data.rules
    sizes = data.print
    colour = player_colour(data, player)
    page = sheet.inset(MARGIN)
    qr = Rect(page.right - qr_size, page.top - qr_size, qr_size, qr_size)
    draw_qr(c, url, qr.x, qr.y, qr_size)
    c.setFillColorRGB(*BLACK)
    text(
        c,
        "Scan: this player's page",
        Rect(qr.x, qr.y - 7.5, qr_size, 7),
        align="centre",
        max_size=7,
    )
    left = Rect(page.x, page.y, page.w - qr_size - 5, page.h)
    head, rest = left.split_top(11)
    draw_heading(c, f"{TITLE}: {player.title()} player mat", head, colour=colour, look=look)

    # score bar: 0 .. winning_vp - 1, then "7+"
    _, rest = rest.split_top(3)
    label, rest = rest.split_top(5)
    win = rules.end.winning_vp
    band_label(
        c,
        f"Score bar: your score indicator marks your VP ({win}+ at the end of a round wins)",
        label,
    )
    cells = win + 1
    score_h = sizes.token.phase + 2
    bar, rest = rest.split_top(score_h)
    step = bar.w / cells
    for value in range(cells):
        r = Rect(bar.x + value * step + 0.5, bar.y, step - 1, score_h)
        label_text = f"{value}+" if value == win else str(value)
        fill = look.band(colour) if value == win else tint(colour, 0.12)
        fill_rect(c, r, fill, radius=2)
        outline_rect(c, r, colour, 0.6, radius=2)
        c.setFillColorRGB(*(text_colour_on(fill) if look.full else deep(colour, 0.3)))
        line(c, label_text, r.inset(2, score_h * 0.25), align="centre", max_size=20)

    # phase track: activations_per_player slots, link places between them, the link token home
    page_rest = Rect(page.x, page.y, page.w, rest.top - page.y)
    _, rest = page_rest.split_top(4)
    label, rest = rest.split_top(5)
    acts = rules.rounds.activations_per_player
    band_label(
        c,
        f"Phase track: put each phase token you activate on the next slot, 1 to {acts}. Link "
        f"token ({rules.rounds.links_per_round} a round): two phases back to back.",
        label,
    )
    slot = sizes.token.phase + 2
    link = sizes.token.counter + 1
    track_h = slot
    track, rest = rest.split_top(track_h)
    x = track.x
    for number in range(1, acts + 1):
        _place(c, Rect(x, track.y, slot, slot), colour, str(number), round_=True)
        x += slot
        if number < acts:
            gap = link + 4
            _place(c, Rect(x + 2, track.y + (slot - link) / 2, link, link), INK, "link")
            x += gap

    # the power card places: deck, used pile, reserve power
    _, rest = rest.split_top(4)
    label, rest = rest.split_top(5)
    deck = rules.power_deck
    band_label(
        c,
        f"Power Deck ({deck.size} cards), used pile and reserve power (at most "
        f"{deck.reserve_limit} face up)",
        label,
    )
    pw, ph = sizes.power_card.width + 2, sizes.power_card.height + 2
    row, rest = rest.split_top(ph)
    names = ["Power Deck\n(face down)", "Used pile\n(face up)"]
    names += [f"Reserve power {n}" for n in range(1, deck.reserve_limit + 1)]
    gap = min(8.0, (row.w - len(names) * pw) / max(len(names) - 1, 1))
    for index, name in enumerate(names):
        r = Rect(row.x + index * (pw + gap), row.y, pw, ph)
        _place(c, r, INK if index < 2 else colour, name)

    # cycle counters and the phase tokens' home
    _, rest = rest.split_top(4)
    label, rest = rest.split_top(5)
    band_label(
        c,
        "Cycle counters: when all your power cards are used, set one aside and put that value's "
        f"card on your reserve. The game ends after the round of the last player's "
        f"{rules.end.cycles_to_end}th cycle.",
        label,
    )
    side = sizes.token.counter + 2
    row, rest = rest.split_top(side)
    x = row.x
    for value in rules.power_deck.cycle_counters:
        _place(c, Rect(x, row.y, side, side), colour, str(value), round_=True)
        x += side + 3
    x += 6
    _place(c, Rect(x, row.y, side, side), colour, "Link token", round_=True)
    x += side + 6
    phases = [p for p in rules.rounds.phases if p != "initiative"]
    _place(
        c,
        Rect(x, row.y, row.right - x, side),
        colour,
        "Phase tokens ready: " + ", ".join(PHASE_NAMES[p] for p in phases),
    )
    c.setFillColorRGB(*BLACK)
    text(
        c,
        "The white Initiative token lies between the two mats: a player who takes it as a phase "
        "starts the next round. At the end of each round take your phase tokens and link token "
        "back off the track.",
        Rect(page.x, page.y, page.w, max(4.0, rest.top - page.y - 3)),
        max_size=9,
        valign="middle",
    )


# ---------------------------------------------------------------------------------------------
# Tokens


def player_pieces(data: DominumData, player: str) -> list[Piece]:
    """A player's tokens: phase tokens, link token(s), cycle counters and the score indicator,
    each with the player's name at the top beside its colour."""
    rules = data.rules
    colour = player_colour(data, player)
    size = data.print.token
    mark = player_letter(player)
    pieces = [
        Piece("circle", size.phase, colour, PHASE_NAMES[phase], mark=mark)
        for phase in rules.rounds.phases
        if phase != "initiative"
    ]
    pieces += [Piece("circle", size.phase, colour, "SCORE", note=f"{player.title()} VP")]
    pieces += [
        Piece("circle", size.counter, colour, "LINK", note="2 phases", mark=mark)
        for _ in range(rules.rounds.links_per_round)
    ]
    pieces += [
        Piece("circle", size.counter, colour, str(value), note="Cycle", mark=mark)
        for value in rules.power_deck.cycle_counters
    ]
    return pieces


def shared_pieces(data: DominumData) -> list[Piece]:
    """The trays' tokens from "Game Components" and the white Initiative token."""
    counts = data.print.components
    size = data.print.token
    pieces = [Piece("circle", size.phase, WHITE, "Initiative") for _ in range(counts.initiative)]
    kinds = [
        (counts.wound, (0.72, 0.07, 0.07), "Wound", draw_drop),
        (counts.weaken, (0.2, 0.55, 0.2), "Weaken -1", None),
        (counts.charge, (0.95, 0.76, 0.1), "Charge", draw_bolt),
        (counts.surge, (0.35, 0.3, 0.55), "Surge +1", draw_catapult),
    ]
    for count, fill, title, glyph in kinds:
        for _ in range(count):
            if glyph is None:
                pieces.append(Piece("circle", size.condition, fill, "-1", note="Weaken"))
            else:
                pieces.append(Piece("circle", size.condition, fill, title, glyph=glyph))
    return pieces


def token_blocks(data: DominumData, players: tuple[str, ...], look: Look) -> list[Block]:
    """Every token, by size for the punches: the large ones (phase tokens, score indicators,
    Initiative) in one grid, the small ones (link tokens, cycle counters, the trays' tokens) in
    another; each player's first, with its name on each."""
    pieces = [piece for player in players for piece in player_pieces(data, player)]
    pieces += shared_pieces(data)
    sizes = sorted({piece.size for piece in pieces}, reverse=True)
    names = {
        data.print.token.phase: "phase tokens, score indicators, the Initiative token",
        data.print.token.counter: "link tokens, cycle counters, Wound, Weaken, Charge, Surge",
    }
    return [
        piece_grid(
            f"{size:g} mm: " + names.get(size, "tokens"),
            [piece for piece in pieces if piece.size == size],
            look,
            "Tokens",
        )
        for size in sizes
    ]


def token_note(data: DominumData) -> str:
    sizes = sorted({data.print.token.phase, data.print.token.condition, data.print.token.counter})
    return (
        "Print on card stock (160-250 g/m²) and punch each token out with a circle punch ("
        + " and ".join(f"{size:g} mm" for size in sizes)
        + ") or cut round it. Wound, Weaken, Charge and Surge tokens go in the trays; each "
        f"Stronghold starts with {data.rules.stronghold.starting_charge} Charge."
    )


# ---------------------------------------------------------------------------------------------
# Rules reference


def vp_rows(rules: DominumRules) -> list[list[str]]:
    """The assault VP table as printed: one row per band of rules.toml's vp_table."""
    bands = rules.assault.vp_table
    rows = []
    for index, band in enumerate(bands):
        upper = bands[index + 1].at_least - 1 if index + 1 < len(bands) else None
        if upper is None:
            total = f"{band.at_least} or more"
        elif band.at_least == 0:
            total = f"{upper} or less"
        elif upper == band.at_least:
            total = str(upper)
        else:
            total = f"{band.at_least} to {upper}"
        rows.append([total, f"{band.vp} VP", "take your Surge token" if band.take_surge else ""])
    return rows


def rules_sections(data: DominumData) -> list[Section]:
    r = data.rules
    deck, attack, assault, rounds = r.power_deck, r.attack, r.assault, r.rounds
    forces, sh, end, move = r.forces, r.stronghold, r.end, r.movement
    values = ", ".join(str(v) for v in deck.values)
    options = len(rounds.phases)
    return [
        Section(
            "Winning",
            (
                f"- {end.winning_vp} VP or more at the end of a round wins.",
                f"- Else the game ends after the round in which the last player cycles for the "
                f"{end.cycles_to_end}th time: most VP wins. To the Bitter End! (optional): no "
                "ties, play on round by round.",
            ),
        ),
        Section(
            "Setup",
            (
                f"- Force: 1 Stronghold, {forces.hero} Hero, {forces.elite} Elite, "
                f"{forces.warrior} Warrior cards. Stronghold face up with {sh.starting_charge} "
                "Charge.",
                f"- Reset the Power Deck: shuffle, opponent cuts, {deck.reset_to_reserve} cards "
                f"face up on your reserve. Higher total (Critical = {deck.critical_counts_as}) "
                "picks the 1st Player; tie: flip a coin.",
                f"- Deploy alternately, 1st Player first, until {forces.initial_deployment} cards "
                f"each; one of your last {forces.initial_neutral_window} goes in the Neutral "
                "Line.",
            ),
        ),
        Section(
            "Rounds and phases",
            (
                f"- On your turn pick a phase token ({options} options, Initiative included), "
                f"put it on your next track slot, do the phase. {rounds.activations_per_player} "
                "activations each, then the round ends.",
                f"- Link token, {rounds.links_per_round} a round: two phases back to back.",
                f"- Deploy: up to {r.battlefield.limit} cards on the battlefield, into your "
                f"Domain; first you may Retreat {r.battlefield.retreats_per_deploy} card.",
                f"- Move: each card up to {move.move_spaces} spaces (Radial: diagonals too), "
                "through allies and stronghold spaces; flying cards over enemies.",
                f"- Reposition: each card may shift {move.shift_spaces} space orthogonally.",
                f"- Charge: +{sh.charge_gain} Charge (max {sh.charge_limit}) or remove "
                f"{sh.weakens_removed} Weaken from an ally.",
                f"- Reserve Power: draw 1 to your reserve (max {deck.reserve_limit}; discard one "
                "first if full).",
                "- Initiative: take the token; you start the next round.",
            ),
        ),
        Section(
            "Attack",
            (
                "- Target an enemy in range, draw power: attack total = strength + power "
                f"(+{attack.coordinating_bonus} per coordinating ally).",
                "- Defense total = strength (+ power if the defender chooses to draw).",
                "- Greater: a wound. Else blocked: the defender may counterattack the primary "
                "attacker. Deadly wins ties.",
                f"- {attack.wounds_to_defeat} wounds defeat a card. Weakened: -"
                f"{attack.weaken_penalty} attack and defense.",
            ),
        ),
        Section(
            "Assault",
            (
                f"- Needs {assault.min_cards_in_zone}+ card in the enemy assault zone. +"
                f"{assault.zone_card} per card there, +{assault.fortified_card} on a fortified "
                f"space, +{assault.barrage_card} per Barrage card in the Neutral Line.",
                f"- Draw {assault.power_draws} power cards and add them. Surge token: +"
                f"{assault.surge_bonus}. VP: see the table.",
            ),
        ),
        Section(
            "Power Deck and cycling",
            (
                f"- {deck.size} cards: {values} and the Critical. Draw power = flip the top "
                "card or use a reserve card; used cards go to the used pile.",
                "- The active player draws first and says the total; then the opponent decides.",
                "- Critical: attacking, a wound unless the defender also draws one; defending, "
                f"blocks; assault {deck.critical_counts_as}; power duel wins.",
                "- Cycle when all 9 are used: set a cycle counter aside, its value's card to your "
                f"reserve, shuffle the rest, {deck.cycle_draws_to_reserve} more to the reserve.",
                "- Power duel: both draw, high card wins, ties go to the opponent.",
            ),
        ),
        Section(
            "Keywords",
            tuple(
                f"- {word.reference()}" for word in data.vocabulary.words.values() if word.reminder
            ),
        ),
    ]


def rules_page(
    c: Canvas, sheet: Rect, data: DominumData, table_url: str, qr_size: float, look: Look
) -> None:
    page = sheet.inset(MARGIN)
    head, rest = page.split_top(12)
    draw_heading(c, f"{TITLE}: rules reference", head, colour=INK, look=look)
    top, rest = rest.split_top(qr_size + 4)
    draw_qr(c, table_url, top.right - qr_size, top.y, qr_size)
    c.setFillColorRGB(*BLACK)
    table_box = Rect(top.x, top.y, top.w - qr_size - 8, top.h - 2)
    line(
        c,
        "Assault: VP for the assault total (the table's tracker: scan the code)",
        Rect(table_box.x, table_box.top - 5, table_box.w, 5),
        max_size=9,
    )
    rows = vp_rows(data.rules)
    draw_table(
        c,
        Rect(table_box.x, table_box.y, table_box.w, table_box.h - 6),
        ["Assault total", "Victory Points", "and"],
        rows,
        [1, 1, 1.4],
        row_height=min(6.0, (table_box.h - 6) / (len(rows) + 1)),
        size=8,
        look=look,
    )
    draw_sections(
        c, rules_sections(data), Rect(rest.x, rest.y, rest.w, rest.h - 3), columns=2, max_size=10
    )
