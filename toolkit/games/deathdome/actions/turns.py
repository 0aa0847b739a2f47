"""Death Dome's actions of a turn besides attacks (healing, a card's Vitae change, control points,
jails, the end of a turn) and money and the payout (rules: Your Base, Card Abilities, Notes,
Payout Winnings)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Self

from toolkit.errors import DomekitError
from toolkit.games.deathdome.actions.base import (
    _NAME,
    _UNIT,
    NOTE_LENGTH,
    POINTS,
    Action,
    Point,
    _colour,
    _money,
    _optional_colour,
    _pattern,
    _TeamAction,
    _text,
    _whole,
    said_team,
    said_unit,
    unit_ref,
)
from toolkit.games.deathdome.state import UnitRef
from toolkit.parsing import Json


@dataclass(frozen=True)
class Heal(Action):
    """A unit's action in its own base: one Vitae back (rules: Your Base)."""

    unit: UnitRef

    kind = "heal"
    pattern = _pattern(rf"heal (?P<unit>{_UNIT})")

    def text(self) -> str:
        return f"heal {self.unit}"

    def line(self) -> str:
        return f"{said_unit(self.unit)} heals 1 Vitae in its base"

    def members(self) -> Json:
        return {"unit": self.unit.text()}

    def touches(self) -> frozenset[str]:
        return frozenset({"turn", f"unit:{self.unit}"})

    @classmethod
    def read(cls, fields: Mapping[str, Any]) -> Self:
        return cls(unit_ref(fields.get("unit"), "unit"))


NOBODY = "nobody"
"""Who gets a kill by a card not played on a unit: no team ("No kill points are awarded as a result
of special play cards that are not played on specific units")."""


@dataclass(frozen=True)
class Vitae(Action):
    """A card's direct Vitae change (-V unblockable damage, +V healing); a kill credited to the
    team that played it on the unit, if any, to the jail it chooses."""

    unit: UnitRef
    change: int
    credited: str | None = None
    jail: str = ""
    # The table said who gets a kill (a team, or `nobody`: the card named no unit), so a phone
    # asks no more; not stored: the log's `credited` is the answer.
    told: bool = field(default=False, compare=False)

    kind = "vitae"
    pattern = _pattern(
        rf"vitae (?P<unit>{_UNIT}) (?P<change>[+-]?[0-9]+)(?: by (?P<credited>{_NAME}))?"
        r"(?: jail (?P<jail>\S+))?"
    )

    def text(self) -> str:
        text = f"vitae {self.unit} {self.change:+d}"
        text += f" by {self.credited}" if self.credited else ""
        return text + (f" jail {self.jail}" if self.jail else "")

    def line(self) -> str:
        change = f"gains {self.change}" if self.change > 0 else f"loses {-self.change}"
        text = f"{said_unit(self.unit)} {change} Vitae from a card"
        if self.credited:
            text += f" played by {said_team(self.credited)}"
        return text + (f" (jail {self.jail} if it dies)" if self.jail else "")

    def members(self) -> Json:
        return {
            "unit": self.unit.text(),
            "change": self.change,
            "credited": self.credited,
            "jail": self.jail,
        }

    def touches(self) -> frozenset[str]:
        return frozenset({"turn", f"unit:{self.unit}"})

    @classmethod
    def read(cls, fields: Mapping[str, Any]) -> Self:
        nobody = _text(fields, "credited").lower() == NOBODY
        credited = None if nobody else _optional_colour(fields, "credited")
        return cls(
            unit_ref(fields.get("unit"), "unit"),
            _whole(fields, "change", "change (of Vitae)", minimum=None),
            credited,
            _text(fields, "jail"),
            told=nobody or credited is not None,
        )


@dataclass(frozen=True)
class Capture(Action):
    """A control point or tower centre turned to the team's colour, perhaps from another's."""

    team: str
    point: Point = "control_point"
    previous: str | None = None

    kind = "capture"
    pattern = _pattern(
        rf"capture (?P<team>{_NAME}) (?P<point>control point|tower centre)"
        rf"(?: from (?P<previous>{_NAME}))?"
    )

    def text(self) -> str:
        text = f"capture {self.team} {self.point.replace('_', ' ')}"
        return text + (f" from {self.previous}" if self.previous else "")

    def line(self) -> str:
        point = self.point.replace("_", " ")
        taken = f" from {said_team(self.previous)}" if self.previous else ""
        return f"{said_team(self.team)} captures a {point}{taken}"

    def members(self) -> Json:
        return {"team": self.team, "point": self.point, "previous": self.previous}

    def touches(self) -> frozenset[str]:
        previous = {f"points:{self.previous}"} if self.previous else set()
        return frozenset({"turn", f"points:{self.team}", *previous})

    @classmethod
    def read(cls, fields: Mapping[str, Any]) -> Self:
        point = str(fields.get("point") or "control_point").strip().lower().replace(" ", "_")
        if point not in POINTS:
            raise DomekitError(f"point is control_point or tower_centre (got {point!r})")
        return cls(_colour(fields, "team"), point, _optional_colour(fields, "previous"))


@dataclass(frozen=True)
class Points(Action):
    """A team's control points and tower centres set to what the board shows (a correction)."""

    team: str
    control_points: int
    tower_centres: int

    kind = "points"
    pattern = _pattern(
        rf"points (?P<team>{_NAME}) (?P<control_points>[0-9]+) cp "
        r"(?P<tower_centres>[0-9]+) towers?"
    )

    def text(self) -> str:
        return f"points {self.team} {self.control_points} cp {self.tower_centres} towers"

    def line(self) -> str:
        return (
            f"{said_team(self.team)} holds {self.control_points} control points and "
            f"{self.tower_centres} tower centres (as the board shows)"
        )

    def members(self) -> Json:
        return {
            "team": self.team,
            "control_points": self.control_points,
            "tower_centres": self.tower_centres,
        }

    def touches(self) -> frozenset[str]:
        return frozenset({f"points:{self.team}"})

    @classmethod
    def read(cls, fields: Mapping[str, Any]) -> Self:
        return cls(
            _colour(fields, "team"),
            _whole(fields, "control_points", "control_points", default=0),
            _whole(fields, "tower_centres", "tower_centres", default=0),
        )


@dataclass(frozen=True)
class Release(Action):
    """A unit's action on a jail release point: every unit in that jail goes back to its base."""

    team: str
    jail: str

    kind = "release"
    pattern = _pattern(rf"release jail (?P<jail>\S+) by (?P<team>{_NAME})")

    def text(self) -> str:
        return f"release jail {self.jail} by {self.team}"

    def line(self) -> str:
        return f"{said_team(self.team)} releases jail {self.jail}"

    def members(self) -> Json:
        return {"team": self.team, "jail": self.jail}

    @classmethod
    def read(cls, fields: Mapping[str, Any]) -> Self:
        return cls(_colour(fields, "team"), _text(fields, "jail"))


@dataclass(frozen=True)
class EndTurn(_TeamAction):
    """The team's turn is over; the next team's begins (a new round at red's)."""

    kind = "end_turn"
    words = "end turn"
    said = "ends its turn"
    pattern = _pattern(rf"end turn (?P<team>{_NAME})")


# ------------------------------------------------------------------------ credits, payout


@dataclass(frozen=True)
class Transfer(Action):
    """Money between two teams, at any time (rules: Notes)."""

    payer: str
    payee: str
    amount: int
    note: str = ""

    kind = "transfer"
    pattern = _pattern(
        rf"transfer (?P<amount>[0-9,_]+) (?P<payer>{_NAME}) -> (?P<payee>{_NAME})"
        r"(?: \((?P<note>.*)\))?"
    )

    def text(self) -> str:
        note = f" ({self.note})" if self.note else ""
        return f"transfer {_money(self.amount)} {self.payer} -> {self.payee}{note}"

    def line(self) -> str:
        note = f" ({self.note})" if self.note else ""
        payer, payee = said_team(self.payer), said_team(self.payee)
        return f"{payer} pays {payee} {_money(self.amount)} credits{note}"

    def members(self) -> Json:
        return {"payer": self.payer, "payee": self.payee, "amount": self.amount, "note": self.note}

    def touches(self) -> frozenset[str]:
        return frozenset({f"credits:{self.payer}", f"credits:{self.payee}"})

    @classmethod
    def read(cls, fields: Mapping[str, Any]) -> Self:
        return cls(
            _colour(fields, "payer"),
            _colour(fields, "payee"),
            _whole(fields, "amount", "amount", minimum=1),
            _text(fields, "note")[:NOTE_LENGTH],
        )


@dataclass(frozen=True)
class EndMatch(Action):
    """The match ends early: one team is the only one left standing (rules: Notes)."""

    kind = "end_match"
    pattern = _pattern(r"end match(?: \(last team standing\))?")

    def text(self) -> str:
        return "end match (last team standing)"

    def line(self) -> str:
        return "The match ends: one team is the only one left standing"

    def members(self) -> Json:
        return {}

    @classmethod
    def read(cls, fields: Mapping[str, Any]) -> Self:
        return cls()


@dataclass(frozen=True)
class Payout(Action):
    """The payout, with the fans die the winner rolled (rules: Payout Winnings)."""

    roll: int

    kind = "payout"
    pattern = _pattern(r"payout fans (?P<roll>[0-9]+)")

    def text(self) -> str:
        return f"payout fans {self.roll}"

    def line(self) -> str:
        return f"Payout: the fans die shows {self.roll}"

    def members(self) -> Json:
        return {"roll": self.roll}

    @classmethod
    def read(cls, fields: Mapping[str, Any]) -> Self:
        return cls(_whole(fields, "roll", "roll (the fans die)", minimum=1))
