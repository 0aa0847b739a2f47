"""The numbers of Nature Dome's rules, as read from card_data/naturedome/rules.toml.

Every number the rules engine uses lives here, so a group with house rules edits the TOML file,
never the code. Load it with `toolkit.games.naturedome.data.load_rules`.
"""

from __future__ import annotations

from enum import StrEnum

from pydantic import BaseModel, ConfigDict, Field, model_validator

from toolkit.rule_limits import WithLimits


class _Section(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Health(_Section):
    """The Health Meter: where the marker starts and where its zones begin."""

    # The upper bound is a sanity bound (the kit prints a meter space per step), not a rule.
    start: int = Field(gt=0, le=10_000, description="health at the start of each round")
    yellow_at_or_below: int = Field(gt=0, description="green above this, yellow at or below")
    red_at_or_below: int = Field(gt=0, description="red at or below this")

    @model_validator(mode="after")
    def _zones_in_order(self) -> Health:
        if not self.red_at_or_below < self.yellow_at_or_below < self.start:
            raise ValueError(
                "expected red_at_or_below < yellow_at_or_below < start "
                f"(got {self.red_at_or_below}, {self.yellow_at_or_below}, {self.start})"
            )
        return self


class Penalty(_Section):
    """What every card a player plays loses while its owner's health is in a zone."""

    yellow: int = Field(ge=0)
    red: int = Field(ge=0)


class Cards(_Section):
    """How many Power Cards a player takes at set up and when their hand runs out."""

    deal: int = Field(gt=0, description="cards each player draws at set up")
    draw: int = Field(gt=0, description="cards drawn when a hand runs out")


class FirstAttacker(StrEnum):
    """Who attacks first in the second and third rounds (the rules say only 'Player 1 attacks')."""

    PLAYER1 = "player1"
    ALTERNATE = "alternate"
    LOSER = "loser"


class MatchRules(_Section):
    rounds_to_win: int = Field(gt=0, description="rounds a player must win to win the duel")
    next_round_first_attacker: FirstAttacker = FirstAttacker.PLAYER1


class NatureDomeRules(_Section, WithLimits):
    """All of card_data/naturedome/rules.toml."""

    health: Health
    penalty: Penalty
    cards: Cards
    match: MatchRules
