"""Before a match: choosing colours, making purchases, equipping units, the start.

rules/deathdome.txt, "Choose Colors", "Make purchases" and "Item Cards": "The red team always
purchases first and purchasing turns go around in a clockwise direction. You may purchase one item
from any deck during your purchasing turn. During this time, players may also make deals and sell
equipment to one another for whatever prices they see fit." "Before a match begins all units must
be equipped, if any equipment is left over that is not on a unit that owner must sell it back to
the bank at cost." Each step is a pure function of the state and the action; the match engine
(`match.apply`) is their one door.
"""

from __future__ import annotations

from dataclasses import replace

from toolkit.errors import RuleError
from toolkit.games.deathdome import payout as money
from toolkit.games.deathdome import rules as engine
from toolkit.games.deathdome.actions import Buy, Equip, Pass, Seat, Sell, Start, Unequip
from toolkit.games.deathdome.data import Item
from toolkit.games.deathdome.state import (
    MatchState,
    Team,
    UnitRef,
    replace_team,
    with_credits,
)
from toolkit.parsing import Json

Step = tuple[MatchState, Json]


def seat(state: MatchState, action: Seat) -> Step:
    """The teams clockwise around the table: the turn order starts at red and goes clockwise."""
    state.need_phase("setup", rule="Choose Colors")
    if state.purchase_done or state.purchase_turn:
        raise RuleError("Make purchases", "seating is set before the first purchase")
    order = engine.turn_order(list(state.order), list(action.order), state.rules)
    steps = [f"turn order, red first then clockwise: {', '.join(order)}"]
    return replace(state, order=tuple(order), seated=True), {"steps": steps}


def _after_purchase(state: MatchState, colour: str) -> int:
    """The purchasing turn after `colour`'s: the next team clockwise still buying."""
    following = replace(state, purchase_turn=(state.order.index(colour) + 1) % len(state.order))
    whose = following.purchase_team()
    return following.purchase_turn if whose is None else state.order.index(whose)


def buy(state: MatchState, action: Buy) -> Step:
    """One item from any deck on the team's purchasing turn, paid from its credits."""
    state.need_phase("setup", rule="the store is closed during the match")
    team = state.team(action.team)
    whose = state.purchase_team()
    if whose is None:
        raise RuleError("Make purchases", "every team has finished purchasing")
    if action.team != whose:
        raise RuleError(
            "Make purchases",
            f"it is {whose}'s purchasing turn (red first, then clockwise), not {action.team}'s",
        )
    item = state.data.item(action.item)
    if state.stock_left(item) < 1:
        raise RuleError("Item Cards", f"all {item.qty} {item.name} cards are already owned")
    ledger = money.purchase(state.credits(), action.team, item.price)
    teams = with_credits(state, ledger.credits)
    teams[action.team] = replace(teams[action.team], spare=(*team.spare, item.id))
    bought = replace(state, teams=teams, purchase_turn=_after_purchase(state, action.team))
    return bought, {"steps": [f"{action.team} buys {item.name}", *ledger.steps]}


def pass_purchase(state: MatchState, action: Pass) -> Step:
    """A team has finished purchasing; the others buy on in turn."""
    state.need_phase("setup", rule="Make purchases")
    state.team(action.team)
    whose = state.purchase_team()
    if whose is None:
        raise RuleError("Make purchases", "every team has finished purchasing")
    if whose != action.team:
        raise RuleError("Make purchases", f"it is {whose}'s purchasing turn, not {action.team}'s")
    done = replace(state, purchase_done=(*state.purchase_done, action.team))
    done = replace(done, purchase_turn=_after_purchase(done, action.team))
    return done, {"steps": [f"{action.team} has finished purchasing"]}


def _without(items: tuple[str, ...], item_id: str) -> tuple[str, ...]:
    """`items` less one copy of `item_id` (the first)."""
    index = items.index(item_id)
    return items[:index] + items[index + 1 :]


def _take_item(team: Team, item_id: str) -> Team:
    """An owned item off the team: from its spare items first, else off the unit carrying it."""
    if item_id in team.spare:
        return replace(team, spare=_without(team.spare, item_id))
    unit_type = next(t for t, unit in team.units.items() if item_id in unit.items)
    unit = team.units[unit_type]
    units = {**team.units, unit_type: replace(unit, items=_without(unit.items, item_id))}
    return replace(team, units=units)


def sell(state: MatchState, action: Sell) -> Step:
    """An item from one team to another for the price they agreed: a deal before the match."""
    state.need_phase("setup", rule="no trading of items once a match has begun")
    seller, buyer = state.team(action.seller), state.team(action.buyer)
    item = state.data.item(action.item)
    if item.id not in seller.items():
        raise RuleError("Make purchases", f"{action.seller} does not own {item.name}")
    ledger = money.transfer(state.credits(), action.buyer, action.seller, action.price)
    teams = with_credits(state, ledger.credits)
    teams[action.seller] = _take_item(teams[action.seller], item.id)
    teams[action.buyer] = replace(teams[action.buyer], spare=(*buyer.spare, item.id))
    steps = [f"{action.seller} sells {item.name} to {action.buyer}", *ledger.steps]
    return replace(state, teams=teams), {"steps": steps}


def item_profile(item: Item) -> engine.ItemProfile:
    return engine.ItemProfile(
        id=item.id, kind=item.kind, deck=item.deck, price=item.price, set=item.set, name=item.name
    )


def full_vitae(state: MatchState) -> MatchState:
    """Before the match every unit stands at its full Vitae (set bonuses come and go)."""
    teams = dict(state.teams)
    for colour in state.order:
        team = teams[colour]
        units = {
            unit_type: replace(unit, vitae=state.full_vitae(UnitRef(colour, unit_type)))
            for unit_type, unit in team.units.items()
        }
        teams[colour] = replace(team, units=units)
    return replace(state, teams=teams)


def loadout_problems(state: MatchState, ref: UnitRef, item_id: str) -> list[str]:
    """Why the unit may not carry the item as well as what it carries (rules: Item Cards: three
    items at most, weapons only from its own deck); empty when it may."""
    carried = [state.data.item(i) for i in (*state.unit(ref).items, item_id)]
    check = engine.check_loadout(ref.unit_type, [item_profile(i) for i in carried], state.rules)
    return [] if check.allowed else list(check.problems)


def equip(state: MatchState, action: Equip) -> Step:
    """A spare item onto a unit: at most 3 items, weapons only from the unit's own deck."""
    state.need_phase("setup", rule="Item Cards")
    ref = action.unit
    team = state.team(ref.colour)
    unit = state.unit(ref)
    item = state.data.item(action.item)
    if item.id not in team.spare:
        raise RuleError("Item Cards", f"{ref.colour} has no spare {item.name} to equip")
    carried = [state.data.item(i) for i in (*unit.items, item.id)]
    check = engine.check_loadout(ref.unit_type, [item_profile(i) for i in carried], state.rules)
    if not check.allowed:
        raise RuleError("Item Cards", "; ".join(check.problems))
    units = {**team.units, ref.unit_type: replace(unit, items=(*unit.items, item.id))}
    equipped = replace(team, spare=_without(team.spare, item.id), units=units)
    state = replace(state, teams=replace_team(state, ref.colour, equipped))
    return full_vitae(state), {"steps": check.steps}


def unequip(state: MatchState, action: Unequip) -> Step:
    """An item off a unit: a spare item of its team again."""
    state.need_phase("setup", rule="no trading of items once a match has begun")
    ref = action.unit
    unit = state.unit(ref)
    item = state.data.item(action.item)
    if item.id not in unit.items:
        raise RuleError("Item Cards", f"{ref} does not carry {item.name}")
    team = state.team(ref.colour)
    units = {**team.units, ref.unit_type: replace(unit, items=_without(unit.items, item.id))}
    spare = replace(team, spare=(*team.spare, item.id), units=units)
    state = replace(state, teams=replace_team(state, ref.colour, spare))
    return full_vitae(state), {"steps": [f"{item.name} is a spare item of {ref.colour} again"]}


def start(state: MatchState, action: Start) -> Step:
    """The match begins: items not on a unit are sold back at cost, the store closes, round 1
    starts with red's turn."""
    state.need_phase("setup", rule="Make purchases")
    steps = []
    credits = state.credits()
    teams = dict(state.teams)
    for colour in state.order:
        spare = teams[colour].spare
        if spare:
            prices = [state.data.item(i).price for i in spare]
            ledger = money.sell_back(credits, colour, prices)
            credits = ledger.credits
            steps += ledger.steps
            teams[colour] = replace(teams[colour], spare=())
    teams = {c: replace(t, credits=credits.get(c, t.credits)) for c, t in teams.items()}
    started = full_vitae(replace(state, teams=teams))
    started = replace(started, phase="play", round=1, turn=0, phases_used=0)
    first = started.current_team()
    steps.append(f"round 1: {first} plays first and draws {started.draws(first).draws} cards")
    return started, {"steps": steps}
