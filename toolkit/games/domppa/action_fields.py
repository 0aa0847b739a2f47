"""The fields of Domppa's actions (actions.py): dice as typed at the table, and the readers of a
form's or a JSON body's fields, each error naming the field."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal, cast

from toolkit.errors import DomekitError
from toolkit.games.domppa.data import CharacterRow
from toolkit.games.domppa.dice import split_faces
from toolkit.games.domppa.rules import DamageType
from toolkit.parsing import MAX_NAME

ROLL = "roll"
SIDE_LENGTH = 20
Mode = Literal["melee", "ranged"]
TRUE = ("1", "true", "yes", "on")


# ------------------------------------------------------------------------------------- dice


@dataclass(frozen=True)
class Dice:
    """Dice as typed at the table: the faces rolled in order, each die followed by its
    explosions; no faces: the tracker rolls them (`roll`)."""

    faces: tuple[int, ...] = ()

    def text(self) -> str:
        return ",".join(map(str, self.faces)) if self.faces else ROLL

    def rolled(self, what: str) -> tuple[int, ...]:
        """The faces as the rules read them (none: the tracker rolls)."""
        return self.faces

    @classmethod
    def read(cls, value: Any, what: str) -> Dice:
        """`6,3,2` or `roll`; DomekitError naming `what` for anything else."""
        raw = text_of(value).lower()
        if not raw:
            raise DomekitError(f"{what}: type the faces rolled (like 6,3,2) or 'roll'")
        return cls() if raw == ROLL else cls(tuple(split_faces(raw, what)))

    @classmethod
    def optional(cls, value: Any, what: str) -> Dice | None:
        """A die the form may leave blank (None: the tracker rolls it when the rules need it)."""
        return cls.read(value, what) if text_of(value) else None


@dataclass(frozen=True)
class UnreadDice(Dice):
    """An optional die a log holds as it was typed, unreadable. The tracker once stored such a
    die unread and read it only when the rules needed it; an action whose die was read and was
    unreadable was refused, so a stored one is a die no rule read. It stays as stored (its JSON
    form is the payload) and is refused if a rule ever reads it; it has no text form."""

    typed: str = ""

    def text(self) -> str:
        return self.typed

    def rolled(self, what: str) -> tuple[int, ...]:
        return tuple(split_faces(self.typed, what))  # raises, naming `what`


def dice_json(dice: Dice | None) -> str:
    return "" if dice is None else dice.text()


def stored_dice(value: Any, what: str) -> Dice | None:
    """An optional die from the log: as a form reads it, or as stored when unreadable."""
    try:
        return Dice.optional(value, what)
    except DomekitError:
        return UnreadDice(typed=text_of(value).lower())


# ------------------------------------------------------------------------------ field readers


def text_of(value: Any) -> str:
    return str(value if value is not None else "").strip()


def unit_of(fields: Mapping[str, Any]) -> str:
    return text_of(fields.get("unit") or "")


def side_of(value: Any) -> str:
    return text_of(value or "")[:SIDE_LENGTH].strip()


def stored_side(value: Any) -> str:
    """A side from the log as stored (the tracker once kept a space the cut left at its end)."""
    return str(value or "")[:SIDE_LENGTH]


def switch(value: Any) -> bool:
    return text_of(value or "").lower() in TRUE


def mode_of(value: Any) -> Mode:
    mode = text_of(value or "melee").lower()
    if mode not in ("melee", "ranged"):
        raise DomekitError(f"an attack is melee or ranged (got {mode!r})")
    return cast(Mode, mode)


def damage_type_of(value: Any) -> DamageType | None:
    name = text_of(value or "").lower()
    if not name:
        return None
    try:
        return DamageType(name)
    except ValueError:
        known = ", ".join(t.value for t in DamageType if t is not DamageType.NONE)
        raise DomekitError(f"damage type: {name!r} is not one of {known}") from None


def sheet_of(sheet: Mapping[str, Any]) -> CharacterRow:
    name = sheet.get("name")
    if not name:
        raise DomekitError("a character needs a name")
    if not isinstance(name, str) or len(name) > MAX_NAME:
        raise DomekitError(f"a character's name is at most {MAX_NAME} characters")
    try:
        return CharacterRow(**sheet)
    except (TypeError, ValueError) as exc:
        raise DomekitError(f"character: {exc}") from None
