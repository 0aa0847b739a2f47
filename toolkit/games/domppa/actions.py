"""What a Domppa table records, as typed values: one frozen dataclass per action type.

Each action owns its three forms, as python-chess's `Move` owns `uci()` and `from_uci()`:
- **fields**: what a phone's form or JSON body sends (`Action.from_fields`), validated here with
  the bounded parsers of toolkit/parsing.py; an error names the field;
- **text**: `action.text()` and `Action.from_text(text)`, a line a person can type, e.g.
  `melee knight -> berserker with Broadsword hit 6,3,2 damage 5,4`; `line()` is the history's
  line, the same text without what the history never showed (a hand-entered character's stats,
  the dice typed for a turn's start, a chosen damage type, a freezing d6);
- **JSON**: `to_json()` and `Action.from_json(value)`, exactly the payload the tracker has always
  stored (old exports and databases replay).

Dice are typed as the faces rolled, die by die with explosions (`6,3,2`), or the word `roll`:
the match engine then rolls them from the seed kept in the match (toolkit/games/domppa/match.py).
A die left blank is rolled too. Which faces a die may show is the rules' (rules.toml, [dice]), so
the faces are checked when the engine reads them; here only that they are whole numbers.

In the text form a name, a side or a weapon is written as typed when it reads back unchanged,
else as a JSON string (`side knight "the  Crown"`); `-` is a blank (action_text.py).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any, ClassVar, Literal, Self, TypeAlias, cast, get_args

from toolkit.errors import DomekitError
from toolkit.games.domppa.action_fields import (
    ROLL,
    TRUE,
    Dice,
    Mode,
    UnreadDice,
    damage_type_of,
    dice_json,
    mode_of,
    sheet_of,
    side_of,
    stored_dice,
    stored_side,
    switch,
    text_of,
    unit_of,
)
from toolkit.games.domppa.action_text import BLANK, Words, is_plain, phrase, quoted, word
from toolkit.games.domppa.config import Darkness
from toolkit.games.domppa.data import CharacterRow
from toolkit.games.domppa.rules import DamageType
from toolkit.games.door import Reader
from toolkit.parsing import Json, whole_number

__all__ = ["ROLL", "Dice", "UnreadDice"]  # the fields' (action_fields.py), read from here too

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
DARKNESS: tuple[str, ...] = ("", *get_args(Darkness))
"""The light of a combat: daylight ("") or one of the rules' darkness levels."""
Condition = Literal["burning", "freezing", "fleeing", "resting", "berserk", "paralysed", "poison"]
CONDITIONS: tuple[Condition, ...] = get_args(Condition)
SWITCHES: tuple[Condition, ...] = ("burning", "freezing", "fleeing", "resting")
"""The conditions that are on or off; the others hold a number (rounds, +X, poison left)."""


# ------------------------------------------------------------------------------- the actions


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
    def from_fields(fields: Mapping[str, Any]) -> AnyAction:
        """An action from a form's or JSON body's fields, by their `type`."""
        return _kind(fields.get("type")).read(fields)

    @staticmethod
    def from_json(value: Mapping[str, Any]) -> AnyAction:
        """An action from its JSON form (the log, an export)."""
        return _kind(value.get("type")).from_payload(value)

    @staticmethod
    def from_text(text: str) -> AnyAction:
        """An action typed as its text form (or as the history shows it)."""
        words = Words(text)
        head = words.peek()
        if head in ("new", "end"):
            words.keyword()
            head = f"{head}_{words.peek()}"
        kind = _HEADS.get(head or "")
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
    """The weapon and shield a character carries (names from weapons.csv and shields.csv)."""

    kind: ClassVar[str] = "gear"
    unit: str
    weapon: str = ""
    shield: str = ""

    def text(self) -> str:
        weapon = phrase(self.weapon, ("/",)) if self.weapon else BLANK
        shield = phrase(self.shield) if self.shield else BLANK
        return f"gear {word(self.unit)} {weapon} / {shield}"

    def line(self) -> str:
        return f"gear {self.unit} {self.weapon or BLANK} / {self.shield or BLANK}"

    def to_json(self) -> Json:
        return {"type": self.kind, "unit": self.unit, "weapon": self.weapon, "shield": self.shield}

    @classmethod
    def read(cls, fields: Mapping[str, Any]) -> Self:
        return cls(unit_of(fields), text_of(fields.get("weapon")), text_of(fields.get("shield")))

    @classmethod
    def from_words(cls, head: str, words: Words) -> Json:
        fields = {"unit": words.word("a character")}
        fields["weapon"] = words.phrase("a weapon (or -)", ("/",))
        words.keyword("/")
        return {**fields, "shield": words.phrase("a shield (or -)")}


@dataclass(frozen=True)
class StartTurn(Action):
    """The start of a character's turn, with the dice its conditions need (blank: rolled)."""

    kind: ClassVar[str] = "turn"
    unit: str
    burn_d2: Dice | None = None
    freeze_dice: Dice | None = None
    recovery_d6: Dice | None = None

    def text(self) -> str:
        out = [f"turn {word(self.unit)}"]
        for name, dice in zip(_TURN_WORDS, self._dice(), strict=True):
            if dice is not None:
                out.append(f"{name} {dice.text()}")
        return " ".join(out)

    def line(self) -> str:
        return f"turn {self.unit}"

    def _dice(self) -> tuple[Dice | None, Dice | None, Dice | None]:
        return self.burn_d2, self.freeze_dice, self.recovery_d6

    def to_json(self) -> Json:
        return {
            "type": self.kind,
            "unit": self.unit,
            **{name: dice_json(dice) for name, dice in zip(_TURN_DICE, self._dice(), strict=True)},
        }

    @classmethod
    def read(cls, fields: Mapping[str, Any]) -> Self:
        dice = (Dice.optional(fields.get(name), what) for name, what in _TURN_DICE.items())
        return cls(unit_of(fields), *dice)

    @classmethod
    def from_payload(cls, value: Mapping[str, Any]) -> Self:
        dice = (stored_dice(value.get(name), what) for name, what in _TURN_DICE.items())
        return cls(unit_of(value), *dice)

    @classmethod
    def from_words(cls, head: str, words: Words) -> Json:
        fields = {"unit": words.word("a character")}
        names = dict(zip(_TURN_WORDS, _TURN_DICE, strict=True))
        while words.more():
            name = names[words.keyword(*names)]
            fields[name] = words.word("dice")
        return fields


_TURN_DICE = {"burn_d2": "burning d2", "freeze_dice": "freezing 2d6", "recovery_d6": "recovery d6"}
_TURN_WORDS = ("burn", "freeze", "recovery")


@dataclass(frozen=True)
class Attack(Action):
    """A melee blow or a shot, with the two 2d6 rolled (to hit, damage)."""

    kind: ClassVar[str] = "attack"
    heads: ClassVar[tuple[str, ...]] = ("melee", "ranged")
    on_turn: ClassVar[bool] = True
    mode: Mode
    attacker: str
    target: str
    hit_dice: Dice
    damage_dice: Dice
    weapon: str = ""  # blank: the weapon the attacker carries
    damage_type: DamageType | None = None  # None: the weapon's first
    head: bool = False
    distance: int = 0  # squares, for a shot
    freeze_d6: Dice | None = None  # the d6 cold damage rolls for freezing (blank: rolled)

    @property
    def ranged(self) -> bool:
        return self.mode == "ranged"

    def text(self) -> str:
        out = [f"{self.mode} {word(self.attacker, ('->',))} -> {word(self.target)}"]
        if self.weapon:
            out.append(f"with {phrase(self.weapon, ('hit',))}")
        out.append(f"hit {self.hit_dice.text()} damage {self.damage_dice.text()}")
        if self.damage_type is not None:
            out.append(f"as {self.damage_type.value}")
        if self.head:
            out.append("head")
        if self.ranged or self.distance:
            out.append(f"at {self.distance}")
        if self.freeze_d6 is not None:
            out.append(f"freeze {self.freeze_d6.text()}")
        return " ".join(out)

    def line(self) -> str:
        text = f"{self.mode} {self.attacker} -> {self.target}"
        if self.weapon:
            text += f" with {self.weapon}"
        text += f" hit {self.hit_dice.text()} damage {self.damage_dice.text()}"
        if self.head:
            text += " head"
        if self.ranged:
            text += f" at {self.distance}"
        return text

    def to_json(self) -> Json:
        return {
            "type": self.kind,
            "mode": self.mode,
            "attacker": self.attacker,
            "target": self.target,
            "weapon": self.weapon,
            "damage_type": "" if self.damage_type is None else self.damage_type.value,
            "hit_dice": self.hit_dice.text(),
            "damage_dice": self.damage_dice.text(),
            "head": self.head,
            "distance": self.distance,
            "freeze_d6": dice_json(self.freeze_d6),
        }

    @classmethod
    def read(cls, fields: Mapping[str, Any]) -> Self:
        return cls(
            mode=mode_of(fields.get("mode")),
            attacker=text_of(fields.get("attacker")),
            target=text_of(fields.get("target")),
            weapon=text_of(fields.get("weapon")),
            damage_type=damage_type_of(fields.get("damage_type")),
            hit_dice=Dice.read(fields.get("hit_dice"), "hit dice"),
            damage_dice=Dice.read(fields.get("damage_dice"), "damage dice"),
            head=switch(fields.get("head")),
            distance=whole_number(fields.get("distance") or 0, "distance", minimum=0),
            freeze_d6=Dice.optional(fields.get("freeze_d6"), "freezing d6"),
        )

    @classmethod
    def from_payload(cls, value: Mapping[str, Any]) -> Self:
        read = cls.read({**value, "freeze_d6": ""})
        return replace(read, freeze_d6=stored_dice(value.get("freeze_d6"), "freezing d6"))

    @classmethod
    def from_words(cls, head: str, words: Words) -> Json:
        fields: Json = {"mode": head, "attacker": words.word("the attacker")}
        words.keyword("->")
        fields["target"] = words.word("the target")
        if words.accept("with"):
            fields["weapon"] = words.phrase("a weapon", ("hit",))
        words.keyword("hit")
        fields["hit_dice"] = words.word("the hit dice")
        words.keyword("damage")
        fields["damage_dice"] = words.word("the damage dice")
        names = {"as": "damage_type", "at": "distance", "freeze": "freeze_d6"}
        while words.more():
            key = words.keyword("head", *names)
            if key == "head":
                fields["head"] = True
            else:
                fields[names[key]] = words.word(names[key].replace("_", " "))
        return fields


@dataclass(frozen=True)
class _MoraleRoll(Action):
    """A character's 2d6 against its morale, as rolled."""

    unit: str
    dice: Dice

    def text(self) -> str:
        return f"{self.kind} {word(self.unit)} {self.dice.text()}"

    def line(self) -> str:
        return f"{self.kind} {self.unit} {self.dice.text()}"

    def to_json(self) -> Json:
        return {"type": self.kind, "unit": self.unit, "dice": self.dice.text()}

    @classmethod
    def read(cls, fields: Mapping[str, Any]) -> Self:
        return cls(unit_of(fields), Dice.read(fields.get("dice"), "morale dice"))

    @classmethod
    def from_words(cls, head: str, words: Words) -> Json:
        return {"unit": words.word("a character"), "dice": words.word("the morale dice")}


@dataclass(frozen=True)
class Morale(_MoraleRoll):
    """The morale test a character owes after taking damage."""

    kind: ClassVar[str] = "morale"


@dataclass(frozen=True)
class Rally(_MoraleRoll):
    """A fleeing character re-rolls its morale."""

    kind: ClassVar[str] = "rally"


@dataclass(frozen=True)
class SetCondition(Action):
    """A condition set by hand: on or off, or its number (rounds, +X, poison left)."""

    kind: ClassVar[str] = "condition"
    unit: str
    condition: Condition
    value: bool | int

    def text(self) -> str:
        return f"condition {word(self.unit)} {self.condition} {self.value}"

    def line(self) -> str:
        return f"condition {self.unit} {self.condition} {self.value}"

    def to_json(self) -> Json:
        return {"type": self.kind, "unit": self.unit, "condition": self.condition,
                "value": self.value}  # fmt: skip

    @classmethod
    def read(cls, fields: Mapping[str, Any]) -> Self:
        name = text_of(fields.get("condition")).lower()
        if name not in CONDITIONS:
            raise DomekitError(f"a condition is one of {', '.join(CONDITIONS)} (got {name!r})")
        condition: Condition = name
        value = fields.get("value")
        raw = text_of("" if value is None else value).lower()
        number: bool | int
        if condition in SWITCHES:
            number = raw in TRUE
        else:
            number = whole_number(raw or 0, f"{name} value", minimum=0)
        return cls(unit_of(fields), condition, number)

    @classmethod
    def from_words(cls, head: str, words: Words) -> Json:
        fields = {"unit": words.word("a character"), "condition": words.word("a condition")}
        return {**fields, "value": words.word("its value")}


@dataclass(frozen=True)
class ChangeHp(Action):
    """HP and fatigue changed by hand (healing, a trap, a spell the tracker does not work out)."""

    kind: ClassVar[str] = "hp"
    unit: str
    change: int
    fatigue: int = 0

    def text(self) -> str:
        return self._text(word(self.unit))

    def line(self) -> str:
        return self._text(self.unit)

    def _text(self, unit: str) -> str:
        fatigue = f" fatigue {self.fatigue:+d}" if self.fatigue else ""
        return f"hp {unit} {self.change:+d}{fatigue}"

    def to_json(self) -> Json:
        return {"type": self.kind, "unit": self.unit, "change": self.change,
                "fatigue": self.fatigue}  # fmt: skip

    @classmethod
    def read(cls, fields: Mapping[str, Any]) -> Self:
        return cls(
            unit_of(fields),
            whole_number(fields.get("change"), "HP change"),
            whole_number(fields.get("fatigue") or 0, "fatigue change"),
        )

    @classmethod
    def from_words(cls, head: str, words: Words) -> Json:
        fields = {"unit": words.word("a character"), "change": words.word("the HP change")}
        if words.accept("fatigue"):
            fields["fatigue"] = words.word("the fatigue change")
        return fields


@dataclass(frozen=True)
class SpendAp(Action):
    """An action from the AP table other than an attack: moving, drawing a weapon, berserk..."""

    kind: ClassVar[str] = "spend"
    on_turn: ClassVar[bool] = True
    unit: str
    action: str
    squares: int = 0
    diagonal_squares: int = 0
    difficult_squares: int = 0

    def text(self) -> str:
        text = self._text(word(self.unit), word(self.action))
        return text + (f" difficult {self.difficult_squares}" if self.difficult_squares else "")

    def line(self) -> str:
        return self._text(self.unit, self.action)

    def _text(self, unit: str, action: str) -> str:
        moved = self.squares or self.diagonal_squares
        return f"spend {unit} {action}" + (
            f" {self.squares}+{self.diagonal_squares}d" if moved else ""
        )

    def to_json(self) -> Json:
        return {
            "type": self.kind,
            "unit": self.unit,
            "action": self.action,
            "squares": self.squares,
            "diagonal_squares": self.diagonal_squares,
            "difficult_squares": self.difficult_squares,
        }

    @classmethod
    def read(cls, fields: Mapping[str, Any]) -> Self:
        return cls(
            unit_of(fields),
            text_of(fields.get("action")).lower(),
            whole_number(fields.get("squares") or 0, "squares", minimum=0),
            whole_number(fields.get("diagonal_squares") or 0, "diagonal squares", minimum=0),
            whole_number(fields.get("difficult_squares") or 0, "difficult squares", minimum=0),
        )

    @classmethod
    def from_words(cls, head: str, words: Words) -> Json:
        fields = {"unit": words.word("a character"), "action": words.word("an action")}
        moved = words.peek()
        if moved is not None and moved.endswith("d") and "+" in moved:
            words.keyword()
            fields["squares"], fields["diagonal_squares"] = moved[:-1].split("+", 1)
        if words.accept("difficult"):
            fields["difficult_squares"] = words.word("difficult squares")
        return fields


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


@dataclass(frozen=True)
class NewRound(_Bare):
    """A new round: defences whole again, paralysis one round shorter."""

    kind: ClassVar[str] = "new_round"

    def text(self) -> str:
        return "new round"


@dataclass(frozen=True)
class EndCombat(_Bare):
    """The combat is over."""

    kind: ClassVar[str] = "end_combat"

    def text(self) -> str:
        return "end combat"


@dataclass(frozen=True)
class SetLight(Action):
    """The light the combat is fought in: daylight (None) or a darkness level."""

    kind: ClassVar[str] = "light"
    darkness: Darkness | None = None

    def text(self) -> str:
        return f"light {self.darkness or 'day'}"

    def to_json(self) -> Json:
        return {"type": self.kind, "darkness": self.darkness or ""}

    @classmethod
    def read(cls, fields: Mapping[str, Any]) -> Self:
        darkness = text_of(fields.get("darkness")).lower().replace(" ", "_")
        if darkness in ("day", "light", "none"):
            darkness = ""
        if darkness not in DARKNESS:
            raise DomekitError(f"darkness is night, pitch_dark or blind (got {darkness!r})")
        return cls(cast(Darkness, darkness) if darkness else None)

    @classmethod
    def from_words(cls, head: str, words: Words) -> Json:
        return {"darkness": words.word("the light")}


AnyAction: TypeAlias = (
    AddCharacter
    | ChooseSide
    | Join
    | Leave
    | CarryGear
    | StartTurn
    | Attack
    | Morale
    | Rally
    | SetCondition
    | ChangeHp
    | SpendAp
    | NewRound
    | SetLight
    | EndCombat
)
"""Every action of a Domppa combat."""
KINDS: dict[str, type[AnyAction]] = {
    kind.kind: kind
    for kind in (
        AddCharacter,
        ChooseSide,
        Join,
        Leave,
        CarryGear,
        StartTurn,
        Attack,
        Morale,
        Rally,
        SetCondition,
        ChangeHp,
        SpendAp,
        NewRound,
        SetLight,
        EndCombat,
    )
}
"""The action types by their `type` (the forms' and the log's name)."""
READER: Reader[AnyAction] = Reader(KINDS, Action.from_fields, Action.from_text, Action.from_json)
"""Every action read back: from a form's fields, its text form, its JSON form."""
_HEADS = {head: kind for kind in KINDS.values() for head in kind.heads or (kind.kind,)}


def _kind(value: Any) -> type[AnyAction]:
    kind = KINDS.get(text_of(value))
    if kind is None:
        raise DomekitError(f"unknown action {text_of(value)!r}; the actions are {', '.join(KINDS)}")
    return kind
