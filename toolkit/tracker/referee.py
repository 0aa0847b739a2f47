"""A game as the tracker calls it with what phones send: refusals, never server errors.

The guards every game shares (an unknown action, a match that is over, an action made out of
turn) are the game's door's (toolkit/games/door.py), which the game's `apply` goes through. What
is left here is the tracker's own: every member that reads what a phone or a file sent turns a
Python error on malformed fields (a list where the game takes text, an object where it takes a
list) into a DomekitError: a refused action (4xx) that changes nothing, logged with its traceback
so a game's bug still shows.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from pydantic import BaseModel

from toolkit.errors import DomekitError
from toolkit.tracker.contract import A, Json, Outcome, Page, S, TrackerGame
from toolkit.tracker.fields import UndoTarget, read_model

UNDO = "undo"

T = TypeVar("T")

# What a game's code raises when a stranger's fields are not the shapes it reads: a refused
# action, never a server error.
_MALFORMED = (TypeError, ValueError, AttributeError, KeyError, IndexError, OverflowError)
_log = logging.getLogger("domekit.tracker")


class UndoFields(BaseModel):
    target: UndoTarget = None  # the seq it takes back: refused (Stale) when no longer the latest


@dataclass(frozen=True)
class Entry(Generic[A]):
    """What a request asks the log to record, read once from its fields (`Referee.entry`) and
    passed on: the game's action, or (`action` None) an undo of the action at `target` (None:
    whichever is the latest)."""

    action: A | None
    target: int | None = None


class Referee(Generic[S, A]):
    """A game as the tracker calls it with what phones send."""

    def __init__(self, game: TrackerGame[S, A]) -> None:
        self.game = game
        self.name = game.name

    # -- reading ----------------------------------------------------------------------------

    def read(self, fields: Mapping[str, Any]) -> A:
        """A form's or JSON body's fields as an action: typed as its text form (`command`), else
        by its `type`, which must be one of the game's actions."""
        command = fields.get("command")
        if isinstance(command, str):
            return self._call("parse_text", self.game.parse_text, command)
        return self._call("parse_action", self.game.parse_action, fields)

    def entry(self, fields: Mapping[str, Any]) -> Entry[A]:
        """A request's action fields as what it asks the log to record: an undo, or an action."""
        if is_undo(fields):
            return Entry(None, read_model(UndoFields, fields).target)
        return Entry(self.read(fields))

    def decode(self, value: Json) -> A:
        """An action from the log or an import, as its JSON form."""
        return self._call("action_from_json", self.game.action_from_json, value)

    def fields(self, fields: Mapping[str, Any]) -> Mapping[str, Any]:
        """A form's fields, or the fields of the action typed as text (`command`): what the odds
        of a form read."""
        if isinstance(fields.get("command"), str):
            return self.game.action_json(self.read(fields))
        return fields

    # -- applying ---------------------------------------------------------------------------

    def apply(self, state: S, action: A) -> tuple[S, Outcome]:
        """The game's door (its guards, then its rules): the new state and what it did."""
        return self._call("apply", self.game.apply, state, action)

    def text(self, action: A) -> str:
        return self._call("text", self.game.text, action)

    def touches(self, action: A) -> frozenset[str]:
        return self._call("touches", self.game.touches, action)

    def asks(self, state: S, action: A, outcome: Outcome) -> list[Json]:
        return list(self._call("asks", self.game.asks, state, action, outcome))

    def sentence(self, action: A) -> str:
        return self._call("sentence", self.game.sentence, action)

    def round_of(self, before: S, action: A) -> str | None:
        return self._call("round_of", self.game.round_of, before, action)

    def over(self, state: S) -> str | None:
        return self._call("over", self.game.over, state)

    def seats(self, state: S) -> list[tuple[str, str]]:
        return [(str(seat), str(label)) for seat, label in self.game.seats(state)]

    def acting_seat(self, state: S, action: A) -> str | None:
        return self._call("acting_seat", self.game.acting_seat, state, action)

    def seat_label(self, state: S, seat: str) -> str:
        return dict(self.seats(state)).get(seat) or self.game.seat_name(state, seat)

    def odds(self, state: S, fields: Mapping[str, Any]) -> Json | None:
        """A form's odds chart; None when the game or the form has none."""
        hook = self.game.odds
        if hook is None:
            return None
        return self._call("odds", hook, state, self.fields(fields))

    # -- everything else, as the game has it ---------------------------------------------------

    def new_match(self, manifest: Mapping[str, Any], previous: S | None) -> S:
        return self.game.new_match(manifest, previous)

    def page(self, state: S, name: str, args: tuple[str, ...]) -> Page:
        return self.game.page(state, name, args)

    def screen(self, state: S) -> Page:
        return self.game.screen(state)

    def state_json(self, state: S) -> Json:
        return self.game.state_json(state)

    def state_from_json(self, value: Json) -> S:
        return self.game.state_from_json(value)

    def action_json(self, action: A) -> Json:
        return self.game.action_json(action)

    def _call(self, member: str, call: Callable[..., T], *args: Any) -> T:
        try:
            return call(*args)
        except DomekitError:
            raise
        except _MALFORMED as exc:
            _log.warning("%s.%s refused malformed fields", self.name, member, exc_info=True)
            raise DomekitError(
                f"the action's fields are not what a {self.name} action holds "
                f"({type(exc).__name__}): check each field's kind (text, number, list)"
            ) from None


def is_undo(fields: Mapping[str, Any]) -> bool:
    """An undo, sent by its type or typed as the word `undo`."""
    command = fields.get("command")
    if isinstance(command, str):
        return command.strip().lower() == UNDO
    return fields.get("type") == UNDO
