"""Combat in a match: "Attack Phase", "Coordinated Attacks", the keyword abilities that shape an
attack (Alt Attack, Free Strike, Lunge, Knockback, Evasive, Submerge), "Counterattack", "Defeat"
and "Advancing" (rules/dominum.txt). The totals are rules.py's `resolve_attack`, with what the
cards' abilities add (triggers.py: Infiltrate, Protector, the Stronghold); this module says which
cards fight, what they draw and where they stand afterwards, and runs the wound triggers.

A choice the rules leave to a player is the action's to name (the tracker asks it: tracker.py),
never guessed: where a Knockback or an Evasive card shifts (`knockback_to`, `evasive_to`; none:
it does not), the Lunge's second draw (`lunge_power`), which adjacent enemy an On Discard
weakens (`on_discard`, when more than one could be).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from toolkit.errors import RuleError
from toolkit.games.dominum.actions import Advance, Attack, Counterattack, Submerge
from toolkit.games.dominum.actions.combat import NO
from toolkit.games.dominum.board import Player, Space, opponent, space_name, space_text
from toolkit.games.dominum.power import PowerCard, PowerSource, card_json, card_order, card_text
from toolkit.games.dominum.rules import AttackKind, AttackOutcome, Keyword, resolve_attack
from toolkit.games.dominum.state import (
    Choice,
    Cycles,
    MatchState,
    Outcome,
    Pending,
    PhaseState,
    Unit,
    draw,
    put,
    running_phase,
    unit_at,
)
from toolkit.games.dominum.triggers import (
    attack_bonuses,
    defense_bonuses,
    entered,
    knockback_guard,
    wounded,
)


@dataclass(frozen=True)
class Grant:
    """A free strike an ability gives the card on `space` now (On Deploy: the Flesh Hunter's),
    with Lunge or not."""

    space: Space
    lunge: bool


def attack(state: MatchState, action: Attack) -> tuple[MatchState, Outcome]:
    rule = "Attack Phase"
    if action.attack_kind == AttackKind.COUNTERATTACK:
        raise RuleError(rule, "a counterattack follows a block: use Counterattack")
    pending = state.pending
    grant = None
    if pending.strike_from is not None:
        grant = Grant(pending.strike_from, pending.strike_lunge)
    state = replace(state, pending=Pending())  # an attack ends every "at once" before it
    phase = _attack_phase(state, action, rule, grant)
    attacker = unit_at(state, action.attacker, action.player, rule)
    target = unit_at(state, action.target, opponent(action.player), rule)
    helpers = _helpers(state, action, attacker, phase, rule)
    steps: list[str] = []
    lunges = Keyword.LUNGE in attacker.card.keywords or (grant is not None and grant.lunge)
    state, start = _lunge(state, action, attacker, lunges, steps)
    board = state.board
    for space, unit in [(start, attacker), *helpers]:
        if not board.in_range(space, action.target, radial=unit.card.radial):
            raise RuleError(rule, f"{unit.card.name} does not have the target within its range")

    state, power = draw(state, action.player, action.power, action.cycles, steps)
    lunge_card: PowerCard | None = None
    if action.lunge_power is not None:
        state, lunge_card = draw(state, action.player, action.lunge_power, action.cycles, steps)
    state, defense_card = _defends(state, target, action.defense_power, action.cycles, steps)
    helper_keywords: frozenset[Keyword] = frozenset()
    for _, helper in helpers:
        helper_keywords |= helper.card.keywords
    abilities = attacker.card.keywords | ({Keyword.LUNGE} if lunges else set())
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
        abilities=frozenset(abilities),
        coordinating_abilities=helper_keywords,
        defender_abilities=target.card.keywords,
        defender_is_hero=target.card.kind == "hero",
        during_opponents_attack_phase=phase is not None and phase.name == "attack",
        attack_modifiers=[
            b.modifier("attack total") for b in attack_bonuses(state, start, attacker)
        ],
        defense_modifiers=[
            b.modifier("defense total") for b in defense_bonuses(state, action.target, target)
        ],
        knockback_guard=knockback_guard(state, action.target, target),
        rules=state.rules,
    )
    steps += outcome.steps
    choices: list[Choice] = []
    if action.lunge_to is not None and lunge_card is None and "lunge power" not in action.declined:
        choices.append(_second_draw(state, action.player, power))
    state = _mark_attacked(state, action.attack_kind, start, [s for s, _ in helpers], grant)
    state = entered(state, action.attacker, start)
    state, more = _after(state, start, action.target, outcome, action, choices, can_counter=True)
    return state, Outcome(steps + more, choices)


def _second_draw(state: MatchState, player: Player, first: PowerCard) -> Choice:
    """Lunge: "when a card that lunges(shifts) draws power – before declaring the attack total –
    it may draw a second card and use that card for the attack total instead"."""
    power = state.sides[player].power
    options = [(NO, f"No: keep the {card_text(first)}")]
    options += [(f"deck:{card_json(c)}", f"Draw: the deck turns up {card_text(c)}")
                for c in sorted(set(power.deck), key=card_order)]  # fmt: skip
    options += [(f"reserve:{card_json(c)}", f"Use the reserve {card_text(c)}")
                for c in sorted(set(power.reserve), key=card_order)]  # fmt: skip
    question = f"Lunge: draw a second power card instead of the {card_text(first)}?"
    return Choice("lunge_power", question, tuple(options))


def _shift_choice(
    state: MatchState, field: str, space: Space, question: str, stay: str
) -> Choice | None:
    targets = sorted(state.board.shift_targets(space, state.units))
    if not targets:
        return None
    options = [(NO, stay)] + [(space_name(t), f"Shift to {space_name(t)}") for t in targets]
    return Choice(field, question, tuple(options))


def _defends(
    state: MatchState, target: Unit, source: PowerSource | None, cycles: Cycles, steps: list[str]
) -> tuple[MatchState, PowerCard | None]:
    """The defender's optional draw ("Defending players cannot be forced to draw power")."""
    if source is None:
        return state, None
    return draw(state, target.owner, source, cycles, steps)


def _after(
    state: MatchState,
    by: Space,
    target: Space,
    outcome: AttackOutcome,
    action: Attack | Counterattack,
    choices: list[Choice],
    *,
    can_counter: bool,
) -> tuple[MatchState, list[str]]:
    """What follows the totals: the Knockback, the wound and its triggers (an advance after a
    defeat), or after a block the Evasive shift, the counterattack or Submerge. A shift the
    player did not name nor decline is a choice left open (`choices`)."""
    steps: list[str] = []
    if outcome.wound:
        if action.evasive_to is not None and state.card_effects:  # a match before: ignored
            raise RuleError("Evasive", "only a blocked Evasive card may shift")
        return _wound(state, by, target, action, outcome.knockback, choices)
    if action.knockback_to is not None:
        raise RuleError("Knockback", "knockback follows a wound")
    if action.on_discard is not None:
        raise RuleError("On Discard", "no card was defeated")
    if action.evasive_to is not None:
        if not outcome.evasive_shift:
            raise RuleError("Evasive", "only a blocked Evasive card may shift")
        if action.evasive_to not in state.board.shift_targets(by, state.units):
            raise RuleError("Evasive", f"cannot shift to {space_text(action.evasive_to)}")
        state = entered(put(state, by, action.evasive_to), by, action.evasive_to)
        steps.append(f"Evasive: shifts to {space_text(action.evasive_to)}; no counterattack")
        return state, steps
    if outcome.evasive_shift and "evasive" not in action.declined:
        name = state.units[by].card.name
        choice = _shift_choice(
            state,
            "evasive_to",
            by,
            f"Evasive: {name}'s attack is blocked. Shift it (then no counterattack)?",
            "No: it stays" + (" (it may be counterattacked)" if outcome.counterattack else ""),
        )
        if choice is not None:
            choices.append(choice)
    if outcome.counterattack and can_counter:
        pending = replace(
            state.pending, counter_from=target, counter_to=by, submerge=outcome.submerge
        )
        state = replace(state, pending=pending)
    return state, steps


def _attack_phase(
    state: MatchState, action: Attack, rule: str, grant: Grant | None
) -> PhaseState | None:
    """The phase the attack is made in: the player's attack phase; for an Alt Attack the phase
    its card names; a free strike comes when an ability gives it (On Deploy: maybe in the
    initial deployment, when no phase runs)."""
    kind = action.attack_kind
    if kind == AttackKind.ATTACK:
        return running_phase(state, action.player, "attack", rule)
    phase = state.phase
    if state.card_effects and kind == AttackKind.FREE_STRIKE:
        if grant is None or grant.space != action.attacker:
            raise RuleError(
                "Free Strike", "a free strike comes from an ability that gives one, at once"
            )
        return phase
    if phase is None or phase.player != action.player:
        raise RuleError(kind.title(), "an ability's attack comes in your own phase")
    return phase


def _helpers(
    state: MatchState, action: Attack, attacker: Unit, phase: PhaseState | None, rule: str
) -> list[tuple[Space, Unit]]:
    """Cards have one attack per phase (an Alt Attack once more); Coordinated Attacks: the allies
    coordinating, each still with its attack."""
    extra = action.attack_kind != AttackKind.ATTACK
    done = phase.done if phase is not None else frozenset()
    if action.attack_kind == AttackKind.ALT_ATTACK:
        _check_alt_attack(state, action, attacker, phase)
    elif not extra and action.attacker in done:
        raise RuleError(rule, "cards have only one attack per phase")
    if extra and action.coordinating:
        raise RuleError("Coordinated Attacks", "cards coordinate in the attack phase")
    if len(set(action.coordinating)) != len(action.coordinating):
        raise RuleError("Coordinated Attacks", "a card is named twice")
    helpers = []
    for space in action.coordinating:
        helper = unit_at(state, space, action.player, "Coordinated Attacks")
        if space == action.attacker or space in done:
            raise RuleError(
                "Coordinated Attacks", f"the card on {space_text(space)} has used its attack"
            )
        helpers.append((space, helper))
    return helpers


def _check_alt_attack(
    state: MatchState, action: Attack, attacker: Unit, phase: PhaseState | None
) -> None:
    """Alt Attack: "can be used at time indicated on the card", once a phase."""
    rule = "Alt Attack"
    if Keyword.ALT_ATTACK not in attacker.card.keywords:
        raise RuleError(rule, f"{attacker.card.name} has no Alt Attack")
    if phase is None:  # pragma: no cover - _attack_phase found the player's phase
        raise RuleError(rule, "an ability's attack comes in your own phase")
    if state.card_effects:
        times = {a.phase for a in attacker.card.abilities if a.keyword == "Alt Attack"}
        if phase.name not in times:
            raise RuleError(
                rule,
                f"{attacker.card.name}'s Alt Attack is in the "
                f"{' or '.join(sorted(str(t) for t in times))} phase",
            )
    if action.attacker in phase.alt_done:
        raise RuleError(rule, "the Alt Attack is already used this phase")


def _lunge(
    state: MatchState, action: Attack, attacker: Unit, lunges: bool, steps: list[str]
) -> tuple[MatchState, Space]:
    """Lunge: the card may shift before it attacks; the space it attacks from."""
    if action.lunge_to is None:
        if action.lunge_power is not None:
            raise RuleError("Lunge", "only a card that lunged (shifted) draws a second card")
        return state, action.attacker
    if not lunges:
        raise RuleError("Lunge", f"{attacker.card.name} has no Lunge")
    if action.lunge_to not in state.board.shift_targets(action.attacker, state.units):
        raise RuleError("Lunge", f"cannot shift to {space_text(action.lunge_to)}")
    steps.append(f"Lunge: {attacker.card.name} shifts to {space_text(action.lunge_to)}")
    return put(state, action.attacker, action.lunge_to), action.lunge_to


def _mark_attacked(
    state: MatchState, kind: AttackKind, start: Space, helpers: list[Space], grant: Grant | None
) -> MatchState:
    """The attack used: the card's one attack of the phase (and its helpers'), its Alt Attack of
    the phase; a free strike an ability gave uses neither."""
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
    action: Attack | Counterattack,
    knockback: bool,
    choices: list[Choice],
) -> tuple[MatchState, list[str]]:
    """Place a wound (after a Knockback shift: "Resolve the knockback before resolving other
    effects (such as wound triggers)"); a defeat may open an advance."""
    steps: list[str] = []
    knockback_to = action.knockback_to
    if knockback and knockback_to is None and "knockback" not in action.declined:
        name = state.units[target_space].card.name
        choice = _shift_choice(
            state, "knockback_to", target_space, f"Knockback: shift {name}?", "No: it stays"
        )
        if choice is not None:
            choices.append(choice)
    if knockback_to is not None:
        if not knockback:
            raise RuleError(
                "Knockback", "no knockback: not a Knockback card, a Hero enemy, or it cannot be"
            )
        if knockback_to not in state.board.shift_targets(target_space, state.units):
            raise RuleError("Knockback", f"cannot shift the enemy to {space_text(knockback_to)}")
        units = dict(state.units)
        units[knockback_to] = units.pop(target_space)  # an enemy: nothing it did this phase
        state = entered(replace(state, units=units), target_space, knockback_to)
        steps.append(f"Knockback: the enemy shifts to {space_text(knockback_to)}")
        target_space = knockback_to
    state, defeated = wounded(
        state, by, target_space, steps, on_discard=action.on_discard, choices=choices
    )
    if defeated and by in state.units and state.board.adjacent(by, target_space):
        pending = replace(state.pending, advance_from=by, advance_to=target_space)
        state = replace(state, pending=pending)
        steps.append("the attacker may advance into the space (a shift)")
    return state, steps


def counterattack(state: MatchState, action: Counterattack) -> tuple[MatchState, Outcome]:
    rule = "Counterattack"
    pending = state.pending
    if pending.counter_from is None or pending.counter_to is None:
        raise RuleError(rule, "a counterattack needs a block just before it")
    blocker = unit_at(state, pending.counter_from, action.player, rule)
    attacker = state.units[pending.counter_to]
    by, target = pending.counter_from, pending.counter_to
    steps: list[str] = [f"{blocker.card.name} counterattacks {attacker.card.name}"]
    state = replace(state, pending=Pending())
    state, power = draw(state, action.player, action.power, action.cycles, steps)
    state, defense_card = _defends(state, attacker, action.defense_power, action.cycles, steps)
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
        attack_modifiers=[b.modifier("attack total") for b in attack_bonuses(state, by, blocker)],
        defense_modifiers=[
            b.modifier("defense total") for b in defense_bonuses(state, target, attacker)
        ],
        knockback_guard=knockback_guard(state, target, attacker),
        rules=state.rules,
    )
    steps += outcome.steps
    choices: list[Choice] = []
    state, more = _after(state, by, target, outcome, action, choices, can_counter=False)
    return state, Outcome(steps + more, choices)


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
    state = entered(state, pending.counter_from, action.to)
    return state, Outcome([f"Submerge: {unit.card.name} goes to {space_text(action.to)}"])


def advance(state: MatchState, action: Advance) -> tuple[MatchState, Outcome]:
    rule = "Advancing"
    pending = state.pending
    if pending.advance_from != action.start or pending.advance_to is None:
        raise RuleError(rule, "only the card that just defeated an adjacent enemy may advance")
    unit = unit_at(state, action.start, action.player, rule)
    state = replace(put(state, action.start, pending.advance_to), pending=Pending())
    state = entered(state, action.start, pending.advance_to)
    return state, Outcome([f"{unit.card.name} advances to {space_text(pending.advance_to)}"])
