"""The game's descriptor for the registry; everything of the game lives in this package."""

from toolkit.games.base import Game

GAME = Game(
    name="deathdome",
    title="Death Dome",
    calculators_help="Death Dome calculators: attack, payout, line of sight, movement, draws.",
    odds_help="Death Dome odds: attack, capture.",
    kit_book=True,
)
