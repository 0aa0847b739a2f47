"""The duel in the tracker: the typed base forwards its one action and its door; what is left is
the duel's own: how a duel starts, its seats and its state's JSON form."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from duel import views
from duel.match import DOOR, PLAYERS, READER, Duel, Roll, named, rules
from toolkit.tracker.contract import Json
from toolkit.tracker.typed import GameTracker


class DuelTracker(GameTracker[Duel, Roll]):
    name = "duel"
    reader = READER
    door = DOOR
    pages = views.PAGES

    def new_match(self, manifest: Mapping[str, Any], previous: Duel | None) -> Duel:
        return Duel((rules().hp,) * len(PLAYERS))

    def matches_in_campaign(self, state: Duel) -> int:
        return 1_000  # no campaign: a kit plays duel after duel

    def next_match_refusal(self, state: Duel) -> str | None:
        return None if state.winner else "the next duel starts when this one has a winner"

    def seats(self, state: Duel) -> list[tuple[str, str]]:
        return [(player, named(player)) for player in PLAYERS]

    def state_json(self, state: Duel) -> Json:
        return state.to_json()

    def state_from_json(self, value: Json) -> Duel:
        return Duel.from_json(value)


plugin = DuelTracker()
