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
    TABLE_READER,
    Attack,
    Clash,
    Hand,
    LayBoost,
    Respond,
    TableAction,
)
from toolkit.games.naturedome.config import NatureDomeRules
from toolkit.games.naturedome.match import MatchState
from toolkit.games.naturedome.odds import tracker_chart
from toolkit.games.naturedome.rules import PowerCard
from toolkit.tracker.contract import FULL, LIGHT, MODE, Json, Mode, NoOdds
from toolkit.tracker.typed import GameTracker

DUELS_PER_KIT = 999  # no campaign: a kit plays duel after duel


@lru_cache(maxsize=8)
def game_data(data_dir: str | None = None) -> tuple[NatureDomeRules, tuple[PowerCard, ...]]:
    """The rules and the whole deck of a card_data folder (the kit's, or the one shipped)."""
    from toolkit.games.naturedome.data import load_deck, load_rules

    return load_rules(data_dir), tuple(load_deck(data_dir))


def clash_odds(state: MatchState, fields: Mapping[str, Any]) -> Json | None:
    """The clash form's odds while the defender's answer is still open: the odds deal the
    defender's hand and answer for it (`odds.tracker_chart` does not read the answer; the attack
    card stands in for it). Once the answer is chosen the result is certain: no odds."""
    if str(fields.get("type") or "") == "clash":
        if fields.get("card"):
            raise NoOdds("the answer is chosen: the result is certain (the check shows it)")
        if not fields.get("attack"):
            raise NoOdds("tap the attack card: its odds show here until the defender answers")
        # The answer is the odds' to deal: the attack card stands in for its fields.
        fields = {**fields, "card": fields["attack"], "defence": "defend"}
    return tracker_chart(state, fields)


class NatureDomeTracker(GameTracker[MatchState, TableAction]):
    name = match_json.GAME
    reader = TABLE_READER
    door = match.DOOR

    modes = {
        LIGHT: Mode(
            "Light",
            "Each player names the three cards they draw (a tap a card, on their own page); then "
            "a clash is two taps: the attacker's card, the defender's answer, which shows what "
            "it costs before it is tapped.",
            unchecked="Each card is recorded at the tap: the attack card, then the answer. A "
            "hand is what its player named on their page; a card they did not name is played "
            "from the whole deck ('A card not named').",
        ),
        FULL: Mode(
            "Full",
            "Each clash is entered whole, attack card and answer picked from the deck, and "
            "shown step by step before it is recorded; the hands stay face down.",
        ),
    }

    def __init__(self) -> None:
        self.pages = views.PAGES
        self.exports = {"rounds": views.round_rows}
        self.odds = clash_odds

    # -- matches ----------------------------------------------------------------------------

    def new_match(self, manifest: Mapping[str, Any], previous: MatchState | None) -> MatchState:
        data_dir = manifest.get("data_dir") or None
        rules, deck = game_data(data_dir)
        duel = previous.duel + 1 if previous is not None else 1
        light = manifest.get(MODE) == LIGHT
        return match.new_match_by_hand(deck, rules, duel=duel, data_dir=data_dir, light=light)

    def mode(self, state: MatchState) -> str:
        return LIGHT if state.light else FULL

    def matches_in_campaign(self, state: MatchState) -> int:
        return DUELS_PER_KIT

    def next_match_refusal(self, state: MatchState) -> str | None:
        if state.winner is None:
            return "a new duel starts when this one has a winner (or undo to fix it)"
        return None

    # -- seats and the big screen (the generic page layer's hooks) ---------------------------

    def seats(self, state: MatchState) -> list[tuple[str, str]]:
        return [("1", "Player 1"), ("2", "Player 2")]

    def acting_seat(self, state: MatchState, action: TableAction) -> str | None:
        """The player an action is made for: a clash and the attacker's cards the attacker's,
        the answer the defender's, the cards named in a hand its player's."""
        if isinstance(action, Clash | LayBoost | Attack):
            return str(state.attacker + 1)
        if isinstance(action, Respond):
            return str(state.defender + 1)
        if isinstance(action, Hand):
            return str(action.player + 1)
        return None

    # -- JSON forms (every clash changes whose turn it is: each touches everything) -----------

    def state_json(self, state: MatchState) -> Json:
        return match_json.to_json(state)

    def state_from_json(self, value: Json) -> MatchState:
        data_dir = value.get("data_dir")
        rules, deck = game_data(data_dir if isinstance(data_dir, str) and data_dir else None)
        return match_json.from_json(value, rules, deck)


plugin = NatureDomeTracker()
"""The tracker's side of the game (toolkit/tracker/contract.py), as the registry returns it."""
