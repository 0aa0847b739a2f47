"""What a Domppa combat is, as frozen values: the roster of characters, the round, whose turn it
is, the light and the dice rolled so far (toolkit/games/domppa/match.py says how it changes);
what a character's numbers are under its conditions now; and the state's JSON form, as the
tracker has always stored it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, ValidationError

from toolkit.errors import DomekitError, RuleError
from toolkit.games.domppa import conditions as cond
from toolkit.games.domppa.abilities import (
    Ability,
    ability_value,
    parse_abilities,
    party_morale_bonus,
    resist_against,
)
from toolkit.games.domppa.config import Darkness, DomppaRules
from toolkit.games.domppa.data import (
    UNARMED,
    CharacterRow,
    DomppaKitData,
    MountRow,
    ShieldRow,
    WeaponRow,
    derive,
)
from toolkit.games.domppa.gear import MountBonus, mounted_stats
from toolkit.games.domppa.rules import two_weapon_penalty
from toolkit.parsing import Json

RULE_COMBAT = "Combat"
RULE_TURN = "Action Points: a character acts on its own turn"
RULE_OUT = "Hit Points: a character at 0 HP is out of the combat"
RULE_ATTACK = "Actions: attack"
OVER = "this combat is over; start the next one"

# ------------------------------------------------------------------------------------ state


@dataclass(frozen=True)
class Combatant:
    """A character in the combat: its sheet, what the rules derived from it when it joined the
    roster, and how it stands now."""

    id: str
    name: str
    row: CharacterRow  # the sheet as characters.csv (or the add form) has it
    from_data: bool  # from the kit's characters.csv, not entered by hand
    max_hp: int
    size: int
    encumbrance: int
    max_ap: int
    abilities: tuple[str, ...]  # as the character card shows them
    hp: int
    ap: int
    side: str = ""
    in_combat: bool = True
    weapon: str = ""  # a weapons.csv name, blank for none
    shield: str = ""  # a shields.csv name, blank for none
    fatigue: int = 0
    blows: int = 0  # blows received this round
    burning: bool = False
    freezing: bool = False
    poison: tuple[int, ...] = ()  # the poison damage still to come, turn by turn
    paralysed: int = 0  # rounds
    fleeing: bool = False
    berserk: int = 0  # Berserk's X while berserk
    resting: bool = False  # rest mode
    morale_due: bool = False  # took damage and owes a morale test
    off_hand: str = ""  # a second weapon held: two-weapon fighting (blank for none)
    mount: str = ""  # the mounts.csv horse or chariot it rides (blank: on foot)
    formation: str = ""  # "attack" or "defence": the formation fighter's +2 this round
    struck: tuple[str, ...] = ()  # the weapons it has struck with in this turn's attack
    decayed: bool = False  # fell to a decay strike: afflictions too, injury roll +2
    standard: bool = False  # its standard is up: +1 to its party's morale while it is in the combat
    skills: tuple[Ability, ...] = field(default=(), compare=False, repr=False)
    """The sheet's abilities as the rules read them (what `abilities` shows)."""

    @property
    def out(self) -> bool:
        return self.hp <= 0


@dataclass(frozen=True)
class LastAttack:
    """The latest attack, as the table's status shows it."""

    text: str
    summary: str
    steps: tuple[str, ...]


@dataclass(frozen=True)
class MatchState:
    """One combat of a kit (a kit's combats follow each other; there is no campaign)."""

    data: DomppaKitData = field(compare=False, repr=False)
    data_dir: str | None  # the kit's card data folder (None: the shipped card_data/domppa)
    seed: int
    combat: int = 1
    round: int = 1
    active: str | None = None  # the character whose turn it is
    acted: tuple[str, ...] = ()  # the characters whose turn has started this round
    darkness: Darkness | None = None  # None: daylight
    rolls: int = 0  # dice the tracker has rolled so far
    roster: tuple[Combatant, ...] = ()
    last: LastAttack | None = None
    over: bool = False
    inspired: tuple[tuple[str, int], ...] = ()
    """The Inspirational X used this turn, by the side (party) it inspires: "The party gets the
    inspirational bonuses this turn"."""

    @property
    def rules(self) -> DomppaRules:
        return self.data.rules

    def find(self, unit_id: str) -> Combatant | None:
        return next((c for c in self.roster if c.id == unit_id), None)

    def seat_name(self, unit_id: str | None) -> str:
        """A character as a refusal names it."""
        if unit_id is None:
            return "nobody"
        found = self.find(unit_id)
        return found.name if found is not None else unit_id

    def text(self) -> str:
        """The combat in one line, as a refusal names it (its FEN): `combat 1, round 2, Knight's
        turn (4 AP left)`, or whose turn it is not yet (`nobody's turn, 2 of 5 have acted`)."""
        where = f"combat {self.combat}, round {self.round}"
        if self.over:
            return f"{where}, over"
        unit = self.find(self.active) if self.active is not None else None
        if unit is not None:
            return f"{where}, {unit.name}'s turn ({unit.ap} AP left)"
        fighting = sum(1 for u in self.roster if u.in_combat and not u.out)
        return f"{where}, nobody's turn, {len(self.acted)} of {fighting} have acted"


@dataclass(frozen=True)
class Outcome:
    """What an action did, step by step (and in a word, for attacks and morale tests)."""

    steps: tuple[str, ...]
    summary: str | None = None


def combatant(rules: DomppaRules, row: CharacterRow, *, from_data: bool) -> Combatant:
    """A character at full HP and AP, its derived stats from the rules (data.derive)."""
    sheet = derive(rules, row)
    return Combatant(
        id=sheet.id,
        name=row.name,
        row=row,
        from_data=from_data,
        max_hp=sheet.hp,
        size=sheet.size,
        encumbrance=sheet.encumbrance,
        max_ap=sheet.ap,
        abilities=tuple(str(ability) for ability in sheet.abilities),
        hp=sheet.hp,
        ap=sheet.ap,
        side=row.side,  # the side its sheet gives (characters.csv)
        skills=sheet.abilities,
    )


def with_units(state: MatchState, *changed: Combatant) -> MatchState:
    """The state with these characters as they are now (in their places on the roster)."""
    by_id = {c.id: c for c in changed}
    return replace(state, roster=tuple(by_id.get(c.id, c) for c in state.roster))


# ---------------------------------------------------------------------------------- lookups


def character(state: MatchState, unit_id: str) -> Combatant:
    """The character of that id on the roster; DomekitError naming the roster otherwise."""
    found = state.find(unit_id.strip())
    if found is None:
        roster = ", ".join(c.id for c in state.roster)
        raise DomekitError(
            f"no character {unit_id.strip()!r} in this combat; the roster is {roster}"
        )
    return found


def fighting_unit(state: MatchState, unit_id: str) -> Combatant:
    """A character who may act or be attacked: in the combat and above 0 HP."""
    unit = character(state, unit_id)
    if not unit.in_combat:
        raise RuleError(RULE_COMBAT, f"{unit.name} is not in this combat (join it first)")
    if unit.out:
        raise RuleError(RULE_OUT, f"{unit.name} is at 0 HP")
    return unit


def weapon_named(state: MatchState, name: str) -> WeaponRow | None:
    """The weapons.csv row of that name (in any case); None for none (a blank, or the forms'
    word for no weapon: unarmed)."""
    if name.strip().casefold() == UNARMED:
        return None
    return _named(state.data.weapons, name, "weapon")


def unarmed(rules: DomppaRules) -> WeaponRow:
    """The blow of a character holding no weapon (rules.toml [unarmed]; the rules give none)."""
    config = rules.unarmed
    types = () if config.damage_type == "none" else (config.damage_type,)
    return WeaponRow.model_construct(
        name=UNARMED, damage=config.damage, length=config.length, damage_types=types,
        element="none", stun=False, range=None, encumbrance=0, notes="", effects="", terms=(),
    )  # fmt: skip


def held_weapons(state: MatchState, unit: Combatant) -> list[WeaponRow]:
    """The weapons in its hands (none: unarmed)."""
    found = [weapon_named(state, name) for name in (unit.weapon, unit.off_hand) if name]
    return [weapon for weapon in found if weapon is not None]


def mount_named(state: MatchState, name: str) -> MountRow | None:
    """The mounts.csv row of that name (in any case); None for none."""
    return _named(state.data.mounts, name, "mount")


def mounted(state: MatchState, unit: Combatant) -> MountBonus | None:
    """What its mount gives it now (None on foot)."""
    mount = mount_named(state, unit.mount) if unit.mount else None
    if mount is None:
        return None
    return mounted_stats(
        state.rules, mount=mount.name, kind=mount.kind, size=mount.size, ap=mount.action_points,
        abilities=frozenset(ability.key for ability in unit.skills),
    )  # fmt: skip


def size_now(state: MatchState, unit: Combatant) -> int:
    """Its size, a mount's added ("Mounts and chariots also raise the size")."""
    riding = mounted(state, unit)
    return unit.size + (riding.size if riding else 0)


def full_ap(state: MatchState, unit: Combatant) -> int:
    """The AP its turn starts with: 12 - equipment encumbrance, a mount's added (Riding,
    Charioteering: "more action points")."""
    riding = mounted(state, unit)
    return unit.max_ap + (riding.ap if riding else 0)


def shield_named(state: MatchState, name: str) -> ShieldRow | None:
    """The shields.csv row of that name (in any case); None for none."""
    return _named(state.data.shields, name, "shield")


Row = TypeVar("Row", WeaponRow, ShieldRow, MountRow)


def _named(rows: Iterable[Row], name: str, what: str) -> Row | None:
    if not name:
        return None
    for row in rows:
        if row.name.casefold() == name.casefold():
            return row
    raise DomekitError(f"no {what} {name!r} in {what}s.csv")


def fighting(state: MatchState, unit: Combatant) -> cond.Fighting:
    """The character's attack, defence, precision and strength under its conditions now: its
    fatigue, the light, fleeing, blows received, berserk, formation fighter, its mount, and two
    weapons in its hands (their lengths' sum, less Ambidextrous X)."""
    row = unit.row
    riding = mounted(state, unit)
    weapons = held_weapons(state, unit)
    penalty, _ = two_weapon_penalty(
        [weapon.length for weapon in weapons] if len(weapons) > 1 else [],
        ability_value(unit.skills, "ambidextrous") or 0,
    )
    return cond.fighting_stats(
        state.rules,
        attack=row.attack,
        defence=row.defence,
        precision=row.precision,
        strength=row.strength,
        conditions=cond.Conditions(
            fatigue=unit.fatigue,
            darkness=state.darkness,
            dark_vision=ability_value(unit.skills, "dark_vision") is not None,
            fleeing=unit.fleeing,
            blows_received=unit.blows,
            berserk=unit.berserk,
            paralysed=unit.paralysed > 0,
            formation="attack"
            if unit.formation == "attack"
            else ("defence" if unit.formation == "defence" else None),
            two_weapon_penalty=penalty,
            mount=riding.kind if riding else None,
        ),
    )


def party_bonus(state: MatchState, unit: Combatant) -> tuple[int, list[str]]:
    """Its party's morale bonus now (its side's: those without a side are one party): the
    largest Inspirational X used this turn, and +1 while a standard bearer of it stands in the
    combat ("Does not stack with other standards; stacks with Inspirational")."""
    bearers = sum(
        1
        for other in state.roster
        if other.standard and other.in_combat and not other.out and other.side == unit.side
    )
    inspired = [value for side, value in state.inspired if side == unit.side]
    if not bearers and not inspired:
        return 0, []
    return party_morale_bonus(state.rules, inspirational=inspired, standards=bearers)


def morale_of(unit: Combatant, fighting: cond.Fighting) -> int:
    """Its morale now: berserk's, else its sheet's."""
    return fighting.morale if fighting.morale is not None else unit.row.morale


@dataclass(frozen=True)
class Standing:
    """How a character stands now, as its page shows it."""

    fighting: cond.Fighting
    fatigue: cond.FatiguePenalty
    morale: int
    can_act: bool
    can_berserk: bool
    put_out_percent: int
    warm_up_percent: int


def standing(state: MatchState, unit: Combatant) -> Standing:
    rules = state.rules
    now = fighting(state, unit)
    return Standing(
        fighting=now,
        fatigue=cond.fatigue_penalty(rules, unit.fatigue),
        morale=morale_of(unit, now),
        can_act=now.can_act and not unit.out,
        can_berserk=ability_value(unit.skills, "berserk") is not None,
        put_out_percent=cond.put_out_chance(
            rules, fire_resist=resist_against(rules, unit.skills, "fire")
        ).percent,
        warm_up_percent=cond.warm_up_chance(
            rules, cold_resist=resist_against(rules, unit.skills, "cold")
        ).percent,
    )


def lose_hp(unit: Combatant, amount: int, steps: list[str], why: str) -> Combatant:
    """HP lost (never below 0); damage calls for a morale test, 0 HP puts it out of the combat."""
    if amount <= 0:
        return unit
    hp = max(0, unit.hp - amount)
    steps.append(f"{unit.name}: {why} {amount}: HP {unit.hp} -> {hp}")
    if hp == 0:
        steps.append(f"{unit.name} is at 0 HP: out of the combat")
    else:
        steps.append(f"{unit.name} took damage: test morale")
    return replace(unit, hp=hp, morale_due=hp > 0)


def targets(state: MatchState, unit: Combatant) -> tuple[Combatant, ...]:
    """Whom the character may attack: every other character in the combat above 0 HP."""
    return tuple(c for c in state.roster if c.in_combat and not c.out and c.id != unit.id)


# ---------------------------------------------------------------------------- the JSON form

GAME = "domppa"


class _StateJson(BaseModel):
    """The JSON form of a state, as the tracker has always stored it (its `game` is the
    tracker's to check)."""

    model_config = ConfigDict(extra="ignore")

    data_dir: str | None = None
    combat: int
    round: int
    active: str | None
    acted: list[str] = []  # states stored before the turn order read as "nobody yet"
    darkness: Literal["", "night", "pitch_dark", "blind"]
    seed: int
    rolls: int
    units: dict[str, Combatant]
    order: list[str]  # the roster's order (a stored JSON object keeps no key order)
    last: LastAttack | None
    over: bool
    inspired: list[tuple[str, int]] = []  # issue 26's (stored only when set)


def state_json(state: MatchState) -> Json:
    """The state's JSON form: what the log stores as a combat's start, exports and diffs."""
    last = state.last
    return {
        "game": GAME,
        "data_dir": state.data_dir,
        "combat": state.combat,
        "round": state.round,
        "active": state.active,
        "acted": list(state.acted),
        "darkness": state.darkness or "",
        "seed": state.seed,
        "rolls": state.rolls,
        "units": {unit.id: _unit_json(unit) for unit in state.roster},
        "order": [unit.id for unit in state.roster],
        "last": None
        if last is None
        else {"text": last.text, "summary": last.summary, "steps": list(last.steps)},
        "over": state.over,
        **({"inspired": [list(pair) for pair in state.inspired]} if state.inspired else {}),
    }


def _unit_json(unit: Combatant) -> Json:
    return {
        "id": unit.id,
        "name": unit.name,
        "from_data": unit.from_data,
        "side": unit.side,
        "in_combat": unit.in_combat,
        "row": unit.row.model_dump(),
        "max_hp": unit.max_hp,
        "size": unit.size,
        "encumbrance": unit.encumbrance,
        "max_ap": unit.max_ap,
        "abilities": list(unit.abilities),
        "weapon": unit.weapon,
        "shield": unit.shield,
        "hp": unit.hp,
        "fatigue": unit.fatigue,
        "blows": unit.blows,
        "burning": unit.burning,
        "freezing": unit.freezing,
        "poison": list(unit.poison),
        "paralysed": unit.paralysed,
        "fleeing": unit.fleeing,
        "berserk": unit.berserk,
        "resting": unit.resting,
        "ap": unit.ap,
        "morale_due": unit.morale_due,
        # issue 26's: stored only when set, so a state of before reads and writes the same
        **{
            key: list(value) if isinstance(value, tuple) else value
            for key, value in (
                ("off_hand", unit.off_hand),
                ("mount", unit.mount),
                ("formation", unit.formation),
                ("struck", unit.struck),
                ("decayed", unit.decayed),
                ("standard", unit.standard),
            )
            if value
        },
    }


def state_from_json(value: Mapping[str, Any], data: DomppaKitData) -> MatchState:
    """A state back from its JSON form, on the card data of its kit; DomekitError naming what
    does not fit."""
    try:
        form = _StateJson.model_validate(dict(value))
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(part) for part in first["loc"])
        raise DomekitError(f"not a Domppa combat state: {where}: {first['msg']}") from None
    if sorted(form.order) != sorted(form.units):
        raise DomekitError("not a Domppa combat state: its order does not list its units")
    roster = tuple(
        replace(
            form.units[unit_id],
            id=unit_id,  # the key is the unit's page (an id once stored blank stays reachable)
            skills=parse_abilities(data.rules, form.units[unit_id].row.abilities),
        )
        for unit_id in form.order
    )
    return MatchState(
        data=data,
        data_dir=form.data_dir,
        seed=form.seed,
        combat=form.combat,
        round=form.round,
        active=form.active,
        acted=tuple(a for a in form.acted if a in form.units),
        darkness=form.darkness or None,
        rolls=form.rolls,
        roster=roster,
        last=form.last,
        over=form.over,
        inspired=tuple((side, value) for side, value in form.inspired),
    )
