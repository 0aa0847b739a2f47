"""What the Dominum kit's parts share: names, colours, margins, the players printed."""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from toolkit.errors import DomekitError
from toolkit.games.dominum.board import PLAYERS, Player
from toolkit.games.dominum.data import DominumData
from toolkit.pdf.geometry import BLACK, Colour, Rect, hex_colour
from toolkit.pdf.style import BOLD, line

GAME = "dominum"
TITLE = "Dominum"
MARGIN = 10.0  # page margin of the sheets (not cards, not tiles)
INK: Colour = (0.15, 0.15, 0.15)
# How the rules print each phase token's name.
PHASE_NAMES = {
    "deploy": "Deploy",
    "move": "Move",
    "reposition": "Reposition",
    "attack": "Attack",
    "assault": "Assault",
    "charge": "Charge",
    "reserve": "Reserve Power",
    "initiative": "Initiative",
}
TYPE_NAMES = {"hero": "Hero", "elite": "Elite", "warrior": "Warrior"}


def player_letter(player: str) -> str:
    """The word a player's pieces carry beside their colour."""
    return player.upper()


def player_colour(data: DominumData, player: str) -> Colour:
    return hex_colour(data.print.player_colours[player])


def domain_colour(data: DominumData, domain: str) -> Colour:
    return hex_colour(data.print.domain_colours[domain])


def choose_players(wanted: tuple[str, ...] | None) -> tuple[Player, ...]:
    """The players to print pieces for (`--teams`): both unless the flag names some."""
    if wanted is None:
        return PLAYERS
    for colour in wanted:
        if colour not in PLAYERS:
            raise DomekitError(
                f"--teams: unknown player colour {colour!r}; Dominum has {', '.join(PLAYERS)}"
            )
    if len(set(wanted)) != len(wanted):
        raise DomekitError("--teams: a colour is named twice")
    return tuple(p for p in PLAYERS if p in wanted)


def band_label(c: Canvas, text: str, box: Rect) -> None:
    c.setFillColorRGB(*BLACK)
    line(c, text, box, font=BOLD, max_size=9)
