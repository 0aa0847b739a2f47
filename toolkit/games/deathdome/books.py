"""The books a match keeps of its units: a unit changed, a unit phase used, a unit that cannot
act, a jail chosen, a kill.

rules/deathdome.txt, "On Your Turn": "a player may perform 2 unit phases"; "Death": "the player
who caused the unit's demise chooses a jail to place that unit in", "Kill points are always
awarded to the player controlling the unit that makes the kill"; "Incapacitate": it "is unable to
move or perform an action on its teams next turn". The steps of play.py, combat.py and cards.py
keep their books here.
"""

from __future__ import annotations

from dataclasses import replace

from toolkit.errors import RuleError
from toolkit.games.deathdome import rules as engine
from toolkit.games.deathdome.state import MatchState, Unit, UnitRef, replace_team
from toolkit.parsing import Json

Step = tuple[MatchState, Json]


def set_unit(state: MatchState, ref: UnitRef, unit: Unit) -> MatchState:
    team = state.team(ref.colour)
    units = {**team.units, ref.unit_type: unit}
    return replace(state, teams=replace_team(state, ref.colour, replace(team, units=units)))


def use_unit_phase(state: MatchState) -> MatchState:
    """One of the turn's unit phases ("a player may perform 2 unit phases"); once they are all
    used, a free action the team was given ([+A]: "a free action is being awarded this does not
    require an action to use"); RuleError (On Your Turn) when there is neither."""
    per_turn = state.rules.match.unit_phases_per_turn
    if state.phases_used >= per_turn and state.free_actions:
        return replace(state, free_actions=state.free_actions - 1)
    left = engine.unit_phases_left(state.phases_used + 1, state.rules)
    return replace(state, phases_used=per_turn - left)


def need_in_play(unit: Unit, ref: UnitRef, rule: str = "Death") -> None:
    """ "No items or actions may be performed from jail or on units in jail"."""
    if unit.in_jail:
        raise RuleError(rule, f"{ref} is in jail: no items or actions from or on units in jail")


def need_able(unit: Unit, ref: UnitRef) -> None:
    """An incapacitated unit "is unable to move or perform an action on its teams next turn"."""
    if unit.incapacitated:
        raise RuleError("Incapacitate", f"{ref} is incapacitated: it cannot act this turn")


def check_jail(state: MatchState, jail: str, rule: str = "Death") -> str:
    """The jail named (the board's first when none is), checked against the board."""
    jails = state.data.jails
    if not jail:
        return jails[0] if jails else "jail"
    if jail not in jails:
        raise RuleError(rule, f"no jail {jail!r} on the board; the jails are {', '.join(jails)}")
    return jail


def kill(
    state: MatchState, ref: UnitRef, credited: str | None, jail: str, *, why: str = ""
) -> Step:
    """A unit's Vitae reached 0: "the player who caused the unit's demise chooses a jail to place
    that unit in"; the kill point goes to the team controlling the unit that made the kill
    (`credited`; None: no kill point, for the reason `why` when a card says so)."""
    jail = check_jail(state, jail)
    unit = state.unit(ref)
    state = set_unit(state, ref, Unit(vitae=0, items=unit.items, jail=jail, used=unit.used))
    credit = engine.kill_credit(credited, state.rules)
    if credit.credited_to is not None:
        team = state.team(credit.credited_to)
        killer = replace(team, kills=team.kills + credit.kill_points)
        state = replace(state, teams=replace_team(state, credit.credited_to, killer))
    steps = [f"{ref} goes to jail {jail}", *([why] if why else credit.steps)]
    if engine.team_out(state.team(ref.colour).units_in_jail(), state.rules):
        steps.append(f"every {ref.colour} unit is in jail: {ref.colour} is out of the match")
    return state, {"steps": steps}
