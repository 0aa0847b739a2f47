"""Death Dome's actions as typed values, each owning its text form, its parser and its JSON form.

As python-chess's `Move.uci()` and `Move.from_uci()`: `action.text()` is the line the history
shows (`attack red.gunner -> blue.scout with heavy-rifle cards 3,3,3 vs 2`) and
`Action.from_text(line)` reads one back (`Attack.from_text` reads only attacks). `to_json()` is
the object the log stores, the same key for key as the tracker has always stored, and
`Action.from_json(value)` reads a stored one; `Action.from_fields(fields)` reads a form's or a
JSON body's fields, checked field by field, and every refusal names the field. Numbers go
through toolkit.parsing's bounded `whole_number`.

What an action means for the match (who may make it when, what it changes) is the match engine's
(`toolkit.games.deathdome.match`); here it is only read and written. Names of teams, units and
jails are checked against the match there, since they depend on it. Text forms keep single
spaces: a note or an item name typed with runs of spaces reads back with single ones.
"""

from __future__ import annotations

import re
from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Literal, Self, cast

from toolkit.errors import DomekitError
from toolkit.games.deathdome.rules import BEHIND, Behind
from toolkit.games.deathdome.state import UnitRef
from toolkit.games.door import EVERYTHING, Reader
from toolkit.parsing import Json, whole_number

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
    if value in (None, ""):
        return ()
    # A form's card chips and its typed box post a list: each item a value, or blank, or typed.
    items = value if isinstance(value, list) else [value]
    parts = [p for item in items for p in _SEPARATORS.split(str(item)) if p]
    try:
        return tuple(whole_number(part, "a card") for part in parts)
    except DomekitError:
        raise DomekitError(f"{field}: cards are power values like 3,3,1 (got {value!r})") from None


def _shown(values: tuple[int, ...]) -> str:
    return ",".join(map(str, values)) or "-"


def _no_cards(text: str) -> str:
    return "" if text == "-" else text


def _money(amount: int) -> str:
    return f"{amount:,}"


# ------------------------------------------------------------------------------------- base


class Action(ABC):
    """One action of a match. Subclasses are frozen dataclasses with their `kind` (the JSON
    `type`) and the pattern of their text form."""

    kind: ClassVar[str]
    pattern: ClassVar[re.Pattern[str]]

    @abstractmethod
    def text(self) -> str:
        """The line the history shows."""

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


# --------------------------------------------------------------------------------- set-up


@dataclass(frozen=True)
class Seat(Action):
    """The teams clockwise around the table (rules: Choose Colors)."""

    order: tuple[str, ...]

    kind = "seat"
    pattern = _pattern(r"seat (?P<order>\S+)")

    def text(self) -> str:
        return f"seat {','.join(self.order)}"

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

    def members(self) -> Json:
        return {"team": self.team, "item": self.item}

    @classmethod
    def read(cls, fields: Mapping[str, Any]) -> Self:
        return cls(_colour(fields, "team"), _text(fields, "item"))


@dataclass(frozen=True)
class _TeamAction(Action):
    """An action naming only the team making it."""

    team: str

    words: ClassVar[str]  # its text form before the team

    def text(self) -> str:
        return f"{self.words} {self.team}"

    def members(self) -> Json:
        return {"team": self.team}

    @classmethod
    def read(cls, fields: Mapping[str, Any]) -> Self:
        return cls(_colour(fields, "team"))


@dataclass(frozen=True)
class Pass(_TeamAction):
    """A team has finished purchasing."""

    kind = "pass"
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

    def members(self) -> Json:
        return {}

    @classmethod
    def read(cls, fields: Mapping[str, Any]) -> Self:
        return cls()


# ------------------------------------------------------------------------------------- play


@dataclass(frozen=True)
class SplashHit:
    """An enemy next to the target that a splash weapon hits, and the cards it defends with."""

    unit: UnitRef
    cards: tuple[int, ...] = ()


@dataclass(frozen=True)
class Attack(Action):
    """An attack (rules: Combat): the cards played onto the attack stack, the weapon, the target's
    defense cards, temporary +S and +T, what lies behind the target (push back), the adjacent
    enemies a splash weapon hits in the defender's order, the jail for a kill, and the team
    controlling the attacker (kill points go to it)."""

    attacker: UnitRef
    target: UnitRef
    weapon: str = ""
    cards: tuple[int, ...] = ()
    defense: tuple[int, ...] = ()
    bonus_s: int = 0
    bonus_t: int = 0
    behind: Behind = "empty"
    splash: tuple[SplashHit, ...] = ()
    jail: str = ""
    controller: str = ""  # read: the attacker's colour unless the fields name another

    kind = "attack"
    pattern = _pattern(
        rf"attack (?P<attacker>{_UNIT}) -> (?P<target>{_UNIT})(?: with (?P<weapon>\S+))?"
        rf" cards (?P<cards>\S+)(?: vs (?P<defense>\S+))?(?P<rest>.*)"
    )

    def text(self) -> str:
        text = f"attack {self.attacker} -> {self.target}"
        if self.weapon:
            text += f" with {self.weapon}"
        text += f" cards {_shown(self.cards)} vs {_shown(self.defense)}"
        if self.bonus_s:
            text += f" +S{self.bonus_s}"
        if self.bonus_t:
            text += f" +T{self.bonus_t}"
        if self.behind != "empty":
            text += f" behind {self.behind}"
        for hit in self.splash:
            text += f" splash {hit.unit} vs {_shown(hit.cards)}"
        if self.controller != self.attacker.colour:
            text += f" by {self.controller}"
        if self.jail:
            text += f" jail {self.jail}"
        return text

    def members(self) -> Json:
        return {
            "attacker": self.attacker.text(),
            "target": self.target.text(),
            "weapon": self.weapon,
            "cards": list(self.cards),
            "defence": list(self.defense),
            "bonus_s": self.bonus_s,
            "bonus_t": self.bonus_t,
            "behind": self.behind,
            "splash": [{"unit": hit.unit.text(), "cards": list(hit.cards)} for hit in self.splash],
            "jail": self.jail,
            "controller": self.controller,
        }

    def units(self) -> list[UnitRef]:
        """The attacker and every unit it hits."""
        return [self.attacker, self.target, *(hit.unit for hit in self.splash)]

    def touches(self) -> frozenset[str]:
        units = {ref.text() for ref in self.units()}
        teams = {ref.colour for ref in self.units()}
        return frozenset({"turn", *(f"unit:{u}" for u in units), *(f"kills:{t}" for t in teams)})

    @classmethod
    def read(cls, fields: Mapping[str, Any]) -> Self:
        attacker = unit_ref(fields.get("attacker"), "attacker")
        behind = str(fields.get("behind") or "empty").strip().lower()
        if behind not in BEHIND:
            raise DomekitError(f"behind must be one of {', '.join(BEHIND)} (got {behind!r})")
        return cls(
            attacker=attacker,
            target=unit_ref(fields.get("target"), "target"),
            weapon=_text(fields, "weapon"),
            cards=cards(fields.get("cards"), "cards"),
            defense=cards(fields.get("defence"), "defence"),
            bonus_s=whole_number(fields.get("bonus_s") or 0, "bonus_s (+S)", minimum=0),
            bonus_t=whole_number(fields.get("bonus_t") or 0, "bonus_t (+T)", minimum=0),
            behind=cast(Behind, behind),
            splash=_splash(fields.get("splash")),
            jail=_text(fields, "jail"),
            controller=_colour(fields, "controller", attacker.colour),
        )

    @classmethod
    def from_match(cls, found: re.Match[str]) -> Action:
        fields: dict[str, Any] = {
            "attacker": found["attacker"],
            "target": found["target"],
            "weapon": found["weapon"] or "",
            "cards": _no_cards(found["cards"]),
            "defence": _no_cards(found["defense"] or "-"),
        }
        words = found["rest"].split()
        splash: list[str] = []
        index = 0
        while index < len(words):
            word = words[index]
            if re.fullmatch(r"\+S[0-9]+", word):
                fields["bonus_s"] = word[2:]
            elif re.fullmatch(r"\+T[0-9]+", word):
                fields["bonus_t"] = word[2:]
            elif word in ("behind", "by", "jail") and index + 1 < len(words):
                key = {"behind": "behind", "by": "controller", "jail": "jail"}[word]
                fields[key] = words[index + 1]
                index += 1
            elif word == "splash" and index + 3 < len(words) and words[index + 2] == "vs":
                splash.append(f"{words[index + 1]}:{_no_cards(words[index + 3])}")
                index += 3
            else:
                raise DomekitError(f"cannot read {word!r} in the attack {found.string!r}")
            index += 1
        if splash:
            fields["splash"] = "; ".join(splash)
        return cls.read(fields)


def _splash(value: Any) -> tuple[SplashHit, ...]:
    """`blue.medic:2,1; green.scout:` (each adjacent enemy hit, in the defender's chosen order,
    and its cards), or a list of {unit, cards}."""
    raw = value or []
    if isinstance(raw, str):
        raw = [
            {"unit": part.split(":")[0], "cards": part.split(":", 1)[1] if ":" in part else ""}
            for part in raw.split(";")
            if part.strip()
        ]
    if not isinstance(raw, list) or not all(isinstance(hit, Mapping) for hit in raw):
        raise DomekitError(
            "splash is each adjacent enemy hit, like blue.medic:2,1; green.scout: "
            "(or a list of {unit, cards})"
        )
    hits = []
    for hit in raw:
        ref = unit_ref(hit.get("unit"), "splash")
        hits.append(SplashHit(ref, cards(hit.get("cards"), f"splash {ref}")))
    return tuple(hits)


@dataclass(frozen=True)
class Heal(Action):
    """A unit's action in its own base: one Vitae back (rules: Your Base)."""

    unit: UnitRef

    kind = "heal"
    pattern = _pattern(rf"heal (?P<unit>{_UNIT})")

    def text(self) -> str:
        return f"heal {self.unit}"

    def members(self) -> Json:
        return {"unit": self.unit.text()}

    def touches(self) -> frozenset[str]:
        return frozenset({"turn", f"unit:{self.unit}"})

    @classmethod
    def read(cls, fields: Mapping[str, Any]) -> Self:
        return cls(unit_ref(fields.get("unit"), "unit"))


@dataclass(frozen=True)
class Vitae(Action):
    """A card's direct Vitae change (-V unblockable damage, +V healing); a kill credited to the
    team that played it on the unit, if any, to the jail it chooses."""

    unit: UnitRef
    change: int
    credited: str | None = None
    jail: str = ""

    kind = "vitae"
    pattern = _pattern(
        rf"vitae (?P<unit>{_UNIT}) (?P<change>[+-]?[0-9]+)(?: by (?P<credited>{_NAME}))?"
        r"(?: jail (?P<jail>\S+))?"
    )

    def text(self) -> str:
        text = f"vitae {self.unit} {self.change:+d}"
        text += f" by {self.credited}" if self.credited else ""
        return text + (f" jail {self.jail}" if self.jail else "")

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
        return cls(
            unit_ref(fields.get("unit"), "unit"),
            _whole(fields, "change", "change (of Vitae)", minimum=None),
            _optional_colour(fields, "credited"),
            _text(fields, "jail"),
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

    def members(self) -> Json:
        return {"roll": self.roll}

    @classmethod
    def read(cls, fields: Mapping[str, Any]) -> Self:
        return cls(_whole(fields, "roll", "roll (the fans die)", minimum=1))


AnyAction = (
    Seat | Buy | Pass | Sell | Equip | Unequip | Start | Attack | Heal | Vitae | Capture | Points
    | Release | EndTurn | Transfer | EndMatch | Payout
)  # fmt: skip
ACTIONS: dict[str, type[Action]] = {
    cls.kind: cls
    for cls in (
        Seat, Buy, Pass, Sell, Equip, Unequip, Start, Attack, Heal, Vitae, Capture, Points,
        Release, EndTurn, Transfer, EndMatch, Payout,
    )
}  # fmt: skip
"""Every action by its kind (the JSON `type`), in the order the rules come to them."""

READER: Reader[Action] = Reader(ACTIONS, Action.from_fields, Action.from_text, Action.from_json)
"""Every action read back: from a form's fields, its text form, its JSON form."""
