"""How a Dominum action is read and written: the values its fields hold (a player, a space, a
power draw, the cycles), the words of its text form, and `Action`, the base of every action.

The field readers are the forms' parsers: each refuses with a DomekitError naming the field. The
text form's reader turns the words of a typed action into the same fields, so a typed action and
a form are checked alike.
"""

from __future__ import annotations

import re
from abc import ABC, abstractmethod
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Self

from toolkit.errors import DomekitError
from toolkit.games.dominum.board import PLAYERS, Player, Space, space_name
from toolkit.games.dominum.power import CRITICAL, PowerCard, PowerSource, card_json
from toolkit.games.dominum.state import CycleChoice, Cycles
from toolkit.parsing import Json, whole_number

EXAMPLE = "red attack 3,2 -> 3,1 power 2"
_ON = ("1", "true", "yes", "on")


# -- the values actions name ----------------------------------------------------------------------
def read_player(value: Any) -> Player:
    text = str(value or "").strip().lower()
    for player in PLAYERS:
        if text == player:
            return player
    raise DomekitError(f"a player is red or gold (got {value!r})")


def read_space(value: Any, what: str = "space") -> Space:
    """`2,3` (also `2 3`, `2-3`, `r2c3`) or, as on a chess board, `c2`: row 2, column 3."""
    text = str(value or "").strip().lower()
    chess = re.fullmatch(r"([a-z])([0-9]{1,2})", text)
    if chess:
        return int(chess[2]), ord(chess[1]) - ord("a") + 1
    text = text.replace("r", "").replace("c", ",").replace("-", ",")
    parts = [p for p in text.replace(" ", ",").split(",") if p]
    try:
        row, column = (whole_number(p, what) for p in parts)
    except (DomekitError, ValueError):
        raise DomekitError(f"{what}: a space is row,column like 2,3 (got {value!r})") from None
    return row, column


def read_optional_space(value: Any, what: str) -> Space | None:
    return None if value in (None, "") else read_space(value, what)


def read_power_card(value: Any, what: str) -> PowerCard:
    """A power card by its number or `critical`; whether the deck holds it is the rules'."""
    text = str(value if value is not None else "").strip().lower()
    if text == CRITICAL:
        return CRITICAL
    if text.isascii() and text.isdigit():
        return whole_number(text, what)
    raise DomekitError(f"{what}: a power card is its number or critical (got {value!r})")


def read_optional_card(value: Any, what: str) -> PowerCard | None:
    return None if str(value or "").strip() == "" else read_power_card(value, what)


def read_power(value: Any, what: str) -> PowerSource:
    """`deck:3`, `reserve:critical`, or `deck` (the engine's own top card)."""
    text = str(value or "").strip().lower()
    if not text or text == "none":
        raise DomekitError(f"{what}: name the power drawn (deck:3, reserve:critical)")
    head, _, tail = text.partition(":")
    if head == "deck":
        return PowerSource("deck", _source_card(tail, what, value))
    if head == "reserve":
        return PowerSource("reserve", _source_card(tail, what, value))
    raise DomekitError(f"{what}: deck:N or reserve:N (got {value!r})")


def _source_card(tail: str, what: str, value: Any) -> PowerCard | None:
    if not tail:
        return None
    if tail != CRITICAL and not (tail.isascii() and tail.isdigit()):
        raise DomekitError(f"{what}: a power card is its number or critical (got {value!r})")
    return read_power_card(tail, what)


def read_optional_power(value: Any, what: str) -> PowerSource | None:
    text = str(value or "").strip().lower()
    return None if not text or text == "none" else read_power(value, what)


def read_flag(value: Any) -> bool:
    """A checkbox: on, 1, true, yes (any case); anything else is off."""
    return str(value or "").lower() in _ON


def split_cards(text: str) -> list[str]:
    """`3,critical` or `3 critical` as its cards."""
    return [part for part in text.replace(" ", ",").split(",") if part]


def read_name(value: Any) -> str:
    """A card's or a Domain's name as typed, its spaces tidied."""
    return " ".join(str(value or "").split())


def read_cycles(fields: Mapping[str, Any]) -> dict[Player, CycleChoice]:
    """The cycle counters set aside: `cycles` as {player: {counter, revealed}} (a JSON body), or
    a form's `cycle_<player>` and `cycle_<player>_revealed` fields."""
    nested = fields.get("cycles")
    out: dict[Player, CycleChoice] = {}
    if isinstance(nested, Mapping):
        for key, choice in nested.items():
            player = read_player(key)
            where = f"cycles.{player}"
            if not isinstance(choice, Mapping):
                raise DomekitError(f"{where}: an object with the fields counter and revealed")
            counter = choice.get("counter")
            revealed = choice.get("revealed") or []
            if isinstance(revealed, str):
                revealed = split_cards(revealed)
            if not isinstance(revealed, list):
                raise DomekitError(f"{where}.revealed: a list of power cards")
            out[player] = CycleChoice(
                None if counter in (None, "") else whole_number(counter, "counter"),
                tuple(read_power_card(card, f"{where}.revealed") for card in revealed),
            )
        return out
    for player in PLAYERS:
        counter = str(fields.get(f"cycle_{player}") or "").strip()
        revealed = str(fields.get(f"cycle_{player}_revealed") or "").strip().lower()
        if counter or revealed:
            if counter and not counter.isdigit():
                raise DomekitError(f"cycle counter for {player}: a number (got {counter!r})")
            out[player] = CycleChoice(
                whole_number(counter, "counter") if counter else None,
                tuple(
                    read_power_card(c, f"cycle_{player}_revealed") for c in split_cards(revealed)
                ),
            )
    return out


def power_json(source: PowerSource | None) -> str | None:
    return None if source is None else source.to_json()


def space_json(space: Space | None) -> str | None:
    return None if space is None else space_name(space)


def cycles_json(cycles: Cycles) -> Json:
    return {
        player: {"counter": c.counter, "revealed": [card_json(r) for r in c.revealed]}
        for player, c in cycles.items()
    }


def cycles_text(cycles: Cycles) -> str:
    text = ""
    for player, choice in cycles.items():
        text += f" cycle {player} {'none' if choice.counter is None else choice.counter}"
        if choice.revealed:
            text += f" turns up {','.join(card_json(c) for c in choice.revealed)}"
    return text


def drawn_cards(*sources: PowerSource | None, cycles: Cycles) -> Iterator[PowerCard]:
    """The power cards draws name (the card turned up, the reserve card used) and the cards the
    cycles turned up."""
    for source in sources:
        if source is not None and source.card is not None:
            yield source.card
    for choice in cycles.values():
        yield from choice.revealed


# -- reading a text form --------------------------------------------------------------------------
class Words:
    """The words of a text form after its verb, read left to right."""

    def __init__(self, text: str, line: str) -> None:
        self.words = text.split()
        self.line = line
        self.at = 0

    def done(self) -> bool:
        return self.at >= len(self.words)

    def peek(self, ahead: int = 0) -> str:
        at = self.at + ahead
        return self.words[at].lower() if at < len(self.words) else ""

    def rest(self) -> str:
        """Every word left, as one text (a card's or a Domain's name)."""
        text = " ".join(self.words[self.at :])
        self.at = len(self.words)
        return text

    def next(self, what: str) -> str:
        if self.done():
            raise DomekitError(f"{self.line!r}: {what} is missing (e.g. {EXAMPLE!r})")
        self.at += 1
        return self.words[self.at - 1]

    def take(self, word: str) -> bool:
        if self.peek() == word:
            self.at += 1
            return True
        return False

    def expect(self, word: str) -> None:
        if not self.take(word):
            found = self.peek() or "the end"
            raise DomekitError(f"{self.line!r}: expected {word!r}, found {found!r}")

    def unread(self) -> DomekitError:
        return DomekitError(f"{self.line!r}: cannot read {' '.join(self.words[self.at :])!r}")

    def power(self, what: str) -> str:
        """A power draw as its field: a bare card is the card turned up from the deck."""
        token = self.next(what).lower()
        if token == CRITICAL or (token.isascii() and token.isdigit()):
            return f"deck:{token}"
        return token

    def cycle(self, cycles: Json) -> None:
        """`cycle red 2 [turns up critical,3]`: the counter set aside (or none)."""
        player = self.next("the player who cycles")
        counter = self.next("the cycle counter set aside (or none)")
        revealed: list[str] = []
        if self.take("turns"):
            self.expect("up")
            revealed = split_cards(self.next("the cards turned up"))
        cycles[player] = {"counter": None if counter.lower() == "none" else counter,
                          "revealed": revealed}  # fmt: skip

    def draws(self, answer: str) -> Json:
        """`vs <power>` (the other player's draw, into the field `answer`) and `cycle ...`
        clauses, to the end."""
        fields: Json = {}
        cycles: Json = {}
        while not self.done():
            if answer and self.take("vs"):
                fields[answer] = self.power("the other player's power")
            elif self.take("cycle"):
                self.cycle(cycles)
            else:
                raise self.unread()
        return {**fields, "cycles": cycles}


# -- the actions ----------------------------------------------------------------------------------
class Action(ABC):
    """One action of a Dominum match. `kind` is its JSON form's `type`; `VERBS` name it in its
    text form, after its player (`red attack ...`) or before (`attack red ...`)."""

    kind: ClassVar[str]
    VERBS: ClassVar[tuple[str, ...]]
    NAMES_PLAYER: ClassVar[bool] = True
    registry: ClassVar[dict[str, type[Action]]] = {}
    """Every action type by its `type`, in the order the rule book meets them."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "kind" in cls.__dict__:
            Action.registry[cls.kind] = cls

    @abstractmethod
    def text(self) -> str:
        """The text form, as the history shows it."""

    @abstractmethod
    def members(self) -> Json:
        """The JSON form's members after `type`, in the order the tracker always stored them."""

    @classmethod
    @abstractmethod
    def read(cls, fields: Mapping[str, Any]) -> Self:
        """This action from form fields (or its JSON form), checked."""

    @classmethod
    @abstractmethod
    def text_fields(cls, verb: str, words: Words) -> Json:
        """The form fields a text form names after its verb (and its player)."""

    def to_json(self) -> Json:
        return {"type": self.kind, **self.members()}

    def power_cards(self) -> Iterator[PowerCard]:
        """Every power card the action names (its draws, the cards turned up), which the rules'
        Power Deck must hold."""
        return iter(())

    @classmethod
    def from_fields(cls, fields: Mapping[str, Any]) -> Self:
        """An action from a form's or a JSON body's fields: of the `type` they name (on
        `Action`), or of this type (on a subclass)."""
        kind = str(fields.get("type") or "").strip()
        target: type[Action] = cls
        if cls is Action:
            if kind not in cls.registry:
                known = ", ".join(cls.registry)
                raise DomekitError(f"unknown action {kind!r}; the actions are {known}")
            target = cls.registry[kind]
        elif kind not in ("", cls.kind):
            raise DomekitError(f"this is a {kind!r} action, not a {cls.kind!r} one")
        action = target.read(fields)
        if not isinstance(action, cls):  # pragma: no cover - the registry maps a type to its class
            raise DomekitError(f"a {kind!r} action is not a {cls.__name__}")
        return action

    @classmethod
    def from_json(cls, value: Mapping[str, Any]) -> Self:
        """An action from its JSON form (the log, an export), checked as fields are."""
        return cls.from_fields(value)

    @classmethod
    def from_text(cls, text: str) -> Self:
        """An action from its text form; DomekitError naming what cannot be read."""
        line = " ".join(str(text).split())
        first, _, after = line.partition(" ")
        player = first if first.lower() in PLAYERS else None
        body = after if player is not None else line
        for verb, target in _verbs():
            head = body[: len(verb)].lower().replace("_", " ")
            if head != verb or body[len(verb) : len(verb) + 1] not in ("", " "):
                continue
            if cls is not Action and target is not cls:
                break
            words = Words(body[len(verb) :], line)
            fields: Json = {"type": target.kind}
            if target.NAMES_PLAYER:
                fields["player"] = player if player is not None else words.next("the player")
            elif player is not None:
                raise DomekitError(f"{line!r}: {verb} names no player")
            fields.update(target.text_fields(verb, words))
            if not words.done():
                raise words.unread()
            return cls.from_fields(fields)
        raise DomekitError(
            f"cannot read {line!r} as an action; write it as the history shows actions, "
            f"e.g. {EXAMPLE!r}"
        )


def _verbs() -> list[tuple[str, type[Action]]]:
    """Every action's verbs, the longest first (`alt attack` before `attack`)."""
    verbs = [(verb, cls) for cls in Action.registry.values() for verb in cls.VERBS]
    return sorted(verbs, key=lambda pair: -len(pair[0]))


# -- the shapes several actions share -------------------------------------------------------------
@dataclass(frozen=True)
class PlayerAction(Action):
    """An action that names only its player."""

    player: Player

    def members(self) -> Json:
        return {"player": self.player}

    def text(self) -> str:
        return f"{self.player} {self.VERBS[0]}"

    @classmethod
    def read(cls, fields: Mapping[str, Any]) -> Self:
        return cls(read_player(fields.get("player")))

    @classmethod
    def text_fields(cls, verb: str, words: Words) -> Json:
        return {}


@dataclass(frozen=True)
class SpaceAction(Action):
    """An action of a player on one space."""

    player: Player
    space: Space

    def members(self) -> Json:
        return {"player": self.player, "space": space_name(self.space)}

    def text(self) -> str:
        return f"{self.player} {self.VERBS[0]} {space_name(self.space)}"

    @classmethod
    def read(cls, fields: Mapping[str, Any]) -> Self:
        return cls(read_player(fields.get("player")), read_space(fields.get("space")))

    @classmethod
    def text_fields(cls, verb: str, words: Words) -> Json:
        return {"space": words.next("the space")}


@dataclass(frozen=True)
class CardAction(Action):
    """A card from the hand onto a space."""

    player: Player
    card: str
    space: Space

    def members(self) -> Json:
        return {"player": self.player, "card": self.card, "space": space_name(self.space)}

    def text(self) -> str:
        return f"{self.player} {self.VERBS[0]} {self.card} at {space_name(self.space)}"

    @classmethod
    def read(cls, fields: Mapping[str, Any]) -> Self:
        card = read_name(fields.get("card"))
        if not card:
            raise DomekitError("name the card")
        return cls(read_player(fields.get("player")), card, read_space(fields.get("space")))

    @classmethod
    def text_fields(cls, verb: str, words: Words) -> Json:
        found = re.fullmatch(r"(.+) at (\S+)", words.rest())
        if found is None:
            raise DomekitError(f"{words.line!r}: write it as 'red {verb} <card> at 2,3'")
        return {"card": found[1], "space": found[2]}


@dataclass(frozen=True)
class MoveAction(Action):
    """A card from one space to another."""

    player: Player
    start: Space
    end: Space

    def members(self) -> Json:
        return {"player": self.player, "start": space_name(self.start), "end": space_name(self.end)}

    def text(self) -> str:
        return f"{self.player} {self.VERBS[0]} {space_name(self.start)} -> {space_name(self.end)}"

    @classmethod
    def read(cls, fields: Mapping[str, Any]) -> Self:
        return cls(
            read_player(fields.get("player")),
            read_space(fields.get("start"), "from"),
            read_space(fields.get("end"), "to"),
        )

    @classmethod
    def text_fields(cls, verb: str, words: Words) -> Json:
        start = words.next("the space moved from")
        words.expect("->")
        return {"start": start, "end": words.next("the space moved to")}
