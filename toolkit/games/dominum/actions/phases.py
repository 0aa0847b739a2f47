"""The actions of the turns and phases: "Initial Deployment", "Rounds. Turns. Phases." and the
"Phase Breakdowns" but the Attack Phase (combat.py's)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, Self

from toolkit.errors import DomekitError
from toolkit.games.dominum.actions.forms import (
    Action,
    CardAction,
    MoveAction,
    PlayerAction,
    SpaceAction,
    Words,
    cycles_json,
    cycles_text,
    drawn_cards,
    read_cycles,
    read_flag,
    read_optional_card,
    read_optional_space,
    read_player,
    read_power,
    space_json,
)
from toolkit.games.dominum.board import Player, Space, space_name
from toolkit.games.dominum.power import PowerCard, PowerSource, card_json
from toolkit.games.dominum.state import Cycles
from toolkit.parsing import Json, whole_number


@dataclass(frozen=True)
class Place(CardAction):
    """Initial Deployment: one card from the hand into the Domain (or the Neutral Line).
    `red place Thornweaver at 1,1`."""

    kind = "place"
    VERBS = ("place",)


@dataclass(frozen=True)
class Activate(Action):
    """Select a Phase token; `link=True` spends the Link token to activate the next one too.
    `red activate move link`."""

    kind = "activate"
    VERBS = ("activate",)
    player: Player
    phase: str
    link: bool = False

    def members(self) -> Json:
        return {"player": self.player, "phase": self.phase, "link": self.link}

    def text(self) -> str:
        return f"{self.player} activate {self.phase}" + (" link" if self.link else "")

    @classmethod
    def read(cls, fields: Mapping[str, Any]) -> Self:
        phase = str(fields.get("phase") or "").strip().lower()
        if not phase:
            raise DomekitError("phase: name the Phase token (move, attack, ...)")
        return cls(read_player(fields.get("player")), phase, read_flag(fields.get("link")))

    @classmethod
    def text_fields(cls, verb: str, words: Words) -> Json:
        rest = words.rest().split(" ")
        link = len(rest) > 1 and rest[-1].lower() in ("link", "(link)")
        return {"phase": " ".join(rest[:-1] if link else rest), "link": link}


@dataclass(frozen=True)
class EndPhase(PlayerAction):
    """The player's running phase ends (after a Link, the player goes on). `red end phase`."""

    kind = "end_phase"
    VERBS = ("end phase",)


@dataclass(frozen=True)
class Retreat(SpaceAction):
    """Deploy Phase: before deploying, one card leaves the battlefield for the discard pile.
    `red retreat 2,3`."""

    kind = "retreat"
    VERBS = ("retreat",)


@dataclass(frozen=True)
class Deploy(CardAction):
    """Deploy Phase: a card from the hand into an empty space of the Domain.
    `red deploy Elven Spearman at 2,3`."""

    kind = "deploy"
    VERBS = ("deploy",)


@dataclass(frozen=True)
class Move(MoveAction):
    """Move Phase: a card up to 3 spaces along its range. `red move 3,3 -> 4,3`."""

    kind = "move"
    VERBS = ("move",)


@dataclass(frozen=True)
class Shift(MoveAction):
    """Reposition Phase: one card one space orthogonally. `red shift 1,2 -> 1,1`."""

    kind = "shift"
    VERBS = ("shift",)


@dataclass(frozen=True)
class Assault(Action):
    """Assault Phase: the power draws (two), and whether the Surge token is spent; in a light
    match (no board tracked) the initial assault score the table counts, `initial`.
    `red assault power 4 + reserve:3 + surge`, `red assault score 3 power 4 + 3`."""

    kind = "assault"
    VERBS = ("assault",)
    player: Player
    powers: tuple[PowerSource, ...] = (PowerSource(), PowerSource())
    surge: bool = False
    cycles: Cycles = field(default_factory=dict)
    initial: int | None = None

    def members(self) -> Json:
        found: Json = {
            "player": self.player,
            "powers": [p.to_json() for p in self.powers],
            "surge": self.surge,
            "cycles": cycles_json(self.cycles),
        }
        if self.initial is not None:  # a light match's: stored only when given
            found["initial"] = self.initial
        return found

    def text(self) -> str:
        terms = [p.text() for p in self.powers] + (["surge"] if self.surge else [])
        score = f" score {self.initial}" if self.initial is not None else ""
        text = f"{self.player} assault{score}" + (" power " + " + ".join(terms) if terms else "")
        return text + cycles_text(self.cycles)

    def power_cards(self) -> Iterator[PowerCard]:
        return drawn_cards(*self.powers, cycles=self.cycles)

    @classmethod
    def read(cls, fields: Mapping[str, Any]) -> Self:
        powers = fields.get("powers")
        if powers is None:
            powers = [fields.get("power1"), fields.get("power2")]
        if not isinstance(powers, list | tuple):
            raise DomekitError("powers: the power drawn for each draw of the assault")
        initial = fields.get("initial")
        return cls(
            player=read_player(fields.get("player")),
            powers=tuple(read_power(p, f"assault power {i}") for i, p in enumerate(powers, 1)),
            surge=read_flag(fields.get("surge")),
            cycles=read_cycles(fields),
            initial=None
            if initial in (None, "")
            else whole_number(initial, "initial assault score", minimum=0),
        )

    @classmethod
    def text_fields(cls, verb: str, words: Words) -> Json:
        fields: Json = {"powers": []}
        if words.take("score"):
            fields["initial"] = words.next("the initial assault score")
        if words.take("power"):
            while True:  # the draws, then the Surge token: `power 4 + 3 + surge`
                if words.take("surge"):
                    fields["surge"] = True
                else:
                    fields["powers"].append(words.power("the assault's power"))
                if not words.take("+"):
                    break
        return {**fields, **words.draws("")}


@dataclass(frozen=True)
class Charge(Action):
    """Charge Phase: +2 Charge, or remove a Weaken token from the ally at `remove_weaken_at`.
    `red charge`, `red charge remove weaken at 2,2`."""

    kind = "charge"
    VERBS = ("charge",)
    player: Player
    remove_weaken_at: Space | None = None

    def members(self) -> Json:
        return {"player": self.player, "remove_weaken_at": space_json(self.remove_weaken_at)}

    def text(self) -> str:
        where = self.remove_weaken_at
        removed = f" remove weaken at {space_name(where)}" if where else ""
        return f"{self.player} charge{removed}"

    @classmethod
    def read(cls, fields: Mapping[str, Any]) -> Self:
        where = read_optional_space(fields.get("remove_weaken_at"), "weaken")
        return cls(read_player(fields.get("player")), where)

    @classmethod
    def text_fields(cls, verb: str, words: Words) -> Json:
        if not words.take("remove"):
            return {}
        words.expect("weaken")
        words.take("at")
        return {"remove_weaken_at": words.next("the weakened ally's space")}


@dataclass(frozen=True)
class ReservePower(Action):
    """Reserve Phase: the card turned up from the deck (None: the engine's top card) goes on the
    reserve board, after the `discard` when the board is full.
    `red reserve discard 3 turns up 4`."""

    kind = "reserve"
    VERBS = ("reserve",)
    player: Player
    discard: PowerCard | None = None
    revealed: PowerCard | None = None

    def members(self) -> Json:
        return {
            "player": self.player,
            "discard": None if self.discard is None else card_json(self.discard),
            "revealed": None if self.revealed is None else card_json(self.revealed),
        }

    def text(self) -> str:
        text = f"{self.player} reserve"
        if self.discard is not None:
            text += f" discard {card_json(self.discard)}"
        return text + (f" turns up {card_json(self.revealed)}" if self.revealed is not None else "")

    def power_cards(self) -> Iterator[PowerCard]:
        yield from (c for c in (self.discard, self.revealed) if c is not None)

    @classmethod
    def read(cls, fields: Mapping[str, Any]) -> Self:
        return cls(
            read_player(fields.get("player")),
            read_optional_card(fields.get("discard"), "discard"),
            read_optional_card(fields.get("revealed"), "revealed"),
        )

    @classmethod
    def text_fields(cls, verb: str, words: Words) -> Json:
        fields: Json = {}
        if words.take("discard"):
            fields["discard"] = words.next("the reserve card discarded")
        if words.take("turns"):
            words.expect("up")
            fields["revealed"] = words.next("the card turned up")
        return fields
