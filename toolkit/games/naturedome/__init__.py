"""The game's descriptor for the registry; everything of the game lives in this package."""

from toolkit.games.base import Game

GAME = Game(
    name="naturedome",
    title="Nature Dome",
    calculators_help="Nature Dome calculators: clash.",
    odds_help="Nature Dome odds: clash.",
    kit_book=True,
)
