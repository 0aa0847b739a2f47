"""Dominum's combat, assault and power-duel rules as pure functions (rules/dominum.txt).

Each function takes the cards and numbers on the table and returns a frozen outcome with a
`steps` list a player can follow by hand. Every number comes from `DominumRules`
(card_data/dominum/rules.toml). Nothing here draws, shuffles or stores anything.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Literal

from toolkit.errors import DomekitError, RuleError
from toolkit.games.dominum.board import PLAYERS, Player
from toolkit.games.dominum.config import DominumRules
from toolkit.games.dominum.power import CRITICAL, PowerCard, card_text, card_value, check_power


class Keyword(StrEnum):
    """Keyword and triggered abilities ("Abilities", "Game Terms")."""

    ALT_ATTACK = "alt attack"
    BARRAGE = "barrage"
    DEADLY = "deadly"
    EVASIVE = "evasive"
    FREE_STRIKE = "free strike"
    KNOCKBACK = "knockback"
    LUNGE = "lunge"
    OUTFLANK = "outflank"
    SUBMERGE = "submerge"
    INFILTRATE = "infiltrate"
    PROTECTOR = "protector"
    FIRST_WOUND = "1st wound"
    ON_DISCARD = "on discard"


class AttackKind(StrEnum):
    """What sort of attack is made: it decides whether a block allows a counterattack."""

    ATTACK = "attack"
    COUNTERATTACK = "counterattack"
    FREE_STRIKE = "free strike"
    ALT_ATTACK = "alt attack"


def _count(value: int, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise DomekitError(f"{name} must be a whole number 0 or more, got {value!r}")
    return value


def weakened_strength(strength: int, weakened: bool, *, rules: DominumRules) -> int:
    """Weakened: -1 to attack and defense strength; a strength never drops below 0."""
    if not weakened:
        return strength
    return max(0, strength - rules.attack.weaken_penalty)


@dataclass(frozen=True)
class Modifier:
    """A number an ability adds to an attack or defense total, and why (the step's text)."""

    value: int
    why: str


@dataclass(frozen=True)
class AttackOutcome:
    """One attack (or counterattack, free strike, alt attack) resolved."""

    attack_total: int
    defense_total: int
    result: Literal["wound", "blocked"]
    counterattack: bool
    free_strike: bool
    critical: Literal["attacker", "defender", "both"] | None
    knockback: bool
    evasive_shift: bool
    submerge: bool
    steps: list[str] = field(default_factory=list)

    @property
    def wound(self) -> bool:
        return self.result == "wound"


def resolve_attack(
    *,
    strength: int,
    power: PowerCard,
    defense: int,
    defense_power: PowerCard | None = None,
    coordinating: int = 0,
    attacker_weakened: bool = False,
    defender_weakened: bool = False,
    kind: AttackKind = AttackKind.ATTACK,
    abilities: frozenset[Keyword] = frozenset(),
    coordinating_abilities: frozenset[Keyword] = frozenset(),
    defender_abilities: frozenset[Keyword] = frozenset(),
    defender_is_hero: bool = False,
    lunge_power: PowerCard | None = None,
    during_opponents_attack_phase: bool = True,
    attack_modifiers: Sequence[Modifier] = (),
    defense_modifiers: Sequence[Modifier] = (),
    knockback_guard: str | None = None,
    rules: DominumRules,
) -> AttackOutcome:
    """Attack Phase, Coordinated Attacks, The Critical Card, Conditions and the keywords.

    `strength` and `abilities` are the primary attacker's; `coordinating` counts the other cards
    in a coordinated attack (each +1) and `coordinating_abilities` what they carry (only Outflank
    counts from them). `defense` is the defender's strength (its defense, when its data gives
    one); `defense_power` is the defender's optional draw. `lunge_power` is the second card a
    card that lunged drew: it replaces the first for the attack total. `attack_modifiers` and
    `defense_modifiers` are what abilities add to the totals (Infiltrate, Protector, the
    Stronghold: triggers.py); `knockback_guard` says why the defender cannot be knocked back.
    A card with the Free Strike keyword makes only free strikes.
    """
    _count(strength, "strength")
    _count(defense, "defense")
    _count(coordinating, "coordinating")
    rules.limits.check("coordinating", coordinating, "coordinating cards")
    power = check_power(power, rules=rules, what="attack power")
    if defense_power is not None:
        defense_power = check_power(defense_power, rules=rules, what="defense power")
    steps: list[str] = []

    if lunge_power is not None:
        if Keyword.LUNGE not in abilities:
            raise RuleError("Lunge", "only a card with Lunge may draw a second power card")
        lunge_power = check_power(lunge_power, rules=rules, what="lunge power")
        steps.append(
            f"Lunge: ignore the first draw ({card_text(power)}), use the second "
            f"({card_text(lunge_power)})"
        )
        power = lunge_power

    free_strike = kind == AttackKind.FREE_STRIKE or (
        Keyword.FREE_STRIKE in abilities and kind != AttackKind.COUNTERATTACK
    )
    if free_strike:
        steps.append("Free Strike: if blocked, it cannot be counterattacked")
    if coordinating and Keyword.OUTFLANK in abilities | coordinating_abilities:
        free_strike = True
        steps.append("Outflank: this coordinated attack becomes a free strike")

    base = weakened_strength(strength, attacker_weakened, rules=rules)
    attack_total = base
    steps.append(
        f"attack strength {strength}"
        + (f", weakened -{strength - base} = {base}" if attacker_weakened else "")
    )
    if coordinating:
        bonus = coordinating * rules.attack.coordinating_bonus
        attack_total += bonus
        steps.append(
            f"coordinated attack: {coordinating} more card(s) x +{rules.attack.coordinating_bonus}"
            f" = +{bonus}, {attack_total} (primary attacker's abilities only)"
        )
    for modifier in attack_modifiers:
        attack_total += modifier.value
        steps.append(f"{modifier.why}: {attack_total}")
    if power == CRITICAL:
        steps.append("attacker draws the Critical: it wounds unless the defender draws a Critical")
    else:
        attack_total += int(power)
        steps.append(f"attacker draws {power}: attack total {attack_total}")

    guard = weakened_strength(defense, defender_weakened, rules=rules)
    defense_total = guard
    steps.append(
        f"defense strength {defense}"
        + (f", weakened -{defense - guard} = {guard}" if defender_weakened else "")
    )
    for modifier in defense_modifiers:
        defense_total += modifier.value
        steps.append(f"{modifier.why}: {defense_total}")
    if defense_power is None:
        steps.append(f"defender does not draw: defense total {defense_total}")
    elif defense_power == CRITICAL:
        steps.append("defender draws the Critical: it blocks the attack, however high")
    else:
        defense_total += int(defense_power)
        steps.append(f"defender draws {defense_power}: defense total {defense_total}")

    deadly = Keyword.DEADLY in abilities
    critical: Literal["attacker", "defender", "both"] | None = None
    if defense_power == CRITICAL:
        critical = "both" if power == CRITICAL else "defender"
        wound = False
    elif power == CRITICAL:
        critical = "attacker"
        wound = True
        steps.append("the attacker's Critical wounds")
    elif attack_total > defense_total:
        wound = True
        steps.append(f"{attack_total} > {defense_total}: a wound")
    elif attack_total == defense_total and deadly:
        wound = True
        steps.append(f"{attack_total} = {defense_total}: Deadly wins ties, a wound")
    else:
        wound = False
        steps.append(f"{attack_total} <= {defense_total}: blocked")

    counterattack = evasive = submerge = knockback = False
    if wound:
        if Keyword.KNOCKBACK in abilities and not defender_is_hero:
            if knockback_guard is not None:
                steps.append(f"Knockback: none, {knockback_guard}")
            else:
                knockback = True
                steps.append(
                    "Knockback: the attacker may shift the enemy, before any wound trigger"
                )
    elif free_strike or kind == AttackKind.COUNTERATTACK:
        what = "counterattack" if kind == AttackKind.COUNTERATTACK else "free strike"
        steps.append(f"a blocked {what} cannot be counterattacked")
    else:
        submerge = Keyword.SUBMERGE in defender_abilities and during_opponents_attack_phase
        counterattack = True
        target = "the primary attacker" if coordinating else "the attacker"
        steps.append(f"the defender may counterattack {target}")
        if submerge:
            steps.append("Submerge: instead of counterattacking, it may move to an open space")
    if not wound and Keyword.EVASIVE in abilities:
        evasive = True
        steps.append("Evasive: the attacker may shift now; then it cannot be counterattacked")

    return AttackOutcome(
        attack_total=attack_total,
        defense_total=defense_total,
        result="wound" if wound else "blocked",
        counterattack=counterattack,
        free_strike=free_strike,
        critical=critical,
        knockback=knockback,
        evasive_shift=evasive,
        submerge=submerge,
        steps=steps,
    )


@dataclass(frozen=True)
class WoundOutcome:
    """A wound placed: Conditions, 1st wound, Defeat, On Discard."""

    wounds: int
    defeated: bool
    first_wound: bool
    on_discard: bool
    steps: list[str] = field(default_factory=list)


def apply_wound(
    wounds: int, *, abilities: frozenset[Keyword] = frozenset(), rules: DominumRules
) -> WoundOutcome:
    """One more wound token on a card that had `wounds`; the second defeats it."""
    _count(wounds, "wounds")
    limit = rules.attack.wounds_to_defeat
    if wounds >= limit:
        raise RuleError("Defeat", f"a card with {wounds} wounds has already been defeated")
    now = wounds + 1
    steps = [f"wound token placed: {now} wound(s)"]
    first = now == 1 and Keyword.FIRST_WOUND in abilities
    if first:
        steps.append("1st wound: its effect happens now (mandatory)")
    defeated = now >= limit
    on_discard = False
    if defeated:
        steps.append("defeated: discarded to the Battlefield Casualties pile")
        on_discard = Keyword.ON_DISCARD in abilities
        if on_discard:
            steps.append("On Discard: its ability activates")
    return WoundOutcome(now, defeated, first, on_discard, steps)


@dataclass(frozen=True)
class AssaultOutcome:
    initial: int
    total: int
    vp: int
    takes_surge: bool
    steps: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class VpResult:
    vp: int
    take_surge: bool
    band: str


def vp_for_total(total: int, *, rules: DominumRules) -> VpResult:
    """The assault VP table: 8 or less 0 VP and the Surge token, 9-10 1 VP, 11+ 2 VP."""
    _count(total, "assault total")
    table = rules.assault.vp_table
    index = max(i for i, band in enumerate(table) if total >= band.at_least)
    band = table[index]
    if index + 1 < len(table):
        text = f"{band.at_least} to {table[index + 1].at_least - 1}"
    else:
        text = f"{band.at_least} or more"
    return VpResult(band.vp, band.take_surge, text)


def resolve_assault(
    *,
    in_zone: int,
    powers: Sequence[PowerCard],
    fortified: int = 0,
    barrage: int = 0,
    surge: bool = False,
    rules: DominumRules,
) -> AssaultOutcome:
    """Assault Phase: initial score from the zone, fortified spaces and Barrage, two power
    draws (the Critical counts 4), the Surge token, then the VP table.

    `in_zone` counts every own card in the opponent's assault zone, those on fortified spaces
    included; `fortified` says how many of them stand on a fortified space.
    """
    _count(in_zone, "in_zone")
    _count(fortified, "fortified")
    _count(barrage, "barrage")
    if fortified > in_zone:
        raise DomekitError(
            f"fortified ({fortified}) counts cards in the zone, so it cannot exceed in_zone "
            f"({in_zone})"
        )
    need = rules.assault.min_cards_in_zone
    if in_zone < need:
        raise RuleError(
            "Assault Phase",
            f"an assault needs at least {need} card(s) in the opponent's assault zone",
        )
    limits = rules.limits
    limits.check("assault_zone", in_zone, "cards in the opponent's assault zone")
    limits.check("fortified", fortified, "cards on fortified spaces")
    limits.check("neutral_line", barrage, "Barrage cards in the neutral line")
    if len(powers) != rules.assault.power_draws:
        raise DomekitError(
            f"an assault draws {rules.assault.power_draws} power cards, got {len(powers)}"
        )
    cards = [check_power(card, rules=rules, what="assault power") for card in powers]

    a = rules.assault
    plain = in_zone - fortified
    initial = plain * a.zone_card + fortified * a.fortified_card + barrage * a.barrage_card
    parts = [f"{plain} in the zone x {a.zone_card}"]
    if fortified:
        parts.append(f"{fortified} on fortified spaces x {a.fortified_card}")
    if barrage:
        parts.append(f"{barrage} Barrage in the neutral line x {a.barrage_card}")
    steps = [f"initial assault score: {' + '.join(parts)} = {initial}"]
    return _assault_total(initial, cards, surge, steps, rules)


def resolve_assault_total(
    *, initial: int, powers: Sequence[PowerCard], surge: bool = False, rules: DominumRules
) -> AssaultOutcome:
    """Assault Phase from the initial assault score as the table counts it (a light match: the
    board is the table's): the two power draws, the Surge token, the VP table."""
    _count(initial, "initial assault score")
    scores = initial_scores(rules)
    if initial not in scores:
        raise RuleError(
            "Assault Phase",
            f"an initial assault score is {scores[0]} to {scores[-1]} (at least "
            f"{rules.assault.min_cards_in_zone} card(s) in the opponent's assault zone, at most "
            f"{rules.battlefield.limit} on the battlefield); got {initial}",
        )
    if len(powers) != rules.assault.power_draws:
        raise DomekitError(
            f"an assault draws {rules.assault.power_draws} power cards, got {len(powers)}"
        )
    cards = [check_power(card, rules=rules, what="assault power") for card in powers]
    steps = [f"initial assault score (the table's count): {initial}"]
    return _assault_total(initial, cards, surge, steps, rules)


def initial_scores(rules: DominumRules) -> range:
    """Every initial assault score the battlefield can make: its cards in the assault zone (2 on
    a fortified space), Barrage cards in the neutral line, at most the battlefield limit in all,
    at least the cards an assault needs in the zone."""
    a, limits = rules.assault, rules.limits
    zone, fortified = limits["assault_zone"], limits["fortified"]
    most_zone, most_fortified = zone.most or 0, fortified.most or 0
    most_neutral = limits["neutral_line"].most or 0
    cards = rules.battlefield.limit
    best = 0
    for on_fortified in range(min(most_fortified, cards) + 1):
        for plain in range(min(most_zone - on_fortified, cards - on_fortified) + 1):
            if on_fortified + plain < a.min_cards_in_zone:
                continue
            barrage = min(most_neutral, cards - on_fortified - plain)
            score = on_fortified * a.fortified_card + plain * a.zone_card
            best = max(best, score + barrage * a.barrage_card)
    return range(a.min_cards_in_zone * min(a.zone_card, a.fortified_card), best + 1)


def _assault_total(
    initial: int, cards: Sequence[PowerCard], surge: bool, steps: list[str], rules: DominumRules
) -> AssaultOutcome:
    a = rules.assault
    total = initial
    for card in cards:
        value = card_value(card, rules=rules)
        total += value
        shown = f"Critical (counts {value})" if card == CRITICAL else str(value)
        steps.append(f"power draw {shown}: {total}")
    if surge:
        total += a.surge_bonus
        steps.append(f"Surge token spent: +{a.surge_bonus} = {total}; it goes back by the board")
    result = vp_for_total(total, rules=rules)
    steps.append(f"assault total {total} ({result.band}): {result.vp} VP")
    if result.take_surge:
        steps.append("collect the Surge token: place it on your Stronghold")
    return AssaultOutcome(initial, total, result.vp, result.take_surge, steps)


Winner = Literal["red", "gold", "draw"]


def round_result(
    vp: Mapping[Player, int],
    cycles_done: Mapping[Player, int],
    *,
    bitter_end: bool,
    rules: DominumRules,
) -> tuple[Winner | None, list[str]]:
    """End of Round: 7 VP at the end of a round wins; after the last player's 4th cycle, the
    most VP (a tie is a draw, or with To the Bitter End! the battle goes on); None: the next
    round. The steps say so.

    VP never fall and counters never come back: once the end is reached it stays reached, so
    with To the Bitter End! a tie is checked again at the end of every later round."""
    steps = []
    reached = any(vp[p] >= rules.end.winning_vp for p in PLAYERS)
    cycled = all(cycles_done[p] >= rules.end.cycles_to_end for p in PLAYERS)
    result: Winner | None = None
    if reached or cycled:
        if vp["red"] != vp["gold"]:
            result = "red" if vp["red"] > vp["gold"] else "gold"
        elif not bitter_end:
            result = "draw"
        else:
            steps.append("To the Bitter End!: tied, so the battle goes on")
    if result is not None:
        steps.append("the match is a draw" if result == "draw" else f"{result} wins")
    return result, steps


@dataclass(frozen=True)
class DuelOutcome:
    winner: Literal["initiator", "opponent"]
    steps: list[str] = field(default_factory=list)


def power_duel(
    initiator: PowerCard, opponent: PowerCard | None = None, *, rules: DominumRules
) -> DuelOutcome:
    """Power Duels: the initiator draws first; the opponent may draw. High card wins, ties go
    to the opponent, a Critical wins (both Criticals: a tie, so the opponent)."""
    initiator = check_power(initiator, rules=rules, what="initiator power")
    steps = [f"initiator draws {card_text(initiator)}"]
    if opponent is None:
        steps.append("the opponent does not draw: the initiator wins")
        return DuelOutcome("initiator", steps)
    opponent = check_power(opponent, rules=rules, what="opponent power")
    steps.append(f"opponent draws {card_text(opponent)}")
    if initiator == CRITICAL and opponent == CRITICAL:
        steps.append("both Criticals: a tie, and ties go to the opponent")
        return DuelOutcome("opponent", steps)
    if initiator == CRITICAL:
        steps.append("the Critical wins")
        return DuelOutcome("initiator", steps)
    if opponent == CRITICAL:
        steps.append("the Critical wins")
        return DuelOutcome("opponent", steps)
    if int(initiator) > int(opponent):
        steps.append(f"{initiator} > {opponent}: the initiator wins")
        return DuelOutcome("initiator", steps)
    relation = "=" if initiator == opponent else "<"
    tie = " (ties go to the opponent)" if relation == "=" else ""
    steps.append(f"{initiator} {relation} {opponent}: the opponent wins{tie}")
    return DuelOutcome("opponent", steps)


@dataclass(frozen=True)
class FirstPlayerOutcome:
    """Determine the First Player: who decides which player is 1st."""

    red_total: int
    gold_total: int
    chooser: Literal["red", "gold"]
    coin_flip: bool
    steps: list[str] = field(default_factory=list)


def first_player_chooser(
    red: Sequence[PowerCard],
    gold: Sequence[PowerCard],
    *,
    coin: random.Random | Literal["red", "gold"],
    rules: DominumRules,
) -> FirstPlayerOutcome:
    """The higher total of the two face-up reserve cards (Critical counts 4) decides who is 1st
    Player; a tie is a coin flip (`coin`: a generator, or the side that won the real flip)."""
    red_total = sum(card_value(check_power(c, rules=rules), rules=rules) for c in red)
    gold_total = sum(card_value(check_power(c, rules=rules), rules=rules) for c in gold)
    steps = [f"red shows {red_total}, gold shows {gold_total}"]
    if red_total != gold_total:
        chooser: Literal["red", "gold"] = "red" if red_total > gold_total else "gold"
        steps.append(f"{chooser} is higher and decides who is 1st Player")
        return FirstPlayerOutcome(red_total, gold_total, chooser, False, steps)
    if isinstance(coin, random.Random):
        chooser = "red" if coin.random() < 0.5 else "gold"
    elif coin in ("red", "gold"):
        chooser = coin
    else:
        raise DomekitError(f"coin must be red or gold, got {coin!r}")
    steps.append(f"a tie: the coin flip goes to {chooser}, who decides who is 1st Player")
    return FirstPlayerOutcome(red_total, gold_total, chooser, True, steps)
