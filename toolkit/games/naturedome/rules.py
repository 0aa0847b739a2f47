"""Nature Dome's rules (rules/naturedome.txt) as pure functions over immutable values.

Two levels:

- `clash`: one attack (an attack card, optionally laid on Attack Boosts) against one defend or
  escape card, with the Health Meter's zone penalties, giving the damage and a step-by-step
  breakdown. The command line and the odds engine call this.
- `Match` + `apply(state, action) -> (state, outcome)`: a whole duel (hands, deck, played cards,
  alternating attacker, rounds, best of three) as a fold over an action log. `apply` refuses an
  illegal action with a `RuleError` naming the rule.

No I/O and no hidden randomness: a match's first shuffle comes from a `random.Random` the caller
passes (or an explicit deck order), and every later shuffle from the seed stored in the state, so
replaying the same log always gives the same state. Every number comes from `NatureDomeRules`
(card_data/naturedome/rules.toml).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace
from enum import StrEnum

from toolkit.errors import DomekitError, RuleError
from toolkit.games.naturedome.config import FirstAttacker, NatureDomeRules

# The rule each refusal names: a section heading of the rule text and the sentence it rests on.
RULE_SET_UP = "Set Up: shuffle the Power Cards; each player draws their cards, Player 1 first"
RULE_CHOICE = "Duel: a player plays 'the Power Card of their choice' from their hand"
RULE_TURNS = "Duel: the attacker lays their card(s), then the defender defends or escapes"
RULE_ONE_DEFENCE = "Duel: 'a player can either defend or escape ... but they cannot do both'"
RULE_NO_REGAIN = "Duel: 'Points cannot be regained once they are lost'"
RULE_KNOCK_OUT = "Duel: a player who loses all their Health Points is Knocked Out"
RULE_BOOST = (
    "Attack Boost Cards: 'lays the Attack Boost down first, then adds another attack card "
    "or another Attack Boost card'"
)
RULE_BOOST_DEFENCE = (
    "Attack Boost Cards: an Attack Boost defends or escapes (at 0) only as the defending "
    "player's last card"
)
RULE_NOT_BELOW_ZERO = (
    "The Health Meter: 'no attack, defense or escape can have a value of less than 0'"
)
RULE_WINNER = "The Winner: the player who wins two out of three rounds wins the duel"


# --- cards ---------------------------------------------------------------------------------


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


class Defence(StrEnum):
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
    defence: Defence,
    defence_card: PowerCard,
    *,
    boosts: Sequence[PowerCard] = (),
    attacker_health: int,
    defender_health: int,
    rules: NatureDomeRules,
    explain: bool = True,
) -> ClashOutcome:
    """One attack against one defence.

    `boosts` are the Attack Boosts the attack card is laid on, in the order laid. Each card is
    reduced by its owner's zone penalty on its own (the attacker's zone for the attack card and
    the boosts, the defender's zone for the defence card), never below 0. A defence card that is
    an Attack Boost counts 0 (the rules allow that only as the defender's last card; `apply`
    checks when). Damage is the excess of attack over defence; health never drops below 0.
    `explain=False`: the same outcome with empty `steps` (the odds engine calls this for every
    play against every card).
    """
    parts = _attack_parts(attack, boosts, attacker_health, defender_health, rules)
    attack_total = sum(parts)
    printed, defense_total = _defence_points(
        defence, defence_card, zone_penalty(defender_health, rules)
    )
    damage = max(0, attack_total - defense_total)
    health_after = max(0, defender_health - damage)
    steps: list[str] = []
    if explain:
        steps = _clash_steps(
            attack, defence, defence_card, boosts, attacker_health, defender_health, rules,
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
    answers: Sequence[tuple[Defence, PowerCard]],
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
        max(0, attack_total - _defence_points(defence, card, penalty)[1])
        for defence, card in answers
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


def _defence_points(defence: Defence, card: PowerCard, penalty: int) -> tuple[int, int]:
    """(printed, after the defender's zone penalty) of the card's defend or escape; an Attack
    Boost answers with 0."""
    if card.is_boost:
        return 0, 0
    printed = getattr(card, defence.value)
    return printed, penalised(printed, penalty)


def _clash_steps(
    attack: PowerCard,
    defence: Defence,
    defence_card: PowerCard,
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
    defence_penalty = zone_penalty(defender_health, rules)
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
    if defence_card.is_boost:
        steps.append(
            f"{defence.value.capitalize()} with {_named('Attack Boost', defence_card)}, the "
            f"defender's last card: {defence.value} points = 0"
        )
    else:
        steps.append(
            _value_step(
                f"{_named(defence.value.capitalize() + ' card', defence_card)}: {defence.value}",
                printed,
                defence_penalty,
            )
        )
    if damage:
        steps.append(
            f"Attack {attack_total} > {defence.value} {defense_total}: the defender loses "
            f"{attack_total} - {defense_total} = {damage}"
        )
    else:
        steps.append(
            f"Attack {attack_total} <= {defence.value} {defense_total}: no health points lost"
        )
    if damage:
        floor = " (never below 0)" if defender_health - damage < 0 else ""
        steps.append(f"Defender health {defender_health} - {damage} = {health_after}{floor}")
    if health_after == 0:
        steps.append("Defender health is 0: knocked out")
    return steps


# --- a match: actions ----------------------------------------------------------------------


@dataclass(frozen=True)
class LayBoost:
    """The attacker lays an Attack Boost (the attack card, or another boost, goes on it)."""

    card: str

    def __str__(self) -> str:
        return f"boost {self.card}"


@dataclass(frozen=True)
class Attack:
    """The attacker lays the attack card (on the boosts laid before it, if any)."""

    card: str

    def __str__(self) -> str:
        return f"attack {self.card}"


@dataclass(frozen=True)
class Respond:
    """The defender defends or escapes with one card; this resolves the clash."""

    defence: Defence
    card: str

    def __str__(self) -> str:
        return f"{self.defence.value} {self.card}"


Action = LayBoost | Attack | Respond


def parse_action(text: str) -> Action:
    """The text form of an action: 'boost ID', 'attack ID', 'defend ID' or 'escape ID'."""
    verb, _, card = text.strip().partition(" ")
    card = card.strip()
    if not card or " " in card:
        raise DomekitError(f"action {text!r}: expected '<verb> <card id>'")
    if verb == "boost":
        return LayBoost(card)
    if verb == "attack":
        return Attack(card)
    if verb in ("defend", "escape"):
        return Respond(Defence(verb), card)
    raise DomekitError(f"action {text!r}: the verb must be boost, attack, defend or escape")


# --- a match: state ------------------------------------------------------------------------


class Phase(StrEnum):
    ATTACK = "attack"  # the attacker lays boosts and then an attack card
    RESPOND = "respond"  # the defender defends or escapes
    OVER = "over"


Hand = tuple[PowerCard, ...]


@dataclass(frozen=True)
class Match:
    """A Nature Dome duel between Player 1 (index 0) and Player 2 (index 1)."""

    rules: NatureDomeRules
    deck: tuple[PowerCard, ...]  # every Power Card in the game, for reshuffles and checks
    seed: int  # every shuffle after the first is drawn from this and `shuffles`
    draw_pile: tuple[PowerCard, ...]  # the deck still to draw, top card first
    hands: tuple[Hand, Hand]
    health: tuple[int, int]
    played: tuple[PowerCard, ...] = ()
    table: tuple[PowerCard, ...] = ()  # the attacker's cards laid this clash, in laying order
    rounds_won: tuple[int, int] = (0, 0)
    round: int = 1
    attacker: int = 0
    phase: Phase = Phase.ATTACK
    shuffles: int = 0
    version: int = 0
    winner: int | None = None

    @property
    def defender(self) -> int:
        return 1 - self.attacker

    def card_count(self) -> Counter[PowerCard]:
        """Every card wherever it is: deck, hands, table and played. Always equals the deck."""
        return Counter(self.draw_pile + self.hands[0] + self.hands[1] + self.table + self.played)


@dataclass(frozen=True)
class MatchOutcome:
    steps: list[str]
    clash: ClashOutcome | None = None
    round_winner: int | None = None
    match_winner: int | None = None


def player_name(index: int) -> str:
    return f"Player {index + 1}"


def _check_deck(deck: Sequence[PowerCard], rules: NatureDomeRules) -> None:
    """A deck the duel cannot get stuck on: hands for both, and an attack card always in reach.

    The table only ever holds Attack Boosts while an attacker waits to draw, and a defender holds
    at most a full hand, so more Power Cards than a hand holds keeps one reachable.
    """
    if len(deck) < 2 * rules.cards.deal:
        raise RuleError(
            RULE_SET_UP, f"the deck has {len(deck)} cards; two hands need {2 * rules.cards.deal}"
        )
    largest_hand = max(rules.cards.deal, rules.cards.draw)
    power = sum(1 for card in deck if not card.is_boost)
    if power <= largest_hand:
        raise RuleError(
            RULE_SET_UP,
            f"the deck has {power} cards that are not Attack Boosts; it needs at least "
            f"{largest_hand + 1} so an attacker can always find an attack card",
        )


def _shuffled(cards: Sequence[PowerCard], seed: int, number: int) -> tuple[PowerCard, ...]:
    rng = random.Random(f"naturedome/{seed}/{number}")
    order = list(cards)
    rng.shuffle(order)
    return tuple(order)


def _with_hand(hands: tuple[Hand, Hand], player: int, hand: Hand) -> tuple[Hand, Hand]:
    return (hand, hands[1]) if player == 0 else (hands[0], hand)


def _draw(state: Match, player: int, count: int, steps: list[str]) -> Match:
    """`player` draws `count` cards; an empty deck is the played cards, reshuffled."""
    pile, played, shuffles = state.draw_pile, state.played, state.shuffles
    drawn: list[PowerCard] = []
    while len(drawn) < count:
        if not pile:
            if not played:
                steps.append(f"No cards left to draw: {player_name(player)} draws {len(drawn)}")
                break
            pile = _shuffled(played, state.seed, shuffles)
            shuffles += 1
            steps.append(f"The deck is empty: the {len(played)} played cards are reshuffled")
            played = ()
        drawn.append(pile[0])
        pile = pile[1:]
    hands = _with_hand(state.hands, player, state.hands[player] + tuple(drawn))
    return replace(state, draw_pile=pile, played=played, shuffles=shuffles, hands=hands)


def _deal(state: Match, steps: list[str]) -> Match:
    for player in (0, 1):
        state = _draw(state, player, state.rules.cards.deal, steps)
    steps.append(f"Each player draws {state.rules.cards.deal} Power Cards, Player 1 first")
    return state


def new_match_in_order(
    deck_order: Sequence[PowerCard], rules: NatureDomeRules, *, seed: int
) -> Match:
    """A duel whose deck lies in `deck_order` (top card first); later shuffles come from `seed`."""
    _check_deck(deck_order, rules)
    deck = tuple(deck_order)
    start = rules.health.start
    state = Match(
        rules=rules, deck=deck, seed=seed, draw_pile=deck, hands=((), ()), health=(start, start)
    )
    return _deal(state, [])


def new_match(deck: Sequence[PowerCard], rules: NatureDomeRules, rng: random.Random) -> Match:
    """A duel with the deck shuffled by `rng`, which also picks the seed for later shuffles."""
    seed = rng.getrandbits(64)
    order = list(deck)
    rng.shuffle(order)
    return new_match_in_order(order, rules, seed=seed)


# --- a match: transitions ------------------------------------------------------------------


def _take(hand: Hand, card_id: str, player: int) -> tuple[PowerCard, Hand]:
    for index, card in enumerate(hand):
        if card.id == card_id:
            return card, hand[:index] + hand[index + 1 :]
    held = ", ".join(card.id for card in hand) or "nothing"
    raise RuleError(RULE_CHOICE, f"{player_name(player)} holds no card {card_id!r} (holds {held})")


def apply(state: Match, action: Action) -> tuple[Match, MatchOutcome]:
    """The duel after `action`, and what happened; an illegal action raises a `RuleError`."""
    if state.phase is Phase.OVER:
        raise RuleError(RULE_WINNER, f"the duel is over: {player_name(state.winner or 0)} won it")
    if isinstance(action, LayBoost | Attack):
        if state.phase is not Phase.ATTACK:
            raise RuleError(
                RULE_TURNS,
                f"{player_name(state.defender)} must defend or escape before anyone attacks",
            )
        if isinstance(action, LayBoost):
            state, outcome = _lay_boost(state, action.card)
        else:
            state, outcome = _attack(state, action.card)
    elif isinstance(action, Respond):
        if state.phase is not Phase.RESPOND:
            raise RuleError(
                RULE_TURNS,
                f"{player_name(state.attacker)} has not attacked yet: nothing to "
                f"{action.defence.value}",
            )
        state, outcome = _respond(state, action.defence, action.card)
    else:
        raise DomekitError(f"not a Nature Dome action: {action!r}")
    return replace(state, version=state.version + 1), outcome


def _lay_boost(state: Match, card_id: str) -> tuple[Match, MatchOutcome]:
    player = state.attacker
    card, rest = _take(state.hands[player], card_id, player)
    if not card.is_boost:
        raise RuleError(
            RULE_BOOST, f"{card.label} is not an Attack Boost: attack with it ('attack {card.id}')"
        )
    steps = [f"{player_name(player)} lays Attack Boost {card.label} (boost {card.boost})"]
    state = replace(state, hands=_with_hand(state.hands, player, rest), table=state.table + (card,))
    if not rest:
        draw = state.rules.cards.draw
        steps.append(
            f"The Attack Boost was {player_name(player)}'s last card: they draw {draw} new "
            "Power Cards and combine one with it"
        )
        state = _draw(state, player, draw, steps)
    return state, MatchOutcome(steps=steps)


def _attack(state: Match, card_id: str) -> tuple[Match, MatchOutcome]:
    player = state.attacker
    card, rest = _take(state.hands[player], card_id, player)
    if card.is_boost:
        raise RuleError(
            RULE_BOOST,
            f"{card.label} is an Attack Boost: lay it first ('boost {card.id}'), "
            "then an attack card on it",
        )
    on = f" on {len(state.table)} Attack Boost(s)" if state.table else ""
    steps = [f"{player_name(player)} attacks with {card.label} (attack {card.attack}){on}"]
    state = replace(
        state,
        hands=_with_hand(state.hands, player, rest),
        table=state.table + (card,),
        phase=Phase.RESPOND,
    )
    return state, MatchOutcome(steps=steps)


def _respond(state: Match, defence: Defence, card_id: str) -> tuple[Match, MatchOutcome]:
    attacker, defender = state.attacker, state.defender
    card, rest = _take(state.hands[defender], card_id, defender)
    if card.is_boost and any(not other.is_boost for other in rest):
        raise RuleError(
            RULE_BOOST_DEFENCE,
            f"{card.label} is an Attack Boost and {player_name(defender)} still holds a card "
            "that can defend or escape",
        )
    steps = [f"{player_name(defender)} {defence.value}s with {card.label}"]
    result = clash(
        state.table[-1],
        defence,
        card,
        boosts=state.table[:-1],
        attacker_health=state.health[attacker],
        defender_health=state.health[defender],
        rules=state.rules,
    )
    steps += result.steps
    health = (
        (result.defender_health, state.health[1])
        if defender == 0
        else (state.health[0], result.defender_health)
    )
    state = replace(
        state,
        hands=_with_hand(state.hands, defender, rest),
        played=state.played + state.table + (card,),
        table=(),
        health=health,
    )
    steps.append("Played cards are removed")
    if result.knocked_out:
        return _end_round(state, attacker, steps, result)
    for player in (attacker, defender):  # the attacking player draws first
        if not state.hands[player]:
            draw = state.rules.cards.draw
            steps.append(f"{player_name(player)} is out of cards: draws {draw} new Power Cards")
            state = _draw(state, player, draw, steps)
    state = replace(state, attacker=defender, phase=Phase.ATTACK)
    steps.append(f"{player_name(defender)} attacks next")
    return state, MatchOutcome(steps=steps, clash=result)


def _end_round(
    state: Match, winner: int, steps: list[str], result: ClashOutcome
) -> tuple[Match, MatchOutcome]:
    loser = 1 - winner
    won = list(state.rounds_won)
    won[winner] += 1
    rounds_won = (won[0], won[1])
    steps.append(
        f"{player_name(winner)} knocks out {player_name(loser)} and wins round {state.round} "
        f"({rounds_won[0]}-{rounds_won[1]})"
    )
    if rounds_won[winner] >= state.rules.match.rounds_to_win:
        steps.append(f"{player_name(winner)} wins the Nature Dome duel")
        state = replace(state, rounds_won=rounds_won, phase=Phase.OVER, winner=winner)
        return state, MatchOutcome(steps, result, round_winner=winner, match_winner=winner)

    next_round = state.round + 1
    first = {
        FirstAttacker.PLAYER1: 0,
        FirstAttacker.ALTERNATE: (next_round - 1) % 2,
        FirstAttacker.LOSER: loser,
    }[state.rules.match.next_round_first_attacker]
    start = state.rules.health.start
    steps.append(
        f"Round {next_round}: both players' health back to {start}; "
        "all Power Cards are gathered and reshuffled"
    )
    state = replace(
        state,
        rounds_won=rounds_won,
        round=next_round,
        health=(start, start),
        draw_pile=_shuffled(state.deck, state.seed, state.shuffles),
        shuffles=state.shuffles + 1,
        hands=((), ()),
        played=(),
        table=(),
        attacker=first,
        phase=Phase.ATTACK,
    )
    state = _deal(state, steps)
    steps.append(f"{player_name(first)} attacks first")
    return state, MatchOutcome(steps, result, round_winner=winner)


def legal_actions(state: Match) -> list[Action]:
    """Every action `apply` accepts now, one per distinct card id, in hand order."""
    if state.phase is Phase.OVER:
        return []
    actions: list[Action] = []
    seen: set[str] = set()
    if state.phase is Phase.ATTACK:
        for card in state.hands[state.attacker]:
            if card.id not in seen:
                seen.add(card.id)
                actions.append(LayBoost(card.id) if card.is_boost else Attack(card.id))
        return actions
    hand = state.hands[state.defender]
    only_boosts = all(card.is_boost for card in hand)
    for card in hand:
        if card.id not in seen and (only_boosts or not card.is_boost):
            seen.add(card.id)
            actions += [Respond(Defence.DEFEND, card.id), Respond(Defence.ESCAPE, card.id)]
    return actions


def replay(state: Match, actions: Sequence[Action]) -> Match:
    """The state after every action of a log, in order (the tracker's fold)."""
    for action in actions:
        state, _ = apply(state, action)
    return state
