"""What an attack's flags mean, read once for every command that takes them.

`domekit deathdome attack` (the calculator) and `domekit odds deathdome attack` take the same
attacker and defender flags: a weapon, unit types and their stats from the card data, push back on
N of a kind, what lies behind the target. `attack_sides` turns them into the engine's inputs with
the same checks and messages for both. Card data is loaded only when a flag names a card.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from toolkit.errors import DomekitError
from toolkit.games.deathdome.config import RulesConfig
from toolkit.games.deathdome.rules import BEHIND, WeaponProfile


def card_data(data: Path | None) -> Any:
    """The Death Dome cards (units, items, sets) from `data` or the shipped card_data."""
    from toolkit.games.deathdome.data import load_deathdome

    return load_deathdome(data)


def weapon_profile(item: Any) -> WeaponProfile:
    """A weapon card from items.csv as the engine's WeaponProfile."""
    return WeaponProfile(
        strength=item.strength or 0,
        attack=item.attack or "ranged",
        range=item.range,
        push_on=item.push_on,
        splash=item.splash,
        incapacitate=item.incapacitate,
        ignore_los=item.ignore_los,
        name=item.name,
    )


def find_weapon(cards: Any, name: str) -> Any:
    """The weapon card named `name` (items.csv); an unknown name or a non-weapon is an error."""
    item = cards.item_by_name(name)
    if item is None:
        raise DomekitError(f"unknown weapon {name!r}; see items.csv for the names")
    if item.kind != "weapon":
        raise DomekitError(f"{item.name} is {item.kind}, not a weapon")
    return item


def find_unit(cards: Any, unit_type: str, flag: str) -> Any:
    """The unit type named `unit_type` (units.csv); an unknown type names the flag."""
    unit = cards.units.get(unit_type.strip().lower())
    if unit is None:
        raise DomekitError(
            f"{flag}: unknown unit type {unit_type!r}; expected one of {', '.join(cards.units)}"
        )
    return unit


@dataclass(frozen=True)
class AttackSides:
    """The engine's inputs an attack's flags give, card data and overrides applied."""

    weapon: WeaponProfile
    skill: int
    toughness: int
    vitae: int


def attack_sides(
    rules: RulesConfig,
    data: Path | None,
    *,
    weapon: str | None = None,
    unit: str | None = None,
    defender: str | None = None,
    weapon_strength: int | None = None,
    push_on: int | None = None,
    skill: int | None = None,
    toughness: int | None = None,
    vitae: int | None = None,
    behind: str = "empty",
) -> AttackSides:
    """--weapon, --unit and --defender read from the card data; a number given as a flag
    (--weapon-strength, --push-on, --skill, --toughness, --vitae) wins over the card's. A weapon
    comes only from the unit's own deck (rule: Item Cards)."""
    profile = WeaponProfile()
    if weapon or unit or defender:
        cards = card_data(data)
        if weapon:
            item = find_weapon(cards, weapon)
            profile = weapon_profile(item)
            if unit and item.deck != unit.strip().lower():
                raise DomekitError(
                    f"{item.name} is a {item.deck} weapon; a {unit} carries only weapons from "
                    f"its own deck (rule: Item Cards)"
                )
        if unit:
            found = find_unit(cards, unit, "--unit")
            skill = found.skill if skill is None else skill
        if defender:
            found = find_unit(cards, defender, "--defender")
            toughness = found.toughness if toughness is None else toughness
            vitae = found.vitae if vitae is None else vitae
    if vitae is None:
        raise DomekitError("--vitae is needed (or --defender TYPE to take it from units.csv)")
    if behind not in BEHIND:
        raise DomekitError(f"--behind must be one of {', '.join(BEHIND)} (got {behind!r})")
    if push_on is not None:
        rules.limits.check("push_back_of_a_kind", push_on, "--push-on: push back on N of a kind")
    profile = replace(
        profile,
        strength=profile.strength if weapon_strength is None else weapon_strength,
        push_on=profile.push_on if push_on is None else push_on,
    )
    return AttackSides(profile, skill or 0, toughness or 0, vitae)
