"""Dominum's numbers, read from card_data/dominum/rules.toml and validated once, here."""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, NonNegativeInt, PositiveInt, model_validator

from toolkit.data import game_data_dir, load_toml_model
from toolkit.rule_limits import WithLimits

RULES_FILE = "rules.toml"


class _Section(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class PowerDeckRules(_Section):
    values: tuple[PositiveInt, ...] = Field(min_length=1)
    criticals: NonNegativeInt
    critical_counts_as: PositiveInt
    reserve_limit: PositiveInt
    reset_to_reserve: NonNegativeInt
    cycle_draws_to_reserve: NonNegativeInt
    cycle_counters: tuple[PositiveInt, ...] = Field(min_length=1)

    @model_validator(mode="after")
    def _counters_name_cards(self) -> PowerDeckRules:
        have = Counter(self.values)
        for value in set(self.cycle_counters):
            if have[value] == 0:
                raise ValueError(f"cycle counter {value} names no power card in values")
        if self.reset_to_reserve > self.reserve_limit:
            raise ValueError("reset_to_reserve is more than reserve_limit")
        if 1 + self.cycle_draws_to_reserve > self.reserve_limit:
            raise ValueError("a cycle puts more cards on the reserve board than reserve_limit")
        if self.reset_to_reserve > self.size or 1 + self.cycle_draws_to_reserve > self.size:
            raise ValueError("the deck is smaller than the cards a reset or cycle reserves")
        return self

    @property
    def size(self) -> int:
        return len(self.values) + self.criticals

    @property
    def numbered(self) -> frozenset[int]:
        return frozenset(self.values)


class AttackRules(_Section):
    weaken_penalty: NonNegativeInt
    max_weaken: PositiveInt
    coordinating_bonus: NonNegativeInt
    wounds_to_defeat: PositiveInt


class VpBand(_Section):
    at_least: NonNegativeInt
    vp: NonNegativeInt
    take_surge: bool = False


class AssaultRules(_Section):
    min_cards_in_zone: NonNegativeInt
    zone_card: NonNegativeInt
    fortified_card: NonNegativeInt
    barrage_card: NonNegativeInt
    power_draws: PositiveInt
    surge_bonus: NonNegativeInt
    vp_table: tuple[VpBand, ...] = Field(min_length=1)

    @model_validator(mode="after")
    def _table_ascends(self) -> AssaultRules:
        if self.vp_table[0].at_least != 0:
            raise ValueError("the first vp_table band must start at_least = 0")
        starts = [band.at_least for band in self.vp_table]
        if starts != sorted(set(starts)):
            raise ValueError("vp_table bands must rise: at_least strictly increasing")
        return self


class RoundRules(_Section):
    activations_per_player: PositiveInt
    links_per_round: NonNegativeInt
    phases: tuple[str, ...] = Field(min_length=1)

    @model_validator(mode="after")
    def _known_phases(self) -> RoundRules:
        known = {"deploy", "move", "reposition", "attack", "assault", "charge", "reserve"}
        known.add("initiative")
        unknown = [phase for phase in self.phases if phase not in known]
        if unknown:
            raise ValueError(f"unknown phase(s) {', '.join(unknown)}; known: {sorted(known)}")
        if len(set(self.phases)) != len(self.phases):
            raise ValueError("a phase is listed twice")
        if self.activations_per_player > len(self.phases):
            raise ValueError("more activations per player than phase tokens")
        return self


class ForceRules(_Section):
    hero: NonNegativeInt
    elite: NonNegativeInt
    warrior: NonNegativeInt
    initial_deployment: NonNegativeInt
    initial_neutral_window: NonNegativeInt
    initial_neutral_cards: NonNegativeInt

    @property
    def hand(self) -> int:
        return self.hero + self.elite + self.warrior


class BattlefieldRules(_Section):
    limit: PositiveInt
    retreats_per_deploy: NonNegativeInt

    @property
    def allies_beside_one(self) -> int:
        """The most allies that can join one card's attack: the battlefield less that card."""
        return self.limit - 1


class MovementRules(_Section):
    move_spaces: PositiveInt
    shift_spaces: PositiveInt


class StrongholdRules(_Section):
    starting_charge: NonNegativeInt
    charge_limit: NonNegativeInt
    charge_gain: NonNegativeInt
    weakens_removed: NonNegativeInt
    uses_per_turn: PositiveInt = 1


class EndRules(_Section):
    winning_vp: PositiveInt
    cycles_to_end: PositiveInt
    to_the_bitter_end: bool


class BoardRules(_Section):
    columns: PositiveInt
    domain_rows: PositiveInt
    neutral_rows: NonNegativeInt
    stronghold_column: PositiveInt
    assault_zone_columns: tuple[PositiveInt, ...] = Field(min_length=1)
    fortified_columns: tuple[PositiveInt, ...]

    @model_validator(mode="after")
    def _inside(self) -> BoardRules:
        for name in ("assault_zone_columns", "fortified_columns"):
            for column in getattr(self, name):
                if column > self.columns:
                    raise ValueError(f"{name}: column {column} is off the board")
        if self.stronghold_column > self.columns:
            raise ValueError("stronghold_column is off the board")
        if not set(self.fortified_columns) <= set(self.assault_zone_columns):
            raise ValueError("fortified_columns must lie inside assault_zone_columns")
        return self

    @property
    def assault_zone_spaces(self) -> int:
        """The spaces of an assault zone: its columns across the domain's rows."""
        return len(self.assault_zone_columns) * self.domain_rows

    @property
    def fortified_spaces(self) -> int:
        return len(self.fortified_columns)


class DominumRules(_Section, WithLimits):
    power_deck: PowerDeckRules
    attack: AttackRules
    assault: AssaultRules
    rounds: RoundRules
    forces: ForceRules
    battlefield: BattlefieldRules
    movement: MovementRules
    stronghold: StrongholdRules
    end: EndRules
    board: BoardRules

    @model_validator(mode="after")
    def _cycles_fit_counters(self) -> DominumRules:
        if self.end.cycles_to_end > len(self.power_deck.cycle_counters):
            raise ValueError("end.cycles_to_end is more than the cycle counters a player has")
        return self


def load_rules(data_dir: str | Path | None = None) -> DominumRules:
    """The rules file from a data folder (the shipped card_data/dominum by default)."""
    return load_toml_model(game_data_dir("dominum", data_dir) / RULES_FILE, DominumRules)


@lru_cache(maxsize=1)
def default_rules() -> DominumRules:
    """The shipped rules, loaded once."""
    return load_rules()
