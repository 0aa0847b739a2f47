"""The roster's actions of a Domppa combat: who is in it (a character entered by hand, joining,
leaving, its side), what each holds and rides, and a night's rest before it (actions.py: the
turn's actions and the registry of them all)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Self

from toolkit.errors import DomekitError
from toolkit.games.domppa.action_base import (
    Action,
    _Bare,
    sheet_of,
    side_of,
    stored_side,
    text_of,
    unit_of,
)
from toolkit.games.domppa.action_text import BLANK, Words, is_plain, phrase, quoted, word
from toolkit.games.domppa.data import CharacterRow
from toolkit.parsing import Json, whole_number

STAT_FIELDS = (
    "health",
    "protection_body",
    "protection_head",
    "protection_natural",
    "magic_resistance",
    "morale",
    "strength",
    "attack",
    "defence",
    "precision",
    "equipment_encumbrance",
)
"""The stats of a character entered by hand, as its form names them (characters.csv's columns)."""


@dataclass(frozen=True)
class AddCharacter(Action):
    """A character entered by hand (its sheet as characters.csv has it) joins the roster."""

    kind: ClassVar[str] = "add"
    row: CharacterRow
    side: str = ""

    def text(self) -> str:
        out = ["add", phrase(self.row.name, _ADD_WORDS, bracket=True)]
        if self.side:
            plain = is_plain(self.side, _ADD_WORDS) and not set("()") & set(self.side)
            out.append(f"({self.side})" if plain else f"side {quoted(self.side)}")
        out += [f"{name} {value}" for name, value in self._stats().items() if value]
        if self.row.size is not None:
            out.append(f"size {self.row.size}")
        if self.row.abilities:
            out.append(f"abilities {phrase(self.row.abilities)}")
        return " ".join(out)

    def line(self) -> str:
        return f"add {self.row.name}" + (f" ({self.side})" if self.side else "")

    def _stats(self) -> dict[str, int]:
        return {name: getattr(self.row, name) for name in STAT_FIELDS}

    def to_json(self) -> Json:
        character: Json = {
            "name": self.row.name,
            **self._stats(),
            "size": self.row.size,
            "abilities": self.row.abilities,
        }
        return {"type": self.kind, "character": character, "side": self.side}

    @classmethod
    def read(cls, fields: Mapping[str, Any]) -> Self:
        sheet: Json = {"name": text_of(fields.get("name"))}
        for stat in STAT_FIELDS:
            sheet[stat] = whole_number(fields.get(stat, 0) or 0, stat.replace("_", " "))
        size = text_of(fields.get("size"))
        sheet["size"] = whole_number(size, "size", minimum=0) if size else None
        sheet["abilities"] = text_of(fields.get("abilities"))
        return cls(sheet_of(sheet), side_of(fields.get("side")))

    @classmethod
    def from_payload(cls, value: Mapping[str, Any]) -> Self:
        sheet = value.get("character")
        if not isinstance(sheet, Mapping):
            raise DomekitError("an add action holds its character (an object)")
        return cls(sheet_of(sheet), stored_side(value.get("side")))

    @classmethod
    def from_words(cls, head: str, words: Words) -> Json:
        fields: Json = {"name": words.phrase("a name", _ADD_WORDS, bracket=True)}
        side = words.bracketed()
        if side is not None:
            fields["side"] = side
        while words.more():
            key = words.keyword(*_ADD_WORDS)
            fields[key] = words.phrase(key, () if key == "abilities" else _ADD_WORDS)
        return fields


_ADD_WORDS = ("side", *STAT_FIELDS, "size", "abilities")


@dataclass(frozen=True)
class ChooseSide(Action):
    """The side a character fights for (blank: none)."""

    kind: ClassVar[str] = "side"
    unit: str
    side: str = ""

    def text(self) -> str:
        return f"side {word(self.unit)} {phrase(self.side) if self.side else BLANK}"

    def line(self) -> str:
        return f"side {self.unit} {self.side or BLANK}"

    def to_json(self) -> Json:
        return {"type": self.kind, "unit": self.unit, "side": self.side}

    @classmethod
    def read(cls, fields: Mapping[str, Any]) -> Self:
        return cls(unit_of(fields), side_of(fields.get("side")))

    @classmethod
    def from_payload(cls, value: Mapping[str, Any]) -> Self:
        return cls(unit_of(value), stored_side(value.get("side")))

    @classmethod
    def from_words(cls, head: str, words: Words) -> Json:
        return {"unit": words.word("a character"), "side": words.phrase("a side (or -)")}


@dataclass(frozen=True)
class _OneCharacter(Action):
    """An action that names one character and nothing else."""

    unit: str

    def text(self) -> str:
        return f"{self.kind} {word(self.unit)}"

    def line(self) -> str:
        return f"{self.kind} {self.unit}"

    def to_json(self) -> Json:
        return {"type": self.kind, "unit": self.unit}

    @classmethod
    def read(cls, fields: Mapping[str, Any]) -> Self:
        return cls(unit_of(fields))

    @classmethod
    def from_words(cls, head: str, words: Words) -> Json:
        return {"unit": words.word("a character")}


@dataclass(frozen=True)
class Join(_OneCharacter):
    """A character on the roster joins this combat."""

    kind: ClassVar[str] = "join"


@dataclass(frozen=True)
class Leave(_OneCharacter):
    """A character leaves this combat (it stays on the roster)."""

    kind: ClassVar[str] = "leave"


@dataclass(frozen=True)
class CarryGear(Action):
    """The weapons a character holds (a second one: two-weapon fighting) and the shield it
    carries (names from weapons.csv and shields.csv)."""

    kind: ClassVar[str] = "gear"
    unit: str
    weapon: str = ""
    shield: str = ""
    off_hand: str = ""

    def text(self) -> str:
        weapon = phrase(self.weapon, ("/", "+")) if self.weapon else BLANK
        if self.off_hand:
            weapon += f" + {phrase(self.off_hand, ('/', '+'))}"
        shield = phrase(self.shield) if self.shield else BLANK
        return f"gear {word(self.unit)} {weapon} / {shield}"

    def line(self) -> str:
        weapons = " + ".join(name for name in (self.weapon or BLANK, self.off_hand) if name)
        return f"gear {self.unit} {weapons} / {self.shield or BLANK}"

    def to_json(self) -> Json:
        found = {"type": self.kind, "unit": self.unit, "weapon": self.weapon, "shield": self.shield}
        return {**found, "off_hand": self.off_hand} if self.off_hand else found

    @classmethod
    def read(cls, fields: Mapping[str, Any]) -> Self:
        weapon, off_hand = text_of(fields.get("weapon")), text_of(fields.get("off_hand"))
        return cls(unit_of(fields), weapon, text_of(fields.get("shield")), off_hand)

    @classmethod
    def from_words(cls, head: str, words: Words) -> Json:
        fields = {"unit": words.word("a character")}
        fields["weapon"] = words.phrase("a weapon (or -)", ("/", "+"))
        if words.accept("+"):
            fields["off_hand"] = words.phrase("a second weapon", ("/",))
        words.keyword("/")
        return {**fields, "shield": words.phrase("a shield (or -)")}


@dataclass(frozen=True)
class Ride(Action):
    """The horse or chariot a character rides (mounts.csv; blank: on foot)."""

    kind: ClassVar[str] = "mount"
    unit: str
    mount: str = ""

    def text(self) -> str:
        return f"mount {word(self.unit)} {phrase(self.mount) if self.mount else BLANK}"

    def line(self) -> str:
        return f"mount {self.unit} {self.mount or BLANK}"

    def to_json(self) -> Json:
        return {"type": self.kind, "unit": self.unit, "mount": self.mount}

    @classmethod
    def read(cls, fields: Mapping[str, Any]) -> Self:
        return cls(unit_of(fields), text_of(fields.get("mount")))

    @classmethod
    def from_words(cls, head: str, words: Words) -> Json:
        return {"unit": words.word("a character"), "mount": words.phrase("a mount (or -)")}


@dataclass(frozen=True)
class NightRest(_Bare):
    """A night's rest before a combat: every character heals lost HP, at most half of its max HP
    ("a night's rest heals lost HP, at most half of max HP")."""

    kind: ClassVar[str] = "night_rest"

    def text(self) -> str:
        return "night rest"
