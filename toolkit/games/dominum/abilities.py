"""What abilities do to a match ("Abilities", "Conditions", "Strongholds" and "Power Duels" of
rules/dominum.txt): weaken a card, sacrifice one, pay an activated ability's Charge, call a power
duel. The abilities' own texts are the table's to read; these are the effects they name."""

from __future__ import annotations

from dataclasses import replace

from toolkit.errors import RuleError
from toolkit.games.dominum.actions import PowerDuel, Sacrifice, SpendCharge, Weaken
from toolkit.games.dominum.board import opponent
from toolkit.games.dominum.power import PowerCard
from toolkit.games.dominum.rules import power_duel as duel
from toolkit.games.dominum.state import (
    MatchState,
    Outcome,
    discard,
    draw,
    unit_at,
    with_side,
    with_unit,
)


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
    rule = "Activated Abilities"
    side = state.sides[action.player]
    if action.amount < 1:
        raise RuleError(rule, f"a cost is 1 Charge or more, got {action.amount}")
    if side.charge < action.amount:
        raise RuleError(
            rule, f"the Stronghold holds {side.charge} Charge, the cost is {action.amount}"
        )
    charge = side.charge - action.amount
    state = with_side(state, action.player, replace(side, charge=charge))
    return state, Outcome([f"{action.player} spends {action.amount} Charge: {charge} left"])


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
