"""The Dominum kit's cards: Domain cards and Stronghold tiles with their backs per Domain, and
each player's Power Deck with its back.

A Domain card follows the rules' card anatomy: 1. the art window (the type's emblem: no art ships
with the sample data), 2. the name, 3. the fly icon, 4. the ability text box, 5. the type, 6. the
attack strength (the defence too, unless the card gives one), 7. the range.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from reportlab.pdfgen.canvas import Canvas

from toolkit.games.dominum.config import DominumRules
from toolkit.games.dominum.data import DomainCard, DominumData, Stronghold
from toolkit.games.dominum.kit.common import INK, TYPE_NAMES, domain_colour, player_colour
from toolkit.pdf.cards import Card, CardBox
from toolkit.pdf.draw import (
    draw_back_frame,
    draw_back_titles,
    draw_card_frame,
    draw_card_title,
    fill_rect,
    upside_down,
)
from toolkit.pdf.geometry import BLACK, WHITE, Colour, Rect, pt, text_colour_on, tint
from toolkit.pdf.glyphs import draw_bolt, draw_castle, draw_wing
from toolkit.pdf.pieces import space_for
from toolkit.pdf.style import BOLD, ITALIC, REGULAR, Look, deep, line, text


def _range_icon(c: Canvas, box: Rect, radial: bool, colour: Colour) -> None:
    """A 3 x 3 grid: the card's space in the middle, the spaces it moves and attacks to marked
    (4 orthogonal for Standard, all 8 for Radial)."""
    cell = min(box.w, box.h) / 3
    x0 = box.x + (box.w - 3 * cell) / 2
    y0 = box.y + (box.h - 3 * cell) / 2
    c.saveState()
    c.setLineWidth(0.3)
    c.setStrokeColorRGB(*colour)
    for row in range(3):
        for col in range(3):
            r = Rect(x0 + col * cell + 0.25, y0 + row * cell + 0.25, cell - 0.5, cell - 0.5)
            centre = row == 1 and col == 1
            orth = (row == 1) != (col == 1)
            if centre:
                fill_rect(c, r, INK)
            elif orth or radial:
                fill_rect(c, r, colour)
            else:
                c.setFillColorRGB(1, 1, 1)
                c.rect(pt(r.x), pt(r.y), pt(r.w), pt(r.h), stroke=1, fill=1)
    c.restoreState()


# ---------------------------------------------------------------------------------------------
# Domain cards and Stronghold tiles


def _art(c: Canvas, box: Rect, colour: Colour, domain: str, kind: str, look: Look) -> None:
    """The art window: no art ships with the sample data, so a Domain-coloured panel with the
    card type's emblem."""
    fill_rect(c, box, tint(colour, 0.25 if look.full else 0.1), radius=1.2)
    cx, cy = box.centre
    r = min(box.w, box.h) * 0.32
    emblem = tint(colour, 0.55 if look.full else 0.4)
    c.setFillColorRGB(*emblem)
    c.setStrokeColorRGB(*emblem)
    if kind == "stronghold":
        draw_castle(c, cx, cy, r)
    else:
        c.circle(pt(cx), pt(cy), pt(r), stroke=0, fill=1)
        c.setFillColorRGB(*WHITE)
        c.setFont(BOLD, r * 2.83 * 1.1)
        c.drawCentredString(pt(cx), pt(cy - r * 0.38), TYPE_NAMES[kind][0])
    c.setFillColorRGB(*deep(colour, 0.5))
    line(c, domain, Rect(box.x + 1.5, box.y + 0.6, box.w - 3, 3), font=ITALIC, max_size=6.5)


def _strength(c: Canvas, box: Rect, card: DomainCard, colour: Colour, look: Look) -> None:
    """6. The attack strength in a badge, named; "and defense" under it unless the card has a
    defence of its own (printed beside the type)."""
    fill = look.band(colour)
    fill_rect(c, box, fill, radius=1.5)
    c.setFillColorRGB(*(text_colour_on(fill) if look.full else deep(colour, 0.3)))
    line(c, "ATTACK", Rect(box.x, box.top - 3.2, box.w, 2.6), align="centre", max_size=6)
    line(
        c,
        str(card.strength),
        Rect(box.x + 1, box.y + 3, box.w - 2, box.h - 6.2),
        align="centre",
        max_size=18,
    )
    if card.defense is None:
        line(
            c,
            "and defense",
            Rect(box.x, box.y + 0.5, box.w, 2.6),
            font=REGULAR,
            align="centre",
            max_size=6,
        )


def domain_card_face(
    card: DomainCard, data: DominumData, look: Look
) -> Callable[[Canvas, CardBox], None]:
    colour = domain_colour(data, card.domain)

    def draw(c: Canvas, box: CardBox) -> None:
        draw_card_frame(c, box, colour, look)
        safe = box.safe
        # 2. name and 3. fly icon
        name_box, rest = safe.split_top(7)
        name_w = name_box.w - (11 if card.fly else 0)
        c.setFillColorRGB(*BLACK)
        line(c, card.name, Rect(name_box.x, name_box.y, name_w, name_box.h), max_size=11)
        if card.fly:
            cx, cy = name_box.right - 8, name_box.y + 3.6
            fill = look.band(colour)
            c.setFillColorRGB(*fill)
            c.circle(pt(cx), pt(cy), pt(3.3), stroke=0, fill=1)
            c.setFillColorRGB(*(WHITE if look.full else deep(colour, 0.3)))
            draw_wing(c, cx, cy, 2.6)
            c.setFillColorRGB(*deep(colour, 0.3))
            line(c, "FLY", Rect(cx + 3.5, cy - 1.5, 4.6, 3), max_size=6)
        # 1. the art
        art, rest = rest.split_top(25)
        _art(c, art.inset(0, 0.6), colour, card.domain, card.type, look)
        # 4. the ability text box: the text its effects generate
        bottom = 15.0
        text_box = Rect(rest.x, rest.y + bottom, rest.w, rest.h - bottom - 1)
        c.setFillColorRGB(*BLACK)
        text(c, data.text(card), text_box.inset(0.3, 0.5), max_size=8.5)
        # 5. type, 6. attack strength, 7. range
        c.setStrokeColorRGB(*deep(colour))
        c.setLineWidth(0.5)
        c.line(pt(safe.x), pt(safe.y + bottom - 0.5), pt(safe.right), pt(safe.y + bottom - 0.5))
        _strength(c, Rect(safe.x, safe.y + 0.5, 15, 13), card, colour, look)
        middle = Rect(safe.x + 16.5, safe.y, safe.w - 16.5 - 14, bottom - 1)
        c.setFillColorRGB(*BLACK)
        line(
            c,
            TYPE_NAMES[card.type].upper(),
            Rect(middle.x, middle.y + 6.5, middle.w, 5.5),
            align="centre",
            max_size=10,
        )
        if card.defense is not None:
            line(
                c,
                f"Defense {card.defense}",
                Rect(middle.x, middle.y + 1.5, middle.w, 4),
                font=REGULAR,
                align="centre",
                max_size=7.5,
            )
        icon = Rect(safe.right - 12, safe.y + 4.2, 12, 9.5)
        _range_icon(c, icon, card.range == "radial", deep(colour))
        c.setFillColorRGB(*BLACK)
        line(
            c,
            card.range.title(),
            Rect(icon.x - 2, safe.y, icon.w + 2, 3.8),
            font=REGULAR,
            align="centre",
            max_size=6.5,
        )

    return draw


def charge_places(safe: Rect, count: int, token: float) -> list[tuple[float, float]]:
    """The centres of a Stronghold tile's `count` Charge places, each a `token` mm Charge token
    and a millimetre more across, from the bottom of `safe`: in a row when they fit, else
    zig-zag (up, down, up...) as close as they go without touching, else in rows."""
    side = space_for(token)
    if count == 1:
        return [(safe.centre[0], safe.y + side / 2)]
    spacing = min((safe.w - side) / (count - 1), side + 2)
    if spacing >= side:
        rise = 0.0
    elif spacing >= side / 2 + 0.5:
        rise = math.sqrt(side**2 - spacing**2) + 0.5
    else:
        per_row = max(1, int(safe.w // side))
        return [
            (safe.x + side / 2 + (i % per_row) * side, safe.y + side / 2 + (i // per_row) * side)
            for i in range(count)
        ]
    left = safe.centre[0] - spacing * (count - 1) / 2
    return [
        (left + i * spacing, safe.y + side / 2 + (rise if i % 2 else 0.0)) for i in range(count)
    ]


def stronghold_face(
    tile: Stronghold, data: DominumData, look: Look
) -> Callable[[Canvas, CardBox], None]:
    colour = domain_colour(data, tile.domain)
    rules = data.rules.stronghold
    token = data.print.token.condition  # a Charge token

    def draw(c: Canvas, box: CardBox) -> None:
        draw_card_frame(c, box, colour, look)
        safe = box.safe
        kind = f"{tile.domain} Stronghold"
        rest = draw_card_title(c, safe, tile.name, kind, colour, name_size=11)
        art, rest = rest.split_top(16)
        _art(c, art.inset(0, 0.6), colour, tile.domain, "stronghold", look)
        places = charge_places(safe, rules.charge_limit, token)
        radius = space_for(token) / 2
        places_h = max(y for _, y in places) + radius - safe.y
        caption = Rect(safe.x, safe.y + places_h + 0.6, safe.w, 3.6)
        text_box = Rect(rest.x, caption.top + 1, rest.w, rest.top - caption.top - 1)
        c.setFillColorRGB(*BLACK)
        text(c, data.text(tile), text_box, max_size=8.5)
        # the Charge token places: up to charge_limit, each one a Charge token fits
        c.setFillColorRGB(*INK)
        line(
            c,
            f"Charge: starts with {rules.starting_charge}, holds up to {rules.charge_limit}",
            caption,
            font=REGULAR,
            align="centre",
            max_size=7,
        )
        for cx, cy in places:
            c.setStrokeColorRGB(*deep(colour))
            c.setLineWidth(0.6)
            c.setDash(1.5, 1)
            c.circle(pt(cx), pt(cy), pt(radius), stroke=1, fill=0)
            c.setDash()
            c.setFillColorRGB(*tint(colour, 0.35))
            draw_bolt(c, cx, cy, token * 0.3)

    return draw


def domain_back(
    domain: str, subtitle: str, data: DominumData, look: Look
) -> Callable[[Canvas, CardBox], None]:
    colour = domain_colour(data, domain)

    def draw(c: Canvas, box: CardBox) -> None:
        inner = draw_back_frame(c, box, colour, look=look)
        cx, cy = box.trim.centre
        c.saveState()
        c.setFillColorRGB(*tint(colour, 0.55 if look.full else 0.35))
        draw_castle(c, cx, cy + 22, 7)
        c.restoreState()
        line(c, "DOMINUM", Rect(inner.x + 3, cy + 6, inner.w - 6, 10), align="centre", max_size=22)
        draw_back_titles(c, inner, (domain, cy - 3, 8, 15), (subtitle, cy - 10, 5, 9))

    return draw


def domain_kit_cards(data: DominumData, look: Look) -> list[Card]:
    """Every Domain card (each as many times as its qty), then the Domain's Stronghold tiles."""
    cards: list[Card] = []
    for domain in data.domains:
        for card in data.domain_cards(domain):
            face = domain_card_face(card, data, look)
            cards.extend(Card(face, f"{domain}:card") for _ in range(card.qty))
        for tile in data.domain_strongholds(domain):
            cards.append(Card(stronghold_face(tile, data, look), f"{domain}:stronghold"))
    return cards


def domain_backs(data: DominumData, look: Look) -> dict[str, Callable[[Canvas, CardBox], None]]:
    backs = {}
    for domain in data.domains:
        backs[f"{domain}:card"] = domain_back(domain, "Domain card", data, look)
        backs[f"{domain}:stronghold"] = domain_back(domain, "Stronghold", data, look)
    return backs


# ---------------------------------------------------------------------------------------------
# The Power Deck


def power_cards(rules: DominumRules) -> list[str]:
    """One player's deck as printed: the numbered cards, then the Critical(s)."""
    return [str(v) for v in rules.power_deck.values] + ["Critical"] * rules.power_deck.criticals


def power_face(
    value: str, player: str, data: DominumData, look: Look
) -> Callable[[Canvas, CardBox], None]:
    colour = player_colour(data, player)
    deck = data.rules.power_deck

    def draw(c: Canvas, box: CardBox) -> None:
        panel = draw_card_frame(c, box, colour, look)
        index = panel.inset(1.8)  # the corner index, clear of the panel's rounded corners
        c.setFillColorRGB(*deep(colour))
        corner = "C" if value == "Critical" else value
        line(c, corner, Rect(index.x, index.top - 6, 6, 6), max_size=15)
        with upside_down(c, index):
            line(c, corner, Rect(index.x, index.top - 6, 6, 6), max_size=15)
        safe = box.safe
        cx, cy = safe.centre
        if value == "Critical":
            line(
                c, "CRITICAL", Rect(safe.x + 1, cy + 6, safe.w - 2, 8), align="centre", max_size=14
            )
            c.setFillColorRGB(*BLACK)
            text(
                c,
                "Attacking: a wound, unless the defender also draws a Critical. Defending: "
                f"blocks any attack. Assault: counts {deck.critical_counts_as}. "
                "Power duel: wins.",
                Rect(safe.x + 1, safe.y + 8, safe.w - 2, cy + 5 - safe.y - 8),
                max_size=7,
                align="centre",
            )
        else:
            fill = look.band(colour)
            c.setFillColorRGB(*fill)
            c.setStrokeColorRGB(*deep(colour))
            c.setLineWidth(1.2)
            c.circle(pt(cx), pt(cy), pt(11), stroke=0 if look.full else 1, fill=1)
            c.setFillColorRGB(*(text_colour_on(fill) if look.full else deep(colour, 0.3)))
            line(c, value, Rect(cx - 8, cy - 7, 16, 14), align="centre", max_size=44)
            c.setFillColorRGB(*BLACK)
            line(c, "power", Rect(cx - 10, cy - 17, 20, 3.5), font=REGULAR, align="centre")
        c.setFillColorRGB(*deep(colour))
        line(
            c,
            f"{player.title()} Power Deck",
            Rect(safe.x + 7, safe.top - 4.5, safe.w - 14, 3.5),
            font=REGULAR,
            align="centre",
            max_size=6.5,
        )

    return draw


def power_back(player: str, data: DominumData, look: Look) -> Callable[[Canvas, CardBox], None]:
    colour = player_colour(data, player)

    def draw(c: Canvas, box: CardBox) -> None:
        inner = draw_back_frame(c, box, colour, inset=4, width=1, radius=2.5, look=look)
        cx, cy = box.trim.centre
        draw_bolt(c, cx, cy + 9, 6)
        line(c, "DOMINUM", Rect(inner.x + 2, cy - 3, inner.w - 4, 7), align="centre", max_size=16)
        line(
            c,
            f"{player.title()} Power Deck",
            Rect(inner.x + 2, cy - 9, inner.w - 4, 5),
            font=REGULAR,
            align="centre",
            max_size=9,
        )

    return draw
