"""What the Domppa kit's parts share: names, margins, the deck pictures."""

from __future__ import annotations

from toolkit.games.domppa.data import DECKS
from toolkit.pdf import glyphs
from toolkit.pdf.glyphs import Glyph

GAME = "domppa"
TITLE = "Domppa"
MARGIN = 12.0
MAP_LABELS = 8.0  # the coordinate band around the printed map
DARK = (0.15, 0.15, 0.15)
BACK_TITLES = {**DECKS, "character": "Character"}
BACK_GLYPHS: dict[str, Glyph] = {
    "weapon": glyphs.draw_blade,
    "armour": glyphs.draw_cuirass,
    "shield": glyphs.draw_solid_shield,
    "spell": glyphs.draw_burst,
    "character": glyphs.draw_person,
}
