"""The one guarded door a match changes through, and what a game's actions are to it.

As boardgame.io's reducer checks a move before the game's code runs, a game's `Door` checks what
every game would otherwise check for itself, in this order, and names the rule it refuses by:

1. **an unknown action**: a kind that is not one of the door's `actions`, refused as a form no
   game reads (a DomekitError);
2. **the match is over**: `over(state)` says why, and only the actions marked `after_end` may
   still be made (the game's `rule_over`);
3. **not your turn**: an action marked `on_turn` made by a seat (`mover`) whose turn it is not
   (`whose_turn`; the game's `rule_turn`).

Then the game's own `rules` apply it. A RuleError, from a guard or from the game's rules, leaves
the door with the position it was refused in (the game's `position(state)`: the round, whose turn
it is), as python-chess names the FEN of an illegal move. The command line, the tests and the
tracker all apply actions through a game's door (`match.apply` is it); the game's rules repeat
none of its guards.

A game's actions are `GameAction`s, as python-chess's `Move`: each has its `kind` (its JSON
form's `type`), its text form (`text()`) and its JSON form (`to_json()`); the game's `Reader`
reads them back from a form's fields, from their text form and from their JSON form.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar, runtime_checkable

from toolkit.errors import DomekitError, RuleError
from toolkit.parsing import Json

S = TypeVar("S")
A = TypeVar("A")
# A door that takes every action of a game takes every action a reader of some of them reads:
# a door is contravariant in its actions (and covariant in what they did).
A_in = TypeVar("A_in", contravariant=True)
Done = TypeVar("Done", covariant=True)

EVERYTHING = "*"
"""What an action touches when the game cannot say better: it clashes with every other action."""


@dataclass(frozen=True)
class ActionKind:
    """One kind of action, as the door's guards read it."""

    on_turn: bool = False
    """Made only on one's own turn: refused when `mover` is not `whose_turn` (the game's rule
    `rule_turn`). Everything else (a defence, a money transfer, a correction) may be made at any
    time."""
    after_end: bool = False
    """Still made once the match is over (e.g. money moving between the teams of a campaign)."""


def action_kinds(
    names: Iterable[str], *, on_turn: Collection[str] = (), after_end: Collection[str] = ()
) -> dict[str, ActionKind]:
    """Every kind of a game's actions, those `on_turn` made on one's own turn, those `after_end`
    still made once the match is over."""
    return {
        name: ActionKind(on_turn=name in on_turn, after_end=name in after_end) for name in names
    }


@runtime_checkable
class GameAction(Protocol):
    """One action of a game, as python-chess's `Move` is one move: frozen, with its three forms."""

    @property
    def kind(self) -> str:
        """Its kind: the `type` of its JSON form and of a form's fields."""

    def text(self) -> str:
        """Its text form, as the history shows it and a person may type it (`Move.uci()`); the
        game's `Reader.from_text` reads it back (`Move.from_uci()`)."""

    def to_json(self) -> Json:
        """Its JSON form, with its `type`: what a log stores; `Reader.decode` reads it back."""


def known_kind(kind: Any, kinds: Collection[str]) -> str:
    """The kind of a form's fields or of a JSON form, one of `kinds`; else a DomekitError naming
    them (a form no game reads: no rule refuses it)."""
    text = str(kind or "").strip()
    if text not in kinds:
        raise DomekitError(f"unknown action {text!r}; the actions are {', '.join(sorted(kinds))}")
    return text


@dataclass(frozen=True)
class Reader(Generic[A]):
    """How a game reads its actions back (python-chess's `Move.from_uci`): from a form's or a JSON
    body's fields, from the text form, from the JSON form. `kinds`: every kind it reads."""

    kinds: Collection[str]
    from_fields: Callable[[Mapping[str, Any]], A]
    from_text: Callable[[str], A]
    from_json: Callable[[Mapping[str, Any]], A]

    def read(self, fields: Mapping[str, Any]) -> A:
        """A form's or a JSON body's fields, whose `type` must be one of `kinds`."""
        known_kind(fields.get("type"), self.kinds)
        return self.from_fields(fields)

    def decode(self, value: Mapping[str, Any]) -> A:
        """An action from its JSON form (a log, an export), whose `type` must be one of `kinds`."""
        known_kind(value.get("type"), self.kinds)
        return self.from_json(value)


def _none(*_: Any) -> None:
    return None


def _as_named(state: Any, seat: str) -> str:
    return seat


def _kind_of(action: Any) -> str:
    return str(action.kind)


@dataclass(frozen=True)
class Door(Generic[S, A_in, Done]):
    """A game's match as its one door has it: `apply(state, action) -> (state, outcome)`.

    `rules` are the game's own (pure: never change `state`; a RuleError naming the rule when
    they refuse); the door runs its guards first, from what the game tells it: its `actions`,
    `over`, `whose_turn`, `mover` and `seat_name` (how a refusal names a seat)."""

    actions: Mapping[str, ActionKind]
    rules: Callable[[S, A_in], tuple[S, Done]]
    position: Callable[[S], str]
    """The match in one line, as a refusal names it (its FEN): the round, whose turn it is."""
    over: Callable[[S], str | None] = _none
    """Why the match is over (the sentence a refused action shows), None while it goes on."""
    whose_turn: Callable[[S], str | None] = _none
    """Who takes the current turn (a seat: a colour, a player, a character's id); None when it is
    nobody's turn (then every `on_turn` action is refused)."""
    mover: Callable[[S, A_in], str | None] = _none
    """The seat making an `on_turn` action (None for one that names none)."""
    seat_name: Callable[[S, str], str] = _as_named
    """A seat as a refusal names it ("Player 1", a character's name)."""
    kind: Callable[[A_in], str] = _kind_of
    """An action's kind (default: its `kind`, as every GameAction has it)."""
    rule_over: str = "The end of the match"
    rule_turn: str = "Turns"

    def check(self, state: S, action: A_in) -> None:
        """The guards: DomekitError for an unknown action, RuleError naming the rule when the
        match is over or it is not the mover's turn."""
        kind = self.actions[known_kind(self.kind(action), self.actions)]
        if not kind.after_end:
            why = self.over(state)
            if why is not None:
                raise RuleError(self.rule_over, why)
        if kind.on_turn:
            mover, turn = self.mover(state, action), self.whose_turn(state)
            if mover != turn:
                now = "nobody" if turn is None else self.seat_name(state, turn)
                who = "nobody" if mover is None else self.seat_name(state, mover)
                raise RuleError(self.rule_turn, f"it is {now}'s turn, not {who}'s")

    def apply(self, state: S, action: A_in) -> tuple[S, Done]:
        """The only way a match changes: the guards, then the game's rules; the new state and
        what the action did. A RuleError names the rule and the position it was refused in."""
        try:
            self.check(state, action)
            return self.rules(state, action)
        except RuleError as refusal:
            if refusal.position is None:
                refusal.position = self.position(state)
            raise

    def replay(self, state: S, actions: Iterable[A_in]) -> S:
        """The state after every action of a log, in order (a log is its truth)."""
        for action in actions:
            state, _outcome = self.apply(state, action)
        return state
