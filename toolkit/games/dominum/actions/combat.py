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
_CLAUSES = ("vs", "with", "lunge", "knockback", "evasive", "on", "no", "cycle")
NO = "no"
"""A choice's field answered "no" (the Knockback or Evasive card does not shift, the Lunge draws
no second card): it is `declined`, and asked no more."""
DECLINABLE = {"knockback_to": "knockback", "evasive_to": "evasive", "lunge_power": "lunge power"}


def _declined(fields: Mapping[str, Any]) -> tuple[str, ...]:
    found = [
        name for key, name in DECLINABLE.items() if str(fields.get(key) or "").strip().lower() == NO
    ]
    given = fields.get("declined") or []
    if isinstance(given, str):
        given = [part for part in given.split(";") if part.strip()]
    if not isinstance(given, list | tuple):
        raise DomekitError("declined: the choices answered no (knockback, evasive, lunge power)")
    for name in given:
        if str(name).strip().lower() not in DECLINABLE.values():
            raise DomekitError(f"declined: {name!r} is none of {', '.join(DECLINABLE.values())}")
        found.append(str(name).strip().lower())
    return tuple(dict.fromkeys(found))


def _answer(fields: Mapping[str, Any], key: str) -> Any:
    """A choice's field, None when it was answered no."""
    value = fields.get(key)
    return None if str(value or "").strip().lower() == NO else value


def _choices_json(on_discard: Space | None, declined: tuple[str, ...]) -> Json:
    """The members of the choices the rules leave to a player, only when made (old logs read
    back alike)."""
    members: Json = {}
    if on_discard is not None:
        members["on_discard"] = space_name(on_discard)
    if declined:
        members["declined"] = list(declined)
    return members


def _choices_text(on_discard: Space | None, declined: tuple[str, ...]) -> str:
    text = f" on discard {space_name(on_discard)}" if on_discard is not None else ""
    return text + "".join(f" no {name}" for name in declined)


def _choice_clause(words: Words, fields: Json) -> bool:
    """`knockback 4,3`, `evasive 2,2`, `on discard 3,3`, `no knockback`: True when one is read."""
    if words.take("knockback"):
        fields["knockback_to"] = words.next("the space the enemy is knocked back to")
    elif words.take("evasive"):
        fields["evasive_to"] = words.next("the space the evasive card shifts to")
    elif words.take("on"):
        words.expect("discard")
        fields["on_discard"] = words.next("the adjacent enemy the On Discard weakens")
    elif words.take(NO):
        name = words.next("what is declined")
        if name.lower() == "lunge":
            words.expect("power")
            name = "lunge power"
        fields.setdefault("declined", []).append(name)
    else:
        return False
    return True


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
    on_discard: Space | None = None
    declined: tuple[str, ...] = ()

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
            **_choices_json(self.on_discard, self.declined),
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
        text += _choices_text(self.on_discard, self.declined)
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
            lunge_power=read_optional_power(_answer(fields, "lunge_power"), "lunge power"),
            knockback_to=read_optional_space(_answer(fields, "knockback_to"), "knockback to"),
            evasive_to=read_optional_space(_answer(fields, "evasive_to"), "evasive to"),
            cycles=read_cycles(fields),
            on_discard=read_optional_space(fields.get("on_discard"), "on discard"),
            declined=_declined(fields),
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
            elif _choice_clause(words, fields):
                pass
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
    knockback_to: Space | None = None
    evasive_to: Space | None = None
    on_discard: Space | None = None
    declined: tuple[str, ...] = ()

    def members(self) -> Json:
        members: Json = {
            "player": self.player,
            "power": self.power.to_json(),
            "defense_power": power_json(self.defense_power),
            "cycles": cycles_json(self.cycles),
        }
        for key, space in (("knockback_to", self.knockback_to), ("evasive_to", self.evasive_to)):
            if space is not None:  # members only when named: old logs read back alike
                members[key] = space_name(space)
        return {**members, **_choices_json(self.on_discard, self.declined)}

    def text(self) -> str:
        text = f"{self.player} counterattack power {self.power.text()}"
        if self.defense_power is not None:
            text += f" vs {self.defense_power.text()}"
        if self.knockback_to is not None:
            text += f" knockback {space_name(self.knockback_to)}"
        if self.evasive_to is not None:
            text += f" evasive {space_name(self.evasive_to)}"
        text += _choices_text(self.on_discard, self.declined)
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
            knockback_to=read_optional_space(_answer(fields, "knockback_to"), "knockback to"),
            evasive_to=read_optional_space(_answer(fields, "evasive_to"), "evasive to"),
            on_discard=read_optional_space(fields.get("on_discard"), "on discard"),
            declined=_declined(fields),
        )

    @classmethod
    def text_fields(cls, verb: str, words: Words) -> Json:
        words.expect("power")
        fields: Json = {"power": words.power("the counterattack's power")}
        cycles: Json = {}
        while not words.done():
            if words.take("vs"):
                fields["defense_power"] = words.power("the defender's power")
            elif words.take("cycle"):
                words.cycle(cycles)
            elif not _choice_clause(words, fields):
                raise words.unread()
        return {**fields, "cycles": cycles}


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
