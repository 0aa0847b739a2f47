"""Death Dome's attack (rules: Combat): the cards on each stack, the weapon, the splash hits in the
defender's order, and what the table answers when a card asks."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Self, cast

from toolkit.errors import DomekitError
from toolkit.games.deathdome.actions.base import (
    _SEPARATORS,
    _UNIT,
    Action,
    _colour,
    _ids,
    _no_cards,
    _pattern,
    _shown,
    _text,
    played,
    said_card,
    said_cards,
    said_team,
    said_unit,
    unit_ref,
)
from toolkit.games.deathdome.rules import BEHIND, Behind
from toolkit.games.deathdome.state import UnitRef
from toolkit.parsing import Json, whole_number


@dataclass(frozen=True)
class SplashHit:
    """An enemy next to the target that a splash weapon hits, and the cards it defends with
    (power values, and effect cards or a usable item by id)."""

    unit: UnitRef
    cards: tuple[int, ...] = ()
    plays: tuple[str, ...] = ()

    def json(self) -> Json:
        found: Json = {"unit": self.unit.text(), "cards": list(self.cards)}
        if self.plays:
            found["plays"] = list(self.plays)
        return found


@dataclass(frozen=True)
class Attack(Action):
    """An attack (rules: Combat): the cards played onto the attack stack, the weapon, the target's
    defense cards, temporary +S and +T, what lies behind the target (push back), the adjacent
    enemies a splash weapon hits in the defender's order, the jail for a kill, and the team
    controlling the attacker (kill points go to it). Effect cards played on a stack (`plays`,
    `defence_plays`: Special Play ids, or an item the target uses) and what the table answers
    when a card asks (a swap instead of damage, which wounded units stand next to the attacker,
    the jail of an attacker killed by a Buzz Saw Suit) are kept only when there are some."""

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
    plays: tuple[str, ...] = ()  # effect cards on the attack stack, by id
    defence_plays: tuple[str, ...] = ()  # effect cards (or a usable item) on the target's stack
    swap: bool | None = None  # "swap places" instead of damage; None: not asked
    adjacent: tuple[UnitRef, ...] | None = None  # wounded units next to it; None: not told
    attacker_jail: str = ""  # the jail of an attacker its target's Buzz Saw Suit kills

    kind = "attack"
    pattern = _pattern(
        rf"attack (?P<attacker>{_UNIT}) -> (?P<target>{_UNIT})(?: with (?P<weapon>\S+))?"
        rf" cards (?P<cards>\S+)(?: vs (?P<defense>\S+))?(?P<rest>.*)"
    )

    def text(self) -> str:
        text = f"attack {self.attacker} -> {self.target}"
        if self.weapon:
            text += f" with {self.weapon}"
        text += f" cards {_shown(self.cards, self.plays)}"
        text += f" vs {_shown(self.defense, self.defence_plays)}"
        if self.bonus_s:
            text += f" +S{self.bonus_s}"
        if self.bonus_t:
            text += f" +T{self.bonus_t}"
        if self.behind != "empty":
            text += f" behind {self.behind}"
        for hit in self.splash:
            text += f" splash {hit.unit} vs {_shown(hit.cards, hit.plays)}"
        if self.swap is not None:
            text += f" swap {'yes' if self.swap else 'no'}"
        if self.adjacent is not None:
            text += f" adjacent {','.join(ref.text() for ref in self.adjacent) or 'none'}"
        if self.controller != self.attacker.colour:
            text += f" by {self.controller}"
        if self.jail:
            text += f" jail {self.jail}"
        if self.attacker_jail:
            text += f" attacker-jail {self.attacker_jail}"
        return text

    def line(self) -> str:
        weapon = f" with {said_card(self.weapon)}" if self.weapon else " with no weapon"
        text = f"{said_unit(self.attacker)} attacks {said_unit(self.target)}{weapon}: "
        text += f"{said_cards(self.cards, self.plays)} against "
        text += said_cards(self.defense, self.defence_plays)
        bonus = [f"+S{self.bonus_s}"] * bool(self.bonus_s) + [f"+T{self.bonus_t}"] * bool(
            self.bonus_t
        )
        if bonus:
            text += f" ({', '.join(bonus)})"
        if self.splash:
            text += "; splash on " + ", ".join(said_unit(hit.unit) for hit in self.splash)
        if self.behind != "empty":
            text += f"; behind it: {self.behind}"
        if self.controller != self.attacker.colour:
            text += f"; for {said_team(self.controller)}"
        if self.jail:
            text += f"; a kill goes to jail {self.jail}"
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
            "splash": [hit.json() for hit in self.splash],
            "jail": self.jail,
            "controller": self.controller,
            **({"plays": list(self.plays)} if self.plays else {}),
            **({"defence_plays": list(self.defence_plays)} if self.defence_plays else {}),
            **({"swap": self.swap} if self.swap is not None else {}),
            **(
                {"adjacent": [ref.text() for ref in self.adjacent]}
                if self.adjacent is not None
                else {}
            ),
            **({"attacker_jail": self.attacker_jail} if self.attacker_jail else {}),
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
        power, named = played(fields.get("cards"), "cards")
        defence, defence_named = played(fields.get("defence"), "defence")
        return cls(
            attacker=attacker,
            target=unit_ref(fields.get("target"), "target"),
            weapon=_text(fields, "weapon"),
            cards=power,
            defense=defence,
            bonus_s=whole_number(fields.get("bonus_s") or 0, "bonus_s (+S)", minimum=0),
            bonus_t=whole_number(fields.get("bonus_t") or 0, "bonus_t (+T)", minimum=0),
            behind=cast(Behind, behind),
            splash=_splash(fields.get("splash")),
            jail=_text(fields, "jail"),
            controller=_colour(fields, "controller", attacker.colour),
            plays=(*named, *_ids(fields.get("plays"), "plays")),
            defence_plays=(*defence_named, *_ids(fields.get("defence_plays"), "defence_plays")),
            swap=_yes_no(fields.get("swap"), "swap"),
            adjacent=_adjacent(fields.get("adjacent")),
            attacker_jail=_text(fields, "attacker_jail"),
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
            elif word in KEYWORDS and index + 1 < len(words):
                key = KEYWORDS[word]
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


KEYWORDS = {
    "behind": "behind",
    "by": "controller",
    "jail": "jail",
    "swap": "swap",
    "adjacent": "adjacent",
    "attacker-jail": "attacker_jail",
}
"""An attack's text form: each word after the cards and the field its next word fills."""


def _yes_no(value: Any, field: str) -> bool | None:
    if value is None or value == "":
        return None
    if isinstance(value, bool):
        return value
    text = str(value).strip().lower()
    if text not in ("yes", "no", "true", "false"):
        raise DomekitError(f"{field} is yes or no (got {value!r})")
    return text in ("yes", "true")


def _adjacent(value: Any) -> tuple[UnitRef, ...] | None:
    """The wounded units standing next to the attacker: `blue.scout,blue.medic`, `none`, a
    list; None when not told."""
    if value is None or value == "":
        return None
    parts = value if isinstance(value, list) else _SEPARATORS.split(str(value).strip())
    refs = [unit_ref(part, "adjacent") for part in parts if part and part != "none"]
    return tuple(refs)


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
        power, named = played(hit.get("cards"), f"splash {ref}")
        named = (*named, *_ids(hit.get("plays"), f"splash {ref}"))
        hits.append(SplashHit(ref, power, named))
    return tuple(hits)
