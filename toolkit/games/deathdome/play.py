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
from toolkit.games.deathdome import rules as engine
from toolkit.games.deathdome.actions import (
    Attack,
    Capture,
    EndMatch,
    EndTurn,
    Heal,
    Points,
    Release,
    Vitae,
)
from toolkit.games.deathdome.inputs import weapon_profile
from toolkit.games.deathdome.state import MatchState, Unit, UnitRef, replace_team
from toolkit.parsing import Json

Step = tuple[MatchState, Json]


# ---------------------------------------------------------------------------- the books


def _set_unit(state: MatchState, ref: UnitRef, unit: Unit) -> MatchState:
    team = state.team(ref.colour)
    units = {**team.units, ref.unit_type: unit}
    return replace(state, teams=replace_team(state, ref.colour, replace(team, units=units)))


def use_unit_phase(state: MatchState) -> MatchState:
    """One of the turn's unit phases ("a player may perform 2 unit phases"); RuleError (On Your
    Turn) when the turn has used them all."""
    left = engine.unit_phases_left(state.phases_used + 1, state.rules)
    return replace(state, phases_used=state.rules.match.unit_phases_per_turn - left)


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


def kill(state: MatchState, ref: UnitRef, credited: str | None, jail: str) -> Step:
    """A unit's Vitae reached 0: "the player who caused the unit's demise chooses a jail to place
    that unit in"; the kill point goes to the team controlling the unit that made the kill."""
    jail = check_jail(state, jail)
    state = _set_unit(state, ref, Unit(vitae=0, items=state.unit(ref).items, jail=jail))
    credit = engine.kill_credit(credited, state.rules)
    if credit.credited_to is not None:
        team = state.team(credit.credited_to)
        killer = replace(team, kills=team.kills + credit.kill_points)
        state = replace(state, teams=replace_team(state, credit.credited_to, killer))
    steps = [f"{ref} goes to jail {jail}", *credit.steps]
    if engine.team_out(state.team(ref.colour).units_in_jail(), state.rules):
        steps.append(f"every {ref.colour} unit is in jail: {ref.colour} is out of the match")
    return state, {"steps": steps}


# ----------------------------------------------------------------------------------- combat


def combat_attacker(state: MatchState, action: Attack) -> engine.Attacker:
    """The attack stack's side: the cards, the weapon the unit carries, its Skill, +S."""
    unit = state.unit(action.attacker)
    weapon = engine.WeaponProfile(strength=0, attack="close", name="no weapon")
    if action.weapon:
        item = state.data.item(action.weapon)
        if item.id not in unit.items:
            raise RuleError("Weapons", f"{action.attacker} does not carry {item.name}")
        if item.kind != "weapon":
            raise RuleError("Weapons", f"{item.name} is not a weapon")
        weapon = weapon_profile(item)
    skill = state.unit_stats(action.attacker).stats["skill"]
    return engine.Attacker(cards=action.cards, weapon=weapon, skill=skill, bonus=action.bonus_s)


def combat_defender(
    state: MatchState,
    ref: UnitRef,
    cards: tuple[int, ...],
    bonus: int,
    behind: engine.Behind,
) -> engine.Defender:
    """A defense stack's side: the cards, every armour worn, Toughness, +T, the unit's Vitae."""
    unit = state.unit(ref)
    need_in_play(unit, ref)
    worn = [state.data.item(i) for i in unit.items]
    return engine.Defender(
        cards=cards,
        armour=tuple(item.toughness or 0 for item in worn if item.kind == "armour"),
        toughness=state.unit_stats(ref).stats["toughness"],
        bonus=bonus,
        vitae=unit.vitae,
        behind=behind,
        name=ref.text(),
    )


def attack(state: MatchState, action: Attack) -> Step:
    """ "To attack declare your target play a number of Special Play cards from your hand and add
    the value of Points together plus the strength of the weapon you are using": the engine's
    resolve_attack (resolve_splash for a splash weapon, each hit in the defender's order)."""
    controller = action.controller
    state.team(controller)
    unit = state.unit(action.attacker)
    need_in_play(unit, action.attacker)
    need_able(unit, action.attacker)
    if action.target.colour == controller:
        raise RuleError("Combat", "attack an enemy unit, not one of your own")
    attacker = combat_attacker(state, action)
    defenders = [
        combat_defender(state, action.target, action.defense, action.bonus_t, action.behind)
    ]
    for hit in action.splash:
        if hit.unit.colour == controller:
            raise RuleError("Splash Damage", "splash damage hits enemy units only")
        defenders.append(combat_defender(state, hit.unit, hit.cards, 0, "empty"))
    if len({d.name for d in defenders}) != len(defenders):
        raise RuleError("Splash Damage", "a unit is named twice among the targets")
    if action.splash and not attacker.weapon.splash:
        raise RuleError("Splash Damage", f"{attacker.weapon.name} does not cause splash damage")
    check_jail(state, action.jail)
    state = use_unit_phase(state)
    refs = {ref.text(): ref for ref in (action.target, *(hit.unit for hit in action.splash))}
    if attacker.weapon.splash:
        result = engine.resolve_splash(attacker, defenders, state.rules)
        hits, steps = result.hits, list(result.steps)
    else:
        single = engine.resolve_attack(attacker, defenders[0], state.rules)
        hits, steps = [(action.target.text(), single)], []
    summary = []
    for name, outcome in hits:
        ref = refs[name]
        steps += [f"{name}: {step}" for step in outcome.steps] if len(hits) > 1 else outcome.steps
        hurt = replace(state.unit(ref), vitae=outcome.vitae_left)
        if outcome.killed:
            state, killed = kill(_set_unit(state, ref, hurt), ref, controller, action.jail)
            steps += killed["steps"]
            summary.append(f"{name} killed")
            continue
        if outcome.incapacitated:
            hurt = replace(hurt, incapacitated=True, sitting_out=False)
        state = _set_unit(state, ref, hurt)
        summary.append(f"{name} takes {outcome.damage}, Vitae {outcome.vitae_left}")
        if outcome.push_back:
            summary[-1] += ", pushed back"
    return state, {
        "summary": "; ".join(summary),
        "steps": steps,
        "hits": [
            {
                "unit": name,
                "damage": o.damage,
                "vitae_left": o.vitae_left,
                "killed": o.killed,
                "wounded": o.wounded,
                "push_back": o.push_back,
                "incapacitated": o.incapacitated,
            }
            for name, o in hits
        ],
    }


def attack_asks(state: MatchState, action: Attack, outcome: Json) -> list[Json]:
    """What the table must still say before an attack is recorded, asked only when it happens
    (the check page shows it as one tap a choice): what lies behind a target pushed back
    ("Push Back": a wall or a unit negates it, lava kills), else which jail a killed unit goes
    to when the board has several ("the player who caused the unit's demise chooses a jail").
    `outcome` is what `attack` made of the action on `state` (the state before it)."""
    hits = {hit["unit"]: hit for hit in outcome.get("hits", [])}
    main = hits.get(action.target.text())
    if main is not None and main["push_back"] and action.behind == "empty":
        name = action.target.text()
        return [
            {
                "field": "behind",
                "question": f"{name} is pushed back: what is on the square behind it?",
                "options": [
                    {"value": "empty", "label": "Nothing: pushed back"},
                    {"value": "wall", "label": "A wall: stays"},
                    {"value": "unit", "label": "A unit: stays"},
                    # Lava kills: the check page asks the jail next.
                    {"value": "lava", "label": "Lava: killed", "preview": True},
                ],
            }
        ]
    killed = [name for name, hit in hits.items() if hit["killed"]]
    jails = state.data.jails
    if killed and not action.jail and len(jails) > 1:
        return [
            {
                "field": "jail",
                "question": f"{', '.join(killed)} killed: which jail?",
                "options": [{"value": j, "label": f"Jail {j}"} for j in jails],
            }
        ]
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
    return _set_unit(state, ref, replace(unit, vitae=healed.vitae_left)), {"steps": healed.steps}


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
    state = _set_unit(state, ref, replace(unit, vitae=after))
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
        state = _set_unit(
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
    the 12th round, the payout ("When all players have finished their 12th turn")."""
    rounds = state.rules.match.rounds
    steps = []
    for ref in state.refs(action.team):
        unit = state.unit(ref)
        if unit.incapacitated and unit.sitting_out:
            state = _set_unit(state, ref, replace(unit, incapacitated=False, sitting_out=False))
            steps.append(f"{ref} stands up again")
    turn, number = state.turn + 1, state.round
    if turn == len(state.order):
        turn, number = 0, number + 1
    state = replace(state, phases_used=0, turn=turn, round=number)
    if number > rounds:
        state = replace(state, round=rounds, turn=len(state.order) - 1, phase="payout")
        steps.append(f"every team has played its {rounds}th turn: payout")
        return state, {"steps": steps}
    following = state.current_team()
    for ref in state.refs(following):
        unit = state.unit(ref)
        if unit.incapacitated:
            state = _set_unit(state, ref, replace(unit, sitting_out=True))
            steps.append(f"{ref} is incapacitated this turn")
    steps.append(f"round {state.round}: {following}'s turn")
    steps += state.draws(following).steps
    return state, {"steps": steps}


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
