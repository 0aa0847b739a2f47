"""The Death Dome cards: item cards (weapons by unit deck, armour, equipment) and Special Play
cards, each with its deck's back, and the check that every card text writes money one way.

A face, top to bottom: the name, what kind of card it is, an art window with the deck's picture
(a power card's number), the card's numbers each with a word saying what it is, keyword lines
with their pictures, the rules text, its flavour notes in italics, and a footer with the price
and the timing icons. Everything a face says of the rules is its effects' printed text
(card_data/deathdome/effects.toml): each term where it is drawn (`face_terms`), the rest and its
combos in the rules text (`rules_text`).
"""

from __future__ import annotations

import re

from toolkit.cards.kit_faces import KitCard, KitFaces, kit_faces
from toolkit.data import read_csv
from toolkit.data.effects import Effect
from toolkit.errors import DataError, DomekitError
from toolkit.games.deathdome import effects as effect_words
from toolkit.games.deathdome.data import (
    ICON_MEANINGS,
    UNIT_TYPES,
    DeathDomeData,
    Item,
    SpecialPlayCard,
    combo_lines,
    printed,
)
from toolkit.games.deathdome.kit.common import (
    ATTACK_GLYPHS,
    ATTACK_NAMES,
    DECK_GLYPHS,
    DECK_TITLES,
    GAME,
    TIMING_GLYPHS,
    credits,
    deck_colour,
)
from toolkit.pdf import glyphs
from toolkit.pdf.cards import Card, Drawer
from toolkit.pdf.geometry import Colour
from toolkit.pdf.glyphs import Glyph
from toolkit.pdf.style import Look

# A number of four or more digits without thousands separators ("50000"), or money written as
# credits, kils or $: card texts write it as 50,000 cr, like the rest of the kit.
UNGROUPED = re.compile(r"(?<![\d,.])\d{4,}(?![\d,])")
OTHER_MONEY = re.compile(r"\$|\bcredits?\b|\bkils\b", re.IGNORECASE)


KEYWORD_GLYPHS: dict[str, Glyph] = {
    "push back on": glyphs.draw_push,
    "splash": glyphs.draw_burst,
    "incapacitate": glyphs.draw_lying,
    "ignore line of sight": glyphs.draw_arc_over,
}
"""Effect words drawn as a keyword line with its picture."""
BADGES = frozenset({"S", "T"})
"""Effect words drawn as the card's number badge (S2, T3)."""


def face_terms(card: Item | SpecialPlayCard) -> frozenset[str]:
    """The effect words a face draws in their own place (icons in the footer, the weapon kind
    in the kind line, S and T in the badge, a weapon's range beside it, keyword lines): the rest
    is the rules text."""
    drawn = {*effect_words.ICONS, *KEYWORD_GLYPHS}
    if isinstance(card, Item):
        drawn |= BADGES
        if card.attack:
            drawn |= {*effect_words.ATTACK_TYPES, "range"}
    return frozenset(drawn)


def rules_text(card: Item | SpecialPlayCard, data: DeathDomeData) -> str:
    """The rules text a face prints under its numbers: the text of every term it draws nowhere
    else, then each combo the card is part of."""
    words = data.words()
    drawn = face_terms(card)
    rest = [effect for effect in card.effects if effect.word not in drawn]
    lines = combo_lines(card, words, data.combos, data.items) if isinstance(card, Item) else []
    return " ".join(part for part in (printed(words, rest), *lines) if part)


def _term(data: DeathDomeData, effect: Effect) -> str:
    return data.words().text([effect])


def _keywords(item: Item, data: DeathDomeData) -> list[tuple[Glyph, str]]:
    return [
        (KEYWORD_GLYPHS[effect.word], _term(data, effect))
        for effect in item.effects
        if effect.word in KEYWORD_GLYPHS
    ]


def _reach(item: Item, data: DeathDomeData) -> int | None:
    """The squares a weapon reaches: its card's range, else the rules' for its kind."""
    if item.range is not None:
        return item.range
    if data.rules is None:
        return None
    if item.attack == "ranged":
        return data.rules.combat.ranged_range
    if item.attack == "close":
        return data.rules.combat.close_combat_range
    return None


def glyph_name(glyph: Glyph) -> str:
    """The name a layout's icons box gives a drawn glyph (`draw_axe` is `axe`)."""
    return glyph.__name__.removeprefix("draw_")


ICON_SLOTS = 2  # the timing icons an item card's footer holds (layouts/item.toml)
KEYWORD_SLOTS = 4  # its keyword lines
SPECIAL_SLOTS = 3  # the timing icons (and their lines) a Special Play card holds
ITEM_SLOTS = (
    "badge_value", "badge_label", "attack_glyph", "reach", "reach_unit", "defence_note",
    *(f"keyword{i}{end}" for i in range(1, KEYWORD_SLOTS + 1) for end in ("", "_glyph")),
    *(f"icon{i}{end}" for i in range(1, ICON_SLOTS + 1) for end in ("", "_glyph")),
)  # fmt: skip
SPECIAL_FIELDS = tuple(
    f"{part}{i}" for i in range(1, SPECIAL_SLOTS + 1) for part in ("icon", "meaning")
) + tuple(f"icon{i}_glyph" for i in range(1, SPECIAL_SLOTS + 1))


def _slots(card: str, what: str, values: list[str], most: int) -> None:
    if len(values) > most:
        raise DomekitError(f"{card}: {len(values)} {what}; a card's layout holds {most}")


def item_card(item: Item, data: DeathDomeData) -> KitCard:
    """An item's cells, as layouts/item.toml names them."""
    attack = item.attack or "close"
    kind = DECK_TITLES[item.deck]
    kind_word = next((e for e in item.effects if e.word in effect_words.ATTACK_TYPES), None)
    if kind_word is not None:
        kind = f"{item.deck.title()} weapon · {_term(data, kind_word)}"
    elif item.is_drug:
        kind = f"{item.deck.title()} drug"
    cells = dict.fromkeys(ITEM_SLOTS, "")  # a slot the card does not fill is empty
    cells |= {"name": item.name, "kind": kind, "glyph": glyph_name(DECK_GLYPHS[item.deck])}
    badge = next((e for e in item.effects if e.word in BADGES), None)
    cells |= {"badge": badge.word if badge is not None else ""}
    if badge is not None and badge.word == "S":
        reach = _reach(item, data)
        cells |= {
            "badge_value": _term(data, badge),
            "badge_label": f"+{badge.arg} attack",
            "attack_glyph": glyph_name(ATTACK_GLYPHS[attack]),
            "reach": f"Range {reach}" if reach is not None else ATTACK_NAMES[attack],
            "reach_unit": "squares" if reach is not None else "",
        }
    elif badge is not None:
        cells |= {
            "badge_value": _term(data, badge),
            "badge_label": f"+{badge.arg} defence",
            "defence_note": f"Adds {badge.arg} to each defence stack of the unit wearing it.",
        }
    keywords = _keywords(item, data)
    _slots(item.name, "keyword lines", [words for _, words in keywords], KEYWORD_SLOTS)
    for index, (glyph, words) in enumerate(keywords, start=1):
        cells |= {f"keyword{index}": words, f"keyword{index}_glyph": glyph_name(glyph)}
    set_name = next((s.name for s in data.sets if s.id == item.set), None)
    _slots(item.name, "timing icons", list(item.icons), ICON_SLOTS)
    for index, icon in enumerate(item.icons, start=1):
        cells |= {f"icon{index}": icon, f"icon{index}_glyph": glyph_name(TIMING_GLYPHS[icon])}
    return KitCard(
        f"item:{item.deck}",
        cells
        | {
            "keywords": str(len(keywords)),
            "icons": str(len(item.icons)),
            "rules": rules_text(item, data),
            "notes": item.notes,
            "price": f"Price {credits(item.price)}",
            "set": set_name or "",
        },
        item.qty,
        item.deck,
        source=data.folder / "items.csv",
    )


def special_play_card(card: SpecialPlayCard, data: DeathDomeData) -> KitCard:
    """A Special Play card's cells, as layouts/special.toml names them."""
    glyph = TIMING_GLYPHS[card.icons[0]] if card.icons else DECK_GLYPHS["special_play"]
    cells = dict.fromkeys(SPECIAL_FIELDS, "")  # a slot the card does not fill is empty
    cells |= {
        "name": card.name,
        "kind": "Special Play · power card" if card.power else "Special Play",
        "glyph": glyph_name(glyph),
        "power": str(card.power) if card.power else "",
        "icons": str(len(card.icons)),
        "rules": rules_text(card, data),
        "notes": card.notes,
    }
    _slots(card.name, "timing icons", list(card.icons), SPECIAL_SLOTS)
    for index, icon in enumerate(card.icons, start=1):
        cells |= {
            f"icon{index}": icon,
            f"icon{index}_glyph": glyph_name(TIMING_GLYPHS[icon]),
            f"meaning{index}": f"[{icon}] {ICON_MEANINGS[icon]}",
        }
    return KitCard(
        "special", cells, card.qty, "special_play", source=data.folder / "special_play.csv"
    )


def card_faces(data: DeathDomeData, look: Look) -> KitFaces:
    """The layouts of card_data/deathdome/layouts (or the --data copy's): items and Special
    Play cards in their deck's print.toml colour, and every deck's back."""
    size = (data.print.card.width, data.print.card.height)
    colours = {deck: deck_colour(data, deck) for deck in DECK_TITLES}
    layouts: dict[str, tuple[str, dict[str, Colour], tuple[float, float]]] = {}
    for deck in DECK_TITLES:
        framed = {**colours, "frame": deck_colour(data, deck)}
        layouts[f"back:{deck}"] = ("back", framed, size)
        layouts["special" if deck == "special_play" else f"item:{deck}"] = (
            "special" if deck == "special_play" else "item",
            framed,
            size,
        )
    return kit_faces(data.folder, GAME, layouts, look)


def kit_cards(data: DeathDomeData, faces: KitFaces) -> list[Card]:
    """Every card, each as many times as its qty, grouped by deck."""
    cards = [
        item_card(item, data)
        for deck in (*UNIT_TYPES, "armour", "equipment")
        for item in data.deck(deck)
    ]
    cards += [special_play_card(card, data) for card in data.special_play]
    return faces.cards(cards, data.folder)


def card_backs(data: DeathDomeData, faces: KitFaces) -> dict[str, Drawer]:
    """Each deck's back, drawn by layouts/back.toml in the deck's colour."""
    return {
        deck: faces.back(
            f"back:{deck}",
            data.folder / "print.toml",
            {"deck": DECK_TITLES[deck], "glyph": glyph_name(DECK_GLYPHS[deck])},
        )
        for deck in DECK_TITLES
    }


def check_card_texts(data: DeathDomeData) -> None:
    """One number format on every card: money as 50,000 cr. A card's notes (or a text its
    effects print, effects.toml's) that write 50000, credits, kils or $ stop the build with
    the file, row and field."""
    printed = {card.id: card.text for card in (*data.items.values(), *data.special_play)}
    for file, key in (("items.csv", "id"), ("special_play.csv", "id")):
        path = data.folder / file
        for number, row in read_csv(path):
            for field, words in (("notes", row.get("notes", "")), ("effects", printed[row[key]])):
                found = UNGROUPED.search(words or "") or OTHER_MONEY.search(words or "")
                if found:
                    raise DataError(
                        path,
                        f"{row.get(key, '')!r} writes {found.group(0)!r}; write numbers and "
                        "money as the rest of the kit does, like 50,000 cr",
                        row=number,
                        field=field,
                    )
