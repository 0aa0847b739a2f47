"""The duel's rules and match: a roll deals its total less the threshold, the players take turns,
at 0 HP the other wins. One kind of action, `Roll`; the door guards the turn and the end."""

from __future__ import annotations

import operator
import re
from dataclasses import dataclass
from fractions import Fraction
from functools import cache, reduce
from importlib.resources import files
from pathlib import Path
from typing import Any, ClassVar

from pydantic import BaseModel, Field

from toolkit.data import load_toml_model
from toolkit.dice import Dist, die
from toolkit.errors import DomekitError
from toolkit.games.door import Door, Reader, action_kinds
from toolkit.parsing import Json, whole_number

PLAYERS = ("1", "2")


class Rules(BaseModel, frozen=True, extra="forbid"):
    hp: int = Field(ge=1, le=100)
    dice: int = Field(ge=1, le=10)
    sides: int = Field(ge=2, le=100)
    threshold: int = Field(ge=0)


@cache
def rules() -> Rules:
    """The numbers of the duel's card_data/rules.toml (a bad one names its line and field)."""
    folder = Path(str(files(__package__ or "").joinpath("card_data")))
    return load_toml_model(folder / "rules.toml", Rules)


def named(player: str) -> str:
    return f"Player {player}"


def percent(chance: Fraction) -> str:
    return f"{float(chance):.1%}".replace("%", " %")


def damage(total: int, rules: Rules) -> int:
    """What a roll deals: its total less the threshold, when that is positive."""
    return max(0, total - rules.threshold)


def roll_damage(rules: Rules) -> Dist[int]:
    """The exact damage of one roll."""
    total = reduce(operator.add, [die(rules.sides)] * rules.dice)
    return total.map(lambda value: damage(value, rules))


@cache
def win_chance(mine: int, theirs: int, rules: Rules) -> Fraction:
    """The exact chance that the player about to roll, on `mine` HP, beats one on `theirs`.
    A roll that deals nothing hands the turn over, so p(a, b) = hit(a, b) + miss (1 - p(b, a)),
    solved for the pair; every hit leads to fewer HP left."""
    odds = roll_damage(rules).probabilities()
    miss = odds.pop(0, Fraction(0))

    def hit(a: int, b: int) -> Fraction:  # the roller's chance through a roll that deals some
        wins = (p if d >= b else p * (1 - win_chance(b - d, a, rules)) for d, p in odds.items())
        return sum(wins, Fraction(0))

    return (hit(mine, theirs) + miss * (1 - miss - hit(theirs, mine))) / (1 - miss * miss)


@dataclass(frozen=True)
class Roll:
    """A player's roll, the dice as they fell: `roll 1 5 6`."""

    player: str
    dice: tuple[int, ...]
    kind: ClassVar[str] = "roll"

    def text(self) -> str:
        return " ".join(["roll", self.player, *map(str, self.dice)])

    def to_json(self) -> Json:
        return {"type": self.kind, "player": self.player, "dice": list(self.dice)}


def read_roll(fields: Any) -> Roll:
    """A roll from a form's or a JSON form's fields: `player` 1 or 2, `dice` as they fell."""
    player, dice, most = str(fields.get("player", "")).strip(), fields.get("dice"), rules()
    if player not in PLAYERS:
        raise DomekitError(f"player must be 1 or 2, not {player[:20]!r}")
    values = dice if isinstance(dice, list) else str(dice or "").replace(",", " ").split()
    if len(values) != most.dice:
        raise DomekitError(f"dice: expected {most.dice} dice, got {len(values)}")
    dice = [whole_number(value, "dice", minimum=1, maximum=most.sides) for value in values]
    return Roll(player, tuple(dice))


def read_text(text: str) -> Roll:
    found = re.fullmatch(r"roll (\S+) (.+)", text.strip())
    if found is None:
        raise DomekitError(f"expected like 'roll 1 5 6', not {text[:40]!r}")
    return read_roll({"player": found[1], "dice": found[2]})


READER = Reader(kinds=(Roll.kind,), from_fields=read_roll, from_text=read_text, from_json=read_roll)


@dataclass(frozen=True)
class Duel:
    """A duel's position: both players' HP, the turn (Player 1 rolls on odd turns), the winner."""

    hp: tuple[int, ...]
    turn: int = 1
    winner: str | None = None

    @property
    def to_roll(self) -> str:
        return PLAYERS[(self.turn - 1) % 2]

    def to_json(self) -> Json:
        return {"game": "duel", "hp": list(self.hp), "turn": self.turn, "winner": self.winner}

    @classmethod
    def from_json(cls, value: Json) -> Duel:
        hp, winner = value.get("hp"), value.get("winner")
        if value.get("game") != "duel" or not isinstance(hp, list) or len(hp) != 2:
            raise DomekitError("not a duel's state: expected its game and both players' hp")
        if winner not in (None, *PLAYERS):
            raise DomekitError(f"winner must be 1, 2 or none, not {str(winner)[:20]!r}")
        left = tuple(whole_number(v, "hp", minimum=0, maximum=rules().hp) for v in hp)
        return cls(left, whole_number(value.get("turn"), "turn", minimum=1), winner)


def play(duel: Duel, roll: Roll) -> tuple[Duel, Json]:
    """The roller deals the roll's damage to the other player; at 0 HP the roller wins."""
    dealt, other = damage(sum(roll.dice), rules()), 1 - PLAYERS.index(roll.player)
    hp = list(duel.hp)
    hp[other] = max(0, hp[other] - dealt)
    won = roll.player if hp[other] == 0 else None
    steps = [f"{' + '.join(map(str, roll.dice))} = {sum(roll.dice)}: {dealt} damage",
             f"{named(PLAYERS[other])} has {hp[other]} HP"]  # fmt: skip
    steps += [f"{named(won)} wins the duel"] if won else []
    return Duel(tuple(hp), duel.turn + 1, won), {"steps": steps}


DOOR: Door[Duel, Roll, Json] = Door(
    actions=action_kinds([Roll.kind], on_turn=[Roll.kind]),
    rules=play,
    position=lambda duel: f"turn {duel.turn}, HP {duel.hp[0]} · {duel.hp[1]}",
    over=lambda duel: duel.winner and f"{named(duel.winner)} has won the duel",
    whose_turn=lambda duel: None if duel.winner else duel.to_roll,
    mover=lambda duel, roll: roll.player,
    seat_name=lambda duel, seat: named(seat),
    rule_over="At 0 HP the other wins",
    rule_turn="On a turn",
)
