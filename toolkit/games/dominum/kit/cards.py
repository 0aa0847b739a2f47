"""The Dominum kit's cards: Domain cards and Stronghold tiles with their backs per Domain, and
each player's Power Deck with its back, drawn from the layouts of card_data/dominum/layouts
(toolkit/cards/kit_faces.py): domain, stronghold and power extend card.toml; back and
power_back are the backs.

Here each card's cells (its name, values, rules text made from its effects, rules.toml's
numbers) and the two drawings made from the game's numbers the layouts place as pictures:
`range_standard` / `range_radial`, the 3 x 3 range grid, and `charge_places`, a Stronghold's
places for up to rules.toml's charge limit Charge tokens.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from reportlab.pdfgen.canvas import Canvas

from toolkit.cards.kit_faces import KitCard, KitFaces, Picture, kit_faces
from toolkit.games.dominum.config import DominumRules
from toolkit.games.dominum.data import DomainCard, DominumData, Stronghold
from toolkit.games.dominum.kit.common import GAME, INK, TYPE_NAMES, domain_colour, player_colour
from toolkit.pdf.cards import Card, CardBox
from toolkit.pdf.geometry import Colour, Rect, pt
from toolkit.pdf.glyphs import draw_bolt
from toolkit.pdf.pieces import space_for
from toolkit.pdf.style import Look

Drawer = Callable[[Canvas, CardBox], None]
PLACE_TINT = 0.35  # a Charge place's bolt: the place's colour this strong over the white


def range_grid(radial: bool) -> Picture:
    """A 3 x 3 grid: the card's space in the middle, the spaces it moves and attacks to marked
    in the box's colour (4 orthogonal for Standard, all 8 for Radial), the others outlined."""

    def draw(c: Canvas, box: Rect) -> None:
        cell = min(box.w, box.h) / 3
        x0 = box.x + (box.w - 3 * cell) / 2
        y0 = box.y + (box.h - 3 * cell) / 2
        cells = {
            (row, col): Rect(x0 + col * cell + 0.25, y0 + row * cell + 0.25, cell - 0.5, cell - 0.5)
            for row in range(3)
            for col in range(3)
        }
        marked = [k for k in cells if k != (1, 1) and ((k[0] == 1) != (k[1] == 1) or radial)]
        c.saveState()
        c.setLineWidth(0.3)
        for key in marked:
            r = cells[key]
            c.rect(pt(r.x), pt(r.y), pt(r.w), pt(r.h), stroke=0, fill=1)
        c.setFillColorRGB(1, 1, 1)
        for key, r in cells.items():
            if key != (1, 1) and key not in marked:
                c.rect(pt(r.x), pt(r.y), pt(r.w), pt(r.h), stroke=1, fill=1)
        middle = cells[(1, 1)]
        c.setFillColorRGB(*INK)
        c.rect(pt(middle.x), pt(middle.y), pt(middle.w), pt(middle.h), stroke=0, fill=1)
        c.restoreState()

    return Picture(draw)


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


def charge_picture(count: int, token: float, width: float) -> Picture:
    """`count` Charge places for `token` mm Charge tokens across `width` mm, at true size when
    the layout's box is `width` wide and tall enough (stronghold.toml's cases by the charge
    limit; shrunk into a lower one): dashed rings in the box's colour, each with a pale bolt."""
    radius = space_for(token) / 2
    if count < 1:
        return Picture(lambda c, box: None)
    places = charge_places(Rect(0, 0, width, 1), count, token)  # mm, from the bottom left
    height = max(y for _, y in places) + radius

    def draw(c: Canvas, box: Rect) -> None:
        scale = box.w / width
        c.saveState()
        c.setLineWidth(0.6)
        c.setDash(1.5, 1)
        for cx, cy in places:
            c.circle(pt(box.x + cx * scale), pt(box.y + cy * scale), pt(radius * scale), 1, 0)
        c.setDash()
        c.setFillAlpha(PLACE_TINT)
        for cx, cy in places:
            draw_bolt(c, box.x + cx * scale, box.y + cy * scale, token * 0.3 * scale)
        c.restoreState()

    return Picture(draw, width / height)


def card_faces(data: DominumData, players: tuple[str, ...], look: Look) -> KitFaces:
    """The layouts of card_data/dominum/layouts (or the --data copy's): each Domain's cards,
    tiles and back in its colour, each player's Power cards and back in theirs."""
    card = data.print.card
    size = (card.width, card.height)
    power = (data.print.power_card.width, data.print.power_card.height)
    layouts: dict[str, tuple[str, dict[str, Colour], tuple[float, float]]] = {}
    for domain in data.domains:
        framed = {"frame": domain_colour(data, domain)}
        for name in ("domain", "stronghold", "back"):
            layouts[f"{name}:{domain}"] = (name, framed, size)
    for player in players:
        framed = {"frame": player_colour(data, player)}
        layouts[f"power:{player}"] = ("power", framed, power)
        layouts[f"power_back:{player}"] = ("power_back", framed, power)
    token = data.print.token.condition
    pictures = {
        "range_standard": range_grid(False),
        "range_radial": range_grid(True),
        "charge_places": charge_picture(
            data.rules.stronghold.charge_limit, token, card.width - 2 * card.safe
        ),
    }
    return kit_faces(data.folder, GAME, layouts, look, pictures)


def domain_card_cells(card: DomainCard, data: DominumData) -> dict[str, str]:
    """What a Domain card's layout shows: its domains.csv values, its rules text (its effects'
    words) and its range grid's picture."""
    return {
        "name": card.name,
        "domain": card.domain,
        "type": TYPE_NAMES[card.type].upper(),
        "letter": TYPE_NAMES[card.type][0],
        "strength": str(card.strength),
        "defense": "" if card.defense is None else str(card.defense),
        "defense_line": "" if card.defense is None else f"Defense {card.defense}",
        "range": card.range.title(),
        "range_grid": f"range_{card.range}",
        "fly": "fly" if card.fly else "",
        "rules": data.text(card),
    }


def stronghold_cells(tile: Stronghold, data: DominumData) -> dict[str, str]:
    """What a Stronghold tile's layout shows: its strongholds.csv values, its rules text and
    rules.toml's Charge numbers."""
    rules = data.rules.stronghold
    return {
        "name": tile.name,
        "domain": tile.domain,
        "kind": f"{tile.domain} Stronghold",
        "rules": data.text(tile),
        "starting_charge": str(rules.starting_charge),
        "charge_limit": str(rules.charge_limit),
        "charge": f"Charge: starts with {rules.starting_charge}, holds up to {rules.charge_limit}",
    }


def power_cards(rules: DominumRules) -> list[str]:
    """One player's deck as printed: the numbered cards, then the Critical(s)."""
    return [str(v) for v in rules.power_deck.values] + ["Critical"] * rules.power_deck.criticals


def power_card_cells(value: str, player: str, rules: DominumRules) -> dict[str, str]:
    """What a Power card's layout shows: its value (C in the corners of a Critical), whose deck
    it is and, on a Critical, what it does (rules.toml's counts as)."""
    critical = value == "Critical"
    return {
        "name": value,
        "value": value,
        "corner": "C" if critical else value,
        "player": player.title(),
        "deck": f"{player.title()} Power Deck",
        "critical": "critical" if critical else "",
        "rules": "Attacking: a wound, unless the defender also draws a Critical. Defending: "
        f"blocks any attack. Assault: counts {rules.power_deck.critical_counts_as}. "
        "Power duel: wins."
        if critical
        else "",
    }


def domain_kit_cards(data: DominumData, faces: KitFaces) -> list[Card]:
    """Every Domain card (each as many times as its qty), then the Domain's Stronghold tiles."""
    folder = data.folder
    rows = {card: n for n, card in enumerate(data.cards, 2)}
    tiles = {tile: n for n, tile in enumerate(data.strongholds, 2)}
    cards: list[KitCard] = []
    for domain in data.domains:
        cards += [
            KitCard(f"domain:{domain}", domain_card_cells(card, data), card.qty,
                    f"{domain}:card", rows[card], folder / "domains.csv")
            for card in data.domain_cards(domain)
        ]  # fmt: skip
        cards += [
            KitCard(f"stronghold:{domain}", stronghold_cells(tile, data), 1,
                    f"{domain}:stronghold", tiles[tile], folder / "strongholds.csv")
            for tile in data.domain_strongholds(domain)
        ]  # fmt: skip
    return faces.cards(cards, folder / "domains.csv")


def domain_backs(data: DominumData, faces: KitFaces) -> dict[str, Drawer]:
    backs = {}
    for domain in data.domains:
        for deck, title in (("card", "Domain card"), ("stronghold", "Stronghold")):
            backs[f"{domain}:{deck}"] = faces.back(
                f"back:{domain}", data.folder / "print.toml", {"domain": domain, "deck": title}
            )
    return backs


def power_deck_cards(data: DominumData, player: str, faces: KitFaces) -> list[Card]:
    """A player's Power Deck, in order."""
    return faces.cards(
        [
            KitCard(f"power:{player}", power_card_cells(value, player, data.rules), 1, player)
            for value in power_cards(data.rules)
        ],
        data.folder / "rules.toml",
    )


def power_back(data: DominumData, player: str, faces: KitFaces) -> Drawer:
    return faces.back(
        f"power_back:{player}",
        data.folder / "print.toml",
        {"player": player.title(), "deck": f"{player.title()} Power Deck"},
    )
