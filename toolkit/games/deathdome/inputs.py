"""What an attack's flags mean, read once for every command that takes them.

`domekit deathdome attack` (the calculator) and `domekit odds deathdome attack` take the same
attacker and defender flags: what a real table knows. The items each unit carries
(`--attacker-items`, `--defender-items`: ids from items.csv; its weapon, armour, equipment, the
combos and set bonuses they make), the team's other items (a set bonus needs all 3 owned), the
drugs and cards whose effects last on a unit, unit types and their stats from the card data, push
back on N of a kind, what lies behind the target. `attack_sides` turns them into the engine's
inputs through `loadout` (the match engine's own), with the same checks and messages for both.
A number given as a flag (--weapon-strength, --push-on, --skill, --toughness, --vitae, --armor)
is the whole value: it wins over what the cards would give. Card data is loaded only when a flag
names a card.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from toolkit.errors import DomekitError
from toolkit.games.deathdome.config import RulesConfig
from toolkit.games.deathdome.effects import STATS
from toolkit.games.deathdome.rules import BEHIND, Defender, WeaponProfile


def card_data(data: Path | None) -> Any:
    """The Death Dome cards (units, items, sets, combos) from `data` or the shipped card_data."""
    from toolkit.games.deathdome.data import load_deathdome

    return load_deathdome(data)


def find_weapon(cards: Any, name: str) -> Any:
    """The weapon card named `name` (items.csv); an unknown name or a non-weapon is an error."""
    item = cards.item_by_name(name)
    if item is None:
        raise DomekitError(f"unknown weapon {name!r}; see items.csv for the names")
    if item.kind != "weapon":
        raise DomekitError(f"{item.name} is {item.kind}, not a weapon")
    if item.attack is None:
        raise DomekitError(f"{item.name} is a drug for friends: it does not attack")
    return item


def find_unit(cards: Any, unit_type: str, flag: str) -> Any:
    """The unit type named `unit_type` (units.csv); an unknown type names the flag."""
    unit = cards.units.get(unit_type.strip().lower())
    if unit is None:
        raise DomekitError(
            f"{flag}: unknown unit type {unit_type!r}; expected one of {', '.join(cards.units)}"
        )
    return unit


def item_ids(cards: Any, text: str | None, flag: str, *, lasting: bool = False) -> list[str]:
    """Items named by id (`riot-shield,kevlar-vest`), each checked against items.csv (and, for
    what lasts on a unit, special_play.csv): an unknown id names the flag and the nearest id."""
    if not text:
        return []
    known = list(cards.items)
    if lasting:
        known += [card.id for card in cards.special_play]
    found = []
    for part in (p.strip().lower() for p in text.split(",")):
        if not part:
            continue
        if part not in known:
            close = difflib.get_close_matches(part, known, n=1, cutoff=0.5)
            hint = f"; did you mean {close[0]!r}?" if close else ""
            where = "items.csv" + (" or special_play.csv" if lasting else "")
            raise DomekitError(f"{flag}: no item {part!r} in {where}{hint}")
        found.append(part)
    return found


def card_id(cards: Any, name: str, flag: str) -> str:
    """A Special Play card named by its id or name; an unknown one names the flag and the
    nearest id."""
    card = cards.card_by_name(name)
    if card is None:
        known = [c.id for c in cards.special_play]
        close = difflib.get_close_matches(name.lower(), known, n=1, cutoff=0.5)
        hint = f"; did you mean {close[0]!r}?" if close else ""
        raise DomekitError(f"{flag}: no Special Play card {name!r} in special_play.csv{hint}")
    return str(card.id)


@dataclass(frozen=True)
class AttackSides:
    """The engine's inputs an attack's flags give, card data and overrides applied: the weapon,
    the attacker's Skill, and the target as it defends (cards not yet played)."""

    weapon: WeaponProfile
    skill: int
    toughness: int
    vitae: int
    target: Defender = Defender(cards=())
    carried: tuple[Any, ...] = ()  # the defender's items (one it uses on its stack: Smoke Bombs)
    applied: list[Any] = field(default_factory=list)  # loadout.Applied: the cards' effects
    steps: list[str] = field(default_factory=list)
    items: dict[str, list[str]] = field(default_factory=dict)  # the ids the flags named


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
    armor: tuple[int, ...] | None = None,
    defense_bonus: int = 0,
    attacker_items: str | None = None,
    defender_items: str | None = None,
    team_items: str | None = None,
    defender_team_items: str | None = None,
    attacker_drugs: str | None = None,
    defender_drugs: str | None = None,
    adjacent: bool | None = None,
) -> AttackSides:
    """--weapon, --unit, --defender and the items read from the card data; a number given as a
    flag (--weapon-strength, --push-on, --skill, --toughness, --vitae, --armor) wins over the
    cards'. A weapon comes only from the unit's own deck (rule: Item Cards)."""
    if behind not in BEHIND:
        raise DomekitError(f"--behind must be one of {', '.join(BEHIND)} (got {behind!r})")
    if push_on is not None:
        rules.limits.check("push_back_of_a_kind", push_on, "--push-on: push back on N of a kind")
    named = (weapon, unit, defender, attacker_items, defender_items, attacker_drugs, defender_drugs)
    if not any(named) and not (team_items or defender_team_items):
        if vitae is None:
            raise DomekitError("--vitae is needed (or --defender TYPE to take it from units.csv)")
        profile = replace(
            WeaponProfile(),
            strength=weapon_strength or 0,
            push_on=push_on,
        )
        target = Defender(
            cards=(), armour=armor or (), toughness=toughness or 0, bonus=defense_bonus,
            vitae=vitae, behind=behind,  # type: ignore[arg-type]
        )  # fmt: skip
        return AttackSides(profile, skill or 0, toughness or 0, vitae, target)
    return _from_cards(
        rules, card_data(data), weapon=weapon, unit=unit, defender=defender,
        weapon_strength=weapon_strength, push_on=push_on, skill=skill, toughness=toughness,
        vitae=vitae, behind=behind, armor=armor, defense_bonus=defense_bonus,
        attacker_items=attacker_items, defender_items=defender_items, team_items=team_items,
        defender_team_items=defender_team_items, attacker_drugs=attacker_drugs,
        defender_drugs=defender_drugs, adjacent=adjacent,
    )  # fmt: skip


def _from_cards(
    rules: RulesConfig,
    cards: Any,
    *,
    weapon: str | None,
    unit: str | None,
    defender: str | None,
    weapon_strength: int | None,
    push_on: int | None,
    skill: int | None,
    toughness: int | None,
    vitae: int | None,
    behind: str,
    armor: tuple[int, ...] | None,
    defense_bonus: int,
    attacker_items: str | None,
    defender_items: str | None,
    team_items: str | None,
    defender_team_items: str | None,
    attacker_drugs: str | None,
    defender_drugs: str | None,
    adjacent: bool | None,
) -> AttackSides:
    from toolkit.games.deathdome import loadout

    ids = {
        "attacker_items": item_ids(cards, attacker_items, "--attacker-items"),
        "defender_items": item_ids(cards, defender_items, "--defender-items"),
        "team_items": item_ids(cards, team_items, "--team-items"),
        "defender_team_items": item_ids(cards, defender_team_items, "--defender-team-items"),
        "attacker_drugs": item_ids(cards, attacker_drugs, "--attacker-drugs", lasting=True),
        "defender_drugs": item_ids(cards, defender_drugs, "--defender-drugs", lasting=True),
    }
    attacker_type = find_unit(cards, unit, "--unit") if unit else None
    defender_type = find_unit(cards, defender, "--defender") if defender else None
    _check_carried(rules, cards, ids["attacker_items"], unit, "--attacker-items")
    _check_carried(rules, cards, ids["defender_items"], defender, "--defender-items")
    mine = loadout.unit_cards(
        cards, ids["attacker_items"], ids["attacker_drugs"],
        [*ids["team_items"], *ids["attacker_items"]],
    )  # fmt: skip
    theirs = loadout.unit_cards(
        cards, ids["defender_items"], ids["defender_drugs"],
        [*ids["defender_team_items"], *ids["defender_items"]],
    )  # fmt: skip
    item = _weapon(cards, weapon, ids["attacker_items"], unit)
    profile, applied = loadout.weapon_profile(item, mine) if item else (loadout.NO_WEAPON, [])
    if weapon_strength is not None:
        profile = replace(profile, strength=weapon_strength)
    if push_on is not None:
        profile = replace(profile, push_on=push_on)
    steps: list[str] = []
    guarded = loadout.unit_stats(_base(defender_type), theirs)
    skill = _stat(loadout.unit_stats(_base(attacker_type), mine), "skill", skill, applied, steps)
    toughness = _stat(guarded, "toughness", toughness, applied, steps)
    if vitae is None:
        if defender_type is None:
            raise DomekitError("--vitae is needed (or --defender TYPE to take it from units.csv)")
        vitae = guarded.stats["vitae"]
    reach = profile.range if profile.range is not None else _reach(profile, rules)
    if adjacent is None:
        adjacent = reach == 1
    wears = loadout.guard(theirs)
    if armor is not None:
        wears = replace(
            wears, armour=armor, applied=[a for a in wears.applied if a.effect.word != "T"]
        )
    target = Defender(
        cards=(),
        armour=wears.armour,
        toughness=toughness,
        bonus=defense_bonus,
        vitae=vitae,
        behind=behind,  # type: ignore[arg-type]
        prevent_push_back=wears.prevent_push_back,
        retaliate=wears.retaliate,
        adjacent=adjacent,
        immune_incapacitate=wears.immune_incapacitate,
    )
    applied += wears.applied
    sets = [s for s in (*mine.set_steps, *theirs.set_steps) if ":" in s]
    return AttackSides(
        profile, skill, toughness, vitae, target, theirs.carried, applied, [*steps, *sets], ids,
    )  # fmt: skip


def _base(unit_type: Any) -> dict[str, int]:
    """A unit type's four stats (units.csv), or 0s when no type is named."""
    return {stat: getattr(unit_type, stat) if unit_type else 0 for stat in STATS}


def _stat(found: Any, stat: str, given: int | None, applied: list[Any], steps: list[str]) -> int:
    """A stat as the cards in play make it (their effects and steps added to `applied` and
    `steps`), or `given` by its flag: then it is the whole value, the cards add nothing."""
    if given is None:
        applied += [a for a in found.applied if _raises(a, stat)]
        steps += [s for s in found.steps if s.endswith(stat)]
        return int(found.stats[stat])
    if any(_raises(a, stat) for a in found.applied):
        steps.append(f"--{stat} {given} given: it is the {stat}; the cards' bonuses are not added")
    return given


def _raises(applied: Any, stat: str) -> bool:
    effect = applied.effect
    if effect.word == "set bonus":
        return bool(effect.args[0] == stat)
    from toolkit.games.deathdome.loadout import STAT_WORDS

    return STAT_WORDS.get(effect.word) == stat


def _reach(profile: WeaponProfile, rules: RulesConfig) -> int:
    from toolkit.games.deathdome.rules import weapon_reach

    return weapon_reach(profile, rules)


def _weapon(cards: Any, weapon: str | None, carried: list[str], unit: str | None) -> Any:
    """The weapon of the attack: --weapon (one the attacker carries, when --attacker-items names
    its items), else the one attacking weapon among its items."""
    if weapon:
        item = find_weapon(cards, weapon)
        if carried and item.id not in carried:
            raise DomekitError(
                f"--weapon {weapon!r} is not among --attacker-items ({', '.join(carried)})"
            )
    else:
        attacking = [cards.items[i] for i in carried if cards.items[i].attack]
        if len(attacking) > 1:
            names = " and ".join(w.name for w in attacking)
            raise DomekitError(f"--attacker-items carries {names}: say which with --weapon")
        item = attacking[0] if attacking else None
    if item is not None and unit and item.deck != unit.strip().lower():
        raise DomekitError(
            f"{item.name} is a {item.deck} weapon; a {unit} carries only weapons from "
            f"its own deck (rule: Item Cards)"
        )
    return item


def _check_carried(
    rules: RulesConfig, cards: Any, ids: list[str], unit: str | None, flag: str
) -> None:
    """ "Each one of your units may carry up to three items maximum"; "Units may only carry
    weapons from their respective decks": the unit's type when it is given, else one deck."""
    from toolkit.games.deathdome.rules import ItemProfile, check_loadout

    items = [cards.items[i] for i in ids]
    decks = {item.deck for item in items if item.kind == "weapon"}
    unit_type = unit.strip().lower() if unit else (decks.pop() if len(decks) == 1 else None)
    if unit_type is None and decks:
        raise DomekitError(f"{flag}: weapons from the {' and '.join(sorted(decks))} decks")
    profiles = [
        ItemProfile(item.id, item.kind, item.deck, item.price, item.set, item.name)
        for item in items
    ]
    check = check_loadout(unit_type or "any unit", profiles, rules)
    if not check.allowed:
        raise DomekitError(f"{flag}: {'; '.join(check.problems)} (rule: Item Cards)")
