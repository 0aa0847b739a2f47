"""Domppa: the chance a fight between two characters is won over the next exchanges, exactly.

A Markov chain over both characters' HP. One exchange: the first strikes the second in melee
(once with each weapon it holds: "the character may attack with the weapons it holds"; the
second weapon's blow meets a defence one lower, "Defence drops by one for each blow received"),
then, if the second still stands and has not fled, the second strikes back the same way. On a
charge (`charge`), a second holding a longer weapon strikes first in the first exchange ("the
defender with the longer weapon strikes first, unless it was already in melee"). Each blow
is the odds engine's exact HP loss (`odds.melee_hp_loss`: the hit roll, the 10% head hit, the
damage roll, every exploding 2d6 in closed form); a blow that takes HP and leaves the target
standing calls for its morale test at the HP left (Morale: "When a character takes damage, it must
test morale"); a failed test means it flees. The fight is won when the other falls (0 HP) or
flees, and the chain stops there; after `exchanges` exchanges what is left is "still fighting".

Both characters fight as they stand now (the match's `set_up_attack`: weapon, shield, fatigue,
darkness, berserk, formation fighter, mount, two weapons, conditions); those are held for the
exchanges: the chain is over HP. Weights are integers over one denominator per blow, so the chain
stays exact and fast. A damage type left to a player (a weapon with several, none named) is the
weapon's first in the main result, and every choice of both sides is followed too: `best` and
`worst` give the first's chance to win under the choices best and worst for it.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, replace
from fractions import Fraction
from pathlib import Path
from typing import Any

from toolkit.dice import convolve
from toolkit.errors import DomekitError
from toolkit.games.domppa.actions import ROLL, Attack
from toolkit.games.domppa.data import UNARMED
from toolkit.games.domppa.match import set_up_attack
from toolkit.games.domppa.odds import Defender, defender_of, melee_hp_loss
from toolkit.games.domppa.rules import morale_test, strikes_first
from toolkit.games.domppa.state import (
    Combatant,
    MatchState,
    fighting_unit,
    held_weapons,
    weapon_named,
    with_units,
)
from toolkit.odds.charts import chart
from toolkit.odds.exploding import ExplodingDice

MAX_EXCHANGES = 100
"""The most exchanges one query follows (each costs a pass over the HP states)."""
MAX_FIGHT_STATES = 8050
"""The most HP states one query follows: the exchanges times both sides' HP (805 HP, the largest
Health's, against 805 over 5 exchanges: about 1.5 s; the weights grow with every exchange)."""


@dataclass(frozen=True)
class Blow:
    """One side's blow as integers over `scale`: P(loss = l) for l < the target's HP, the kill,
    and the target's morale failure at each HP left."""

    striker: str
    target: str
    scale: int
    loss: list[int]  # loss[l] / scale, l = 0 .. hp - 1
    kills: list[int]  # kills[h] / scale: P(loss >= h), h = 0 .. hp
    flees: list[int]  # flees[h] / flee_scale: failing the morale test at h HP left
    flee_scale: int


def _blow(
    state: MatchState, striker: Combatant, target: Combatant, weapon: str, damage_type: str = ""
) -> Blow:
    """The striker's melee blow against the target as the match would set it up now."""
    fields = {
        "type": "attack", "mode": "melee", "attacker": striker.id, "target": target.id,
        "weapon": weapon or UNARMED, "hit_dice": ROLL, "damage_dice": ROLL, "freeze_d6": "",
        "damage_type": damage_type,
    }  # fmt: skip
    setup = set_up_attack(state, Attack.read(fields), striker, target)
    defender = defender_of(setup)
    rules = state.rules
    law, tail = melee_hp_loss(
        rules, attack=setup.hitting.attack, defence=setup.guarding.defence, parry=setup.parry,
        blow=setup.blow, defender=Defender(**{**defender.__dict__, "hp": None, "morale": None}),
        upto=target.hp,
    )  # fmt: skip
    scale = math.lcm(*(p.denominator for p in law), tail.denominator)
    assert defender.morale is not None
    fails = [Fraction(0)] + [
        _fails(rules, defender.morale, target.max_hp, hp_left) for hp_left in range(1, target.hp)
    ]
    flee_scale = math.lcm(*(p.denominator for p in fails))
    loss = [int(p * scale) for p in law]
    kills = [int(tail * scale)]
    for lost in reversed(loss):
        kills.append(kills[-1] + lost)
    return Blow(
        striker=striker.name,
        target=target.name,
        scale=scale,
        loss=loss,
        kills=kills[::-1],
        flees=[int(p * flee_scale) for p in fails],
        flee_scale=flee_scale,
    )


def _fails(rules: Any, morale: int, max_hp: int, hp: int) -> Fraction:
    dice = ExplodingDice(2, rules.dice.sides, rules.dice.explode_on, rules.dice.explosion_penalty)

    def passes(total: int) -> bool:
        return morale_test(
            rules, morale=morale, max_hp=max_hp, hp=hp, roll_total=total, explain=False
        ).passed

    return dice.chances(passes, True).get(False, Fraction(0))


def fight_odds(
    state: MatchState,
    first: str,
    second: str,
    *,
    exchanges: int,
    first_weapon: str = "",
    second_weapon: str = "",
    charge: bool = False,
) -> dict[str, Any]:
    """P(the first wins), P(the second wins), P(still fighting) after `exchanges` exchanges,
    how each side wins (the other falls or flees) and in which exchange the fight is decided;
    with the best and the worst of the damage types left to the players (`best`, `worst`)."""
    if not 1 <= exchanges <= MAX_EXCHANGES:
        raise DomekitError(f"exchanges (--exchanges) must be 1 to {MAX_EXCHANGES}, got {exchanges}")
    a, b = fighting_unit(state, first), fighting_unit(state, second)
    if a.id == b.id:
        raise DomekitError("a character does not fight itself")
    if exchanges * (a.hp + b.hp) > MAX_FIGHT_STATES:
        raise DomekitError(
            f"exchanges: a fight of {a.hp} HP against {b.hp} HP follows at most "
            f"{MAX_FIGHT_STATES // (a.hp + b.hp)} exchanges, not {exchanges} (at most "
            f"{MAX_FIGHT_STATES:,} HP states a query: the exchanges times both sides' HP)"
        )
    weapons = (_weapons(state, a, first_weapon), _weapons(state, b, second_weapon))
    b_first = charge and _longer(state, weapons[1], weapons[0])
    choices = [_choices(state, side) for side in weapons]
    found = {
        (kind_a, kind_b): _fight(state, a, b, weapons, (kind_a, kind_b), exchanges, b_first)
        for kind_a in choices[0]
        for kind_b in choices[1]
    }
    result = dict(found[(choices[0][0], choices[1][0])])
    if len(found) > 1:
        wins = f"p_{_key(a)}_wins"
        ranked = sorted(found.items(), key=lambda item: item[1][wins])
        for name, (kinds, fight) in (("worst", ranked[0]), ("best", ranked[-1])):
            result[name] = {
                "first_damage_type": kinds[0] or "its weapon's only",
                "second_damage_type": kinds[1] or "its weapon's only",
                wins: fight[wins],
            }
    order = f"{b.name} strikes first on {a.name}'s charge (its weapon is longer), then" \
        if b_first else ""  # fmt: skip
    held = [" and ".join(w or UNARMED for w in side) for side in weapons]
    result.update(
        exchanges=exchanges,
        first=a.name,
        second=b.name,
        steps=[
            f"{a.name} ({a.hp} of {a.max_hp} HP, {held[0]}) strikes first, {b.name} "
            f"({b.hp} of {b.max_hp} HP, {held[1]}) strikes back: one melee blow a weapon held "
            f"each per exchange, {exchanges} exchange(s)" + (f"; {order} as usual" if order
                                                             else ""),
            "each blow: the odds engine's exact HP loss (hit, shield hit, the 10% head hit, "
            "damage), exploding 2d6 in closed form; a second weapon's blow meets a defence one "
            "lower (a blow received this round)",
            "a blow that takes HP and leaves the target standing: its morale test at the HP "
            "left; a failed test, it flees and the fight is lost",
            "both fight as they stand now (weapons, shield, fatigue, darkness, berserk, "
            "formation, mount); those are held over the exchanges, so each side's HP follows "
            "the other's blows alone: two exact chains, one over each HP",
        ],
    )  # fmt: skip
    return result


def _weapons(state: MatchState, unit: Combatant, named: str) -> tuple[str, ...]:
    """The weapons it fights with: the one named, else those it holds, else the melee weapon
    its gear names, else none (unarmed)."""
    if named:
        return (named,)
    held = tuple(w.name for w in held_weapons(state, unit))
    return held or (_kit(state, unit).weapon,)


def _choices(state: MatchState, weapons: tuple[str, ...]) -> list[str]:
    """The damage types left to its player: those of a single weapon with several, the first
    (the match's reading when none is named) first; blank when there is no choice."""
    if len(weapons) != 1:
        return [""]
    found = weapon_named(state, weapons[0]) if weapons[0] else None
    kinds = list(found.damage_types) if found is not None else []
    return kinds if len(kinds) > 1 else [""]


def _longer(state: MatchState, theirs: tuple[str, ...], mine: tuple[str, ...]) -> bool:
    """Whether the charged side's longest weapon is longer than the charger's."""

    def longest(names: tuple[str, ...]) -> int:
        found = [weapon_named(state, name) if name else None for name in names]
        return max((w.length if w else state.rules.unarmed.length) for w in found)

    return strikes_first(
        defender_length=longest(theirs), charger_length=longest(mine),
        defender_already_in_melee=False,
    )  # fmt: skip


def _fight(
    state: MatchState,
    a: Combatant,
    b: Combatant,
    weapons: tuple[tuple[str, ...], tuple[str, ...]],
    kinds: tuple[str, str],
    exchanges: int,
    b_first: bool,
) -> dict[str, Any]:
    """The chains for one choice of damage types."""
    blows = (_blows(state, a, b, weapons[0], kinds[0]), _blows(state, b, a, weapons[1], kinds[1]))
    # Each side's HP follows only the other's blows, which are held fixed: the two chains are
    # independent, each over one HP. ends[who][k]: (fell, fled) in the k-th exchange.
    ends = {"b": _taken(b.hp, blows[0], exchanges), "a": _taken(a.hp, blows[1], exchanges)}
    standing = {who: _standing(ends[who]) for who in ends}  # standing[who][k]: after k
    falls = {"a_falls": Fraction(0), "a_flees": Fraction(0), "b_falls": Fraction(0),
             "b_flees": Fraction(0)}  # fmt: skip
    decided: dict[int | str, Fraction] = {}
    for exchange in range(1, exchanges + 1):
        # The one striking first hits while it still stands after the exchanges before; the
        # other strikes back only if it stands after this one's blows.
        lead, back = ("b", "a") if b_first and exchange == 1 else ("a", "b")
        led = ends[back][exchange - 1], standing[lead][exchange - 1]
        backed = ends[lead][exchange - 1], standing[back][exchange]
        decided[exchange] = Fraction(0)
        for who, ((fell, fled), other) in ((back, led), (lead, backed)):
            falls[f"{who}_falls"] += fell * other
            falls[f"{who}_flees"] += fled * other
            decided[exchange] += (fell + fled) * other
    still = standing["a"][exchanges] * standing["b"][exchanges]
    decided["still fighting"] = still
    return {
        f"p_{_key(a)}_wins": falls["b_falls"] + falls["b_flees"],
        f"p_{_key(b)}_wins": falls["a_falls"] + falls["a_flees"],
        "p_still_fighting": still,
        f"p_{_key(b)}_falls": falls["b_falls"],
        f"p_{_key(b)}_flees": falls["b_flees"],
        f"p_{_key(a)}_falls": falls["a_falls"],
        f"p_{_key(a)}_flees": falls["a_flees"],
        "decided_in_exchange_distribution": decided,
    }


def _blows(
    state: MatchState, striker: Combatant, target: Combatant, weapons: tuple[str, ...], kind: str
) -> list[Blow]:
    """The striker's blows of one exchange, a weapon each; each later one meets the target's
    defence one lower (it has received a blow this round)."""
    found = []
    for index, weapon in enumerate(weapons):
        struck = replace(target, blows=target.blows + index)
        found.append(_blow(with_units(state, struck), striker, struck, weapon, kind))
    return found


Gear = tuple[str | None, str | None, int | None]
"""A side's weapon, shield and HP now as typed (None: its data's, full HP)."""


def fight_from_data(
    data_dir: str | Path | None,
    first: str,
    second: str,
    *,
    exchanges: int,
    gear: tuple[Gear, Gear] = ((None, None, None), (None, None, None)),
    charge: bool = False,
) -> dict[str, Any]:
    """A fight of two characters of a card data folder (names as characters.csv has them, in
    any case, or their ids), at full HP unless given, each with its data's weapon and shield
    unless given (a character whose gear names no melee weapon fights unarmed; `none` names no
    weapon): `domekit odds domppa fight A B`."""
    from toolkit.games.domppa.data import load_kit_data
    from toolkit.games.domppa.match import new_match
    from toolkit.games.domppa.state import shield_named, weapon_named, with_units

    kit = load_kit_data(data_dir)
    state = new_match(kit, seed=0, data_dir=None if data_dir is None else str(data_dir),
                      previous=None)  # fmt: skip
    units: list[Combatant] = []
    for name, (weapon, shield, hp), flag in zip((first, second), gear, "ab", strict=True):
        unit = _by_name(state, name)
        weapon = _kit(state, unit).weapon if weapon is None else weapon
        shield = _kit(state, unit).shield if shield is None else shield
        weapon_named(state, weapon)  # an unknown weapon is an error naming the list; none: unarmed
        shield_named(state, shield)  # an unknown shield is an error naming the list
        if hp is not None and not 1 <= hp <= unit.max_hp:
            raise DomekitError(f"--hp-{flag} must be 1 to {unit.name}'s {unit.max_hp}, got {hp}")
        units.append(replace(unit, weapon=weapon, shield=shield, hp=unit.hp if hp is None else hp))
    if units[0].id == units[1].id:
        raise DomekitError("a character does not fight itself: name two characters")
    state = with_units(state, *units)
    return fight_odds(state, units[0].id, units[1].id, exchanges=exchanges, charge=charge)


@dataclass(frozen=True)
class _Carried:
    weapon: str = ""
    shield: str = ""


def _kit(state: MatchState, unit: Combatant) -> _Carried:
    """The melee weapon (the first weapon card without a range) and the shield the character's
    gear names in characters.csv (blank where it names none)."""
    gear = state.data.gear.get(unit.name)
    if gear is None:
        return _Carried()
    melee = next((w.name for w in gear.weapons if w.range is None), "")
    return _Carried(melee, gear.shield.name if gear.shield is not None else "")


def _by_name(state: MatchState, name: str) -> Combatant:
    wanted = name.strip().lower()
    for unit in state.roster:
        if wanted in (unit.name.lower(), unit.id):
            return unit
    names = ", ".join(unit.name for unit in state.roster)
    raise DomekitError(f"no character {name!r} in characters.csv; the characters are {names}")


def _key(unit: Combatant) -> str:
    return unit.id.replace("-", "_")


def _taken(hp: int, blows: list[Blow], exchanges: int) -> list[tuple[Fraction, Fraction]]:
    """(P(falls), P(flees)) in each of `exchanges` exchanges for a character at `hp` taking the
    exchange's blows, as long as it still stands: its one-HP chain."""
    states: dict[int, int] = {hp: 1}
    whole = 1
    found = []
    for _ in range(exchanges):
        fell_now = fled_now = Fraction(0)
        for blow in blows:
            states, whole, fell, fled = _strike(states, whole, blow)
            fell_now, fled_now = fell_now + fell, fled_now + fled
        found.append((fell_now, fled_now))
    return found


def _standing(ends: list[tuple[Fraction, Fraction]]) -> list[Fraction]:
    """P(still standing) after 0, 1, ... blows."""
    left = [Fraction(1)]
    for fell, fled in ends:
        left.append(left[-1] - fell - fled)
    return left


def _strike(
    states: Mapping[int, int], whole: int, blow: Blow
) -> tuple[dict[int, int], int, Fraction, Fraction]:
    """One blow on every HP the target may still stand at: the HPs after it (integer weights
    over the new whole), and the chance the target fell or fled with this blow.

    The weights by HP are convolved with the blow's losses at once (`convolve`): the weight
    reaching HP `left` is the sum over losses l >= 1 of weight[left + l] x P(loss = l)."""
    flee_scale, loss, flees = blow.flee_scale, blow.loss, blow.flees
    fell = sum(weight * blow.kills[hp] for hp, weight in states.items())
    hits = loss[1:][::-1]
    top = max(states, default=0)
    reach = len(hits)
    flat = [0] * (top + 1 + 2 * reach)  # room after the last HP: every slot read
    for hp, weight in states.items():
        flat[hp] = weight
    reached = convolve(flat, hits) if hits and states else [0] * len(flat)
    stay_weight = loss[0] * flee_scale
    after: dict[int, int] = {}
    fled = 0
    for left in range(1, top + 1):
        damaged = reached[reach + left]
        flee = flees[left] if left < len(flees) else 0
        fled += damaged * flee
        stays = states.get(left, 0) * stay_weight + damaged * (flee_scale - flee)
        if stays:
            after[left] = stays
    new_whole = whole * blow.scale * flee_scale
    return after, new_whole, Fraction(fell * flee_scale, new_whole), Fraction(fled, new_whole)


def fight_chart(state: MatchState, fields: Mapping[str, Any]) -> dict[str, Any]:
    """The character page's fight odds (a form of type "fight": `unit`, `against`, optional
    `exchanges`, default 5): the chance `unit` wins a melee fight against `against` within the
    exchanges, each as they stand now, `unit` striking first. The context data is the chart plus
    `fight`: {"first", "second", "exchanges", "p_wins", "p_loses", "p_still_fighting"}."""
    from toolkit.output import to_jsonable

    unit = str(fields.get("unit") or "")
    against = str(fields.get("against") or "")
    if not against:
        raise DomekitError("a fight needs 'against': the character it is fought with")
    raw = str(fields.get("exchanges") or "").strip()
    if raw and not raw.isdigit():
        raise DomekitError(f"exchanges must be a whole number, got {raw[:20]!r}")
    exchanges = int(raw) if raw else FIGHT_EXCHANGES
    result = fight_odds(state, unit, against, exchanges=exchanges)
    first, second = fighting_unit(state, unit), fighting_unit(state, against)
    summary = {
        "first": first.name,
        "second": second.name,
        "exchanges": exchanges,
        "p_wins": result[f"p_{first.id.replace('-', '_')}_wins"],
        "p_loses": result[f"p_{second.id.replace('-', '_')}_wins"],
        "p_still_fighting": result["p_still_fighting"],
    }
    notes = [
        f"{first.name} ({first.hp} of {first.max_hp} HP, {first.weapon or 'no weapon'}) strikes "
        f"first; {second.name} ({second.hp} of {second.max_hp} HP) strikes back; "
        f"{exchanges} exchange(s), melee, as both stand now.",
    ]
    return {**chart(result, "Fight odds"), "notes": notes, "fight": to_jsonable(summary)}


FIGHT_EXCHANGES = 5
"""The exchanges a fight's odds follow unless told."""
