"""The set-up's actions ("Let's Play Dominum"): a player's Domain and forces, and the begin of
the match once the Power Decks are reset."""

from __future__ import annotations

import secrets
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any, Self

from toolkit.errors import DomekitError
from toolkit.games.dominum.actions.forms import (
    Action,
    Words,
    read_flag,
    read_name,
    read_player,
    read_power_card,
    split_cards,
)
from toolkit.games.dominum.board import PLAYERS, Player
from toolkit.games.dominum.power import PowerCard, card_json
from toolkit.parsing import Json, whole_number


@dataclass(frozen=True)
class Forces(Action):
    """Select Your Domain and Forces: a player's Domain, its Stronghold tile (none: the Domain's
    first) and the twelve cards brought (none: the Domain's first hero, elites and warriors).
    `red forces Elves (Moonwell): Shadowblade; Thornweaver`."""

    kind = "forces"
    VERBS = ("forces",)
    player: Player
    domain: str
    cards: tuple[str, ...] = ()
    stronghold: str | None = None

    def members(self) -> Json:
        members: Json = {"player": self.player, "domain": self.domain, "cards": list(self.cards)}
        if self.stronghold is not None:  # a member only when named: old logs read back alike
            members["stronghold"] = self.stronghold
        return members

    def text(self) -> str:
        cards = f": {'; '.join(self.cards)}" if self.cards else ""
        tile = f" ({self.stronghold})" if self.stronghold else ""
        return f"{self.player} forces {self.domain}{tile}{cards}"

    @classmethod
    def read(cls, fields: Mapping[str, Any]) -> Self:
        cards = fields.get("cards") or []
        if isinstance(cards, str):
            cards = cards.replace("\n", ";").split(";")
        if not isinstance(cards, list | tuple) or not all(isinstance(c, str) for c in cards):
            raise DomekitError("cards: the names of the cards brought, separated by ;")
        domain = read_name(fields.get("domain"))
        if not domain:
            raise DomekitError("name the domain")
        names = tuple(read_name(c) for c in cards if c.strip())
        tile = read_name(fields.get("stronghold")) or None
        return cls(read_player(fields.get("player")), domain, names, tile)

    @classmethod
    def text_fields(cls, verb: str, words: Words) -> Json:
        domain, _, cards = words.rest().partition(":")
        domain, _, tile = domain.partition("(")
        return {"domain": domain, "cards": cards, "stronghold": tile.rstrip().removesuffix(")")}


@dataclass(frozen=True)
class Begin(Action):
    """Determine the First Player: the two cards each Power Deck reset turned up, who is 1st
    Player (the higher total decides; `coin` on a tie), To the Bitter End!, and the seed of the
    shuffles the table does not reveal.
    `begin red first reserves red 3,4 gold 1,2 [coin gold] [bitter end] seed 7`."""

    kind = "begin"
    VERBS = ("begin",)
    NAMES_PLAYER = False
    reserves: Mapping[Player, tuple[PowerCard, ...]]
    first_player: Player | None
    seed: int
    coin: Player | None = None
    bitter_end: bool = False

    def members(self) -> Json:
        return {
            "reserves": {p: [card_json(c) for c in self.reserves[p]] for p in self.reserves},
            "first_player": self.first_player,
            "coin": self.coin,
            "bitter_end": self.bitter_end,
            "seed": self.seed,
        }

    def text(self) -> str:
        first = f" {self.first_player} first" if self.first_player else ""
        reserves = " ".join(
            f"{p} {','.join(card_json(c) for c in self.reserves.get(p, ())) or '-'}"
            for p in PLAYERS
        )
        coin = f" coin {self.coin}" if self.coin else ""
        bitter = " bitter end" if self.bitter_end else ""
        return f"begin{first} reserves {reserves}{coin}{bitter} seed {self.seed}"

    def power_cards(self) -> Iterator[PowerCard]:
        for cards in self.reserves.values():
            yield from cards

    @classmethod
    def read(cls, fields: Mapping[str, Any]) -> Self:
        reserves: dict[Player, tuple[PowerCard, ...]] = {}
        given = fields.get("reserves") or {}
        if not isinstance(given, Mapping):
            raise DomekitError("reserves: an object with the fields red and gold (cards turned up)")
        for player in PLAYERS:
            raw = fields.get(f"reserve_{player}") or given.get(player) or []
            if isinstance(raw, str):
                raw = split_cards(raw)
            if not isinstance(raw, list | tuple):
                raise DomekitError(f"reserve_{player}: the cards turned up, like 3,critical")
            reserves[player] = tuple(read_power_card(c, f"reserve_{player}") for c in raw)
        first = str(fields.get("first_player") or "").strip()
        coin = str(fields.get("coin") or "").strip()
        seed = fields.get("seed")
        return cls(
            reserves=reserves,
            first_player=read_player(first) if first else None,
            coin=read_player(coin) if coin else None,
            bitter_end=read_flag(fields.get("bitter_end")),
            seed=whole_number(seed, "seed") if seed not in (None, "") else secrets.randbits(31),
        )

    @classmethod
    def text_fields(cls, verb: str, words: Words) -> Json:
        fields: Json = {}
        if words.peek(1) == "first":
            fields["first_player"] = words.next("the 1st Player")
            words.expect("first")
        words.expect("reserves")
        reserves = {}
        while words.peek().partition(":")[0] in PLAYERS:  # `red 3,4` or `red:3,4`
            player, _, cards = words.next("the player").partition(":")
            cards = cards or words.next(f"{player}'s reserve cards")
            reserves[player] = [] if cards == "-" else split_cards(cards)
        fields["reserves"] = reserves
        while not words.done():
            if words.take("coin"):
                fields["coin"] = words.next("who won the coin flip")
            elif words.take("bitter"):
                words.expect("end")
                fields["bitter_end"] = True
            elif words.take("seed"):
                fields["seed"] = words.next("the seed")
            else:
                raise words.unread()
        return fields
