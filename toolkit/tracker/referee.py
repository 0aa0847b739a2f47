"""The one door between the tracker and a game: the guards every game shares, checked once.

As boardgame.io's reducer checks a move before the game's code runs, the `Referee` checks what
every game would otherwise check for itself, in this order, and names the rule it refuses by:
1. **an unknown action**: a `type` that is not one of the game's `actions`, refused as a form
   that cannot be read (a DomekitError: the reply names the rule "action form");
2. **the match is over**: `game.over(state)` says why, and only the actions marked `after_end`
   may still be made (the game's `rule_over`);
3. **not your turn**: an action marked `on_turn` made by a seat (`game.mover`) whose turn it is
   not (`game.whose_turn`; the game's `rule_turn`).
Then the game's own `apply` checks its own rules.

Every member that reads what a phone sent also turns a Python error on malformed fields (a list
where the game takes text, an object where it takes a list) into a DomekitError: a refused
action (4xx) that changes nothing, logged with its traceback so a game's bug still shows.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from typing import Any, Generic, TypeVar

from toolkit.errors import DomekitError, RuleError
from toolkit.tracker.contract import A, Json, Outcome, Page, S, TrackerGame

UNDO = "undo"

T = TypeVar("T")

# What a game's code raises when a stranger's fields are not the shapes it reads: a refused
# action, never a server error.
_MALFORMED = (TypeError, ValueError, AttributeError, KeyError, IndexError, OverflowError)
_log = logging.getLogger("domekit.tracker")


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
        self.check_kind(fields.get("type"))
        return self._call("parse_action", self.game.parse_action, fields)

    def decode(self, value: Json) -> A:
        """An action from the log or an import, as its JSON form."""
        self.check_kind(value.get("type"))
        return self._call("action_from_json", self.game.action_from_json, value)

    def check_kind(self, kind: Any) -> str:
        text = str(kind or "").strip()
        if text not in self.game.actions:
            known = ", ".join(sorted(self.game.actions))
            raise DomekitError(f"unknown action {text!r}; the actions are {known}")
        return text

    def fields(self, fields: Mapping[str, Any]) -> Mapping[str, Any]:
        """A form's fields, or the fields of the action typed as text (`command`): what the odds
        of a form read."""
        if isinstance(fields.get("command"), str):
            return self.game.action_json(self.read(fields))
        return fields

    # -- applying ---------------------------------------------------------------------------

    def check(self, state: S, action: A) -> None:
        """The generic guards: RuleError naming the rule when one refuses the action."""
        kind = self.game.actions.get(self.game.kind(action))
        if kind is None:
            self.check_kind(self.game.kind(action))
            return
        if not kind.after_end:
            why = self.game.over(state)
            if why is not None:
                raise RuleError(self.game.rule_over, why)
        if kind.on_turn:
            mover = self.game.mover(state, action)
            turn = self.game.whose_turn(state)
            if mover != turn:
                now = "nobody" if turn is None else self.game.seat_name(state, turn)
                who = "nobody" if mover is None else self.game.seat_name(state, mover)
                raise RuleError(self.game.rule_turn, f"it is {now}'s turn, not {who}'s")

    def apply(self, state: S, action: A) -> tuple[S, Outcome]:
        """The guards, then the game's own rules: the new state and what the action did."""
        return self._call("apply", self._apply, state, action)

    def _apply(self, state: S, action: A) -> tuple[S, Outcome]:
        self.check(state, action)
        return self.game.apply(state, action)

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
