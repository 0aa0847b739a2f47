"""The actions of combat: "Attack Phase" (and the Free Strikes and Alt Attacks abilities give),
"Counterattack", Submerge and "Advancing"."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, Self

from toolkit.errors import DomekitError
from toolkit.games.dominum.actions.forms import (
    Action,
    Words,
    cycles_json,
    cycles_text,
    drawn_cards,
    power_json,
    read_cycles,
    read_optional_power,
    read_optional_space,
    read_player,
    read_power,
    read_space,
    space_json,
)
from toolkit.games.dominum.board import Player, Space, space_name
from toolkit.games.dominum.power import PowerCard, PowerSource
from toolkit.games.dominum.rules import AttackKind
from toolkit.games.dominum.state import Cycles
from toolkit.parsing import Json

_KINDS = {"attack": AttackKind.ATTACK, "free strike": AttackKind.FREE_STRIKE,
          "alt attack": AttackKind.ALT_ATTACK}  # fmt: skip
_CLAUSES = ("vs", "with", "lunge", "knockback", "evasive", "cycle")


@dataclass(frozen=True)
class Attack(Action):
    """Attack Phase: the card on `attacker` (with the `coordinating` allies) attacks the enemy on
    `target`; `defense_power` is the defender's draw, if it draws. A Free Strike or Alt Attack is
    an attack of that `attack_kind`; Lunge, Knockback and Evasive name where their shifts go.
    `red attack 3,2 -> 3,1 power 2 vs reserve:4 with 2,2 2,1`."""

    kind = "attack"
    VERBS = tuple(_KINDS)
    player: Player
    attacker: Space
    target: Space
    power: PowerSource = PowerSource()
    defense_power: PowerSource | None = None
    coordinating: tuple[Space, ...] = ()
    attack_kind: AttackKind = AttackKind.ATTACK
    lunge_to: Space | None = None
    lunge_power: PowerSource | None = None
    knockback_to: Space | None = None
    evasive_to: Space | None = None
    cycles: Cycles = field(default_factory=dict)

    def members(self) -> Json:
        return {
            "player": self.player,
            "attacker": space_name(self.attacker),
            "target": space_name(self.target),
            "power": self.power.to_json(),
            "defense_power": power_json(self.defense_power),
            "coordinating": [space_name(s) for s in self.coordinating],
            "kind": self.attack_kind.value,
            "lunge_to": space_json(self.lunge_to),
            "lunge_power": power_json(self.lunge_power),
            "knockback_to": space_json(self.knockback_to),
            "evasive_to": space_json(self.evasive_to),
            "cycles": cycles_json(self.cycles),
        }

    def text(self) -> str:
        text = f"{self.player} {self.attack_kind.value} {space_name(self.attacker)} -> "
        text += f"{space_name(self.target)} power {self.power.text()}"
        if self.defense_power is not None:
            text += f" vs {self.defense_power.text()}"
        if self.coordinating:
            text += " with " + " ".join(space_name(s) for s in self.coordinating)
        if self.lunge_to is not None:
            text += f" lunge {space_name(self.lunge_to)}"
        if self.lunge_power is not None:
            text += f" lunge power {self.lunge_power.text()}"
        if self.knockback_to is not None:
            text += f" knockback {space_name(self.knockback_to)}"
        if self.evasive_to is not None:
            text += f" evasive {space_name(self.evasive_to)}"
        return text + cycles_text(self.cycles)

    def power_cards(self) -> Iterator[PowerCard]:
        return drawn_cards(self.power, self.defense_power, self.lunge_power, cycles=self.cycles)

    @classmethod
    def read(cls, fields: Mapping[str, Any]) -> Self:
        coordinating = fields.get("coordinating") or []
        if isinstance(coordinating, str):
            coordinating = [c for c in coordinating.split(";") if c.strip()]
        if not isinstance(coordinating, list | tuple):
            raise DomekitError("coordinating: the spaces of the coordinating allies")
        kind = str(fields.get("kind") or "attack").strip().lower()
        if kind not in {k.value for k in AttackKind} or kind == AttackKind.COUNTERATTACK:
            raise DomekitError(f"an attack is attack, free strike or alt attack (got {kind!r})")
        return cls(
            player=read_player(fields.get("player")),
            attacker=read_space(fields.get("attacker"), "attacker"),
            target=read_space(fields.get("target"), "target"),
            power=read_power(fields.get("power"), "attacker's power"),
            defense_power=read_optional_power(fields.get("defense_power"), "defender's power"),
            coordinating=tuple(read_space(c, "coordinating") for c in coordinating if c),
            attack_kind=AttackKind(kind),
            lunge_to=read_optional_space(fields.get("lunge_to"), "lunge to"),
            lunge_power=read_optional_power(fields.get("lunge_power"), "lunge power"),
            knockback_to=read_optional_space(fields.get("knockback_to"), "knockback to"),
            evasive_to=read_optional_space(fields.get("evasive_to"), "evasive to"),
            cycles=read_cycles(fields),
        )

    @classmethod
    def text_fields(cls, verb: str, words: Words) -> Json:
        fields: Json = {"kind": _KINDS[verb].value, "attacker": words.next("the attacker's space")}
        words.expect("->")
        fields["target"] = words.next("the target's space")
        words.expect("power")
        fields["power"] = words.power("the attacker's power")
        cycles: Json = {}
        while not words.done():
            if words.take("vs"):
                fields["defense_power"] = words.power("the defender's power")
            elif words.take("with"):
                fields["coordinating"] = coordinating = []
                while words.peek() and words.peek() not in _CLAUSES:
                    coordinating.append(words.next("a coordinating ally's space"))
            elif words.take("lunge"):
                if words.take("power"):
                    fields["lunge_power"] = words.power("the lunge's second draw")
                else:
                    fields["lunge_to"] = words.next("the space the card lunges to")
            elif words.take("knockback"):
                fields["knockback_to"] = words.next("the space the enemy is knocked back to")
            elif words.take("evasive"):
                fields["evasive_to"] = words.next("the space the evasive card shifts to")
            elif words.take("cycle"):
                words.cycle(cycles)
            else:
                raise words.unread()
        return {**fields, "cycles": cycles}


@dataclass(frozen=True)
class Counterattack(Action):
    """The card that blocked attacks the (primary) attacker; `player` is the blocker's owner.
    `gold counterattack power critical vs 4`."""

    kind = "counterattack"
    VERBS = ("counterattack",)
    player: Player
    power: PowerSource = PowerSource()
    defense_power: PowerSource | None = None
    cycles: Cycles = field(default_factory=dict)

    def members(self) -> Json:
        return {
            "player": self.player,
            "power": self.power.to_json(),
            "defense_power": power_json(self.defense_power),
            "cycles": cycles_json(self.cycles),
        }

    def text(self) -> str:
        text = f"{self.player} counterattack power {self.power.text()}"
        if self.defense_power is not None:
            text += f" vs {self.defense_power.text()}"
        return text + cycles_text(self.cycles)

    def power_cards(self) -> Iterator[PowerCard]:
        return drawn_cards(self.power, self.defense_power, cycles=self.cycles)

    @classmethod
    def read(cls, fields: Mapping[str, Any]) -> Self:
        return cls(
            player=read_player(fields.get("player")),
            power=read_power(fields.get("power"), "counterattack power"),
            defense_power=read_optional_power(fields.get("defense_power"), "defender's power"),
            cycles=read_cycles(fields),
        )

    @classmethod
    def text_fields(cls, verb: str, words: Words) -> Json:
        words.expect("power")
        power = words.power("the counterattack's power")
        return {"power": power, **words.draws("defense_power")}


@dataclass(frozen=True)
class Submerge(Action):
    """Submerge: instead of counterattacking, the blocker moves to an open space in range.
    `gold submerge to 3,2`."""

    kind = "submerge"
    VERBS = ("submerge",)
    player: Player
    to: Space

    def members(self) -> Json:
        return {"player": self.player, "to": space_name(self.to)}

    def text(self) -> str:
        return f"{self.player} submerge to {space_name(self.to)}"

    @classmethod
    def read(cls, fields: Mapping[str, Any]) -> Self:
        return cls(read_player(fields.get("player")), read_space(fields.get("to"), "to"))

    @classmethod
    def text_fields(cls, verb: str, words: Words) -> Json:
        words.take("to")
        return {"to": words.next("the space submerged to")}


@dataclass(frozen=True)
class Advance(Action):
    """Advancing: after defeating an adjacent enemy, the card moves into its space (a shift).
    `red advance from 3,2`."""

    kind = "advance"
    VERBS = ("advance",)
    player: Player
    start: Space

    def members(self) -> Json:
        return {"player": self.player, "start": space_name(self.start)}

    def text(self) -> str:
        return f"{self.player} advance from {space_name(self.start)}"

    @classmethod
    def read(cls, fields: Mapping[str, Any]) -> Self:
        return cls(read_player(fields.get("player")), read_space(fields.get("start"), "from"))

    @classmethod
    def text_fields(cls, verb: str, words: Words) -> Json:
        words.take("from")
        return {"start": words.next("the space advanced from")}
