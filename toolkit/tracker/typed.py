"""A typed game in the tracker: the forwarding each game's tracker.py once wrote by hand, once.

A game whose actions are `GameAction`s (toolkit/games/door.py) and whose match changes through
its `Door` makes its `TrackerGame` a `GameTracker`: its `reader` reads its actions (a form's
fields, the text form, the JSON form, each kind checked against those it reads), the actions
write themselves (`kind`, `text()`, `to_json()`, and `touches()` where they say), its `door`
applies them (the guards, then the game's rules) and `outcome_json` tells what they did. A game's
tracker.py keeps only what is its own: how a match starts, its seats, pages and odds, and its
state's JSON form.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Any, Protocol, TypeVar

from toolkit.games.door import EVERYTHING, Door, GameAction, Reader
from toolkit.parsing import Json
from toolkit.tracker.contract import Outcome, TrackerGame

S = TypeVar("S")
A = TypeVar("A", bound=GameAction)


class Told(Protocol):
    """What an action did, as a game's engine tells it: its steps (and maybe a `summary`)."""

    @property
    def steps(self) -> Sequence[str]: ...


def outcome_json(outcome: Json | Told) -> Outcome:
    """What an action did as the history and the confirm page show it: a JSON outcome as it is,
    else `{"summary"?, "steps"}`."""
    if isinstance(outcome, dict):
        return outcome
    steps = list(outcome.steps)
    summary = getattr(outcome, "summary", None)
    return {"steps": steps} if summary is None else {"summary": summary, "steps": steps}


class GameTracker(TrackerGame[S, A]):
    """A game whose actions its `reader` reads and whose match changes through its `door`."""

    reader: Reader[A]
    door: Door[S, A, Any]

    @property
    def actions(self) -> Collection[str]:
        return self.reader.kinds

    def kind(self, action: A) -> str:
        return action.kind

    def parse_action(self, fields: Mapping[str, Any]) -> A:
        return self.reader.read(fields)

    def parse_text(self, text: str) -> A:
        return self.reader.from_text(text)

    def action_from_json(self, value: Json) -> A:
        return self.reader.decode(value)

    def text(self, action: A) -> str:
        return action.text()

    def action_json(self, action: A) -> Json:
        return action.to_json()

    def apply(self, state: S, action: A) -> tuple[S, Outcome]:
        after, outcome = self.door.apply(state, action)
        return after, outcome_json(outcome)

    def seat_name(self, state: S, seat: str) -> str:
        return self.door.seat_name(state, seat)

    def over(self, state: S) -> str | None:
        return self.door.over(state)

    def acting_seat(self, state: S, action: A) -> str | None:
        """Default: the seat the door names as the mover of a turn's action."""
        return self.door.mover(state, action)

    def touches(self, action: A) -> frozenset[str]:
        """What the action says it touches (its `touches()`), else everything."""
        touches = getattr(action, "touches", None)
        return frozenset(touches()) if callable(touches) else frozenset({EVERYTHING})
