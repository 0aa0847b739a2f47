"""Nature Dome's rules (rules/naturedome.txt) as pure functions over immutable values.

`clash`: one attack (an attack card, optionally laid on Attack Boosts) against one defend or
escape card, with the Health Meter's zone penalties, giving the damage and a step-by-step
breakdown. The command line, the odds engine and the match engine (match.py: hands, deck,
turns, rounds) call it. Here too: the Power Cards, the Health Meter's zones and the rule
sentences every refusal names.

No I/O and no randomness. Every number comes from `NatureDomeRules`
(card_data/naturedome/rules.toml).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from toolkit.errors import RuleError
from toolkit.games.naturedome.config import NatureDomeRules

# The rule each refusal names: a section heading of the rule text and the sentence it rests on.
RULE_SET_UP = "Set Up: shuffle the Power Cards; each player draws their cards, Player 1 first"
RULE_CHOICE = "Duel: a player plays 'the Power Card of their choice' from their hand"
RULE_TURNS = "Duel: the attacker lays their card(s), then the defender defends or escapes"
RULE_ONE_DEFENSE = "Duel: 'a player can either defend or escape ... but they cannot do both'"
RULE_NO_REGAIN = "Duel: 'Points cannot be regained once they are lost'"
RULE_KNOCK_OUT = "Duel: a player who loses all their Health Points is Knocked Out"
RULE_BOOST = (
    "Attack Boost Cards: 'lays the Attack Boost down first, then adds another attack card "
    "or another Attack Boost card'"
)
RULE_BOOST_DEFENSE = (
    "Attack Boost Cards: an Attack Boost defends or escapes (at 0) only as the defending "
    "player's last card"
)
RULE_NOT_BELOW_ZERO = (
    "The Health Meter: 'no attack, defense or escape can have a value of less than 0'"
)
RULE_WINNER = "The Winner: the player who wins two out of three rounds wins the duel"


# --- cards ---------------------------------------------------------------------------------


CARD_ID = r"^[A-Za-z0-9][A-Za-z0-9_.-]*$"
"""A Power Card's id (power_cards.csv): one word, so an action's text form names a card by it."""


class CardKind(StrEnum):
    POWER = "power"
    BOOST = "boost"


@dataclass(frozen=True)
class PowerCard:
    """A Power Card: attack, defend and escape values, or an Attack Boost with a boost value."""

    id: str
    name: str
    animal: str = ""
    kind: CardKind = CardKind.POWER
    attack: int = 0
    defend: int = 0
    escape: int = 0
    boost: int = 0
    text: str = ""

    def __post_init__(self) -> None:
        for value_name in ("attack", "defend", "escape", "boost"):
            if getattr(self, value_name) < 0:
                raise RuleError(
                    RULE_NOT_BELOW_ZERO,
                    f"{self.label}: {value_name} {getattr(self, value_name)} is below 0",
                )
        if self.kind is CardKind.BOOST and (self.attack or self.defend or self.escape):
            raise RuleError(
                RULE_BOOST, f"{self.label} is an Attack Boost: it has no attack, defend or escape"
            )
        if self.kind is CardKind.POWER and self.boost:
            raise RuleError(RULE_BOOST, f"{self.label} is not an Attack Boost: it has no boost")

    @property
    def label(self) -> str:
        """The card's name in quotes for steps and messages ('' for an unnamed card)."""
        return f"'{self.name or self.id}'" if self.name or self.id else ""

    @property
    def is_boost(self) -> bool:
        return self.kind is CardKind.BOOST


# --- the Health Meter ----------------------------------------------------------------------


class Zone(StrEnum):
    GREEN = "green"
    YELLOW = "yellow"
    RED = "red"


def zone(health: int, rules: NatureDomeRules) -> Zone:
    """The Health Meter's zone: green above yellow_at_or_below, red at red_at_or_below or less."""
    if health <= rules.health.red_at_or_below:
        return Zone.RED
    if health <= rules.health.yellow_at_or_below:
        return Zone.YELLOW
    return Zone.GREEN


def zone_penalty(health: int, rules: NatureDomeRules) -> int:
    """What every card a player plays is worth less at this health (boosts included)."""
    return {
        Zone.GREEN: 0,
        Zone.YELLOW: rules.penalty.yellow,
        Zone.RED: rules.penalty.red,
    }[zone(health, rules)]


def penalised(value: int, penalty: int) -> int:
    """A card's value after its owner's zone penalty; never below 0."""
    return max(0, value - penalty)


def check_health(health: int, rules: NatureDomeRules, who: str) -> None:
    """A player who can still play: above 0 and never above the starting health."""
    if health < 0:
        raise RuleError(RULE_NOT_BELOW_ZERO, f"{who} health {health} is below 0")
    if health == 0:
        raise RuleError(RULE_KNOCK_OUT, f"{who} health is 0: already knocked out")
    if health > rules.health.start:
        raise RuleError(
            RULE_NO_REGAIN,
            f"{who} health {health} is above the starting health {rules.health.start}",
        )


def _zone_step(role: str, health: int, rules: NatureDomeRules) -> str:
    where = zone(health, rules)
    penalty = zone_penalty(health, rules)
    if penalty == 0:
        return f"{role} health {health}: {where.value} zone, no penalty"
    return (
        f"{role} health {health}: {where.value} zone, each card they play is worth "
        f"{penalty} less (never below 0)"
    )


def _named(what: str, card: PowerCard, fallback: str = "") -> str:
    label = card.label or fallback
    return f"{what} {label}" if label else what


def _value_step(what: str, value: int, penalty: int) -> str:
    if penalty == 0:
        return f"{what} {value}"
    return f"{what} {value} - {penalty} = {penalised(value, penalty)}"


# --- a clash -------------------------------------------------------------------------------


class Defense(StrEnum):
    """How the defender answers an attack: with one card's defend or its escape, never both."""

    DEFEND = "defend"
    ESCAPE = "escape"


@dataclass(frozen=True)
class ClashOutcome:
    attack_total: int
    defense_total: int
    damage: int
    defender_health: int
    knocked_out: bool
    attacker_zone: Zone
    defender_zone: Zone
    steps: list[str]


def clash(
    attack: PowerCard,
    defense: Defense,
    defense_card: PowerCard,
    *,
    boosts: Sequence[PowerCard] = (),
    attacker_health: int,
    defender_health: int,
    rules: NatureDomeRules,
    explain: bool = True,
) -> ClashOutcome:
    """One attack against one defense.

    `boosts` are the Attack Boosts the attack card is laid on, in the order laid. Each card is
    reduced by its owner's zone penalty on its own (the attacker's zone for the attack card and
    the boosts, the defender's zone for the defense card), never below 0. A defense card that is
    an Attack Boost counts 0 (the rules allow that only as the defender's last card; `apply`
    checks when). Damage is the excess of attack over defense; health never drops below 0.
    `explain=False`: the same outcome with empty `steps` (the odds engine calls this for every
    play against every card).
    """
    parts = _attack_parts(attack, boosts, attacker_health, defender_health, rules)
    attack_total = sum(parts)
    printed, defense_total = _defense_points(
        defense, defense_card, zone_penalty(defender_health, rules)
    )
    damage = max(0, attack_total - defense_total)
    health_after = max(0, defender_health - damage)
    steps: list[str] = []
    if explain:
        steps = _clash_steps(
            attack, defense, defense_card, boosts, attacker_health, defender_health, rules,
            parts, printed, defense_total, damage, health_after,
        )  # fmt: skip
    return ClashOutcome(
        attack_total=attack_total,
        defense_total=defense_total,
        damage=damage,
        defender_health=health_after,
        knocked_out=health_after == 0,
        attacker_zone=zone(attacker_health, rules),
        defender_zone=zone(defender_health, rules),
        steps=steps,
    )


def clash_damages(
    attack: PowerCard,
    answers: Sequence[tuple[Defense, PowerCard]],
    *,
    boosts: Sequence[PowerCard] = (),
    attacker_health: int,
    defender_health: int,
    rules: NatureDomeRules,
) -> list[int]:
    """The damage `clash` gives for each answer (defend or escape, with a card) to one attack,
    in order, without a breakdown: the attack side (zone, boosts) is worked out once for all."""
    attack_total = sum(_attack_parts(attack, boosts, attacker_health, defender_health, rules))
    penalty = zone_penalty(defender_health, rules)
    return [
        max(0, attack_total - _defense_points(defense, card, penalty)[1])
        for defense, card in answers
    ]


def _attack_parts(
    attack: PowerCard,
    boosts: Sequence[PowerCard],
    attacker_health: int,
    defender_health: int,
    rules: NatureDomeRules,
) -> list[int]:
    """Each laid card's value after the attacker's zone penalty: the boosts, then the attack."""
    check_health(attacker_health, rules, "attacker")
    check_health(defender_health, rules, "defender")
    if attack.is_boost:
        raise RuleError(RULE_BOOST, f"{attack.label} is an Attack Boost, not an attack card")
    for boost in boosts:
        if not boost.is_boost:
            raise RuleError(RULE_BOOST, f"{boost.label} is not an Attack Boost")
    penalty = zone_penalty(attacker_health, rules)
    parts = [penalised(boost.boost, penalty) for boost in boosts]
    parts.append(penalised(attack.attack, penalty))
    return parts


def _defense_points(defense: Defense, card: PowerCard, penalty: int) -> tuple[int, int]:
    """(printed, after the defender's zone penalty) of the card's defend or escape; an Attack
    Boost answers with 0."""
    if card.is_boost:
        return 0, 0
    printed = getattr(card, defense.value)
    return printed, penalised(printed, penalty)


def _clash_steps(
    attack: PowerCard,
    defense: Defense,
    defense_card: PowerCard,
    boosts: Sequence[PowerCard],
    attacker_health: int,
    defender_health: int,
    rules: NatureDomeRules,
    parts: list[int],
    printed: int,
    defense_total: int,
    damage: int,
    health_after: int,
) -> list[str]:
    """The clash's breakdown, from the numbers `clash` worked out."""
    attack_penalty = zone_penalty(attacker_health, rules)
    defense_penalty = zone_penalty(defender_health, rules)
    attack_total = sum(parts)
    steps = [_zone_step("Attacker", attacker_health, rules)]
    for number, boost in enumerate(boosts, start=1):
        what = _named("Attack Boost", boost, fallback=str(number))
        steps.append(_value_step(f"{what}: boost", boost.boost, attack_penalty))
    steps.append(
        _value_step(f"{_named('Attack card', attack)}: attack", attack.attack, attack_penalty)
    )
    if boosts:
        steps.append(f"Attack total: {' + '.join(map(str, parts))} = {attack_total}")
    steps.append(_zone_step("Defender", defender_health, rules))
    if defense_card.is_boost:
        steps.append(
            f"{defense.value.capitalize()} with {_named('Attack Boost', defense_card)}, the "
            f"defender's last card: {defense.value} points = 0"
        )
    else:
        steps.append(
            _value_step(
                f"{_named(defense.value.capitalize() + ' card', defense_card)}: {defense.value}",
                printed,
                defense_penalty,
            )
        )
    if damage:
        steps.append(
            f"Attack {attack_total} > {defense.value} {defense_total}: the defender loses "
            f"{attack_total} - {defense_total} = {damage}"
        )
    else:
        steps.append(
            f"Attack {attack_total} <= {defense.value} {defense_total}: no health points lost"
        )
    if damage:
        floor = " (never below 0)" if defender_health - damage < 0 else ""
        steps.append(f"Defender health {defender_health} - {damage} = {health_after}{floor}")
    if health_after == 0:
        steps.append("Defender health is 0: knocked out")
    return steps
