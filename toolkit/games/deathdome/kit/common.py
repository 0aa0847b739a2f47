"""What the Death Dome kit's parts share: names, the deck and team colours, the glyphs that tell
decks, unit types and Special Play timings apart, money in one format."""

from __future__ import annotations

from toolkit.games.deathdome.data import DeathDomeData
from toolkit.pdf import glyphs
from toolkit.pdf.geometry import Colour, hex_colour
from toolkit.pdf.glyphs import Glyph

GAME = "deathdome"
TITLE = "Death Dome"
MARGIN = 10.0  # page margin of the sheets (not cards, not tiles)
ATTACK_NAMES = {"ranged": "Ranged", "close": "Close combat", "area": "Area effect"}
DECK_TITLES = {
    "gunner": "Gunner weapons",
    "warrior": "Warrior weapons",
    "medic": "Medic weapons",
    "scout": "Scout weapons",
    "armour": "Armour",
    "equipment": "Equipment",
    "special_play": "Special Play",
}
# The picture that stands for each deck (on card art windows and backs) and unit type (standees).
DECK_GLYPHS: dict[str, Glyph] = {
    "gunner": glyphs.draw_crosshair,
    "warrior": glyphs.draw_axe,
    "medic": glyphs.draw_plus,
    "scout": glyphs.draw_eye,
    "armour": glyphs.draw_solid_shield,
    "equipment": glyphs.draw_cog,
    "special_play": glyphs.draw_star,
}
ATTACK_GLYPHS: dict[str, Glyph] = {
    "ranged": glyphs.draw_crosshair,
    "close": glyphs.draw_blade,
    "area": glyphs.draw_burst,
}
# The rules' card ability icons ([S], [D], ...), each with a picture beside its letters.
TIMING_GLYPHS: dict[str, Glyph] = {
    "S": glyphs.draw_blade,
    "D": glyphs.draw_solid_shield,
    "A": glyphs.draw_play,
    "M": glyphs.draw_steps,
    "+A": glyphs.draw_play,
    "+M": glyphs.draw_steps,
    "V": glyphs.draw_drop,
    "K": glyphs.draw_skull,
    "C": glyphs.draw_flag,
    "P": glyphs.draw_push,
    "T": glyphs.draw_hourglass,
    "O": glyphs.draw_cycle,
}


def credits(value: int) -> str:
    """Money as every Death Dome sheet and card prints it: 50,000 cr."""
    return f"{value:,} cr"


def team_colour(data: DeathDomeData, team: str) -> Colour:
    return hex_colour(data.print.team_colours[team])


def deck_colour(data: DeathDomeData, deck: str) -> Colour:
    return hex_colour(data.print.deck_colours[deck])


def team_letter(team: str) -> str:
    """The letter a team's pieces carry beside their colour (R, B, G, Y)."""
    return team[:1].upper()
