"""Playing a match: turns and rounds, unit phases, combat, death and jail, control points.

rules/deathdome.txt, "Playing a Match" and "On Your Turn": "There are 12 rounds in a Death Dome
match. Each player takes one turn per round with play continuing in clockwise direction." "On each
team's turn, a player may perform 2 unit phases." "Combat", "Death", "Incapacitate", "Push Back",
"Splash Damage" and "The Board" say what an attack, a kill, a jail release and a heal in base do;
the numbers and the combat itself are the pure functions of `toolkit.games.deathdome.rules`. Each
step is a pure function of the state and the action; the match engine (`match.apply`) is their
one door.
"""

from __future__ import annotations

from dataclasses import replace

from toolkit.errors import RuleError
from toolkit.games.deathdome import combat
from toolkit.games.deathdome import effects as effect_words
from toolkit.games.deathdome import rules as engine
from toolkit.games.deathdome.actions import (
    Attack,
    Capture,
    EndMatch,
    EndTurn,
    Heal,
    PlayCard,
    Points,
    Release,
    Use,
    Vitae,
)
from toolkit.games.deathdome.actions.turns import NOBODY
from toolkit.games.deathdome.books import (
    Step,
    kill,
    need_able,
    need_in_play,
    set_unit,
    use_unit_phase,
)
from toolkit.games.deathdome.state import MatchState, UnitRef, Until, replace_team
from toolkit.parsing import Json

# ----------------------------------------------------------------------------------- combat


def attack(state: MatchState, action: Attack) -> Step:
    """ "To attack declare your target play a number of Special Play cards from your hand and add
    the value of Points together plus the strength of the weapon you are using": with every card
    in play (combat.attack)."""
    return combat.attack(state, action)


def attack_asks(state: MatchState, action: Attack, outcome: Json) -> list[Json]:
    """What the check page asks before an attack is recorded (combat.attack_asks)."""
    return combat.attack_asks(state, action, outcome)


def kill_asks(before: MatchState, after: MatchState, action: Vitae | Use | PlayCard) -> list[Json]:
    """What the table must say before a card's or an item's kill is recorded, asked only when a
    unit is killed (`before` and `after` the action): who played a -V card on it (the kill
    point: "No kill points are awarded as a result of special play cards that are not played on
    specific units"), then which jail, when the board has several ("the player who caused the
    unit's demise chooses a jail")."""
    killed = [
        ref.text()
        for colour in before.order
        for ref in before.refs(colour)
        if not before.unit(ref).in_jail and after.unit(ref).in_jail
    ]
    if not killed:
        return []
    if isinstance(action, Vitae) and not action.told:
        teams = [
            {"value": colour, "label": f"{colour.title()} played it", "preview": True}
            for colour in before.order
        ]
        nobody = {"value": NOBODY, "label": "Nobody: it named no unit", "preview": True}
        return [
            {
                "field": "credited",
                "question": f"{', '.join(killed)} killed by the card: who played it on the unit?",
                "options": [*teams, nobody],
            }
        ]
    jails = before.data.jails
    if not action.jail and len(jails) > 1:
        return [combat.jail_question("jail", f"{', '.join(killed)} killed: which jail?", jails)]
    return []


def heal(state: MatchState, action: Heal) -> Step:
    """ "any unit can use an action to heal one Vitae while inside the base" (the players see
    that it is in its base)."""
    ref = action.unit
    unit = state.unit(ref)
    need_in_play(unit, ref)
    need_able(unit, ref)
    healed = engine.heal_in_base(
        unit.vitae, state.full_vitae(ref), in_own_base=True, rules=state.rules
    )
    state = use_unit_phase(state)
    return set_unit(state, ref, replace(unit, vitae=healed.vitae_left)), {"steps": healed.steps}


def vitae(state: MatchState, action: Vitae) -> Step:
    """A card's direct Vitae change: -V (unblockable damage) or +V (healing), any time in play.
    A kill by a card not played on a unit gives no kill point ("No kill points are awarded as a
    result of special play cards that are not played on specific units")."""
    state.need_phase("play", rule="Card Abilities")
    ref = action.unit
    unit = state.unit(ref)
    need_in_play(unit, ref)
    top = state.full_vitae(ref)
    after = max(0, min(top, unit.vitae + action.change))
    steps = [f"Vitae {unit.vitae} {action.change:+d} = {after} (at most {top})"]
    state = set_unit(state, ref, replace(unit, vitae=after))
    if after == 0:
        if action.credited is not None:
            state.team(action.credited)
        state, killed = kill(state, ref, action.credited, action.jail)
        steps += killed["steps"]
    return state, {"steps": steps}


# ------------------------------------------------------------------ control points, jails


def capture(state: MatchState, action: Capture) -> Step:
    """A unit's action turns a control point (or a tower's centre) to its team's colour."""
    previous = action.previous
    if previous == action.team:
        raise RuleError("capture a control point", f"the point already shows {action.team}")
    field = "control_points" if action.point == "control_point" else "tower_centres"
    if previous is not None:
        owner = state.team(previous)
        if getattr(owner, field) < 1:
            raise RuleError("capture a control point", f"{previous} holds no {action.point}")
        lost = replace(owner, **{field: getattr(owner, field) - 1})
        state = replace(state, teams=replace_team(state, previous, lost))
    state = use_unit_phase(state)
    team = state.team(action.team)
    team = replace(team, **{field: getattr(team, field) + 1})
    state = replace(state, teams=replace_team(state, action.team, team))
    return state, {
        "steps": [
            f"{action.team} turns a {action.point.replace('_', ' ')}"
            + (f" from {previous}" if previous else ""),
            f"{action.team} now holds {team.control_points} control points and "
            f"{team.tower_centres} tower centres",
            *state.draws(action.team).steps,
        ]
    }


def points(state: MatchState, action: Points) -> Step:
    """A team's control points and tower centres set to what the board shows (a correction)."""
    state.need_phase("play", "payout", rule="Payout Winnings")
    team = replace(
        state.team(action.team),
        control_points=action.control_points,
        tower_centres=action.tower_centres,
    )
    state = replace(state, teams=replace_team(state, action.team, team))
    return state, {"steps": state.draws(action.team).steps}


def release(state: MatchState, action: Release) -> Step:
    """ "When a jail is released, every unit inside is released to their team's base" at full
    Vitae."""
    rule = "activate a jail release point"
    jails = state.data.jails
    if action.jail not in jails:
        raise RuleError(
            rule, f"no jail {action.jail!r} on the board; the jails are {', '.join(jails)}"
        )
    freed = [
        ref
        for colour in state.order
        for ref in state.refs(colour)
        if state.unit(ref).jail == action.jail
    ]
    if not freed:
        raise RuleError(rule, f"jail {action.jail} is empty")
    for ref in freed:
        state = set_unit(
            state, ref, replace(state.unit(ref), jail=None, vitae=state.full_vitae(ref))
        )
    state = use_unit_phase(state)
    return state, {
        "steps": [
            f"{action.team} activates the release point of jail {action.jail}",
            f"released to their team's base: {', '.join(ref.text() for ref in freed)}",
        ]
    }


# ------------------------------------------------------------------------- turns, rounds


def end_turn(state: MatchState, action: EndTurn) -> Step:
    """The team's turn ends: its units that sat out stand up again; the next team clockwise
    plays (a new round at red's), its incapacitated units sit this turn out, and it draws. After
    the 12th round, the payout ("When all players have finished their 12th turn"). What lasted
    "for the rest of your turn" ends with it, and what lasted "until your next turn" when the
    next one begins; so do a free action not taken and an item's once-per-turn use."""
    rounds = state.rules.match.rounds
    steps = []
    for ref in state.refs(action.team):
        unit = state.unit(ref)
        if unit.incapacitated and unit.sitting_out:
            unit = replace(unit, incapacitated=False, sitting_out=False)
            state = set_unit(state, ref, unit)
            steps.append(f"{ref} stands up again")
        state, more = _expire(state, ref, "turn")
        steps += more
    turn, number = state.turn + 1, state.round
    if turn == len(state.order):
        turn, number = 0, number + 1
    state = replace(state, phases_used=0, turn=turn, round=number, free_actions=0)
    if number > rounds:
        state = replace(state, round=rounds, turn=len(state.order) - 1, phase="payout")
        steps.append(f"every team has played its {rounds}th turn: payout")
        return state, {"steps": steps}
    following = state.current_team()
    for ref in state.refs(following):
        state, more = _expire(state, ref, "next turn")
        steps += more
        unit = state.unit(ref)
        if unit.incapacitated:
            state = set_unit(state, ref, replace(unit, sitting_out=True))
            steps.append(f"{ref} is incapacitated this turn")
    steps.append(f"round {state.round}: {following}'s turn")
    steps += state.draws(following).steps
    return state, {"steps": steps}


def _expire(state: MatchState, ref: UnitRef, until: Until) -> tuple[MatchState, list[str]]:
    """What lasted on a unit `until` now ends; at its turn's end, so does a once-per-turn use."""
    unit = state.unit(ref)
    ended = [lasting for lasting in unit.lasting if lasting.until == until]
    used = unit.used
    if until == "turn":
        used = tuple(
            item
            for item in unit.used
            if not effect_words.has(state.data.item(item).effects, "once per turn")
        )
    if not ended and used == unit.used:
        return state, []
    kept = tuple(lasting for lasting in unit.lasting if lasting.until != until)
    state = set_unit(state, ref, replace(unit, lasting=kept, used=used))
    names = [state.data.cards.card_by_name(k.card) or state.data.item(k.card) for k in ended]
    return state, [f"{ref}: {card.name} wears off" for card in names]


def end_match(state: MatchState, action: EndMatch) -> Step:
    """ "If a team is the only team left standing in the Dome that team is automatically the match
    winner": the match ends early, and the payout follows."""
    state.need_phase("play", rule="Notes")
    standing = engine.last_team_standing(state.order, state.teams_out())
    if standing is None:
        raise RuleError(
            "Notes", "the match ends early only when one team is the only one left standing"
        )
    state = replace(state, phase="payout", last_standing=standing)
    return state, {"steps": [f"{standing} is the only team left standing: the match is over"]}
