"""Domppa's Morale chapter (rules/domppa.en.md) and the Fear and Awe special abilities: the
missing-HP penalty, the morale test, rally, fear and awe tests."""

from __future__ import annotations

from dataclasses import dataclass

from toolkit.errors import DomekitError
from toolkit.games.domppa.config import DomppaRules
from toolkit.games.domppa.rules.common import not_negative


def missing_hp_penalty(
    rules: DomppaRules, max_hp: int, hp: int, *, explain: bool = True
) -> tuple[int, str]:
    """The smaller of the missing HP and the started 10% steps of max HP that are missing.

    `explain=False`: the same penalty with an empty text."""
    not_negative(max_hp=max_hp, hp=hp)
    rules.limits.check("max_hp", max_hp, "max HP")
    if hp > max_hp:
        raise DomekitError(f"HP {hp} is above max HP {max_hp}")
    missing = max_hp - hp
    percent = rules.morale.missing_step_percent
    started = -(-missing * 100 // (max_hp * percent))
    penalty = min(missing, started)
    if not explain:
        return penalty, ""
    return penalty, (
        f"missing {missing} HP of {max_hp}: {started} started {percent}% steps; "
        f"the more favourable is {penalty}"
    )


@dataclass(frozen=True)
class MoraleTest:
    total: int
    target: int
    passed: bool
    penalty: int
    steps: list[str]

    @property
    def fleeing(self) -> bool:
        return not self.passed


def morale_test(
    rules: DomppaRules,
    *,
    morale: int,
    max_hp: int,
    hp: int,
    roll_total: int,
    bonus: int = 0,
    explain: bool = True,
) -> MoraleTest:
    """2d6 + morale (+ party bonuses) vs 12 + missing-HP penalty; a tie passes."""
    penalty, step = missing_hp_penalty(rules, max_hp, hp, explain=explain)
    target = rules.morale.target_base + penalty
    total = roll_total + morale + bonus
    if not explain:
        return MoraleTest(total, target, total >= target, penalty, [])
    text = f"2d6 {roll_total} + morale {morale}"
    if bonus:
        text += f" + bonus {bonus}"
    passed = total >= target
    verdict = (
        "passed"
        if passed
        else f"failed: flees (-{rules.morale.fleeing_penalty} attack and defence)"
    )
    return MoraleTest(
        total,
        target,
        passed,
        penalty,
        [
            step,
            f"target {rules.morale.target_base} + {penalty} = {target}",
            f"{text} = {total}",
            f"{total} {'>=' if passed else '<'} {target}: {verdict}",
        ],
    )


def rally(
    rules: DomppaRules, *, morale: int, max_hp: int, hp: int, roll_total: int, bonus: int = 0
) -> MoraleTest:
    """A rallied character re-rolls its morale; on a success the penalties go at once."""
    test = morale_test(
        rules, morale=morale, max_hp=max_hp, hp=hp, roll_total=roll_total, bonus=bonus
    )
    after = (
        "rallied: the penalties go now; it acts on its own next turn"
        if test.passed
        else "still fleeing"
    )
    return MoraleTest(test.total, test.target, test.passed, test.penalty, [*test.steps, after])


@dataclass(frozen=True)
class FearTest:
    fear: int
    total: int
    target: int
    broken: bool
    steps: list[str]


def fear_test(
    rules: DomppaRules,
    *,
    fear: int,
    morale: int,
    max_hp: int,
    hp: int,
    roll_total: int,
    death_paths: int = 0,
) -> FearTest:
    """2d6 + fear/5 (rounded down) vs morale - missing-HP penalty; the fear wins a tie."""
    not_negative(fear=fear, death_paths=death_paths)
    value = fear + death_paths * rules.fear.per_death_path
    penalty, step = missing_hp_penalty(rules, max_hp, hp)
    bonus = value // rules.fear.divisor
    total = roll_total + bonus
    target = morale - penalty
    broken = total >= target
    steps = []
    if death_paths:
        steps.append(f"fear {fear} + {death_paths} Death path(s) = {value}")
    steps += [
        f"2d6 {roll_total} + fear {value} / {rules.fear.divisor} ({bonus}) = {total}",
        step,
        f"morale {morale} - {penalty} = {target}",
        f"{total} {'>=' if broken else '<'} {target}: "
        + ("broken: flees from the one causing the fear" if broken else "stands"),
    ]
    return FearTest(value, total, target, broken, steps)


@dataclass(frozen=True)
class AweTest:
    total: int
    target: int
    may_strike: bool
    steps: list[str]


def awe_test(rules: DomppaRules, *, morale: int, awe: int, roll_total: int) -> AweTest:
    """To strike one with Awe X: 2d6 - 7 + morale vs 10 + X; a tie passes."""
    not_negative(awe=awe)
    total = roll_total - rules.awe.roll_offset + morale
    target = rules.awe.target_base + awe
    may = total >= target
    return AweTest(
        total,
        target,
        may,
        [
            f"2d6 {roll_total} - {rules.awe.roll_offset} + morale {morale} = {total}",
            f"target {rules.awe.target_base} + awe {awe} = {target}",
            f"{total} {'>=' if may else '<'} {target}: "
            + ("may strike" if may else "may not strike"),
        ],
    )
