"""Death Dome's actions of the cards played outside an attack: a unit uses an item it carries (a
drug given to a friend, Hoblerone's Healer, the Vacuum Fan, the Kamikaze Vest, Jet Boots, ...),
a team plays a Special Play card on its own (Bee Sting on a unit, Second Wind, Hold the Line).
What each does is its effects' (toolkit.games.deathdome.cards)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Self, cast

from toolkit.errors import DomekitError
from toolkit.games.deathdome.actions.base import (
    _NAME,
    _SEPARATORS,
    _UNIT,
    POINTS,
    Action,
    Point,
    _pattern,
    _text,
    colour,
    said_card,
    said_team,
    said_unit,
    unit_ref,
)
from toolkit.games.deathdome.rules import BEHIND, Behind
from toolkit.games.deathdome.state import UnitRef
from toolkit.parsing import Json


def _units(value: Any, field: str) -> tuple[UnitRef, ...]:
    """Units named `blue.scout,red.gunner` (or a list of them); none when blank."""
    if value is None or value == "":
        return ()
    parts = value if isinstance(value, list) else _SEPARATORS.split(str(value).strip())
    return tuple(unit_ref(part, field) for part in parts if part)


def _behind(fields: Mapping[str, Any], name: str) -> Behind:
    value = str(fields.get(name) or "empty").strip().lower()
    if value not in BEHIND:
        raise DomekitError(f"{name} must be one of {', '.join(BEHIND)} (got {value!r})")
    return cast(Behind, value)


@dataclass(frozen=True)
class Use(Action):
    """A unit uses an item it carries: on the units it names (a drug's friend, the Healer's
    patient, the Vacuum Fan's enemy, the Kamikaze Vest's neighbours), with what lies where a
    pulled unit lands (`onto`) and the jail for a kill."""

    unit: UnitRef
    item: str
    targets: tuple[UnitRef, ...] = ()
    onto: Behind = "empty"
    jail: str = ""

    kind = "use"
    pattern = _pattern(
        rf"use (?P<unit>{_UNIT}) (?P<item>\S+)(?: on (?P<targets>\S+))?"
        r"(?: onto (?P<onto>\S+))?(?: jail (?P<jail>\S+))?"
    )

    def text(self) -> str:
        text = f"use {self.unit} {self.item}"
        if self.targets:
            text += f" on {','.join(ref.text() for ref in self.targets)}"
        if self.onto != "empty":
            text += f" onto {self.onto}"
        return text + (f" jail {self.jail}" if self.jail else "")

    def line(self) -> str:
        text = f"{said_unit(self.unit)} uses {said_card(self.item)}"
        if self.targets:
            text += " on " + ", ".join(map(said_unit, self.targets))
        return text + (f" (jail {self.jail} for a kill)" if self.jail else "")

    def members(self) -> Json:
        return {
            "unit": self.unit.text(),
            "item": self.item,
            "targets": [ref.text() for ref in self.targets],
            "onto": self.onto,
            "jail": self.jail,
        }

    def touches(self) -> frozenset[str]:
        units = {self.unit, *self.targets}
        return frozenset(
            {"turn", *(f"unit:{ref}" for ref in units), *(f"kills:{r.colour}" for r in units)}
        )

    @classmethod
    def read(cls, fields: Mapping[str, Any]) -> Self:
        item = _text(fields, "item")
        if not item:
            raise DomekitError("item: name the item the unit uses, e.g. medi-kit")
        return cls(
            unit_ref(fields.get("unit"), "unit"),
            item,
            _units(fields.get("targets"), "targets"),
            _behind(fields, "onto"),
            _text(fields, "jail"),
        )


@dataclass(frozen=True)
class PlayCard(Action):
    """A Special Play card a team plays on its own, not on an attack's stacks: on a unit (Bee
    Sting, Field Dressing, Forced March), for the team (Second Wind, Rally), or against the team
    that just turned one of its control points (Hold the Line)."""

    team: str
    card: str
    unit: UnitRef | None = None
    against: str | None = None
    point: Point = "control_point"
    jail: str = ""

    kind = "play"
    pattern = _pattern(
        rf"play (?P<card>\S+) by (?P<team>{_NAME})(?: on (?P<unit>{_UNIT}))?"
        rf"(?: against (?P<against>{_NAME}))?(?: (?P<point>tower centre))?"
        r"(?: jail (?P<jail>\S+))?"
    )

    def text(self) -> str:
        text = f"play {self.card} by {self.team}"
        if self.unit is not None:
            text += f" on {self.unit}"
        if self.against:
            text += f" against {self.against}"
        if self.point != "control_point":
            text += " tower centre"
        return text + (f" jail {self.jail}" if self.jail else "")

    def line(self) -> str:
        text = f"{said_team(self.team)} plays {said_card(self.card)}"
        if self.unit is not None:
            text += f" on {said_unit(self.unit)}"
        if self.against:
            text += f" against {said_team(self.against)}"
        return text + (f" (jail {self.jail} for a kill)" if self.jail else "")

    def members(self) -> Json:
        return {
            "team": self.team,
            "card": self.card,
            "unit": None if self.unit is None else self.unit.text(),
            "against": self.against,
            "point": self.point,
            "jail": self.jail,
        }

    def touches(self) -> frozenset[str]:
        found = {"turn", f"kills:{self.team}", f"points:{self.team}"}
        if self.unit is not None:
            found |= {f"unit:{self.unit}", f"kills:{self.unit.colour}"}
        if self.against:
            found.add(f"points:{self.against}")
        return frozenset(found)

    @classmethod
    def read(cls, fields: Mapping[str, Any]) -> Self:
        card = _text(fields, "card").lower()
        if not card:
            raise DomekitError("card: name the Special Play card by its id, e.g. bee-sting")
        # "none" (a phone's list: the card names no unit, no team) is as good as nothing.
        unit = _text(fields, "unit")
        unit = "" if unit.lower() == "none" else unit
        against = _text(fields, "against")
        point = str(fields.get("point") or "control_point").strip().lower().replace(" ", "_")
        if point not in POINTS:
            raise DomekitError(f"point is control_point or tower_centre (got {point!r})")
        return cls(
            colour(fields.get("team"), "team"),
            card,
            unit_ref(unit, "unit") if unit else None,
            colour(against, "against") if against and against.lower() != "none" else None,
            point,
            _text(fields, "jail"),
        )
