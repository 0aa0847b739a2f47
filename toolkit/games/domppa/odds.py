"""Domppa odds: hit, shield hit, head hit, damage, kill and morale (rules/domppa.en.md).

Every "2d6" is two exploding d6s (the die, its explode face and the penalty come from
card_data/domppa/rules.toml). The engine's pure functions (`toolkit.games.domppa.rules`) take
totals, so each possible total is resolved by them and weighed exactly:

- to hit: `melee_hit` / `ranged_hit` give every hit-roll total's class (a miss by no more than
  the shield's parry is a shield hit); a higher roll never hits worse, so `step_map` asks the
  engine only around the totals where the class changes;
- damage: the engine's `hit_damages` for every damage-roll total (and whether a 6 showed, which
  fire needs), for a body hit and a head hit (`protection.head_hit_percent`, 10%: the helmet
  replaces the body armour, blunt doubles), without building the steps' text;
- morale: `morale_test` for every morale-roll total at the HP left after the blow (by `step_map`).

A query's whole result is remembered (`toolkit.odds.common.remembered`), so the tracker's form
asking again answers at once.

Truncation: each 2d6 leaves out at most ROLL_BUDGET = 1e-9 / 6 (the 13-roll table's 1.53e-10,
then the rarest sums above 80; see `two_d6`); a query with a hit roll, a damage roll and a morale
roll leaves out under 5e-10, reported exactly as `truncated_mass`. The rolls it leaves out are all
high rolls, so `p_hit` and `p_kill` may be low by at most that.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

from toolkit.dice import Dist, exploding_dice
from toolkit.errors import DomekitError
from toolkit.games.domppa import rules as engine
from toolkit.games.domppa.actions import ROLL, Attack
from toolkit.games.domppa.config import DomppaRules
from toolkit.games.domppa.match import attack_fighters, set_up_attack
from toolkit.games.domppa.rules import NO_HARM, Blow, DamageType, Element, Guard, Harm, Hit
from toolkit.games.domppa.state import MatchState, fighting, fighting_unit, morale_of
from toolkit.odds.charts import chart
from toolkit.odds.common import distribution, remembered, step_map

__all__ = [
    "Blow",
    "DamageType",
    "Element",
    "Defender",
    "load_rules",
    "two_d6",
    "melee_odds",
    "ranged_odds",
    "morale_odds",
    "melee_chart",
    "ranged_chart",
    "morale_chart",
]


@lru_cache(maxsize=4)
def load_rules(data_dir: str | Path | None = None) -> DomppaRules:
    """The Domppa rule numbers (the engine's rules.toml, or a folder with your own)."""
    from toolkit.data import game_data_dir, load_toml_model

    return load_toml_model(game_data_dir("domppa", data_dir) / "rules.toml", DomppaRules)


ROLL_BUDGET = Fraction(1, 6 * 10**9)
"""The most one 2d6 may leave out: six rolls in one query still leave out under 1e-9."""


def two_d6(rules: DomppaRules, *, track_six: bool = False) -> Dist[Any]:
    """Domppa's 2d6: totals, or (total, whether the explode face showed).

    The exploding dice are followed 13 rolls each (1.53e-10 left out), then the rarest highest
    totals are left out too while the whole stays within ROLL_BUDGET (with the shipped dice:
    totals above 80, 79 listed instead of 129, 1.65e-10 left out); `truncated_mass` reports the
    exact figure.
    """
    dice = rules.dice
    return _trimmed(dice.sides, dice.explode_on, dice.explosion_penalty, track_six)


@lru_cache(maxsize=8)
def _trimmed(sides: int, explode_on: int, penalty: int, track_six: bool) -> Dist[Any]:
    return exploding_dice(2, sides, explode_on, penalty, track=track_six).trimmed(ROLL_BUDGET)


@dataclass(frozen=True)
class Defender:
    """The target's side: armour pieces (before the over-20 halving), shield, HP and morale."""

    body: int = 0
    head: int = 0
    natural: int = 0
    shield_protection: int = 0
    resist: int = 0
    size: int = 0
    hp: int | None = None
    max_hp: int | None = None
    morale: int | None = None
    morale_bonus: int = 0


_DAMAGE_CACHE: dict[tuple[Any, ...], dict[bool, Dist[Harm]]] = {}
_DAMAGE_CACHE_SIZE = 512


def _damage_outcomes(
    rules: DomppaRules, hit_class: tuple[bool, bool], blow: Blow, defender: Defender, head: bool
) -> Dist[Harm]:
    """The damage roll's every total resolved by the engine for this hit and hit location.

    The engine's `hit_damages` resolves every total for a clean hit and a shield hit at once,
    without building the steps' text. Kept in a small cache (rules are immutable values; the key
    holds them by identity and keeps them alive), so a unit's repeated queries (the tracker's
    forms) answer at once.
    """
    armour = (defender.body, defender.head, defender.natural, defender.shield_protection)
    key = (id(rules), blow, armour, defender.resist, defender.size, head)
    found = _DAMAGE_CACHE.get(key)
    if found is None:
        protection = engine.protection_total(
            rules, body=defender.body, head=defender.head, natural=defender.natural, head_hit=head
        ).total
        guard = Guard(
            protection=protection,
            shield_protection=defender.shield_protection,
            resist=defender.resist,
            size=defender.size,
        )
        fire = blow.element is Element.FIRE
        rolls = two_d6(rules, track_six=fire)
        # Fire needs (total, whether a 6 showed); otherwise a roll is its total.
        keys = rolls.outcomes() if fire else [(total, False) for total in rolls.outcomes()]
        tables = engine.hit_damages(rules, blow, guard, keys, head=head)
        found = {
            shield_hit: rolls.map(table.__getitem__ if fire else _by_total(table))
            for shield_hit, table in tables.items()
        }
        if len(_DAMAGE_CACHE) >= _DAMAGE_CACHE_SIZE:
            _DAMAGE_CACHE.clear()
        _RULES_KEPT[id(rules)] = rules
        _DAMAGE_CACHE[key] = found
    return found[hit_class[1]]


_RULES_KEPT: dict[int, DomppaRules] = {}


_HITS_CACHE: dict[tuple[Any, ...], Dist[tuple[bool, bool]]] = {}


def _hits(rules: DomppaRules, key: tuple[Any, ...], hit_for_total: Any) -> Dist[tuple[bool, bool]]:
    """The hit roll's every total resolved by the engine, as hit classes (kept like damage)."""
    key = (id(rules), *key)
    found = _HITS_CACHE.get(key)
    if found is None:
        if len(_HITS_CACHE) >= _DAMAGE_CACHE_SIZE:
            _HITS_CACHE.clear()
        _RULES_KEPT[id(rules)] = rules
        found = _HITS_CACHE[key] = step_map(two_d6(rules), hit_for_total)
    return found


def _strike_odds(
    rules: DomppaRules, hits: Dist[tuple[bool, bool]], blow: Blow, defender: Defender
) -> tuple[Dist[tuple[bool, bool]], Dist[Harm]]:
    """Hit roll (as hit classes), then for a hit or shield hit the location and damage roll."""
    head_percent = rules.protection.head_hit_percent

    def after(hit_class: tuple[bool, bool]) -> Dist[Harm]:
        if not hit_class[0]:
            return Dist.always(NO_HARM)
        return Dist.mix(
            [
                (_damage_outcomes(rules, hit_class, blow, defender, False), 100 - head_percent),
                (_damage_outcomes(rules, hit_class, blow, defender, True), head_percent),
            ]
        )

    return hits, hits.bind(after)


def _hit_class(hit: Hit) -> tuple[bool, bool]:
    """A hit's class (hit, shield hit), hashable, so equal classes merge."""
    return (hit.hit, hit.shield_hit)


def _summary(
    rules: DomppaRules,
    strike: tuple[Dist[tuple[bool, bool]], Dist[Harm]],
    blow: Blow,
    defender: Defender,
) -> dict[str, Any]:
    hits, blows = strike
    p_hit = hits.p(lambda c: c[0])
    damage = blows.map(lambda b: b.damage)
    result: dict[str, Any] = {
        "p_hit": p_hit,
        "p_shield_hit": hits.p(lambda c: c[1]),
        # "a 10% chance of hitting the head": of the hits, head_hit_percent in 100.
        "p_head_hit": p_hit * rules.protection.head_hit_percent / 100,
        "p_damage": damage.p(lambda d: d > 0),
        "expected_damage": damage.mean(),
        "damage_distribution": distribution(damage),
    }
    loss = blows.map(lambda b: b.hp_loss)
    if blow.stun:
        result["fatigue_distribution"] = distribution(blows, lambda b: b.fatigue)
    else:
        # Mostly the HP lost is the damage: the same table, without working it out twice.
        same = loss == damage
        result["hp_loss_distribution"] = (
            dict(result["damage_distribution"]) if same else distribution(loss)
        )
    if blow.element is Element.FIRE:
        result["p_ignites"] = blows.p(lambda b: b.ignites)
    if blow.element is Element.PARALYSIS:
        result["paralysis_rounds_distribution"] = distribution(blows, lambda b: b.paralysis_rounds)
    missing = blows.missing
    if defender.hp is not None:
        standing = defender.hp
        result["p_kill"] = loss.p(lambda lost: lost >= standing)
    if defender.morale is not None:
        if defender.hp is None or defender.max_hp is None:
            raise DomekitError("the morale odds need the target's --hp and --max-hp")
        failing = _morale_failure(rules, defender, defender.morale, defender.max_hp)
        hp = defender.hp
        # Only a blow that takes HP and leaves the target standing calls for the test; the rest
        # merge into one outcome first, so the mixture has at most hp parts.
        tested = loss.map(lambda lost: lost if 0 < lost < hp else 0)
        after = tested.bind(lambda lost: failing(hp - lost) if lost else Dist.always(False))
        result["p_morale_failure"] = after.p()
        missing = after.missing
    result["truncated_mass"] = missing
    return result


def _morale_failure(
    rules: DomppaRules, defender: Defender, morale: int, max_hp: int
) -> Callable[[int], Dist[bool]]:
    @cache
    def failing(hp_left: int) -> Dist[bool]:
        def passes(total: int) -> bool:
            return engine.morale_test(
                rules,
                morale=morale,
                max_hp=max_hp,
                hp=hp_left,
                roll_total=total,
                bonus=defender.morale_bonus,
                explain=False,
            ).passed

        return step_map(two_d6(rules), passes).map(lambda passed: not passed)

    return failing


def _by_total(table: dict[tuple[int, bool], Harm]) -> Callable[[int], Harm]:
    """A roll's harm from its total alone (no fire: whether a 6 showed does not matter)."""
    return lambda total: table[(total, False)]


def _check_defender(defender: Defender) -> None:
    if defender.hp is not None and defender.hp < 1:
        raise DomekitError(f"--hp must be at least 1 (the target still stands), got {defender.hp}")
    if defender.max_hp is not None and defender.hp is not None and defender.hp > defender.max_hp:
        raise DomekitError(f"--hp {defender.hp} is above --max-hp {defender.max_hp}")


def _by_type(
    rules: DomppaRules,
    damage_types: list[DamageType],
    blow: Blow,
    strike: Callable[[Blow], dict[str, Any]],
) -> dict[str, Any]:
    """The first damage type's full result, plus each other type's distribution beside it."""
    if not damage_types:
        damage_types = [blow.damage_type]
    results = {
        kind: strike(Blow(**{**blow.__dict__, "damage_type": kind})) for kind in damage_types
    }
    first = results[damage_types[0]]
    first["damage_type"] = damage_types[0].value
    if len(damage_types) > 1:
        first["by_damage_type"] = {
            kind.value: {
                "p_damage": r["p_damage"],
                "expected_damage": r["expected_damage"],
                **({"p_kill": r["p_kill"]} if "p_kill" in r else {}),
                "damage_distribution": r["damage_distribution"],
            }
            for kind, r in results.items()
        }
    return first


def melee_odds(
    rules: DomppaRules,
    *,
    attack: int,
    defence: int,
    blow: Blow,
    defender: Defender,
    parry: int = 0,
    damage_types: list[DamageType] | None = None,
) -> dict[str, Any]:
    """One melee blow: 2d6 - 7 + attack vs defence (+ parry), then 2d6 - 7 + strength + weapon
    vs protection, over every roll."""
    _check_defender(defender)
    key = (attack, defence, parry, blow, defender, tuple(damage_types or ()))
    return remembered(
        "domppa.melee", rules, key,
        lambda: _melee_odds(rules, attack, defence, blow, defender, parry, damage_types),
    )  # fmt: skip


def _melee_odds(
    rules: DomppaRules,
    attack: int,
    defence: int,
    blow: Blow,
    defender: Defender,
    parry: int,
    damage_types: list[DamageType] | None,
) -> dict[str, Any]:

    def hit_for(total: int) -> tuple[bool, bool]:
        return _hit_class(
            engine.melee_hit(
                rules, attack=attack, defence=defence, hit_total=total, parry=parry, explain=False
            )
        )

    hits = _hits(rules, ("melee", attack, defence, parry), hit_for)

    def strike(kind_blow: Blow) -> dict[str, Any]:
        return _summary(rules, _strike_odds(rules, hits, kind_blow, defender), kind_blow, defender)

    result = _by_type(rules, list(damage_types or []), blow, strike)
    result["steps"] = _steps(rules, "melee: each hit-roll total's class from melee_hit", defender)
    return result


def ranged_odds(
    rules: DomppaRules,
    *,
    precision: int,
    distance: int,
    blow: Blow,
    defender: Defender,
    parry: int = 0,
    in_melee: bool = False,
    damage_types: list[DamageType] | None = None,
) -> dict[str, Any]:
    """One shot: 2d6 + precision + size vs 14 + distance + 2 x parry, then damage as in melee."""
    _check_defender(defender)
    key = (precision, distance, blow, defender, parry, in_melee, tuple(damage_types or ()))
    return remembered(
        "domppa.ranged", rules, key,
        lambda: _ranged_odds(
            rules, precision, distance, blow, defender, parry, in_melee, damage_types
        ),
    )  # fmt: skip


def _ranged_odds(
    rules: DomppaRules,
    precision: int,
    distance: int,
    blow: Blow,
    defender: Defender,
    parry: int,
    in_melee: bool,
    damage_types: list[DamageType] | None,
) -> dict[str, Any]:

    def hit_for(total: int) -> tuple[bool, bool]:
        return _hit_class(
            engine.ranged_hit(
                rules,
                precision=precision,
                size=defender.size,
                distance=distance,
                hit_total=total,
                parry=parry,
                in_melee=in_melee,
                explain=False,
            )
        )

    hits = _hits(rules, ("ranged", precision, defender.size, distance, parry, in_melee), hit_for)

    def strike(kind_blow: Blow) -> dict[str, Any]:
        return _summary(rules, _strike_odds(rules, hits, kind_blow, defender), kind_blow, defender)

    result = _by_type(rules, list(damage_types or []), blow, strike)
    result["steps"] = _steps(rules, "ranged: each hit-roll total's class from ranged_hit", defender)
    return result


def morale_odds(
    rules: DomppaRules, *, morale: int, max_hp: int, hp: int, bonus: int = 0
) -> dict[str, Any]:
    """A morale test now: 2d6 + morale vs 12 + the missing-HP penalty; a tie passes."""
    tests = step_map(
        two_d6(rules),
        lambda total: (
            engine.morale_test(
                rules,
                morale=morale,
                max_hp=max_hp,
                hp=hp,
                roll_total=total,
                bonus=bonus,
                explain=False,
            ).passed
        ),
    )
    penalty, step = engine.missing_hp_penalty(rules, max_hp, hp)
    return {
        "p_passed": tests.p(),
        "p_failed": tests.p(lambda passed: not passed),
        "penalty": penalty,
        "truncated_mass": tests.missing,
        "steps": [step, "each 2d6 total resolved by morale_test"],
    }


def _steps(rules: DomppaRules, how: str, defender: Defender) -> list[str]:
    head = rules.protection.head_hit_percent
    steps = [
        how,
        f"a hit strikes the head {head}% of the time: helmet {defender.head} instead of body "
        f"armour {defender.body}, plus natural {defender.natural}",
        "each damage-roll total resolved by the engine's damage step (hit_damages)",
    ]
    if defender.morale is not None:
        steps.append("after a blow that takes HP but does not kill, morale_test at the HP left")
    steps.append(
        "exploding 2d6 followed to 13 rolls per die, the rarest sums above the truncation "
        "budget left out; truncated_mass is what that leaves out"
    )
    return steps


def probability_text(value: Fraction) -> str:
    return f"{float(value):.4%}"


def fear_odds(
    rules: DomppaRules, *, fear: int, morale: int, max_hp: int, hp: int, death_paths: int = 0
) -> dict[str, Any]:
    """Fear X: 2d6 + fear/5 vs morale - the missing-HP penalty; the fear wins a tie."""
    broken = step_map(
        two_d6(rules),
        lambda total: engine.fear_test(
            rules, fear=fear, morale=morale, max_hp=max_hp, hp=hp, roll_total=total,
            death_paths=death_paths,
        ).broken
    )  # fmt: skip
    return {
        "p_broken": broken.p(),
        "p_stands": broken.p(lambda b: not b),
        "truncated_mass": broken.missing,
        "steps": ["each 2d6 total resolved by fear_test (the fear wins a tie)"],
    }


def awe_odds(rules: DomppaRules, *, morale: int, awe: int) -> dict[str, Any]:
    """To strike one with Awe X: 2d6 - 7 + morale vs 10 + X; a tie passes."""
    may = step_map(
        two_d6(rules),
        lambda total: engine.awe_test(rules, morale=morale, awe=awe, roll_total=total).may_strike,
    )
    return {
        "p_may_strike": may.p(),
        "p_held_back": may.p(lambda m: not m),
        "truncated_mass": may.missing,
        "steps": ["each 2d6 total resolved by awe_test (a tie passes)"],
    }


# -- The tracker's forms as charts (toolkit.odds.charts) ----------------------------------------


def melee_chart(*, data_dir: str | Path | None = None, **kwargs: Any) -> dict[str, Any]:
    """The melee form: `melee_odds`'s keywords (attack, defence, parry, blow=Blow(...),
    defender=Defender(...), damage_types=[...])."""
    return chart(melee_odds(load_rules(data_dir), **kwargs), "Melee odds")


def ranged_chart(*, data_dir: str | Path | None = None, **kwargs: Any) -> dict[str, Any]:
    """The ranged form: `ranged_odds`'s keywords."""
    return chart(ranged_odds(load_rules(data_dir), **kwargs), "Ranged odds")


def morale_chart(
    *, morale: int, max_hp: int, hp: int, bonus: int = 0, data_dir: str | Path | None = None
) -> dict[str, Any]:
    """The morale prompt: the chance to pass the test now."""
    result = morale_odds(load_rules(data_dir), morale=morale, max_hp=max_hp, hp=hp, bonus=bonus)
    return chart(result, "Morale odds")


def tracker_chart(state: MatchState, fields: Mapping[str, Any]) -> dict[str, Any] | None:
    """The attack form's or the morale prompt's odds in the tracker, from the roster as it
    stands: both characters' stats under their conditions, the weapon, the target's armour,
    shield, resist, size, HP and morale (the match's `set_up_attack`, as an attack would find
    them). The dice are what the odds are over; a form that has no odds gives None."""
    kind = str(fields.get("type") or "")
    data_dir = state.data_dir
    if kind in ("morale", "rally"):
        unit = fighting_unit(state, str(fields.get("unit") or ""))
        morale = morale_of(unit, fighting(state, unit))
        chart_ = morale_chart(morale=morale, max_hp=unit.max_hp, hp=unit.hp, data_dir=data_dir)
        notes = [f"{unit.name}: morale {morale}, {unit.hp} of {unit.max_hp} HP."]
        return {**chart_, "notes": notes}
    if kind != "attack":
        return None
    # The dice are what the odds are over: the form's own are not read.
    attack = Attack.read({**fields, "hit_dice": ROLL, "damage_dice": ROLL, "freeze_d6": ""})
    setup = set_up_attack(state, attack, *attack_fighters(state, attack))
    target, guarding = setup.target, setup.guarding
    bonus = guarding.protection_bonus
    row = target.row
    defender = Defender(
        body=row.protection_body + bonus,
        head=row.protection_head + bonus,
        natural=row.protection_natural,
        shield_protection=setup.shield.protection if setup.shield else 0,
        resist=setup.resist,
        size=target.size,
        hp=target.hp,
        max_hp=target.max_hp,
        morale=morale_of(target, guarding),
    )
    notes = [
        f"{setup.attacker.name} with {setup.weapon.name} ({setup.damage_type.value}) against "
        f"{target.name} ({target.hp} of {target.max_hp} HP).",
        "Both 2d6 rolls are what the odds are over; a head hit is the rule's chance, not the "
        "box above. Chances can be low by at most the truncated mass (below 1e-9).",
    ]
    common = {"blow": setup.blow, "defender": defender, "parry": setup.parry}
    if attack.ranged:
        where = {"precision": setup.hitting.precision, "distance": attack.distance}
        chart_ = ranged_chart(**where, **common, data_dir=data_dir)
    else:
        where = {"attack": setup.hitting.attack, "defence": guarding.defence}
        chart_ = melee_chart(**where, **common, data_dir=data_dir)
    main = "hp_loss" if any(d["name"] == "hp_loss" for d in chart_["distributions"]) else "damage"
    return {**chart_, "main": main, "notes": notes}
