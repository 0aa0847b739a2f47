"""What each page of a Domppa combat shows (templates/domppa/), from the typed state.

The table page (the roster, the turn, the light, the last attack and the forms' choices), a
character's page (the table's context plus that character and whom it may attack) and the roster
CSV. Every number comes from the match's state and its queries (state.py's `standing`); the
contexts are plain JSON, since they are the pages' JSON twins too.
"""

from __future__ import annotations

from typing import Any

from toolkit.games.domppa.abilities import ability_value
from toolkit.games.domppa.actions import DARKNESS, FORMATION_BONUSES, STAT_FIELDS
from toolkit.games.domppa.data import UNARMED, split_list
from toolkit.games.domppa.match import next_up, turn_order
from toolkit.games.domppa.state import (
    Combatant,
    MatchState,
    full_ap,
    mounted,
    size_now,
    standing,
    targets,
)
from toolkit.tracker.contract import Json, Page, PageNotFound, Rows, View


def unit_view(state: MatchState, unit: Combatant) -> Json:
    """One character as the roster and its page show it."""
    now = standing(state, unit)
    fighting, row = now.fighting, unit.row
    conditions = [
        name
        for name, shown in (
            ("burning", unit.burning),
            ("freezing", unit.freezing),
            (f"poison {sum(unit.poison)}", bool(unit.poison)),
            (f"paralysed {unit.paralysed}", bool(unit.paralysed)),
            ("fleeing", unit.fleeing),
            (f"berserk +{unit.berserk}", bool(unit.berserk)),
            ("rest mode", unit.resting),
            ("exhausted", now.fatigue.incapacitated),
            (f"formation +{state.rules.abilities.formation_fighter_bonus} {unit.formation}",
             bool(unit.formation)),
            ("decay", unit.decayed),
            ("standard up", unit.standard),
        )
        if shown
    ]  # fmt: skip
    riding = mounted(state, unit)
    keys = {ability.key for ability in unit.skills}
    return {
        "id": unit.id,
        "name": unit.name,
        "side": unit.side,
        "in_combat": unit.in_combat,
        "from_data": unit.from_data,
        "hp": unit.hp,
        "max_hp": unit.max_hp,
        "hp_percent": round(100 * unit.hp / unit.max_hp) if unit.max_hp else 0,
        "fatigue": unit.fatigue,
        "fatigue_penalty": now.fatigue.penalty,
        "blows": unit.blows,
        "ap": unit.ap,
        "max_ap": full_ap(state, unit),
        "size": size_now(state, unit),
        "burning": unit.burning,
        "freezing": unit.freezing,
        "poison_left": sum(unit.poison),
        "poison_next": unit.poison[0] if unit.poison else 0,
        "paralysed": unit.paralysed,
        "fleeing": unit.fleeing,
        "berserk": unit.berserk,
        "can_berserk": now.can_berserk,
        "resting": unit.resting,
        "morale_due": unit.morale_due and not unit.out,
        "out": unit.out,
        "conditions": conditions,
        "weapon": unit.weapon,
        "shield": unit.shield,
        "abilities": list(unit.abilities),
        "stats": {
            "attack": fighting.attack,
            "defence": fighting.defence,
            "precision": fighting.precision,
            "strength": fighting.strength,
            "morale": now.morale,
        },
        "base": {
            "attack": row.attack,
            "defence": row.defence,
            "precision": row.precision,
            "strength": row.strength,
            "morale": row.morale,
            "protection_body": row.protection_body,
            "protection_head": row.protection_head,
            "protection_natural": row.protection_natural,
        },
        "fighting_steps": fighting.steps,
        "can_act": now.can_act,
        "put_out_percent": now.put_out_percent,
        "warm_up_percent": now.warm_up_percent,
        # issue 26's: what it holds and rides, and what its abilities let it do
        "off_hand": unit.off_hand,
        "mount": unit.mount,
        "mount_step": riding.step if riding else "",
        "rides": [m.name for m in state.data.mounts if m.needs in keys],
        "formation": unit.formation,
        "decayed": unit.decayed,
        "healer": ability_value(unit.skills, "healer") or 0,
        "formation_fighter": "formation_fighter" in keys,
    }


def table_view(state: MatchState) -> Json:
    """The table page's context."""
    data = state.data
    units = [unit_view(state, unit) for unit in state.roster]
    active = state.find(state.active) if state.active else None
    last = state.last
    up = next_up(state)
    return {
        # The round's turn order (the match engine's): who has had a turn, who is next.
        "turn_order": [
            {"id": u.id, "name": u.name, "ap": u.max_ap, "done": u.id in state.acted}
            for u in turn_order(state)
        ],
        "next_up": None if up is None else {"id": up.id, "name": up.name, "ap": up.max_ap},
        # Before the first turn: the table chooses who fights (each leaves in one tap).
        "setting_up": state.round == 1 and not state.acted and state.last is None,
        "combat": state.combat,
        "round": state.round,
        "active": state.active,
        "active_name": active.name if active else None,
        "darkness": state.darkness or "",
        "darkness_choices": list(DARKNESS),
        "over": state.over,
        "units": [u for u in units if u["in_combat"]],
        "bench": [u for u in units if not u["in_combat"]],
        "morale_due": [u for u in units if u["morale_due"] and u["in_combat"]],
        "last": None
        if last is None
        else {"text": last.text, "summary": last.summary, "steps": list(last.steps)},
        "weapons": [
            {
                "name": w.name,
                "damage": w.damage,
                "types": list(w.damage_types),
                "element": w.element,
                "range": w.range,
                "stun": w.stun,
            }
            for w in data.weapons
        ],
        "shields": [
            {"name": s.name, "parry": s.parry, "protection": s.protection} for s in data.shields
        ],
        "damage_types": sorted({t for w in data.weapons for t in w.damage_types}),
        "ap_actions": [k for k in data.rules.actions.table if k != "attack"],
        "stat_fields": list(STAT_FIELDS),
        # issue 26's: unarmed blows, mounts, formation fighter's choice, a night's rest
        "unarmed": UNARMED,
        "mounts": [
            {"name": m.name, "kind": m.kind, "size": m.size, "ap": m.action_points}
            for m in data.mounts
        ],
        "formation_bonuses": list(FORMATION_BONUSES),
        "night_rest": state.round == 1 and not state.acted and state.last is None,
    }


def unit_context(state: MatchState, unit: Combatant) -> Json:
    """A character's page: the table's context, the character and whom it may attack."""
    view = table_view(state)
    view["unit"] = unit_view(state, unit)
    may_attack = {target.id for target in targets(state, unit)}
    # The other sides' characters first (a side's own last: attacking a friend is rare).
    view["targets"] = sorted(
        (u for u in view["units"] if u["id"] in may_attack),
        key=lambda u: bool(unit.side) and u["side"] == unit.side,
    )
    view["attack_with"] = attack_with(state, unit)
    return view


def attack_with(state: MatchState, unit: Combatant) -> list[Json]:
    """The attack form's weapon chips, how and with what in one tap (`melee:Spear`,
    `ranged:Shortbow`; `melee:none` unarmed): the weapons it holds first (the one in its hand
    chosen), then the rest of its gear's. A weapon with a range shoots."""
    by_name = {w.name: w for w in state.data.weapons}
    names = [unit.weapon, unit.off_hand, *(n for n in split_list(unit.row.gear) if n in by_name)]
    chips = []
    for name in dict.fromkeys(n for n in names if n in by_name):
        weapon = by_name[name]
        mode = "ranged" if weapon.range else "melee"
        held = name in (unit.weapon, unit.off_hand)
        chips.append(
            {"value": f"{mode}:{name}", "name": name, "mode": mode, "held": held,
             "range": weapon.range}
        )  # fmt: skip
    unarmed = {"value": f"melee:{UNARMED}", "name": "unarmed", "mode": "melee", "range": None}
    chips.append({**unarmed, "held": not unit.weapon})
    return chips


def screen_page(state: MatchState) -> Page:
    """The big screen (/k/<kit>/screen): every character's HP, fatigue and conditions, the
    round, whose turn it is and the turn order (templates/domppa/screen.html)."""
    return Page(f"Domppa · combat {state.combat}", table_view(state))


def table_page(state: MatchState) -> Page:
    return Page(f"Domppa · combat {state.combat}", table_view(state))


def unit_page(state: MatchState, character: str) -> Page:
    unit = state.find(character)
    if unit is None:
        raise PageNotFound(f"this combat has no unit page {character}")
    return Page(unit.name, unit_context(state, unit))


PAGES: dict[str, View[MatchState]] = {
    "table": View(table_page),
    "unit": View(unit_page, "character"),
    "screen": View(screen_page),
}
"""The pages a kit prints and the tracker serves: /table (the roster), /unit/<character> (a
character's card) and the big screen (templates/domppa/<name>.html)."""


def roster_rows(state: MatchState) -> Rows:
    """The roster CSV: one row per character, header first."""
    rows: list[list[Any]] = [
        ["id", "name", "side", "hp", "max_hp", "fatigue", "blows", "ap", "conditions"]
    ]
    for unit in state.roster:
        view = unit_view(state, unit)
        rows.append(
            [view[key] for key in ("id", "name", "side", "hp", "max_hp", "fatigue", "blows", "ap")]
            + ["; ".join(view["conditions"])]
        )
    return rows
