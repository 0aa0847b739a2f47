"""The actions of a light match (light.py): no board is tracked, so an attack names its cards,
not their spaces, and the table tells what the board adds; the defender answers it in an action
of its own, as the rules have it ("the active player always draws first and says out loud what
the total is. The opponent then decides whether to use one of their power cards"); the table
says when a round ends.

    red card attack Shadowblade -> Flesh Hunter power 3 [as free strike] [lunge 2]
        [with 1] [weakened attacker,target] [where opponent,own] [adds 1] [defense adds 1]
        [cycle red 2 [turns up critical]]
    gold defend power reserve:4          gold defend no draw
    red gain 1 charge                    end round
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, Self

from toolkit.errors import DomekitError
from toolkit.games.dominum.actions.abilities import ChargeTokens
from toolkit.games.dominum.actions.forms import (
    Action,
    Words,
    cycles_json,
    cycles_text,
    drawn_cards,
    power_json,
    read_cycles,
    read_flag,
    read_name,
    read_optional_power,
    read_player,
    read_power,
)
from toolkit.games.dominum.board import Player
from toolkit.games.dominum.power import CRITICAL, PowerCard, PowerSource
from toolkit.games.dominum.rules import AttackKind
from toolkit.games.dominum.state import Cycles
from toolkit.games.dominum.triggers import Where
from toolkit.parsing import Json, whole_number

KINDS = {kind.value: kind for kind in AttackKind}
WHERE: tuple[Where, ...] = ("own", "opponent", "neutral")
NO_DRAW = "none"
"""A defender's answer that draws no power (the form's button, the text form's `no draw`)."""


def _where(value: Any, what: str) -> Where | None:
    """Whose Domain a card stands in, to its owner; blank: the table did not say."""
    text = str(value or "").strip().lower()
    if not text:
        return None
    for place in WHERE:
        if text == place:
            return place
    raise DomekitError(f"{what}: own, opponent or neutral (got {value!r})")


def _drawn(power: PowerSource) -> str:
    """A draw in words: `3`, `a reserve 4`, `the Critical`, `from the deck`."""
    if power.card is None:
        return "from the deck"
    card = "the Critical" if power.card == CRITICAL else str(power.card)
    return f"a reserve {card}" if power.source == "reserve" else card


def _count(value: Any, what: str) -> int:
    return 0 if value in (None, "") else whole_number(value, what, minimum=0)


@dataclass(frozen=True)
class CardAttack(Action):
    """An attack in a light match: the player's card `attacker` attacks the opponent's card
    `target` (by name) and draws `power` (after a Lunge, `lunge_first` is the first card drawn,
    ignored). What the board adds, the table says: `coordinating` allies (+1 each), a Weaken
    token on either card, whose Domain each stands in (Infiltrate, Protector), anything else
    (`adds`, `defense_adds`). The defender answers with `Defend`."""

    kind = "card_attack"
    VERBS = ("card attack",)
    player: Player
    attacker: str
    target: str
    power: PowerSource
    attack_kind: AttackKind = AttackKind.ATTACK
    lunge_first: PowerSource | None = None
    coordinating: int = 0
    attacker_weakened: bool = False
    target_weakened: bool = False
    attacker_where: Where | None = None
    target_where: Where | None = None
    adds: int = 0
    defense_adds: int = 0
    cycles: Cycles = field(default_factory=dict)

    def members(self) -> Json:
        found: Json = {
            "player": self.player,
            "attacker": self.attacker,
            "target": self.target,
            "power": self.power.to_json(),
            "kind": self.attack_kind.value,
        }
        optional: Json = {
            "lunge_first": power_json(self.lunge_first),
            "coordinating": self.coordinating,
            "attacker_weakened": self.attacker_weakened,
            "target_weakened": self.target_weakened,
            "attacker_where": self.attacker_where,
            "target_where": self.target_where,
            "adds": self.adds,
            "defense_adds": self.defense_adds,
        }
        found.update({k: v for k, v in optional.items() if v})
        return {**found, "cycles": cycles_json(self.cycles)}

    def text(self) -> str:
        text = (
            f"{self.player} card attack {self.attacker} -> {self.target} power {self.power.text()}"
        )
        if self.attack_kind != AttackKind.ATTACK:
            text += f" as {self.attack_kind.value}"
        if self.lunge_first is not None:
            text += f" lunge {self.lunge_first.text()}"
        if self.coordinating:
            text += f" with {self.coordinating}"
        weakened = [n for n, on in (("attacker", self.attacker_weakened),
                                    ("target", self.target_weakened)) if on]  # fmt: skip
        if weakened:
            text += f" weakened {','.join(weakened)}"
        if self.attacker_where or self.target_where:
            text += f" where {self.attacker_where or '-'},{self.target_where or '-'}"
        if self.adds:
            text += f" adds {self.adds}"
        if self.defense_adds:
            text += f" defense adds {self.defense_adds}"
        return text + cycles_text(self.cycles)

    def power_cards(self) -> Iterator[PowerCard]:
        return drawn_cards(self.power, self.lunge_first, cycles=self.cycles)

    def line(self) -> str:
        """The history's sentence: `Red's Shadowblade attacks Militia Pikeman, drawing 3`."""
        how = "" if self.attack_kind == AttackKind.ATTACK else f" ({self.attack_kind.value})"
        return (f"{self.player.title()}'s {self.attacker} attacks {self.target}{how}, drawing "
                f"{_drawn(self.power)}")  # fmt: skip

    @classmethod
    def read(cls, fields: Mapping[str, Any]) -> Self:
        attacker, target = read_name(fields.get("attacker")), read_name(fields.get("target"))
        if not attacker:
            raise DomekitError("attacker: tap the card that attacks")
        if not target:
            raise DomekitError("target: tap the enemy card it attacks")
        kind = str(fields.get("kind") or AttackKind.ATTACK.value).strip().lower()
        if kind not in KINDS:
            raise DomekitError(f"kind: one of {', '.join(KINDS)} (got {kind!r})")
        weakened = fields.get("weakened") or []
        if isinstance(weakened, str):
            weakened = [part for part in re.split(r"[,;\s]+", weakened) if part]
        if not isinstance(weakened, list | tuple) or not set(weakened) <= {"attacker", "target"}:
            raise DomekitError("weakened: attacker, target or both")
        return cls(
            player=read_player(fields.get("player")),
            attacker=attacker,
            target=target,
            power=read_power(fields.get("power"), "power"),
            attack_kind=KINDS[kind],
            lunge_first=read_optional_power(fields.get("lunge_first"), "lunge: the first draw"),
            coordinating=_count(fields.get("coordinating"), "coordinating allies"),
            attacker_weakened="attacker" in weakened or read_flag(fields.get("attacker_weakened")),
            target_weakened="target" in weakened or read_flag(fields.get("target_weakened")),
            attacker_where=_where(fields.get("attacker_where"), "where the attacker stands"),
            target_where=_where(fields.get("target_where"), "where the target stands"),
            adds=_count(fields.get("adds"), "what the board adds to the attack"),
            defense_adds=_count(fields.get("defense_adds"), "what the board adds to the defense"),
            cycles=read_cycles(fields),
        )

    @classmethod
    def text_fields(cls, verb: str, words: Words) -> Json:
        found = re.fullmatch(r"(.+?) -> (.+?) power (\S+)(.*)", words.rest())
        if found is None:
            raise DomekitError(
                f"{words.line!r}: write it as 'red card attack <card> -> <card> power 3'"
            )
        fields: Json = {"attacker": found[1], "target": found[2], "power": f"deck:{found[3]}"}
        if ":" in found[3] or found[3].lower() == "deck":
            fields["power"] = found[3]
        tail = Words(found[4], words.line)
        cycles: Json = {}
        weakened: list[str] = []
        while not tail.done():
            if tail.take("as"):
                kind = tail.next("the kind of attack")
                if kind.lower() in ("free", "alt"):
                    kind += " " + tail.next("the kind of attack")
                fields["kind"] = kind
            elif tail.take("lunge"):
                fields["lunge_first"] = tail.power("the Lunge's first draw")
            elif tail.take("with"):
                fields["coordinating"] = tail.next("the coordinating allies")
            elif tail.take("weakened"):
                weakened += tail.next("which card is weakened").split(",")
            elif tail.take("where"):
                mine, _, theirs = tail.next("where the cards stand").partition(",")
                fields["attacker_where"] = "" if mine == "-" else mine
                fields["target_where"] = "" if theirs == "-" else theirs
            elif tail.take("adds"):
                fields["adds"] = tail.next("what the board adds")
            elif tail.take("defense"):
                tail.expect("adds")
                fields["defense_adds"] = tail.next("what the board adds to the defense")
            elif tail.take("cycle"):
                tail.cycle(cycles)
            else:
                raise tail.unread()
        return {**fields, "weakened": weakened, "cycles": cycles}


@dataclass(frozen=True)
class Defend(Action):
    """The defender's answer to an attack in a light match: the power it draws, or none.
    `gold defend power reserve:4`, `gold defend no draw`."""

    kind = "defend"
    VERBS = ("defend",)
    player: Player
    power: PowerSource | None = None
    cycles: Cycles = field(default_factory=dict)

    def members(self) -> Json:
        return {
            "player": self.player,
            "power": power_json(self.power),
            "cycles": cycles_json(self.cycles),
        }

    def text(self) -> str:
        drawn = "no draw" if self.power is None else f"power {self.power.text()}"
        return f"{self.player} defend {drawn}" + cycles_text(self.cycles)

    def power_cards(self) -> Iterator[PowerCard]:
        return drawn_cards(self.power, cycles=self.cycles)

    def line(self) -> str:
        """`Gold answers, drawing 1`, `Gold answers without a draw`."""
        if self.power is None:
            return f"{self.player.title()} answers without a draw"
        return f"{self.player.title()} answers, drawing {_drawn(self.power)}"

    @classmethod
    def read(cls, fields: Mapping[str, Any]) -> Self:
        return cls(
            read_player(fields.get("player")),
            read_optional_power(fields.get("power"), "the defender's power"),
            read_cycles(fields),
        )

    @classmethod
    def text_fields(cls, verb: str, words: Words) -> Json:
        if words.take("no"):
            words.expect("draw")
            return {"power": NO_DRAW, **words.draws("")}
        words.expect("power")
        return {"power": words.power("the defender's power"), **words.draws("")}


@dataclass(frozen=True)
class GainCharge(ChargeTokens):
    """Charge tokens an ability adds to the Stronghold (Captain Aldric's 1st wound, the Carrion
    Priest, the Flesh Pits), at most the Stronghold's limit. `red gain 1 charge`."""

    kind = "gain_charge"
    VERBS = ("gain",)
    LEAST = 1


@dataclass(frozen=True)
class EndRound(Action):
    """End of Round, in a light match: both players have activated five phases (the table sees
    the Phase tokens). `end round`."""

    kind = "end_round"
    VERBS = ("end round",)
    NAMES_PLAYER = False

    def members(self) -> Json:
        return {}

    def text(self) -> str:
        return "end round"

    def line(self) -> str:
        return "The round ends"

    @classmethod
    def read(cls, fields: Mapping[str, Any]) -> Self:
        return cls()

    @classmethod
    def text_fields(cls, verb: str, words: Words) -> Json:
        return {}
