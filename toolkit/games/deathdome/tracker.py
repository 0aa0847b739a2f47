"""A Death Dome match in the tracker: its state, its actions and its pages.

Every rule comes from the engine (`toolkit.games.deathdome.rules`) and every number from
card_data/deathdome; this module only keeps the books: who owns what, whose turn it is, Vitae,
jails, control points, kills and credits. The board is physical: where a unit stands is not
tracked, so range, line of sight and "in its own base" are the players' call, and the engine's
steps are shown before an attack is confirmed.

An action is a JSON object with a `type`; its text form is what the history shows, e.g.
`attack red.gunner -> blue.scout with heavy-rifle cards 3,3,3 vs 2`.
"""

from __future__ import annotations

import pickle
import re
from collections.abc import Callable, Mapping
from functools import lru_cache
from typing import Any

from toolkit.errors import DomekitError, RuleError
from toolkit.games.deathdome import rules as engine
from toolkit.games.deathdome.data import DeathDomeData, Item, load_deathdome
from toolkit.games.deathdome.inputs import weapon_profile
from toolkit.tracker.contract import EVERYTHING, ActionKind, JsonGame, Page, PageNotFound
from toolkit.tracker.fields import whole_number

GAME = "deathdome"
SETUP, PLAY, PAYOUT, OVER = "setup", "play", "payout", "over"
BEHIND = engine.BEHIND

State = dict[str, Any]
Action = dict[str, Any]


@lru_cache(maxsize=8)
def game_data(data_dir: str | None = None) -> DeathDomeData:
    data = load_deathdome(data_dir)
    if data.rules is None or data.board is None:
        raise DomekitError("the Death Dome data has no rules.toml or board.toml")
    return data


def _data(state: State) -> DeathDomeData:
    return game_data(state.get("data_dir"))


# ------------------------------------------------------------------------------ state helpers


def _unit_key(text: Any) -> tuple[str, str]:
    parts = str(text or "").strip().lower().split(".")
    if len(parts) != 2 or not all(parts):
        raise DomekitError(f"a unit is named colour.type, e.g. red.gunner (got {text!r})")
    return parts[0], parts[1]


def _team(state: State, colour: str) -> dict[str, Any]:
    team = state["teams"].get(colour)
    if team is None:
        raise DomekitError(
            f"no {colour!r} team in this match; the teams are {', '.join(state['order'])}"
        )
    return team


def _unit(state: State, ref: str) -> dict[str, Any]:
    colour, unit_type = _unit_key(ref)
    units = _team(state, colour)["units"]
    if unit_type not in units:
        raise DomekitError(f"no unit {unit_type!r}; the units are {', '.join(units)}")
    return units[unit_type]


def _item(data: DeathDomeData, item_id: str) -> Item:
    item = data.items.get(item_id)
    if item is None:
        by_name = data.item_by_name(item_id)
        if by_name is None:
            raise DomekitError(f"no item {item_id!r} in items.csv")
        item = by_name
    return item


def _profile(item: Item) -> engine.ItemProfile:
    return engine.ItemProfile(
        id=item.id, kind=item.kind, deck=item.deck, price=item.price, set=item.set, name=item.name
    )


def _set_profiles(data: DeathDomeData) -> list[engine.SetProfile]:
    return [
        engine.SetProfile(
            id=s.id,
            stat=s.stat,
            bonus=s.bonus,
            items=tuple(s.items),
            bonus_item=s.bonus_item,
            name=s.name,
        )
        for s in data.sets
    ]


def team_items(team: Mapping[str, Any]) -> list[str]:
    """Every item a team owns: carried by its units or not yet on a unit."""
    carried = [item for unit in team["units"].values() for item in unit["items"]]
    return [*carried, *team["inventory"]]


def unit_stats(state: State, colour: str, unit_type: str) -> dict[str, Any]:
    """A unit's stats with its set bonuses (engine: set_bonuses), for pages and for combat."""
    data = _data(state)
    team = state["teams"][colour]
    unit = team["units"][unit_type]
    base = data.units[unit_type]
    bonus = engine.set_bonuses(team_items(team), unit["items"], _set_profiles(data))
    stats = {
        stat: getattr(base, stat) + bonus.bonuses.get(stat, 0)
        for stat in ("movement", "skill", "toughness", "vitae")
    }
    return {"stats": stats, "set_steps": bonus.steps, "bonuses": bonus.bonuses}


def _max_vitae(state: State, colour: str, unit_type: str) -> int:
    return unit_stats(state, colour, unit_type)["stats"]["vitae"]


def _stock_left(state: State, item: Item) -> int:
    owned = sum(team_items(team).count(item.id) for team in state["teams"].values())
    return item.qty - owned


def _credits(state: State) -> dict[str, int]:
    return {colour: state["teams"][colour]["credits"] for colour in state["order"]}


def _set_credits(state: State, ledger: engine.Ledger) -> None:
    for colour, amount in ledger.credits.items():
        state["teams"][colour]["credits"] = amount


def _need_phase(state: State, *phases: str, rule: str) -> None:
    if state["phase"] not in phases:
        names = {SETUP: "set-up", PLAY: "play", PAYOUT: "payout", OVER: "after the match"}
        raise RuleError(
            rule,
            f"this is done during {' or '.join(names[p] for p in phases)}; "
            f"the match is in {names[state['phase']]}",
        )


def _current_team(state: State) -> str:
    return state["order"][state["turn"]]


def _use_unit_phase(state: State, rules: Any) -> None:
    left = engine.unit_phases_left(state["phases_used"] + 1, rules)
    state["phases_used"] = rules.match.unit_phases_per_turn - left


def _need_in_play(unit: Mapping[str, Any], ref: str, rule: str = "Death") -> None:
    if unit["status"] == "jailed":
        raise RuleError(rule, f"{ref} is in jail: no items or actions from or on units in jail")


def _cards(value: Any) -> list[int]:
    if value in (None, ""):
        return []
    if isinstance(value, list):
        parts = value
    else:
        parts = [p for p in re.split(r"[\s,;]+", str(value).strip()) if p]
    try:
        return [whole_number(p, "a card") for p in parts]
    except DomekitError:
        raise DomekitError(f"cards are power values like 3,3,1 (got {value!r})") from None


def _int(value: Any, what: str, *, minimum: int | None = 0) -> int:
    return whole_number(value, what, minimum=minimum)


def _money(amount: int) -> str:
    return f"{amount:,}"


def _copy(state: State) -> State:
    """A deep copy of a JSON state; pickle round trips it about 6x faster than copy.deepcopy."""
    return pickle.loads(pickle.dumps(state, pickle.HIGHEST_PROTOCOL))


# ------------------------------------------------------------------------------------ plugin


# What the generic guards (toolkit/tracker/referee.py) check before a handler runs: these are
# made on the team's own turn (its mover below); a money transfer may still be made after the
# match's payout, between the matches of the campaign.
_ON_TURN = ("attack", "heal", "capture", "release", "end_turn")
_AFTER_END = ("transfer",)


class DeathDomeTracker(JsonGame):
    name = GAME
    rule_over = "Payout Winnings"
    rule_turn = "On Your Turn"

    def __init__(self) -> None:
        self.actions = {
            kind: ActionKind(on_turn=kind in _ON_TURN, after_end=kind in _AFTER_END)
            for kind in _PARSERS
        }
        self.parsers = _PARSERS
        self.pages = {"table": _table_page, "team": _team_page, "unit": _unit_page}
        self.exports = {"payout": payout_rows}
        self.odds = odds_chart

    # -- matches ----------------------------------------------------------------------------

    def new_match(self, manifest: Mapping[str, Any], previous: State | None) -> State:
        data_dir = manifest.get("data_dir") or None
        data = game_data(data_dir)
        rules = data.rules
        assert rules is not None
        teams = [str(t) for t in (manifest.get("teams") or rules.teams.colours[: rules.teams.min])]
        engine.check_teams(teams, rules)
        order = engine.turn_order(teams, teams, rules)
        credits = engine.starting_credits(order, rules).credits
        carried: dict[str, Any] = {}
        if previous is not None:
            order = list(previous["order"])
            credits = {c: previous["teams"][c]["credits"] for c in order}
            carried = {c: previous["teams"][c]["units"] for c in order}
        state: State = {
            "game": GAME,
            "data_dir": data_dir,
            "match": (previous["match"] + 1) if previous else 1,
            "matches": rules.campaign.matches,
            "phase": SETUP,
            "order": order,
            "seated": previous is not None,
            "purchase_turn": 0,
            "purchase_done": [],
            "round": 0,
            "turn": 0,
            "phases_used": 0,
            "teams": {},
            "payout": None,
            "last_standing": None,
        }
        for colour in order:
            units = {}
            for unit_type, unit in data.units.items():
                items = list(carried.get(colour, {}).get(unit_type, {}).get("items", []))
                units[unit_type] = {
                    "vitae": unit.vitae,
                    "items": items,
                    "status": "active",
                    "jail": None,
                    "incapacitated": False,
                    "serving": False,
                }
            state["teams"][colour] = {
                "credits": credits[colour],
                "inventory": [],
                "control_points": 0,
                "tower_centres": 0,
                "kills": 0,
                "units": units,
            }
        # Units start at full Vitae including set bonuses (Hoblerone's +1 Vitae).
        for colour in order:
            for unit_type in data.units:
                state["teams"][colour]["units"][unit_type]["vitae"] = _max_vitae(
                    state, colour, unit_type
                )
        return state

    def matches_in_campaign(self, state: State) -> int:
        return int(state["matches"])

    def next_match_refusal(self, state: State) -> str | None:
        if state["phase"] != OVER:
            return "the next match starts after this one's payout"
        return None

    # -- the guards' questions ----------------------------------------------------------------

    def over(self, state: State) -> str | None:
        if state["phase"] != OVER:
            return None
        return (
            f"match {state['match']} is over and paid out: start the next match (money may "
            "still move between the teams)"
        )

    def whose_turn(self, state: State) -> str | None:
        return _current_team(state) if state["phase"] == PLAY else None

    def mover(self, state: State, action: Action) -> str | None:
        kind = action["type"]
        if kind == "attack":
            return str(action["controller"])
        if kind == "heal":
            return _unit_key(action["unit"])[0]
        return str(action["team"])  # capture, release, end_turn

    # -- actions ----------------------------------------------------------------------------

    def apply(self, state: State, action: Action) -> tuple[State, dict[str, Any]]:
        new = _copy(state)
        outcome = _HANDLERS[action["type"]](new, action, _data(new))
        return new, outcome

    def text(self, action: Action) -> str:
        return _describe(action)

    def parse_text(self, text: str) -> Action:
        """An action's text form (as the history shows it) back into an action."""
        return self.parse_action(parse_text(text))

    def touches(self, action: Action) -> frozenset[str]:
        return _touches(action)


def _table_page(state: State, args: tuple[str, ...]) -> Page:
    if args:
        raise PageNotFound(f"this match has no table page {'/'.join(args)}")
    return Page("table.html", f"Death Dome · match {state['match']}", table_view(state))


def _team_page(state: State, args: tuple[str, ...]) -> Page:
    if len(args) != 1 or args[0] not in state["teams"]:
        raise PageNotFound(f"this match has no team page {'/'.join(args)}")
    return Page("team.html", f"{args[0].title()} team", team_view(state, args[0]))


def _unit_page(state: State, args: tuple[str, ...]) -> Page:
    if len(args) != 2 or args[0] not in state["teams"]:
        raise PageNotFound(f"this match has no unit page {'/'.join(args)}")
    if args[1] not in state["teams"][args[0]]["units"]:
        raise PageNotFound(f"this match has no unit page {'/'.join(args)}")
    return Page("unit.html", f"{args[0].title()} {args[1]}", unit_view(state, args[0], args[1]))


# ----------------------------------------------------------------------------------- parsers


def _p_seat(d: Mapping[str, Any]) -> Action:
    order = d.get("order")
    if isinstance(order, str):
        order = [c for c in re.split(r"[\s,;]+", order.strip().lower()) if c]
    if not isinstance(order, list) or not order:
        raise DomekitError("seat: give the teams clockwise around the table, e.g. red,green,blue")
    return {"order": [str(c) for c in order]}


def _p_team(d: Mapping[str, Any]) -> Action:
    return {"team": str(d.get("team") or "").strip().lower()}


def _p_buy(d: Mapping[str, Any]) -> Action:
    return {**_p_team(d), "item": str(d.get("item") or "").strip()}


def _p_sell(d: Mapping[str, Any]) -> Action:
    return {
        "seller": str(d.get("seller") or "").strip().lower(),
        "buyer": str(d.get("buyer") or "").strip().lower(),
        "item": str(d.get("item") or "").strip(),
        "price": _int(d.get("price", 0), "price"),
    }


def _p_equip(d: Mapping[str, Any]) -> Action:
    colour, unit_type = _unit_key(d.get("unit"))
    return {"unit": f"{colour}.{unit_type}", "item": str(d.get("item") or "").strip()}


def _p_none(_d: Mapping[str, Any]) -> Action:
    return {}


def _p_attack(d: Mapping[str, Any]) -> Action:
    colour, unit_type = _unit_key(d.get("attacker"))
    target_colour, target_type = _unit_key(d.get("target"))
    behind = str(d.get("behind") or "empty").strip().lower()
    if behind not in BEHIND:
        raise DomekitError(f"behind must be one of {', '.join(BEHIND)} (got {behind!r})")
    splash = []
    raw_splash = d.get("splash") or []
    if isinstance(raw_splash, str):
        # "blue.medic:2,1; green.scout:" - each adjacent enemy in the defender's chosen order
        raw_splash = [
            {"unit": part.split(":")[0], "cards": part.split(":", 1)[1] if ":" in part else ""}
            for part in raw_splash.split(";")
            if part.strip()
        ]
    if not isinstance(raw_splash, list) or not all(isinstance(h, Mapping) for h in raw_splash):
        raise DomekitError(
            "splash is each adjacent enemy hit, like blue.medic:2,1; green.scout: "
            "(or a list of {unit, cards})"
        )
    for hit in raw_splash:
        c, t = _unit_key(hit.get("unit"))
        splash.append({"unit": f"{c}.{t}", "cards": _cards(hit.get("cards"))})
    return {
        "attacker": f"{colour}.{unit_type}",
        "target": f"{target_colour}.{target_type}",
        "weapon": str(d.get("weapon") or "").strip(),
        "cards": _cards(d.get("cards")),
        "defence": _cards(d.get("defence")),
        "bonus_s": _int(d.get("bonus_s") or 0, "+S"),
        "bonus_t": _int(d.get("bonus_t") or 0, "+T"),
        "behind": behind,
        "splash": splash,
        "jail": str(d.get("jail") or "").strip(),
        "controller": str(d.get("controller") or colour).strip().lower(),
    }


def _p_unit(d: Mapping[str, Any]) -> Action:
    colour, unit_type = _unit_key(d.get("unit"))
    return {"unit": f"{colour}.{unit_type}"}


def _p_vitae(d: Mapping[str, Any]) -> Action:
    colour, unit_type = _unit_key(d.get("unit"))
    credited = str(d.get("credited") or "").strip().lower()
    return {
        "unit": f"{colour}.{unit_type}",
        "change": _int(d.get("change"), "Vitae change", minimum=None),
        "credited": credited or None,
        "jail": str(d.get("jail") or "").strip(),
    }


def _p_capture(d: Mapping[str, Any]) -> Action:
    point = str(d.get("point") or "control_point").strip().lower().replace(" ", "_")
    if point not in ("control_point", "tower_centre"):
        raise DomekitError(f"point is control_point or tower_centre (got {point!r})")
    previous = str(d.get("previous") or "").strip().lower()
    return {**_p_team(d), "point": point, "previous": previous or None}


def _p_points(d: Mapping[str, Any]) -> Action:
    return {
        **_p_team(d),
        "control_points": _int(d.get("control_points", 0), "control points"),
        "tower_centres": _int(d.get("tower_centres", 0), "tower centres"),
    }


def _p_release(d: Mapping[str, Any]) -> Action:
    return {**_p_team(d), "jail": str(d.get("jail") or "").strip()}


def _p_transfer(d: Mapping[str, Any]) -> Action:
    return {
        "payer": str(d.get("payer") or "").strip().lower(),
        "payee": str(d.get("payee") or "").strip().lower(),
        "amount": _int(d.get("amount"), "amount", minimum=1),
        "note": str(d.get("note") or "").strip()[:80],
    }


def _p_fans(d: Mapping[str, Any]) -> Action:
    return {"roll": _int(d.get("roll"), "fans roll", minimum=1)}


_PARSERS: dict[str, Callable[[Mapping[str, Any]], Action]] = {
    "seat": _p_seat,
    "buy": _p_buy,
    "pass": _p_team,
    "sell": _p_sell,
    "equip": _p_equip,
    "unequip": _p_equip,
    "start": _p_none,
    "attack": _p_attack,
    "heal": _p_unit,
    "vitae": _p_vitae,
    "capture": _p_capture,
    "points": _p_points,
    "release": _p_release,
    "end_turn": _p_team,
    "transfer": _p_transfer,
    "end_match": _p_none,
    "payout": _p_fans,
}


# ---------------------------------------------------------------------------------- handlers


def _h_seat(state: State, a: Action, data: DeathDomeData) -> dict:
    _need_phase(state, SETUP, rule="Choose Colors")
    if state["purchase_done"] or state["purchase_turn"]:
        raise RuleError("Make purchases", "seating is set before the first purchase")
    order = engine.turn_order(list(state["order"]), a["order"], data.rules)
    state["order"] = order
    state["seated"] = True
    return {"steps": [f"turn order, red first then clockwise: {', '.join(order)}"]}


def _purchase_team(state: State) -> str | None:
    waiting = [c for c in state["order"] if c not in state["purchase_done"]]
    if not waiting:
        return None
    for step in range(len(state["order"])):
        colour = state["order"][(state["purchase_turn"] + step) % len(state["order"])]
        if colour in waiting:
            return colour
    return None


def _advance_purchase(state: State, after: str) -> None:
    index = state["order"].index(after)
    state["purchase_turn"] = (index + 1) % len(state["order"])
    nxt = _purchase_team(state)
    if nxt is not None:
        state["purchase_turn"] = state["order"].index(nxt)


def _h_buy(state: State, a: Action, data: DeathDomeData) -> dict:
    _need_phase(state, SETUP, rule="the store is closed during the match")
    team = _team(state, a["team"])
    whose = _purchase_team(state)
    if whose is None:
        raise RuleError("Make purchases", "every team has finished purchasing")
    if a["team"] != whose:
        raise RuleError(
            "Make purchases",
            f"it is {whose}'s purchasing turn (red first, then clockwise), not {a['team']}'s",
        )
    item = _item(data, a["item"])
    if _stock_left(state, item) < 1:
        raise RuleError("Item Cards", f"all {item.qty} {item.name} cards are already owned")
    ledger = engine.purchase(_credits(state), a["team"], item.price)
    _set_credits(state, ledger)
    team["inventory"].append(item.id)
    _advance_purchase(state, a["team"])
    return {"steps": [f"{a['team']} buys {item.name}", *ledger.steps]}


def _h_pass(state: State, a: Action, data: DeathDomeData) -> dict:
    _need_phase(state, SETUP, rule="Make purchases")
    _team(state, a["team"])
    whose = _purchase_team(state)
    if whose != a["team"]:
        raise RuleError("Make purchases", f"it is {whose}'s purchasing turn, not {a['team']}'s")
    state["purchase_done"].append(a["team"])
    _advance_purchase(state, a["team"])
    return {"steps": [f"{a['team']} has finished purchasing"]}


def _take_item(team: dict[str, Any], item_id: str) -> None:
    """Take an owned item off the team: from its spare items first, else off a unit."""
    if item_id in team["inventory"]:
        team["inventory"].remove(item_id)
        return
    for unit in team["units"].values():
        if item_id in unit["items"]:
            unit["items"].remove(item_id)
            return
    raise DomekitError(f"the team does not own {item_id!r}")


def _h_sell(state: State, a: Action, data: DeathDomeData) -> dict:
    _need_phase(state, SETUP, rule="no trading of items once a match has begun")
    seller, buyer = _team(state, a["seller"]), _team(state, a["buyer"])
    item = _item(data, a["item"])
    if item.id not in team_items(seller):
        raise RuleError("Make purchases", f"{a['seller']} does not own {item.name}")
    ledger = engine.transfer(_credits(state), a["buyer"], a["seller"], a["price"])
    _take_item(seller, item.id)
    buyer["inventory"].append(item.id)
    _set_credits(state, ledger)
    return {"steps": [f"{a['seller']} sells {item.name} to {a['buyer']}", *ledger.steps]}


def _h_equip(state: State, a: Action, data: DeathDomeData) -> dict:
    _need_phase(state, SETUP, rule="Item Cards")
    colour, unit_type = _unit_key(a["unit"])
    team = _team(state, colour)
    unit = _unit(state, a["unit"])
    item = _item(data, a["item"])
    if item.id not in team["inventory"]:
        raise RuleError("Item Cards", f"{colour} has no spare {item.name} to equip")
    check = engine.check_loadout(
        unit_type, [_profile(_item(data, i)) for i in [*unit["items"], item.id]], data.rules
    )
    if not check.allowed:
        raise RuleError("Item Cards", "; ".join(check.problems))
    team["inventory"].remove(item.id)
    unit["items"].append(item.id)
    _refresh_full_vitae(state)
    return {"steps": check.steps}


def _h_unequip(state: State, a: Action, data: DeathDomeData) -> dict:
    _need_phase(state, SETUP, rule="no trading of items once a match has begun")
    colour, _unit_type = _unit_key(a["unit"])
    unit = _unit(state, a["unit"])
    item = _item(data, a["item"])
    if item.id not in unit["items"]:
        raise DomekitError(f"{a['unit']} does not carry {item.name}")
    unit["items"].remove(item.id)
    _team(state, colour)["inventory"].append(item.id)
    _refresh_full_vitae(state)
    return {"steps": [f"{item.name} is a spare item of {colour} again"]}


def _refresh_full_vitae(state: State) -> None:
    """Before the match, every unit stands at its full Vitae (set bonuses come and go)."""
    for colour in state["order"]:
        for unit_type, unit in state["teams"][colour]["units"].items():
            unit["vitae"] = _max_vitae(state, colour, unit_type)


def _h_start(state: State, a: Action, data: DeathDomeData) -> dict:
    _need_phase(state, SETUP, rule="Make purchases")
    steps = []
    credits = _credits(state)
    for colour in state["order"]:
        spare = state["teams"][colour]["inventory"]
        if spare:
            ledger = engine.sell_back(credits, colour, [_item(data, i).price for i in spare])
            credits = ledger.credits
            steps += ledger.steps
            state["teams"][colour]["inventory"] = []
    for colour, amount in credits.items():
        state["teams"][colour]["credits"] = amount
    _refresh_full_vitae(state)
    state.update(phase=PLAY, round=1, turn=0, phases_used=0)
    first = _current_team(state)
    steps.append(f"round 1: {first} plays first and draws {_draws(state, first).draws} cards")
    return {"steps": steps}


def _held_points(team: Mapping[str, Any]) -> int:
    """Control points a team controls for its draw: tower centres count (docs/rulings)."""
    return int(team["control_points"]) + int(team["tower_centres"])


def _draws(state: State, colour: str) -> engine.Draws:
    return engine.draws(_held_points(state["teams"][colour]), _data(state).rules)


def _combat_attacker(state: State, a: Action, data: DeathDomeData) -> engine.Attacker:
    colour, unit_type = _unit_key(a["attacker"])
    unit = _unit(state, a["attacker"])
    weapon = engine.WeaponProfile(strength=0, attack="close", name="no weapon")
    if a["weapon"]:
        item = _item(data, a["weapon"])
        if item.id not in unit["items"]:
            raise RuleError("Weapons", f"{a['attacker']} does not carry {item.name}")
        if item.kind != "weapon":
            raise RuleError("Weapons", f"{item.name} is not a weapon")
        weapon = weapon_profile(item)
    skill = unit_stats(state, colour, unit_type)["stats"]["skill"]
    return engine.Attacker(cards=tuple(a["cards"]), weapon=weapon, skill=skill, bonus=a["bonus_s"])


def _combat_defender(
    state: State, ref: str, cards: list[int], bonus: int, behind: str, data: DeathDomeData
) -> engine.Defender:
    colour, unit_type = _unit_key(ref)
    unit = _unit(state, ref)
    _need_in_play(unit, ref)
    armour = tuple(
        _item(data, i).toughness or 0 for i in unit["items"] if _item(data, i).kind == "armour"
    )
    return engine.Defender(
        cards=tuple(cards),
        armour=armour,
        toughness=unit_stats(state, colour, unit_type)["stats"]["toughness"],
        bonus=bonus,
        vitae=unit["vitae"],
        behind=behind,  # type: ignore[arg-type]
        name=ref,
    )


def _check_jail(jail: str, data: DeathDomeData) -> str:
    """The jail named (the first of the board's when none is), checked against the board."""
    assert data.board is not None
    jails = sorted(data.board.jails())
    if not jail:
        return jails[0] if jails else "jail"
    if jail not in jails:
        raise DomekitError(f"no jail {jail!r} on the board; the jails are {', '.join(jails)}")
    return jail


def _kill(
    state: State, ref: str, credited: str | None, jail: str, data: DeathDomeData
) -> list[str]:
    """A unit's Vitae reached 0: to the jail the killer chose; the kill point to the killer."""
    jail = _check_jail(jail, data)
    unit = _unit(state, ref)
    unit.update(vitae=0, status="jailed", jail=jail, incapacitated=False, serving=False)
    credit = engine.kill_credit(credited, data.rules)
    if credit.credited_to is not None:
        _team(state, credit.credited_to)["kills"] += credit.kill_points
    steps = [f"{ref} goes to jail {jail}", *credit.steps]
    colour, _ = _unit_key(ref)
    in_jail = sum(u["status"] == "jailed" for u in state["teams"][colour]["units"].values())
    if engine.team_out(in_jail, data.rules):
        steps.append(f"every {colour} unit is in jail: {colour} is out of the match")
    return steps


def _h_attack(state: State, a: Action, data: DeathDomeData) -> dict:
    colour, _ = _unit_key(a["attacker"])
    controller = a["controller"]
    _team(state, controller)
    unit = _unit(state, a["attacker"])
    _need_in_play(unit, a["attacker"])
    if unit["incapacitated"]:
        raise RuleError(
            "Incapacitate", f"{a['attacker']} is incapacitated: it cannot act this turn"
        )
    target_colour, _ = _unit_key(a["target"])
    if target_colour == controller:
        raise RuleError("Combat", "attack an enemy unit, not one of your own")
    attacker = _combat_attacker(state, a, data)
    defenders = [
        _combat_defender(state, a["target"], a["defence"], a["bonus_t"], a["behind"], data)
    ]
    for hit in a["splash"]:
        if _unit_key(hit["unit"])[0] == controller:
            raise RuleError("Splash Damage", "splash damage hits enemy units only")
        defenders.append(_combat_defender(state, hit["unit"], hit["cards"], 0, "empty", data))
    if len({d.name for d in defenders}) != len(defenders):
        raise DomekitError("a unit is named twice among the targets")
    if a["splash"] and not attacker.weapon.splash:
        raise RuleError("Splash Damage", f"{attacker.weapon.name} does not cause splash damage")
    _check_jail(a["jail"], data)
    _use_unit_phase(state, data.rules)
    if attacker.weapon.splash:
        result = engine.resolve_splash(attacker, defenders, data.rules)
        hits, steps = result.hits, list(result.steps)
    else:
        single = engine.resolve_attack(attacker, defenders[0], data.rules)
        hits, steps = [(a["target"], single)], []
    summary = []
    for ref, outcome in hits:
        steps += [f"{ref}: {step}" for step in outcome.steps] if len(hits) > 1 else outcome.steps
        target = _unit(state, ref)
        target["vitae"] = outcome.vitae_left
        if outcome.killed:
            steps += _kill(state, ref, controller, a["jail"], data)
            summary.append(f"{ref} killed")
        else:
            if outcome.incapacitated:
                target["incapacitated"] = True
                target["serving"] = False
            summary.append(f"{ref} takes {outcome.damage}, Vitae {outcome.vitae_left}")
            if outcome.push_back:
                summary[-1] += ", pushed back"
    return {
        "summary": "; ".join(summary),
        "steps": steps,
        "hits": [
            {
                "unit": ref,
                "damage": o.damage,
                "vitae_left": o.vitae_left,
                "killed": o.killed,
                "wounded": o.wounded,
                "push_back": o.push_back,
                "incapacitated": o.incapacitated,
            }
            for ref, o in hits
        ],
    }


def _h_heal(state: State, a: Action, data: DeathDomeData) -> dict:
    colour, unit_type = _unit_key(a["unit"])
    unit = _unit(state, a["unit"])
    _need_in_play(unit, a["unit"])
    if unit["incapacitated"]:
        raise RuleError("Incapacitate", f"{a['unit']} is incapacitated: it cannot act this turn")
    healed = engine.heal_in_base(
        unit["vitae"], _max_vitae(state, colour, unit_type), in_own_base=True, rules=data.rules
    )
    _use_unit_phase(state, data.rules)
    unit["vitae"] = healed.vitae_left
    return {"steps": healed.steps}


def _h_vitae(state: State, a: Action, data: DeathDomeData) -> dict:
    """A card's direct Vitae change: -V (unblockable damage) or +V (healing), any time in play."""
    _need_phase(state, PLAY, rule="Card Abilities")
    colour, unit_type = _unit_key(a["unit"])
    unit = _unit(state, a["unit"])
    _need_in_play(unit, a["unit"])
    top = _max_vitae(state, colour, unit_type)
    before = unit["vitae"]
    after = max(0, min(top, before + a["change"]))
    unit["vitae"] = after
    steps = [f"Vitae {before} {a['change']:+d} = {after} (at most {top})"]
    if after == 0:
        if a["credited"] is not None:
            _team(state, a["credited"])
        steps += _kill(state, a["unit"], a["credited"], a["jail"], data)
    return {"steps": steps}


def _h_capture(state: State, a: Action, data: DeathDomeData) -> dict:
    field = "control_points" if a["point"] == "control_point" else "tower_centres"
    previous = a["previous"]
    if previous == a["team"]:
        raise RuleError("capture a control point", f"the point already shows {a['team']}")
    if previous is not None:
        owner = _team(state, previous)
        if owner[field] < 1:
            raise RuleError("capture a control point", f"{previous} holds no {a['point']}")
        owner[field] -= 1
    _use_unit_phase(state, data.rules)
    _team(state, a["team"])[field] += 1
    team = state["teams"][a["team"]]
    return {
        "steps": [
            f"{a['team']} turns a {a['point'].replace('_', ' ')}"
            + (f" from {previous}" if previous else ""),
            f"{a['team']} now holds {team['control_points']} control points and "
            f"{team['tower_centres']} tower centres",
            *_draws(state, a["team"]).steps,
        ]
    }


def _h_points(state: State, a: Action, data: DeathDomeData) -> dict:
    """Set a team's control point counts to what the board shows (a correction)."""
    _need_phase(state, PLAY, PAYOUT, rule="Payout Winnings")
    team = _team(state, a["team"])
    team["control_points"] = a["control_points"]
    team["tower_centres"] = a["tower_centres"]
    return {"steps": _draws(state, a["team"]).steps}


def _h_release(state: State, a: Action, data: DeathDomeData) -> dict:
    assert data.board is not None
    jails = sorted(data.board.jails())
    if a["jail"] not in jails:
        raise DomekitError(f"no jail {a['jail']!r} on the board; the jails are {', '.join(jails)}")
    freed = []
    for colour in state["order"]:
        for unit_type, unit in state["teams"][colour]["units"].items():
            if unit["status"] == "jailed" and unit["jail"] == a["jail"]:
                unit.update(status="active", jail=None, vitae=_max_vitae(state, colour, unit_type))
                freed.append(f"{colour}.{unit_type}")
    if not freed:
        raise RuleError("activate a jail release point", f"jail {a['jail']} is empty")
    _use_unit_phase(state, data.rules)
    return {
        "steps": [
            f"{a['team']} activates the release point of jail {a['jail']}",
            f"released to their team's base: {', '.join(freed)}",
        ]
    }


def _h_end_turn(state: State, a: Action, data: DeathDomeData) -> dict:
    rules = data.rules
    steps = []
    for unit_type, unit in state["teams"][a["team"]]["units"].items():
        if unit["incapacitated"] and unit["serving"]:
            unit.update(incapacitated=False, serving=False)
            steps.append(f"{a['team']}.{unit_type} stands up again")
    state["phases_used"] = 0
    state["turn"] += 1
    if state["turn"] == len(state["order"]):
        state["turn"] = 0
        state["round"] += 1
    if state["round"] > rules.match.rounds:
        state["round"] = rules.match.rounds
        state["turn"] = len(state["order"]) - 1
        state["phase"] = PAYOUT
        steps.append(f"every team has played its {rules.match.rounds}th turn: payout")
        return {"steps": steps}
    nxt = _current_team(state)
    for unit_type, unit in state["teams"][nxt]["units"].items():
        if unit["incapacitated"]:
            unit["serving"] = True
            steps.append(f"{nxt}.{unit_type} is incapacitated this turn")
    steps.append(f"round {state['round']}: {nxt}'s turn")
    steps += _draws(state, nxt).steps
    return {"steps": steps}


def _h_transfer(state: State, a: Action, data: DeathDomeData) -> dict:
    ledger = engine.transfer(_credits(state), a["payer"], a["payee"], a["amount"])
    _set_credits(state, ledger)
    return {"steps": ledger.steps}


def _teams_out(state: State, data: DeathDomeData) -> list[str]:
    return [
        colour
        for colour in state["order"]
        if engine.team_out(
            sum(u["status"] == "jailed" for u in state["teams"][colour]["units"].values()),
            data.rules,
        )
    ]


def _h_end_match(state: State, a: Action, data: DeathDomeData) -> dict:
    _need_phase(state, PLAY, rule="Notes")
    standing = engine.last_team_standing(state["order"], _teams_out(state, data))
    if standing is None:
        raise RuleError(
            "Notes", "the match ends early only when one team is the only one left standing"
        )
    state["phase"] = PAYOUT
    state["last_standing"] = standing
    return {"steps": [f"{standing} is the only team left standing: the match is over"]}


def _h_payout(state: State, a: Action, data: DeathDomeData) -> dict:
    _need_phase(state, PAYOUT, rule="Payout Winnings")
    order = state["order"]
    result = engine.payout(
        order,
        {c: state["teams"][c]["control_points"] for c in order},
        {c: state["teams"][c]["tower_centres"] for c in order},
        {c: state["teams"][c]["kills"] for c in order},
        a["roll"],
        data.rules,
        last_standing=state["last_standing"],
    )
    ledger = engine.pay_out(_credits(state), result)
    _set_credits(state, ledger)
    state["phase"] = OVER
    state["payout"] = {
        "winner": result.winner,
        "fans": result.fans,
        "fans_money": result.fans_money,
        "match_payout": result.match_payout,
        "payout": result.payout,
        "credits": ledger.credits,
        "steps": result.steps,
    }
    steps = [*result.steps, *ledger.steps]
    if state["match"] >= state["matches"]:
        standing = engine.campaign_standing(ledger.credits, state["match"], data.rules)
        state["payout"]["campaign_winners"] = standing.winners
        steps += standing.steps
    return {"summary": f"{result.winner} wins match {state['match']}", "steps": steps}


_HANDLERS: dict[str, Callable[[State, Action, DeathDomeData], dict]] = {
    "seat": _h_seat,
    "buy": _h_buy,
    "pass": _h_pass,
    "sell": _h_sell,
    "equip": _h_equip,
    "unequip": _h_unequip,
    "start": _h_start,
    "attack": _h_attack,
    "heal": _h_heal,
    "vitae": _h_vitae,
    "capture": _h_capture,
    "points": _h_points,
    "release": _h_release,
    "end_turn": _h_end_turn,
    "transfer": _h_transfer,
    "end_match": _h_end_match,
    "payout": _h_payout,
}


# ---------------------------------------------------------------------- text forms, touches


def _describe(a: Action) -> str:
    kind = a.get("type")
    if kind == "seat":
        return f"seat {','.join(a['order'])}"
    if kind == "buy":
        return f"buy {a['team']} {a['item']}"
    if kind == "pass":
        return f"pass {a['team']}"
    if kind == "sell":
        return f"sell {a['seller']} -> {a['buyer']} {a['item']} for {_money(a['price'])}"
    if kind in ("equip", "unequip"):
        return f"{kind} {a['unit']} {a['item']}"
    if kind == "start":
        return "start match"
    if kind == "attack":
        text = f"attack {a['attacker']} -> {a['target']}"
        if a["weapon"]:
            text += f" with {a['weapon']}"
        text += f" cards {','.join(map(str, a['cards'])) or '-'}"
        text += f" vs {','.join(map(str, a['defence'])) or '-'}"
        if a["bonus_s"]:
            text += f" +S{a['bonus_s']}"
        if a["bonus_t"]:
            text += f" +T{a['bonus_t']}"
        if a["behind"] != "empty":
            text += f" behind {a['behind']}"
        for hit in a["splash"]:
            text += f" splash {hit['unit']} vs {','.join(map(str, hit['cards'])) or '-'}"
        if a["controller"] != a["attacker"].split(".")[0]:
            text += f" by {a['controller']}"
        if a["jail"]:
            text += f" jail {a['jail']}"
        return text
    if kind == "heal":
        return f"heal {a['unit']}"
    if kind == "vitae":
        text = f"vitae {a['unit']} {a['change']:+d}"
        text += f" by {a['credited']}" if a.get("credited") else ""
        return text + (f" jail {a['jail']}" if a.get("jail") else "")
    if kind == "capture":
        text = f"capture {a['team']} {a['point'].replace('_', ' ')}"
        return text + (f" from {a['previous']}" if a["previous"] else "")
    if kind == "points":
        return f"points {a['team']} {a['control_points']} cp {a['tower_centres']} towers"
    if kind == "release":
        return f"release jail {a['jail']} by {a['team']}"
    if kind == "end_turn":
        return f"end turn {a['team']}"
    if kind == "transfer":
        note = f" ({a['note']})" if a.get("note") else ""
        return f"transfer {_money(a['amount'])} {a['payer']} -> {a['payee']}{note}"
    if kind == "end_match":
        return "end match (last team standing)"
    if kind == "payout":
        return f"payout fans {a['roll']}"
    return str(kind)


def _touches(a: Action) -> frozenset[str]:
    kind = a.get("type")
    if kind == "transfer":
        return frozenset({f"credits:{a['payer']}", f"credits:{a['payee']}"})
    if kind == "attack":
        units = {a["attacker"], a["target"], *(h["unit"] for h in a["splash"])}
        teams = {u.split(".")[0] for u in units}
        return frozenset({"turn", *(f"unit:{u}" for u in units), *(f"kills:{t}" for t in teams)})
    if kind in ("heal", "vitae"):
        return frozenset({"turn", f"unit:{a['unit']}"})
    if kind in ("equip", "unequip"):
        return frozenset({f"items:{a['unit'].split('.')[0]}"})
    if kind == "capture":
        previous = {f"points:{a['previous']}"} if a["previous"] else set()
        return frozenset({"turn", f"points:{a['team']}", *previous})
    if kind == "points":
        return frozenset({f"points:{a['team']}"})
    return frozenset({EVERYTHING})


# ------------------------------------------------------------------------------------- views


def _unit_view(state: State, colour: str, unit_type: str) -> dict[str, Any]:
    data = _data(state)
    unit = state["teams"][colour]["units"][unit_type]
    stats = unit_stats(state, colour, unit_type)
    items = []
    for item_id in unit["items"]:
        item = _item(data, item_id)
        items.append(
            {
                "id": item.id,
                "name": item.name,
                "kind": item.kind,
                "text": item.text,
                "strength": item.strength,
                "toughness": item.toughness,
                "attack": item.attack,
                "splash": item.splash,
                "incapacitate": item.incapacitate,
            }
        )
    return {
        "ref": f"{colour}.{unit_type}",
        "colour": colour,
        "type": unit_type,
        "name": data.units[unit_type].name,
        "vitae": unit["vitae"],
        "max_vitae": stats["stats"]["vitae"],
        "stats": stats["stats"],
        "set_steps": stats["set_steps"],
        "items": items,
        "weapons": [i for i in items if i["kind"] == "weapon"],
        "status": unit["status"],
        "jail": unit["jail"],
        "incapacitated": unit["incapacitated"],
    }


def _common_view(state: State) -> dict[str, Any]:
    data = _data(state)
    assert data.board is not None and data.rules is not None
    playing = state["phase"] == PLAY
    current = _current_team(state) if playing else None
    return {
        "phase": state["phase"],
        "match_number": state["match"],
        "matches": state["matches"],
        "order": state["order"],
        "round": state["round"],
        "rounds": data.rules.match.rounds,
        "current_team": current,
        "phases_used": state["phases_used"],
        "phases_per_turn": data.rules.match.unit_phases_per_turn,
        "purchase_team": _purchase_team(state) if state["phase"] == SETUP else None,
        "jails": sorted(data.board.jails()),
        "behind_choices": list(BEHIND),
        "fans_die_sides": data.rules.payout.fans_die_sides,
        "base_draw": data.rules.match.base_draw,  # the odds' default defender hand
        "payout": state["payout"],
        "all_units": [f"{c}.{t}" for c in state["order"] for t in state["teams"][c]["units"]],
        "teams_out": _teams_out(state, data),
    }


def _team_summary(state: State, colour: str) -> dict[str, Any]:
    team = state["teams"][colour]
    data = _data(state)
    return {
        "colour": colour,
        "credits": team["credits"],
        "control_points": team["control_points"],
        "tower_centres": team["tower_centres"],
        "kills": team["kills"],
        "draws": engine.cards_to_draw(_held_points(team), data.rules),
        "inventory": [
            {"id": i, "name": _item(data, i).name, "price": _item(data, i).price}
            for i in team["inventory"]
        ],
        "units": [_unit_view(state, colour, t) for t in team["units"]],
    }


def table_view(state: State) -> dict[str, Any]:
    data = _data(state)
    view = _common_view(state)
    view["teams"] = [_team_summary(state, c) for c in state["order"]]
    if state["phase"] == SETUP:
        view["shop"] = [
            {
                "id": i.id,
                "name": i.name,
                "kind": i.kind,
                "deck": i.deck,
                "price": i.price,
                "left": _stock_left(state, i),
                "strength": i.strength,
                "toughness": i.toughness,
                "set": i.set,
            }
            for i in data.items.values()
        ]
    else:
        view["shop"] = []
    return view


def team_view(state: State, colour: str) -> dict[str, Any]:
    view = _common_view(state)
    view["team"] = _team_summary(state, colour)
    view["others"] = [c for c in state["order"] if c != colour]
    return view


def unit_view(state: State, colour: str, unit_type: str) -> dict[str, Any]:
    view = _common_view(state)
    view["unit"] = _unit_view(state, colour, unit_type)
    view["team"] = _team_summary(state, colour)
    view["targets"] = [
        f"{c}.{t}"
        for c in state["order"]
        if c != colour
        for t, u in state["teams"][c]["units"].items()
        if u["status"] != "jailed"
    ]
    return view


def payout_rows(state: State) -> list[list[Any]]:
    """The payout table as CSV rows: per team what it held, earned and now has."""
    data = _data(state)
    paid = state["payout"] or {}
    order = state["order"]
    # Before the fans roll the payout does not depend on the die: ask the engine with any face.
    standing = engine.payout(
        order,
        {c: state["teams"][c]["control_points"] for c in order},
        {c: state["teams"][c]["tower_centres"] for c in order},
        {c: state["teams"][c]["kills"] for c in order},
        1,
        data.rules,
        last_standing=state["last_standing"],
    ).match_payout
    rows: list[list[Any]] = [
        [
            "team",
            "control_points",
            "tower_centres",
            "kills",
            "match_payout",
            "fans",
            "payout",
            "credits",
            "winner",
        ]
    ]
    for colour in state["order"]:
        team = state["teams"][colour]
        rows.append(
            [
                colour,
                team["control_points"],
                team["tower_centres"],
                team["kills"],
                paid.get("match_payout", {}).get(colour, standing[colour]),
                paid.get("fans_money", ""),
                paid.get("payout", {}).get(colour, ""),
                team["credits"],
                "yes" if paid.get("winner") == colour else "",
            ]
        )
    return rows


# ------------------------------------------------------------------------ reading text forms

_U = r"[a-z]+\.[a-z]+"
_W = r"[a-z0-9_-]+"
_TEXT_FORMS: list[tuple[str, str]] = [
    ("seat", r"seat (?P<order>\S+)"),
    ("buy", rf"buy (?P<team>{_W}) (?P<item>.+)"),
    ("pass", rf"pass (?P<team>{_W})"),
    ("sell", rf"sell (?P<seller>{_W}) -> (?P<buyer>{_W}) (?P<item>.+) for (?P<price>[0-9,_]+)"),
    ("equip", rf"equip (?P<unit>{_U}) (?P<item>.+)"),
    ("unequip", rf"unequip (?P<unit>{_U}) (?P<item>.+)"),
    ("start", r"start(?: match)?"),
    ("heal", rf"heal (?P<unit>{_U})"),
    (
        "vitae",
        rf"vitae (?P<unit>{_U}) (?P<change>[+-]?[0-9]+)(?: by (?P<credited>{_W}))?"
        rf"(?: jail (?P<jail>{_W}))?",
    ),
    (
        "capture",
        rf"capture (?P<team>{_W}) (?P<point>control point|tower centre)"
        rf"(?: from (?P<previous>{_W}))?",
    ),
    (
        "points",
        rf"points (?P<team>{_W}) (?P<control_points>[0-9]+) cp (?P<tower_centres>[0-9]+) towers?",
    ),
    ("release", rf"release jail (?P<jail>{_W}) by (?P<team>{_W})"),
    ("end_turn", rf"end turn (?P<team>{_W})"),
    (
        "transfer",
        rf"transfer (?P<amount>[0-9,_]+) (?P<payer>{_W}) -> (?P<payee>{_W})(?: \((?P<note>.*)\))?",
    ),
    ("end_match", r"end match(?: \(last team standing\))?"),
    ("payout", r"payout fans (?P<roll>[0-9]+)"),
]
_ATTACK = re.compile(
    rf"attack (?P<attacker>{_U}) -> (?P<target>{_U})(?: with (?P<weapon>\S+))?"
    rf" cards (?P<cards>\S+) vs (?P<defence>\S+)(?P<rest>.*)"
)


def _no_cards(text: str) -> str:
    return "" if text == "-" else text


def parse_text(text: str) -> dict[str, Any]:
    """Fields of an action from its text form, e.g.
    `attack red.gunner -> blue.scout with heavy-rifle cards 3,3,3 vs 2 behind lava`."""
    line = " ".join(str(text).split())
    match = _ATTACK.fullmatch(line)
    if match:
        return _attack_fields(match)
    for kind, pattern in _TEXT_FORMS:
        found = re.fullmatch(pattern, line)
        if found:
            fields = {k: v for k, v in found.groupdict().items() if v is not None}
            if kind == "capture":
                fields["point"] = fields["point"].replace(" ", "_")
            return {"type": kind, **fields}
    raise DomekitError(
        f"cannot read {line!r} as an action; write it as the history shows actions, "
        "e.g. 'attack red.gunner -> blue.scout with heavy-rifle cards 3,3,3 vs 2'"
    )


def _attack_fields(match: re.Match[str]) -> dict[str, Any]:
    fields: dict[str, Any] = {
        "type": "attack",
        "attacker": match["attacker"],
        "target": match["target"],
        "weapon": match["weapon"] or "",
        "cards": _no_cards(match["cards"]),
        "defence": _no_cards(match["defence"]),
    }
    words = match["rest"].split()
    splash: list[str] = []
    index = 0
    while index < len(words):
        word = words[index]
        if re.fullmatch(r"\+S[0-9]+", word):
            fields["bonus_s"] = word[2:]
        elif re.fullmatch(r"\+T[0-9]+", word):
            fields["bonus_t"] = word[2:]
        elif word in ("behind", "by", "jail") and index + 1 < len(words):
            key = {"behind": "behind", "by": "controller", "jail": "jail"}[word]
            fields[key] = words[index + 1]
            index += 1
        elif word == "splash" and index + 3 < len(words) and words[index + 2] == "vs":
            splash.append(f"{words[index + 1]}:{_no_cards(words[index + 3])}")
            index += 3
        else:
            raise DomekitError(f"cannot read {word!r} in the attack {match.string!r}")
        index += 1
    if splash:
        fields["splash"] = "; ".join(splash)
    return fields


# ------------------------------------------------------------------------------------- odds


def odds_chart(state: State, fields: Mapping[str, Any]) -> dict[str, Any] | None:
    """The attack or capture form's odds (toolkit.odds.charts), filled from the state: the
    attacker's skill and weapon, the target's armour, Toughness and Vitae. Adds `notes` saying
    what the odds assume where the form does not know (the defender's cards)."""
    from toolkit.games.deathdome import odds

    kind = str(fields.get("type") or "")
    if kind == "attack":
        a = _p_attack(fields)
        data = _data(state)
        attacker = _combat_attacker(state, a, data)
        target = _combat_defender(state, a["target"], [], a["bonus_t"], a["behind"], data)
        held = str(fields.get("defender_cards") or "").strip()
        notes = []
        if a["defence"]:
            notes.append(f"{a['target']} plays {','.join(map(str, a['defence']))}, as typed.")
        elif held:
            count = _int(held, "the defender's cards")
            notes.append(
                f"{a['target']} holds {count} unknown card(s) from the Special Play deck "
                "and plays every power card it holds."
            )
        else:
            notes.append(
                f"{a['target']}'s cards are not known: the odds deal it "
                f"{data.rules.match.base_draw} cards (a turn's base draw, the odds engine's "
                "default) from the Special Play deck, and it plays every power card it holds."
            )
        if a["splash"]:
            notes.append("Splash targets are not in the odds: these are the main target's.")
        chart = odds.attack_chart(
            cards=a["cards"],
            weapon_strength=attacker.weapon.strength,
            push_on=attacker.weapon.push_on,
            skill=attacker.skill,
            bonus_s=a["bonus_s"],
            armour=target.armour,
            toughness=target.toughness,
            bonus_t=a["bonus_t"],
            vitae=target.vitae,
            behind=a["behind"],
            defence=a["defence"] or None,
            defender_cards=_int(held, "the defender's cards") if held else None,
            data_dir=state.get("data_dir"),
        )
        return {**chart, "main": "damage", "notes": notes}
    if kind == "capture":
        a = _p_capture(fields)
        _team(state, a["team"])
        order = state["order"]
        teams = state["teams"]
        chart = odds.capture_chart(
            teams=order,
            control_points={c: teams[c]["control_points"] for c in order},
            tower_centres={c: teams[c]["tower_centres"] for c in order},
            kills={c: teams[c]["kills"] for c in order},
            team=a["team"],
            kind=a["point"].replace("_", "-"),
            taken_from=a["previous"],
            data_dir=state.get("data_dir"),
        )
        notes = ["Payout if the match ended now, before and after the capture, over the fans die."]
        return {**chart, "main": "payout_after", "notes": notes}
    return None


plugin = DeathDomeTracker()
"""The tracker's side of the game (toolkit/tracker/contract.py), as the registry returns it."""
