"""What abilities do to a match ("Abilities", "Activated Abilities", "Conditions", "Strongholds"
and "Power Duels" of rules/dominum.txt): a card's or the Stronghold's ability used (`use`), and
the table's own corrections for what no card data says: weaken a card, sacrifice one, pay Charge,
call a power duel.

`use` applies the ability's effect words (effects.py) in the order the card prints them: its cost
first (Charge, a sacrifice), then each effect on the `target` the player named (and to `to`).
"Activated Abilities ... can only be used ONCE per phase"; a Stronghold's "once in a turn"
(triggers.stronghold_limit). On Deploy and "When an enemy card enters your assault zone" abilities
with a cost are used with `use` too, at once (the pending record says which).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from toolkit.data.effects import Effect
from toolkit.errors import RuleError
from toolkit.games.dominum.actions import PowerDuel, Sacrifice, SpendCharge, Use, Weaken
from toolkit.games.dominum.board import Player, Space, opponent, space_name, space_text
from toolkit.games.dominum.effects import Ability
from toolkit.games.dominum.power import PowerCard
from toolkit.games.dominum.rules import Keyword
from toolkit.games.dominum.rules import power_duel as duel
from toolkit.games.dominum.state import (
    MatchState,
    Outcome,
    Pending,
    discard,
    draw,
    put,
    unit_at,
    with_side,
    with_unit,
)
from toolkit.games.dominum.triggers import (
    add_charge,
    entered,
    paid,
    pay_charge,
    use_stronghold,
)
from toolkit.games.dominum.triggers import weaken as weaken_card

RULE = "Activated Abilities"


def weaken(state: MatchState, action: Weaken) -> tuple[MatchState, Outcome]:
    """Weakened: -1 to attack and defense strength; weakens cannot be stacked."""
    unit = unit_at(state, action.space, None, "Weakened")
    if unit.weakened:
        raise RuleError("Weakened", "weakens cannot be stacked")
    state = with_unit(state, action.space, replace(unit, weakened=True))
    return state, Outcome([f"{unit.card.name} is weakened (-1/-1)"])


def sacrifice(state: MatchState, action: Sacrifice) -> tuple[MatchState, Outcome]:
    """Sacrifice: removed from play and discarded at once; an On Discard ability is ignored."""
    unit_at(state, action.space, action.player, "Sacrifice")
    state, unit = discard(state, action.space)
    return state, Outcome([f"{unit.card.name} is sacrificed (On Discard ignored)"])


def spend_charge(state: MatchState, action: SpendCharge) -> tuple[MatchState, Outcome]:
    """Activated Abilities: their cost in Charge tokens, paid from the Stronghold."""
    side = paid(state.sides[action.player], action.amount)
    state = with_side(state, action.player, side)
    return state, Outcome([f"{action.player} spends {action.amount} Charge: {side.charge} left"])


def power_duel(state: MatchState, action: PowerDuel) -> tuple[MatchState, Outcome]:
    """Power Duels: the player who starts draws first; the opponent may draw, seeing it."""
    steps: list[str] = []
    state, mine = draw(state, action.player, action.power, action.cycles, steps)
    theirs: PowerCard | None = None
    if action.opponent_power is not None:
        other = opponent(action.player)
        state, theirs = draw(state, other, action.opponent_power, action.cycles, steps)
    outcome = duel(mine, theirs, rules=state.rules)
    winner = action.player if outcome.winner == "initiator" else opponent(action.player)
    return state, Outcome([*steps, *outcome.steps, f"{winner} wins the power duel"])


# -- an ability used ------------------------------------------------------------------------------
@dataclass(frozen=True)
class Usable:
    """An ability the player may use now: whose (`source` None: the Stronghold), which, and why
    now (`activated`, `deployed`: its On Deploy, `entered`: an enemy entered the zone)."""

    source: Space | None
    name: str
    ability: Ability
    why: str


def usable(state: MatchState, player: Player) -> list[Usable]:
    """Every ability the player may use now, the cards' (board order) then the Stronghold's."""
    if not state.card_effects or state.stage == "over":
        return []
    found = []
    for space, unit in sorted(state.units.items()):
        if unit.owner == player:
            for ability in unit.card.abilities:
                why = _now(state, player, space, ability)
                if why is not None:
                    found.append(Usable(space, unit.card.name, ability, why))
    tile = state.sides[player].stronghold
    for ability in tile.abilities:
        why = _now(state, player, None, ability)
        if why is not None:
            found.append(Usable(None, tile.name, ability, why))
    return found


def _now(state: MatchState, player: Player, source: Space | None, ability: Ability) -> str | None:
    """Why the ability may be used now, or None."""
    pending = state.pending
    if ability.heads("On Deploy") and source is not None and pending.deployed == source:
        return "deployed"
    if ability.heads("when an enemy enters your assault zone") and pending.entered is not None:
        them = state.units.get(pending.entered)
        if them is not None and them.owner != player:
            return "entered"
    if not ability.activated or _used_by_other_actions(ability):
        return None
    phase = state.phase
    if phase is None or phase.player != player:
        return None
    if ability.phase is not None and ability.phase != phase.name:
        return None
    if source is not None and source in phase.used:
        return None
    if source is None and state.stronghold_used.get(player, 0) >= _limit(state, player):
        return None
    return "activated"


def _limit(state: MatchState, player: Player) -> int:
    from toolkit.games.dominum.triggers import stronghold_limit

    return stronghold_limit(state, player)


def _used_by_other_actions(ability: Ability) -> bool:
    """Abilities used by the action they change, not by `use`: deploying into the Neutral Line
    (phases.deploy), the charge phase's own choice (phases.charge)."""
    return any(
        ability.has(word) is not None
        for word in ("deploy a card into the neutral line", "add charge and remove a weaken")
    )


def use(state: MatchState, action: Use) -> tuple[MatchState, Outcome]:
    """An ability used: its cost, then its effects on the target named."""
    if not state.card_effects:
        raise RuleError(RULE, "this match's table applies the abilities by hand (Weaken, ...)")
    player = action.player
    if action.source is None:
        name = state.sides[player].stronghold.name
        abilities = state.sides[player].stronghold.abilities
    else:
        unit = unit_at(state, action.source, player, RULE)
        name, abilities = unit.card.name, unit.card.abilities
    found = [(a, _now(state, player, action.source, a)) for a in abilities]
    ready = [(a, why) for a, why in found if why is not None]
    if not ready:
        raise RuleError(RULE, f"{name} has no ability to use now{_when(abilities)}")
    ability, why = ready[0]
    steps = [f"{player} uses {name}'s ability"]
    pending = state.pending
    state = replace(state, pending=_consumed(pending, why))
    if action.source is None:
        state = use_stronghold(state, player, steps)
    elif why == "activated" and state.phase is not None:
        phase = state.phase
        state = replace(state, phase=replace(phase, used=phase.used | {action.source}))
    target = action.target
    if target is None and why == "entered":
        target = pending.entered
    state = _costs(state, action, ability, target, steps)
    ends_phase = False
    for effect in ability.effects:
        state, ends = _effect(state, action, ability, effect, target, pending, steps)
        ends_phase = ends_phase or ends
    if not ability.target and target is not None and not _sacrifices(ability):
        raise RuleError(RULE, f"{name}'s ability names no card ({space_text(target)} given)")
    if action.to is not None and not moves(ability):
        raise RuleError(RULE, f"{name}'s ability moves no card (to {space_text(action.to)} given)")
    if ends_phase:
        from toolkit.games.dominum.turns import end_phase

        state, more = end_phase(state)
        steps += more
    return state, Outcome(steps)


def _when(abilities: tuple[Ability, ...]) -> str:
    times = sorted({f"in your {a.phase} phase" for a in abilities if a.activated and a.phase})
    return f" (it is used {' or '.join(times)})" if times else ""


def _consumed(pending: Pending, why: str | None) -> Pending:
    """A trigger's "at once" is used up, the rest of what may follow at once stays (a Stronghold
    answering an enemy's entry, then the counterattack); an activated ability is another action:
    what might have followed at once is gone."""
    if why == "deployed":
        return replace(pending, deployed=None)
    if why == "entered":
        return replace(pending, entered=None)
    return Pending()


def _sacrifices(ability: Ability) -> bool:
    return any(cost.word == "sacrifice an adjacent ally warrior" for cost in ability.costs)


def moves(ability: Ability) -> bool:
    """The ability moves or shifts a card: its form names where (`to`)."""
    words = ("shift an ally", "shift an ally with submerge", "move an ally warrior",
             "move a flying ally further")  # fmt: skip
    return any(ability.has(word) for word in words)


def _costs(
    state: MatchState, action: Use, ability: Ability, target: Space | None, steps: list[str]
) -> MatchState:
    for cost in ability.costs:
        if cost.word == "pay":
            state = pay_charge(state, action.player, cost.arg, steps)
        elif cost.word == "sacrifice an adjacent ally warrior":
            space = _needed(target, "the adjacent ally Warrior it sacrifices")
            refusal = target_refusal(state, action.player, action.source, ability, space)
            if refusal is not None:
                raise RuleError("Sacrifice", refusal)
            state, unit = discard(state, space)
            steps.append(f"{unit.card.name} is sacrificed (On Discard ignored)")
    return state


def target_refusal(
    state: MatchState,
    player: Player,
    source: Space | None,
    ability: Ability,
    space: Space,
    pending: Pending | None = None,
) -> str | None:
    """Why the card on `space` is not one the ability may name (None: it may): an enemy to
    weaken where the effect says (adjacent, in range, in the assault zone, the one that entered
    it) and not weakened already; an ally of the kind it moves or heals; the Warrior it
    sacrifices. `pending`: the state's, before the ability is used."""
    unit = state.units.get(space)
    if unit is None:
        return f"no card on {space_text(space)}"
    board, name = state.board, unit.card.name
    adjacent = source is not None and board.adjacent(space, source)
    if _sacrifices(ability):
        ally_warrior = unit.owner == player and unit.card.kind == "warrior"
        return None if ally_warrior and adjacent else f"{name} is not an adjacent ally Warrior"
    word = ability.target
    if word is None:
        return "the ability names no card"
    if word.startswith("weaken"):
        if unit.owner == player:
            return f"{name} is not an enemy"
        if unit.weakened:
            return f"{name} is weakened already (weakens do not stack)"
        if word == "weaken an enemy in range":
            attacker = None if source is None else state.units.get(source)
            ok = (
                source is not None
                and attacker is not None
                and board.in_range(source, space, radial=attacker.card.radial)
            )
        elif word == "weaken an enemy in your assault zone":
            ok = space in board.assault_zone(player)
        elif word == "weaken it":  # the enemy that entered the assault zone
            ok = space == (pending or state.pending).entered
        else:
            ok = adjacent
        return None if ok else f"{name} on {space_name(space)} is not {word[7:]}"
    if unit.owner != player:
        return f"{name} is not an ally"
    if word == "remove wounds from an adjacent ally" and not (adjacent and unit.wounds):
        return f"{name} is not a wounded ally adjacent to it"
    if word == "shift an ally with submerge" and Keyword.SUBMERGE not in unit.card.keywords:
        return f"{name} has no Submerge"
    if word == "move an ally warrior" and unit.card.kind != "warrior":
        return f"{name} is not a Warrior"
    if word == "move a flying ally further":
        if not unit.card.flying:
            return f"{name} does not fly"
        if state.phase is not None and space in state.phase.done:
            return f"{name} has moved this phase: once a card has moved, it cannot move again"
    return None


def _needed(space: Space | None, what: str) -> Space:
    if space is None:
        raise RuleError(RULE, f"name {what} (target)")
    return space


def _effect(
    state: MatchState,
    action: Use,
    ability: Ability,
    effect: Effect,
    target: Space | None,
    pending: Pending,
    steps: list[str],
) -> tuple[MatchState, bool]:
    """One effect of the ability used; whether it ends the phase ("instead of adding Charge")."""
    player, source, board = action.player, action.source, state.board
    word = effect.word
    if word == "add charge":
        return add_charge(state, player, effect.arg, steps), False
    if word == "instead of adding charge":
        steps.append("instead of adding Charge: the charge phase ends")
        return state, True
    if word in ("make a free strike", "make a free strike with lunge"):
        if source is None:  # pragma: no cover - effects.py keeps it off Strongholds
            raise RuleError(RULE, "a Stronghold makes no attack")
        lunge = word == "make a free strike with lunge"
        state = replace(
            state, pending=replace(state.pending, strike_from=source, strike_lunge=lunge)
        )
        steps.append(f"it may {word} now")
        return state, False
    if word == "weaken every adjacent enemy":
        for near, other in sorted(state.units.items()):
            if source is not None and other.owner != player and board.adjacent(near, source):
                state = weaken_card(state, near, steps, chosen=False)
        return state, False
    space = _needed(target, f"the card: {word}")
    refusal = target_refusal(state, player, source, ability, space, pending)
    if refusal is not None:
        raise RuleError(RULE, refusal)
    unit = state.units[space]
    if word.startswith("weaken"):
        if word == "weaken an enemy in range":
            state = _instead_of_attacking(state, source)
        return weaken_card(state, space, steps, chosen=True), False
    if word == "remove wounds from an adjacent ally":
        left = max(0, unit.wounds - effect.arg)
        steps.append(f"{unit.card.name}: Wound tokens {unit.wounds} -> {left}")
        return with_unit(state, space, replace(unit, wounds=left)), False
    return _relocate(state, action, effect, space, steps), False


def _instead_of_attacking(state: MatchState, source: Space | None) -> MatchState:
    """ "instead of attacking": the card uses its attack of the phase (and must still have it)."""
    phase = state.phase
    if source is None or phase is None:  # pragma: no cover - effects.py: a card's, timed
        raise RuleError(RULE, "a card weakens an enemy in range in its own phase")
    if source in phase.done:
        raise RuleError(RULE, "instead of attacking: this card has attacked this phase")
    return replace(state, phase=replace(phase, done=phase.done | {source}))


def _relocate(
    state: MatchState, action: Use, effect: Effect, space: Space, steps: list[str]
) -> MatchState:
    """Shift or move an ally (its `to`)."""
    word, board, unit = effect.word, state.board, state.units[space]
    to = action.to
    if to is None:
        raise RuleError(RULE, f"name where {unit.card.name} goes (to)")
    if word in ("shift an ally", "shift an ally with submerge"):
        targets = board.shift_targets(space, state.units)
        verb = "shifts"
    else:
        spaces = state.rules.movement.move_spaces
        if word == "move a flying ally further":
            spaces += effect.arg
        targets = board.move_targets(
            space,
            state.occupants(),
            mover=action.player,
            radial=unit.card.radial,
            flying=unit.card.flying,
            spaces=spaces,
        )
        verb = "moves"
    if to not in targets:
        raise RuleError(RULE, f"{unit.card.name} cannot go to {space_text(to)}")
    state = put(state, space, to)
    if word == "move a flying ally further" and state.phase is not None:
        phase = state.phase
        state = replace(state, phase=replace(phase, done=phase.done | {to}))
    steps.append(f"{unit.card.name} {verb} to {space_text(to)}")
    return entered(state, space, to)
