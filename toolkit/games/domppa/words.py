"""The effect words Domppa's engine applies (card_data/domppa/effects.toml holds their printed text
and documentation), where each is written, and which engine function applies it.

A word is spelt as the rule book writes it (`Berserk`, `Dark Vision`, `armor-piercing`). The
special abilities keep the short keys the engine and the actions table (`requires`) name them by.
"""

from __future__ import annotations

ABILITIES: dict[str, str] = {
    "Ambidextrous": "ambidextrous",
    "Awe": "awe",
    "Basic Encumbrance": "basic_encumbrance",
    "Beastmaster": "beastmaster",
    "Berserk": "berserk",
    "Bodyguard": "bodyguard",
    "Charioteering": "charioteering",
    "Dark Vision": "dark_vision",
    "Fear": "fear",
    "Fire Power": "fire_power",
    "Fire Shield": "fire_shield",
    "Formation Fighter": "formation_fighter",
    "Heat Aura": "heat_aura",
    "Inspirational": "inspirational",
    "Lucky": "lucky",
    "Poison Use": "poison_use",
    "Resist": "resist",
    "Riding": "riding",
    "Sacred": "sacred",
    "Standard": "standard",
    "Terrain Survival": "terrain_survival",
    "Use Icarian Wings": "icarian_wings",
    "Assassin & Patience": "assassin_patience",
    "Castle Defence": "castle_defence",
    "Fortune Teller": "fortune_teller",
    "Healer": "healer",
    "Pillage": "pillage",
    "Recuperation": "recuperation",
    "Seduction": "seduction",
    "Siege Bonus": "siege_bonus",
    "Stealthy": "stealthy",
    "Theorycraft": "theorycraft",
}
"""Every special ability the rules name (characters.csv `abilities`), in the rule book's order,
with the key the engine knows it by."""
ABILITY_KEYS = frozenset(ABILITIES.values())
ABILITY_NAMES = {key: word for word, key in ABILITIES.items()}
"""Each ability's word by its key."""
TEXT_ONLY = frozenset(
    {
        "beastmaster",  # "mechanics unfinished"
        "poison_use",
        "assassin_patience",
        "castle_defence",
        "fortune_teller",
        "seduction",
        "siege_bonus",
        "sacred",  # no numbers: blesses are not given
        "terrain_survival",  # terrain and supply are the players'
        "theorycraft",  # research is not given
    }
)
"""Abilities whose mechanics the rules call unfinished or give no numbers for: printed, computing
nothing (RULINGS.md)."""

DAMAGE_TYPE_WORDS = ("blunt", "piercing", "slashing", "armor-piercing", "armor-negating")
ELEMENT_WORDS = ("fire", "cold", "poison", "paralysis")
WEAPON_COLUMN_WORDS = (
    *DAMAGE_TYPE_WORDS,
    "several damage types",
    *ELEMENT_WORDS,
    "stun",
    "range",
    "length",
)
"""A weapon's words that its own columns give (damage_types, element, stun, range, length)."""
WEAPON_CELL_WORDS = ("lance", "two-handed", "decay")
"""The words a weapons.csv `effects` cell may hold."""
ARMOUR_WORDS = ("armour tier", "light helmet", "heavy helmet")
SHIELD_WORDS = ("shield",)
MOUNT_WORDS = ("horse", "chariot")
"""A mount's kind (mounts.csv `kind`), which gives its words."""

KNOWN = (
    *WEAPON_COLUMN_WORDS,
    *WEAPON_CELL_WORDS,
    *ARMOUR_WORDS,
    *SHIELD_WORDS,
    *MOUNT_WORDS,
    *ABILITIES,
)
"""Every word effects.toml must hold, no more and no fewer."""

_COMBAT = "toolkit.games.domppa.rules.combat"
_ELEMENTS = "toolkit.games.domppa.rules.elements"
_ABILITIES = "toolkit.games.domppa.abilities"
_CONDITIONS = "toolkit.games.domppa.conditions"
_STATS = "toolkit.games.domppa.rules.stats"
_MATCH = "toolkit.games.domppa.match"
_GEAR = "toolkit.games.domppa.gear"
TEXT_ONLY_FUNCTION = "none (text only)"
APPLIED_BY: dict[str, tuple[str, ...]] = {
    "blunt": (f"{_COMBAT}.final_damage",),
    "piercing": (f"{_COMBAT}.penetrate",),
    "slashing": (f"{_COMBAT}.final_damage",),
    "armor-piercing": (f"{_COMBAT}.penetrate",),
    "armor-negating": (f"{_COMBAT}.penetrate",),
    "several damage types": (f"{_MATCH}.set_up_attack", "toolkit.games.domppa.odds.melee_odds"),
    "fire": (f"{_ELEMENTS}.apply_element",),
    "cold": (f"{_ELEMENTS}.apply_element", f"{_CONDITIONS}.starts_freezing"),
    "poison": (f"{_ELEMENTS}.poison_schedule",),
    "paralysis": (f"{_ELEMENTS}.paralysis_rounds",),
    "stun": (f"{_ELEMENTS}.apply_element", f"{_ELEMENTS}.effective_resist"),
    "range": (f"{_COMBAT}.ranged_hit", f"{_STATS}.grid_range"),
    "length": (f"{_COMBAT}.two_weapon_penalty", f"{_COMBAT}.strikes_first"),
    "lance": (
        "toolkit.games.domppa.rules.lances.lance_bonus",
        "toolkit.games.domppa.rules.lances.lance_breakage",
    ),  # fmt: skip
    "two-handed": (f"{_GEAR}.hands_held",),
    "decay": (f"{_COMBAT}.decay_strike",),
    "armour tier": (f"{_STATS}.armour_tier", f"{_STATS}.may_wear"),
    "light helmet": (f"{_STATS}.helmet_is_heavy", f"{_STATS}.may_wear"),
    "heavy helmet": (f"{_STATS}.helmet_is_heavy", f"{_STATS}.may_wear"),
    "shield": (f"{_COMBAT}.melee_hit", f"{_COMBAT}.ranged_hit", f"{_COMBAT}.hit_damage"),
    "horse": (f"{_GEAR}.mounted_stats", f"{_CONDITIONS}.fighting_stats"),
    "chariot": (f"{_GEAR}.mounted_stats", f"{_CONDITIONS}.fighting_stats"),
    "Ambidextrous": (f"{_COMBAT}.two_weapon_penalty",),
    "Awe": ("toolkit.games.domppa.rules.morale.awe_test",),
    "Basic Encumbrance": (f"{_STATS}.encumbrance",),
    "Berserk": (f"{_CONDITIONS}.fighting_stats", f"{_MATCH}.apply"),
    "Bodyguard": ("toolkit.games.domppa.rules.action_costs.action_cost",),
    "Charioteering": (f"{_GEAR}.mounted_stats", f"{_CONDITIONS}.fighting_stats"),
    "Dark Vision": (f"{_CONDITIONS}.darkness_penalty",),
    "Fear": ("toolkit.games.domppa.rules.morale.fear_test",),
    "Fire Power": (f"{_CONDITIONS}.fighting_stats", f"{_STATS}.action_points"),
    "Fire Shield": (f"{_ABILITIES}.fire_shield_damage",),
    "Formation Fighter": (f"{_CONDITIONS}.fighting_stats", f"{_MATCH}.apply"),
    "Heat Aura": (f"{_ABILITIES}.heat_aura_area", f"{_ABILITIES}.heat_aura_damage"),
    "Inspirational": (f"{_ABILITIES}.party_morale_bonus", "toolkit.games.domppa.state.party_bonus"),
    "Lucky": ("toolkit.games.domppa.dice.lucky_faces",),
    "Resist": (f"{_ABILITIES}.resist_against",),
    "Riding": (f"{_GEAR}.mounted_stats", f"{_CONDITIONS}.fighting_stats"),
    "Standard": (f"{_ABILITIES}.party_morale_bonus", "toolkit.games.domppa.state.party_bonus"),
    "Use Icarian Wings": (f"{_ABILITIES}.resist_against",),
    "Healer": (f"{_ABILITIES}.heal_amount", f"{_ABILITIES}.healer_check"),
    "Pillage": (f"{_ABILITIES}.pillage_unrest",),
    "Recuperation": (f"{_ABILITIES}.recuperation_check",),
    "Stealthy": (f"{_ABILITIES}.stealth_dice", f"{_ABILITIES}.stealth_successes"),
}
"""The engine functions that apply each word (docs/effects/domppa.md lists them; a test imports
each). A text-only ability is applied by none."""
