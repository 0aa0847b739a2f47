"""What every Domppa action shares (actions.py and actions_roster.py hold the action types): the
`Action` base class and the registry of the types by their `type`, dice as typed at the table,
and the readers of a form's or a JSON body's fields, each error naming the field."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Literal, Self, cast

from toolkit.errors import DomekitError
from toolkit.games.domppa.action_text import Words
from toolkit.games.domppa.data import CharacterRow
from toolkit.games.domppa.dice import split_faces
from toolkit.games.domppa.rules import DamageType
from toolkit.parsing import MAX_NAME, Json

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


# ------------------------------------------------------------------------------- the actions

REGISTRY: dict[str, type[Action]] = {}
"""Every action type by its `type` (actions.py fills it: its KINDS)."""


def _kind(value: Any) -> type[Action]:
    kind = REGISTRY.get(text_of(value))
    if kind is None:
        raise DomekitError(
            f"unknown action {text_of(value)!r}; the actions are {', '.join(REGISTRY)}"
        )
    return kind


class Action:
    """One action of a Domppa combat; the subclasses are the action types (`kind`)."""

    kind: ClassVar[str]
    heads: ClassVar[tuple[str, ...]] = ()
    """The words its text form starts with (its `kind` when none are given)."""
    on_turn: ClassVar[bool] = False
    """Made only on the acting character's own turn (an attack, an action from the AP table)."""

    def text(self) -> str:
        """The text form: `Action.from_text(action.text()) == action`."""
        raise NotImplementedError

    def line(self) -> str:
        """The history's line for the action."""
        return self.text()

    def to_json(self) -> Json:
        """The JSON form the log stores (with `type`)."""
        raise NotImplementedError

    @classmethod
    def read(cls, fields: Mapping[str, Any]) -> Self:
        """This action type from a form's or a JSON body's fields."""
        raise NotImplementedError

    @classmethod
    def from_payload(cls, value: Mapping[str, Any]) -> Self:
        """This action type from its JSON form: its fields, unless it says otherwise."""
        return cls.read(value)

    @classmethod
    def from_words(cls, head: str, words: Words) -> Json:
        """The fields its text form holds (after the `head` word); `words` read to the end."""
        raise NotImplementedError

    @staticmethod
    def from_fields(fields: Mapping[str, Any]) -> Action:
        """An action from a form's or JSON body's fields, by their `type`."""
        return _kind(fields.get("type")).read(fields)

    @staticmethod
    def from_json(value: Mapping[str, Any]) -> Action:
        """An action from its JSON form (the log, an export)."""
        return _kind(value.get("type")).from_payload(value)

    @staticmethod
    def from_text(text: str) -> Action:
        """An action typed as its text form (or as the history shows it)."""
        words = Words(text)
        head = words.peek()
        if head in ("new", "end", "night"):
            words.keyword()
            head = f"{head}_{words.peek()}"
        kind = next((k for k in REGISTRY.values() if head in (k.heads or (k.kind,))), None)
        if kind is None:
            raise DomekitError(
                f"cannot read {text.strip()!r} as an action; write it as the history shows it, "
                "e.g. 'melee knight -> berserker with Broadsword hit 6,3,2 damage 5,4'"
            )
        words.keyword()
        fields = kind.from_words(head or "", words)
        words.end()
        return kind.read(fields)


@dataclass(frozen=True)
class _Bare(Action):
    """An action of a few fixed words."""

    def to_json(self) -> Json:
        return {"type": self.kind}

    @classmethod
    def read(cls, fields: Mapping[str, Any]) -> Self:
        return cls()

    @classmethod
    def from_words(cls, head: str, words: Words) -> Json:
        return {}
