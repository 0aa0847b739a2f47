"""The duel: the test suite's own fifth game (tests/fixture_game/), registered from outside the
package (DOMEKIT_EXTRA_GAMES=duel:GAME, tests/conftest.py), so every test that walks the
registry runs for a game nobody wrote those tests for."""

from toolkit.games.base import Game

GAME = Game(
    name="duel",
    title="Duel",
    calculators_help="Duel calculator: a roll's damage and the exact odds.",
    odds_help="Duel odds: damage.",
    package=__name__,
    parts={"odds": "cli:app"},  # its one calculator gives the exact odds
)
