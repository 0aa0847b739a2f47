"""The game's descriptor for the registry; everything of the game lives in this package."""

from toolkit.games.base import Game

GAME = Game(
    name="domppa",
    title="Domppa",
    calculators_help=(
        "Domppa calculators: hit points, melee, ranged, morale, poison, action points and more."
    ),
    odds_help="Domppa odds: melee, ranged, morale, fear, awe.",
    parts={"odds": "odds_cli:odds_app"},
    kit_book=True,
)
