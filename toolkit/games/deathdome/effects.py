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
    "[S]": "loadout.stack_cards (on an attack stack only)",
    "[D]": "loadout.stack_cards (on a defence stack only)",
    "[A]": "cards.use_item, cards.play_card (books.use_unit_phase)",
    "[M]": "cards.play_card (the team's own turn)",
    "[+A]": "cards.play_card, cards.use_item (the team's own turn, no unit phase)",
    "[+M]": "cards.play_card, cards.use_item (the team's own turn, no unit phase)",
    "[V]": "combat.check_triggers (only when a unit loses Vitae)",
    "[K]": "combat.check_triggers (only when a unit is killed)",
    "[C]": "cards.play_card (any team's turn)",
    "[P]": "loadout.stack_cards (with its push back words)",
    "[T]": "cards.play_card (the team's own turn)",
    "[O]": "cards.play_card, loadout.stack_cards (any time)",
    "S": "loadout.weapon_profile -> rules.attack_stack",
    "T": "loadout.guard -> rules.defense_stack; loadout.unit_stats (a combo's T)",
    "power": "loadout.stack_cards -> rules.attack_stack, rules.defense_stack",
    "+S": "loadout.unit_stats (a drug), loadout.stack_cards (a card) -> rules.attack_stack",
    "+T": "loadout.unit_stats (a drug), loadout.stack_cards (a card) -> rules.defense_stack",
    "+M": "loadout.unit_stats (MatchState.unit_stats)",
    "-M": "loadout.unit_stats (MatchState.unit_stats)",
    "+V": "cards.heal; rules.resolve_attack (Defender.heal, on a defence)",
    "-V": "cards.direct_damage",
    "range": "loadout.weapon_profile -> rules.weapon_reach",
    "ranged": "loadout.weapon_profile -> rules.weapon_reach",
    "close combat": "loadout.weapon_profile -> rules.weapon_reach",
    "area effect": "loadout.weapon_profile -> rules.weapon_reach",
    "push back on": "rules.push_back_triggered",
    "push back squares": "rules.resolve_attack (push_squares)",
    "prevent push back": "rules.resolve_attack (Defender.prevent_push_back)",
    "cause push back": "rules.resolve_attack (Attacker.cause_push_back)",
    "splash": "rules.resolve_splash",
    "incapacitate": "rules.resolve_attack (incapacitated)",
    "ignore line of sight": "board.line_of_sight (ignore_los)",
    "swap places": "rules.resolve_attack (Attacker.swap); combat.attack_asks",
    "drug": "cards.give_drug",
    "offensive drug": "loadout.weapon_profile (its reach); rules.resolve_attack",
    "drugs at range": "loadout.drug_reach",
    "until your next turn": "play.end_turn (what lasts on a unit)",
    "-V to attacker": "rules.resolve_attack (attacker_vitae_loss); combat.cut_attacker",
    "immune to incapacitate": "rules.resolve_attack (Defender.immune_incapacitate)",
    "immune to -V": "cards.direct_damage",
    "cancel ranged attack": "rules.resolve_attack (Defender.cancels)",
    "discard": "combat.book_hit (the item leaves the unit)",
    "climb the tower": "board.can_move (climb)",
    "free movement": "cards.play_card (recorded and shown: the board is the table's)",
    "pull": "cards.pull",
    "once per match": "cards.use_item (Unit.used)",
    "once per turn": "cards.use_item (Unit.used), play.end_turn",
    "free action": "books.use_unit_phase (MatchState.free_actions)",
    "look at the top": "cards.use_item (recorded and shown: the deck is the table's)",
    "self-destruct": "cards.blast",
    "blast": "cards.blast",
    "set bonus": "rules.set_bonuses, loadout.unit_stats",
    "higher ground": "loadout.stack_cards (the calculator's --higher-ground)",
    "take": "combat.bounty",
    "draw": "cards.play_card, combat.book_hit (recorded and shown: the hands are the table's)",
    "turn back": "cards.turn_back",
    "cancel cards": "loadout.countered",
    "no kill point": "combat.book_hit -> books.kill",
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


# ---------------------------------------------------------------------- the documentation

DOC_HEAD = """# Death Dome's effect words

What a Death Dome card does is its `effects` cell (items.csv, special_play.csv, combos.csv): terms
in the rule book's own notation separated by `;`, e.g. `[S]; ranged; S 2; range 12`. The printed
text of every card is made from these terms, so the card and the engine cannot disagree. This
page is made from card_data/deathdome/effects.toml and the engine's list of the words it applies
(`toolkit/games/deathdome/effects.py`): `python -m toolkit.games.deathdome.effects >
docs/effects/deathdome.md` remakes it, and a test checks it is up to date.

Reword a word's printed `text` in effects.toml freely; a word the engine does not apply stops the
build, naming the file, the row, the field and the nearest word. Numbers are written after the
word (`S 2`, or `S2`); a name where the word takes one (`set bonus skill 1`).

| word | written | prints | rule book | what the engine does | applied by |
|---|---|---|---|---|---|
"""


def markdown(vocabulary: Vocabulary) -> str:
    """docs/effects/deathdome.md: every word with its notation, printed text, the rule book's
    section and words, what it means and the engine function that applies it."""
    rows = []
    for word in vocabulary.words.values():
        written = " ".join([word.word, *(f"<{p.name}>" for p in word.params)])
        sample = tuple("skill" if p.is_name else 2 for p in word.params)
        rule = word.rule + (f': "{word.quote}"' if word.quote else "")
        cells = [word.word, f"`{written}`", word.render(sample), rule, word.means, WORDS[word.word]]
        rows.append("| " + " | ".join(cell.replace("|", "\\|") for cell in cells) + " |")
    return DOC_HEAD + "\n".join(rows) + "\n"


if __name__ == "__main__":
    from toolkit.data import game_data_dir

    print(markdown(load_effects(game_data_dir("deathdome") / "effects.toml")), end="")
