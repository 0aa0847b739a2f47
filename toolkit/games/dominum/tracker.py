"""A Dominum match in the tracker (toolkit/tracker/contract.py): the match (match.py), its actions
(actions.py) and its pages (views.py) wired to the phones.

The state is the frozen `DominumMatch`: the set-up, the actions so far and the engine's state
after them, so each action costs one engine step. Its JSON form holds the set-up and the log;
reading it back replays them. Every rule, refusal and step comes from the engine.

At the table the Power Decks are real cards: a draw names the card the table turned up
(`deck:3`) or the reserve card used (`reserve:critical`), and a cycle names the counter set aside
and the card turned up after the shuffle, so the engine's decks stay the table's decks.

The generic guards check the end of the match and, in the rounds ("Rounds. Turns. Phases."),
that a Phase token and the actions of a phase are made by the player whose turn it is; a
defender's counterattack or Submerge, an advance, and what abilities do are made by either
player at any time, and the initial deployment's alternation is that rule's own.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from toolkit.errors import DomekitError
from toolkit.games.dominum.actions import KINDS, Action, Forces, Play
from toolkit.games.dominum.board import PLAYERS, Player
from toolkit.games.dominum.match import DominumMatch, record
from toolkit.games.dominum.odds import odds_chart
from toolkit.games.dominum.setup import RULE_SETUP, default_forces
from toolkit.games.dominum.turns import RULE_TURNS, RULE_WIN, whose_turn
from toolkit.games.dominum.views import PAGES, battlefield_rows
from toolkit.tracker.contract import EVERYTHING, ActionKind, Json, TrackerGame

__all__ = ["RULE_SETUP", "DominumTracker", "default_forces", "plugin"]

MATCHES_PER_KIT = 999  # no campaign: one match after another
ON_TURN = ("activate", "end_phase", "retreat", "deploy", "move", "shift", "attack", "assault",
           "charge", "reserve")  # fmt: skip
"""The actions of one's own turn: a Phase token and the actions of the phase it starts."""


def open_odds(state: DominumMatch, fields: Mapping[str, Any]) -> Json | None:
    """The forms' odds (`odds.odds_chart`), once an attack names its attacker and target."""
    if str(fields.get("type") or "") == "attack" and not (
        fields.get("attacker") and fields.get("target")
    ):
        raise DomekitError("tap your attacking card and its target: the odds show here")
    return odds_chart(state, fields)


class DominumTracker(TrackerGame[DominumMatch, Action]):
    name = "dominum"
    rule_over = RULE_WIN
    rule_turn = RULE_TURNS

    def __init__(self) -> None:
        self.actions = {kind: ActionKind(on_turn=kind in ON_TURN) for kind in KINDS}
        self.pages = PAGES
        self.exports = {"battlefield": battlefield_rows}
        self.odds = open_odds

    def new_match(self, manifest: Mapping[str, Any], previous: DominumMatch | None) -> DominumMatch:
        return DominumMatch.first(manifest.get("data_dir") or None, previous)

    def matches_in_campaign(self, state: DominumMatch) -> int:
        return MATCHES_PER_KIT

    def next_match_refusal(self, state: DominumMatch) -> str | None:
        return None if state.over else "the next match starts when this one is over"

    def over(self, state: DominumMatch) -> str | None:
        if state.state is None or not state.over:
            return None
        return f"the match is over ({state.state.result})"

    def whose_turn(self, state: DominumMatch) -> Player | None:
        return None if state.state is None else whose_turn(state.state)

    def mover(self, state: DominumMatch, action: Action) -> str | None:
        # Before the match begins nobody has a turn: the set-up's own rule refuses play.
        return action.player if isinstance(action, Play) and state.state is not None else None

    # -- seats and the big screen (the generic page layer's hooks) ---------------------------

    def seats(self, state: DominumMatch) -> list[tuple[str, str]]:
        return [(p, f"{p.title()} player") for p in PLAYERS]

    def acting_seat(self, state: DominumMatch, action: Action) -> str | None:
        """The player an action names (every Dominum action but the set-up's begin does)."""
        player = getattr(action, "player", None)
        return player if isinstance(player, str) and player else None

    def kind(self, action: Action) -> str:
        return action.TYPE

    def parse_action(self, fields: Mapping[str, Any]) -> Action:
        return Action.from_fields(fields)

    def parse_text(self, text: str) -> Action:
        return Action.from_text(text)

    def text(self, action: Action) -> str:
        return action.text()

    def apply(self, state: DominumMatch, action: Action) -> tuple[DominumMatch, Json]:
        after, outcome = record(state, action)
        return after, {"steps": outcome.steps}

    def touches(self, action: Action) -> frozenset[str]:
        if isinstance(action, Forces):
            return frozenset({f"forces:{action.player}"})
        return frozenset({EVERYTHING})

    def state_json(self, state: DominumMatch) -> Json:
        return state.to_json()

    def state_from_json(self, value: Json) -> DominumMatch:
        return DominumMatch.from_json(value)

    def action_json(self, action: Action) -> Json:
        return action.to_json()

    def action_from_json(self, value: Json) -> Action:
        return Action.from_json(value)


plugin = DominumTracker()
"""The tracker's side of the game (toolkit/tracker/contract.py), as the registry returns it."""
