"""The game's descriptor for the registry; everything of the game lives in this package."""

from toolkit.games.base import Game

GAME = Game(
    name="dominum",
    title="Dominum",
    calculators_help="Dominum calculators: attack, assault, duel.",
    odds_help="Dominum odds: attack, assault.",
    kit_book=True,
)
