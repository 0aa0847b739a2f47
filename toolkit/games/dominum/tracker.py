"""A Dominum match in the tracker (toolkit/tracker/contract.py): the match (match.py), its actions
(actions.py) and its pages (views.py) wired to the phones.

The state is the frozen `DominumMatch`: the set-up, the actions so far and the engine's state
after them, so each action costs one engine step. Its JSON form holds the set-up and the log;
reading it back replays them. Every rule, refusal and step comes from the engine.

At the table the Power Decks are real cards: a draw names the card the table turned up
(`deck:3`) or the reserve card used (`reserve:critical`), and a cycle names the counter set aside
and the card turned up after the shuffle, so the engine's decks stay the table's decks.

The guards of the match's door (match.py: `DOOR`) check the end of the match and, in the rounds
("Rounds. Turns. Phases."), that a Phase token and the actions of a phase are made by the player
whose turn it is.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from toolkit.errors import DomekitError
from toolkit.games.dominum.actions import READER, Action, Attack, Counterattack, Forces
from toolkit.games.dominum.board import PLAYERS
from toolkit.games.dominum.match import DOOR, DominumMatch
from toolkit.games.dominum.odds import odds_chart
from toolkit.games.dominum.setup import RULE_SETUP, default_forces
from toolkit.games.dominum.views import PAGES, battlefield_rows
from toolkit.tracker.contract import EVERYTHING, FULL, LIGHT, MODE, Json, Mode, NoOdds
from toolkit.tracker.typed import GameTracker

__all__ = ["RULE_SETUP", "DominumTracker", "default_forces", "plugin"]

MATCHES_PER_KIT = 999  # no campaign: one match after another


DRAWS = {"attack": ("power", "defense_power"), "assault": ("power1", "power2")}
"""The draws a form names, by its `type`: once all are named the result is known, not a chance."""
NOT_YET = "deck"
"""A draw the form does not name yet: from the deck, what the odds are over."""


def open_odds(state: DominumMatch, fields: Mapping[str, Any]) -> Json | None:
    """The forms' odds (`odds.odds_chart`) while a draw is still open: once an attack names its
    attacker and target, until both draws are named (then the check page shows the result);
    a draw not named yet is the deck's. A light match's forms have none (its power chips
    record at the tap)."""
    if state.light is not None:
        return None
    kind = str(fields.get("type") or "")
    if kind == "attack" and not (fields.get("attacker") and fields.get("target")):
        raise DomekitError("tap your attacking card and its target: the odds show here")
    draws = DRAWS.get(kind, ())
    if draws and all(str(fields.get(name) or "").strip() for name in draws):
        DOOR.apply(state, Action.from_fields(fields))  # one the rules refuse: their refusal
        raise NoOdds("both draws are named: the result is known (check it to see it)")
    # The attacker's draws not named yet are the deck's; the defender's answer left open is its
    # own decision (odds.py: the engine's default).
    mine = draws if kind == "assault" else draws[:1]
    blank = {name: NOT_YET for name in mine if not str(fields.get(name) or "").strip()}
    return odds_chart(state, {**fields, **blank})


def open_choices(state: DominumMatch, action: Action) -> list[Json]:
    """The first choice the engine says the action leaves open, its answers marked `preview`
    when another choice follows them."""
    if not isinstance(action, Attack | Counterattack):
        return []
    _, told = DOOR.apply(state, action)
    if not told.choices:
        return []
    choice = told.choices[0]
    question = choice.to_json()
    options = []
    for value, label in choice.options:
        answered = Action.from_fields({**action.to_json(), choice.field: value})
        try:
            _, after = DOOR.apply(state, answered)
        except DomekitError:
            continue
        options.append(
            {"value": value, "label": label, **({"preview": True} if after.choices else {})}
        )
    return [{**question, "options": options}]


class DominumTracker(GameTracker[DominumMatch, Action]):
    name = "dominum"
    reader = READER
    door = DOOR

    modes = {
        LIGHT: Mode(
            "Light",
            "The battlefield and the Phase tokens stay on the table. The phone keeps the Power "
            "Decks (what is still face down, the reserve boards, the cycles), the Stronghold's "
            "Charge, the VP and the Surge token, and does each attack's and assault's sums: an "
            "attack is your card, the enemy card and the power drawn; the defender answers on "
            "their phone.",
            unchecked="Positions, moves and Phase tokens are not entered, so the phone does not "
            "check them: whose phase it is, ranges, coordinating allies, Weaken tokens and the "
            "cards in the assault zone are the table's word.",
        ),
        FULL: Mode(
            "Full",
            "Every placement, move and Phase token is entered on the board and checked against "
            "the rules (good for learning the game).",
        ),
    }

    def __init__(self) -> None:
        self.pages = PAGES
        self.exports = {"battlefield": battlefield_rows}
        self.odds = open_odds

    def new_match(self, manifest: Mapping[str, Any], previous: DominumMatch | None) -> DominumMatch:
        mode = LIGHT if manifest.get(MODE) == LIGHT else FULL
        return DominumMatch.first(manifest.get("data_dir") or None, previous, mode)

    def mode(self, state: DominumMatch) -> str:
        return state.mode

    def matches_in_campaign(self, state: DominumMatch) -> int:
        return MATCHES_PER_KIT

    def next_match_refusal(self, state: DominumMatch) -> str | None:
        return None if state.over else "the next match starts when this one is over"

    # -- seats and the big screen (the generic page layer's hooks) ---------------------------

    def seats(self, state: DominumMatch) -> list[tuple[str, str]]:
        return [(p, f"{p.title()} player") for p in PLAYERS]

    def acting_seat(self, state: DominumMatch, action: Action) -> str | None:
        """The player an action names (every Dominum action but the set-up's begin does)."""
        player = getattr(action, "player", None)
        return player if isinstance(player, str) and player else None

    def asks(self, state: DominumMatch, action: Action, outcome: Json) -> list[Json]:
        """A choice the rules leave to a player that the action left open (combat.py: the
        Lunge's second draw, where a Knockback or an Evasive card shifts, which adjacent enemy
        an On Discard weakens): asked one at a time, each answer the action's field; an answer
        after which another choice opens checks again (`preview`)."""
        return open_choices(state, action)

    def round_of(self, before: DominumMatch, action: Action | None) -> str | None:
        """The history's headings: the set-up, the initial deployment, each round."""
        if before.light is not None:
            return f"Match {before.number}: round {before.light.round}"
        if before.state is None:
            return f"Match {before.number}: set-up"
        if before.state.stage == "deployment":
            return f"Match {before.number}: initial deployment"
        return f"Match {before.number}: round {before.state.round.number}"

    def touches(self, action: Action) -> frozenset[str]:
        if isinstance(action, Forces):
            return frozenset({f"forces:{action.player}"})
        return frozenset({EVERYTHING})

    def state_json(self, state: DominumMatch) -> Json:
        return state.to_json()

    def state_from_json(self, value: Json) -> DominumMatch:
        return DominumMatch.from_json(value)


plugin = DominumTracker()
"""The tracker's side of the game (toolkit/tracker/contract.py), as the registry returns it."""
