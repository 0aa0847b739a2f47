"""Death Dome's rule numbers, read from card_data/deathdome/rules.toml (never literals in code)."""

from __future__ import annotations

from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, model_validator

from toolkit.data import load_toml_model
from toolkit.rule_limits import WithLimits


class _Section(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class CampaignConfig(_Section):
    starting_credits: int = Field(ge=0)
    matches: int = Field(ge=1)


class TeamsConfig(_Section):
    colours: tuple[str, ...] = Field(min_length=2)
    min: int = Field(ge=1)
    max: int = Field(ge=1)
    units_per_team: int = Field(ge=1)

    @model_validator(mode="after")
    def _sizes(self) -> TeamsConfig:
        if len(set(self.colours)) != len(self.colours):
            raise ValueError("colours must be different from each other")
        if not self.min <= self.max <= len(self.colours):
            raise ValueError("need min <= max <= the number of colours")
        return self


class MatchConfig(_Section):
    rounds: int = Field(ge=1, le=99)  # a sanity bound: the kit prints a round track
    unit_phases_per_turn: int = Field(ge=1)
    base_draw: int = Field(ge=0)
    control_points_per_extra_card: int = Field(ge=1)
    max_items_per_unit: int = Field(ge=0)


class CombatConfig(_Section):
    ranged_range: int = Field(ge=1)
    close_combat_range: int = Field(ge=1)
    push_back_of_a_kind: int = Field(ge=2)
    push_back_distance: int = Field(ge=1)
    base_heal: int = Field(ge=0)
    power_min: int = Field(ge=0)
    power_max: int = Field(ge=1)
    kill_points_per_kill: int = Field(ge=0)

    @model_validator(mode="after")
    def _power(self) -> CombatConfig:
        if self.power_min > self.power_max:
            raise ValueError("power_min must not be above power_max")
        return self


class PayoutConfig(_Section):
    control_point: int = Field(ge=0)
    tower_centre: int = Field(ge=0)
    kill: int = Field(ge=0)
    fans_per_pip: int = Field(ge=0)
    fans_die_sides: int = Field(ge=1)


class RulesConfig(_Section, WithLimits):
    campaign: CampaignConfig
    teams: TeamsConfig
    match: MatchConfig
    combat: CombatConfig
    payout: PayoutConfig


def load_rules_config(path: Path | str) -> RulesConfig:
    """rules.toml validated; a bad or missing value is a DataError naming file, line and field."""
    return load_toml_model(Path(path), RulesConfig)
