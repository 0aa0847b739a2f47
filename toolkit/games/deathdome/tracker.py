"""A Death Dome match in the tracker: the game's engine, actions and pages behind its contract.

Every rule is the match engine's (its door, `match.DOOR`, over the frozen `MatchState`), every
action's text and JSON form is its own (`actions.READER` reads them), every page is `views`'s and
the odds charts are `odds.tracker_chart`'s; what is left here is the game's own: how a match
starts, its seats, the questions the check page asks.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from toolkit.games.deathdome import match, play, views
from toolkit.games.deathdome.actions import READER, Action, Attack, PlayCard, Use, Vitae
from toolkit.games.deathdome.odds import tracker_chart
from toolkit.games.deathdome.state import GAME, MatchState, state_from_json, state_json
from toolkit.tracker.contract import FULL, LIGHT, MODE, Json, Mode, NoOdds, Outcome
from toolkit.tracker.typed import GameTracker


def open_odds(state: MatchState, fields: Mapping[str, Any]) -> Json | None:
    """The odds where a decision is still open: an attack whose defense is not played yet (once
    it is, the result is certain and the check shows it). A capture's payout swing is certain
    too: a capture has no odds."""
    kind = str(fields.get("type") or "")
    if kind == "capture":
        raise NoOdds("a capture has no odds: what it pays is certain (the check shows it)")
    if kind == "attack" and not str(fields.get("target") or "").strip():
        raise NoOdds("tap a target: the attack's odds show here until the defender answers")
    chart = tracker_chart(state, fields)  # reads and checks the form first
    attack = Attack.read(fields) if kind == "attack" else None
    if attack is not None and (attack.defense or attack.defence_plays):
        raise NoOdds("the defence is played: the result is certain, no odds (the check shows it)")
    return chart


class DeathDomeTracker(GameTracker[MatchState, Action]):
    name = GAME
    reader = READER
    door = match.DOOR

    modes = {
        LIGHT: Mode(
            "Light",
            "The board keeps its markers: a capture, a jail release or a turn's end is one tap, "
            "an attack is the target, the cards and the defender's answer, and what the units "
            "wear applies by itself. Each action is recorded at the tap.",
            unchecked="Each action is recorded at the tap, without a check page first: the "
            "green note says what it did, the history shows every step and Undo takes one "
            "back. Positions, range and line of sight stay the table's, as in full tracking.",
        ),
        FULL: Mode(
            "Full",
            "Every action is shown step by step on a check page before it is recorded: good "
            "for learning the rules.",
        ),
    }

    def __init__(self) -> None:
        self.pages = views.PAGES
        self.exports = {"payout": views.payout_rows}
        self.odds = open_odds

    # -- matches ----------------------------------------------------------------------------

    def new_match(self, manifest: Mapping[str, Any], previous: MatchState | None) -> MatchState:
        teams = manifest.get("teams")
        return match.new_match(
            manifest.get("data_dir") or None,
            [str(t) for t in teams] if teams else None,
            previous,
            light=manifest.get(MODE) == LIGHT,
        )

    def mode(self, state: MatchState) -> str:
        return LIGHT if state.light else FULL

    def matches_in_campaign(self, state: MatchState) -> int:
        return state.matches

    def next_match_refusal(self, state: MatchState) -> str | None:
        return match.next_match_refusal(state)

    # -- seats and the big screen (the generic page layer's hooks) ---------------------------

    def seats(self, state: MatchState) -> list[tuple[str, str]]:
        """Every team at the table, in turn order."""
        return [(colour, f"{colour.title()} team") for colour in state.order]

    def acting_seat(self, state: MatchState, action: Action) -> str | None:
        """The team an action is made for: the one on its turn, a buyer, a payer, a seller, the
        team of the unit it equips; None for what any phone may enter (card effects, the
        end-of-match points and fans roll, seating, the start)."""
        found = match.mover(action)
        if found is not None:
            return found
        for name in ("team", "payer", "seller"):
            value = getattr(action, name, None)
            if isinstance(value, str) and value:
                return value
        if action.kind in ("equip", "unequip"):
            unit = getattr(action, "unit", None)
            return unit.colour if unit is not None else None
        return None

    def asks(self, state: MatchState, action: Action, outcome: Outcome) -> list[Json]:
        """What the check page still asks before the action is recorded (the engine's)."""
        if isinstance(action, Attack):
            return play.attack_asks(state, action, outcome)
        if isinstance(action, Vitae | Use | PlayCard):
            return play.kill_asks(state, match.apply(state, action)[0], action)
        return []

    def round_of(self, before: MatchState, action: Action | None) -> str | None:
        """The history's headings: the set-up (purchases), each round, the payout."""
        if before.phase == "setup":
            return f"Match {before.number}: set-up"
        if before.phase == "play":
            return f"Round {before.round}"
        return f"Match {before.number}: payout"

    # -- JSON forms -------------------------------------------------------------------------

    def state_json(self, state: MatchState) -> Json:
        return state_json(state)

    def state_from_json(self, value: Json) -> MatchState:
        return state_from_json(value)


plugin = DeathDomeTracker()
"""The tracker's side of the game (toolkit/tracker/contract.py), as the registry returns it."""
