"""Domppa odds: hit, shield hit, head hit, damage, kill and morale (rules/domppa.en.md), exact.

Every "2d6" is two exploding d6s (the die, its explode face and the penalty come from
card_data/domppa/rules.toml), weighed with no truncation (`toolkit.odds.exploding`): an exploding
die never goes down, so every "at least" is decided after finitely many rolls. The engine's pure
functions (`toolkit.games.domppa.rules`) take totals, so each total is resolved by them:

- to hit: `melee_hit` / `ranged_hit` give every hit-roll total's class (a miss by no more than
  the shield's parry is a shield hit); a higher roll never hits worse and a high enough roll always
  hits, so `ExplodingDice.chances` asks the engine only around the totals where the class changes
  and weighs each stretch of totals by the closed-form P(2d6 >= m);
- damage: the engine's `hit_damages` for every damage-roll total, for a body hit and a head hit
  (`protection.head_hit_percent`, 10%: the helmet replaces the body armour, blunt doubles). Each
  distribution lists its values until what is left is at most 1e-9 and ends in one bucket
  "N or more" holding exactly the rest, so it adds up to exactly 1; `expected_damage` is summed in
  closed form (the damage grows by `damage_growth` past the protection: geometric series);
- fire: the blow ignites when the damage roll held a 6, i.e. a die exploded: P(total >= m) less
  P(total >= m with no die exploded);
- morale: `morale_test` for every morale-roll total at the HP left after the blow.

A query's whole result is remembered (`toolkit.odds.common.remembered`), so the tracker's form
asking again answers at once.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import cache, lru_cache
from pathlib import Path
from typing import Any, cast

from toolkit.errors import DomekitError
from toolkit.games.domppa import rules as engine
from toolkit.games.domppa.actions import ROLL, Attack, Dice
from toolkit.games.domppa.config import DomppaRules
from toolkit.games.domppa.dice import pad_faces, parse_exploding
from toolkit.games.domppa.match import AttackSetup, attack_fighters, set_up_attack
from toolkit.games.domppa.rules import Blow, DamageType, Element, Guard, Harm
from toolkit.games.domppa.state import (
    MatchState,
    fighting,
    fighting_unit,
    morale_of,
    party_bonus,
)
from toolkit.odds.charts import chart
from toolkit.odds.common import remembered
from toolkit.odds.exploding import TAIL_AT_MOST, ExplodingDice, exploding_dice

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
    """The Domppa rule numbers and effect words (the shipped ones, or a folder with your own)."""
    from toolkit.games.domppa import data

    return data.load_rules(data_dir)


def two_d6(rules: DomppaRules) -> ExplodingDice:
    """Domppa's 2d6: two exploding dice as rules.toml's [dice] says, weighed exactly."""
    dice = rules.dice
    return exploding_dice(2, dice.sides, dice.explode_on, dice.explosion_penalty)


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


HitClass = tuple[bool, bool]
"""(hit, shield hit), hashable, so equal classes merge."""

CLEAN_HIT: HitClass = (True, False)
"""What a high enough hit roll always gives."""


class _Harms:
    """A hit's harm for every damage-roll total: the engine's `hit_damages` for the usual totals
    at once (the defender's side worked out once), single calls beyond them."""

    def __init__(
        self,
        rules: DomppaRules,
        blow: Blow,
        guard: Guard,
        shield_hit: bool,
        head: bool,
        table: dict[tuple[int, bool], Harm],
    ) -> None:
        self.rules, self.blow, self.guard = rules, blow, guard
        self.shield_hit, self.head = shield_hit, head
        self.dice = two_d6(rules)
        self.low = self.dice.least
        self.high = self.low + len(table)
        self.table = [table[(total, False)] for total in range(self.low, self.high)]
        self._grows: dict[str, bool] = {}

    def __call__(self, total: int, six: bool = False) -> Harm:
        if self.low <= total < self.high and not six:
            return self.table[total - self.low]
        rolls = [(total, six)]
        found = engine.hit_damages(self.rules, self.blow, self.guard, rolls, head=self.head)
        return found[self.shield_hit][(total, six)]

    def field(self, name: str) -> Callable[[int], int]:
        """One number of the harm, by total (damage, hp_loss, fatigue, paralysis_rounds)."""
        index = Harm._fields.index(name)
        return lambda total: cast(int, self(total)[index])

    def first(self, test: Callable[[Harm], bool], *, six: bool = False) -> int:
        """The least total whose harm passes `test` (one a higher roll never fails)."""
        return self.dice.classes(lambda total: test(self(total, six)), True)[-1][0]

    def grows(self, name: str) -> bool:
        """Whether a field grows without end with the roll (damage, HP loss: yes; a stun blow's
        HP loss: no). Each field is 0 or grows with the damage, which grows without end."""
        found = self._grows.get(name)
        if found is None:
            found = self._grows[name] = self.field(name)(self.dice.least + 10**6) > 0
        return found

    def expected_damage(self) -> Fraction:
        """E[damage] in closed form: 0 below the first damaging total, then `damage_growth`
        every period (checked against the engine over two periods)."""
        start = self.first(lambda harm: harm.damage > 0)
        period, growth = engine.damage_growth(self.rules, self.blow.damage_type, self.head)
        damage = self.field("damage")
        for total in range(start, start + 2 * period):
            if damage(total + period) != damage(total) + growth:
                raise DomekitError(f"damage at total {total + period} grows unlike damage_growth")
        return self.dice.expectation(damage, start, period, growth)

    @property
    def hp_is_damage(self) -> bool:
        """HP loss is the damage at every total (no stun, poison or paralysis)."""
        return self.grows("hp_loss") and all(h.hp_loss == h.damage for h in self.table)


_HARMS_CACHE: dict[tuple[Any, ...], tuple[_Harms, ...]] = {}
HARM_TOTALS = 72
"""The damage totals worked out at once (from the least, 2, up to 73: past 1e-11 of the rolls)."""
_CACHE_SIZE = 512
_RULES_KEPT: dict[int, DomppaRules] = {}


def _harms(
    rules: DomppaRules, hit_class: HitClass, blow: Blow, defender: Defender, head: bool
) -> _Harms:
    """The harm table of one kind of hit and location, kept in a small cache (rules are
    immutable values; the key holds them by identity and keeps them alive)."""
    armour = (defender.body, defender.head, defender.natural, defender.shield_protection)
    key = (id(rules), blow, armour, defender.resist, defender.size, head)
    found = _HARMS_CACHE.get(key)
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
        # Both kinds of hit at once: the engine works each out for every usual total.
        dice = two_d6(rules)
        keys = [(total, False) for total in range(dice.least, dice.least + HARM_TOTALS)]
        tables = engine.hit_damages(rules, blow, guard, keys, head=head)
        if len(_HARMS_CACHE) >= _CACHE_SIZE:
            _HARMS_CACHE.clear()
        _RULES_KEPT[id(rules)] = rules
        found = _HARMS_CACHE[key] = tuple(
            _Harms(rules, blow, guard, shield_hit, head, tables[shield_hit])
            for shield_hit in (False, True)
        )
    return found[hit_class[1]]


_HITS_CACHE: dict[tuple[Any, ...], dict[HitClass, Fraction]] = {}


def _hits(
    rules: DomppaRules, key: tuple[Any, ...], hit_for_total: Callable[[int], HitClass]
) -> dict[HitClass, Fraction]:
    """The hit roll's every total resolved by the engine, as hit classes (kept like harms)."""
    key = (id(rules), *key)
    found = _HITS_CACHE.get(key)
    if found is None:
        if len(_HITS_CACHE) >= _CACHE_SIZE:
            _HITS_CACHE.clear()
        _RULES_KEPT[id(rules)] = rules
        found = _HITS_CACHE[key] = two_d6(rules).chances(hit_for_total, CLEAN_HIT)
    return found


def _melee_hits(
    rules: DomppaRules, attack: int, defence: int, parry: int
) -> dict[HitClass, Fraction]:
    """The melee hit roll's classes: melee_hit for each total (kept like harms)."""

    def hit_for(total: int) -> HitClass:
        hit = engine.melee_hit(
            rules, attack=attack, defence=defence, hit_total=total, parry=parry, explain=False
        )
        return (hit.hit, hit.shield_hit)

    return _hits(rules, ("melee", attack, defence, parry), hit_for)


def _parts(
    rules: DomppaRules, hits: Mapping[HitClass, Fraction], blow: Blow, defender: Defender
) -> tuple[Fraction, list[tuple[Fraction, _Harms]]]:
    """The chance of a miss, and each hit class striking the body or the head
    (head_hit_percent in 100) with its weight."""
    head_share = Fraction(rules.protection.head_hit_percent, 100)
    miss = Fraction(0)
    parts: list[tuple[Fraction, _Harms]] = []
    for hit_class, chance in hits.items():
        if not hit_class[0]:
            miss += chance
            continue
        for head, share in ((False, 1 - head_share), (True, head_share)):
            if share:
                parts.append((chance * share, _harms(rules, hit_class, blow, defender, head)))
    return miss, parts


def _strike_summary(
    rules: DomppaRules, hits: Mapping[HitClass, Fraction], blow: Blow, defender: Defender
) -> dict[str, Any]:
    dice = two_d6(rules)
    miss, parts = _parts(rules, hits, blow, defender)
    p_hit = 1 - miss

    def spread(name: str) -> dict[int | str, Fraction]:
        # A miss does no harm; a field that does not grow with the roll is 0 at every total.
        spread: list[tuple[Fraction, Callable[[int], int] | int]] = [(miss, 0)]
        for weight, harms in parts:
            spread.append((weight, harms.field(name) if harms.grows(name) else 0))
        return dice.spread(spread)

    def chance(test: Callable[[Harm], bool], name: str) -> Fraction:
        """P(the harm passes `test`), `test` one that a larger `name` never fails."""
        found = Fraction(0)
        for weight, harms in parts:
            if harms.grows(name):
                found += weight * dice.at_least(harms.first(test))
            elif test(harms(dice.least)):
                found += weight
        return found

    result: dict[str, Any] = {
        "p_hit": p_hit,
        "p_shield_hit": sum((c for cls, c in hits.items() if cls[1]), Fraction(0)),
        # "a 10% chance of hitting the head": of the hits, head_hit_percent in 100.
        "p_head_hit": p_hit * rules.protection.head_hit_percent / 100,
        "p_damage": chance(lambda harm: harm.damage > 0, "damage"),
        "expected_damage": sum(
            (weight * harms.expected_damage() for weight, harms in parts), Fraction(0)
        ),
        "damage_distribution": spread("damage"),
    }
    if blow.stun:
        result["fatigue_distribution"] = spread("fatigue")
    elif all(harms.hp_is_damage for _, harms in parts):
        result["hp_loss_distribution"] = dict(result["damage_distribution"])
    else:
        result["hp_loss_distribution"] = spread("hp_loss")
    if blow.element is Element.FIRE:
        # Ignites when the damage roll held a 6: the totals from the first that ignites, less
        # those where no die exploded.
        ignites = Fraction(0)
        for weight, harms in parts:
            start = harms.first(lambda harm: harm.ignites, six=True)
            ignites += weight * (dice.at_least(start) - dice.plain_at_least(start))
        result["p_ignites"] = ignites
    if blow.element is Element.PARALYSIS:
        result["paralysis_rounds_distribution"] = spread("paralysis_rounds")
    if defender.hp is not None:
        standing = defender.hp
        result["p_kill"] = chance(lambda harm: harm.hp_loss >= standing, "hp_loss")
    if defender.morale is not None:
        if defender.hp is None or defender.max_hp is None:
            raise DomekitError("the morale odds need the target's --hp and --max-hp")
        result["p_morale_failure"] = _morale_failure_after(rules, parts, defender)
    return result


def melee_hp_loss(
    rules: DomppaRules,
    *,
    attack: int,
    defence: int,
    parry: int,
    blow: Blow,
    defender: Defender,
    upto: int,
) -> tuple[list[Fraction], Fraction]:
    """One melee blow's HP loss, exactly: P(loss = l) for l = 0 .. upto - 1, and P(loss >= upto)
    (the fight's chain asks for every loss below the target's HP, and the rest kills)."""

    hits = _melee_hits(rules, attack, defence, parry)
    miss, parts = _parts(rules, hits, blow, defender)
    dice = two_d6(rules)
    law = [Fraction(0)] * upto
    law[0] = miss
    tail = Fraction(0)
    for weight, harms in parts:
        if not harms.grows("hp_loss"):  # takes no HP (stun, poison, paralysis)
            law[0] += weight
            continue
        total = dice.least
        while (lost := harms(total).hp_loss) < upto:
            law[lost] += weight * dice.probability(total)
            total += 1
        tail += weight * dice.at_least(total)
    return law, tail


def _morale_failure_after(
    rules: DomppaRules, parts: list[tuple[Fraction, _Harms]], defender: Defender
) -> Fraction:
    """Only a blow that takes HP and leaves the target standing calls for the test: each such
    total weighed by the test's failure at the HP left."""
    assert defender.hp is not None and defender.max_hp is not None and defender.morale is not None
    failing = _morale_failure(rules, defender, defender.morale, defender.max_hp)
    hp = defender.hp
    dice = two_d6(rules)
    found = Fraction(0)
    for weight, harms in parts:
        if not harms.grows("hp_loss"):
            continue  # takes no HP (stun, poison, paralysis): no test
        by_loss: dict[int, Fraction] = {}
        total = dice.least
        while (lost := harms(total).hp_loss) < hp:
            if lost > 0:
                by_loss[lost] = by_loss.get(lost, Fraction(0)) + dice.probability(total)
            total += 1
        found += weight * sum((p * failing(hp - lost) for lost, p in by_loss.items()), Fraction(0))
    return found


def _morale_failure(
    rules: DomppaRules, defender: Defender, morale: int, max_hp: int
) -> Callable[[int], Fraction]:
    @cache
    def failing(hp_left: int) -> Fraction:
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

        return two_d6(rules).chances(passes, True).get(False, Fraction(0))

    return failing


def _check_defender(rules: DomppaRules, defender: Defender) -> None:
    if defender.max_hp is not None:
        rules.limits.check("max_hp", defender.max_hp, "--max-hp")
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
    """The first damage type's full result, plus each other type's distribution beside it and,
    the choice being the player's ("you choose which to use before rolling to hit"), the best
    and the worst of them (by expected damage, then by the chance to kill)."""
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

        def rank(kind: DamageType) -> tuple[Fraction, Fraction]:
            found = results[kind]
            return found["expected_damage"], found.get("p_kill", Fraction(0))

        ordered = sorted(damage_types, key=rank)
        for name, kind in (("worst", ordered[0]), ("best", ordered[-1])):
            first[name] = {"damage_type": kind.value, **first["by_damage_type"][kind.value]}
            first[name].pop("damage_distribution")
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
    hit: HitClass | None = None,
) -> dict[str, Any]:
    """One melee blow: 2d6 - 7 + attack vs defence (+ parry), then 2d6 - 7 + strength + weapon
    vs protection, over every roll. `hit`: the hit roll's class when the table has rolled it
    (a hit, on the shield or not): the odds are then the damage roll's alone."""
    _check_defender(rules, defender)
    key = (attack, defence, parry, blow, defender, tuple(damage_types or ()), hit)
    return remembered(
        "domppa.melee", rules, key,
        lambda: _given(hit, _melee_odds(
            rules, attack, defence, blow, defender, parry, damage_types, hit
        )),
    )  # fmt: skip


def _given(hit: HitClass | None, result: dict[str, Any]) -> dict[str, Any]:
    """The odds once the hit roll is known: no chance of a hit any more, only what follows."""
    if hit is not None:
        for name in ("p_hit", "p_shield_hit"):
            result.pop(name, None)
            for entry in result.get("by_damage_type", {}).values():
                entry.pop(name, None)
    return result


def _melee_odds(
    rules: DomppaRules,
    attack: int,
    defence: int,
    blow: Blow,
    defender: Defender,
    parry: int,
    damage_types: list[DamageType] | None,
    hit: HitClass | None = None,
) -> dict[str, Any]:

    hits = {hit: Fraction(1)} if hit else _melee_hits(rules, attack, defence, parry)

    def strike(kind_blow: Blow) -> dict[str, Any]:
        return _strike_summary(rules, hits, kind_blow, defender)

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
    hit: HitClass | None = None,
) -> dict[str, Any]:
    """One shot: 2d6 + precision + size vs 14 + distance + 2 x parry, then damage as in melee
    (`hit`: the hit roll's class once rolled, as in `melee_odds`)."""
    _check_defender(rules, defender)
    key = (precision, distance, blow, defender, parry, in_melee, tuple(damage_types or ()), hit)
    return remembered(
        "domppa.ranged", rules, key,
        lambda: _given(hit, _ranged_odds(
            rules, precision, distance, blow, defender, parry, in_melee, damage_types, hit
        )),
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
    hit: HitClass | None = None,
) -> dict[str, Any]:

    def hit_for(total: int) -> HitClass:
        hit = engine.ranged_hit(
            rules,
            precision=precision,
            size=defender.size,
            distance=distance,
            hit_total=total,
            parry=parry,
            in_melee=in_melee,
            explain=False,
        )
        return (hit.hit, hit.shield_hit)

    hits = (
        {hit: Fraction(1)}
        if hit
        else _hits(rules, ("ranged", precision, defender.size, distance, parry, in_melee), hit_for)
    )

    def strike(kind_blow: Blow) -> dict[str, Any]:
        return _strike_summary(rules, hits, kind_blow, defender)

    result = _by_type(rules, list(damage_types or []), blow, strike)
    result["steps"] = _steps(rules, "ranged: each hit-roll total's class from ranged_hit", defender)
    return result


def morale_odds(
    rules: DomppaRules, *, morale: int, max_hp: int, hp: int, bonus: int = 0
) -> dict[str, Any]:
    """A morale test now: 2d6 + morale vs 12 + the missing-HP penalty; a tie passes."""
    tests = two_d6(rules).chances(
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
        True,
    )
    penalty, step = engine.missing_hp_penalty(rules, max_hp, hp)
    return {
        "p_passed": tests.get(True, Fraction(0)),
        "p_failed": tests.get(False, Fraction(0)),
        "penalty": penalty,
        "steps": [step, "each 2d6 total resolved by morale_test", EXACT_STEP],
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
    steps.append(EXACT_STEP)
    steps.append(
        f"distributions list each value until at most {float(TAIL_AT_MOST):.0e} is left, then "
        "one bucket 'N or more' holds exactly the rest; expected damage summed in closed form"
    )
    return steps


EXACT_STEP = (
    "exploding 2d6 weighed exactly, without truncation: P(2d6 >= m) in closed form "
    "(a die never goes down, so each 'at least' is settled after finitely many rolls)"
)


def fear_odds(
    rules: DomppaRules, *, fear: int, morale: int, max_hp: int, hp: int, death_paths: int = 0
) -> dict[str, Any]:
    """Fear X: 2d6 + fear/5 vs morale - the missing-HP penalty; the fear wins a tie."""
    broken = two_d6(rules).chances(
        lambda total: engine.fear_test(
            rules, fear=fear, morale=morale, max_hp=max_hp, hp=hp, roll_total=total,
            death_paths=death_paths,
        ).broken,
        True,
    )  # fmt: skip
    return {
        "p_broken": broken.get(True, Fraction(0)),
        "p_stands": broken.get(False, Fraction(0)),
        "steps": ["each 2d6 total resolved by fear_test (the fear wins a tie)", EXACT_STEP],
    }


def awe_odds(rules: DomppaRules, *, morale: int, awe: int) -> dict[str, Any]:
    """To strike one with Awe X: 2d6 - 7 + morale vs 10 + X; a tie passes."""
    may = two_d6(rules).chances(
        lambda total: engine.awe_test(rules, morale=morale, awe=awe, roll_total=total).may_strike,
        True,
    )
    return {
        "p_may_strike": may.get(True, Fraction(0)),
        "p_held_back": may.get(False, Fraction(0)),
        "steps": ["each 2d6 total resolved by awe_test (a tie passes)", EXACT_STEP],
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


def defender_of(setup: AttackSetup) -> Defender:
    """The target's side of an attack as the match sets it up: armour (with a berserk's
    protection bonus), shield, resist, size, HP and morale now."""
    target, guarding = setup.target, setup.guarding
    bonus = guarding.protection_bonus
    row = target.row
    return Defender(
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
        bonus, _ = party_bonus(state, unit)
        chart_ = morale_chart(
            morale=morale, max_hp=unit.max_hp, hp=unit.hp, bonus=bonus, data_dir=data_dir
        )
        notes = [f"{unit.name}: morale {morale}, {unit.hp} of {unit.max_hp} HP."]
        if bonus:
            notes.append(f"Its party's morale bonus: +{bonus} (Inspirational, Standard).")
        return {**chart_, "notes": notes}
    if kind != "attack":
        return None
    # The dice not rolled yet are what the odds are over: a hit roll typed settles the hit.
    attack = Attack.read({**fields, "hit_dice": ROLL, "damage_dice": ROLL, "freeze_d6": ""})
    setup = set_up_attack(state, attack, *attack_fighters(state, attack))
    target = setup.target
    defender = defender_of(setup)
    hit = _typed_hit(state, fields, attack, setup)
    notes = [
        f"{setup.attacker.name} with {setup.weapon.name} ({setup.damage_type.value}) against "
        f"{target.name} ({target.hp} of {target.max_hp} HP).",
        "Both 2d6 rolls are what the odds are over; a head hit is the rule's chance, not the "
        "box above. Every chance is exact (no truncation).",
    ]
    if hit is not None:
        notes[1] = (
            f"The hit roll is typed: {hit.total} against {hit.target}, a hit"
            + (" on the shield" if hit.shield_hit else "")
            + "; the damage roll is what the odds are over. Every chance is exact."
        )
    common: dict[str, Any] = {
        "blow": setup.blow, "defender": defender, "parry": setup.parry,
        "hit": None if hit is None else (hit.hit, hit.shield_hit),
    }  # fmt: skip
    kinds = setup.weapon.damage_types
    if attack.damage_type is None and len(kinds) > 1:
        # The damage type is the player's choice, not made yet: every one, the best and worst.
        common["damage_types"] = [DamageType(kind) for kind in kinds]
        notes.append(f"{setup.weapon.name}: {', '.join(kinds)}, the player's choice: the best and "
                     "the worst of them are shown.")  # fmt: skip
    if attack.ranged:
        where = {"precision": setup.hitting.precision, "distance": attack.distance}
        chart_ = ranged_chart(**where, **common, data_dir=data_dir)
    else:
        where = {"attack": setup.hitting.attack, "defence": setup.guarding.defence}
        chart_ = melee_chart(**where, **common, data_dir=data_dir)
    main = "hp_loss" if any(d["name"] == "hp_loss" for d in chart_["distributions"]) else "damage"
    return {**chart_, "main": main, "notes": notes}


class Settled(DomekitError):
    """A form whose dice already settle its result (a miss typed; the hit and the damage both
    typed): nothing is left to give odds for. The tracker shows why, in place of a chart."""


def _typed_hit(
    state: MatchState, fields: Mapping[str, Any], attack: Attack, setup: AttackSetup
) -> engine.Hit | None:
    """The hit the form's typed hit roll makes, as the attack would resolve it (None: the hit
    roll is not typed yet, or left to the tracker's roll); Settled when it is a miss, or when
    the damage roll is typed too."""
    rules = state.rules
    try:  # a roll half typed (one die so far) settles nothing yet
        typed = Dice.optional(fields.get("hit_dice"), "hit dice")
        if typed is None or not typed.faces:
            return None
        total = parse_exploding(
            pad_faces(typed.faces, rules.dice), rules.dice, what="hit 2d6"
        ).total
    except DomekitError:
        return None
    if attack.ranged:
        hit = engine.ranged_hit(
            rules, precision=setup.hitting.precision, size=setup.target.size,
            distance=attack.distance, hit_total=total, parry=setup.parry, explain=False,
        )  # fmt: skip
    else:
        hit = engine.melee_hit(
            rules, attack=setup.hitting.attack, defence=setup.guarding.defence,
            hit_total=total, parry=setup.parry, explain=False,
        )  # fmt: skip
    if not hit.hit:
        raise Settled(f"a miss: {hit.total} against {hit.target}; no damage to roll")
    try:
        damage = parse_exploding(str(fields.get("damage_dice") or ""), rules.dice)
    except DomekitError:
        return hit
    if damage.total:
        raise Settled("the hit and the damage are rolled: the result is known; record it")
    return hit
