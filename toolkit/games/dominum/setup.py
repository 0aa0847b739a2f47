"""Let's Play Dominum: "Select Your Domain and Forces" and "Determine the First Player" (the
opening Power Deck reset), up to the match's first state (rules/dominum.txt)."""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from toolkit.errors import DomekitError, RuleError
from toolkit.games.dominum.actions.forms import read_player, read_power_card
from toolkit.games.dominum.board import PLAYERS, Player
from toolkit.games.dominum.config import DominumRules
from toolkit.games.dominum.data import DomainCard, DominumData
from toolkit.games.dominum.power import PowerCard, PowerDeck, card_json, check_power
from toolkit.games.dominum.rules import FirstPlayerOutcome, first_player_chooser
from toolkit.games.dominum.state import (
    SAME_AS_STRENGTH,
    Card,
    Kind,
    MatchState,
    Side,
    Tile,
    seeded,
)
from toolkit.games.dominum.turns import fresh_round
from toolkit.parsing import whole_number

RULE_SETUP = "Select Your Domain and Forces"
RULE_FIRST = "Determine the First Player"
KINDS: tuple[Kind, ...] = ("hero", "elite", "warrior")


def needed(rules: DominumRules) -> dict[Kind, int]:
    """Build your forces: how many cards of each type (1 Hero, 4 Elite, 7 Warrior cards)."""
    return {"hero": rules.forces.hero, "elite": rules.forces.elite, "warrior": rules.forces.warrior}


# -- Select Your Domain and Forces -----------------------------------------------------------------
def card_of(data: DominumData, row: DomainCard) -> Card:
    """A Domain card of the data as the match plays it, with its abilities."""
    return Card(
        name=row.name,
        strength=row.strength,
        kind=row.type,
        radial=row.range == "radial",
        flying=row.fly,
        abilities=data.abilities[row],
        defense=SAME_AS_STRENGTH if row.defense is None else row.defense,
    )


def tile_of(data: DominumData, domain: str, name: str | None) -> Tile:
    """The Stronghold tile a player chose (None: the Domain's first), with its abilities."""
    tiles = data.domain_strongholds(domain)
    if name is None:
        tile = tiles[0]
    else:
        found = data.stronghold(name)
        if found is None or found.domain != domain:
            names = ", ".join(t.name for t in tiles)
            raise RuleError(RULE_SETUP, f"{name!r} is not a Stronghold of the {domain} ({names})")
        tile = found
    return Tile(tile.name, data.abilities[tile])


def default_forces(data: DominumData, domain: str) -> list[str]:
    """The first hero, elites and warriors of a domain, in domains.csv order, copies counted."""
    need = needed(data.rules)
    picked: list[str] = []
    for kind in KINDS:
        for row in data.domain_cards(domain):
            for _copy in range(row.qty):
                if row.type == kind and need[kind] > 0:
                    picked.append(row.name)
                    need[kind] -= 1
    return picked


def checked_forces(data: DominumData, domain: str, cards: Sequence[str]) -> list[str]:
    """The twelve cards a player brings, as domains.csv names them (none named: the Domain's
    first ones); RuleError when they are not one Domain's cards of the types the rules need."""
    if domain not in data.domains:
        raise DomekitError(f"no domain {domain!r}; the domains are {', '.join(data.domains)}")
    names = list(cards) or default_forces(data, domain)
    available = {row.name: row for row in data.domain_cards(domain)}
    rows: list[DomainCard] = []
    for name in names:
        row = available.get(name) or next(
            (r for r in available.values() if r.name.casefold() == name.casefold()), None
        )
        if row is None:
            raise RuleError(RULE_SETUP, f"{name!r} is not a card of the {domain}")
        if names.count(name) > row.qty:
            raise RuleError(RULE_SETUP, f"the {domain} have {row.qty} {row.name}")
        rows.append(_card(data, name))
    for kind, need in needed(data.rules).items():
        have = sum(1 for row in rows if row.type == kind)
        if have != need:
            raise RuleError(RULE_SETUP, f"the forces hold {have} {kind} card(s); they need {need}")
    return [row.name for row in rows]


def _card(data: DominumData, name: str) -> DomainCard:
    row = data.card(name)
    if row is None:
        raise DomekitError(f"no card {name!r} in domains.csv")
    return row


def hands(data: DominumData, forces: Mapping[Player, Sequence[str]]) -> dict[Player, list[Card]]:
    return {p: [card_of(data, _card(data, name)) for name in forces[p]] for p in PLAYERS}


# -- Determine the First Player --------------------------------------------------------------------
@dataclass(frozen=True)
class Setup:
    """What the table settled before the first card is placed."""

    forces: Mapping[Player, tuple[str, ...]]  # the twelve cards each player brings, by name
    reserves: Mapping[Player, tuple[PowerCard, ...]]  # the cards the opening reset turned up
    first_player: Player
    seed: int
    bitter_end: bool

    def to_json(self) -> dict[str, Any]:
        return {
            "forces": {p: list(self.forces[p]) for p in self.forces},
            "reserves": {p: [card_json(c) for c in self.reserves[p]] for p in self.reserves},
            "first_player": self.first_player,
            "seed": self.seed,
            "bitter_end": self.bitter_end,
        }

    @classmethod
    def from_json(cls, value: Mapping[str, Any]) -> Setup:
        return cls(
            forces={p: tuple(str(n) for n in value["forces"][p]) for p in PLAYERS},
            reserves={
                p: tuple(read_power_card(c, f"setup.reserves.{p}") for c in value["reserves"][p])
                for p in PLAYERS
            },
            first_player=read_player(value["first_player"]),
            seed=whole_number(value["seed"], "seed"),
            bitter_end=bool(value["bitter_end"]),
        )


def first_player(
    reserves: Mapping[Player, Sequence[PowerCard]],
    *,
    coin: Player | None,
    rules: DominumRules,
) -> FirstPlayerOutcome:
    """Rules 1st Player: who decides who is 1st Player, the higher reset total (a tie, the coin
    flip). RuleError when a reset did not turn up its cards."""
    for player in PLAYERS:
        for card in reserves[player]:
            check_power(card, rules=rules)
    for player in PLAYERS:
        if len(reserves[player]) != rules.power_deck.reset_to_reserve:
            raise RuleError(
                RULE_FIRST,
                f"{player} turns up {rules.power_deck.reset_to_reserve} reserve cards "
                f"(got {len(reserves[player])})",
            )
    return first_player_chooser(reserves["red"], reserves["gold"], coin=coin or "red", rules=rules)


def new_match(
    rules: DominumRules,
    *,
    first_player: Player,
    hands: Mapping[Player, Iterable[Card]],
    seed: int = 0,
    reserves: Mapping[Player, tuple[PowerCard, ...]] | None = None,
    bitter_end: bool | None = None,
    strongholds: Mapping[Player, Tile] | None = None,
    card_effects: bool = True,
) -> MatchState:
    """A match after "Determine the First Player": decks reset (to the cards the table turned
    up, else shuffled from the seed), Strongholds charged, the initial deployment to come.
    `card_effects` False: a match recorded before the cards' effects were data (state.py)."""
    sides = {}
    shuffles = 0
    for player in PLAYERS:
        hand = tuple(hands[player])
        for kind, need in needed(rules).items():
            have = sum(1 for card in hand if card.kind == kind)
            if have != need:
                raise RuleError(
                    "Build your forces", f"{player} brings {have} {kind} card(s); it needs {need}"
                )
        shuffle: random.Random | tuple[PowerCard, ...]
        if reserves and player in reserves:
            shuffle = reserves[player]
        else:
            shuffle = seeded(seed, shuffles)
        shuffles += 1
        deck = PowerDeck.dealt(rules, shuffle)
        tile = strongholds[player] if strongholds else Tile("Stronghold")
        charge = rules.stronghold.starting_charge
        sides[player] = Side(hand=hand, power=deck, charge=charge, stronghold=tile)
    return MatchState(
        rules=rules,
        first_player=first_player,
        sides=sides,
        units={},
        round=fresh_round(1, first_player),
        placed={player: () for player in PLAYERS},
        bitter_end=rules.end.to_the_bitter_end if bitter_end is None else bitter_end,
        seed=seed,
        shuffles=shuffles,
        card_effects=card_effects,
    )
