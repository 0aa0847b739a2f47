"""A Dominum match's state as frozen values ("Game Components"), and the steps every rule takes on
it: a card taken from the hand, a card changing space, a power draw that may cycle the deck.

Nothing here is mutated: every change is a new value (`dataclasses.replace`). The rules that
change a state live in the modules named for the rule book's chapters (turns.py, phases.py,
combat.py, abilities.py); match.py is their one door.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Literal

from toolkit.errors import RuleError
from toolkit.games.dominum.board import Board, Player, Space, space_text
from toolkit.games.dominum.config import DominumRules
from toolkit.games.dominum.effects import Ability, Role
from toolkit.games.dominum.power import PowerCard, PowerDeck, PowerSource, card_text
from toolkit.games.dominum.rules import Keyword, Winner

Kind = Literal["hero", "elite", "warrior"]
Stage = Literal["deployment", "rounds", "over"]
Result = Winner
SAME_AS_STRENGTH = -1
"""A card's `defense` when its data gives none: it defends with its Strength (RULINGS)."""


# -- cards and pieces ------------------------------------------------------------------------
@dataclass(frozen=True)
class Card:
    """A Domain card: "Card Anatomy" (type, attack strength, range, fly icon, abilities).

    `defense` is the strength it defends with: its Strength, unless its data gives a separate
    defense (RULINGS.md). Left out, it is the Strength. `abilities` are its effects cell's
    (effects.py); `keywords` the rule book's keywords and triggers among them."""

    name: str
    strength: int
    kind: Kind = "warrior"
    radial: bool = False
    flying: bool = False
    abilities: tuple[Ability, ...] = ()
    defense: int = SAME_AS_STRENGTH

    def __post_init__(self) -> None:
        if self.defense == SAME_AS_STRENGTH:
            object.__setattr__(self, "defense", self.strength)

    @property
    def keywords(self) -> frozenset[Keyword]:
        """Its keyword abilities, and the conditions and triggers it has (by the rule book's
        names: Protector, 1st wound, ...)."""
        names = {kw.value for kw in Keyword}
        found = set()
        for ability in self.abilities:
            if ability.head is not None and ability.role != Role.TIMING:
                name = ability.head.word.lower()
                if name in names:
                    found.add(Keyword(name))
        return frozenset(found)


@dataclass(frozen=True)
class Tile:
    """The Stronghold tile a player chose: its name and its abilities."""

    name: str
    abilities: tuple[Ability, ...] = ()


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
    stronghold: Tile = Tile("Stronghold")


@dataclass(frozen=True)
class CycleChoice:
    """Cycling: the cycle counter set aside, and optionally the card(s) the table turned up
    after the shuffle (otherwise the match's seeded generator shuffles)."""

    counter: int | None
    revealed: tuple[PowerCard, ...] = ()


Cycles = Mapping[Player, CycleChoice]


# -- turns, phases and what may follow an attack ----------------------------------------------
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
    used: frozenset[Space] = frozenset()  # cards that used an activated ability this phase
    retreated: int = 0
    deployed: int = 0


@dataclass(frozen=True)
class Pending:
    """What may follow at once, or not at all: after a block a counterattack or Submerge, after a
    defeat an advance; after a deploy the card's On Deploy ability (`deployed`; a free strike it
    gives: `strike_from`, `strike_lunge`); after an enemy entered an assault zone, the zone
    owner's ability that it triggers (`entered`)."""

    counter_from: Space | None = None
    counter_to: Space | None = None
    submerge: bool = False
    advance_from: Space | None = None
    advance_to: Space | None = None
    deployed: Space | None = None
    strike_from: Space | None = None
    strike_lunge: bool = False
    entered: Space | None = None
    discard_by: Player | None = None
    discard_from: tuple[Space, ...] = ()
    """An On Discard's "weaken one adjacent enemy" whose enemy was not named: its player names
    it next (a weaken), before anything else (the effect is mandatory)."""


@dataclass(frozen=True)
class Choice:
    """A choice the rules leave to a player that the action did not make: the action's field
    that names it, the question, and the answers as (value, label). The tracker asks it."""

    field: str
    question: str
    options: tuple[tuple[str, str], ...]

    def to_json(self) -> dict[str, object]:
        return {
            "field": self.field,
            "question": self.question,
            "options": [{"value": value, "label": label} for value, label in self.options],
        }


@dataclass(frozen=True)
class Outcome:
    """What an action did, as lines a player can follow by hand, and the choices it left open;
    `summary`, when given, says the result in words (a light match's attack: "a wound")."""

    steps: list[str]
    choices: list[Choice] = field(default_factory=list)
    summary: str | None = None


@dataclass(frozen=True)
class MatchState:
    rules: DominumRules
    first_player: Player
    sides: Mapping[Player, Side]
    units: Mapping[Space, Unit]
    round: RoundState
    stage: Stage = "deployment"
    placed: Mapping[Player, tuple[Space, ...]] = field(default_factory=dict)
    phase: PhaseState | None = None
    pending: Pending = Pending()
    bitter_end: bool = False
    result: Result | None = None
    seed: int = 0
    shuffles: int = 0
    card_effects: bool = True
    """The engine applies the cards' and Strongholds' effects (every match set up since they are
    data). False: a match recorded before, replayed as the engine then played it: the table
    applied the abilities by hand (Weaken, Sacrifice, Spend Charge), any card could make a free
    strike, an Alt Attack came in any phase, and only the keywords counted."""
    stronghold_used: Mapping[Player, int] = field(default_factory=dict)
    """How often each player's Stronghold ability was used this turn."""
    neutral_extra: Mapping[Player, int] = field(default_factory=dict)
    """Initial Deployment: cards a player put into the Neutral Line by an ability (paid), beside
    the one the rules put there."""

    @property
    def board(self) -> Board:
        return Board(self.rules.board)

    def occupants(self) -> dict[Space, Player]:
        return {space: unit.owner for space, unit in self.units.items()}

    def on_battlefield(self, player: Player) -> int:
        return sum(1 for unit in self.units.values() if unit.owner == player)

    def spaces_of(self, player: Player) -> frozenset[Space]:
        return frozenset(space for space, unit in self.units.items() if unit.owner == player)


# -- the steps the rules share ------------------------------------------------------------------
def with_side(state: MatchState, player: Player, side: Side) -> MatchState:
    return replace(state, sides={**state.sides, player: side})


def with_unit(state: MatchState, space: Space, unit: Unit | None) -> MatchState:
    """The battlefield with `unit` on `space` (None: the space emptied)."""
    units = dict(state.units)
    if unit is None:
        del units[space]
    else:
        units[space] = unit
    return replace(state, units=units)


def discard(state: MatchState, space: Space) -> tuple[MatchState, Unit]:
    """The card on `space` leaves the battlefield for its owner's discard pile."""
    unit = state.units[space]
    state = with_unit(state, space, None)
    side = state.sides[unit.owner]
    return with_side(state, unit.owner, replace(side, discard=side.discard + (unit.card,))), unit


def take_from_hand(side: Side, name: str, rule: str) -> tuple[Card, tuple[Card, ...]]:
    for index, card in enumerate(side.hand):
        if card.name == name:
            return card, side.hand[:index] + side.hand[index + 1 :]
    raise RuleError(rule, f"no card named {name!r} in the hand")


def unit_at(state: MatchState, space: Space, owner: Player | None, rule: str) -> Unit:
    unit = state.units.get(space)
    if unit is None:
        raise RuleError(rule, f"no card on {space_text(space)}")
    if owner is not None and unit.owner != owner:
        raise RuleError(rule, f"the card on {space_text(space)} is not {owner}'s")
    return unit


def running_phase(state: MatchState, player: Player, name: str, rule: str) -> PhaseState:
    phase = state.phase
    if phase is None or phase.player != player or phase.name != name:
        raise RuleError(rule, f"{player} has no {name} phase running")
    return phase


def put(state: MatchState, start: Space, end: Space) -> MatchState:
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
            used=frozenset(end if s == start else s for s in phase.used),
        )
    return replace(state, units=units, phase=phase)


# -- "Draw Power" and "Cycling" ----------------------------------------------------------------
def draw(
    state: MatchState, player: Player, source: PowerSource, cycles: Cycles, steps: list[str]
) -> tuple[MatchState, PowerCard]:
    """Draw Power from where the player chose; a draw that uses the last card cycles the deck
    with the counter the player named in `cycles`."""
    side = state.sides[player]
    deck, card, shuffles = draw_from(
        side.power, player, source, cycles, seed=state.seed, shuffles=state.shuffles, steps=steps
    )
    state = with_side(state, player, replace(side, power=deck))
    return replace(state, shuffles=shuffles), card


def draw_from(
    power: PowerDeck,
    player: Player,
    source: PowerSource,
    cycles: Cycles,
    *,
    seed: int,
    shuffles: int,
    steps: list[str],
) -> tuple[PowerDeck, PowerCard, int]:
    """`draw` on one player's Power Deck: the deck after the draw (cycled when it used the last
    card), the card, and the match's shuffles so far (a cycle's shuffle counts one)."""
    deck, card = power.draw_power(source)
    if not deck.needs_cycle:
        return deck, card, shuffles
    choice = cycles.get(player)
    if choice is None and deck.counters_left:
        left = ", ".join(str(c) for c in deck.counters_left)
        used = f"{player} used all {deck.size} power cards"
        raise RuleError("Cycling", f"{used}: choose a counter ({left})")
    counter = None if choice is None else choice.counter
    shuffle: random.Random | tuple[PowerCard, ...]
    if choice is not None and choice.revealed:
        shuffle = choice.revealed
    else:
        shuffle = seeded(seed, shuffles)
    deck = deck.cycle(counter, shuffle)
    what = f"sets aside counter {counter}" if counter is not None else "has no counter: resets"
    steps.append(f"{player} {what}; reserve now {', '.join(card_text(c) for c in deck.reserve)}")
    return deck, card, shuffles + 1


def seeded(seed: int, shuffles: int) -> random.Random:
    """A shuffle the table did not reveal: from the match's seed and the shuffles so far, so a
    replay of the log shuffles alike."""
    return random.Random(f"{seed}:{shuffles}")
