"""Whose turn it is: "Initial Deployment", "Rounds. Turns. Phases.", "Linking Two Phases
Together" and "End of Round" (with "Winning the Game") of rules/dominum.txt."""

from __future__ import annotations

from dataclasses import replace

from toolkit.errors import RuleError
from toolkit.games.dominum.actions import Activate, EndPhase, Place
from toolkit.games.dominum.board import PLAYERS, Player, opponent, space_text
from toolkit.games.dominum.rules import round_result
from toolkit.games.dominum.state import (
    MatchState,
    Outcome,
    Pending,
    PhaseState,
    RoundState,
    Stage,
    Unit,
    take_from_hand,
    with_side,
    with_unit,
)
from toolkit.games.dominum.triggers import deployed, neutral_line_cost

RULE_TURNS = "Rounds. Turns. Phases."
RULE_DEPLOYMENT = "Initial Deployment"
RULE_LINK = "Linking Two Phases Together"
RULE_WIN = "Winning the Game"


def fresh_round(number: int, starter: Player) -> RoundState:
    return RoundState(
        number=number,
        starter=starter,
        to_act=starter,
        used={player: () for player in PLAYERS},
        links={player: 0 for player in PLAYERS},
    )


def deployment_turn(state: MatchState) -> Player:
    """Initial Deployment: players alternate placing cards, the 1st Player first."""
    second = opponent(state.first_player)
    first_placed = len(state.placed[state.first_player])
    return state.first_player if first_placed == len(state.placed[second]) else second


def at_once(state: MatchState, action: object) -> bool:
    """What the initial deployment allows besides placing cards: an On Deploy ability used at
    once ("cards with On Deploy abilities will trigger as normal": the Flesh Hunter's free strike,
    the Disciple's move), an advance after its defeat, a Stronghold answering an enemy that
    entered its assault zone."""
    from toolkit.games.dominum.actions import Advance, Attack, Use

    pending = state.pending
    if isinstance(action, Attack):
        return pending.strike_from is not None
    if isinstance(action, Use):
        return pending.deployed is not None or pending.entered is not None
    if isinstance(action, Advance):
        return pending.advance_from is not None
    return False


def _acting_at_once(state: MatchState) -> Player | None:
    """The player whose card may act at once in the initial deployment (its On Deploy, its
    advance)."""
    pending = state.pending
    for space in (pending.strike_from, pending.deployed, pending.advance_from):
        unit = state.units.get(space) if space is not None else None
        if unit is not None:
            return unit.owner
    return None


def whose_turn(state: MatchState) -> Player | None:
    """Who acts now: the player who places next in the initial deployment (or whose card's On
    Deploy may act at once); in the rounds, the player whose phase is running, else the one who
    selects the next Phase token; nobody once the match is over."""
    if state.stage == "over":
        return None
    if state.phase is not None:
        return state.phase.player
    first = _acting_at_once(state)  # the last card of the initial deployment's On Deploy
    if first is not None:
        return first
    return deployment_turn(state) if state.stage == "deployment" else state.round.to_act


def position(state: MatchState) -> str:
    """The match in one line, as a refusal names it (its FEN): `round 2, red's move phase; VP
    red 3 · gold 1`, `round 2, gold to activate a phase; ...`, `initial deployment, gold places
    (red 4 · gold 3 of 8 placed)`."""
    vp = f"VP red {state.sides['red'].vp} · gold {state.sides['gold'].vp}"
    if state.stage == "deployment":
        placed = " · ".join(f"{p} {len(state.placed.get(p, ()))}" for p in PLAYERS)
        limit = state.rules.forces.initial_deployment
        return f"initial deployment, {deployment_turn(state)} places ({placed} of {limit} placed)"
    if state.stage == "over":
        return f"the match is over ({state.result}); {vp}"
    if state.phase is None:
        return f"round {state.round.number}, {state.round.to_act} to activate a phase; {vp}"
    return f"round {state.round.number}, {state.phase.player}'s {state.phase.name} phase; {vp}"


# -- Initial Deployment -----------------------------------------------------------------------
def place(state: MatchState, action: Place) -> tuple[MatchState, Outcome]:
    rule = RULE_DEPLOYMENT
    if state.stage != "deployment":
        raise RuleError(rule, "initial deployment is over")
    forces = state.rules.forces
    turn = deployment_turn(state)
    if action.player != turn:
        raise RuleError(rule, f"players alternate, {state.first_player} first: {turn} places now")
    board = state.board
    space = action.space
    if space in state.units or space not in board.spaces:
        raise RuleError(rule, f"{space_text(space)} is not an empty battlefield space")
    side = state.sides[action.player]
    card, hand = take_from_hand(side, action.card, rule)
    state = replace(state, pending=Pending(), stronghold_used={})  # each placement: a turn
    steps: list[str] = []
    number = len(state.placed[action.player]) + 1
    window_start = forces.initial_deployment - forces.initial_neutral_window + 1
    extra = state.neutral_extra.get(action.player, 0)
    neutral_so_far = sum(1 for s in state.placed[action.player] if s in board.neutral_line) - extra
    if space in board.neutral_line:
        if number < window_start or neutral_so_far >= forces.initial_neutral_cards:
            try:  # "The Shadowblade can itself be deployed into the neutral line for 1 Charge"
                state = neutral_line_cost(state, action.player, card, steps, stronghold=False)
            except RuleError:
                raise RuleError(
                    rule,
                    f"only {forces.initial_neutral_cards} of the final "
                    f"{forces.initial_neutral_window} cards goes into the Neutral Line",
                ) from None
            neutral_extra = {**state.neutral_extra, action.player: extra + 1}
            state = replace(state, neutral_extra=neutral_extra)
            side = state.sides[action.player]
    elif space not in board.domain(action.player):
        raise RuleError(rule, f"{space_text(space)} is not in {action.player}'s Domain")
    elif forces.initial_neutral_cards - neutral_so_far > forces.initial_deployment - number:
        raise RuleError(
            rule,
            f"{forces.initial_neutral_cards} of the final {forces.initial_neutral_window} cards"
            " must go into the Neutral Line",
        )
    state = with_unit(state, space, Unit(card, action.player))
    state = with_side(state, action.player, replace(side, hand=hand))
    placed = {**state.placed, action.player: state.placed[action.player] + (space,)}
    stage: Stage = "deployment"
    if all(len(placed[p]) == forces.initial_deployment for p in PLAYERS):
        stage = "rounds"
    steps.insert(0, f"{action.player} places {card.name} on {space_text(space)}")
    state = deployed(replace(state, placed=placed, stage=stage), space, steps)
    if stage == "rounds":
        steps.append(f"initial deployment done: round 1 begins with {state.first_player}")
    return state, Outcome(steps)


# -- Rounds. Turns. Phases. ------------------------------------------------------------------------
def activate(state: MatchState, action: Activate) -> tuple[MatchState, Outcome]:
    rule = RULE_TURNS
    rnd = state.round
    if state.phase is not None:
        raise RuleError(rule, f"{state.phase.player}'s {state.phase.name} phase is still running")
    if action.player != rnd.to_act:
        raise RuleError(rule, f"it is {rnd.to_act}'s turn")
    if action.phase not in state.rules.rounds.phases:
        raise RuleError(rule, f"there is no {action.phase!r} Phase token")
    used = rnd.used[action.player]
    limit = state.rules.rounds.activations_per_player
    if action.phase in used:
        raise RuleError(rule, f"{action.player} already used the {action.phase} token this round")
    if action.phase == "initiative" and rnd.initiative is not None:
        raise RuleError(rule, f"{rnd.initiative} already took the Initiative token")
    steps = [f"{action.player} activates {action.phase}"]
    links = dict(rnd.links)
    if action.link:
        if rnd.linked:
            raise RuleError(RULE_LINK, "this activation already follows the Link")
        if links[action.player] >= state.rules.rounds.links_per_round:
            raise RuleError(RULE_LINK, "the Link token is used once per round")
        if limit - len(used) < 2:
            raise RuleError(RULE_LINK, "a Link needs two activations left")
        links[action.player] += 1
        steps.append("Link token: the next phase follows back-to-back")
    if action.phase == "assault":
        zone = state.board.assault_zone(opponent(action.player))
        if not state.spaces_of(action.player) & zone:
            raise RuleError(
                "Assault Phase", "you need at least 1 card in the opponent's Assault Zone"
            )
    new_round = replace(
        rnd,
        used={**rnd.used, action.player: used + (action.phase,)},
        links=links,
        linked=action.link,
        initiative=action.player if action.phase == "initiative" else rnd.initiative,
    )
    # A new turn (not the phase a Link brings): the Stronghold may be used again.
    uses = state.stronghold_used if rnd.linked else {}
    state = replace(
        state,
        round=new_round,
        phase=PhaseState(action.player, action.phase),
        pending=Pending(),
        stronghold_used=uses,
    )
    if action.phase == "initiative":
        steps.append(f"{action.player} takes the Initiative token: first turn next round")
        state, more = end_phase(state)
        steps += more
    return state, Outcome(steps)


def end_phase_action(state: MatchState, action: EndPhase) -> tuple[MatchState, Outcome]:
    if state.phase is None or state.phase.player != action.player:
        raise RuleError(RULE_TURNS, f"{action.player} has no phase running")
    state, steps = end_phase(state)
    return state, Outcome([f"{action.player} ends the phase", *steps])


def end_phase(state: MatchState) -> tuple[MatchState, list[str]]:
    """Pass the turn (or keep it after a Link); end the round when both used all activations."""
    rnd = state.round
    if state.phase is None:
        raise RuleError(RULE_TURNS, "no phase is running")
    player = state.phase.player
    limit = state.rules.rounds.activations_per_player
    left = {p: limit - len(rnd.used[p]) for p in PLAYERS}
    state = replace(state, phase=None, pending=Pending())
    if rnd.linked:
        return replace(state, round=replace(rnd, linked=False)), [f"{player} goes on (Link)"]
    if left[opponent(player)] > 0:
        nxt = opponent(player)
    elif left[player] > 0:
        nxt = player
    else:
        return _end_round(state)
    return replace(state, round=replace(rnd, to_act=nxt)), [f"{nxt}'s turn"]


def _end_round(state: MatchState) -> tuple[MatchState, list[str]]:
    """End of Round: 7 VP wins; after the 4th cycle, most VP wins; else a new round."""
    rnd = state.round
    vp = {p: state.sides[p].vp for p in PLAYERS}
    steps = [f"round {rnd.number} ends: red {vp['red']} VP, gold {vp['gold']} VP"]
    cycles = {p: state.sides[p].power.cycles_done for p in PLAYERS}
    result, more = round_result(vp, cycles, bitter_end=state.bitter_end, rules=state.rules)
    steps += more
    if result is not None:
        return replace(state, stage="over", result=result), steps
    starter = rnd.initiative or state.first_player
    steps.append(f"round {rnd.number + 1} begins with {starter}")
    return replace(state, round=fresh_round(rnd.number + 1, starter)), steps
