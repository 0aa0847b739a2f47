"""A Domppa combat in the tracker: the roster, each character's HP, fatigue, conditions and AP.

The roster starts with every character of the kit (card_data/domppa/characters.csv, its derived
stats from the kit's `derive`, the same numbers the printed cards show); more are entered by
hand. Every number of a blow, a morale test or a start-of-turn effect comes from the engine
(`rules`, `conditions`, `actions`, `dice`); this module keeps the books.

Dice are typed as the faces rolled, die by die with explosions (`6,3,2`), or the word `roll`:
then the server rolls them from the seed kept in the state, so a replay of the log rolls the
same faces and the history shows them.

An action's text form, as the history shows it:
`melee knight -> berserker with broadsword hit 6,3,2 damage 4,4`.
"""

from __future__ import annotations

import copy
import random
import re
import secrets
import unicodedata
from collections.abc import Callable, Mapping
from functools import lru_cache
from typing import Any

from toolkit.errors import DomekitError, RuleError
from toolkit.games.domppa import conditions as cond
from toolkit.games.domppa import rules as engine
from toolkit.games.domppa.abilities import parse_abilities, resist_against
from toolkit.games.domppa.config import DomppaRules
from toolkit.games.domppa.data import CharacterRow, ShieldRow, WeaponRow
from toolkit.games.domppa.dice import check_plain_die, parse_exploding, split_faces
from toolkit.games.domppa.kit import DomppaKitData, derive, load_kit_data
from toolkit.games.domppa.rules import action_cost
from toolkit.tracker.contract import EVERYTHING, ActionKind, JsonGame, Page, PageNotFound
from toolkit.tracker.fields import MAX_NAME, whole_number

GAME = "domppa"
COMBATS_PER_KIT = 999  # no campaign: one combat after another
ROLL = "roll"
DARKNESS = ("", "night", "pitch_dark", "blind")
CONDITIONS = ("burning", "freezing", "fleeing", "resting", "berserk", "paralysed", "poison")
RULE_TURN = "Action Points: a character acts on its own turn"
RULE_OUT = "Hit Points: a character at 0 HP is out of the combat"

State = dict[str, Any]
Action = dict[str, Any]


@lru_cache(maxsize=8)
def game_data(data_dir: str | None = None) -> DomppaKitData:
    return load_kit_data(data_dir)


def _data(state: State) -> DomppaKitData:
    return game_data(state.get("data_dir"))


def _rules(state: State) -> DomppaRules:
    return _data(state).rules


# ------------------------------------------------------------------------------ the roster


STAT_FIELDS = (
    "health",
    "protection_body",
    "protection_head",
    "protection_natural",
    "magic_resistance",
    "morale",
    "strength",
    "attack",
    "defence",
    "precision",
    "equipment_encumbrance",
)


def _id_beyond_ascii(name: str, taken: Mapping[str, Any]) -> str:
    """The id of a character entered by hand whose name has no a-z or 0-9 (Сергей, 李): its
    letters in lower case, words joined by '-', else `character-<n>` for the next free n."""
    slug = re.sub(r"[\W_]+", "-", unicodedata.normalize("NFKC", name).casefold()).strip("-")
    if slug:
        return slug
    number = len(taken) + 1
    while f"character-{number}" in taken:
        number += 1
    return f"character-{number}"


def _unit_from(rules: DomppaRules, row: CharacterRow, *, from_data: bool) -> dict[str, Any]:
    ch = derive(rules, row)
    return {
        "id": ch.id,
        "name": row.name,
        "from_data": from_data,
        "side": "",
        "in_combat": True,
        "row": row.model_dump(),
        "max_hp": ch.hp,
        "size": ch.size,
        "encumbrance": ch.encumbrance,
        "max_ap": ch.ap,
        "abilities": [str(a) for a in ch.abilities],
        "weapon": "",
        "shield": "",
        "hp": ch.hp,
        "fatigue": 0,
        "blows": 0,
        "burning": False,
        "freezing": False,
        "poison": [],
        "paralysed": 0,
        "fleeing": False,
        "berserk": 0,
        "resting": False,
        "ap": ch.ap,
        "morale_due": False,
    }


def _row(unit: Mapping[str, Any]) -> CharacterRow:
    return CharacterRow(**unit["row"])


def _abilities(state: State, unit: Mapping[str, Any]):  # type: ignore[no-untyped-def]
    return parse_abilities(_rules(state), _row(unit).abilities)


def _ability_value(state: State, unit: Mapping[str, Any], key: str) -> int | None:
    for ability in _abilities(state, unit):
        if ability.key == key:
            return ability.value if ability.value is not None else 0
    return None


def _unit(state: State, unit_id: Any) -> dict[str, Any]:
    key = str(unit_id or "").strip()
    unit = state["units"].get(key)
    if unit is None:
        raise DomekitError(
            f"no character {key!r} in this combat; the roster is {', '.join(state['order'])}"
        )
    return unit


def _fighting_unit(state: State, unit_id: Any) -> dict[str, Any]:
    unit = _unit(state, unit_id)
    if not unit["in_combat"]:
        raise RuleError("Combat", f"{unit['name']} is not in this combat (join it first)")
    if unit["hp"] <= 0:
        raise RuleError(RULE_OUT, f"{unit['name']} is at 0 HP")
    return unit


def _weapon(state: State, name: str) -> WeaponRow | None:
    if not name:
        return None
    for weapon in _data(state).weapons:
        if weapon.name.casefold() == name.casefold():
            return weapon
    raise DomekitError(f"no weapon {name!r} in weapons.csv")


def _shield(state: State, name: str) -> ShieldRow | None:
    if not name:
        return None
    for shield in _data(state).shields:
        if shield.name.casefold() == name.casefold():
            return shield
    raise DomekitError(f"no shield {name!r} in shields.csv")


def _conditions(state: State, unit: Mapping[str, Any]) -> cond.Conditions:
    darkness = state["darkness"] or None
    return cond.Conditions(
        fatigue=unit["fatigue"],
        darkness=darkness,  # type: ignore[arg-type]
        dark_vision=_ability_value(state, unit, "dark_vision") is not None,
        fleeing=unit["fleeing"],
        blows_received=unit["blows"],
        berserk=unit["berserk"],
        paralysed=unit["paralysed"] > 0,
    )


def _fighting(state: State, unit: Mapping[str, Any]) -> cond.Fighting:
    row = _row(unit)
    return cond.fighting_stats(
        _rules(state),
        attack=row.attack,
        defence=row.defence,
        precision=row.precision,
        strength=row.strength,
        conditions=_conditions(state, unit),
    )


# ------------------------------------------------------------------------------------- dice


def _rng(state: State) -> random.Random:
    rng = random.Random(f"domppa/{state['seed']}/{state['rolls']}")
    state["rolls"] += 1
    return rng


def _exploding(state: State, text: Any, what: str, steps: list[str]):  # type: ignore[no-untyped-def]
    """Two exploding d6s: the faces typed, or rolled by the server from the state's seed."""
    dice = _rules(state).dice
    raw = str(text or "").strip().lower()
    if raw == ROLL:
        rng = _rng(state)
        faces: list[int] = []
        for _die in range(2):
            face = rng.randint(1, dice.sides)
            faces.append(face)
            while face == dice.explode_on:
                face = rng.randint(1, dice.sides)
                faces.append(face)
        steps.append(f"{what}: the tracker rolled {','.join(map(str, faces))}")
        roll = parse_exploding(faces, dice, what=what)
    else:
        roll = parse_exploding(split_faces(raw, what), dice, what=what)
    steps += [f"{what}: {s}" for s in roll.steps]
    return roll


def _plain(state: State, text: Any, sides: int, what: str, steps: list[str]) -> int:
    raw = str(text or "").strip().lower()
    if raw == ROLL:
        face = _rng(state).randint(1, sides)
        steps.append(f"{what}: the tracker rolled {face}")
        return face
    if not raw:
        raise DomekitError(f"{what}: type the d{sides} rolled, or 'roll'")
    try:
        face = whole_number(raw, what)
    except DomekitError:
        raise DomekitError(f"{what}: expected a die face or 'roll' (got {text!r})") from None
    return check_plain_die(face, sides, what)


def _dice_text(value: Any, what: str) -> str:
    raw = str(value or "").strip().lower()
    if not raw:
        raise DomekitError(f"{what}: type the faces rolled (like 6,3,2) or 'roll'")
    if raw != ROLL:
        split_faces(raw, what)
    return raw


def _int(value: Any, what: str, *, minimum: int | None = 0) -> int:
    return whole_number(value, what, minimum=minimum)


def _flag(value: Any) -> bool:
    return str(value or "").strip().lower() in ("1", "true", "yes", "on")


# ------------------------------------------------------------------------------------ plugin


# What the generic guards (toolkit/tracker/referee.py) check before a handler runs: an attack and
# an action from the AP table are made on the character's own turn; nothing is recorded once the
# combat is over.
_ON_TURN = ("attack", "spend")


class DomppaTracker(JsonGame):
    name = GAME
    rule_over = "Combat"
    rule_turn = RULE_TURN

    def __init__(self) -> None:
        self.actions = {kind: ActionKind(on_turn=kind in _ON_TURN) for kind in _PARSERS}
        self.parsers = _PARSERS
        self.pages = {"table": _table_page, "unit": _unit_page}
        self.exports = {"roster": roster_rows}
        self.odds = odds_chart

    def new_match(self, manifest: Mapping[str, Any], previous: State | None) -> State:
        data_dir = manifest.get("data_dir") or None
        data = game_data(data_dir)
        units = {ch.id: _unit_from(data.rules, ch.row, from_data=True) for ch in data.characters}
        if previous is not None:  # the next combat keeps the hand-entered characters and sides
            for unit_id in previous["order"]:
                unit = previous["units"][unit_id]
                if unit_id not in units:
                    units[unit_id] = _unit_from(data.rules, _row(unit), from_data=False)
                units[unit_id]["side"] = unit["side"]
                units[unit_id]["in_combat"] = unit["in_combat"]
        return {
            "game": GAME,
            "data_dir": data_dir,
            "combat": (previous["combat"] + 1) if previous else 1,
            "round": 1,
            "active": None,
            "darkness": "",
            "seed": secrets.randbits(63),
            "rolls": 0,
            "units": units,
            "order": list(units),  # the roster's order (stored JSON keeps no key order)
            "last": None,
            "over": False,
        }

    def matches_in_campaign(self, state: State) -> int:
        return COMBATS_PER_KIT

    def next_match_refusal(self, state: State) -> str | None:
        if not state["over"]:
            return "end this combat first"
        return None

    def over(self, state: State) -> str | None:
        return "this combat is over; start the next one" if state["over"] else None

    def whose_turn(self, state: State) -> str | None:
        active: str | None = state["active"]
        return active

    def mover(self, state: State, action: Action) -> str | None:
        unit = action["attacker"] if action["type"] == "attack" else action["unit"]
        return str(unit)

    def seat_name(self, state: State, seat: str) -> str:
        unit = state["units"].get(seat)
        return str(unit["name"]) if unit else seat

    def apply(self, state: State, action: Action) -> tuple[State, dict[str, Any]]:
        new = copy.deepcopy(state)
        outcome = _HANDLERS[action["type"]](new, action)
        return new, outcome

    def text(self, action: Action) -> str:
        return _describe(action)

    def touches(self, action: Action) -> frozenset[str]:
        kind = action.get("type")
        if kind in ("attack",):
            return frozenset({"turn", f"unit:{action['attacker']}", f"unit:{action['target']}"})
        if kind in ("morale", "rally", "condition", "hp", "gear", "side", "spend"):
            return frozenset({f"unit:{action['unit']}"})
        return frozenset({EVERYTHING})


def _table_page(state: State, args: tuple[str, ...]) -> Page:
    if args:
        raise PageNotFound(f"this combat has no table page {'/'.join(args)}")
    return Page("table.html", f"Domppa · combat {state['combat']}", table_view(state))


def _unit_page(state: State, args: tuple[str, ...]) -> Page:
    if len(args) != 1 or args[0] not in state["units"]:
        raise PageNotFound(f"this combat has no unit page {'/'.join(args)}")
    unit = state["units"][args[0]]
    return Page("unit.html", unit["name"], unit_page(state, args[0]))


# ----------------------------------------------------------------------------------- parsers


def _p_unit(d: Mapping[str, Any]) -> Action:
    return {"unit": str(d.get("unit") or "").strip()}


def _p_add(d: Mapping[str, Any]) -> Action:
    fields: dict[str, Any] = {"name": str(d.get("name") or "").strip()}
    if not fields["name"]:
        raise DomekitError("a character needs a name")
    if len(fields["name"]) > MAX_NAME:
        raise DomekitError(f"a character's name is at most {MAX_NAME} characters")
    for name in STAT_FIELDS:
        fields[name] = _int(d.get(name, 0) or 0, name.replace("_", " "), minimum=None)
    size = str(d.get("size") or "").strip()
    fields["size"] = _int(size, "size") if size else None
    fields["abilities"] = str(d.get("abilities") or "").strip()
    return {"character": fields, "side": str(d.get("side") or "").strip()[:20]}


def _p_side(d: Mapping[str, Any]) -> Action:
    return {**_p_unit(d), "side": str(d.get("side") or "").strip()[:20]}


def _p_gear(d: Mapping[str, Any]) -> Action:
    return {
        **_p_unit(d),
        "weapon": str(d.get("weapon") or "").strip(),
        "shield": str(d.get("shield") or "").strip(),
    }


def _p_turn(d: Mapping[str, Any]) -> Action:
    return {
        **_p_unit(d),
        "burn_d2": str(d.get("burn_d2") or "").strip().lower(),
        "freeze_dice": str(d.get("freeze_dice") or "").strip().lower(),
        "recovery_d6": str(d.get("recovery_d6") or "").strip().lower(),
    }


def _p_attack(d: Mapping[str, Any]) -> Action:
    mode = str(d.get("mode") or "melee").strip().lower()
    if mode not in ("melee", "ranged"):
        raise DomekitError(f"an attack is melee or ranged (got {mode!r})")
    damage_type = str(d.get("damage_type") or "").strip().lower()
    return {
        "mode": mode,
        "attacker": str(d.get("attacker") or "").strip(),
        "target": str(d.get("target") or "").strip(),
        "weapon": str(d.get("weapon") or "").strip(),
        "damage_type": damage_type,
        "hit_dice": _dice_text(d.get("hit_dice"), "hit dice"),
        "damage_dice": _dice_text(d.get("damage_dice"), "damage dice"),
        "head": _flag(d.get("head")),
        "distance": _int(d.get("distance") or 0, "distance"),
        "freeze_d6": str(d.get("freeze_d6") or "").strip().lower(),
    }


def _p_roll(d: Mapping[str, Any]) -> Action:
    return {**_p_unit(d), "dice": _dice_text(d.get("dice"), "morale dice")}


def _p_condition(d: Mapping[str, Any]) -> Action:
    name = str(d.get("condition") or "").strip().lower()
    if name not in CONDITIONS:
        raise DomekitError(f"a condition is one of {', '.join(CONDITIONS)} (got {name!r})")
    raw = str(d.get("value") if d.get("value") is not None else "").strip().lower()
    if name in ("burning", "freezing", "fleeing", "resting"):
        value: Any = raw in ("1", "true", "yes", "on")
    else:
        value = _int(raw or 0, f"{name} value")
    return {**_p_unit(d), "condition": name, "value": value}


def _p_hp(d: Mapping[str, Any]) -> Action:
    return {
        **_p_unit(d),
        "change": _int(d.get("change"), "HP change", minimum=None),
        "fatigue": _int(d.get("fatigue") or 0, "fatigue change", minimum=None),
    }


def _p_spend(d: Mapping[str, Any]) -> Action:
    return {
        **_p_unit(d),
        "action": str(d.get("action") or "").strip().lower(),
        "squares": _int(d.get("squares") or 0, "squares"),
        "diagonal_squares": _int(d.get("diagonal_squares") or 0, "diagonal squares"),
        "difficult_squares": _int(d.get("difficult_squares") or 0, "difficult squares"),
    }


def _p_light(d: Mapping[str, Any]) -> Action:
    darkness = str(d.get("darkness") or "").strip().lower().replace(" ", "_")
    if darkness in ("day", "light", "none"):
        darkness = ""
    if darkness not in DARKNESS:
        raise DomekitError(f"darkness is night, pitch_dark or blind (got {darkness!r})")
    return {"darkness": darkness}


def _p_none(_d: Mapping[str, Any]) -> Action:
    return {}


_PARSERS: dict[str, Callable[[Mapping[str, Any]], Action]] = {
    "add": _p_add,
    "side": _p_side,
    "join": _p_unit,
    "leave": _p_unit,
    "gear": _p_gear,
    "turn": _p_turn,
    "attack": _p_attack,
    "morale": _p_roll,
    "rally": _p_roll,
    "condition": _p_condition,
    "hp": _p_hp,
    "spend": _p_spend,
    "new_round": _p_none,
    "light": _p_light,
    "end_combat": _p_none,
}


# ---------------------------------------------------------------------------------- handlers


def _h_add(state: State, a: Action) -> dict:
    rules = _rules(state)
    try:
        row = CharacterRow(**a["character"])
    except ValueError as exc:
        raise DomekitError(f"character: {exc}") from None
    unit = _unit_from(rules, row, from_data=False)
    unit["id"] = unit["id"] or _id_beyond_ascii(row.name, state["units"])
    if unit["id"] in state["units"]:
        raise DomekitError(f"the roster already has a character with the id {unit['id']!r}")
    unit["side"] = a["side"]
    state["units"][unit["id"]] = unit
    state["order"].append(unit["id"])
    return {
        "steps": [
            f"{row.name}: health {row.health} gives {unit['max_hp']} HP, size {unit['size']}, "
            f"{unit['max_ap']} AP"
        ]
    }


def _h_side(state: State, a: Action) -> dict:
    unit = _unit(state, a["unit"])
    unit["side"] = a["side"]
    return {"steps": [f"{unit['name']} fights for {a['side'] or 'no side'}"]}


def _h_join(state: State, a: Action) -> dict:
    unit = _unit(state, a["unit"])
    unit["in_combat"] = True
    return {"steps": [f"{unit['name']} joins the combat"]}


def _h_leave(state: State, a: Action) -> dict:
    unit = _unit(state, a["unit"])
    unit["in_combat"] = False
    if state["active"] == unit["id"]:
        state["active"] = None
    return {"steps": [f"{unit['name']} leaves the combat"]}


def _h_gear(state: State, a: Action) -> dict:
    unit = _unit(state, a["unit"])
    weapon, shield = _weapon(state, a["weapon"]), _shield(state, a["shield"])
    unit["weapon"] = weapon.name if weapon else ""
    unit["shield"] = shield.name if shield else ""
    return {
        "steps": [
            f"{unit['name']}: {unit['weapon'] or 'no weapon'}, {unit['shield'] or 'no shield'}"
        ]
    }


def _lose_hp(state: State, unit: dict[str, Any], amount: int, steps: list[str], why: str) -> None:
    if amount <= 0:
        return
    before = unit["hp"]
    unit["hp"] = max(0, before - amount)
    steps.append(f"{unit['name']}: {why} {amount}: HP {before} -> {unit['hp']}")
    if unit["hp"] == 0:
        steps.append(f"{unit['name']} is at 0 HP: out of the combat")
        unit["morale_due"] = False
    else:
        unit["morale_due"] = True
        steps.append(f"{unit['name']} took damage: test morale")


def _h_turn(state: State, a: Action) -> dict:
    """The start of a character's turn: burning, poison, freezing, berserk, fatigue, AP."""
    rules = _rules(state)
    unit = _fighting_unit(state, a["unit"])
    steps = [f"{unit['name']}'s turn (round {state['round']})"]
    if unit["burning"]:
        burn = cond.burning_damage(
            rules, _plain(state, a["burn_d2"], rules.fire.burn_die_sides, "burning d2", steps)
        )
        _lose_hp(state, unit, burn, steps, "burning")
    if unit["poison"]:
        now = unit["poison"].pop(0)
        _lose_hp(state, unit, now, steps, "poison")
        steps.append(f"poison left: {sum(unit['poison'])}")
    if unit["freezing"]:
        roll = _exploding(state, a["freeze_dice"] or ROLL, "freezing 2d6", steps)
        tired = cond.freezing_fatigue(roll.total)
        unit["fatigue"] += tired
        steps.append(f"freezing: +{tired} fatigue (as stun)")
    if unit["berserk"]:
        unit["fatigue"] += unit["berserk"]
        steps.append(f"berserk +{unit['berserk']}: +{unit['berserk']} fatigue")
    if unit["fatigue"] >= rules.fatigue.incapacitated_at or unit["resting"]:
        d6 = None
        if unit["fatigue"] >= rules.fatigue.incapacitated_at:
            d6 = _plain(
                state,
                a["recovery_d6"] or ROLL,
                rules.fatigue.incapacitated_recovery_die,
                "recovery d6",
                steps,
            )
        before = unit["fatigue"]
        unit["fatigue"] = cond.fatigue_recovery(rules, before, resting=unit["resting"], d6=d6)
        steps.append(
            f"fatigue {before} -> {unit['fatigue']}" + (" (rest mode)" if unit["resting"] else "")
        )
    fighting = _fighting(state, unit)
    unit["ap"] = unit["max_ap"] if fighting.can_act and unit["hp"] > 0 else 0
    if unit["ap"] == 0:
        steps.append(f"{unit['name']} cannot act this turn")
    else:
        steps.append(f"{unit['ap']} AP this turn")
    state["active"] = unit["id"]
    return {"steps": steps}


def _h_attack(state: State, a: Action) -> dict:
    rules = _rules(state)
    attacker = _fighting_unit(state, a["attacker"])
    target = _fighting_unit(state, a["target"])
    if attacker["id"] == target["id"]:
        raise DomekitError("a character does not attack itself")
    name = "Actions: attack"
    cost = action_cost(rules, "attack", remaining_ap=attacker["ap"])
    steps = list(cost.steps)
    weapon = _weapon(state, a["weapon"] or attacker["weapon"])
    if weapon is None:
        raise DomekitError(f"{attacker['name']} attacks with which weapon? (weapons.csv)")
    ranged = a["mode"] == "ranged"
    if ranged and not weapon.range:
        raise RuleError(name, f"{weapon.name} is not a ranged weapon")
    if not ranged and weapon.range:
        raise RuleError(name, f"{weapon.name} shoots: enter a ranged attack")
    if ranged and weapon.range and a["distance"] > engine.grid_range(rules, weapon.range):
        raise RuleError(
            "Ranged: ranges are halved on the grid",
            f"{weapon.name} reaches {engine.grid_range(rules, weapon.range)} squares "
            f"(listed {weapon.range}); the target is {a['distance']} away",
        )
    damage_type = a["damage_type"] or weapon.damage_types[0]
    if damage_type not in weapon.damage_types:
        raise DomekitError(
            f"{weapon.name} does {', '.join(weapon.damage_types)} damage, not {damage_type}"
        )
    shield = _shield(state, target["shield"])
    hitting = _fighting(state, attacker)
    cond.require_can_act(hitting, attacker["name"])
    if ranged and not hitting.may_cast_or_shoot:
        raise RuleError("Berserk", f"{attacker['name']} is berserk: it cannot shoot")
    guarding = _fighting(state, target)
    hit_roll = _exploding(state, a["hit_dice"], "hit 2d6", steps)
    damage_roll = _exploding(state, a["damage_dice"], "damage 2d6", steps)
    row = _row(target)
    protection = engine.protection_total(
        rules,
        body=row.protection_body,
        head=row.protection_head,
        natural=row.protection_natural,
        head_hit=a["head"],
        bonus=guarding.protection_bonus,
    )
    element = engine.Element(weapon.element)
    blow = engine.Blow(
        strength=hitting.strength,
        weapon_damage=weapon.damage,
        damage_type=engine.DamageType(damage_type),
        element=element,
        stun=weapon.stun,
    )
    guard = engine.Guard(
        protection=protection.total,
        shield_protection=shield.protection if shield else 0,
        resist=resist_against(rules, _abilities(state, target), weapon.element),
        size=target["size"],
    )
    parry = shield.parry if shield and guarding.can_act else 0
    common = {
        "blow": blow,
        "guard": guard,
        "hit_total": hit_roll.total,
        "damage_total": damage_roll.total,
        "damage_shows_six": damage_roll.shows(rules.fire.ignites_on_face),
        "head": a["head"],
        "parry": parry,
    }
    if ranged:
        strike = engine.ranged_outcome(
            rules,
            precision=hitting.precision,
            size=target["size"],
            distance=a["distance"],
            **common,
        )
    else:
        strike = engine.melee_outcome(
            rules, attack=hitting.attack, defence=guarding.defence, **common
        )
    if len(hitting.steps) > 1:
        steps += [f"{attacker['name']}: {s}" for s in hitting.steps]
    if len(guarding.steps) > 1:
        steps += [f"{target['name']}: {s}" for s in guarding.steps]
    steps += strike.steps
    attacker["ap"] = cost.remaining
    if not ranged:
        tired = cond.attack_fatigue(attacker["encumbrance"])
        attacker["fatigue"] += tired
        steps.append(f"{attacker['name']}: melee attack, +{tired} fatigue (encumbrance)")
        target["blows"] += 1
        steps.append(f"{target['name']}: {target['blows']} blow(s) this round: defence -1 a blow")
    damage = strike.damage
    summary = "miss"
    if damage is not None:
        summary = f"hit: {damage.hp_loss} HP, {damage.fatigue} fatigue"
        target["fatigue"] += damage.fatigue
        if damage.fatigue:
            steps.append(f"{target['name']}: +{damage.fatigue} fatigue")
        if damage.ignites and not target["burning"]:
            target["burning"] = True
            steps.append(f"{target['name']} catches fire")
        if damage.freeze_check:
            d6 = _plain(
                state, a["freeze_d6"] or ROLL, rules.cold.freeze_die_sides, "freezing d6", steps
            )
            if cond.starts_freezing(rules, d6):
                target["freezing"] = True
                steps.append(
                    f"{target['name']} starts freezing ({d6} >= {rules.cold.freezes_from})"
                )
            else:
                steps.append(f"{target['name']} does not freeze ({d6} < {rules.cold.freezes_from})")
        if damage.poison_schedule:
            total = sum(target["poison"]) + sum(damage.poison_schedule)
            target["poison"] = engine.poison_schedule(rules, total).schedule
            steps.append(f"{target['name']}: {total} poison damage to come, turn by turn")
        if damage.paralysis_rounds:
            target["paralysed"] = max(target["paralysed"], damage.paralysis_rounds)
            steps.append(f"{target['name']} is paralysed for {target['paralysed']} rounds")
        _lose_hp(state, target, damage.hp_loss, steps, "damage")
    state["last"] = {"text": _describe(a), "summary": summary, "steps": steps}
    return {"summary": summary, "steps": steps}


def _h_morale(state: State, a: Action, *, rally: bool = False) -> dict:
    rules = _rules(state)
    unit = _fighting_unit(state, a["unit"])
    if rally and not unit["fleeing"]:
        raise RuleError("Rally", f"{unit['name']} is not fleeing")
    steps: list[str] = []
    roll = _exploding(state, a["dice"], "morale 2d6", steps)
    fighting = _fighting(state, unit)
    morale = fighting.morale if fighting.morale is not None else _row(unit).morale
    test = (engine.rally if rally else engine.morale_test)(
        rules, morale=morale, max_hp=unit["max_hp"], hp=unit["hp"], roll_total=roll.total
    )
    steps += test.steps
    unit["morale_due"] = False
    unit["fleeing"] = not test.passed
    summary = (
        ("rallied" if test.passed else "still fleeing")
        if rally
        else ("passed" if test.passed else "fails: flees")
    )
    return {"summary": f"{unit['name']} {summary}", "steps": steps}


def _h_condition(state: State, a: Action) -> dict:
    unit = _unit(state, a["unit"])
    name, value = a["condition"], a["value"]
    if name == "poison":
        unit["poison"] = engine.poison_schedule(_rules(state), value).schedule if value else []
        return {"steps": [f"{unit['name']}: {value} poison damage to come"]}
    if name == "berserk":
        if value and _ability_value(state, unit, "berserk") is None:
            raise RuleError("Berserk", f"{unit['name']} has no Berserk ability")
    unit[name] = value
    if name == "resting" and value:
        state_text = "goes into rest mode"
    else:
        state_text = f"{name} {value}"
    return {"steps": [f"{unit['name']}: {state_text}"]}


def _h_hp(state: State, a: Action) -> dict:
    unit = _unit(state, a["unit"])
    steps: list[str] = []
    if a["change"] < 0:
        _lose_hp(state, unit, -a["change"], steps, "loses")
    elif a["change"] > 0:
        if unit["hp"] + a["change"] > unit["max_hp"]:
            raise RuleError("Hit Points", f"{unit['name']} has {unit['hp']} of {unit['max_hp']} HP")
        unit["hp"] += a["change"]
        steps.append(f"{unit['name']}: HP +{a['change']} = {unit['hp']}")
    if a["fatigue"]:
        unit["fatigue"] = max(0, unit["fatigue"] + a["fatigue"])
        steps.append(f"{unit['name']}: fatigue {unit['fatigue']}")
    return {"steps": steps or ["no change"]}


def _h_spend(state: State, a: Action) -> dict:
    """An action from the AP table: moving, drawing a weapon, berserk, rest mode, ..."""
    rules = _rules(state)
    unit = _fighting_unit(state, a["unit"])
    if a["action"] == "attack":
        raise DomekitError("enter an attack with its dice on the attack form")
    abilities = frozenset(ability.key for ability in _abilities(state, unit))
    cost = action_cost(
        rules,
        a["action"],
        remaining_ap=unit["ap"],
        squares=a["squares"],
        diagonal_squares=a["diagonal_squares"],
        difficult_squares=a["difficult_squares"],
        abilities=abilities,
    )
    unit["ap"] = cost.remaining
    steps = list(cost.steps)
    if a["action"] == "berserk":
        unit["berserk"] = _ability_value(state, unit, "berserk") or 0
        steps.append(f"{unit['name']} goes berserk (+{unit['berserk']}) for the rest of the combat")
    elif a["action"] == "rest":
        unit["resting"] = True
        steps.append(f"{unit['name']} goes into rest mode")
    elif a["action"] == "leave_rest":
        unit["resting"] = False
        steps.append(f"{unit['name']} leaves rest mode")
    return {"steps": steps}


def _h_new_round(state: State, a: Action) -> dict:
    """A new round: defence resets (blows received) and paralysis counts down."""
    state["round"] += 1
    state["active"] = None
    steps = [f"round {state['round']}: every character's defence is whole again"]
    for unit_id in state["order"]:
        unit = state["units"][unit_id]
        unit["blows"] = 0
        if unit["paralysed"]:
            unit["paralysed"] -= 1
            steps.append(f"{unit['name']}: paralysed {unit['paralysed']} more rounds")
    return {"steps": steps}


def _h_light(state: State, a: Action) -> dict:
    state["darkness"] = a["darkness"]
    return {"steps": [f"light: {a['darkness'].replace('_', ' ') or 'daylight'}"]}


def _h_end_combat(state: State, a: Action) -> dict:
    state["over"] = True
    state["active"] = None
    standing = [
        state["units"][i]["name"]
        for i in state["order"]
        if state["units"][i]["in_combat"] and state["units"][i]["hp"] > 0
    ]
    return {"steps": [f"combat over; still standing: {', '.join(standing) or 'nobody'}"]}


_HANDLERS: dict[str, Callable[[State, Action], dict]] = {
    "add": _h_add,
    "side": _h_side,
    "join": _h_join,
    "leave": _h_leave,
    "gear": _h_gear,
    "turn": _h_turn,
    "attack": _h_attack,
    "morale": _h_morale,
    "rally": lambda state, a: _h_morale(state, a, rally=True),
    "condition": _h_condition,
    "hp": _h_hp,
    "spend": _h_spend,
    "new_round": _h_new_round,
    "light": _h_light,
    "end_combat": _h_end_combat,
}


def _describe(a: Action) -> str:
    kind = a.get("type")
    if kind == "add":
        return f"add {a['character']['name']}" + (f" ({a['side']})" if a["side"] else "")
    if kind == "side":
        return f"side {a['unit']} {a['side'] or '-'}"
    if kind in ("join", "leave"):
        return f"{kind} {a['unit']}"
    if kind == "gear":
        return f"gear {a['unit']} {a['weapon'] or '-'} / {a['shield'] or '-'}"
    if kind == "turn":
        return f"turn {a['unit']}"
    if kind == "attack":
        text = f"{a['mode']} {a['attacker']} -> {a['target']}"
        if a["weapon"]:
            text += f" with {a['weapon']}"
        text += f" hit {a['hit_dice']} damage {a['damage_dice']}"
        if a["head"]:
            text += " head"
        if a["mode"] == "ranged":
            text += f" at {a['distance']}"
        return text
    if kind in ("morale", "rally"):
        return f"{kind} {a['unit']} {a['dice']}"
    if kind == "condition":
        return f"condition {a['unit']} {a['condition']} {a['value']}"
    if kind == "hp":
        text = f"hp {a['unit']} {a['change']:+d}"
        return text + (f" fatigue {a['fatigue']:+d}" if a["fatigue"] else "")
    if kind == "spend":
        return f"spend {a['unit']} {a['action']}" + (
            f" {a['squares']}+{a['diagonal_squares']}d"
            if a["squares"] or a["diagonal_squares"]
            else ""
        )
    if kind == "new_round":
        return "new round"
    if kind == "light":
        return f"light {a['darkness'] or 'day'}"
    if kind == "end_combat":
        return "end combat"
    return str(kind)


# ------------------------------------------------------------------------------------- views


def _unit_view(state: State, unit: Mapping[str, Any]) -> dict[str, Any]:
    rules = _rules(state)
    fighting = _fighting(state, unit)
    row = _row(unit)
    tired = cond.fatigue_penalty(rules, unit["fatigue"])
    out = unit["hp"] <= 0
    conditions = []
    if unit["burning"]:
        conditions.append("burning")
    if unit["freezing"]:
        conditions.append("freezing")
    if unit["poison"]:
        conditions.append(f"poison {sum(unit['poison'])}")
    if unit["paralysed"]:
        conditions.append(f"paralysed {unit['paralysed']}")
    if unit["fleeing"]:
        conditions.append("fleeing")
    if unit["berserk"]:
        conditions.append(f"berserk +{unit['berserk']}")
    if unit["resting"]:
        conditions.append("rest mode")
    if tired.incapacitated:
        conditions.append("exhausted")
    return {
        "id": unit["id"],
        "name": unit["name"],
        "side": unit["side"],
        "in_combat": unit["in_combat"],
        "from_data": unit["from_data"],
        "hp": unit["hp"],
        "max_hp": unit["max_hp"],
        "hp_percent": round(100 * unit["hp"] / unit["max_hp"]) if unit["max_hp"] else 0,
        "fatigue": unit["fatigue"],
        "fatigue_penalty": tired.penalty,
        "blows": unit["blows"],
        "ap": unit["ap"],
        "max_ap": unit["max_ap"],
        "size": unit["size"],
        "burning": unit["burning"],
        "freezing": unit["freezing"],
        "poison_left": sum(unit["poison"]),
        "poison_next": unit["poison"][0] if unit["poison"] else 0,
        "paralysed": unit["paralysed"],
        "fleeing": unit["fleeing"],
        "berserk": unit["berserk"],
        "can_berserk": _ability_value(state, unit, "berserk") is not None,
        "resting": unit["resting"],
        "morale_due": unit["morale_due"] and not out,
        "out": out,
        "conditions": conditions,
        "weapon": unit["weapon"],
        "shield": unit["shield"],
        "abilities": unit["abilities"],
        "stats": {
            "attack": fighting.attack,
            "defence": fighting.defence,
            "precision": fighting.precision,
            "strength": fighting.strength,
            "morale": fighting.morale if fighting.morale is not None else row.morale,
        },
        "base": {
            "attack": row.attack,
            "defence": row.defence,
            "precision": row.precision,
            "strength": row.strength,
            "morale": row.morale,
            "protection_body": row.protection_body,
            "protection_head": row.protection_head,
            "protection_natural": row.protection_natural,
        },
        "fighting_steps": fighting.steps,
        "can_act": fighting.can_act and not out,
        "put_out_percent": cond.put_out_chance(
            rules, fire_resist=resist_against(rules, _abilities(state, unit), "fire")
        ).percent,
        "warm_up_percent": cond.warm_up_chance(
            rules, cold_resist=resist_against(rules, _abilities(state, unit), "cold")
        ).percent,
    }


def table_view(state: State) -> dict[str, Any]:
    data = _data(state)
    units = [_unit_view(state, state["units"][unit_id]) for unit_id in state["order"]]
    active = state["active"]
    return {
        "combat": state["combat"],
        "round": state["round"],
        "active": active,
        "active_name": state["units"][active]["name"] if active else None,
        "darkness": state["darkness"],
        "darkness_choices": list(DARKNESS),
        "over": state["over"],
        "units": [u for u in units if u["in_combat"]],
        "bench": [u for u in units if not u["in_combat"]],
        "morale_due": [u for u in units if u["morale_due"] and u["in_combat"]],
        "last": state["last"],
        "weapons": [
            {
                "name": w.name,
                "damage": w.damage,
                "types": list(w.damage_types),
                "element": w.element,
                "range": w.range,
                "stun": w.stun,
            }
            for w in data.weapons
        ],
        "shields": [
            {"name": s.name, "parry": s.parry, "protection": s.protection} for s in data.shields
        ],
        "damage_types": sorted({t for w in data.weapons for t in w.damage_types}),
        "ap_actions": [k for k in data.rules.actions.table if k != "attack"],
        "stat_fields": list(STAT_FIELDS),
    }


def unit_page(state: State, unit_id: str) -> dict[str, Any]:
    view = table_view(state)
    view["unit"] = _unit_view(state, state["units"][unit_id])
    view["targets"] = [u for u in view["units"] if u["id"] != unit_id and not u["out"]]
    return view


def roster_rows(state: State) -> list[list[Any]]:
    rows: list[list[Any]] = [
        ["id", "name", "side", "hp", "max_hp", "fatigue", "blows", "ap", "conditions"]
    ]
    for unit_id in state["order"]:
        view = _unit_view(state, state["units"][unit_id])
        rows.append(
            [
                view["id"],
                view["name"],
                view["side"],
                view["hp"],
                view["max_hp"],
                view["fatigue"],
                view["blows"],
                view["ap"],
                "; ".join(view["conditions"]),
            ]
        )
    return rows


# ------------------------------------------------------------------------------------- odds


def odds_chart(state: State, fields: Mapping[str, Any]) -> dict[str, Any] | None:
    """The attack form's or the morale prompt's odds (toolkit.odds.charts), from the roster as
    it stands: both characters' stats under their conditions (fighting_stats), the weapon, the
    target's armour, shield, resist, size, HP and morale. The dice are what the odds are over."""
    from toolkit.games.domppa import odds
    from toolkit.games.domppa.odds import Defender

    kind = str(fields.get("type") or "")
    data_dir = state.get("data_dir")
    if kind in ("morale", "rally"):
        unit = _fighting_unit(state, fields.get("unit"))
        fighting = _fighting(state, unit)
        morale = fighting.morale if fighting.morale is not None else _row(unit).morale
        chart = odds.morale_chart(
            morale=morale, max_hp=unit["max_hp"], hp=unit["hp"], data_dir=data_dir
        )
        notes = [f"{unit['name']}: morale {morale}, {unit['hp']} of {unit['max_hp']} HP."]
        return {**chart, "notes": notes}
    if kind != "attack":
        return None
    mode = str(fields.get("mode") or "melee").strip().lower()
    if mode not in ("melee", "ranged"):
        raise DomekitError(f"an attack is melee or ranged (got {mode!r})")
    rules = _rules(state)
    attacker = _fighting_unit(state, fields.get("attacker"))
    target = _fighting_unit(state, fields.get("target"))
    if attacker["id"] == target["id"]:
        raise DomekitError("a character does not attack itself")
    weapon = _weapon(state, str(fields.get("weapon") or "").strip() or attacker["weapon"])
    if weapon is None:
        raise DomekitError(f"{attacker['name']} attacks with which weapon? (weapons.csv)")
    if (mode == "ranged") != bool(weapon.range):
        shoots = "is not a ranged weapon" if mode == "ranged" else "shoots: choose ranged"
        raise RuleError("Actions: attack", f"{weapon.name} {shoots}")
    damage_type = str(fields.get("damage_type") or "").strip().lower() or weapon.damage_types[0]
    if damage_type not in weapon.damage_types:
        raise DomekitError(
            f"{weapon.name} does {', '.join(weapon.damage_types)} damage, not {damage_type}"
        )
    hitting, guarding = _fighting(state, attacker), _fighting(state, target)
    cond.require_can_act(hitting, attacker["name"])
    shield = _shield(state, target["shield"])
    row = _row(target)
    bonus = guarding.protection_bonus
    defender = Defender(
        body=row.protection_body + bonus,
        head=row.protection_head + bonus,
        natural=row.protection_natural,
        shield_protection=shield.protection if shield else 0,
        resist=resist_against(rules, _abilities(state, target), weapon.element),
        size=target["size"],
        hp=target["hp"],
        max_hp=target["max_hp"],
        morale=guarding.morale if guarding.morale is not None else row.morale,
    )
    blow = engine.Blow(
        strength=hitting.strength,
        weapon_damage=weapon.damage,
        damage_type=engine.DamageType(damage_type),
        element=engine.Element(weapon.element),
        stun=weapon.stun,
    )
    parry = shield.parry if shield and guarding.can_act else 0
    notes = [
        f"{attacker['name']} with {weapon.name} ({damage_type}) against {target['name']} "
        f"({target['hp']} of {target['max_hp']} HP).",
        "Both 2d6 rolls are what the odds are over; a head hit is the rule's chance, not the "
        "box above. Chances can be low by at most the truncated mass (below 1e-9).",
    ]
    if mode == "ranged":
        distance = _int(fields.get("distance") or 0, "distance")
        if distance > engine.grid_range(rules, weapon.range):
            raise RuleError(
                "Ranged: ranges are halved on the grid",
                f"{weapon.name} reaches {engine.grid_range(rules, weapon.range)} squares "
                f"(listed {weapon.range}); the target is {distance} away",
            )
        if not hitting.may_cast_or_shoot:
            raise RuleError("Berserk", f"{attacker['name']} is berserk: it cannot shoot")
        chart = odds.ranged_chart(
            precision=hitting.precision,
            distance=distance,
            blow=blow,
            defender=defender,
            parry=parry,
            data_dir=data_dir,
        )
    else:
        chart = odds.melee_chart(
            attack=hitting.attack,
            defence=guarding.defence,
            blow=blow,
            defender=defender,
            parry=parry,
            data_dir=data_dir,
        )
    main = "hp_loss" if any(d["name"] == "hp_loss" for d in chart["distributions"]) else "damage"
    return {**chart, "main": main, "notes": notes}


plugin = DomppaTracker()
"""The tracker's side of the game (toolkit/tracker/contract.py), as the registry returns it."""
