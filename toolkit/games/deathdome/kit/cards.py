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
from collections.abc import Callable

from reportlab.pdfgen.canvas import Canvas

from toolkit.data import read_csv
from toolkit.data.effects import Effect
from toolkit.errors import DataError
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
    TIMING_GLYPHS,
    credits,
    deck_colour,
)
from toolkit.pdf import glyphs
from toolkit.pdf.cards import Card, CardBox
from toolkit.pdf.draw import draw_back_frame, draw_back_titles, draw_card_frame, fill_rect
from toolkit.pdf.geometry import WHITE, Colour, Rect, pt, text_colour_on, tint
from toolkit.pdf.glyphs import Glyph
from toolkit.pdf.style import INK, ITALIC, REGULAR, Look, deep, line, text

ART_HEIGHT = 17.0
ICON = 5.2  # a timing icon's disc, mm
# A number of four or more digits without thousands separators ("50000"), or money written as
# credits, kils or $: card texts write it as 50,000 cr, like the rest of the kit.
UNGROUPED = re.compile(r"(?<![\d,.])\d{4,}(?![\d,])")
OTHER_MONEY = re.compile(r"\$|\bcredits?\b|\bkils\b", re.IGNORECASE)


def glyph_disc(
    c: Canvas, glyph: Glyph, cx: float, cy: float, d: float, colour: Colour, look: Look
) -> None:
    """A picture on a disc of `colour` (a light disc ringed in the colour, printer-friendly)."""
    fill = look.band(colour)
    c.saveState()
    c.setFillColorRGB(*fill)
    if look.full:
        c.circle(pt(cx), pt(cy), pt(d / 2), stroke=0, fill=1)
        ink = text_colour_on(fill)
    else:
        c.setStrokeColorRGB(*deep(colour))
        c.setLineWidth(0.7)
        c.circle(pt(cx), pt(cy), pt(d / 2), stroke=1, fill=1)
        ink = deep(colour)
    c.setFillColorRGB(*ink)
    c.setStrokeColorRGB(*ink)
    glyph(c, cx, cy, d * 0.3)
    c.restoreState()


def timing_icons(
    c: Canvas, icons: tuple[str, ...], box: Rect, colour: Colour, look: Look, *, right: bool
) -> None:
    """Each timing icon as its picture and its letters ([S], [+M]), in a row along `box`."""
    width = ICON + 0.8 + 4.0
    x = box.right - len(icons) * (width + 1) + 1 if right else box.x
    cy = box.y + box.h / 2
    for icon in icons:
        glyph_disc(c, TIMING_GLYPHS[icon], x + ICON / 2, cy, ICON, colour, look)
        c.setFillColorRGB(*INK)
        line(c, icon, Rect(x + ICON + 0.5, cy - 1.6, 4.4, 3.2), max_size=7)
        x += width + 1


def _art(c: Canvas, box: Rect, colour: Colour, glyph: Glyph, look: Look) -> None:
    """The art window: no art ships with the sample data, so the deck's picture on its colour."""
    fill_rect(c, box, tint(colour, 0.22 if look.full else 0.1), radius=1.5)
    c.setFillColorRGB(*tint(colour, 0.7 if look.full else 0.45))
    c.setStrokeColorRGB(*tint(colour, 0.7 if look.full else 0.45))
    glyph(c, box.centre[0], box.centre[1], min(box.w, box.h) * 0.36)


def _number(c: Canvas, box: Rect, value: str, label: str, colour: Colour, look: Look) -> None:
    """A card's key number in a badge, the word for what it is under it."""
    fill = look.band(colour)
    fill_rect(c, box, fill, radius=1.5)
    ink = text_colour_on(fill) if look.full else deep(colour, 0.3)
    c.setFillColorRGB(*ink)
    line(c, value, Rect(box.x + 1, box.y + 3.2, box.w - 2, box.h - 4), align="centre", max_size=18)
    line(c, label, Rect(box.x + 0.8, box.y + 0.5, box.w - 1.6, 2.6), font=REGULAR, align="centre")


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


def item_face(item: Item, data: DeathDomeData, look: Look) -> Callable[[Canvas, CardBox], None]:
    colour = deck_colour(data, item.deck)
    attack = item.attack or "close"
    set_name = next((s.name for s in data.sets if s.id == item.set), None)

    def draw(c: Canvas, box: CardBox) -> None:
        draw_card_frame(c, box, colour, look)
        safe = box.safe
        c.setFillColorRGB(0, 0, 0)
        name, rest = safe.split_top(6.5)
        line(c, item.name, name, max_size=11.5)
        kind_box, rest = rest.split_top(4.5)
        kind = DECK_TITLES[item.deck]
        kind_word = next((e for e in item.effects if e.word in effect_words.ATTACK_TYPES), None)
        if kind_word is not None:
            kind = f"{item.deck.title()} weapon · {_term(data, kind_word)}"
        elif item.is_drug:
            kind = f"{item.deck.title()} drug"
        c.setFillColorRGB(*deep(colour))
        line(c, kind, kind_box, font=REGULAR, max_size=7.5)
        art, rest = rest.split_top(ART_HEIGHT + 1)
        _art(c, art.inset(0, 0.5), colour, DECK_GLYPHS[item.deck], look)
        badge_term = next((e for e in item.effects if e.word in BADGES), None)
        if badge_term is not None:
            numbers, rest = rest.split_top(13)
            badge = Rect(numbers.x, numbers.y + 1, 19, 11.5)
            if badge_term.word == "S":
                label = f"+{badge_term.arg} attack"
                _number(c, badge, _term(data, badge_term), label, colour, look)
                reach = _reach(item, data)
                glyph_disc(
                    c,
                    ATTACK_GLYPHS[attack],
                    badge.right + 5,
                    badge.centre[1],
                    7.5,
                    colour,
                    look,
                )
                c.setFillColorRGB(0, 0, 0)
                line(
                    c,
                    f"Range {reach}" if reach is not None else ATTACK_NAMES[attack],
                    Rect(badge.right + 10, badge.y + 5.5, numbers.right - badge.right - 10, 5),
                    max_size=10,
                )
                line(
                    c,
                    "squares" if reach is not None else "",
                    Rect(badge.right + 10, badge.y + 1, numbers.right - badge.right - 10, 4),
                    font=REGULAR,
                    max_size=7,
                )
            else:
                label = f"+{badge_term.arg} defence"
                _number(c, badge, _term(data, badge_term), label, colour, look)
                c.setFillColorRGB(0, 0, 0)
                text(
                    c,
                    f"Adds {badge_term.arg} to each defence stack of the unit wearing it.",
                    Rect(badge.right + 2.5, badge.y, numbers.right - badge.right - 2.5, badge.h),
                    max_size=7.5,
                    valign="middle",
                )
        for glyph, words in _keywords(item, data):
            row, rest = rest.split_top(4.6)
            glyph_disc(c, glyph, row.x + 1.9, row.centre[1], 3.8, colour, look)
            c.setFillColorRGB(*deep(colour, 0.35))
            line(c, words, Rect(row.x + 5, row.y + 0.4, row.w - 5, row.h - 0.8), max_size=7.5)
        footer = Rect(safe.x, safe.y, safe.w, 10)
        _rules_and_notes(c, rules_text(item, data), item.notes, rest, footer.top, 9)
        c.setStrokeColorRGB(*deep(colour))
        c.setLineWidth(0.5)
        c.line(pt(safe.x), pt(footer.top), pt(safe.right), pt(footer.top))
        c.setFillColorRGB(0, 0, 0)
        line(c, f"Price {credits(item.price)}", Rect(safe.x, safe.y + 4.6, 30, 4.4), max_size=8)
        if set_name:
            c.setFillColorRGB(*deep((0.6, 0.45, 0.0)))
            line(c, set_name, Rect(safe.x, safe.y + 0.4, 30, 3.8), font=ITALIC, max_size=7)
        timing_icons(
            c, item.icons, Rect(safe.x + 30, safe.y + 1, safe.w - 30, 7), colour, look, right=True
        )

    return draw


def special_play_face(
    card: SpecialPlayCard, data: DeathDomeData, look: Look
) -> Callable[[Canvas, CardBox], None]:
    colour = deck_colour(data, "special_play")

    def draw(c: Canvas, box: CardBox) -> None:
        draw_card_frame(c, box, colour, look)
        safe = box.safe
        c.setFillColorRGB(0, 0, 0)
        name, rest = safe.split_top(6.5)
        line(c, card.name, name, max_size=11.5)
        kind_box, rest = rest.split_top(4.5)
        c.setFillColorRGB(*deep(colour))
        kind = "Special Play · power card" if card.power else "Special Play"
        line(c, kind, kind_box, font=REGULAR, max_size=7.5)
        art, rest = rest.split_top(27)
        window = art.inset(0, 0.5)
        fill_rect(c, window, tint(colour, 0.22 if look.full else 0.08), radius=1.5)
        cx, cy = window.centre
        if card.power:
            disc = 19.0
            fill = look.band(colour) if not look.full else colour
            c.setFillColorRGB(*fill)
            c.setStrokeColorRGB(*deep(colour))
            c.setLineWidth(1.2)
            c.circle(pt(cx), pt(cy + 1.5), pt(disc / 2), stroke=0 if look.full else 1, fill=1)
            c.setFillColorRGB(*(WHITE if look.full else deep(colour, 0.25)))
            line(c, str(card.power), Rect(cx - 7, cy - 4.5, 14, 12), align="centre", max_size=34)
            c.setFillColorRGB(*INK)
            line(c, "power", Rect(cx - 12, window.y + 0.4, 24, 2.8), font=REGULAR, align="centre")
        else:
            glyph = TIMING_GLYPHS[card.icons[0]] if card.icons else DECK_GLYPHS["special_play"]
            c.setFillColorRGB(*tint(colour, 0.7 if look.full else 0.45))
            c.setStrokeColorRGB(*tint(colour, 0.7 if look.full else 0.45))
            glyph(c, cx, cy, window.h * 0.34)
        for icon in card.icons:
            row, rest = rest.split_top(5.2)
            glyph_disc(c, TIMING_GLYPHS[icon], row.x + 2.2, row.centre[1], 4.4, colour, look)
            c.setFillColorRGB(*INK)
            line(
                c,
                f"[{icon}] {ICON_MEANINGS[icon]}",
                Rect(row.x + 6, row.y + 0.5, row.w - 6, row.h - 1),
                font=REGULAR,
                max_size=7.5,
            )
        footer = Rect(safe.x, safe.y, safe.w, 7.5)
        _rules_and_notes(c, rules_text(card, data), card.notes, rest, footer.top, 9.5)
        timing_icons(
            c, card.icons, Rect(safe.x, safe.y + 0.5, safe.w, 6.5), colour, look, right=False
        )

    return draw


NOTES_HEIGHT = 3.6
"""Millimetres of the line under the rules text that holds a card's flavour notes."""


def _rules_and_notes(
    c: Canvas, rules: str, notes: str, rest: Rect, bottom: float, size: float
) -> None:
    """The rules text in the space left above the footer, the notes under it in italics."""
    low = bottom + 1 + (NOTES_HEIGHT if notes else 0)
    c.setFillColorRGB(*INK)
    text(c, rules, Rect(rest.x, low, rest.w, rest.top - low - 1), max_size=size)
    if notes:
        line(c, notes, Rect(rest.x, bottom + 0.6, rest.w, NOTES_HEIGHT - 0.4), font=ITALIC)


def card_back(deck: str, data: DeathDomeData, look: Look) -> Callable[[Canvas, CardBox], None]:
    colour = deck_colour(data, deck)

    def draw(c: Canvas, box: CardBox) -> None:
        inner = draw_back_frame(c, box, colour, look=look)
        cx, cy = box.trim.centre
        c.saveState()
        c.setFillColorRGB(*tint(colour, 0.55 if look.full else 0.35))
        DECK_GLYPHS[deck](c, cx, cy + 19, 9)
        c.restoreState()
        c.setFillColorRGB(*look.ink_on(colour, look.ground(colour)))
        draw_back_titles(
            c, inner, ("DEATH DOME", cy + 2, 10, 22), (DECK_TITLES[deck], cy - 8, 7, 13)
        )

    return draw


def kit_cards(data: DeathDomeData, look: Look) -> list[Card]:
    """Every card, each as many times as its qty, grouped by deck."""
    cards: list[Card] = []
    for deck in (*UNIT_TYPES, "armour", "equipment"):
        for item in data.deck(deck):
            face = item_face(item, data, look)
            cards.extend(Card(face, deck) for _ in range(item.qty))
    for card in data.special_play:
        face = special_play_face(card, data, look)
        cards.extend(Card(face, "special_play") for _ in range(card.qty))
    return cards


def card_backs(data: DeathDomeData, look: Look) -> dict[str, Callable[[Canvas, CardBox], None]]:
    return {deck: card_back(deck, data, look) for deck in DECK_TITLES}


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
