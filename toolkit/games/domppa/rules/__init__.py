"""Domppa's rules as pure functions, one module per chapter of the rule book
(rules/domppa.en.md): stats.py (Stats, Size, magic penetration), combat.py (Combat: melee,
shooting, AoE spells, damage types, weapon length, armour), elements.py (Stun, Fire, Cold, Poison
and Paralysis damage), morale.py (Morale, Fear, Awe), lances.py (Lances), action_costs.py
(Actions: the AP table); common.py holds what they share. Everything is importable from here:
`from toolkit.games.domppa.rules import X`.

Every function takes the validated rule numbers (`DomppaRules`, from card_data/domppa/rules.toml)
and the totals the players rolled, and returns a frozen outcome with `steps`, the breakdown a
player can check by hand. No I/O and no dice inside: the dice come in as totals (see dice.py for
reading the faces players type), so an odds engine can call these for every possible total.
The functions the odds engine calls for every total take `explain=False`: the same outcome with
empty `steps`, since the breakdown's text costs far more than the arithmetic; and `hit_damages`
works the damage of one hit out for many rolls at once (the defender's side only once).
Rule text: rules/domppa.en.md; readings of unclear points: RULINGS.md, docs/rulings/domppa.md.
"""

from __future__ import annotations

from toolkit.games.domppa.rules.action_costs import ActionCost, action_cost
from toolkit.games.domppa.rules.combat import (
    Blow,
    Damage,
    Guard,
    Hit,
    Scatter,
    Strike,
    aoe_scatter,
    damage_growth,
    decay_strike,
    final_damage,
    hit_damage,
    hit_damages,
    melee_hit,
    melee_outcome,
    penetrate,
    ranged_hit,
    ranged_outcome,
    resolve_damage,
    strikes_first,
    touch_spell_hit,
    two_weapon_penalty,
)
from toolkit.games.domppa.rules.common import (
    DamageType,
    Element,
    not_negative,
)
from toolkit.games.domppa.rules.elements import (
    NO_HARM,
    Harm,
    Paralysis,
    Poison,
    effective_resist,
    paralysis_rounds,
    poison_schedule,
)
from toolkit.games.domppa.rules.lances import (
    LanceBreakage,
    lance_bonus,
    lance_breakage,
)
from toolkit.games.domppa.rules.morale import (
    AweTest,
    FearTest,
    MoraleTest,
    awe_test,
    fear_test,
    missing_hp_penalty,
    morale_test,
    rally,
)
from toolkit.games.domppa.rules.stats import (
    HELMET_PROFICIENCIES,
    ActionPoints,
    Encumbrance,
    HelmetProficiency,
    HitPoints,
    Penetration,
    Protection,
    Size,
    action_points,
    armour_tier,
    cap_protection,
    encumbrance,
    fits_in_square,
    grid_range,
    helmet_is_heavy,
    hit_points,
    magic_penetration,
    may_wear,
    night_rest,
    protection_total,
    unit_size,
)

__all__ = [
    "DamageType",
    "Element",
    "not_negative",
    "HitPoints",
    "hit_points",
    "Size",
    "unit_size",
    "fits_in_square",
    "night_rest",
    "Protection",
    "cap_protection",
    "protection_total",
    "Encumbrance",
    "encumbrance",
    "ActionPoints",
    "action_points",
    "armour_tier",
    "helmet_is_heavy",
    "HelmetProficiency",
    "HELMET_PROFICIENCIES",
    "may_wear",
    "grid_range",
    "Penetration",
    "magic_penetration",
    "Hit",
    "melee_hit",
    "touch_spell_hit",
    "ranged_hit",
    "Damage",
    "penetrate",
    "damage_growth",
    "final_damage",
    "resolve_damage",
    "Strike",
    "Blow",
    "Guard",
    "hit_damage",
    "hit_damages",
    "melee_outcome",
    "ranged_outcome",
    "Scatter",
    "aoe_scatter",
    "two_weapon_penalty",
    "decay_strike",
    "strikes_first",
    "effective_resist",
    "Harm",
    "NO_HARM",
    "Poison",
    "poison_schedule",
    "Paralysis",
    "paralysis_rounds",
    "missing_hp_penalty",
    "MoraleTest",
    "morale_test",
    "rally",
    "FearTest",
    "fear_test",
    "AweTest",
    "awe_test",
    "lance_bonus",
    "LanceBreakage",
    "lance_breakage",
    "ActionCost",
    "action_cost",
]
