"""A Dominum match as a fold over actions: `apply(state, action) -> (state, outcome)`.

The state is a frozen value; `apply` checks each action against the rules (rules/dominum.txt:
"Initial Deployment", "Rounds. Turns. Phases.", "Phase Breakdowns", "End of Round", "Winning the
Game") and refuses an illegal one with a `RuleError` naming the rule. Combat, assaults and the
Power Deck are the pure functions of rules.py and power.py.

Draws name their source (`PowerSource`): the top of the deck, the card the table revealed, or
a reserve card. When a draw uses the ninth card, the action must say which cycle counter that
player sets aside (`cycles`); the shuffle is the table's revealed card or, when none is given, a
generator seeded from the match's seed and the number of shuffles so far, so a replay of the log
is always identical.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Literal

from toolkit.errors import RuleError
from toolkit.games.dominum.board import PLAYERS, Board, Player, Space, opponent, space_text
from toolkit.games.dominum.config import DominumRules
from toolkit.games.dominum.power import PowerCard, PowerDeck, PowerSource, card_text
from toolkit.games.dominum.rules import (
    AttackKind,
    Keyword,
    apply_wound,
    power_duel,
    resolve_assault,
    resolve_attack,
)

Phase = Literal[
    "deploy", "move", "reposition", "attack", "assault", "charge", "reserve", "initiative"
]


# -- cards and pieces ------
@dataclass(frozen=True)
class Card:
    """A Domain card: "Card Anatomy" (type, attack strength, range, fly icon, abilities)."""

    name: str
    strength: int
    kind: Literal["hero", "elite", "warrior"] = "warrior"
    radial: bool = False
    flying: bool = False
    keywords: frozenset[Keyword] = frozenset()
    defense: int | None = None  # RULINGS: one Strength unless the data gives a defence

    @property
    def defence(self) -> int:
        return self.strength if self.defense is None else self.defense


@dataclass(frozen=True)
class Unit:
    """A card on the battlefield with its condition tokens."""

    card: Card
    owner: Player
    wounds: int = 0
    weakened: bool = False


@dataclass(frozen=True)
class Side:
    """One player's things: hand, Power Deck, score, Stronghold charge, Surge token, discards."""

    hand: tuple[Card, ...]
    power: PowerDeck
    charge: int
    vp: int = 0
    surge: bool = False
    discard: tuple[Card, ...] = ()


@dataclass(frozen=True)
class CycleChoice:
    """The cycle counter set aside, and optionally the card the table turned up after the
    shuffle (otherwise the match's seeded generator shuffles)."""

    counter: int | None
    revealed: tuple[PowerCard, ...] = ()


# -- actions ------
@dataclass(frozen=True)
class Place:
    """Initial Deployment: one card from the hand into the Domain (or the Neutral Line)."""

    player: Player
    card: str
    space: Space


@dataclass(frozen=True)
class Activate:
    """Select a Phase token; `link=True` spends the Link token to activate the next one too."""

    player: Player
    phase: Phase
    link: bool = False


@dataclass(frozen=True)
class EndPhase:
    player: Player


@dataclass(frozen=True)
class Retreat:
    player: Player
    space: Space


@dataclass(frozen=True)
class Deploy:
    player: Player
    card: str
    space: Space


@dataclass(frozen=True)
class Move:
    player: Player
    start: Space
    end: Space


@dataclass(frozen=True)
class Shift:
    """Reposition Phase: one card one space orthogonally."""

    player: Player
    start: Space
    end: Space


@dataclass(frozen=True)
class Attack:
    player: Player
    attacker: Space
    target: Space
    power: PowerSource = PowerSource()
    defense_power: PowerSource | None = None
    coordinating: tuple[Space, ...] = ()
    kind: AttackKind = AttackKind.ATTACK
    lunge_to: Space | None = None
    lunge_power: PowerSource | None = None
    knockback_to: Space | None = None
    evasive_to: Space | None = None
    cycles: Mapping[Player, CycleChoice] = field(default_factory=dict)


@dataclass(frozen=True)
class Counterattack:
    """The card that blocked attacks the (primary) attacker; player = the blocker's owner."""

    player: Player
    power: PowerSource = PowerSource()
    defense_power: PowerSource | None = None
    cycles: Mapping[Player, CycleChoice] = field(default_factory=dict)


@dataclass(frozen=True)
class Submerge:
    """Submerge: instead of counterattacking, the blocker moves to an open space in range."""

    player: Player
    to: Space


@dataclass(frozen=True)
class Advance:
    """Advancing: after defeating an adjacent enemy, move into its space (a shift)."""

    player: Player
    start: Space


@dataclass(frozen=True)
class Assault:
    player: Player
    powers: tuple[PowerSource, ...] = (PowerSource(), PowerSource())
    surge: bool = False
    cycles: Mapping[Player, CycleChoice] = field(default_factory=dict)


@dataclass(frozen=True)
class Charge:
    """Charge Phase: +2 Charge (None), or remove a Weaken token from the ally at a space."""

    player: Player
    remove_weaken_at: Space | None = None


@dataclass(frozen=True)
class ReservePower:
    player: Player
    discard: PowerCard | None = None
    revealed: PowerCard | None = None


@dataclass(frozen=True)
class Weaken:
    """An ability or Stronghold weakens a card (weakens do not stack)."""

    player: Player
    space: Space


@dataclass(frozen=True)
class Sacrifice:
    """Sacrifice: removed and discarded at once; On Discard is ignored."""

    player: Player
    space: Space


@dataclass(frozen=True)
class SpendCharge:
    """An activated ability's cost in Charge tokens, paid from the Stronghold."""

    player: Player
    amount: int = 1


@dataclass(frozen=True)
class PowerDuel:
    """Power Duels (called for by abilities): `player` draws first, the opponent may draw."""

    player: Player
    power: PowerSource = PowerSource()
    opponent_power: PowerSource | None = None
    cycles: Mapping[Player, CycleChoice] = field(default_factory=dict)


Action = (
    Place
    | Activate
    | EndPhase
    | Retreat
    | Deploy
    | Move
    | Shift
    | Attack
    | Counterattack
    | Submerge
    | Advance
    | Assault
    | Charge
    | ReservePower
    | Weaken
    | Sacrifice
    | SpendCharge
    | PowerDuel
)


# -- state ------
@dataclass(frozen=True)
class RoundState:
    """Whose turn it is and which Phase tokens each player has used this round."""

    number: int
    starter: Player
    to_act: Player
    used: Mapping[Player, tuple[str, ...]]
    links: Mapping[Player, int]
    linked: bool = False  # the player's next activation follows a Link
    initiative: Player | None = None


@dataclass(frozen=True)
class PhaseState:
    player: Player
    name: str
    done: frozenset[Space] = frozenset()  # cards that moved, shifted or attacked
    alt_done: frozenset[Space] = frozenset()
    retreated: int = 0
    deployed: int = 0


@dataclass(frozen=True)
class Pending:
    """What may follow a blocked attack or a defeat: a counterattack, Submerge, an advance."""

    counter_from: Space | None = None
    counter_to: Space | None = None
    submerge: bool = False
    advance_from: Space | None = None
    advance_to: Space | None = None


@dataclass(frozen=True)
class Outcome:
    steps: list[str]


@dataclass(frozen=True)
class MatchState:
    rules: DominumRules
    first_player: Player
    sides: Mapping[Player, Side]
    units: Mapping[Space, Unit]
    round: RoundState
    stage: Literal["deployment", "rounds", "over"] = "deployment"
    placed: Mapping[Player, tuple[Space, ...]] = field(default_factory=dict)
    phase: PhaseState | None = None
    pending: Pending = Pending()
    bitter_end: bool = False
    result: Literal["red", "gold", "draw"] | None = None
    seed: int = 0
    shuffles: int = 0

    @property
    def board(self) -> Board:
        return Board(self.rules.board)

    def occupants(self) -> dict[Space, Player]:
        return {space: unit.owner for space, unit in self.units.items()}

    def on_battlefield(self, player: Player) -> int:
        return sum(1 for unit in self.units.values() if unit.owner == player)


def new_match(
    rules: DominumRules,
    *,
    first_player: Player,
    hands: Mapping[Player, Iterable[Card]],
    seed: int = 0,
    reserves: Mapping[Player, tuple[PowerCard, ...]] | None = None,
    bitter_end: bool | None = None,
) -> MatchState:
    """A match after "Determine the First Player": decks reset, strongholds charged."""
    sides = {}
    shuffles = 0
    for player in PLAYERS:
        hand = tuple(hands[player])
        for kind in ("hero", "elite", "warrior"):
            need = getattr(rules.forces, kind)
            have = sum(1 for card in hand if card.kind == kind)
            if have != need:
                raise RuleError(
                    "Build your forces", f"{player} brings {have} {kind} card(s); it needs {need}"
                )
        if reserves and player in reserves:
            shuffle: random.Random | tuple[PowerCard, ...] = reserves[player]
        else:
            shuffle = random.Random(f"{seed}:{shuffles}")
        shuffles += 1
        deck = PowerDeck.dealt(rules, shuffle)
        sides[player] = Side(hand=hand, power=deck, charge=rules.stronghold.starting_charge)
    return MatchState(
        rules=rules,
        first_player=first_player,
        sides=sides,
        units={},
        round=_fresh_round(1, first_player),
        placed={player: () for player in PLAYERS},
        bitter_end=rules.end.to_the_bitter_end if bitter_end is None else bitter_end,
        seed=seed,
        shuffles=shuffles,
    )


def _fresh_round(number: int, starter: Player) -> RoundState:
    return RoundState(
        number=number,
        starter=starter,
        to_act=starter,
        used={player: () for player in PLAYERS},
        links={player: 0 for player in PLAYERS},
    )


def replay(state: MatchState, actions: Iterable[Action]) -> MatchState:
    """The state after every action of a log, in order."""
    for action in actions:
        state, _ = apply(state, action)
    return state


# -- the one door ------
def apply(state: MatchState, action: Action) -> tuple[MatchState, Outcome]:
    """The next state and what happened, or a RuleError naming the rule that forbids it."""
    if state.stage == "over":
        raise RuleError("Winning the Game", f"the match is over ({state.result})")
    if isinstance(action, Place):
        return _place(state, action)
    if state.stage == "deployment":
        raise RuleError("Initial Deployment", "both players first deploy their opening cards")
    handler = _HANDLERS.get(type(action))
    if handler is None:
        raise RuleError("Rounds. Turns. Phases.", f"unknown action {action!r}")
    if not isinstance(action, Counterattack | Submerge | Advance):
        # A counterattack, Submerge or advance is taken at once or not at all.
        state = replace(state, pending=Pending())
    return handler(state, action)


def _side(state: MatchState, player: Player, **changes: object) -> dict[Player, Side]:
    sides = dict(state.sides)
    sides[player] = replace(sides[player], **changes)
    return sides


def _take_from_hand(side: Side, name: str, rule: str) -> tuple[Card, tuple[Card, ...]]:
    for index, card in enumerate(side.hand):
        if card.name == name:
            return card, side.hand[:index] + side.hand[index + 1 :]
    raise RuleError(rule, f"no card named {name!r} in the hand")


def _unit(state: MatchState, space: Space, owner: Player | None, rule: str) -> Unit:
    unit = state.units.get(space)
    if unit is None:
        raise RuleError(rule, f"no card on {space_text(space)}")
    if owner is not None and unit.owner != owner:
        raise RuleError(rule, f"the card on {space_text(space)} is not {owner}'s")
    return unit


# -- initial deployment ------
def _place(state: MatchState, action: Place) -> tuple[MatchState, Outcome]:
    rule = "Initial Deployment"
    if state.stage != "deployment":
        raise RuleError(rule, "initial deployment is over")
    forces = state.rules.forces
    counts = {player: len(state.placed[player]) for player in PLAYERS}
    second = opponent(state.first_player)
    turn = state.first_player if counts[state.first_player] == counts[second] else second
    if action.player != turn:
        raise RuleError(rule, f"players alternate, {state.first_player} first: {turn} places now")
    board = state.board
    space = action.space
    if space in state.units or space not in board.spaces:
        raise RuleError(rule, f"{space_text(space)} is not an empty battlefield space")
    number = counts[action.player] + 1
    window_start = forces.initial_deployment - forces.initial_neutral_window + 1
    neutral_so_far = sum(1 for s in state.placed[action.player] if s in board.neutral_line)
    if space in board.neutral_line:
        if number < window_start or neutral_so_far >= forces.initial_neutral_cards:
            raise RuleError(
                rule,
                f"only {forces.initial_neutral_cards} of the final {forces.initial_neutral_window}"
                " cards goes into the Neutral Line",
            )
    elif space not in board.domain(action.player):
        raise RuleError(rule, f"{space_text(space)} is not in {action.player}'s Domain")
    else:
        left = forces.initial_deployment - number
        if forces.initial_neutral_cards - neutral_so_far > left:
            raise RuleError(rule, "one of the final 3 cards must go into the Neutral Line")
    side = state.sides[action.player]
    card, hand = _take_from_hand(side, action.card, rule)
    units = dict(state.units)
    units[space] = Unit(card, action.player)
    placed = dict(state.placed)
    placed[action.player] = state.placed[action.player] + (space,)
    stage: Literal["deployment", "rounds"] = "deployment"
    if all(len(placed[p]) == forces.initial_deployment for p in PLAYERS):
        stage = "rounds"
    new = replace(
        state, sides=_side(state, action.player, hand=hand), units=units, placed=placed, stage=stage
    )
    steps = [f"{action.player} places {card.name} on {space_text(space)}"]
    if stage == "rounds":
        steps.append(f"initial deployment done: round 1 begins with {state.first_player}")
    return new, Outcome(steps)


# -- turns and phases ------
def _activate(state: MatchState, action: Activate) -> tuple[MatchState, Outcome]:
    rule = "Rounds. Turns. Phases."
    rnd = state.round
    if state.phase is not None:
        raise RuleError(rule, f"{state.phase.player}'s {state.phase.name} phase is still running")
    if action.player != rnd.to_act:
        raise RuleError(rule, f"it is {rnd.to_act}'s turn")
    if action.phase not in state.rules.rounds.phases:
        raise RuleError(rule, f"there is no {action.phase!r} Phase token")
    used = rnd.used[action.player]
    limit = state.rules.rounds.activations_per_player
    if action.phase in used:
        raise RuleError(rule, f"{action.player} already used the {action.phase} token this round")
    if action.phase == "initiative" and rnd.initiative is not None:
        raise RuleError(rule, f"{rnd.initiative} already took the Initiative token")
    steps = [f"{action.player} activates {action.phase}"]
    links = dict(rnd.links)
    if action.link:
        link_rule = "Linking Two Phases Together"
        if rnd.linked:
            raise RuleError(link_rule, "this activation already follows the Link")
        if links[action.player] >= state.rules.rounds.links_per_round:
            raise RuleError(link_rule, "the Link token is used once per round")
        if limit - len(used) < 2:
            raise RuleError(link_rule, "a Link needs two activations left")
        links[action.player] += 1
        steps.append("Link token: the next phase follows back-to-back")
    if action.phase == "assault":
        zone = state.board.assault_zone(opponent(action.player))
        if not any(s in state.units and state.units[s].owner == action.player for s in zone):
            raise RuleError(
                "Assault Phase", "you need at least 1 card in the opponent's Assault Zone"
            )
    new_round = replace(
        rnd,
        used={**rnd.used, action.player: used + (action.phase,)},
        links=links,
        linked=action.link,
        initiative=action.player if action.phase == "initiative" else rnd.initiative,
    )
    state = replace(
        state, round=new_round, phase=PhaseState(action.player, action.phase), pending=Pending()
    )
    if action.phase == "initiative":
        steps.append(f"{action.player} takes the Initiative token: first turn next round")
        state, more = _end_phase(state)
        steps += more
    return state, Outcome(steps)


def _phase(state: MatchState, player: Player, name: str, rule: str) -> PhaseState:
    phase = state.phase
    if phase is None or phase.player != player or phase.name != name:
        raise RuleError(rule, f"{player} has no {name} phase running")
    return phase


def _end_phase_action(state: MatchState, action: EndPhase) -> tuple[MatchState, Outcome]:
    if state.phase is None or state.phase.player != action.player:
        raise RuleError("Rounds. Turns. Phases.", f"{action.player} has no phase running")
    state, steps = _end_phase(state)
    return state, Outcome([f"{action.player} ends the phase", *steps])


def _end_phase(state: MatchState) -> tuple[MatchState, list[str]]:
    """Pass the turn (or keep it after a Link); end the round when both used all activations."""
    rnd = state.round
    assert state.phase is not None
    player = state.phase.player
    limit = state.rules.rounds.activations_per_player
    left = {p: limit - len(rnd.used[p]) for p in PLAYERS}
    state = replace(state, phase=None, pending=Pending())
    if rnd.linked:
        return replace(state, round=replace(rnd, linked=False)), [f"{player} goes on (Link)"]
    if left[opponent(player)] > 0:
        nxt = opponent(player)
    elif left[player] > 0:
        nxt = player
    else:
        return _end_round(state)
    return replace(state, round=replace(rnd, to_act=nxt)), [f"{nxt}'s turn"]


def _end_round(state: MatchState) -> tuple[MatchState, list[str]]:
    """End of Round: 7 VP wins; after the 4th cycle, most VP wins; else a new round."""
    rules = state.rules
    rnd = state.round
    vp = {p: state.sides[p].vp for p in PLAYERS}
    steps = [f"round {rnd.number} ends: red {vp['red']} VP, gold {vp['gold']} VP"]
    result: Literal["red", "gold", "draw"] | None = None
    reached = [p for p in PLAYERS if vp[p] >= rules.end.winning_vp]
    # VP never fall and counters never come back: once the end is reached it stays reached, so
    # with To the Bitter End! a tie is checked again at the end of every later round.
    cycled = all(state.sides[p].power.cycles_done >= rules.end.cycles_to_end for p in PLAYERS)
    if reached or cycled:
        if vp["red"] != vp["gold"]:
            result = "red" if vp["red"] > vp["gold"] else "gold"
        elif not state.bitter_end:
            result = "draw"
        else:
            steps.append("To the Bitter End!: tied, so the battle goes on")
    if result is not None:
        steps.append("the match is a draw" if result == "draw" else f"{result} wins")
        return replace(state, stage="over", result=result), steps
    starter = rnd.initiative or state.first_player
    steps.append(f"round {rnd.number + 1} begins with {starter}")
    return replace(state, round=_fresh_round(rnd.number + 1, starter)), steps


# -- deploy, move, reposition ------
def _retreat(state: MatchState, action: Retreat) -> tuple[MatchState, Outcome]:
    rule = "Deploy Phase"
    phase = _phase(state, action.player, "deploy", rule)
    if phase.deployed:
        raise RuleError(rule, "a retreat comes before any card is deployed")
    if phase.retreated >= state.rules.battlefield.retreats_per_deploy:
        raise RuleError(rule, "only 1 card may retreat")
    unit = _unit(state, action.space, action.player, rule)
    units = dict(state.units)
    del units[action.space]
    side = state.sides[action.player]
    new = replace(
        state,
        units=units,
        sides=_side(state, action.player, discard=side.discard + (unit.card,)),
        phase=replace(phase, retreated=phase.retreated + 1),
    )
    return new, Outcome([f"{unit.card.name} retreats to the discard pile (no On Discard)"])


def _deploy(state: MatchState, action: Deploy) -> tuple[MatchState, Outcome]:
    rule = "Deploy Phase"
    phase = _phase(state, action.player, "deploy", rule)
    limit = state.rules.battlefield.limit
    if state.on_battlefield(action.player) >= limit:
        raise RuleError(rule, f"the battlefield limit is {limit} cards")
    if action.space in state.units or action.space not in state.board.domain(action.player):
        raise RuleError(rule, f"{space_text(action.space)} is not an empty space in your Domain")
    card, hand = _take_from_hand(state.sides[action.player], action.card, rule)
    units = {**state.units, action.space: Unit(card, action.player)}
    new = replace(
        state,
        units=units,
        sides=_side(state, action.player, hand=hand),
        phase=replace(phase, deployed=phase.deployed + 1),
    )
    return new, Outcome([f"{card.name} deployed on {space_text(action.space)}"])


def _relocate(state: MatchState, start: Space, end: Space, phase: PhaseState) -> MatchState:
    units = dict(state.units)
    units[end] = units.pop(start)
    done = {end if s == start else s for s in phase.done} | {end}
    return replace(state, units=units, phase=replace(phase, done=frozenset(done)))


def _put(state: MatchState, start: Space, end: Space) -> MatchState:
    """A card changes space outside a move (a shift from an ability, an advance): what it has
    done this phase goes with it."""
    units = dict(state.units)
    units[end] = units.pop(start)
    phase = state.phase
    if phase is not None:
        phase = replace(
            phase,
            done=frozenset(end if s == start else s for s in phase.done),
            alt_done=frozenset(end if s == start else s for s in phase.alt_done),
        )
    return replace(state, units=units, phase=phase)


def _move(state: MatchState, action: Move) -> tuple[MatchState, Outcome]:
    rule = "Move Phase"
    phase = _phase(state, action.player, "move", rule)
    unit = _unit(state, action.start, action.player, rule)
    if action.start in phase.done:
        raise RuleError(rule, "once a card has moved, it cannot be moved again")
    targets = state.board.move_targets(
        action.start,
        state.occupants(),
        mover=action.player,
        radial=unit.card.radial,
        flying=unit.card.flying,
        spaces=state.rules.movement.move_spaces,
    )
    if action.end not in targets:
        raise RuleError(rule, f"{unit.card.name} cannot end a move on {space_text(action.end)}")
    new = _relocate(state, action.start, action.end, phase)
    return new, Outcome([f"{unit.card.name} moves to {space_text(action.end)}"])


def _shift(state: MatchState, action: Shift) -> tuple[MatchState, Outcome]:
    rule = "Reposition Phase"
    phase = _phase(state, action.player, "reposition", rule)
    unit = _unit(state, action.start, action.player, rule)
    if action.start in phase.done:
        raise RuleError(rule, "each card shifts one space only")
    if action.end not in state.board.shift_targets(action.start, state.units):
        raise RuleError(rule, f"{space_text(action.end)} is not an adjacent empty space")
    new = _relocate(state, action.start, action.end, phase)
    return new, Outcome([f"{unit.card.name} shifts to {space_text(action.end)}"])


# -- power draws and cycling ------
def _draw(
    state: MatchState,
    player: Player,
    source: PowerSource,
    cycles: Mapping[Player, CycleChoice],
    steps: list[str],
) -> tuple[MatchState, PowerCard]:
    deck, card = state.sides[player].power.draw_power(source)
    state = replace(state, sides=_side(state, player, power=deck))
    return _cycle_if_needed(state, player, cycles, steps), card


def _cycle_if_needed(
    state: MatchState, player: Player, cycles: Mapping[Player, CycleChoice], steps: list[str]
) -> MatchState:
    deck = state.sides[player].power
    if not deck.needs_cycle:
        return state
    choice = cycles.get(player)
    if choice is None and deck.counters_left:
        left = ", ".join(str(c) for c in deck.counters_left)
        raise RuleError("Cycling", f"{player} used all 9 power cards: choose a counter ({left})")
    counter = None if choice is None else choice.counter
    shuffle: random.Random | tuple[PowerCard, ...]
    if choice is not None and choice.revealed:
        shuffle = choice.revealed
    else:
        shuffle = random.Random(f"{state.seed}:{state.shuffles}")
    deck = deck.cycle(counter, shuffle)
    what = f"sets aside counter {counter}" if counter is not None else "has no counter: resets"
    steps.append(f"{player} {what}; reserve now {', '.join(card_text(c) for c in deck.reserve)}")
    return replace(state, sides=_side(state, player, power=deck), shuffles=state.shuffles + 1)


# -- attacks ------
def _attack(state: MatchState, action: Attack) -> tuple[MatchState, Outcome]:
    rule = "Attack Phase"
    if action.kind == AttackKind.COUNTERATTACK:
        raise RuleError(rule, "a counterattack follows a block: use Counterattack")
    extra = action.kind != AttackKind.ATTACK
    if extra:
        # Alt Attacks and Free Strikes come from abilities, at the time the card says.
        phase = state.phase
        if phase is None or phase.player != action.player:
            raise RuleError(action.kind.title(), "an ability's attack comes in your own phase")
    else:
        phase = _phase(state, action.player, "attack", rule)
    board = state.board
    attacker = _unit(state, action.attacker, action.player, rule)
    target = _unit(state, action.target, opponent(action.player), rule)
    steps: list[str] = []
    if action.kind == AttackKind.ALT_ATTACK:
        if Keyword.ALT_ATTACK not in attacker.card.keywords:
            raise RuleError("Alt Attack", f"{attacker.card.name} has no Alt Attack")
        if action.attacker in phase.alt_done:
            raise RuleError("Alt Attack", "the Alt Attack is already used this phase")
    elif not extra and action.attacker in phase.done:
        raise RuleError(rule, "cards have only one attack per phase")
    if extra and action.coordinating:
        raise RuleError("Coordinated Attacks", "cards coordinate in the attack phase")
    if len(set(action.coordinating)) != len(action.coordinating):
        raise RuleError("Coordinated Attacks", "a card is named twice")
    helpers = []
    for space in action.coordinating:
        helper = _unit(state, space, action.player, "Coordinated Attacks")
        if space == action.attacker or space in phase.done:
            raise RuleError(
                "Coordinated Attacks", f"the card on {space_text(space)} has used its attack"
            )
        helpers.append((space, helper))

    start = action.attacker
    if action.lunge_to is not None:
        if Keyword.LUNGE not in attacker.card.keywords:
            raise RuleError("Lunge", f"{attacker.card.name} has no Lunge")
        if action.lunge_to not in board.shift_targets(start, state.units):
            raise RuleError("Lunge", f"cannot shift to {space_text(action.lunge_to)}")
        state = _put(state, start, action.lunge_to)
        start = action.lunge_to
        steps.append(f"Lunge: {attacker.card.name} shifts to {space_text(start)}")
    elif action.lunge_power is not None:
        raise RuleError("Lunge", "only a card that lunged (shifted) draws a second card")

    for space, unit in [(start, attacker), *helpers]:
        if not board.in_range(space, action.target, radial=unit.card.radial):
            raise RuleError(rule, f"{unit.card.name} does not have the target within its range")

    state, power = _draw(state, action.player, action.power, action.cycles, steps)
    lunge_card = None
    if action.lunge_power is not None:
        state, lunge_card = _draw(state, action.player, action.lunge_power, action.cycles, steps)
    defense_card = None
    if action.defense_power is not None:
        state, defense_card = _draw(state, target.owner, action.defense_power, action.cycles, steps)
    helper_keywords: frozenset[Keyword] = frozenset()
    for _, helper in helpers:
        helper_keywords |= helper.card.keywords
    outcome = resolve_attack(
        strength=attacker.card.strength,
        power=power,
        lunge_power=lunge_card,
        defense=target.card.defence,
        defense_power=defense_card,
        coordinating=len(helpers),
        attacker_weakened=attacker.weakened,
        defender_weakened=target.weakened,
        kind=action.kind,
        abilities=attacker.card.keywords,
        coordinating_abilities=helper_keywords,
        defender_abilities=target.card.keywords,
        defender_is_hero=target.card.kind == "hero",
        during_opponents_attack_phase=phase.name == "attack",
        rules=state.rules,
    )
    steps += outcome.steps
    assert state.phase is not None
    done, alt_done = state.phase.done, state.phase.alt_done
    if action.kind == AttackKind.ATTACK:
        done = done | {start, *(s for s, _ in helpers)}
    elif action.kind == AttackKind.ALT_ATTACK:
        alt_done = alt_done | {start}
    state = replace(state, phase=replace(state.phase, done=done, alt_done=alt_done))

    if outcome.wound:
        state, more = _wound(state, start, action.target, action.knockback_to, outcome.knockback)
        return state, Outcome(steps + more)
    if action.knockback_to is not None:
        raise RuleError("Knockback", "knockback follows a wound")
    if action.evasive_to is not None:
        if not outcome.evasive_shift:
            raise RuleError("Evasive", "only a blocked Evasive card may shift")
        if action.evasive_to not in board.shift_targets(start, state.units):
            raise RuleError("Evasive", f"cannot shift to {space_text(action.evasive_to)}")
        state = _put(state, start, action.evasive_to)
        steps.append(f"Evasive: shifts to {space_text(action.evasive_to)}; no counterattack")
        return state, Outcome(steps)
    if outcome.counterattack:
        pending = Pending(counter_from=action.target, counter_to=start, submerge=outcome.submerge)
        state = replace(state, pending=pending)
    return state, Outcome(steps)


def _wound(
    state: MatchState,
    by: Space,
    target_space: Space,
    knockback_to: Space | None,
    knockback: bool,
) -> tuple[MatchState, list[str]]:
    """Place a wound (after a Knockback shift); a defeat may open an advance."""
    steps: list[str] = []
    if knockback_to is not None:
        if not knockback:
            raise RuleError("Knockback", "no knockback: not a Knockback card, or a Hero enemy")
        if knockback_to not in state.board.shift_targets(target_space, state.units):
            raise RuleError("Knockback", f"cannot shift the enemy to {space_text(knockback_to)}")
        units = dict(state.units)
        units[knockback_to] = units.pop(target_space)
        state = replace(state, units=units)
        steps.append(f"Knockback: the enemy shifts to {space_text(knockback_to)}")
        target_space = knockback_to
    target = state.units[target_space]
    wound = apply_wound(target.wounds, abilities=target.card.keywords, rules=state.rules)
    steps += wound.steps
    units = dict(state.units)
    if not wound.defeated:
        units[target_space] = replace(target, wounds=wound.wounds)
        return replace(state, units=units), steps
    del units[target_space]
    side = state.sides[target.owner]
    state = replace(
        state,
        units=units,
        sides=_side(state, target.owner, discard=side.discard + (target.card,)),
    )
    if state.board.adjacent(by, target_space):
        state = replace(state, pending=Pending(advance_from=by, advance_to=target_space))
        steps.append("the attacker may advance into the space (a shift)")
    return state, steps


def _counterattack(state: MatchState, action: Counterattack) -> tuple[MatchState, Outcome]:
    rule = "Counterattack"
    pending = state.pending
    if pending.counter_from is None or pending.counter_to is None:
        raise RuleError(rule, "a counterattack needs a block just before it")
    blocker = _unit(state, pending.counter_from, action.player, rule)
    attacker = state.units[pending.counter_to]
    steps: list[str] = [f"{blocker.card.name} counterattacks {attacker.card.name}"]
    state = replace(state, pending=Pending())
    state, power = _draw(state, action.player, action.power, action.cycles, steps)
    defense_card = None
    if action.defense_power is not None:
        state, defense_card = _draw(
            state, attacker.owner, action.defense_power, action.cycles, steps
        )
    outcome = resolve_attack(
        strength=blocker.card.strength,
        power=power,
        defense=attacker.card.defence,
        defense_power=defense_card,
        attacker_weakened=blocker.weakened,
        defender_weakened=attacker.weakened,
        kind=AttackKind.COUNTERATTACK,
        abilities=blocker.card.keywords,
        defender_abilities=attacker.card.keywords,
        defender_is_hero=attacker.card.kind == "hero",
        rules=state.rules,
    )
    steps += outcome.steps
    if outcome.wound:
        state, more = _wound(state, pending.counter_from, pending.counter_to, None, False)
        steps += more
    return state, Outcome(steps)


def _submerge(state: MatchState, action: Submerge) -> tuple[MatchState, Outcome]:
    rule = "Submerge"
    pending = state.pending
    if not pending.submerge or pending.counter_from is None:
        raise RuleError(
            rule, "Submerge replaces a counterattack after a block in your opponent's attack phase"
        )
    unit = _unit(state, pending.counter_from, action.player, rule)
    board = state.board
    if (
        action.to in state.units
        or action.to not in board.spaces
        or not board.in_range(pending.counter_from, action.to, radial=unit.card.radial)
    ):
        raise RuleError(rule, f"{space_text(action.to)} is not an open space within range")
    state = replace(_put(state, pending.counter_from, action.to), pending=Pending())
    return state, Outcome([f"Submerge: {unit.card.name} goes to {space_text(action.to)}"])


def _advance(state: MatchState, action: Advance) -> tuple[MatchState, Outcome]:
    rule = "Advancing"
    pending = state.pending
    if pending.advance_from != action.start or pending.advance_to is None:
        raise RuleError(rule, "only the card that just defeated an adjacent enemy may advance")
    unit = _unit(state, action.start, action.player, rule)
    state = replace(_put(state, action.start, pending.advance_to), pending=Pending())
    return state, Outcome([f"{unit.card.name} advances to {space_text(pending.advance_to)}"])


# -- assault, charge, reserve ------
def _assault(state: MatchState, action: Assault) -> tuple[MatchState, Outcome]:
    rule = "Assault Phase"
    _phase(state, action.player, "assault", rule)
    board = state.board
    player = action.player
    mine = {s for s, u in state.units.items() if u.owner == player}
    zone = board.assault_zone(opponent(player))
    in_zone = len(mine & zone)
    fortified = len(mine & board.fortified(opponent(player)))
    barrage = sum(
        1 for s in mine & board.neutral_line if Keyword.BARRAGE in state.units[s].card.keywords
    )
    side = state.sides[player]
    if action.surge and not side.surge:
        raise RuleError("Surge token", f"{player} does not hold the Surge token")
    if len(action.powers) != state.rules.assault.power_draws:
        raise RuleError(rule, f"an assault draws {state.rules.assault.power_draws} power cards")
    steps: list[str] = []
    cards = []
    for source in action.powers:
        state, card = _draw(state, player, source, action.cycles, steps)
        cards.append(card)
    outcome = resolve_assault(
        in_zone=in_zone,
        fortified=fortified,
        barrage=barrage,
        powers=cards,
        surge=action.surge,
        rules=state.rules,
    )
    steps += outcome.steps
    side = state.sides[player]
    surge = (side.surge and not action.surge) or outcome.takes_surge
    state = replace(state, sides=_side(state, player, vp=side.vp + outcome.vp, surge=surge))
    state, more = _end_phase(state)
    return state, Outcome(steps + more)


def _charge(state: MatchState, action: Charge) -> tuple[MatchState, Outcome]:
    rule = "Charge Phase"
    _phase(state, action.player, "charge", rule)
    side = state.sides[action.player]
    stronghold = state.rules.stronghold
    if action.remove_weaken_at is None:
        charge = min(stronghold.charge_limit, side.charge + stronghold.charge_gain)
        state = replace(state, sides=_side(state, action.player, charge=charge))
        steps = [f"Stronghold charge {side.charge} -> {charge} (at most {stronghold.charge_limit})"]
    else:
        unit = _unit(state, action.remove_weaken_at, action.player, rule)
        if not unit.weakened:
            raise RuleError(rule, f"{unit.card.name} is not weakened")
        units = {**state.units, action.remove_weaken_at: replace(unit, weakened=False)}
        state = replace(state, units=units)
        steps = [f"Weaken token removed from {unit.card.name}"]
    state, more = _end_phase(state)
    return state, Outcome(steps + more)


def _reserve(state: MatchState, action: ReservePower) -> tuple[MatchState, Outcome]:
    rule = "Reserve Phase"
    _phase(state, action.player, "reserve", rule)
    deck = state.sides[action.player].power.reserve_power(
        discard=action.discard, revealed=action.revealed
    )
    state = replace(state, sides=_side(state, action.player, power=deck))
    steps = [f"reserve board: {', '.join(card_text(c) for c in deck.reserve)}"]
    state, more = _end_phase(state)
    return state, Outcome(steps + more)


# -- ability effects ------
def _weaken(state: MatchState, action: Weaken) -> tuple[MatchState, Outcome]:
    unit = _unit(state, action.space, None, "Weakened")
    if unit.weakened:
        raise RuleError("Weakened", "weakens cannot be stacked")
    units = {**state.units, action.space: replace(unit, weakened=True)}
    return replace(state, units=units), Outcome([f"{unit.card.name} is weakened (-1/-1)"])


def _sacrifice(state: MatchState, action: Sacrifice) -> tuple[MatchState, Outcome]:
    unit = _unit(state, action.space, action.player, "Sacrifice")
    units = dict(state.units)
    del units[action.space]
    side = state.sides[action.player]
    state = replace(
        state, units=units, sides=_side(state, action.player, discard=side.discard + (unit.card,))
    )
    return state, Outcome([f"{unit.card.name} is sacrificed (On Discard ignored)"])


def _spend_charge(state: MatchState, action: SpendCharge) -> tuple[MatchState, Outcome]:
    rule = "Activated Abilities"
    side = state.sides[action.player]
    if action.amount < 1:
        raise RuleError(rule, f"a cost is 1 Charge or more, got {action.amount}")
    if side.charge < action.amount:
        raise RuleError(
            rule, f"the Stronghold holds {side.charge} Charge, the cost is {action.amount}"
        )
    charge = side.charge - action.amount
    state = replace(state, sides=_side(state, action.player, charge=charge))
    return state, Outcome([f"{action.player} spends {action.amount} Charge: {charge} left"])


def _power_duel(state: MatchState, action: PowerDuel) -> tuple[MatchState, Outcome]:
    steps: list[str] = []
    state, mine = _draw(state, action.player, action.power, action.cycles, steps)
    theirs = None
    if action.opponent_power is not None:
        other = opponent(action.player)
        state, theirs = _draw(state, other, action.opponent_power, action.cycles, steps)
    outcome = power_duel(mine, theirs, rules=state.rules)
    winner = action.player if outcome.winner == "initiator" else opponent(action.player)
    return state, Outcome([*steps, *outcome.steps, f"{winner} wins the power duel"])


_HANDLERS = {
    Activate: _activate,
    EndPhase: _end_phase_action,
    Retreat: _retreat,
    Deploy: _deploy,
    Move: _move,
    Shift: _shift,
    Attack: _attack,
    Counterattack: _counterattack,
    Submerge: _submerge,
    Advance: _advance,
    Assault: _assault,
    Charge: _charge,
    ReservePower: _reserve,
    Weaken: _weaken,
    Sacrifice: _sacrifice,
    SpendCharge: _spend_charge,
    PowerDuel: _power_duel,
}
