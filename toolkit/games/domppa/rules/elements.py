"""Domppa's Stun, Fire, Cold, Poison and Paralysis damage chapters (rules/domppa.en.md): what a
blow's damage does besides taking HP, and Resist X."""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from toolkit.games.domppa.config import DomppaRules
from toolkit.games.domppa.rules.common import Element, not_negative


def effective_resist(rules: DomppaRules, resist: int, element: Element, stun: bool) -> int:
    """Resist X against the element; elemental resistances count double against stun damage."""
    if stun and element.value in rules.elements.elemental:
        return resist * rules.elements.stun_resistance_multiplier
    return resist


class Harm(NamedTuple):
    """What one blow's damage does, without the roll and the breakdown: the numbers of `Damage`
    that the odds weigh (a tuple, so equal outcomes merge)."""

    damage: int
    hp_loss: int
    fatigue: int
    ignites: bool = False
    freeze_check: bool = False
    poison_schedule: tuple[int, ...] = ()
    paralysis_rounds: int = 0


NO_HARM = Harm(0, 0, 0)


def apply_element(
    rules: DomppaRules,
    damage: int,
    element: Element,
    stun: bool,
    shows_six: bool,
    size: int,
    steps: list[str] | None,
) -> Harm:
    hp_loss, fatigue = (0, damage) if stun else (damage, 0)
    if stun and steps is not None:
        steps.append(f"stun: {damage} fatigue instead of HP")
    ignites = freeze_check = False
    schedule: tuple[int, ...] = ()
    rounds = 0
    if element is Element.NONE:
        pass
    elif element is Element.FIRE:
        ignites = shows_six
        if steps is not None:
            steps.append(
                f"fire: the damage roll held a {rules.fire.ignites_on_face}, the character "
                "catches fire"
                if ignites
                else f"fire: no {rules.fire.ignites_on_face} in the damage roll, no burning"
            )
    elif element is Element.COLD:
        freeze_check = True
        if steps is not None:
            steps.append(
                f"cold: roll a d{rules.cold.freeze_die_sides}; {rules.cold.freezes_from}+ freezes"
            )
    elif element is Element.POISON and not stun:
        schedule = tuple(poison_schedule(rules, damage, explain=steps is not None).schedule)
        hp_loss = 0
        if steps is not None:
            steps.append(f"poison: {damage} taken over turns: {', '.join(map(str, schedule))}")
    elif element is Element.PARALYSIS:
        rounds = paralysis_rounds(rules, damage, size).rounds
        if not rules.paralysis.also_takes_hp:
            hp_loss = 0
        if steps is not None:
            steps.append(
                f"paralysis: ({damage} - size {size}) / {rules.paralysis.divisor} = {rounds} rounds"
            )
    if hp_loss and steps is not None:
        steps.append(f"{hp_loss} HP lost: test morale")
    # _make: the tuple built directly (the odds build hundreds of these a query)
    return Harm._make((damage, hp_loss, fatigue, ignites, freeze_check, schedule, rounds))


@dataclass(frozen=True)
class Poison:
    total: int
    schedule: list[int]
    steps: list[str]


def poison_schedule(rules: DomppaRules, total: int, *, explain: bool = True) -> Poison:
    """Each turn 10% of what is left, rounded up, never more than is left, until none is left."""
    not_negative(poison_damage=total)
    percent = rules.poison.percent_per_turn
    left = total
    schedule: list[int] = []
    steps: list[str] = []
    while left > 0:
        now = min(left, -(-left * percent // 100))
        if explain:
            steps.append(f"turn {len(schedule) + 1}: {percent}% of {left} rounded up = {now}")
        schedule.append(now)
        left -= now
    if explain:
        steps.append(f"{total} damage over {len(schedule)} turns")
    return Poison(total, schedule, steps)


@dataclass(frozen=True)
class Paralysis:
    rounds: int
    steps: list[str]


def paralysis_rounds(rules: DomppaRules, damage: int, size: int) -> Paralysis:
    """(Damage - size) / 2 rounds, rounded down, at least 0; no acting and defence 0 meanwhile."""
    not_negative(damage=damage, size=size)
    divisor = rules.paralysis.divisor
    rounds = max(0, (damage - size) // divisor)
    return Paralysis(
        rounds, [f"({damage} - size {size}) / {divisor} rounded down = {rounds} rounds"]
    )
