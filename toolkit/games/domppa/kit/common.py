"""What the Domppa kit's parts share: names, margins, the deck pictures."""

from __future__ import annotations

from toolkit.games.domppa.data import DECKS

GAME = "domppa"
TITLE = "Domppa"
MARGIN = 12.0
MAP_LABELS = 8.0  # the coordinate band around the printed map
DARK = (0.15, 0.15, 0.15)
BACK_TITLES = {**DECKS, "character": "Character"}
BACK_GLYPHS = {
    "weapon": "blade",
    "armour": "cuirass",
    "shield": "solid_shield",
    "spell": "burst",
    "character": "person",
}
"""Each deck's picture on its back (layouts/back.toml): a glyph of toolkit/pdf/glyphs.py."""
