"""What each Death Dome tracker page shows, drawn from the typed match state.

The pages are the table (every team, the shop during set-up), a team's page and a unit's page
(templates/deathdome/); each context is plain JSON, also served as the page's JSON twin. The
payout download is `payout_rows`. Nothing here decides a rule: stats, draws, whose turn it is
and who is out come from the state's own questions (`toolkit.games.deathdome.state`).
"""

from __future__ import annotations

from typing import Any

from toolkit.data.effects import effects_json
from toolkit.games.deathdome import rules as engine
from toolkit.games.deathdome.cards import ON_ITS_OWN, use_target
from toolkit.games.deathdome.data import printed
from toolkit.games.deathdome.loadout import Side, stack_effect_cards
from toolkit.games.deathdome.purchases import loadout_problems
from toolkit.games.deathdome.state import MatchState, UnitRef, payout_json
from toolkit.tracker.contract import Json, Page, PageNotFound, Rows, View


def _unit_view(state: MatchState, ref: UnitRef) -> Json:
    unit = state.unit(ref)
    stats = state.unit_stats(ref)
    words = state.data.cards.words()
    items = []
    for item_id in unit.items:
        item = state.data.item(item_id)
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
                "effects": effects_json(item.name, words, item.effects),
                "usable": item.usable,
                "used": item.id in unit.used,
                "drug": item.is_drug,
                "target": use_target(item),
            }
        )
    lasting = [
        {"card": k.card, "name": _card_name(state, k.card), "until": k.until} for k in unit.lasting
    ]
    combos = [
        {"items": list(c.items), "text": printed(words, c.effects)}
        for c in state.unit_cards(ref).combos
    ]
    return {
        "ref": ref.text(),
        "colour": ref.colour,
        "type": ref.unit_type,
        "name": state.data.cards.units[ref.unit_type].name,
        "vitae": unit.vitae,
        "max_vitae": stats.stats["vitae"],
        "stats": dict(stats.stats),
        "set_steps": stats.set_steps,
        "items": items,
        "weapons": [i for i in items if i["kind"] == "weapon" and i["attack"]],
        "usable": [i for i in items if i["usable"] and not i["used"]],
        "lasting": lasting,
        "combos": combos,
        "status": "jailed" if unit.in_jail else "active",
        "jail": unit.jail,
        "incapacitated": unit.incapacitated,
    }


def _card_name(state: MatchState, card: str) -> str:
    found = state.data.cards.card_by_name(card) or state.data.item(card)
    return found.name


def _draw_prompt(state: MatchState) -> Json | None:
    """At the start of a team's turn (no unit phase used yet): the cards it draws (rules: "On
    Your Turn": 3 + 1 for every 5 cps you control), from the engine's `cards_to_draw`."""
    if state.phase != "play" or state.phases_used:
        return None
    colour = state.current_team()
    held = state.team(colour).held_points()
    return {
        "team": colour,
        "cards": engine.cards_to_draw(held, state.rules),
        "control_points": held,
        "base": state.rules.match.base_draw,
        "per": state.rules.match.control_points_per_extra_card,
    }


def _common_view(state: MatchState) -> Json:
    rules = state.rules
    return {
        "draw_prompt": _draw_prompt(state),
        "power_min": rules.combat.power_min,
        "power_max": rules.combat.power_max,
        "phase": state.phase,
        "match_number": state.number,
        "matches": state.matches,
        "order": list(state.order),
        "round": state.round,
        "rounds": rules.match.rounds,
        "current_team": state.current_team() if state.phase == "play" else None,
        "phases_used": state.phases_used,
        "phases_per_turn": rules.match.unit_phases_per_turn,
        "purchase_team": state.purchase_team() if state.phase == "setup" else None,
        "jails": list(state.data.jails),
        "behind_choices": list(engine.BEHIND),
        "fans_die_sides": rules.payout.fans_die_sides,
        "base_draw": rules.match.base_draw,  # the odds' default defender hand
        "payout": None if state.payout is None else payout_json(state.payout),
        "all_units": [ref.text() for c in state.order for ref in state.refs(c)],
        "free_actions": state.free_actions,
        "special_play": [
            {"id": card.id, "name": card.name, "text": card.text}
            for card in state.data.cards.special_play
            if any(e.word in ON_ITS_OWN for e in card.effects)
        ],
        "teams_out": state.teams_out(),
        "light": state.light,
        "jails_held": _jails_held(state),
    }


def _jails_held(state: MatchState) -> list[Json]:
    """Each jail with units in it, and who (a release frees them all): the one-tap releases."""
    held = []
    for jail in state.data.jails:
        inside = [
            ref.text() for c in state.order for ref in state.refs(c) if state.unit(ref).jail == jail
        ]
        if inside:
            held.append({"jail": jail, "units": inside})
    return held


def _team_summary(state: MatchState, colour: str) -> Json:
    team = state.team(colour)
    spare = [state.data.item(i) for i in team.spare]
    return {
        "colour": colour,
        "credits": team.credits,
        "control_points": team.control_points,
        "tower_centres": team.tower_centres,
        "kills": team.kills,
        "draws": engine.cards_to_draw(team.held_points(), state.rules),
        "inventory": [{"id": i.id, "name": i.name, "price": i.price} for i in spare],
        "units": [_unit_view(state, ref) for ref in state.refs(colour)],
    }


def table_view(state: MatchState) -> Json:
    view = _common_view(state)
    view["teams"] = [_team_summary(state, c) for c in state.order]
    view["shop"] = []
    if state.phase == "setup":
        view["shop"] = [
            {
                "id": i.id,
                "name": i.name,
                "kind": i.kind,
                "deck": i.deck,
                "price": i.price,
                "left": state.stock_left(i),
                "strength": i.strength,
                "toughness": i.toughness,
                "set": i.set,
            }
            for i in state.data.cards.items.values()
        ]
    return view


def team_view(state: MatchState, colour: str) -> Json:
    view = _common_view(state)
    view["team"] = _team_summary(state, colour)
    view["others"] = [c for c in state.order if c != colour]
    # Per spare item, the units that may carry it as well as what they carry (the engine's).
    view["carriers"] = {
        item: [r.text() for r in state.refs(colour) if not loadout_problems(state, r, item)]
        for item in dict.fromkeys(state.team(colour).spare)
    }
    return view


def unit_view(state: MatchState, ref: UnitRef) -> Json:
    view = _common_view(state)
    view["unit"] = _unit_view(state, ref)
    view["team"] = _team_summary(state, ref.colour)
    targets = _targets(state, ref)
    view["targets"] = [t["ref"] for t in targets]
    view["target_units"] = targets
    # Chips per card value: a turn's base draw (more of a kind: the typed box).
    view["chips_per_value"] = state.rules.match.base_draw
    # The effect cards a player may lay on each stack, as chips (their hand is their own).
    view["attack_effects"] = _effect_chips(state, "attack")
    view["defence_effects"] = _effect_chips(state, "defence")
    return view


def _effect_chips(state: MatchState, side: Side) -> list[Json]:
    return [
        {"id": card.id, "name": card.name, "text": card.text}
        for card in stack_effect_cards(state.data.cards, side)
    ]


def _targets(state: MatchState, ref: UnitRef) -> list[Json]:
    """The enemy units an attack may name (not those in jail)."""
    return [
        {
            "ref": target.text(),
            "colour": target.colour,
            "type": target.unit_type,
            "vitae": state.unit(target).vitae,
        }
        for c in state.order
        if c != ref.colour
        for target in state.refs(c)
        if not state.unit(target).in_jail
    ]


# ------------------------------------------------------------------------------------- pages


def _missing(name: str, args: tuple[str, ...]) -> PageNotFound:
    return PageNotFound(f"this match has no {name} page {'/'.join(args)}")


def table_page(state: MatchState) -> Page:
    return Page(f"Death Dome · match {state.number}", table_view(state))


def team_page(state: MatchState, colour: str) -> Page:
    if colour not in state.teams:
        raise _missing("team", (colour,))
    return Page(f"{colour.title()} team", team_view(state, colour))


def unit_page(state: MatchState, colour: str, unit_type: str) -> Page:
    if colour not in state.teams or unit_type not in state.teams[colour].units:
        raise _missing("unit", (colour, unit_type))
    return Page(f"{colour.title()} {unit_type}", unit_view(state, UnitRef(colour, unit_type)))


def screen_page(state: MatchState) -> Page:
    """The big screen (/k/<kit>/screen): every team's credits, points, kills, draw and units, the
    round and whose turn it is (templates/deathdome/screen.html)."""
    return Page(f"Death Dome · match {state.number}", table_view(state))


PAGES: dict[str, View[MatchState]] = {
    "table": View(table_page),
    "team": View(team_page, "colour"),
    "unit": View(unit_page, "colour", "unit_type"),
    "screen": View(screen_page),
}
"""The pages a kit prints and the tracker serves: /table, /team/<colour>,
/unit/<colour>/<unit_type> (templates/deathdome/<name>.html) and the big screen."""


# ---------------------------------------------------------------------------------- exports


PAYOUT_COLUMNS = [
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


def payout_rows(state: MatchState) -> Rows:
    """The payout table as CSV rows: per team what it held, earned and now has."""
    order = state.order
    # Before the fans roll the payout does not depend on the die: ask the engine with any face.
    standing = state.payout_now(1).match_payout
    paid = state.payout
    rows: list[list[Any]] = [list(PAYOUT_COLUMNS)]
    for colour in order:
        team = state.teams[colour]
        rows.append(
            [
                colour,
                team.control_points,
                team.tower_centres,
                team.kills,
                standing[colour]
                if paid is None
                else paid.match_payout.get(colour, standing[colour]),
                "" if paid is None else paid.fans_money,
                "" if paid is None else paid.payout.get(colour, ""),
                team.credits,
                "yes" if paid is not None and paid.winner == colour else "",
            ]
        )
    return rows
