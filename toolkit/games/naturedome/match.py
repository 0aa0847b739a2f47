"""A Nature Dome duel as a fold over actions: `apply(state, action) -> (state, outcome)`.

The state is a frozen value: both Health Meters, both hands, the draw pile, the played pile, the
attacker's cards on the table, the rounds won, whose attack it is, the round, and the seed of
every shuffle. `apply` is its one door: it checks each action against the rules
(rules/naturedome.txt: "Set Up", "Duel", "Attack Boost Cards", "The Health Meter", "The Winner")
and refuses an illegal one with a `RuleError` naming the rule and what in the state forbids it.
Each clash is resolved by the pure `clash` of rules.py. `replay` folds a log.

One engine for two tables:

- **cards the engine deals** (`new_match`, `new_match_in_order`): the deck lies in a known order
  and every reshuffle comes from the state's `seed`, so every hand is known; the tests and any
  simulation play this way.
- **real cards shuffled by hand** (`new_match_by_hand`, the tracker's duels, `seed` None): the
  engine cannot know what a hand holds or in which order the deck lies, so every card drawn is
  face down (`FACE_DOWN`) until it is laid, and a card laid from a face-down hand must have a
  copy the table cannot see elsewhere (the deck holds `qty` copies of it). The table may count
  its cards again (`Recount`) when it disagrees with the engine.

The actions (actions.py) are the rule text's steps, one card at a time (`LayBoost`, `Attack`,
`Respond`), and the whole clash a phone records (`Clash`: the same steps in one action, so the
duel never rests in half a clash). Every number comes from `NatureDomeRules`
(card_data/naturedome/rules.toml).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Final

from toolkit.errors import DomekitError, RuleError
from toolkit.games.door import Door, action_kinds
from toolkit.games.naturedome.actions import (
    STEP_KINDS,
    TABLE_KINDS,
    Action,
    Attack,
    Clash,
    Hand,
    LayBoost,
    Recount,
    Respond,
    Step,
)
from toolkit.games.naturedome.config import FirstAttacker, NatureDomeRules
from toolkit.games.naturedome.rules import (
    RULE_BOOST,
    RULE_BOOST_DEFENSE,
    RULE_CHOICE,
    RULE_SET_UP,
    RULE_TURNS,
    RULE_WINNER,
    ClashOutcome,
    Defense,
    PowerCard,
    clash,
)

FACE_DOWN: Final = None
"""A card in a hand or the draw pile that the engine cannot see (real cards, shuffled by hand)."""
Card = PowerCard | None
"""A card where it lies: known, or FACE_DOWN."""
Pile = tuple[Card, ...]
"""A hand, or the draw pile (top card first)."""


class Phase(StrEnum):
    ATTACK = "attack"  # the attacker lays Attack Boosts and then an attack card
    RESPOND = "respond"  # the defender defends or escapes
    OVER = "over"


@dataclass(frozen=True)
class LastClash:
    """The last clash resolved, as the table page shows it."""

    attacker: int
    attack_total: int
    defense_total: int
    damage: int
    defense: Defense
    steps: tuple[str, ...]


@dataclass(frozen=True)
class MatchState:
    """A Nature Dome duel between Player 1 (index 0) and Player 2 (index 1)."""

    rules: NatureDomeRules
    deck: tuple[PowerCard, ...]  # every Power Card in the game (a card of qty 2 twice)
    seed: int | None  # every shuffle is drawn from it; None: the table shuffles by hand
    draw_pile: Pile  # top card first
    hands: tuple[Pile, Pile]
    health: tuple[int, int]
    played: tuple[PowerCard, ...] = ()  # since the last reshuffle, in the order played
    table: tuple[PowerCard, ...] = ()  # the attacker's cards laid this clash, in laying order
    round_winners: tuple[int, ...] = ()  # each finished round's winner, in order
    round: int = 1
    attacker: int = 0
    reshuffles: int = 0  # shuffles since the duel's first (played pile or a new round)
    winner: int | None = None
    last: LastClash | None = None
    version: int = 0  # actions applied to reach this state (not stored: the log counts them)
    duel: int = 1  # the duel's number on its kit (a kit plays duel after duel)
    data_dir: str | None = None  # the card_data folder the rules and deck come from
    light: bool = False  # tracked light: each player names the cards drawn, plays one tap each

    @property
    def defender(self) -> int:
        return 1 - self.attacker

    @property
    def phase(self) -> Phase:
        if self.winner is not None:
            return Phase.OVER
        if self.table and not self.table[-1].is_boost:
            return Phase.RESPOND
        return Phase.ATTACK

    @property
    def rounds_won(self) -> tuple[int, int]:
        return (self.round_winners.count(0), self.round_winners.count(1))

    @property
    def by_hand(self) -> bool:
        """True for real cards shuffled by hand: what is drawn lies face down."""
        return self.seed is None

    def card_count(self) -> Counter[Card]:
        """Every card wherever it is: deck, hands, table and played. With cards the engine deals
        it always equals the deck; face-down cards count as FACE_DOWN."""
        return Counter(self.draw_pile + self.hands[0] + self.hands[1] + self.table + self.played)

    def text(self) -> str:
        """The duel in one line, as a refusal names it: `round 1 (0-0), Player 1 attacks; health
        1000 · 900; hands 3 · 2; draw pile 40, played 4` (a known hand lists its card ids, a
        face-down card is `?`; cards already laid this clash follow `on the table`)."""
        won = self.rounds_won
        if self.winner is not None:
            who = f"{player_name(self.winner)} won the duel"
        else:
            who = f"{player_name(self.attacker)} attacks"
        hands = " · ".join(_pile_text(hand) for hand in self.hands)
        table = f"; on the table {','.join(card.id for card in self.table)}" if self.table else ""
        return (
            f"round {self.round} ({won[0]}-{won[1]}), {who}; health {self.health[0]} · "
            f"{self.health[1]}; hands {hands}; draw pile {len(self.draw_pile)}, played "
            f"{len(self.played)}{table}"
        )

    def card(self, card_id: str) -> PowerCard:
        """The deck's Power Card of that id; DomekitError for an id the deck does not have."""
        for card in self.deck:
            if card.id == card_id:
                return card
        raise DomekitError(f"no Power Card {card_id!r} in power_cards.csv")

    def kinds(self) -> list[PowerCard]:
        """Each kind of card once, in deck order."""
        return list({card.id: card for card in self.deck}.values())

    def copies(self, card_id: str) -> int:
        return sum(1 for card in self.deck if card.id == card_id)


def _pile_text(pile: Pile) -> str:
    if all(card is FACE_DOWN for card in pile):
        return str(len(pile))
    return ",".join("?" if card is None else card.id for card in pile)


@dataclass(frozen=True)
class MatchOutcome:
    """What an action did: its steps, the clash it resolved, the round or duel it won."""

    steps: tuple[str, ...]
    summary: str | None = None
    clash: ClashOutcome | None = None
    round_winner: int | None = None
    match_winner: int | None = None


def player_name(index: int) -> str:
    return f"Player {index + 1}"


# -- set up -------------------------------------------------------------------------------------


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


def new_match_in_order(
    deck_order: Sequence[PowerCard], rules: NatureDomeRules, *, seed: int
) -> MatchState:
    """A duel whose deck lies in `deck_order` (top card first); later shuffles come from `seed`."""
    _check_deck(deck_order, rules)
    deck = tuple(deck_order)
    start = rules.health.start
    state = MatchState(
        rules=rules, deck=deck, seed=seed, draw_pile=deck, hands=((), ()), health=(start, start)
    )
    return _deal(state, [])


def new_match(deck: Sequence[PowerCard], rules: NatureDomeRules, rng: random.Random) -> MatchState:
    """A duel with the deck shuffled by `rng`, which also picks the seed for later shuffles."""
    seed = rng.getrandbits(64)
    order = list(deck)
    rng.shuffle(order)
    return new_match_in_order(order, rules, seed=seed)


def new_match_by_hand(
    deck: Sequence[PowerCard],
    rules: NatureDomeRules,
    *,
    duel: int = 1,
    data_dir: str | None = None,
    light: bool = False,
) -> MatchState:
    """A duel played with the real Power Cards, shuffled and dealt by hand: every hand and the
    draw pile lie face down (`light`: each player names the cards they draw, `Hand`). (The table
    copes with its own deck, so it is not checked.)"""
    start = rules.health.start
    state = MatchState(
        rules=rules,
        deck=tuple(deck),
        seed=None,
        draw_pile=(FACE_DOWN,) * len(deck),
        hands=((), ()),
        health=(start, start),
        duel=duel,
        data_dir=data_dir,
        light=light,
    )
    return _deal(state, [])


def _reshuffled(cards: Sequence[PowerCard], seed: int | None, number: int) -> Pile:
    """`cards` shuffled: the `number`th shuffle of the seed, or face down when shuffled by hand."""
    if seed is None:
        return (FACE_DOWN,) * len(cards)
    rng = random.Random(f"naturedome/{seed}/{number}")
    order = list(cards)
    rng.shuffle(order)
    return tuple(order)


def _with_hand(hands: tuple[Pile, Pile], player: int, hand: Pile) -> tuple[Pile, Pile]:
    return (hand, hands[1]) if player == 0 else (hands[0], hand)


def _draw(state: MatchState, player: int, count: int, steps: list[str]) -> MatchState:
    """`player` draws `count` cards; an empty deck is the played cards, reshuffled (Duel: 'If
    all Power Cards are drawn ..., reshuffle the played Power Cards and continue play')."""
    pile, played, reshuffles = state.draw_pile, state.played, state.reshuffles
    drawn: list[Card] = []
    while len(drawn) < count:
        if not pile:
            if not played:
                steps.append(f"No cards left to draw: {player_name(player)} draws {len(drawn)}")
                break
            pile = _reshuffled(played, state.seed, reshuffles)
            reshuffles += 1
            steps.append(f"The deck is empty: the {len(played)} played cards are reshuffled")
            played = ()
        drawn.append(pile[0])
        pile = pile[1:]
    hands = _with_hand(state.hands, player, state.hands[player] + tuple(drawn))
    return replace(state, draw_pile=pile, played=played, reshuffles=reshuffles, hands=hands)


def _deal(state: MatchState, steps: list[str]) -> MatchState:
    """Set Up: 'Each player draws three Power Cards, with Player 1 drawing first.'"""
    for player in (0, 1):
        state = _draw(state, player, state.rules.cards.deal, steps)
    steps.append(f"Each player draws {state.rules.cards.deal} Power Cards, Player 1 first")
    return state


# -- the one door -------------------------------------------------------------------------------


def _rules(state: MatchState, action: Action) -> tuple[MatchState, MatchOutcome]:
    """What an action does once the door's guards let it in (the duel goes on; a clash is its
    attacker's); a DomekitError for a card the deck does not have."""
    if isinstance(action, Recount):
        after, outcome = _recount(state, action)
    elif isinstance(action, Hand):
        after, outcome = _name_hand(state, action)
    elif isinstance(action, Clash):
        after, outcome = _clash(state, action)
    elif isinstance(action, Respond):
        after, outcome = _respond(state, action)
    elif isinstance(action, LayBoost | Attack):
        after, outcome = _lay(state, action)
    else:
        raise DomekitError(f"not a Nature Dome action: {action!r}")
    return replace(after, version=state.version + 1), outcome


def over(state: MatchState) -> str | None:
    """The Winner: "The first player to reduce the opponent's Health Meter to zero twice wins"."""
    if state.winner is None:
        return None
    return f"the duel is over: {player_name(state.winner)} won it"


DOOR = Door(
    actions=action_kinds(
        (*STEP_KINDS, *TABLE_KINDS), on_turn=(Clash.kind,), after_end=(Recount.kind,)
    ),
    rules=_rules,
    position=MatchState.text,
    over=over,
    whose_turn=lambda state: str(state.attacker + 1),
    mover=lambda state, action: str(action.attacker + 1) if isinstance(action, Clash) else None,
    seat_name=lambda state, seat: f"Player {seat}",
    rule_over=RULE_WINNER,
    rule_turn=RULE_TURNS,
)
"""The duel's one door: its guards (the duel is over once won, but the table may still recount;
a whole clash is laid on its attacker's turn), then `_rules`. An illegal action raises a RuleError
naming the rule, why, and the duel it was refused in (`MatchState.text`), as python-chess names
the position."""
apply = DOOR.apply
replay = DOOR.replay
"""The state after every action of a log, in order (the tracker's fold)."""


# -- laying cards -------------------------------------------------------------------------------


def _lay(state: MatchState, action: LayBoost | Attack) -> tuple[MatchState, MatchOutcome]:
    """One attacker's card, as the rule text lays them: boosts first, then the attack card."""
    if state.phase is not Phase.ATTACK:
        raise RuleError(
            RULE_TURNS,
            f"{player_name(state.defender)} must defend or escape before anyone attacks",
        )
    steps: list[str] = []
    if isinstance(action, LayBoost):
        return _lay_boost(state, action.card, steps), MatchOutcome(tuple(steps))
    on = f" on {len(state.table)} Attack Boost(s)" if state.table else ""
    state, card = _lay_attack(state, action.card)
    steps.append(
        f"{player_name(state.attacker)} attacks with {card.label} (attack {card.attack}){on}"
    )
    return state, MatchOutcome(tuple(steps))


def _respond(state: MatchState, action: Respond) -> tuple[MatchState, MatchOutcome]:
    if state.phase is not Phase.RESPOND:
        raise RuleError(
            RULE_TURNS,
            f"{player_name(state.attacker)} has not attacked yet: nothing to "
            f"{action.defense.value}",
        )
    state, card = _take_answer(state, action.defense, action.card)
    steps = [f"{player_name(state.defender)} {action.defense.value}s with {card.label}"]
    return _resolve(state, action.defense, card, steps)


def _clash(state: MatchState, action: Clash) -> tuple[MatchState, MatchOutcome]:
    """A whole clash: the attacker's boosts and attack card, then the defender's answer."""
    if state.table:
        raise RuleError(
            RULE_TURNS,
            f"{player_name(state.attacker)} has laid cards of this clash already: finish it "
            "one card at a time",
        )
    for card_id in (*action.boosts, action.attack, action.card):
        state.card(card_id)  # a name the deck does not have is refused before anything else
    steps: list[str] = []
    for boost in action.boosts:
        state = _lay_boost(state, boost, steps)
    state, _attack = _lay_attack(state, action.attack)
    state, card = _take_answer(state, action.defense, action.card)
    if card.is_boost:
        steps.append(
            f"{player_name(state.defender)} answers with an Attack Boost: allowed only when it "
            "is the last card that could defend or escape (it counts 0)"
        )
    return _resolve(state, action.defense, card, steps)


def _take(state: MatchState, player: int, card_id: str, purpose: str) -> tuple[PowerCard, Pile]:
    """The card `card_id` out of `player`'s hand, and the hand without it (Duel: a player plays
    'the Power Card of their choice' from their hand). From a face-down hand: any card of which
    the deck holds a copy the table cannot see (played, laid, or known elsewhere)."""
    card = state.card(card_id)
    hand = state.hands[player]
    for index, held in enumerate(hand):
        if held is not None and held.id == card_id:
            return held, hand[:index] + hand[index + 1 :]
    if FACE_DOWN in hand:
        _check_unseen_copy(state, card)
        index = hand.index(FACE_DOWN)
        return card, hand[:index] + hand[index + 1 :]
    if not hand:
        raise RuleError(RULE_CHOICE, f"{player_name(player)} holds no card to {purpose}")
    held_ids = ", ".join(held.id for held in hand if held is not None)
    raise RuleError(
        RULE_CHOICE, f"{player_name(player)} holds no card {card_id!r} (holds {held_ids})"
    )


def _check_unseen_copy(state: MatchState, card: PowerCard, *, laying: bool = True) -> None:
    """A copy of `card` the table has not seen elsewhere (`laying`: the one being laid now)."""
    copies = state.copies(card.id)
    played = sum(1 for other in state.played if other.id == card.id)
    laid = int(laying) + sum(1 for other in state.table if other.id == card.id)
    known = sum(
        1
        for other in (*state.draw_pile, *state.hands[0], *state.hands[1])
        if other is not None and other.id == card.id
    )
    if played + laid + known + int(not laying) > copies:
        seen = f", {known} known in a hand or the deck" if known else ""
        now = f"{laid} laid now" if laying else "one more named"
        raise RuleError(
            RULE_CHOICE,
            f"{card.label}: the deck holds {copies}, {played} already played since the last "
            f"shuffle{seen}; {now} is more than can be in a hand",
        )


def _lay_boost(state: MatchState, card_id: str, steps: list[str]) -> MatchState:
    """Attack Boost Cards: 'a player lays the Attack Boost down first'; as the attacker's last
    card, 'the player draws three new Power Cards and combines one with the Attack Boost'."""
    player = state.attacker
    card, rest = _take(state, player, card_id, "lay")
    if not card.is_boost:
        raise RuleError(
            RULE_BOOST, f"{card.label} is not an Attack Boost: attack with it ('attack {card.id}')"
        )
    steps.append(f"{player_name(player)} lays Attack Boost {card.label} (boost {card.boost})")
    state = replace(state, hands=_with_hand(state.hands, player, rest), table=state.table + (card,))
    if not rest:
        draw = state.rules.cards.draw
        steps.append(
            f"The Attack Boost was {player_name(player)}'s last card: they draw {draw} new "
            "Power Cards and combine one with it"
        )
        state = _draw(state, player, draw, steps)
    return state


def _lay_attack(state: MatchState, card_id: str) -> tuple[MatchState, PowerCard]:
    """Duel: 'Player 1 attacks by playing the Power Card of their choice' (on the boosts laid)."""
    player = state.attacker
    card, rest = _take(state, player, card_id, "attack with")
    if card.is_boost:
        raise RuleError(
            RULE_BOOST,
            f"{card.label} is an Attack Boost: lay it first ('boost {card.id}'), "
            "then an attack card on it",
        )
    hands = _with_hand(state.hands, player, rest)
    return replace(state, hands=hands, table=state.table + (card,)), card


def _take_answer(state: MatchState, defense: Defense, card_id: str) -> tuple[MatchState, PowerCard]:
    """Duel: 'Player 2 either defends or escapes by playing the Power Card of their choice'; an
    Attack Boost only as their last card that could (a face-down card may be anything)."""
    defender = state.defender
    card, rest = _take(state, defender, card_id, "answer with")
    if card.is_boost and any(other is not None and not other.is_boost for other in rest):
        raise RuleError(
            RULE_BOOST_DEFENSE,
            f"{card.label} is an Attack Boost and {player_name(defender)} still holds a card "
            "that can defend or escape",
        )
    return replace(state, hands=_with_hand(state.hands, defender, rest)), card


# -- resolving a clash --------------------------------------------------------------------------


def _resolve(
    state: MatchState, defense: Defense, card: PowerCard, steps: list[str]
) -> tuple[MatchState, MatchOutcome]:
    """The attack on the table against the answer `card`: damage, the played cards removed,
    then a knock-out ends the round, or the empty hands draw and the other player attacks."""
    attacker, defender = state.attacker, state.defender
    result = clash(
        state.table[-1],
        defense,
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
    last = LastClash(
        attacker=attacker,
        attack_total=result.attack_total,
        defense_total=result.defense_total,
        damage=result.damage,
        defense=defense,
        steps=tuple(result.steps),
    )
    state = replace(
        state,
        played=state.played + state.table + (card,),
        table=(),
        health=health,
        last=last,
    )
    steps.append("Played cards are removed")
    if result.knocked_out:
        return _end_round(state, attacker, steps, result)
    for player in (attacker, defender):  # the attacking player draws first
        if not state.hands[player]:
            draw = state.rules.cards.draw
            steps.append(f"{player_name(player)} is out of cards: draws {draw} new Power Cards")
            state = _draw(state, player, draw, steps)
    state = replace(state, attacker=defender)
    steps.append(f"{player_name(defender)} attacks next")
    summary = f"{player_name(defender)} loses {result.damage}" if result.damage else "no damage"
    return state, MatchOutcome(tuple(steps), summary, result)


def first_attacker(rules: NatureDomeRules, next_round: int, loser: int) -> int:
    """Who attacks first in round `next_round` (rules.toml's `next_round_first_attacker`)."""
    return {
        FirstAttacker.PLAYER1: 0,
        FirstAttacker.ALTERNATE: (next_round - 1) % 2,
        FirstAttacker.LOSER: loser,
    }[rules.match.next_round_first_attacker]


def _end_round(
    state: MatchState, winner: int, steps: list[str], result: ClashOutcome
) -> tuple[MatchState, MatchOutcome]:
    """The Winner: 'The player who knocks out their opponent wins the round. The winner of the
    Nature Dome duel is the player who wins two out of three rounds.'"""
    loser = 1 - winner
    state = replace(state, round_winners=state.round_winners + (winner,))
    won = state.rounds_won
    steps.append(
        f"{player_name(winner)} knocks out {player_name(loser)} and wins round {state.round} "
        f"({won[0]}-{won[1]})"
    )
    if won[winner] >= state.rules.match.rounds_to_win:
        steps.append(f"{player_name(winner)} wins the Nature Dome duel")
        summary = f"{player_name(winner)} wins the duel"
        outcome = MatchOutcome(tuple(steps), summary, result, winner, match_winner=winner)
        return replace(state, winner=winner), outcome

    summary = f"{player_name(winner)} wins round {state.round}"
    next_round = state.round + 1
    first = first_attacker(state.rules, next_round, loser)
    start = state.rules.health.start
    steps.append(
        f"Round {next_round}: both players' health back to {start}; "
        "all Power Cards are gathered and reshuffled"
    )
    state = replace(
        state,
        round=next_round,
        health=(start, start),
        draw_pile=_reshuffled(state.deck, state.seed, state.reshuffles),
        reshuffles=state.reshuffles + 1,
        hands=((), ()),
        played=(),
        table=(),
        attacker=first,
    )
    state = _deal(state, steps)
    steps.append(f"{player_name(first)} attacks first")
    return state, MatchOutcome(tuple(steps), summary, result, round_winner=winner)


# -- the cards a player names --------------------------------------------------------------------


def _name_hand(state: MatchState, action: Hand) -> tuple[MatchState, MatchOutcome]:
    """A player names cards they drew (Set Up: "Each player draws three Power Cards"; Duel:
    "they immediately draw three new Power Cards"): each takes the place of a card the tracker
    holds face down in their hand, and must be a card of which the deck holds a copy nobody has
    seen elsewhere (played, laid, or named in a hand)."""
    player = action.player
    hand = list(state.hands[player])
    named: list[str] = []
    for card_id in action.cards:
        card = state.card(card_id)
        if FACE_DOWN not in hand:
            raise RuleError(
                RULE_CHOICE,
                f"{player_name(player)} holds {len(hand)} cards and every one is named already "
                "(the table may recount to start again)",
            )
        state = replace(state, hands=_with_hand(state.hands, player, tuple(hand)))
        _check_unseen_copy(state, card, laying=False)
        hand[hand.index(FACE_DOWN)] = card
        named.append(card.name)
    state = replace(state, hands=_with_hand(state.hands, player, tuple(hand)))
    left = sum(1 for held in hand if held is FACE_DOWN)
    steps = [f"{player_name(player)} names {', '.join(named)}"]
    if left:
        steps.append(f"{left} card{'s' if left != 1 else ''} of the hand not named yet")
    return state, MatchOutcome(tuple(steps))


# -- the table's count --------------------------------------------------------------------------


def _recount(state: MatchState, action: Recount) -> tuple[MatchState, MatchOutcome]:
    """The table counted its cards and disagrees with the engine: take the table's count of each
    hand and the draw pile (the played pile is known card by card). Allowed once the duel is
    over too."""
    if not state.by_hand:
        raise RuleError(
            RULE_SET_UP,
            "the engine shuffled and dealt this duel's cards: it knows every hand, so there is "
            "nothing to recount",
        )
    if state.table:
        raise RuleError(RULE_TURNS, "finish the clash on the table before counting the cards")
    (hand1, hand2), pile = action.hands, action.draw_pile
    played, total = len(state.played), len(state.deck)
    counted = hand1 + hand2 + pile + played
    if counted != total:
        raise RuleError(
            RULE_SET_UP,
            f"hands {hand1} + {hand2} + draw pile {pile} + played {played} = {counted}, but the "
            f"deck holds {total} cards",
        )
    state = replace(
        state,
        hands=((FACE_DOWN,) * hand1, (FACE_DOWN,) * hand2),
        draw_pile=(FACE_DOWN,) * pile,
    )
    return state, MatchOutcome((f"hands {hand1} and {hand2}, draw pile {pile}",))


# -- what may be played -------------------------------------------------------------------------


def _playable(state: MatchState, hand: Pile) -> list[PowerCard]:
    """The cards a hand can lay, one per id, in hand order; from face-down cards every kind the
    deck still holds an unseen copy of."""
    found: dict[str, PowerCard] = {}
    for held in hand:
        if held is not None:
            found.setdefault(held.id, held)
    if FACE_DOWN in hand:
        for card in state.kinds():
            if card.id not in found:
                try:
                    _check_unseen_copy(state, card)
                except RuleError:
                    continue
                found[card.id] = card
    return list(found.values())


def legal_actions(state: MatchState) -> list[Step]:
    """Every one-card step `apply` accepts now, one per distinct card id, in hand order."""
    if state.phase is Phase.OVER:
        return []
    if state.phase is Phase.ATTACK:
        return [
            LayBoost(card.id) if card.is_boost else Attack(card.id)
            for card in _playable(state, state.hands[state.attacker])
        ]
    hand = state.hands[state.defender]
    cards = _playable(state, hand)
    only_boosts = FACE_DOWN not in hand and all(card.is_boost for card in cards)
    actions: list[Step] = []
    for card in cards:
        if only_boosts or not card.is_boost or FACE_DOWN in hand:
            actions += [Respond(Defense.DEFEND, card.id), Respond(Defense.ESCAPE, card.id)]
    return actions
