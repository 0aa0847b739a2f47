"""A Domppa combat in the tracker: the roster, each character's HP, fatigue, conditions and AP.

The tracker's contract (toolkit/tracker/contract.py) wired to the game: the match engine
(match.py: the typed state, its one `apply` door, the rules of a combat), the typed actions and
their forms (actions.py), the pages (views.py) and the odds charts (odds.py). The roster starts
with every character of the kit (card_data/domppa/characters.csv, its derived stats from
`derive`, the same numbers the printed cards show); more are entered by hand.

An action's line, as the history shows it:
`melee knight -> berserker with Broadsword hit 6,3,2 damage 5,4`.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from toolkit.errors import DomekitError
from toolkit.games.domppa import match, views
from toolkit.games.domppa.actions import (
    READER,
    AnyAction,
    Attack,
    CarryGear,
    ChangeHp,
    ChooseSide,
    Morale,
    Rally,
    Ride,
    SetCondition,
    SpendAp,
)
from toolkit.games.domppa.attack import first_striker
from toolkit.games.domppa.data import DomppaKitData, load_kit_data
from toolkit.games.domppa.match import GAME, RULE_OUT, RULE_TURN, MatchState
from toolkit.games.domppa.state import Combatant
from toolkit.tracker.contract import EVERYTHING, Json
from toolkit.tracker.typed import GameTracker

__all__ = ["RULE_OUT", "RULE_TURN", "DomppaTracker", "game_data", "plugin"]

COMBATS_PER_KIT = 999  # no campaign: one combat after another


@lru_cache(maxsize=8)
def game_data(data_dir: str | None = None) -> DomppaKitData:
    """A kit's card data (its manifest's folder, or the shipped card_data/domppa), read once."""
    return load_kit_data(data_dir)


def _odds(state: MatchState, fields: Mapping[str, Any]) -> Json | None:
    """The attack form's and the morale prompt's odds (odds.py), a character's fight (fight.py)."""
    from toolkit.games.domppa.fight import fight_chart
    from toolkit.games.domppa.odds import tracker_chart

    kind = str(fields.get("type") or "")
    if kind == "attack" and not fields.get("target"):
        raise DomekitError("tap a target: the attack's odds show here")
    return fight_chart(state, fields) if kind == "fight" else tracker_chart(state, fields)


SIDE = "side:"
"""A side's seat: `side:` and the side's label."""


def seat_of(unit: Combatant) -> str:
    """The seat that runs a character: its side's, or its own when it has none."""
    return f"{SIDE}{unit.side}" if unit.side else unit.id


class DomppaTracker(GameTracker[MatchState, AnyAction]):
    name = GAME
    reader = READER
    door = match.DOOR

    def __init__(self) -> None:
        self.pages = views.PAGES
        self.exports = {"roster": views.roster_rows}
        self.odds = _odds

    # -- matches ----------------------------------------------------------------------------

    def new_match(self, manifest: Mapping[str, Any], previous: MatchState | None) -> MatchState:
        data_dir = manifest.get("data_dir") or None
        return match.new_match(
            game_data(data_dir), seed=secrets.randbits(63), data_dir=data_dir, previous=previous
        )

    def matches_in_campaign(self, state: MatchState) -> int:
        return COMBATS_PER_KIT

    def next_match_refusal(self, state: MatchState) -> str | None:
        return None if state.over else "end this combat first"

    # -- seats and the big screen (the generic page layer's hooks) ---------------------------

    def seats(self, state: MatchState) -> list[tuple[str, str]]:
        """A seat a side: a player runs a side's characters, so one phone claims the side
        (`side:Defenders`); a character with no side is a seat of its own (its id)."""
        found: dict[str, str] = {}
        for unit in state.roster:
            if unit.in_combat:
                found.setdefault(seat_of(unit), unit.side or unit.name)
        return list(found.items())

    def seat_name(self, state: MatchState, seat: str) -> str:
        return seat.removeprefix(SIDE)

    def acting_seat(self, state: MatchState, action: AnyAction) -> str | None:
        """The seat of the character an action is made by or for (its turn, an attack, a test,
        a change): its side's."""
        found = match.mover(action) or getattr(action, "unit", None)
        unit = state.find(found) if isinstance(found, str) and found else None
        return None if unit is None else seat_of(unit)

    # -- actions: the history's line, what each touches --------------------------------------

    def text(self, action: AnyAction) -> str:
        return action.line()

    def touches(self, action: AnyAction) -> frozenset[str]:
        if isinstance(action, Attack):
            return frozenset({"turn", f"unit:{action.attacker}", f"unit:{action.target}"})
        if isinstance(action, SpendAp) and action.action in ("standard", "inspirational"):
            return frozenset({EVERYTHING})  # every morale test of its party
        if isinstance(action, SpendAp):  # the heal's patient and formation's comrades too
            units = {action.unit, action.target, *action.comrades} - {""}
            return frozenset(f"unit:{unit}" for unit in units)
        if isinstance(
            action, Morale | Rally | SetCondition | ChangeHp | CarryGear | ChooseSide | Ride
        ):
            return frozenset({f"unit:{action.unit}"})
        return frozenset({EVERYTHING})

    def asks(self, state: MatchState, action: AnyAction, outcome: Json) -> list[Json]:
        """What the check page still asks before an attack is recorded, only when it matters: a
        charge at a target holding a longer weapon, which strikes first "unless it was already
        in melee" (the table sees that; the tracker does not)."""
        if not isinstance(action, Attack) or action.engaged is not None:
            return []
        attacker, target = state.find(action.attacker), state.find(action.target)
        if attacker is None or target is None:
            return []
        weapon = first_striker(state, action, attacker, target)
        if weapon is None:
            return []
        return [
            {
                "field": "engaged",
                "question": f"{attacker.name} charges {target.name}, whose {weapon.name} is "
                "longer: was it already in melee?",
                "options": [
                    {"value": "no", "label": f"No: {target.name} strikes first"},
                    {"value": "yes", "label": "Yes: no first strike", "preview": True},
                ],
            }
        ]

    # -- JSON forms -------------------------------------------------------------------------

    def state_json(self, state: MatchState) -> Json:
        return match.state_json(state)

    def state_from_json(self, value: Json) -> MatchState:
        if value.get("game") not in (None, GAME):
            raise DomekitError(f"this is a {value.get('game')!r} state, not a {GAME} one")
        data_dir = value.get("data_dir")
        if data_dir is not None and not isinstance(data_dir, str):
            raise DomekitError("not a Domppa combat state: data_dir is a folder's name")
        return match.state_from_json(value, game_data(data_dir or None))


plugin = DomppaTracker()
"""The tracker's side of the game (toolkit/tracker/contract.py), as the registry returns it."""
