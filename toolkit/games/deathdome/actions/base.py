"""What every Death Dome action shares: the field readers (a team, a unit, cards played), the
`Action` base class with its text, JSON and field forms, and the registry of kinds (filled in by
the package, `toolkit.games.deathdome.actions`)."""

from __future__ import annotations

import re
from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Literal, Self

from toolkit.errors import DomekitError
from toolkit.games.deathdome.state import UnitRef
from toolkit.games.door import EVERYTHING
from toolkit.parsing import Json, title_of, whole_number

Point = Literal["control_point", "tower_centre"]
POINTS: tuple[Point, ...] = ("control_point", "tower_centre")
NOTE_LENGTH = 80

_NAME = r"[a-z0-9_-]+"  # a team's colour, a unit type
_UNIT = rf"{_NAME}\.{_NAME}"
_NAMED = re.compile(_NAME)
_SEPARATORS = re.compile(r"[\s,;]+")
EXAMPLE = "attack red.gunner -> blue.scout with heavy-rifle cards 3,3,3 vs 2"


# ----------------------------------------------------------------------------- field readers


def _text(fields: Mapping[str, Any], name: str) -> str:
    return str(fields.get(name) or "").strip()


def _colour(fields: Mapping[str, Any], name: str, default: str = "") -> str:
    return colour(fields.get(name) or default, name)


def colour(value: Any, name: str) -> str:
    """A team's colour as a field holds it (`Red ` is red); DomekitError naming the field."""
    text = str(value or "").strip().lower()
    if not _NAMED.fullmatch(text):
        raise DomekitError(f"{name}: a team is named by its colour, e.g. red (got {value!r})")
    return text


def _optional_colour(fields: Mapping[str, Any], name: str) -> str | None:
    return _colour(fields, name) if _text(fields, name) else None


def unit_ref(value: Any, name: str) -> UnitRef:
    """A unit named `colour.type`, e.g. red.gunner; DomekitError naming the field."""
    parts = str(value or "").strip().lower().split(".")
    if len(parts) != 2 or not all(_NAMED.fullmatch(part) for part in parts):
        raise DomekitError(f"{name}: a unit is named colour.type, e.g. red.gunner (got {value!r})")
    return UnitRef(parts[0], parts[1])


def _whole(
    fields: Mapping[str, Any], name: str, what: str, *, minimum: int | None = 0, default: Any = None
) -> int:
    return whole_number(fields.get(name, default), what, minimum=minimum)


def cards(value: Any, field: str) -> tuple[int, ...]:
    """Power values of Special Play cards: `3,3,1`, `3 3 1`, a list (of values or of such
    texts, blanks left out), or nothing."""
    values, named = played(value, field)
    if named:
        raise DomekitError(f"{field}: cards are power values like 3,3,1 (got {value!r})")
    return values


CARD_ID = re.compile(r"[a-z][a-z0-9-]+")
"""A card named on a stack by its id (shove, take-cover): a letter, then letters, digits, -."""


def played(value: Any, field: str) -> tuple[tuple[int, ...], tuple[str, ...]]:
    """Cards played on a stack: power values and cards named by their id (`3,3,shove`), each
    as a form, a JSON list or the text form holds them; the values and the ids apart."""
    if value in (None, ""):
        return (), ()
    # A form's card chips and its typed box post a list: each item a value, or blank, or typed.
    items = value if isinstance(value, list) else [value]
    parts = [p for item in items for p in _SEPARATORS.split(str(item)) if p]
    values: list[int] = []
    named: list[str] = []
    for part in parts:
        if CARD_ID.fullmatch(part.lower()):
            named.append(part.lower())
            continue
        try:
            values.append(whole_number(part, "a card"))
        except DomekitError:
            raise DomekitError(
                f"{field}: cards are power values like 3,3,1 (got {value!r}); {part!r} is not a "
                "whole number or an effect card's id, like shove"
            ) from None
    return tuple(values), tuple(named)


def _ids(value: Any, field: str) -> tuple[str, ...]:
    values, named = played(value, field)
    if values:
        raise DomekitError(f"{field}: cards here are named by their id, e.g. dodge")
    return named


def _shown(values: tuple[int, ...], named: tuple[str, ...] = ()) -> str:
    return ",".join([*map(str, values), *named]) or "-"


def _no_cards(text: str) -> str:
    return "" if text == "-" else text


def _money(amount: int) -> str:
    return f"{amount:,}"


# -- the history's sentences ------------------------------------------------------------------


def said_team(colour: str) -> str:
    """A team as a sentence names it: "Red"."""
    return colour.title()


def said_unit(ref: UnitRef) -> str:
    """A unit as a sentence names it: "Red gunner"."""
    return f"{ref.colour.title()} {ref.unit_type}"


def said_card(card_id: str) -> str:
    """An item or a card from its id as a sentence names it: "heavy-rifle" -> "Heavy Rifle"."""
    return title_of(card_id)


def said_cards(values: tuple[int, ...], named: tuple[str, ...] = ()) -> str:
    """Cards played on a stack in words: "3, 3 and Shove", "no cards"."""
    parts = [*map(str, values), *map(said_card, named)]
    if not parts:
        return "no cards"
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


# ------------------------------------------------------------------------------------- base


class Action(ABC):
    """One action of a match. Subclasses are frozen dataclasses with their `kind` (the JSON
    `type`) and the pattern of their text form."""

    kind: ClassVar[str]
    pattern: ClassVar[re.Pattern[str]]

    @abstractmethod
    def text(self) -> str:
        """The action's text form (what a phone may type, the export's `text`)."""

    def line(self) -> str:
        """The action as the history and the big screen say it: a sentence."""
        return self.text()

    @abstractmethod
    def members(self) -> Json:
        """The JSON form's members after `type`."""

    def to_json(self) -> Json:
        return {"type": self.kind, **self.members()}

    def touches(self) -> frozenset[str]:
        """What the action reads and changes, for the tracker's clash check (contract)."""
        return frozenset({EVERYTHING})

    @classmethod
    @abstractmethod
    def read(cls, fields: Mapping[str, Any]) -> Self:
        """This action from a form's or a JSON body's fields, checked."""

    @classmethod
    def from_fields(cls, fields: Mapping[str, Any]) -> Action:
        """An action from fields: its `type` names the kind (on Action), or this kind's own."""
        if cls is not Action:
            return cls.read(fields)
        return of_kind(fields.get("type")).read(fields)

    @classmethod
    def from_json(cls, value: Mapping[str, Any]) -> Action:
        """An action from its stored JSON form (read as fields are: old payloads load)."""
        return cls.from_fields(value)

    @classmethod
    def from_text(cls, text: str) -> Action:
        """An action from its text form (on Action: any kind; on a kind: only that one)."""
        line = " ".join(str(text).split())
        for kind in ACTIONS.values() if cls is Action else (cls,):
            found = kind.pattern.fullmatch(line)
            if found:
                return kind.from_match(found)
        what = "an action" if cls is Action else f"a {cls.kind!r} action"
        raise DomekitError(
            f"cannot read {line!r} as {what}; write it as the history shows actions, "
            f"e.g. '{EXAMPLE}'"
        )

    @classmethod
    def from_match(cls, found: re.Match[str]) -> Action:
        """The action from its text form's match: its groups are its fields."""
        return cls.read({k: v for k, v in found.groupdict().items() if v is not None})


def of_kind(kind: Any) -> type[Action]:
    found = ACTIONS.get(str(kind or "").strip())
    if found is None:
        raise DomekitError(f"unknown action {kind!r}; the actions are {', '.join(ACTIONS)}")
    return found


def _pattern(text: str) -> re.Pattern[str]:
    return re.compile(text)


@dataclass(frozen=True)
class _TeamAction(Action):
    """An action naming only the team making it."""

    team: str

    words: ClassVar[str]  # its text form before the team

    said: ClassVar[str]  # its sentence after the team

    def text(self) -> str:
        return f"{self.words} {self.team}"

    def line(self) -> str:
        return f"{said_team(self.team)} {self.said}"

    def members(self) -> Json:
        return {"team": self.team}

    @classmethod
    def read(cls, fields: Mapping[str, Any]) -> Self:
        return cls(_colour(fields, "team"))


ACTIONS: dict[str, type[Action]] = {}
"""Every action by its kind (the JSON `type`), in the order the rules come to them (filled in by
the package's __init__)."""
