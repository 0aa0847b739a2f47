"""The actions of what abilities do ("Abilities", "Conditions", "Strongholds", "Power Duels"):
use a card's or the Stronghold's ability; and the table's own corrections for what no card data
says: weaken a card, sacrifice one, pay Charge, call a power duel."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar, Self

from toolkit.errors import DomekitError
from toolkit.games.dominum.actions.forms import (
    Action,
    SpaceAction,
    Words,
    cycles_json,
    cycles_text,
    drawn_cards,
    power_json,
    read_cycles,
    read_optional_power,
    read_optional_space,
    read_player,
    read_power,
    read_space,
    space_json,
)
from toolkit.games.dominum.board import Player, Space, space_name
from toolkit.games.dominum.power import PowerCard, PowerSource
from toolkit.games.dominum.state import Cycles
from toolkit.parsing import Json, whole_number

STRONGHOLD = "stronghold"


@dataclass(frozen=True)
class Weaken(SpaceAction):
    """An ability or Stronghold weakens a card (weakens do not stack). `gold weaken 2,3`."""

    kind = "weaken"
    VERBS = ("weaken",)


@dataclass(frozen=True)
class Sacrifice(SpaceAction):
    """Sacrifice: removed and discarded at once; On Discard is ignored. `red sacrifice 2,3`."""

    kind = "sacrifice"
    VERBS = ("sacrifice",)


@dataclass(frozen=True)
class ChargeTokens(Action):
    """Charge tokens by their number, `red <verb> 2 charge`: spent on an activated ability
    (SpendCharge) or gained from one (light.py's GainCharge)."""

    player: Player
    amount: int = 1
    LEAST: ClassVar[int | None] = None
    """The fewest tokens the action names (None: no bound but the rules')."""

    def members(self) -> Json:
        return {"player": self.player, "amount": self.amount}

    def text(self) -> str:
        return f"{self.player} {self.VERBS[0]} {self.amount} charge"

    @classmethod
    def read(cls, fields: Mapping[str, Any]) -> Self:
        amount = fields.get("amount")
        amount = 1 if amount in (None, "") else whole_number(amount, "charge", minimum=cls.LEAST)
        return cls(read_player(fields.get("player")), amount)

    @classmethod
    def text_fields(cls, verb: str, words: Words) -> Json:
        amount = words.next("the number of Charge tokens")
        words.expect("charge")
        return {"amount": amount}


@dataclass(frozen=True)
class SpendCharge(ChargeTokens):
    """An activated ability's cost in Charge tokens, paid from the Stronghold.
    `red spend 2 charge`."""

    kind = "spend_charge"
    VERBS = ("spend",)


@dataclass(frozen=True)
class PowerDuel(Action):
    """Power Duels (called for by abilities): `player` draws first, the opponent may draw.
    `red power duel 3 vs reserve:4`."""

    kind = "power_duel"
    VERBS = ("power duel",)
    player: Player
    power: PowerSource = PowerSource()
    opponent_power: PowerSource | None = None
    cycles: Cycles = field(default_factory=dict)

    def members(self) -> Json:
        return {
            "player": self.player,
            "power": self.power.to_json(),
            "opponent_power": power_json(self.opponent_power),
            "cycles": cycles_json(self.cycles),
        }

    def text(self) -> str:
        text = f"{self.player} power duel {self.power.text()}"
        if self.opponent_power is not None:
            text += f" vs {self.opponent_power.text()}"
        return text + cycles_text(self.cycles)

    def power_cards(self) -> Iterator[PowerCard]:
        return drawn_cards(self.power, self.opponent_power, cycles=self.cycles)

    @classmethod
    def read(cls, fields: Mapping[str, Any]) -> Self:
        return cls(
            player=read_player(fields.get("player")),
            power=read_power(fields.get("power"), "power"),
            opponent_power=read_optional_power(fields.get("opponent_power"), "opponent's power"),
            cycles=read_cycles(fields),
        )

    @classmethod
    def text_fields(cls, verb: str, words: Words) -> Json:
        return {"power": words.power("the power"), **words.draws("opponent_power")}


@dataclass(frozen=True)
class Use(Action):
    """An ability a player uses (Activated Abilities; an On Deploy or Stronghold trigger with a
    cost): the card on `source`'s, or the player's Stronghold's (`source` None), on the card on
    `target`, to the space `to` when it moves one. `red use 2,3 on 3,3`,
    `red use stronghold on 2,2 to 2,1`."""

    kind = "use"
    VERBS = ("use",)
    player: Player
    source: Space | None = None
    target: Space | None = None
    to: Space | None = None

    def members(self) -> Json:
        return {
            "player": self.player,
            "source": STRONGHOLD if self.source is None else space_name(self.source),
            "target": space_json(self.target),
            "to": space_json(self.to),
        }

    def text(self) -> str:
        source = STRONGHOLD if self.source is None else space_name(self.source)
        text = f"{self.player} use {source}"
        if self.target is not None:
            text += f" on {space_name(self.target)}"
        return text + (f" to {space_name(self.to)}" if self.to is not None else "")

    @classmethod
    def read(cls, fields: Mapping[str, Any]) -> Self:
        source = str(fields.get("source") or "").strip().lower()
        if not source:
            raise DomekitError("source: the space of the card whose ability it is, or stronghold")
        return cls(
            player=read_player(fields.get("player")),
            source=None if source == STRONGHOLD else read_space(source, "source"),
            target=read_optional_space(fields.get("target"), "target"),
            to=read_optional_space(fields.get("to"), "to"),
        )

    @classmethod
    def text_fields(cls, verb: str, words: Words) -> Json:
        fields: Json = {"source": words.next("the card's space, or stronghold")}
        while not words.done():
            if words.take("on"):
                fields["target"] = words.next("the card the ability is used on")
            elif words.take("to"):
                fields["to"] = words.next("the space it goes to")
            else:
                raise words.unread()
        return fields
