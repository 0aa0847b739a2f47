"""The phases but the Attack Phase ("Phase Breakdowns" of rules/dominum.txt): Deploy (and its
retreat), Move, Reposition, Assault, Charge and Reserve. The Attack Phase is combat.py's."""

from __future__ import annotations

from dataclasses import replace

from toolkit.errors import RuleError
from toolkit.games.dominum.actions import (
    Assault,
    Charge,
    Deploy,
    Move,
    ReservePower,
    Retreat,
    Shift,
)
from toolkit.games.dominum.board import Player, Space, opponent, space_text
from toolkit.games.dominum.power import PowerCard, card_text
from toolkit.games.dominum.rules import Keyword, resolve_assault
from toolkit.games.dominum.state import (
    MatchState,
    Outcome,
    PhaseState,
    Unit,
    discard,
    draw,
    running_phase,
    take_from_hand,
    unit_at,
    with_side,
    with_unit,
)
from toolkit.games.dominum.triggers import charged, deployed, entered, neutral_line_cost
from toolkit.games.dominum.turns import end_phase


# -- Deploy Phase ---------------------------------------------------------------------------------
def retreat(state: MatchState, action: Retreat) -> tuple[MatchState, Outcome]:
    rule = "Deploy Phase"
    phase = running_phase(state, action.player, "deploy", rule)
    if phase.deployed:
        raise RuleError(rule, "a retreat comes before any card is deployed")
    if phase.retreated >= state.rules.battlefield.retreats_per_deploy:
        limit = state.rules.battlefield.retreats_per_deploy
        raise RuleError(rule, f"only {limit} card may retreat")
    unit_at(state, action.space, action.player, rule)
    state, unit = discard(state, action.space)
    state = replace(state, phase=replace(phase, retreated=phase.retreated + 1))
    return state, Outcome([f"{unit.card.name} retreats to the discard pile (no On Discard)"])


def deploy(state: MatchState, action: Deploy) -> tuple[MatchState, Outcome]:
    rule = "Deploy Phase"
    phase = running_phase(state, action.player, "deploy", rule)
    state.rules.limits.check(
        "battlefield", state.on_battlefield(action.player) + 1, "cards on the battlefield"
    )
    board = state.board
    if action.space in state.units or action.space not in board.spaces:
        raise RuleError(rule, f"{space_text(action.space)} is not an empty space in your Domain")
    card, _ = take_from_hand(state.sides[action.player], action.card, rule)
    steps = [f"{card.name} deployed on {space_text(action.space)}"]
    if action.space in board.neutral_line:  # by the card's ability or the Stronghold's
        try:
            state = neutral_line_cost(state, action.player, card, steps, stronghold=True)
        except RuleError as refused:
            why = f"{space_text(action.space)} is not an empty space in your Domain"
            raise RuleError(rule, f"{why}: {refused.reason}") from None
    elif action.space not in board.domain(action.player):
        raise RuleError(rule, f"{space_text(action.space)} is not an empty space in your Domain")
    side = state.sides[action.player]
    card, hand = take_from_hand(side, action.card, rule)
    state = with_unit(state, action.space, Unit(card, action.player))
    state = with_side(state, action.player, replace(side, hand=hand))
    state = replace(state, phase=replace(phase, deployed=phase.deployed + 1))
    return deployed(state, action.space, steps), Outcome(steps)


# -- Move Phase and Reposition Phase ---------------------------------------------------------------
def _relocate(state: MatchState, start: Space, end: Space, phase: PhaseState) -> MatchState:
    """A move or a shift: the card has moved this phase."""
    units = dict(state.units)
    units[end] = units.pop(start)
    done = {end if s == start else s for s in phase.done} | {end}
    return replace(state, units=units, phase=replace(phase, done=frozenset(done)))


def move(state: MatchState, action: Move) -> tuple[MatchState, Outcome]:
    rule = "Move Phase"
    phase = running_phase(state, action.player, "move", rule)
    unit = unit_at(state, action.start, action.player, rule)
    if action.start in phase.done:
        raise RuleError(rule, "once a card has moved, it cannot be moved again")
    targets = state.board.move_targets(
        action.start,
        state.occupants(),
        mover=action.player,
        radial=unit.card.radial,
        flying=unit.card.flying,
        spaces=state.rules.movement.move_spaces,
    )
    if action.end not in targets:
        raise RuleError(rule, f"{unit.card.name} cannot end a move on {space_text(action.end)}")
    state = entered(_relocate(state, action.start, action.end, phase), action.start, action.end)
    return state, Outcome([f"{unit.card.name} moves to {space_text(action.end)}"])


def shift(state: MatchState, action: Shift) -> tuple[MatchState, Outcome]:
    rule = "Reposition Phase"
    phase = running_phase(state, action.player, "reposition", rule)
    unit = unit_at(state, action.start, action.player, rule)
    if action.start in phase.done:
        raise RuleError(rule, "each card shifts one space only")
    if action.end not in state.board.shift_targets(action.start, state.units):
        raise RuleError(rule, f"{space_text(action.end)} is not an adjacent empty space")
    state = entered(_relocate(state, action.start, action.end, phase), action.start, action.end)
    return state, Outcome([f"{unit.card.name} shifts to {space_text(action.end)}"])


# -- Assault Phase ---------------------------------------------------------------------------------
def assault_counts(state: MatchState, player: Player) -> tuple[int, int, int]:
    """The initial assault score's parts: the player's cards in the opponent's Assault Zone, those
    on its fortified spaces, and the player's Barrage cards in the Neutral Line."""
    board = state.board
    mine = state.spaces_of(player)
    them = opponent(player)
    in_zone = len(mine & board.assault_zone(them))
    fortified = len(mine & board.fortified(them))
    barrage = sum(
        1 for s in mine & board.neutral_line if Keyword.BARRAGE in state.units[s].card.keywords
    )
    return in_zone, fortified, barrage


def assault(state: MatchState, action: Assault) -> tuple[MatchState, Outcome]:
    rule = "Assault Phase"
    running_phase(state, action.player, "assault", rule)
    player = action.player
    in_zone, fortified, barrage = assault_counts(state, player)
    if action.surge and not state.sides[player].surge:
        raise RuleError("Surge token", f"{player} does not hold the Surge token")
    if len(action.powers) != state.rules.assault.power_draws:
        raise RuleError(rule, f"an assault draws {state.rules.assault.power_draws} power cards")
    steps: list[str] = []
    cards: list[PowerCard] = []
    for source in action.powers:
        state, card = draw(state, player, source, action.cycles, steps)
        cards.append(card)
    outcome = resolve_assault(
        in_zone=in_zone,
        fortified=fortified,
        barrage=barrage,
        powers=cards,
        surge=action.surge,
        rules=state.rules,
    )
    steps += outcome.steps
    side = state.sides[player]
    surge = (side.surge and not action.surge) or outcome.takes_surge
    state = with_side(state, player, replace(side, vp=side.vp + outcome.vp, surge=surge))
    state, more = end_phase(state)
    return state, Outcome(steps + more)


# -- Charge Phase and Reserve Phase ----------------------------------------------------------------
def charge(state: MatchState, action: Charge) -> tuple[MatchState, Outcome]:
    rule = "Charge Phase"
    running_phase(state, action.player, "charge", rule)
    stronghold = state.rules.stronghold
    steps: list[str] = []
    both = action.remove_weaken_at is not None and _both(state, action.player, steps)
    if action.remove_weaken_at is None or both:
        side = state.sides[action.player]
        now = charged(side, stronghold.charge_gain, state.rules)
        state = with_side(state, action.player, now)
        steps.append(
            f"Stronghold charge {side.charge} -> {now.charge} (at most {stronghold.charge_limit})"
        )
    if action.remove_weaken_at is not None:
        unit = unit_at(state, action.remove_weaken_at, action.player, rule)
        if not unit.weakened:
            raise RuleError(rule, f"{unit.card.name} is not weakened")
        state = with_unit(state, action.remove_weaken_at, replace(unit, weakened=False))
        steps.append(f"Weaken token removed from {unit.card.name}")
    state, more = end_phase(state)
    return state, Outcome(steps + more)


def _both(state: MatchState, player: Player, steps: list[str]) -> bool:
    """Charge Phase: "Add 2 charge tokens to your Stronghold OR remove 1 Weaken token from an
    ally"; a Stronghold's "add Charge and also remove a Weaken token" (Moonwell) makes it both."""
    if not state.card_effects:
        return False
    tile = state.sides[player].stronghold
    if not any(a.has("add charge and remove a weaken") for a in tile.abilities):
        return False
    steps.append(f"{tile.name}: add Charge and also remove a Weaken token")
    return True


def reserve(state: MatchState, action: ReservePower) -> tuple[MatchState, Outcome]:
    rule = "Reserve Phase"
    running_phase(state, action.player, "reserve", rule)
    side = state.sides[action.player]
    deck = side.power.reserve_power(discard=action.discard, revealed=action.revealed)
    state = with_side(state, action.player, replace(side, power=deck))
    steps = [f"reserve board: {', '.join(card_text(c) for c in deck.reserve)}"]
    state, more = end_phase(state)
    return state, Outcome(steps + more)
