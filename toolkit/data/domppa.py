"""Loading Domppa's card_data: rules.toml, characters.csv, weapons.csv, armour.csv, shields.csv.

Every problem is a located `DataError` (file, row, field). Columns are documented in
card_data/domppa/README.md.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from toolkit.data import game_data_dir, load_csv_models, load_toml_model, read_csv
from toolkit.errors import DataError, DomekitError
from toolkit.games.domppa.config import DomppaRules

GAME = "domppa"
DAMAGE_TYPES = ("blunt", "piercing", "slashing", "armor-piercing", "armor-negating")
ELEMENTS = ("none", "fire", "cold", "poison", "paralysis")


def load_rules(folder: str | Path | None = None) -> DomppaRules:
    """rules.toml from the shipped data (cached) or from a user's folder."""
    if folder is None:
        return _shipped_rules()
    return load_toml_model(game_data_dir(GAME, folder) / "rules.toml", DomppaRules)


@lru_cache(maxsize=1)
def _shipped_rules() -> DomppaRules:
    return load_toml_model(game_data_dir(GAME) / "rules.toml", DomppaRules)


class _Row(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


def _split(value: str) -> tuple[str, ...]:
    return tuple(part.strip() for part in value.split("|") if part.strip())


class CharacterRow(_Row):
    name: str = Field(min_length=1)
    health: int = Field(ge=0)
    protection_body: int = Field(ge=0)
    protection_head: int = Field(ge=0)
    protection_natural: int = Field(ge=0)
    magic_resistance: int = Field(ge=0)
    morale: int
    strength: int
    attack: int
    defence: int = Field(ge=0)
    precision: int
    equipment_encumbrance: int = Field(ge=0)
    size: int | None = Field(default=None, ge=0)
    abilities: str = ""
    notes: str = ""


class WeaponRow(_Row):
    name: str = Field(min_length=1)
    damage: int = Field(ge=0)
    length: int = Field(ge=0)
    damage_types: tuple[str, ...]
    element: Literal["none", "fire", "cold", "poison", "paralysis"] = "none"
    stun: bool = False
    range: int | None = Field(default=None, ge=0)
    encumbrance: int = Field(default=0, ge=0)
    notes: str = ""

    @field_validator("damage_types", mode="before")
    @classmethod
    def _types(cls, value: object) -> object:
        if isinstance(value, str):
            value = _split(value)
        for name in value:  # type: ignore[union-attr]
            if name not in DAMAGE_TYPES:
                raise ValueError(f"{name!r} is not one of {', '.join(DAMAGE_TYPES)}")
        if not value:
            raise ValueError(f"name at least one of {', '.join(DAMAGE_TYPES)}")
        return value


class ArmourRow(_Row):
    name: str = Field(min_length=1)
    slot: Literal["body", "head"]
    protection: int = Field(ge=0)
    encumbrance: int = Field(ge=0)
    notes: str = ""


class ShieldRow(_Row):
    name: str = Field(min_length=1)
    parry: int = Field(ge=0)
    protection: int = Field(ge=0)
    encumbrance: int = Field(ge=0)
    notes: str = ""


def _folder(folder: str | Path | None) -> Path:
    return game_data_dir(GAME, folder)


def load_characters(
    folder: str | Path | None = None, rules: DomppaRules | None = None
) -> list[CharacterRow]:
    """characters.csv; every ability must be one the rules name."""
    from toolkit.games.domppa.abilities import parse_abilities

    path = _folder(folder) / "characters.csv"
    rows = load_csv_models(path, CharacterRow, key="name")
    rules = rules or load_rules(folder)
    numbers = [number for number, _ in read_csv(path)]
    for number, row in zip(numbers, rows, strict=True):
        try:
            parse_abilities(rules, row.abilities)
        except DomekitError as exc:
            raise DataError(path, str(exc), row=number, field="abilities") from None
    return rows


def load_weapons(folder: str | Path | None = None) -> list[WeaponRow]:
    return load_csv_models(_folder(folder) / "weapons.csv", WeaponRow, key="name")


def load_armour(folder: str | Path | None = None) -> list[ArmourRow]:
    return load_csv_models(_folder(folder) / "armour.csv", ArmourRow, key="name")


def load_shields(folder: str | Path | None = None) -> list[ShieldRow]:
    return load_csv_models(_folder(folder) / "shields.csv", ShieldRow, key="name")
