"""Death Dome's set-up actions: the seating, purchases, deals, equipping units, the start (rules:
Choose Colors, Make purchases, Item Cards)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Self

from toolkit.errors import DomekitError
from toolkit.games.deathdome.actions.base import (
    _NAME,
    _SEPARATORS,
    _UNIT,
    Action,
    _colour,
    _money,
    _pattern,
    _TeamAction,
    _text,
    _whole,
    colour,
    said_card,
    said_team,
    said_unit,
    unit_ref,
)
from toolkit.games.deathdome.state import UnitRef
from toolkit.parsing import Json


@dataclass(frozen=True)
class Seat(Action):
    """The teams clockwise around the table (rules: Choose Colors)."""

    order: tuple[str, ...]

    kind = "seat"
    pattern = _pattern(r"seat (?P<order>\S+)")

    def text(self) -> str:
        return f"seat {','.join(self.order)}"

    def line(self) -> str:
        return "Seating, clockwise: " + ", ".join(map(said_team, self.order))

    def members(self) -> Json:
        return {"order": list(self.order)}

    @classmethod
    def read(cls, fields: Mapping[str, Any]) -> Self:
        order = fields.get("order")
        if isinstance(order, str):
            order = [c for c in _SEPARATORS.split(order.strip()) if c]
        if not isinstance(order, list) or not order:
            raise DomekitError(
                "order: give the teams clockwise around the table, e.g. red,green,blue"
            )
        return cls(tuple(colour(c, "order") for c in order))


@dataclass(frozen=True)
class Buy(Action):
    """One item bought on the team's purchasing turn (rules: Make purchases)."""

    team: str
    item: str

    kind = "buy"
    pattern = _pattern(rf"buy (?P<team>{_NAME}) (?P<item>.+)")

    def text(self) -> str:
        return f"buy {self.team} {self.item}"

    def line(self) -> str:
        return f"{said_team(self.team)} buys {said_card(self.item)}"

    def members(self) -> Json:
        return {"team": self.team, "item": self.item}

    @classmethod
    def read(cls, fields: Mapping[str, Any]) -> Self:
        return cls(_colour(fields, "team"), _text(fields, "item"))


@dataclass(frozen=True)
class Pass(_TeamAction):
    """A team has finished purchasing."""

    kind = "pass"
    said = "has finished purchasing"
    words = "pass"
    pattern = _pattern(rf"pass (?P<team>{_NAME})")


@dataclass(frozen=True)
class Sell(Action):
    """An item sold between two teams before the match, for whatever price they agree."""

    seller: str
    buyer: str
    item: str
    price: int

    kind = "sell"
    pattern = _pattern(
        rf"sell (?P<seller>{_NAME}) -> (?P<buyer>{_NAME}) (?P<item>.+) for (?P<price>[0-9,_]+)"
    )

    def text(self) -> str:
        return f"sell {self.seller} -> {self.buyer} {self.item} for {_money(self.price)}"

    def line(self) -> str:
        seller, buyer = said_team(self.seller), said_team(self.buyer)
        return f"{seller} sells {said_card(self.item)} to {buyer} for {_money(self.price)} credits"

    def members(self) -> Json:
        return {"seller": self.seller, "buyer": self.buyer, "item": self.item, "price": self.price}

    @classmethod
    def read(cls, fields: Mapping[str, Any]) -> Self:
        return cls(
            _colour(fields, "seller"),
            _colour(fields, "buyer"),
            _text(fields, "item"),
            _whole(fields, "price", "price", default=0),
        )


@dataclass(frozen=True)
class _UnitItem(Action):
    """An item and a unit of its team."""

    unit: UnitRef
    item: str

    def text(self) -> str:
        return f"{self.kind} {self.unit} {self.item}"

    def line(self) -> str:
        verb = "takes" if self.kind == "equip" else "puts down"
        return f"{said_unit(self.unit)} {verb} {said_card(self.item)}"

    def members(self) -> Json:
        return {"unit": self.unit.text(), "item": self.item}

    def touches(self) -> frozenset[str]:
        return frozenset({f"items:{self.unit.colour}"})

    @classmethod
    def read(cls, fields: Mapping[str, Any]) -> Self:
        return cls(unit_ref(fields.get("unit"), "unit"), _text(fields, "item"))


@dataclass(frozen=True)
class Equip(_UnitItem):
    """A spare item onto a unit (rules: Item Cards)."""

    kind = "equip"
    pattern = _pattern(rf"equip (?P<unit>{_UNIT}) (?P<item>.+)")


@dataclass(frozen=True)
class Unequip(_UnitItem):
    """An item off a unit, a spare item of its team again."""

    kind = "unequip"
    pattern = _pattern(rf"unequip (?P<unit>{_UNIT}) (?P<item>.+)")


@dataclass(frozen=True)
class Start(Action):
    """The match begins: spare items are sold back at cost, red plays first."""

    kind = "start"
    pattern = _pattern(r"start(?: match)?")

    def text(self) -> str:
        return "start match"

    def line(self) -> str:
        return "The match starts (spare items are sold back at cost)"

    def members(self) -> Json:
        return {}

    @classmethod
    def read(cls, fields: Mapping[str, Any]) -> Self:
        return cls()
