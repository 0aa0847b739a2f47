"""A light match: the phone keeps what paper cannot, the table keeps what it shows.

In a light match no position is tracked and no Phase token is entered: the battlefield, the
wound and Weaken tokens and the Phase tokens stay on the table, where the players see them. The
phone keeps the Power Decks (each draw, the reserve boards, the used piles, the cycles and their
counters, the end they bring), the Stronghold's Charge, the VP and the Surge token, and it
resolves what paper does by sums: each attack (the cards' strengths and keyword abilities, the
power drawn, the defender's answer) and each assault (the VP table).

An attack is two actions, in the rules' order ("the active player always draws first and says
out loud what the total is. The opponent then decides whether to use one of their power
cards"): the attacker's `CardAttack` names the two cards and the power drawn; the defender's
`Defend` answers (a draw, or none) and the attack resolves. A block that allows a counterattack
leaves it to the defender's next action. The table says what the board adds (coordinating
allies, Weaken tokens, whose Domain each card stands in, anything else) and when a round ends.

`play(state, action)` is the light match's rules; match.py's door runs its guards first.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace

from toolkit.errors import RuleError
from toolkit.games.dominum.actions import (
    Action,
    Assault,
    CardAttack,
    Charge,
    Defend,
    EndRound,
    GainCharge,
    PowerDuel,
    ReservePower,
    SpendCharge,
)
from toolkit.games.dominum.board import PLAYERS, Player, opponent
from toolkit.games.dominum.config import DominumRules
from toolkit.games.dominum.matchup import Matchup
from toolkit.games.dominum.power import CRITICAL, PowerCard, PowerDeck, PowerSource, card_text
from toolkit.games.dominum.rules import (
    AttackKind,
    AttackOutcome,
    Keyword,
    Modifier,
    power_duel,
    resolve_assault_total,
    round_result,
)
from toolkit.games.dominum.state import Card, Cycles, Outcome, Result, Side, Tile, draw_from
from toolkit.games.dominum.triggers import charged, condition_holds, paid

RULE_LIGHT = "Light tracking"
RULE_ATTACK = "Attack Phase"
RULE_COUNTER = "Counterattack"
BOARD_KEPT = (
    "the table keeps the battlefield, the wound and Weaken tokens and the Phase tokens; "
    "choose full tracking at set-up to enter them"
)


@dataclass(frozen=True)
class Strike:
    """An attack drawn for, waiting for the defender's answer: the action and the cards drawn
    (`first`: a Lunge's first card, ignored)."""

    action: CardAttack
    power: PowerCard
    first: PowerCard | None = None


@dataclass(frozen=True)
class Counter:
    """After a block: the defender's card may counterattack the card that attacked."""

    player: Player
    attacker: str
    target: str


@dataclass(frozen=True)
class LightState:
    """A light match's state: each player's forces (the 12 cards, by name), Power Deck, Charge,
    VP and Surge token; the round; an attack waiting for its answer; a counterattack allowed."""

    rules: DominumRules
    first_player: Player
    sides: Mapping[Player, Side]
    round: int = 1
    strike: Strike | None = None
    counter: Counter | None = None
    bitter_end: bool = False
    result: Result | None = None
    seed: int = 0
    shuffles: int = 0

    @property
    def over(self) -> bool:
        return self.result is not None


def new_light(
    rules: DominumRules,
    *,
    first_player: Player,
    hands: Mapping[Player, Iterable[Card]],
    decks: Mapping[Player, PowerDeck],
    strongholds: Mapping[Player, Tile],
    seed: int,
    shuffles: int,
    bitter_end: bool,
) -> LightState:
    """A light match after "Determine the First Player": the decks reset, the Strongholds
    charged, the first round (the initial deployment is on the table)."""
    charge = rules.stronghold.starting_charge
    sides = {
        p: Side(hand=tuple(hands[p]), power=decks[p], charge=charge, stronghold=strongholds[p])
        for p in PLAYERS
    }
    return LightState(rules, first_player, sides, seed=seed, shuffles=shuffles,
                      bitter_end=bitter_end)  # fmt: skip


def position(state: LightState) -> str:
    """The light match in one line, as a refusal names it."""
    if state.result is not None:
        return f"round {state.round}, over ({state.result})"
    text = f"round {state.round} (light tracking)"
    if state.strike is not None:
        strike = state.strike.action
        text += f", {opponent(strike.player)} to answer the attack on {strike.target}"
    return text


# -- the rules --------------------------------------------------------------------------------
def play(state: LightState, action: Action) -> tuple[LightState, Outcome]:
    """A light match's rules: an attack's two halves, the assault, the Charge, the reserve, the
    power duel and the round's end; what the table keeps is refused, saying so."""
    if state.strike is not None and not isinstance(action, Defend):
        strike = state.strike.action
        them = opponent(strike.player)
        raise RuleError(
            RULE_ATTACK,
            f"{them} first answers {strike.player}'s attack on {strike.target}: draw power or not",
        )
    counter, state = state.counter, replace(state, counter=None)
    match action:
        case CardAttack():
            return _attack(state, action, counter)
        case Defend():
            return _defend(state, action)
        case Assault():
            return _assault(state, action)
        case Charge():
            return _charge(state, action)
        case GainCharge():
            return _gain(state, action)
        case SpendCharge():
            return _spend(state, action)
        case ReservePower():
            return _reserve(state, action)
        case PowerDuel():
            return _duel(state, action)
        case EndRound():
            return _end_round(state)
    raise RuleError(RULE_LIGHT, f"a light match does not take '{action.kind}': {BOARD_KEPT}")


def card_of(state: LightState, player: Player, name: str, what: str) -> Card:
    """A card of the player's forces, by its name (any case)."""
    for card in state.sides[player].hand:
        if card.name.casefold() == name.casefold():
            return card
    names = ", ".join(dict.fromkeys(c.name for c in state.sides[player].hand))
    raise RuleError(RULE_ATTACK, f"{what}: {player}'s forces hold no {name!r} ({names})")


def _draw(
    state: LightState, player: Player, source: PowerSource, cycles: Cycles, steps: list[str]
) -> tuple[LightState, PowerCard]:
    side = state.sides[player]
    deck, card, shuffles = draw_from(
        side.power, player, source, cycles, seed=state.seed, shuffles=state.shuffles, steps=steps
    )
    return replace(_with(state, player, replace(side, power=deck)), shuffles=shuffles), card


def _with(state: LightState, player: Player, side: Side) -> LightState:
    return replace(state, sides={**state.sides, player: side})


def matchup(state: LightState, action: CardAttack) -> Matchup:
    """The attack as the cards and the table's word make it: the two cards, whose Domain each
    stands in (not said: neither Infiltrate nor Protector counts), the Weaken tokens, the
    coordinating allies and what else the board adds."""
    attacker = card_of(state, action.player, action.attacker, "attacker")
    target = card_of(state, opponent(action.player), action.target, "target")
    adds = (Modifier(action.adds, f"the board adds +{action.adds}"),) if action.adds else ()
    more = (
        (Modifier(action.defense_adds, f"the board adds +{action.defense_adds}"),)
        if action.defense_adds
        else ()
    )
    return Matchup(
        strength=attacker.strength,
        defense=target.defense,
        attacker=attacker,
        defender=target,
        attacker_where=action.attacker_where or "neutral",
        defender_where=action.target_where or "neutral",
        lunged=action.lunge_first is not None,
        coordinating=action.coordinating,
        attacker_weakened=action.attacker_weakened,
        defender_weakened=action.target_weakened,
        kind=action.attack_kind,
        more_attack=adds,
        more_defense=more,
    )


def unsaid_places(card: Card, where: str | None) -> list[str]:
    """The card's abilities that hold only in one Domain (Infiltrate, Protector) when the table
    did not say where it stands: not counted, and the steps say so."""
    if where is not None:
        return []
    return [
        f"{card.name}: {a.head.word} holds only where it stands (not said: not counted)"
        for a in card.abilities
        if a.head is not None
        and a.head.word in ("Infiltrate", "Protector")
        and not condition_holds(a, "neutral")
    ]


def resolve(
    state: LightState, strike: Strike, defense: PowerCard | None
) -> tuple[Matchup, AttackOutcome]:
    fight = matchup(state, strike.action)
    if strike.first is not None:
        return fight, fight.resolve(strike.first, defense, strike.power, rules=state.rules)
    return fight, fight.resolve(strike.power, defense, rules=state.rules)


def _attack(
    state: LightState, action: CardAttack, counter: Counter | None
) -> tuple[LightState, Outcome]:
    player, them = action.player, opponent(action.player)
    attacker = card_of(state, player, action.attacker, "attacker")
    target = card_of(state, them, action.target, "target")
    if action.attack_kind == AttackKind.COUNTERATTACK and counter != Counter(
        player, attacker.name, target.name
    ):
        raise RuleError(RULE_COUNTER, "a counterattack follows a block, against the attacker")
    if action.lunge_first is not None and Keyword.LUNGE not in attacker.keywords:
        raise RuleError("Lunge", f"{attacker.name} has no Lunge: it draws once")
    steps = [f"{player}'s {attacker.name} ({action.attack_kind.value}) attacks "
             f"{them}'s {target.name}"]  # fmt: skip
    first = None
    if action.lunge_first is not None:
        state, first = _draw(state, player, action.lunge_first, action.cycles, steps)
        steps.append(f"Lunge: the first card drawn, {card_text(first)}, is set aside")
    state, card = _draw(state, player, action.power, action.cycles, steps)
    strike = Strike(replace(action, attacker=attacker.name, target=target.name), card, first)
    fight, told = resolve(state, strike, None)
    total = "the Critical" if card == CRITICAL else f"attack total {told.attack_total}"
    steps += unsaid_places(attacker, action.attacker_where)
    steps.append(f"{attacker.name} draws {card_text(card)}: {total}; "
                 f"{target.name} defends with {told.defense_total} before any draw")  # fmt: skip
    steps.append(f"{them} answers: draw power or not")
    summary = f"{attacker.name} draws {card_text(card)}: {total}; {them} to answer"
    return replace(state, strike=strike), Outcome(steps, summary=summary)


def _defend(state: LightState, action: Defend) -> tuple[LightState, Outcome]:
    strike = state.strike
    if strike is None:
        raise RuleError(RULE_ATTACK, "no attack waits for an answer")
    attack = strike.action
    them = opponent(attack.player)
    if action.player != them:
        raise RuleError(RULE_ATTACK, f"{them} answers the attack on {attack.target}, not "
                                     f"{action.player}")  # fmt: skip
    steps: list[str] = []
    card = None
    if action.power is not None:
        state, card = _draw(state, them, action.power, action.cycles, steps)
    fight, told = resolve(state, strike, card)
    target = fight.defender
    steps += told.steps
    if target is not None:
        steps += unsaid_places(target, attack.target_where)
    state = replace(state, strike=None)
    if told.wound:
        summary = f"a wound: {attack.attacker} wounds {attack.target}"
        steps.append(f"{attack.target} takes a wound token; a second wound defeats it")
        if told.knockback:
            steps.append(f"Knockback: {attack.player} may shift {attack.target} now")
        return state, Outcome(steps, summary=summary)
    summary = f"blocked: {attack.target} blocks {attack.attacker}"
    if told.counterattack:
        state = replace(state, counter=Counter(them, attack.target, attack.attacker))
        summary += f"; {them} may counterattack"
        steps.append(f"{them}'s {attack.target} may counterattack {attack.attacker} now"
                     + (" (if it shifts away first, Evasive: it cannot)" if told.evasive_shift
                        else ""))  # fmt: skip
    return state, Outcome(steps, summary=summary)


def _assault(state: LightState, action: Assault) -> tuple[LightState, Outcome]:
    player = action.player
    if action.initial is None:
        raise RuleError("Assault Phase", "name the initial assault score the table counts")
    side = state.sides[player]
    if action.surge and not side.surge:
        raise RuleError("Surge token", f"{player} does not hold the Surge token")
    if len(action.powers) != state.rules.assault.power_draws:
        raise RuleError("Assault Phase", f"an assault draws {state.rules.assault.power_draws} "
                                         "power cards")  # fmt: skip
    steps: list[str] = []
    cards: list[PowerCard] = []
    for source in action.powers:
        state, card = _draw(state, player, source, action.cycles, steps)
        cards.append(card)
    told = resolve_assault_total(
        initial=action.initial, powers=cards, surge=action.surge, rules=state.rules
    )
    steps += told.steps
    side = state.sides[player]
    surge = (side.surge and not action.surge) or told.takes_surge
    state = _with(state, player, replace(side, vp=side.vp + told.vp, surge=surge))
    summary = f"assault total {told.total}: {told.vp} VP" + (
        ", the Surge token collected" if told.takes_surge else ""
    )
    return state, Outcome(steps, summary=summary)


def _charge(state: LightState, action: Charge) -> tuple[LightState, Outcome]:
    if action.remove_weaken_at is not None:
        raise RuleError(RULE_LIGHT, f"a Weaken token is the table's: {BOARD_KEPT}")
    return _add_charge(state, action.player, state.rules.stronghold.charge_gain, "Charge Phase")


def _gain(state: LightState, action: GainCharge) -> tuple[LightState, Outcome]:
    return _add_charge(state, action.player, action.amount, "an ability")


def _add_charge(
    state: LightState, player: Player, amount: int, why: str
) -> tuple[LightState, Outcome]:
    side = state.sides[player]
    now = charged(side, amount, state.rules)
    step = f"{player}'s Stronghold charge {side.charge} -> {now.charge} ({why})"
    return _with(state, player, now), Outcome([step], summary=step)


def _spend(state: LightState, action: SpendCharge) -> tuple[LightState, Outcome]:
    side = paid(state.sides[action.player], action.amount)
    step = f"{action.player} spends {action.amount} Charge: {side.charge} left"
    return _with(state, action.player, side), Outcome([step], summary=step)


def _reserve(state: LightState, action: ReservePower) -> tuple[LightState, Outcome]:
    side = state.sides[action.player]
    deck = side.power.reserve_power(discard=action.discard, revealed=action.revealed)
    step = f"{action.player}'s reserve board: {', '.join(card_text(c) for c in deck.reserve)}"
    return _with(state, action.player, replace(side, power=deck)), Outcome([step], summary=step)


def _duel(state: LightState, action: PowerDuel) -> tuple[LightState, Outcome]:
    steps: list[str] = []
    state, mine = _draw(state, action.player, action.power, action.cycles, steps)
    theirs = None
    other = opponent(action.player)
    if action.opponent_power is not None:
        state, theirs = _draw(state, other, action.opponent_power, action.cycles, steps)
    told = power_duel(mine, theirs, rules=state.rules)
    winner = action.player if told.winner == "initiator" else other
    summary = f"{winner} wins the power duel"
    return state, Outcome([*steps, *told.steps, summary], summary=summary)


def _end_round(state: LightState) -> tuple[LightState, Outcome]:
    """End of Round: the match's end when the rules say (rules.round_result), else the next."""
    vp = {p: state.sides[p].vp for p in PLAYERS}
    steps = [f"round {state.round} ends: red {vp['red']} VP, gold {vp['gold']} VP"]
    cycles = {p: state.sides[p].power.cycles_done for p in PLAYERS}
    result, more = round_result(vp, cycles, bitter_end=state.bitter_end, rules=state.rules)
    steps += more
    if result is not None:
        return replace(state, result=result), Outcome(steps, summary=steps[-1])
    summary = f"round {state.round + 1} begins"
    return replace(state, round=state.round + 1), Outcome([*steps, summary], summary=summary)
