"""A Death Dome match as a fold over actions: `apply(state, action) -> (state, outcome)`.

The state is a frozen value (`toolkit.games.deathdome.state`, re-exported here): teams, units
with their Vitae, items, jail and Incapacitate, the credits ledger, control points and tower
centres, the round, the turn order and the phase (set-up, play, payout, over). `apply` is the
one door a state changes through (`DOOR`, toolkit/games/door.py: its guards refuse an action
made out of turn or once the match is paid out), then `_rules` hand the action to the step of its
chapter of rules/deathdome.txt: `purchases` (Choose Colors, Make purchases, Item Cards), `play`
(Playing a Match, Combat, Death, Incapacitate, control points) and, here, money and the payout
(Notes, Payout Winnings). Dice rolled at the table come in as actions (the fans die); nothing here
is random.

`replay(initial, actions)` is the match after a log; `new_match` starts one, the next match of a
campaign carrying the teams' credits, seating and items.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from toolkit.errors import RuleError
from toolkit.games.deathdome import cards, play, purchases
from toolkit.games.deathdome import payout as money
from toolkit.games.deathdome import rules as engine
from toolkit.games.deathdome.actions import (
    ACTIONS,
    Action,
    Attack,
    Buy,
    Capture,
    EndMatch,
    EndTurn,
    Equip,
    Heal,
    Pass,
    Payout,
    PlayCard,
    Points,
    Release,
    Seat,
    Sell,
    Start,
    Transfer,
    Unequip,
    Use,
    Vitae,
)
from toolkit.games.deathdome.state import (
    MatchState,
    PayoutResult,
    Team,
    Unit,
    UnitRef,
    match_data,
    state_from_json,
    state_json,
    with_credits,
)
from toolkit.games.door import Door, action_kinds
from toolkit.parsing import Json

__all__ = [
    "AFTER_END",
    "DOOR",
    "ON_TURN",
    "MatchState",
    "PayoutResult",
    "Team",
    "Unit",
    "UnitRef",
    "apply",
    "mover",
    "new_match",
    "over",
    "replay",
    "state_from_json",
    "state_json",
    "whose_turn",
]

RULE_TURN = "On Your Turn"
RULE_OVER = "Payout Winnings"
ON_TURN = frozenset({"attack", "heal", "use", "capture", "release", "end_turn"})
"""Made on the team's own turn ("On each team's turn, a player may perform 2 unit phases")."""
AFTER_END = frozenset({"transfer"})
"""Still made once the match is paid out: "Any money transaction between players can happen at
any time"."""


# ------------------------------------------------------------------------------- a new match


def new_match(
    data_dir: str | None = None,
    teams: Sequence[str] | None = None,
    previous: MatchState | None = None,
    *,
    light: bool = False,
) -> MatchState:
    """A match in set-up. `teams` are the colours playing (default: the first of rules.toml's
    colours, as many as a match needs at least); the turn order starts at red. After `previous`
    (a campaign's last match), the next match keeps its seating, credits and items. `light`:
    the phones record each action at the tap (the rules are the same)."""
    data = match_data(data_dir)
    rules = data.rules
    colours = list(teams or rules.teams.colours[: rules.teams.min])
    engine.check_teams(colours, rules)
    order = engine.turn_order(colours, colours, rules)
    credits = money.starting_credits(order, rules).credits
    carried: dict[str, dict[str, tuple[str, ...]]] = {}
    if previous is not None:
        order = list(previous.order)
        credits = previous.credits()
        carried = {
            colour: {t: unit.items for t, unit in previous.teams[colour].units.items()}
            for colour in order
        }
    state = MatchState(
        data=data,
        data_dir=data_dir,
        number=previous.number + 1 if previous else 1,
        matches=rules.campaign.matches,
        phase="setup",
        order=tuple(order),
        seated=previous is not None,
        light=light,
        purchase_turn=0,
        purchase_done=(),
        round=0,
        turn=0,
        phases_used=0,
        teams={
            colour: Team(
                credits=credits[colour],
                spare=(),
                control_points=0,
                tower_centres=0,
                kills=0,
                units={
                    unit_type: Unit(unit.vitae, carried.get(colour, {}).get(unit_type, ()))
                    for unit_type, unit in data.cards.units.items()
                },
            )
            for colour in order
        },
    )
    # Units start at full Vitae including set bonuses (Hoblerone's +1 Vitae).
    return purchases.full_vitae(state)


def next_match_refusal(state: MatchState) -> str | None:
    """None when the campaign's next match may start from this one, else why not."""
    if state.phase != "over":
        return "the next match starts after this one's payout"
    return None


# -------------------------------------------------------------------------------- the guards


def over(state: MatchState) -> str | None:
    """Why the match is over (only money moves now), None while it goes on."""
    if state.phase != "over":
        return None
    return (
        f"match {state.number} is over and paid out: start the next match (money may "
        "still move between the teams)"
    )


def whose_turn(state: MatchState) -> str | None:
    """The team whose turn it is while the match is played; None in set-up and after."""
    return state.current_team() if state.phase == "play" else None


def mover(action: Action) -> str | None:
    """The team making an action made on its own turn: an attack's controller, the team of a
    unit healing, the team capturing, releasing or ending its turn."""
    match action:
        case Attack():
            return action.controller
        case Heal() | Use():
            return action.unit.colour
        case Capture() | Release() | EndTurn():
            return action.team
    return None


# ------------------------------------------------------------------------------- the door


def _rules(state: MatchState, action: Action) -> tuple[MatchState, Json]:
    """What an action does once the door's guards let it in: the step of its chapter."""
    match action:
        case Seat():
            return purchases.seat(state, action)
        case Buy():
            return purchases.buy(state, action)
        case Pass():
            return purchases.pass_purchase(state, action)
        case Sell():
            return purchases.sell(state, action)
        case Equip():
            return purchases.equip(state, action)
        case Unequip():
            return purchases.unequip(state, action)
        case Start():
            return purchases.start(state, action)
        case Attack():
            return play.attack(state, action)
        case Heal():
            return play.heal(state, action)
        case Vitae():
            return play.vitae(state, action)
        case Use():
            return cards.use_item(state, action)
        case PlayCard():
            return cards.play_card(state, action)
        case Capture():
            return play.capture(state, action)
        case Points():
            return play.points(state, action)
        case Release():
            return play.release(state, action)
        case EndTurn():
            return play.end_turn(state, action)
        case EndMatch():
            return play.end_match(state, action)
        case Transfer():
            return transfer(state, action)
        case Payout():
            return payout(state, action)
    raise RuleError("actions", f"a Death Dome match has no {action.kind!r} action")


DOOR = Door(
    actions=action_kinds(ACTIONS, on_turn=ON_TURN, after_end=AFTER_END),
    rules=_rules,
    position=MatchState.text,
    over=over,
    whose_turn=whose_turn,
    mover=lambda state, action: mover(action),
    rule_over=RULE_OVER,
    rule_turn=RULE_TURN,
)
"""The only way a match changes: its guards, then `_rules`; RuleError naming the rule (and the
position) when it refuses. Pure: a state is never changed."""
apply = DOOR.apply
replay = DOOR.replay
"""The match after a log's actions, each applied in turn (a log is its truth)."""


# ------------------------------------------------------------------------- credits, payout


def transfer(state: MatchState, action: Transfer) -> tuple[MatchState, Json]:
    """ "Any money transaction between players can happen at any time, for selling, buying,
    betting, bribing etc" - never more than the payer has."""
    ledger = money.transfer(state.credits(), action.payer, action.payee, action.amount)
    return replace(state, teams=with_credits(state, ledger.credits)), {"steps": ledger.steps}


def payout(state: MatchState, action: Payout) -> tuple[MatchState, Json]:
    """ "Count up all the control points for each team": the engine's payout for control points,
    tower centres and kills, the winner's fans die paying every team; after the campaign's last
    match, the team with the most credits wins it."""
    state.need_phase("payout", rule=RULE_OVER)
    result = state.payout_now(action.roll)
    ledger = money.pay_out(state.credits(), result)
    steps = [*result.steps, *ledger.steps]
    winners = None
    if state.number >= state.matches:
        standing = money.campaign_standing(ledger.credits, state.number, state.rules)
        winners = tuple(standing.winners)
        steps += standing.steps
    paid = PayoutResult(
        winner=result.winner,
        fans=result.fans,
        fans_money=result.fans_money,
        match_payout=result.match_payout,
        payout=result.payout,
        credits=ledger.credits,
        steps=tuple(result.steps),
        campaign_winners=winners,
    )
    state = replace(state, teams=with_credits(state, ledger.credits), phase="over", payout=paid)
    return state, {"summary": f"{result.winner} wins match {state.number}", "steps": steps}
