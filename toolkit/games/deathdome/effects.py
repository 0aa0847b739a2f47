"""Death Dome's effect words: the vocabulary of card_data/deathdome/effects.toml, the engine
function that applies each word, and what a card's effects say when asked.

A card's effects are one cell in the rule book's notation (`[S]; ranged; S 2; range 12`), read
by the shared `toolkit.data.effects.Vocabulary`. `WORDS` is every word the engine applies and
where: the vocabulary file must name exactly these (a word the engine does not apply stops the
load), and docs/effects/deathdome.md lists them with the rule book's words.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path

from toolkit.data.effects import Effect, Vocabulary, load_vocabulary

ICONS: dict[str, str] = {
    "[S]": "S",
    "[D]": "D",
    "[A]": "A",
    "[M]": "M",
    "[+A]": "+A",
    "[+M]": "+M",
    "[V]": "V",
    "[K]": "K",
    "[C]": "C",
    "[P]": "P",
    "[T]": "T",
    "[O]": "O",
}
"""The timing icon words and the icon each prints (rules: Special Play Deck)."""

ATTACK_TYPES: dict[str, str] = {"ranged": "ranged", "close combat": "close", "area effect": "area"}
"""The weapon kind words and the attack type each makes (rules: Weapons)."""

STATS = ("movement", "skill", "toughness", "vitae")
"""The stats a set bonus may raise (rules: Sets)."""

WORDS: dict[str, str] = {
    **dict.fromkeys(("[S]", "[D]"), "loadout.stack_cards"),
    **dict.fromkeys(("[A]",), "cards.timing"),
    **dict.fromkeys(("[M]", "[+A]", "[+M]", "[T]", "[O]", "[C]"), "cards.timing"),
    "[V]": "play.attack (a [V] card needs a wound)",
    "[K]": "play.attack (a [K] card needs a kill)",
    "[P]": "loadout.stack_cards (its push back words)",
    "S": "rules.attack_stack (WeaponProfile.strength)",
    "T": "rules.defense_stack (Defender.armour, Defender.effects)",
    "power": "rules.attack_stack / rules.defense_stack (the cards' power values)",
    "+S": "rules.attack_stack (Attacker.effects)",
    "+T": "rules.defense_stack (Defender.effects)",
    "+M": "state.MatchState.unit_stats (movement)",
    "-M": "state.MatchState.unit_stats (movement)",
    "+V": "cards.heal",
    "-V": "cards.direct_damage",
    "range": "rules.weapon_reach",
    "ranged": "rules.weapon_reach",
    "close combat": "rules.weapon_reach",
    "area effect": "rules.weapon_reach",
    "push back on": "rules.push_back_triggered",
    "push back squares": "rules.push_back_squares",
    "prevent push back": "rules.resolve_attack (Defender.prevent_push_back)",
    "cause push back": "rules.resolve_attack (Attacker.cause_push_back)",
    "splash": "rules.resolve_splash",
    "incapacitate": "rules.resolve_attack (incapacitated)",
    "ignore line of sight": "board.line_of_sight (ignore_los)",
    "swap places": "rules.resolve_attack (Attacker.swap)",
    "drug": "cards.give_drug",
    "offensive drug": "rules.resolve_attack (its effects only on a wound)",
    "drugs at range": "loadout.drug_reach",
    "until your next turn": "play.end_turn (lasting effects)",
    "-V to attacker": "rules.resolve_attack (attacker_vitae_loss)",
    "immune to incapacitate": "rules.resolve_attack (Defender.immune_incapacitate)",
    "immune to -V": "cards.direct_damage",
    "cancel ranged attack": "rules.resolve_attack (Defender.cancels)",
    "discard": "play.attack (the item leaves the unit)",
    "climb the tower": "board.can_move (climb)",
    "free movement": "cards.play_card (recorded and shown)",
    "pull": "cards.pull",
    "once per match": "cards.use_item",
    "once per turn": "cards.use_item",
    "free action": "play.use_unit_phase (MatchState.free_actions)",
    "look at the top": "cards.use_item (recorded and shown)",
    "self-destruct": "cards.blast",
    "blast": "cards.blast",
    "set bonus": "loadout.set_bonuses",
    "higher ground": "loadout.stack_cards",
    "take": "play.attack (bounty)",
    "draw": "cards.play_card (recorded and shown)",
    "turn back": "cards.play_card",
    "cancel cards": "loadout.stack_cards",
    "no kill point": "play.attack",
}
"""Every effect word the engine applies, and the function that applies it (the vocabulary's
documentation lists these; `load_effects` refuses a vocabulary with any other word)."""


def load_effects(path: Path) -> Vocabulary:
    """card_data/deathdome/effects.toml (or a user's copy), checked against `WORDS`."""
    return load_vocabulary(path, WORDS)


# -------------------------------------------------------------------------- reading effects


def has(effects: Iterable[Effect], word: str) -> bool:
    return any(effect.word == word for effect in effects)


def total(effects: Iterable[Effect], word: str) -> int:
    """The sum of a number word's values (`T 2; T 1` is 3); 0 when it is not there."""
    return sum(effect.arg for effect in effects if effect.word == word)


def number(effects: Iterable[Effect], word: str) -> int | None:
    """A number word's value (the last one written), None when it is not there."""
    found = [effect.arg for effect in effects if effect.word == word]
    return found[-1] if found else None


def icons(effects: Iterable[Effect]) -> tuple[str, ...]:
    """The timing icons a card prints, in the order written (`S`, `+A`, ...)."""
    return tuple(ICONS[effect.word] for effect in effects if effect.word in ICONS)


def attack_type(effects: Iterable[Effect]) -> str | None:
    """`ranged`, `close` or `area` from the weapon kind word; None on a card with none."""
    kinds = [ATTACK_TYPES[effect.word] for effect in effects if effect.word in ATTACK_TYPES]
    return kinds[0] if kinds else None


def without(effects: Sequence[Effect], words: Iterable[str]) -> tuple[Effect, ...]:
    left_out = set(words)
    return tuple(effect for effect in effects if effect.word not in left_out)


# ------------------------------------------------------------------ where each word applies

_ICON_WORDS = frozenset(ICONS)
WEAPON_WORDS = _ICON_WORDS | {
    "S", "range", *ATTACK_TYPES, "push back on", "push back squares", "splash", "incapacitate",
    "ignore line of sight", "swap places", "offensive drug", "drugs at range",
}  # fmt: skip
"""Words a weapon card may carry: the engine reads them when the weapon attacks."""
DRUG_WORDS = _ICON_WORDS | {"drug", "+V", "+S", "+T", "+M", "until your next turn"}
"""Words a drug for friends carries: the engine applies them when the medic gives it."""
ARMOUR_WORDS = _ICON_WORDS | {
    "T", "-M", "prevent push back", "-V to attacker", "immune to incapacitate", "immune to -V",
}  # fmt: skip
"""Words an armour card may carry: the engine reads them whenever its unit defends or moves."""
USE_WORDS = frozenset(
    {"+V", "+M", "pull", "self-destruct", "blast", "free action", "look at the top", "drug"}
)
"""Words that make an item something a unit uses (`use` in the tracker)."""
EQUIPMENT_WORDS = (ARMOUR_WORDS - {"T"}) | USE_WORDS | {
    "set bonus", "climb the tower", "once per match", "once per turn", "range",
    "cancel ranged attack", "discard",
}  # fmt: skip
"""Words an equipment card may carry: passive ones read like armour's, the rest when used."""
SPECIAL_PLAY_WORDS = _ICON_WORDS | {
    "power", "+S", "+T", "+M", "+V", "-V", "range", "higher ground", "prevent push back",
    "cause push back", "free action", "free movement", "draw", "take", "turn back",
    "cancel cards", "no kill point",
}  # fmt: skip
"""Words a Special Play card may carry: on an attack or defence stack, or played on its own."""
COMBO_WEAPON_WORDS = frozenset(
    {"range", "push back on", "push back squares", "splash", "incapacitate", "ignore line of sight"}
)
"""Combo words that change the combo's weapon (the combo needs one)."""
COMBO_WORDS = COMBO_WEAPON_WORDS | {
    "T", "+S", "+T", "+V", "-V to attacker", "immune to -V", "immune to incapacitate",
    "prevent push back", "blast",
}  # fmt: skip
"""Words a combo may give the unit that carries all its items."""
STACK_WORDS = frozenset(
    {"power", "+S", "+T", "higher ground", "prevent push back", "cause push back", "take",
     "cancel cards", "no kill point", "+V", "draw"}
)  # fmt: skip
"""Special Play words the engine applies on an attack or defence stack."""
