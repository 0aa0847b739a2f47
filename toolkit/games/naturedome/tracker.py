"""A Nature Dome duel in the tracker: the match engine (match.py), its actions (actions.py) and
its pages (views.py), wired to toolkit/tracker's contract.

The players hold real Power Cards, shuffled by hand, so a duel here is the engine's
`new_match_by_hand`: it tracks what the table can see and count (the cards laid in each clash,
by id from card_data/naturedome/power_cards.csv, how many cards each hand and the draw pile hold,
the played pile) and the table may recount. A phone records a whole clash at once:
`clash P1 boost pack-howl attack bear-swipe / P2 defend shell-guard`.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from toolkit.games.naturedome import match, match_json, views
from toolkit.games.naturedome.actions import (
    Clash,
    Recount,
    TableAction,
    parse_table_action,
    table_action_from_fields,
    table_action_from_json,
)
from toolkit.games.naturedome.config import NatureDomeRules
from toolkit.games.naturedome.match import MatchState
from toolkit.games.naturedome.odds import tracker_chart
from toolkit.games.naturedome.rules import RULE_TURNS, RULE_WINNER, PowerCard
from toolkit.tracker.contract import EVERYTHING, ActionKind, Json, Outcome, TrackerGame

DUELS_PER_KIT = 999  # no campaign: a kit plays duel after duel


@lru_cache(maxsize=8)
def game_data(data_dir: str | None = None) -> tuple[NatureDomeRules, tuple[PowerCard, ...]]:
    """The rules and the whole deck of a card_data folder (the kit's, or the one shipped)."""
    from toolkit.games.naturedome.data import load_deck, load_rules

    return load_rules(data_dir), tuple(load_deck(data_dir))


def clash_odds(state: MatchState, fields: Mapping[str, Any]) -> Json | None:
    """The clash form's odds while the defender's answer is still open: the odds deal the
    defender's hand and answer for it (`odds.tracker_chart` does not read the answer), so a form
    without an answer yet has its odds too (the attack card stands in for the unread answer)."""
    if str(fields.get("type") or "") == "clash" and not fields.get("card") and fields.get("attack"):
        fields = {**fields, "card": fields["attack"]}
    return tracker_chart(state, fields)


class NatureDomeTracker(TrackerGame[MatchState, TableAction]):
    name = match_json.GAME
    rule_over = RULE_WINNER
    rule_turn = RULE_TURNS

    def __init__(self) -> None:
        # A clash is the attacker's turn; the table may recount its cards at any time.
        self.actions = {
            Clash.KIND: ActionKind(on_turn=True),
            Recount.KIND: ActionKind(after_end=True),
        }
        self.pages = views.PAGES
        self.exports = {"rounds": views.round_rows}
        self.odds = clash_odds

    # -- matches ----------------------------------------------------------------------------

    def new_match(self, manifest: Mapping[str, Any], previous: MatchState | None) -> MatchState:
        data_dir = manifest.get("data_dir") or None
        rules, deck = game_data(data_dir)
        duel = previous.duel + 1 if previous is not None else 1
        return match.new_match_by_hand(deck, rules, duel=duel, data_dir=data_dir)

    def matches_in_campaign(self, state: MatchState) -> int:
        return DUELS_PER_KIT

    def next_match_refusal(self, state: MatchState) -> str | None:
        if state.winner is None:
            return "a new duel starts when this one has a winner (or undo to fix it)"
        return None

    # -- what the generic guards read -------------------------------------------------------

    def over(self, state: MatchState) -> str | None:
        if state.winner is None:
            return None
        return f"the duel is over: {match.player_name(state.winner)} won it"

    def whose_turn(self, state: MatchState) -> str | None:
        return str(state.attacker + 1)

    def mover(self, state: MatchState, action: TableAction) -> str | None:
        return str(action.attacker + 1) if isinstance(action, Clash) else None

    def seat_name(self, state: MatchState, seat: str) -> str:
        return f"Player {seat}"

    # -- seats and the big screen (the generic page layer's hooks) ---------------------------

    def seats(self, state: MatchState) -> list[tuple[str, str]]:
        return [("1", "Player 1"), ("2", "Player 2")]

    def acting_seat(self, state: MatchState, action: TableAction) -> str | None:
        """A clash is the attacker's (the defender's answer is laid at the same table)."""
        return self.mover(state, action)

    # -- actions ----------------------------------------------------------------------------

    def kind(self, action: TableAction) -> str:
        return action.KIND

    def parse_action(self, fields: Mapping[str, Any]) -> TableAction:
        return table_action_from_fields(fields)

    def parse_text(self, text: str) -> TableAction:
        return parse_table_action(text)

    def text(self, action: TableAction) -> str:
        return action.text()

    def apply(self, state: MatchState, action: TableAction) -> tuple[MatchState, Outcome]:
        after, outcome = match.apply(state, action)
        return after, views.outcome_json(outcome)

    def touches(self, action: TableAction) -> frozenset[str]:
        return frozenset({EVERYTHING})  # every clash changes whose turn it is

    # -- JSON forms -------------------------------------------------------------------------

    def state_json(self, state: MatchState) -> Json:
        return match_json.to_json(state)

    def state_from_json(self, value: Json) -> MatchState:
        data_dir = value.get("data_dir")
        rules, deck = game_data(data_dir if isinstance(data_dir, str) and data_dir else None)
        return match_json.from_json(value, rules, deck)

    def action_json(self, action: TableAction) -> Json:
        return action.to_json()

    def action_from_json(self, value: Json) -> TableAction:
        return table_action_from_json(value)


plugin = NatureDomeTracker()
"""The tracker's side of the game (toolkit/tracker/contract.py), as the registry returns it."""
