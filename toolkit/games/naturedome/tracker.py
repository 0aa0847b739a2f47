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
from toolkit.games.naturedome.actions import TABLE_READER, TableAction
from toolkit.games.naturedome.config import NatureDomeRules
from toolkit.games.naturedome.match import MatchState
from toolkit.games.naturedome.odds import tracker_chart
from toolkit.games.naturedome.rules import PowerCard
from toolkit.tracker.contract import Json
from toolkit.tracker.typed import GameTracker

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


class NatureDomeTracker(GameTracker[MatchState, TableAction]):
    name = match_json.GAME
    reader = TABLE_READER
    door = match.DOOR

    def __init__(self) -> None:
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

    # -- seats and the big screen (the generic page layer's hooks) ---------------------------

    def seats(self, state: MatchState) -> list[tuple[str, str]]:
        return [("1", "Player 1"), ("2", "Player 2")]

    # -- JSON forms (every clash changes whose turn it is: each touches everything) -----------

    def state_json(self, state: MatchState) -> Json:
        return match_json.to_json(state)

    def state_from_json(self, value: Json) -> MatchState:
        data_dir = value.get("data_dir")
        rules, deck = game_data(data_dir if isinstance(data_dir, str) and data_dir else None)
        return match_json.from_json(value, rules, deck)


plugin = NatureDomeTracker()
"""The tracker's side of the game (toolkit/tracker/contract.py), as the registry returns it."""
