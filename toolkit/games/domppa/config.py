"""Domppa's rule numbers, read from card_data/domppa/rules.toml (never literals in code)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr, model_validator

from toolkit.data.effects import Vocabulary
from toolkit.games.domppa.words import ABILITY_KEYS
from toolkit.rule_limits import WithLimits

Darkness = Literal["night", "pitch_dark", "blind"]


class _Section(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class DiceConfig(_Section):
    sides: int = Field(ge=2)
    explode_on: int = Field(ge=2)
    explosion_penalty: int = Field(ge=0)

    @model_validator(mode="after")
    def _explode_on_a_face(self) -> DiceConfig:
        if self.explode_on > self.sides:
            raise ValueError("explode_on must be a face of the die")
        return self


class HealthTier(_Section):
    from_: int = Field(alias="from", ge=1)
    to: int = Field(ge=1)
    hp_each: int = Field(ge=0)


class HitPointsConfig(_Section):
    tiers: tuple[HealthTier, ...] = Field(min_length=1)
    night_rest_fraction_divisor: int = Field(ge=1)

    @model_validator(mode="after")
    def _contiguous(self) -> HitPointsConfig:
        expected = 1
        for tier in self.tiers:
            if tier.from_ != expected or tier.to < tier.from_:
                raise ValueError(
                    f"tiers must run on from Health 1 without gaps (expected {expected})"
                )
            expected = tier.to + 1
        return self

    @property
    def largest(self) -> int:
        """The HP of the table's last Health: the most HP a character can have."""
        return sum((tier.to - tier.from_ + 1) * tier.hp_each for tier in self.tiers)


class SizeStep(_Section):
    max_hp_up_to: int = Field(ge=0)
    size: int = Field(ge=0)


class SizeConfig(_Section):
    table: tuple[SizeStep, ...]
    largest: int = Field(ge=0)
    square_capacity: int = Field(ge=1)

    @model_validator(mode="after")
    def _rising(self) -> SizeConfig:
        limits = [step.max_hp_up_to for step in self.table]
        if limits != sorted(set(limits)):
            raise ValueError("size table limits must rise")
        return self


class ProtectionConfig(_Section):
    cap: int = Field(ge=0)
    excess_divisor: int = Field(ge=1)
    head_hit_percent: int = Field(ge=0, le=100)
    base: int = Field(ge=0)


class EncumbranceConfig(_Section):
    base: int = Field(ge=0)
    spell_equipment_multiplier: int = Field(ge=0)


class ActionPointsConfig(_Section):
    base: int = Field(ge=0)


class MeleeConfig(_Section):
    roll_offset: int
    damage_roll_offset: int


class RangedConfig(_Section):
    target_base: int
    parry_multiplier: int = Field(ge=0)
    range_divisor: int = Field(ge=1)


class AoeConfig(_Section):
    target_base: int
    distance_divisor: int = Field(ge=1)
    scatter_divisor: int = Field(ge=1)


class DamageTypesConfig(_Section):
    blunt_head_multiplier: int = Field(ge=1)
    piercing_ignores_percent: int = Field(ge=0, le=100)
    slashing_damage_percent: int = Field(ge=100)
    armor_piercing_ignores_percent: int = Field(ge=0, le=100)
    armor_negating_ignores_percent: int = Field(ge=0, le=100)


class ElementsConfig(_Section):
    elemental: tuple[str, ...]
    stun_resistance_multiplier: int = Field(ge=1)


class FireConfig(_Section):
    ignites_on_face: int = Field(ge=1)
    burn_die_sides: int = Field(ge=1)
    put_out_base_percent: int
    put_out_per_fire_resist: int
    put_out_per_cold_scale: int
    put_out_rain_percent: int


class ColdConfig(_Section):
    freezes_from: int = Field(ge=1)
    freeze_die_sides: int = Field(ge=1)
    warm_up_base_percent: int
    warm_up_per_cold_resist: int
    warm_up_per_heat_scale: int


class PoisonConfig(_Section):
    percent_per_turn: int = Field(ge=1, le=100)


class ParalysisConfig(_Section):
    divisor: int = Field(ge=1)
    also_takes_hp: bool


class FatigueConfig(_Section):
    penalty_step: int = Field(ge=1)
    incapacitated_at: int = Field(ge=1)
    incapacitated_recovery_die: int = Field(ge=1)
    rest_recovery: int = Field(ge=0)


class DarknessConfig(_Section):
    penalty: dict[Darkness, int]
    dark_vision_penalty: dict[Darkness, int]
    dark_vision_percent: int = Field(ge=0, le=100)

    @model_validator(mode="after")
    def _all_levels(self) -> DarknessConfig:
        for table in (self.penalty, self.dark_vision_penalty):
            if set(table) != {"night", "pitch_dark", "blind"}:
                raise ValueError("darkness tables need night, pitch_dark and blind")
        return self


class MoraleConfig(_Section):
    target_base: int
    missing_step_percent: int = Field(ge=1, le=100)
    fleeing_penalty: int = Field(ge=0)
    berserk_morale: int


class FearConfig(_Section):
    divisor: int = Field(ge=1)
    per_death_path: int = Field(ge=0)


class AweConfig(_Section):
    roll_offset: int
    target_base: int


class MagicResistanceConfig(_Section):
    penetration_base: int
    path_divisor: int = Field(ge=1)


class LanceConfig(_Section):
    bonus_per_square: int = Field(ge=0)
    protection_step: int = Field(ge=1)
    broken_below: int
    whole_from: int

    @model_validator(mode="after")
    def _order(self) -> LanceConfig:
        if self.whole_from < self.broken_below:
            raise ValueError("whole_from must not be below broken_below")
        return self


class ArmourConfig(_Section):
    top_tier: int = Field(ge=0)
    heavy_helmet_from: int = Field(ge=0)


class HandsConfig(_Section):
    per_character: int = Field(ge=1)


class UnarmedConfig(_Section):
    damage: int = Field(ge=0)
    length: int = Field(ge=0)
    damage_type: Literal[
        "none", "blunt", "piercing", "slashing", "armor-piercing", "armor-negating"
    ]


class DecayConfig(_Section):
    injury_modifier: int


class ActionSpec(_Section):
    cost: int = Field(ge=0)
    diagonal: int | None = Field(default=None, ge=0)
    per_square: bool = False
    all_remaining: bool = False
    bodyguard: bool = False
    requires: str | None = None
    text: str


class ActionsConfig(_Section):
    difficult_terrain_extra: int = Field(ge=0)
    table: dict[str, ActionSpec]


class AbilitiesConfig(_Section):
    formation_fighter_bonus: int
    standard_morale: int
    heat_aura_damage_offset: int
    heat_aura_areas: tuple[int, ...] = Field(min_length=1)
    fire_shield_free_paths: int = Field(ge=0)
    riding_defence: int
    chariot_defence: int
    healer_recuperation_level: int = Field(ge=1)
    pillage_die_sides: int = Field(ge=1)
    pillage_multiplier: int = Field(ge=0)
    stealth_per_die: int = Field(ge=1)
    stealth_success_from: int = Field(ge=1)
    stealth_die_sides: int = Field(ge=1)
    icarian_wings_fire_resist: int

    @model_validator(mode="after")
    def _areas_rise(self) -> AbilitiesConfig:
        areas = list(self.heat_aura_areas)
        if areas != sorted(set(areas)):
            raise ValueError("heat_aura_areas must rise")
        return self


class DomppaRules(_Section, WithLimits):
    """The whole of rules.toml, validated."""

    dice: DiceConfig
    hit_points: HitPointsConfig
    size: SizeConfig
    protection: ProtectionConfig
    encumbrance: EncumbranceConfig
    action_points: ActionPointsConfig
    melee: MeleeConfig
    ranged: RangedConfig
    aoe: AoeConfig
    damage_types: DamageTypesConfig
    elements: ElementsConfig
    fire: FireConfig
    cold: ColdConfig
    poison: PoisonConfig
    paralysis: ParalysisConfig
    fatigue: FatigueConfig
    darkness: DarknessConfig
    morale: MoraleConfig
    fear: FearConfig
    awe: AweConfig
    magic_resistance: MagicResistanceConfig
    lance: LanceConfig
    armour: ArmourConfig
    hands: HandsConfig
    unarmed: UnarmedConfig
    decay: DecayConfig
    actions: ActionsConfig
    abilities: AbilitiesConfig
    _vocabulary: Vocabulary | None = PrivateAttr(default=None)

    @property
    def vocabulary(self) -> Vocabulary:
        """The effect words of the same data folder (effects.toml: data.load_rules reads both)."""
        if self._vocabulary is None:
            raise RuntimeError("these rules were read without their effects.toml (data.load_rules)")
        return self._vocabulary

    def with_vocabulary(self, vocabulary: Vocabulary) -> DomppaRules:
        """These rules with their folder's effect words."""
        self._vocabulary = vocabulary
        return self

    @property
    def lance_squares(self) -> int:
        """The most squares a character can charge and still attack: the AP with no equipment
        less the attack's least cost, over a square's cost."""
        table = self.actions.table
        return (self.action_points.base - table["attack"].cost) // table["move"].cost

    @model_validator(mode="after")
    def _actions_need_known_abilities(self) -> DomppaRules:
        for key, action in self.actions.table.items():
            if action.requires is not None and action.requires not in ABILITY_KEYS:
                raise ValueError(f"action {key!r} requires unknown ability {action.requires!r}")
        return self
