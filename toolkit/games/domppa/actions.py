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
from toolkit.games.domppa.action_base import (
    REGISTRY,
    ROLL,
    TRUE,
    Action,
    Dice,
    Mode,
    UnreadDice,
    _Bare,
    damage_type_of,
    dice_json,
    mode_of,
    stored_dice,
    switch,
    text_of,
    unit_of,
)
from toolkit.games.domppa.action_text import Words, phrase, word
from toolkit.games.domppa.actions_roster import (
    STAT_FIELDS,
    AddCharacter,
    CarryGear,
    ChooseSide,
    Join,
    Leave,
    NightRest,
    Ride,
)
from toolkit.games.domppa.config import Darkness
from toolkit.games.domppa.rules import DamageType
from toolkit.games.door import Reader
from toolkit.parsing import Json, whole_number

__all__ = [  # every action and what the forms read (action_base.py, actions_roster.py too)
    "ROLL",
    "STAT_FIELDS",
    "Action",
    "AddCharacter",
    "CarryGear",
    "ChooseSide",
    "Dice",
    "Join",
    "Leave",
    "NightRest",
    "Ride",
    "UnreadDice",
]

DARKNESS: tuple[str, ...] = ("", *get_args(Darkness))
"""The light of a combat: daylight ("") or one of the rules' darkness levels."""
Condition = Literal["burning", "freezing", "fleeing", "resting", "berserk", "paralysed", "poison"]
CONDITIONS: tuple[Condition, ...] = get_args(Condition)
SWITCHES: tuple[Condition, ...] = ("burning", "freezing", "fleeing", "resting")
"""The conditions that are on or off; the others hold a number (rounds, +X, poison left)."""


# ------------------------------------------------------------------------------- the actions


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
    """A melee blow or a shot, with the two 2d6 rolled (to hit, damage); weapon `none`: unarmed.

    A charge (`charge`: the squares moved straight into the blow) gives a lance its bonus, and a
    target holding a longer weapon strikes first unless it was already in melee (`engaged`; not
    said: it was not), with its own two 2d6 (`first_hit_dice`, `first_damage_dice`); a lance
    that strikes rolls 2d6 to stay whole (`lance_dice`). Dice left out are rolled."""

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
    charge: int = 0  # squares charged straight into the blow (0: no charge)
    engaged: bool | None = None  # the target was already in melee (None: not said)
    first_hit_dice: Dice | None = None  # the charged target's first strike (blank: rolled)
    first_damage_dice: Dice | None = None
    lance_dice: Dice | None = None  # a lance's 2d6 to stay whole (blank: rolled)

    @property
    def ranged(self) -> bool:
        return self.mode == "ranged"

    def _issue_26(self) -> list[tuple[str, str]]:
        """Its charge's words and dice, as (text word, value), only those given."""
        found = []
        if self.charge:
            found.append(("charge", str(self.charge)))
        if self.engaged is not None:
            found.append(("engaged", "yes" if self.engaged else "no"))
        for name, dice in (("first", self.first_hit_dice), ("first_damage", self.first_damage_dice),
                           ("lance", self.lance_dice)):  # fmt: skip
            if dice is not None:
                found.append((name, dice.text()))
        return found

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
        out += [f"{name.replace('_', '-')} {value}" for name, value in self._issue_26()]
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
        if self.charge:
            text += f" charge {self.charge}"
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
            **self._issue_26_json(),
        }

    def _issue_26_json(self) -> Json:
        """The charge's fields, stored only when given (an attack of before reads the same)."""
        found: Json = {"charge": self.charge} if self.charge else {}
        if self.engaged is not None:
            found["engaged"] = self.engaged
        for key in _CHARGE_DICE:
            if getattr(self, key) is not None:
                found[key] = dice_json(getattr(self, key))
        return found

    @classmethod
    def read(cls, fields: Mapping[str, Any]) -> Self:
        mode, weapon = _weapon_chip(fields)
        return cls(
            mode=mode,
            attacker=text_of(fields.get("attacker")),
            target=text_of(fields.get("target")),
            weapon=weapon,
            damage_type=damage_type_of(fields.get("damage_type")),
            hit_dice=Dice.read(fields.get("hit_dice"), "hit dice"),
            damage_dice=Dice.read(fields.get("damage_dice"), "damage dice"),
            head=switch(fields.get("head")),
            distance=_distance(fields, mode),
            freeze_d6=Dice.optional(fields.get("freeze_d6"), "freezing d6"),
            charge=whole_number(fields.get("charge") or 0, "charge (squares)", minimum=0),
            engaged=engaged_of(fields.get("engaged")),
            first_hit_dice=Dice.optional(fields.get("first_hit_dice"), "first strike hit dice"),
            first_damage_dice=Dice.optional(
                fields.get("first_damage_dice"), "first strike damage dice"
            ),
            lance_dice=Dice.optional(fields.get("lance_dice"), "lance dice"),
        )

    @classmethod
    def from_payload(cls, value: Mapping[str, Any]) -> Self:
        blanks = dict.fromkeys(("freeze_d6", *_CHARGE_DICE), "")
        read = cls.read({**value, **blanks})
        stored = {key: stored_dice(value.get(key), what) for key, what in _CHARGE_DICE.items()}
        return replace(
            read,
            freeze_d6=stored_dice(value.get("freeze_d6"), "freezing d6"),
            first_hit_dice=stored["first_hit_dice"],
            first_damage_dice=stored["first_damage_dice"],
            lance_dice=stored["lance_dice"],
        )

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
        names = {"as": "damage_type", "at": "distance", "freeze": "freeze_d6",
                 "charge": "charge", "engaged": "engaged", "first": "first_hit_dice",
                 "first-damage": "first_damage_dice", "lance": "lance_dice"}  # fmt: skip
        while words.more():
            key = words.keyword("head", *names)
            if key == "head":
                fields["head"] = True
            else:
                fields[names[key]] = words.word(names[key].replace("_", " "))
        return fields


def _weapon_chip(fields: Mapping[str, Any]) -> tuple[Mode, str]:
    """How and with what: a form's weapon chip says both in one tap (`with`: `ranged:Shortbow`,
    `melee:none` unarmed; `other_with`, another weapon chosen instead), else its `mode` and
    `weapon` fields do."""
    chip = text_of(fields.get("other_with")) or text_of(fields.get("with"))
    if not chip:
        return mode_of(fields.get("mode")), text_of(fields.get("weapon"))
    mode, colon, weapon = chip.partition(":")
    if not colon:
        raise DomekitError(f"with: how and with what, like ranged:Shortbow (got {chip!r})")
    return mode_of(mode), weapon.strip()


def _distance(fields: Mapping[str, Any], mode: Mode) -> int:
    """The squares to a shot's target. A form's distance box left blank is no distance: a shot
    needs one typed (the form writes no 0 the player did not choose); left out, it is 0."""
    value = fields.get("distance")
    if mode == "ranged" and value is not None and not text_of(value):
        raise DomekitError("distance: type the squares to the target of the shot")
    return whole_number(value or 0, "distance", minimum=0)


_CHARGE_DICE = {
    "first_hit_dice": "first strike hit dice",
    "first_damage_dice": "first strike damage dice",
    "lance_dice": "lance dice",
}


def engaged_of(value: Any) -> bool | None:
    """Whether a charged target was already in melee: yes, no, or not said (blank)."""
    raw = text_of("" if value is None else value).lower()
    if not raw:
        return None
    if raw in (*TRUE, "false", "no", "0", "off"):
        return raw in TRUE
    raise DomekitError(f"engaged: yes or no (was the target already in melee?), got {raw[:20]!r}")


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
    """An action from the AP table other than an attack: moving, drawing a weapon, berserk, the
    heal action (its `target` regains the healer level in HP), formation fighter (its `bonus`,
    attack or defence, for itself and the `comrades` beside it)..."""

    kind: ClassVar[str] = "spend"
    on_turn: ClassVar[bool] = True
    unit: str
    action: str
    squares: int = 0
    diagonal_squares: int = 0
    difficult_squares: int = 0
    target: str = ""
    bonus: str = ""
    comrades: tuple[str, ...] = ()

    def text(self) -> str:
        text = self._text(word(self.unit), word(self.action))
        return text + (f" difficult {self.difficult_squares}" if self.difficult_squares else "")

    def line(self) -> str:
        return self._text(self.unit, self.action)

    def _text(self, unit: str, action: str) -> str:
        moved = self.squares or self.diagonal_squares
        text = f"spend {unit} {action}" + (
            f" {self.squares}+{self.diagonal_squares}d" if moved else ""
        )
        if self.target:
            text += f" on {word(self.target)}"
        if self.bonus:
            text += f" for {word(self.bonus)}"
        if self.comrades:
            text += f" with {','.join(self.comrades)}"
        return text

    def to_json(self) -> Json:
        found: Json = {
            "type": self.kind,
            "unit": self.unit,
            "action": self.action,
            "squares": self.squares,
            "diagonal_squares": self.diagonal_squares,
            "difficult_squares": self.difficult_squares,
        }
        for key in ("target", "bonus"):  # issue 26's fields: stored only when given
            if getattr(self, key):
                found[key] = getattr(self, key)
        if self.comrades:
            found["comrades"] = list(self.comrades)
        return found

    @classmethod
    def read(cls, fields: Mapping[str, Any]) -> Self:
        """As a form sends it: the heal action names its target, formation fighter its bonus
        (attack or defence) and at least one comrade beside it (a field another action does not
        take is left out: one form serves them all)."""
        found = cls.from_payload(fields)
        if found.action != "heal":
            found = replace(found, target="")
        if found.action != "formation_fighter":
            found = replace(found, bonus="", comrades=())
        if found.action == "heal" and not found.target:
            raise DomekitError("heal whom? name the character who regains HP (target)")
        if found.action == "formation_fighter":
            if found.bonus not in FORMATION_BONUSES:
                raise DomekitError("formation fighter: +2 attack or defence? (bonus)")
            if not found.comrades:
                raise DomekitError(
                    "formation fighter needs a comrade beside it: name the comrades (comrades)"
                )
        return found

    @classmethod
    def from_payload(cls, value: Mapping[str, Any]) -> Self:
        """As the log stores it (one of before issue 26 names no target, bonus or comrade)."""
        comrades = value.get("comrades") or ()
        if isinstance(comrades, str):
            comrades = comrades.split(",")
        if not isinstance(comrades, list | tuple) or len(comrades) > MAX_COMRADES:
            raise DomekitError(f"comrades: at most {MAX_COMRADES} characters' ids")
        return cls(
            unit_of(value),
            text_of(value.get("action")).lower(),
            whole_number(value.get("squares") or 0, "squares", minimum=0),
            whole_number(value.get("diagonal_squares") or 0, "diagonal squares", minimum=0),
            whole_number(value.get("difficult_squares") or 0, "difficult squares", minimum=0),
            text_of(value.get("target")),
            text_of(value.get("bonus")).lower(),
            tuple(text_of(c) for c in comrades if text_of(c)),
        )

    @classmethod
    def from_words(cls, head: str, words: Words) -> Json:
        fields = {"unit": words.word("a character"), "action": words.word("an action")}
        moved = words.peek()
        if moved is not None and moved.endswith("d") and "+" in moved:
            words.keyword()
            fields["squares"], fields["diagonal_squares"] = moved[:-1].split("+", 1)
        names = {"difficult": "difficult_squares", "on": "target", "for": "bonus",
                 "with": "comrades"}  # fmt: skip
        while words.more():
            key = names[words.keyword(*names)]
            fields[key] = words.word(key.replace("_", " "))
        return fields


FORMATION_BONUSES = ("attack", "defence")
"""What formation fighter gives: "+2 attack OR defence"."""
MAX_COMRADES = 40


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
    | Ride
    | NightRest
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
        Ride,
        NightRest,
        NewRound,
        SetLight,
        EndCombat,
    )
}
"""The action types by their `type` (the forms' and the log's name)."""
REGISTRY.update(KINDS)


def _from_fields(fields: Mapping[str, Any]) -> AnyAction:
    return cast(AnyAction, Action.from_fields(fields))


def _from_text(text: str) -> AnyAction:
    return cast(AnyAction, Action.from_text(text))


def _from_json(value: Mapping[str, Any]) -> AnyAction:
    return cast(AnyAction, Action.from_json(value))


READER: Reader[AnyAction] = Reader(KINDS, _from_fields, _from_text, _from_json)
"""Every action read back: from a form's fields, its text form, its JSON form."""
