"""Combat in a match: "Attack Phase", "Coordinated Attacks", the keyword abilities that shape an
attack (Alt Attack, Free Strike, Lunge, Knockback, Evasive, Submerge), "Counterattack", "Defeat"
and "Advancing" (rules/dominum.txt). The totals are rules.py's `resolve_attack`; this module
says which cards fight, what they draw and where they stand afterwards."""

from __future__ import annotations

from dataclasses import replace

from toolkit.errors import RuleError
from toolkit.games.dominum.actions import Advance, Attack, Counterattack, Submerge
from toolkit.games.dominum.board import Space, opponent, space_text
from toolkit.games.dominum.power import PowerCard
from toolkit.games.dominum.rules import AttackKind, Keyword, apply_wound, resolve_attack
from toolkit.games.dominum.state import (
    MatchState,
    Outcome,
    Pending,
    PhaseState,
    Unit,
    discard,
    draw,
    put,
    running_phase,
    unit_at,
    with_unit,
)


def attack(state: MatchState, action: Attack) -> tuple[MatchState, Outcome]:
    rule = "Attack Phase"
    if action.attack_kind == AttackKind.COUNTERATTACK:
        raise RuleError(rule, "a counterattack follows a block: use Counterattack")
    phase = _attack_phase(state, action, rule)
    attacker = unit_at(state, action.attacker, action.player, rule)
    target = unit_at(state, action.target, opponent(action.player), rule)
    helpers = _helpers(state, action, attacker, phase, rule)
    steps: list[str] = []
    state, start = _lunge(state, action, attacker, steps)
    board = state.board
    for space, unit in [(start, attacker), *helpers]:
        if not board.in_range(space, action.target, radial=unit.card.radial):
            raise RuleError(rule, f"{unit.card.name} does not have the target within its range")

    state, power = draw(state, action.player, action.power, action.cycles, steps)
    lunge_card: PowerCard | None = None
    if action.lunge_power is not None:
        state, lunge_card = draw(state, action.player, action.lunge_power, action.cycles, steps)
    defense_card: PowerCard | None = None
    if action.defense_power is not None:
        state, defense_card = draw(state, target.owner, action.defense_power, action.cycles, steps)
    helper_keywords: frozenset[Keyword] = frozenset()
    for _, helper in helpers:
        helper_keywords |= helper.card.keywords
    outcome = resolve_attack(
        strength=attacker.card.strength,
        power=power,
        lunge_power=lunge_card,
        defense=target.card.defense,
        defense_power=defense_card,
        coordinating=len(helpers),
        attacker_weakened=attacker.weakened,
        defender_weakened=target.weakened,
        kind=action.attack_kind,
        abilities=attacker.card.keywords,
        coordinating_abilities=helper_keywords,
        defender_abilities=target.card.keywords,
        defender_is_hero=target.card.kind == "hero",
        during_opponents_attack_phase=phase.name == "attack",
        rules=state.rules,
    )
    steps += outcome.steps
    state = _mark_attacked(state, action.attack_kind, start, [s for s, _ in helpers])

    if outcome.wound:
        state, more = _wound(state, start, action.target, action.knockback_to, outcome.knockback)
        return state, Outcome(steps + more)
    if action.knockback_to is not None:
        raise RuleError("Knockback", "knockback follows a wound")
    if action.evasive_to is not None:
        if not outcome.evasive_shift:
            raise RuleError("Evasive", "only a blocked Evasive card may shift")
        if action.evasive_to not in board.shift_targets(start, state.units):
            raise RuleError("Evasive", f"cannot shift to {space_text(action.evasive_to)}")
        state = put(state, start, action.evasive_to)
        steps.append(f"Evasive: shifts to {space_text(action.evasive_to)}; no counterattack")
        return state, Outcome(steps)
    if outcome.counterattack:
        pending = Pending(counter_from=action.target, counter_to=start, submerge=outcome.submerge)
        state = replace(state, pending=pending)
    return state, Outcome(steps)


def _attack_phase(state: MatchState, action: Attack, rule: str) -> PhaseState:
    """The phase the attack is made in: the player's attack phase, or, for the Alt Attacks and
    Free Strikes abilities give, any phase of the player's at the time the card says."""
    if action.attack_kind == AttackKind.ATTACK:
        return running_phase(state, action.player, "attack", rule)
    phase = state.phase
    if phase is None or phase.player != action.player:
        raise RuleError(action.attack_kind.title(), "an ability's attack comes in your own phase")
    return phase


def _helpers(
    state: MatchState, action: Attack, attacker: Unit, phase: PhaseState, rule: str
) -> list[tuple[Space, Unit]]:
    """Cards have one attack per phase (an Alt Attack once more); Coordinated Attacks: the allies
    coordinating, each still with its attack."""
    extra = action.attack_kind != AttackKind.ATTACK
    if action.attack_kind == AttackKind.ALT_ATTACK:
        if Keyword.ALT_ATTACK not in attacker.card.keywords:
            raise RuleError("Alt Attack", f"{attacker.card.name} has no Alt Attack")
        if action.attacker in phase.alt_done:
            raise RuleError("Alt Attack", "the Alt Attack is already used this phase")
    elif not extra and action.attacker in phase.done:
        raise RuleError(rule, "cards have only one attack per phase")
    if extra and action.coordinating:
        raise RuleError("Coordinated Attacks", "cards coordinate in the attack phase")
    if len(set(action.coordinating)) != len(action.coordinating):
        raise RuleError("Coordinated Attacks", "a card is named twice")
    helpers = []
    for space in action.coordinating:
        helper = unit_at(state, space, action.player, "Coordinated Attacks")
        if space == action.attacker or space in phase.done:
            raise RuleError(
                "Coordinated Attacks", f"the card on {space_text(space)} has used its attack"
            )
        helpers.append((space, helper))
    return helpers


def _lunge(
    state: MatchState, action: Attack, attacker: Unit, steps: list[str]
) -> tuple[MatchState, Space]:
    """Lunge: the card may shift before it attacks; the space it attacks from."""
    if action.lunge_to is None:
        if action.lunge_power is not None:
            raise RuleError("Lunge", "only a card that lunged (shifted) draws a second card")
        return state, action.attacker
    if Keyword.LUNGE not in attacker.card.keywords:
        raise RuleError("Lunge", f"{attacker.card.name} has no Lunge")
    if action.lunge_to not in state.board.shift_targets(action.attacker, state.units):
        raise RuleError("Lunge", f"cannot shift to {space_text(action.lunge_to)}")
    steps.append(f"Lunge: {attacker.card.name} shifts to {space_text(action.lunge_to)}")
    return put(state, action.attacker, action.lunge_to), action.lunge_to


def _mark_attacked(
    state: MatchState, kind: AttackKind, start: Space, helpers: list[Space]
) -> MatchState:
    phase = state.phase
    if phase is None:
        return state
    done, alt_done = phase.done, phase.alt_done
    if kind == AttackKind.ATTACK:
        done = done | {start, *helpers}
    elif kind == AttackKind.ALT_ATTACK:
        alt_done = alt_done | {start}
    return replace(state, phase=replace(phase, done=done, alt_done=alt_done))


def _wound(
    state: MatchState,
    by: Space,
    target_space: Space,
    knockback_to: Space | None,
    knockback: bool,
) -> tuple[MatchState, list[str]]:
    """Place a wound (after a Knockback shift); a defeat may open an advance."""
    steps: list[str] = []
    if knockback_to is not None:
        if not knockback:
            raise RuleError("Knockback", "no knockback: not a Knockback card, or a Hero enemy")
        if knockback_to not in state.board.shift_targets(target_space, state.units):
            raise RuleError("Knockback", f"cannot shift the enemy to {space_text(knockback_to)}")
        units = dict(state.units)
        units[knockback_to] = units.pop(target_space)  # an enemy: nothing it did this phase
        state = replace(state, units=units)
        steps.append(f"Knockback: the enemy shifts to {space_text(knockback_to)}")
        target_space = knockback_to
    target = state.units[target_space]
    wound = apply_wound(target.wounds, abilities=target.card.keywords, rules=state.rules)
    steps += wound.steps
    if not wound.defeated:
        return with_unit(state, target_space, replace(target, wounds=wound.wounds)), steps
    state, _ = discard(state, target_space)
    if state.board.adjacent(by, target_space):
        state = replace(state, pending=Pending(advance_from=by, advance_to=target_space))
        steps.append("the attacker may advance into the space (a shift)")
    return state, steps


def counterattack(state: MatchState, action: Counterattack) -> tuple[MatchState, Outcome]:
    rule = "Counterattack"
    pending = state.pending
    if pending.counter_from is None or pending.counter_to is None:
        raise RuleError(rule, "a counterattack needs a block just before it")
    blocker = unit_at(state, pending.counter_from, action.player, rule)
    attacker = state.units[pending.counter_to]
    steps: list[str] = [f"{blocker.card.name} counterattacks {attacker.card.name}"]
    state = replace(state, pending=Pending())
    state, power = draw(state, action.player, action.power, action.cycles, steps)
    defense_card: PowerCard | None = None
    if action.defense_power is not None:
        state, defense_card = draw(
            state, attacker.owner, action.defense_power, action.cycles, steps
        )
    outcome = resolve_attack(
        strength=blocker.card.strength,
        power=power,
        defense=attacker.card.defense,
        defense_power=defense_card,
        attacker_weakened=blocker.weakened,
        defender_weakened=attacker.weakened,
        kind=AttackKind.COUNTERATTACK,
        abilities=blocker.card.keywords,
        defender_abilities=attacker.card.keywords,
        defender_is_hero=attacker.card.kind == "hero",
        rules=state.rules,
    )
    steps += outcome.steps
    if outcome.wound:
        state, more = _wound(state, pending.counter_from, pending.counter_to, None, False)
        steps += more
    return state, Outcome(steps)


def submerge(state: MatchState, action: Submerge) -> tuple[MatchState, Outcome]:
    rule = "Submerge"
    pending = state.pending
    if not pending.submerge or pending.counter_from is None:
        raise RuleError(
            rule, "Submerge replaces a counterattack after a block in your opponent's attack phase"
        )
    unit = unit_at(state, pending.counter_from, action.player, rule)
    board = state.board
    if (
        action.to in state.units
        or action.to not in board.spaces
        or not board.in_range(pending.counter_from, action.to, radial=unit.card.radial)
    ):
        raise RuleError(rule, f"{space_text(action.to)} is not an open space within range")
    state = replace(put(state, pending.counter_from, action.to), pending=Pending())
    return state, Outcome([f"Submerge: {unit.card.name} goes to {space_text(action.to)}"])


def advance(state: MatchState, action: Advance) -> tuple[MatchState, Outcome]:
    rule = "Advancing"
    pending = state.pending
    if pending.advance_from != action.start or pending.advance_to is None:
        raise RuleError(rule, "only the card that just defeated an adjacent enemy may advance")
    unit = unit_at(state, action.start, action.player, rule)
    state = replace(put(state, action.start, pending.advance_to), pending=Pending())
    return state, Outcome([f"{unit.card.name} advances to {space_text(pending.advance_to)}"])
