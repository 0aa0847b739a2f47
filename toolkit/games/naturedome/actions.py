"""Nature Dome's actions: typed values, each owning its text form, its parser and its JSON form.

As python-chess's `Move.uci()` and `Move.from_uci()`: `action.text()` writes an action the way
the history shows it and a person may type it, `Kind.from_text(text)` reads it back, and
`to_json()` / `Kind.from_json(value)` are the form the tracker's log stores (the stored payloads
of earlier versions read back unchanged).

Two levels, as the match engine (match.py) takes them:

- the rule text's own steps, one card at a time: `boost howl`, `attack claw`, `defend shell`,
  `escape hare` (`LayBoost`, `Attack`, `Respond`);
- what the tracker records from a phone: one whole clash,
  `clash P1 boost pack-howl attack bear-swipe / P2 defend shell-guard` (`Clash`: the attacker's
  Attack Boosts in laying order, the attack card, then the defender's answer), and the table's
  count of its cards, `recount hands 3,2 draw pile 40` (`Recount`).

Players are numbered 1 and 2 in every text and JSON form, and indexed 0 and 1 inside (Player 1
is index 0). A card is named by its id in power_cards.csv (one word). Every parser refuses with
a DomekitError naming the field.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Final, Self

from toolkit.errors import DomekitError
from toolkit.games.door import Reader
from toolkit.games.naturedome.rules import CARD_ID, Defense
from toolkit.parsing import Json, title_of, whole_number

CLASH_FORM: Final = "clash P1 boost pack-howl attack bear-swipe / P2 defend shell-guard"
RECOUNT_FORM: Final = "recount hands 3,2 draw pile 40"
HAND_FORM: Final = "hand P1 bear-swipe,shell-guard"
MOST_NAMED = 10  # cards named at once (a hand holds three; an Attack Boost's draw adds three)
_CARD = re.compile(CARD_ID)
_RECOUNT = re.compile(r"recount hands (\d+),(\d+) draw pile (\d+)")


# -- the fields every action reads --------------------------------------------------------------


def player_index(value: Any, what: str) -> int:
    """A player as a form, a JSON body or a text names them: 1, "2", "P1", "player 2" -> 0 or 1."""
    if isinstance(value, bool) or not isinstance(value, int | str):
        raise DomekitError(f"{what}: a player is 1 or 2 (got {value!r})")
    text = str(value).strip().lower().removeprefix("player").removeprefix("p").strip()
    if text not in ("1", "2"):
        raise DomekitError(f"{what}: a player is 1 or 2 (got {value!r})")
    return int(text) - 1


def card_id(value: Any, what: str) -> str:
    """A card's id as power_cards.csv spells it: one word of letters, digits, '-', '_', '.'."""
    if value is None or value == "":
        raise DomekitError(f"name the {what}")
    if not isinstance(value, str):
        raise DomekitError(f"the {what}: a card id is text (got {value!r})")
    text = value.strip()
    if not text:
        raise DomekitError(f"name the {what}")
    if not _CARD.fullmatch(text):
        raise DomekitError(
            f"the {what}: {text[:40]!r} is not a card id (one word of letters, digits, '-', '_' "
            "or '.', as in power_cards.csv)"
        )
    return text


def defense_of(value: Any) -> Defense:
    """How the defender answers: "defend" or "escape" (the JSON and form field `defence`)."""
    text = value.strip().lower() if isinstance(value, str) else value
    if text not in ("defend", "escape"):
        raise DomekitError(f"the defender defends or escapes (got {text!r})")
    return Defense(text)


def boost_ids(value: Any) -> tuple[str, ...]:
    """The Attack Boosts laid, in order: a list of ids, or one text of ids separated by ',' or ';'
    (blanks are skipped: a form's empty boost selects)."""
    if value is None or value == "":
        return ()
    if isinstance(value, str):
        value = value.replace(";", ",").split(",")
    if not isinstance(value, list | tuple):
        raise DomekitError(f"the Attack Boosts: a list of card ids (got {value!r})")
    laid = [item for item in value if not (isinstance(item, str) and not item.strip())]
    return tuple(card_id(item, f"Attack Boost {n}") for n, item in enumerate(laid, start=1))


def count_of(value: Any, what: str) -> int:
    """A count of cards: a whole number from 0."""
    return whole_number(value, what, minimum=0)


# -- one card at a time: the rule text's steps --------------------------------------------------


@dataclass(frozen=True)
class _AttackersCard:
    """One card the attacker lays: `<verb> <card id>`."""

    card: str
    kind: ClassVar[str]  # its verb
    WHAT: ClassVar[str]  # the card, as a refusal names it
    SAID: ClassVar[str]  # what the attacker does with it, as a sentence says it

    def text(self) -> str:
        return f"{self.kind} {self.card}"

    def line(self) -> str:
        return f"The attacker {self.SAID} {title_of(self.card)}"

    @classmethod
    def from_text(cls, text: str) -> Self:
        return cls(_one_card(text, cls.kind))

    def to_json(self) -> Json:
        return {"type": self.kind, "card": self.card}

    @classmethod
    def from_json(cls, value: Mapping[str, Any]) -> Self:
        return cls(card_id(value.get("card"), cls.WHAT))

    def __str__(self) -> str:
        return self.text()


class LayBoost(_AttackersCard):
    """The attacker lays an Attack Boost (the attack card, or another boost, goes on it)."""

    kind = "boost"
    WHAT = "Attack Boost"
    SAID = "lays the Attack Boost"


class Attack(_AttackersCard):
    """The attacker lays the attack card (on the boosts laid before it, if any)."""

    kind = "attack"
    WHAT = "attack card"
    SAID = "attacks with"


@dataclass(frozen=True)
class Respond:
    """The defender defends or escapes with one card; this resolves the clash."""

    defense: Defense
    card: str

    @property
    def kind(self) -> str:
        return self.defense.value

    def text(self) -> str:
        return f"{self.defense.value} {self.card}"

    def line(self) -> str:
        return f"The defender {self.defense.value}s with {title_of(self.card)}"

    @classmethod
    def from_text(cls, text: str) -> Respond:
        verb = text.strip().partition(" ")[0]
        if verb not in ("defend", "escape"):
            raise DomekitError(f"action {text!r}: an answer is 'defend <card id>' or 'escape ...'")
        return cls(Defense(verb), _one_card(text, verb))

    def to_json(self) -> Json:
        return {"type": self.defense.value, "card": self.card}

    @classmethod
    def from_json(cls, value: Mapping[str, Any]) -> Respond:
        defense = defense_of(value.get("type"))
        return cls(defense, card_id(value.get("card"), f"{defense.value} card"))

    def __str__(self) -> str:
        return self.text()


def _one_card(text: str, verb: str) -> str:
    """The card of `<verb> <card id>`."""
    word, _, rest = text.strip().partition(" ")
    rest = rest.strip()
    if word != verb or not rest or " " in rest:
        raise DomekitError(f"action {text!r}: expected '{verb} <card id>'")
    return card_id(rest, "card")


# -- what the tracker records -------------------------------------------------------------------


@dataclass(frozen=True)
class Clash:
    """One whole clash as the table plays it: the attacker lays their Attack Boosts (in order)
    and the attack card, the defender answers with one card, defending or escaping."""

    attacker: int  # 0: Player 1 attacks, 1: Player 2
    attack: str
    defense: Defense
    card: str
    boosts: tuple[str, ...] = ()
    kind: ClassVar[str] = "clash"

    @property
    def defender(self) -> int:
        return 1 - self.attacker

    def steps(self) -> tuple[LayBoost | Attack | Respond, ...]:
        """The clash as the rule text's steps, one card at a time."""
        return (
            *(LayBoost(boost) for boost in self.boosts),
            Attack(self.attack),
            Respond(self.defense, self.card),
        )

    def text(self) -> str:
        boosts = "".join(f"boost {boost} " for boost in self.boosts)
        return (
            f"clash P{self.attacker + 1} {boosts}attack {self.attack} / "
            f"P{self.defender + 1} {self.defense.value} {self.card}"
        )

    def line(self) -> str:
        boosts = "".join(f"{title_of(boost)} and " for boost in self.boosts)
        return (
            f"Player {self.attacker + 1} attacks with {boosts}{title_of(self.attack)}; "
            f"Player {self.defender + 1} {self.defense.value}s with {title_of(self.card)}"
        )

    @classmethod
    def from_text(cls, text: str) -> Clash:
        """`clash P1 [boost <id> ...] attack <id> / P2 defend|escape <id>` ("clash" may be left
        out; P1 may be written p1 or player1)."""
        words = text.strip().split()
        if words[:1] == ["clash"]:
            words = words[1:]
        laid, _, answer = " ".join(words).partition("/")
        laid_words, answer_words = laid.split(), answer.split()
        if len(laid_words) < 3 or len(answer_words) != 3 or laid_words[0][:1].lower() != "p":
            raise DomekitError(f"type a clash as: {CLASH_FORM} (got {text!r})")
        pairs = laid_words[1:]
        if len(pairs) % 2:
            raise DomekitError(f"{laid.strip()!r}: each card follows its verb (boost, attack)")
        boosts: list[str] = []
        attack = ""
        for verb, card in zip(pairs[::2], pairs[1::2], strict=True):
            if verb == LayBoost.kind and not attack:
                boosts.append(card_id(card, f"Attack Boost {len(boosts) + 1}"))
            elif verb == Attack.kind and not attack:
                attack = card_id(card, "attack card")
            else:
                raise DomekitError(f"{laid.strip()!r}: boosts first, then one attack card")
        if not attack:
            raise DomekitError(f"{text!r}: an attack card, then the answer: defend or escape")
        respond = Respond.from_text(" ".join(answer_words[1:]))
        attacker = player_index(laid_words[0], "the attacker")
        if player_index(answer_words[0], "the defender") != 1 - attacker:
            raise DomekitError(f"{text!r}: the other player answers the attack")
        return cls(attacker, attack, respond.defense, respond.card, tuple(boosts))

    def to_json(self) -> Json:
        return {
            "type": self.kind,
            "attacker": self.attacker + 1,
            "boosts": list(self.boosts),
            "attack": self.attack,
            "defence": self.defense.value,
            "card": self.card,
        }

    @classmethod
    def from_json(cls, value: Mapping[str, Any]) -> Clash:
        """The JSON form, or a form's fields (the same names; `boosts` may be one text)."""
        defense = defense_of(value.get("defence"))
        return cls(
            attacker=player_index(value.get("attacker"), "the attacker"),
            boosts=boost_ids(value.get("boosts")),
            attack=card_id(value.get("attack"), "attack card"),
            defense=defense,
            card=card_id(value.get("card"), f"{defense.value} card"),
        )

    def __str__(self) -> str:
        return self.text()


@dataclass(frozen=True)
class Recount:
    """The table counted its cards: each hand and the draw pile (the played pile is known)."""

    hands: tuple[int, int]
    draw_pile: int
    kind: ClassVar[str] = "recount"

    def text(self) -> str:
        return f"recount hands {self.hands[0]},{self.hands[1]} draw pile {self.draw_pile}"

    def line(self) -> str:
        return (
            f"The table counts its cards: Player 1 holds {self.hands[0]}, Player 2 "
            f"{self.hands[1]}, the draw pile {self.draw_pile}"
        )

    @classmethod
    def from_text(cls, text: str) -> Recount:
        found = _RECOUNT.fullmatch(" ".join(text.split()))
        if found is None:
            raise DomekitError(f"type a recount as: {RECOUNT_FORM}")
        hand1, hand2, pile = found.groups()
        return cls.from_fields({"hand1": hand1, "hand2": hand2, "draw_pile": pile})

    @classmethod
    def from_fields(cls, fields: Mapping[str, Any]) -> Recount:
        """A form's fields: `hand1`, `hand2`, `draw_pile`."""
        return cls(
            hands=(
                count_of(fields.get("hand1"), "Player 1's hand"),
                count_of(fields.get("hand2"), "Player 2's hand"),
            ),
            draw_pile=count_of(fields.get("draw_pile"), "the draw pile"),
        )

    def to_json(self) -> Json:
        return {"type": self.kind, "hands": list(self.hands), "draw_pile": self.draw_pile}

    @classmethod
    def from_json(cls, value: Mapping[str, Any]) -> Recount:
        hands = value.get("hands")
        if not isinstance(hands, list | tuple) or len(hands) != 2:
            raise DomekitError(f"a recount's hands: two counts, Player 1's first (got {hands!r})")
        return cls(
            hands=(count_of(hands[0], "Player 1's hand"), count_of(hands[1], "Player 2's hand")),
            draw_pile=count_of(value.get("draw_pile"), "the draw pile"),
        )

    def __str__(self) -> str:
        return self.text()


@dataclass(frozen=True)
class Hand:
    """A player names cards they drew, which the tracker holds face down (their hand is their
    own: "Each player draws three Power Cards"); each card is then one tap to play."""

    player: int  # 0: Player 1
    cards: tuple[str, ...]
    kind: ClassVar[str] = "hand"

    def text(self) -> str:
        return f"hand P{self.player + 1} {','.join(self.cards)}"

    def line(self) -> str:
        count = len(self.cards)
        return f"Player {self.player + 1} notes {count} card{'s' if count != 1 else ''} drawn"

    @classmethod
    def from_text(cls, text: str) -> Hand:
        """`hand P1 bear-swipe,shell-guard`."""
        words = text.split()
        if len(words) != 3 or words[0] != cls.kind:
            raise DomekitError(f"type a hand as: {HAND_FORM} (got {text!r})")
        return cls.from_json({"player": words[1], "cards": words[2]})

    def to_json(self) -> Json:
        return {"type": self.kind, "player": self.player + 1, "cards": list(self.cards)}

    def touches(self) -> frozenset[str]:
        """Naming a card clashes with nothing the player decided on: a phone naming three cards
        in three quick taps records all three (the rules check each as it is applied)."""
        return frozenset(f"hand:{self.player + 1}:{card}" for card in self.cards)

    @classmethod
    def from_json(cls, value: Mapping[str, Any]) -> Hand:
        """The JSON form, or a form's fields: `player`, and `cards` (a list or one text of ids
        separated by ','), or a form button's one `card`."""
        raw = value.get("cards", value.get("card"))
        if isinstance(raw, str):
            raw = raw.replace(";", ",").split(",")
        if not isinstance(raw, list | tuple) or not raw:
            raise DomekitError("name the card(s) drawn: cards, a list of card ids")
        if len(raw) > MOST_NAMED:
            raise DomekitError(f"name at most {MOST_NAMED} cards at once (got {len(raw)})")
        cards = tuple(card_id(item, f"card {n}") for n, item in enumerate(raw, start=1))
        return cls(player_index(value.get("player"), "the player"), cards)

    def __str__(self) -> str:
        return self.text()


Step = LayBoost | Attack | Respond
"""One card laid: the rule text's steps."""
TableAction = Clash | Recount | Hand | LayBoost | Attack | Respond
"""What the tracker records: a whole clash (full tracking), or its steps one tap each with the
hands named as they are drawn (light tracking), and the table's recount."""
Action = TableAction
"""Everything the match engine applies."""

TABLE_KINDS: Final = (Clash.kind, Recount.kind, Hand.kind)
STEP_KINDS: Final = (LayBoost.kind, Attack.kind, "defend", "escape")


def parse(text: str) -> Action:
    """Any action's text form: `boost ID`, `attack ID`, `defend ID`, `escape ID`, a clash, a
    recount or a hand."""
    verb = text.strip().partition(" ")[0]
    if verb == LayBoost.kind:
        return LayBoost.from_text(text)
    if verb == Attack.kind:
        return Attack.from_text(text)
    if verb in ("defend", "escape"):
        return Respond.from_text(text)
    if verb == Hand.kind:
        return Hand.from_text(text)
    if verb in (Clash.kind, Recount.kind) or verb[:1].lower() == "p":
        return Recount.from_text(text) if verb == Recount.kind else Clash.from_text(text)
    raise DomekitError(
        f"action {text!r}: the verb must be boost, attack, defend or escape (one card), "
        f"or a whole clash ({CLASH_FORM}), a recount ({RECOUNT_FORM}) or a hand ({HAND_FORM})"
    )


def parse_table_action(text: str) -> TableAction:
    """What the tracker records, typed as its text form (what the history shows)."""
    return parse(text)


def table_action_from_fields(fields: Mapping[str, Any]) -> TableAction:
    """A form's or a JSON body's fields as the action its `type` names."""
    if fields.get("type") == Recount.kind and "hands" not in fields:
        return Recount.from_fields(fields)
    return from_json(fields)


def from_json(value: Mapping[str, Any]) -> Action:
    """Any action back from its JSON form (or a form's fields: the same names)."""
    kind = value.get("type")
    if kind == Clash.kind:
        return Clash.from_json(value)
    if kind == Recount.kind:
        return Recount.from_json(value)
    if kind == Hand.kind:
        return Hand.from_json(value)
    if kind == LayBoost.kind:
        return LayBoost.from_json(value)
    if kind == Attack.kind:
        return Attack.from_json(value)
    if kind in ("defend", "escape"):
        return Respond.from_json(value)
    raise DomekitError(f"unknown action {kind!r}; the actions are {', '.join(ALL_KINDS)}")


def table_action_from_json(value: Mapping[str, Any]) -> TableAction:
    """A logged action."""
    return from_json(value)


ALL_KINDS: Final = (*TABLE_KINDS, *STEP_KINDS)
TABLE_READER: Reader[TableAction] = Reader(
    ALL_KINDS, table_action_from_fields, parse_table_action, table_action_from_json
)
"""What the tracker records read back: from a form's fields, its text form, its JSON form."""
