"""Nature Dome's effect vocabulary (card_data/naturedome/effects.toml, read by
toolkit/data/effects.py): the words a Power Card's values are, in the rule text's words.

A power card's words are its attack, defend and escape values (power_cards.csv's columns); an
Attack Boost's, its boost. A card's printed rules text is `Vocabulary.text` of them, so a printed
card and the engine (rules.clash) cannot disagree; its `text` column is flavour, printed apart.
"""

from __future__ import annotations

from pathlib import Path

from toolkit.data.effects import Effect, Vocabulary, load_vocabulary
from toolkit.games.naturedome.rules import PowerCard

EFFECTS_FILE = "effects.toml"
KNOWN = ("attack", "defend", "escape", "attack boost")
"""Every word effects.toml must hold, no more and no fewer."""
APPLIED_BY: dict[str, tuple[str, ...]] = {
    "attack": ("toolkit.games.naturedome.rules.clash",),
    "defend": ("toolkit.games.naturedome.rules.clash",),
    "escape": ("toolkit.games.naturedome.rules.clash",),
    "attack boost": (
        "toolkit.games.naturedome.rules.clash",
        "toolkit.games.naturedome.match.apply",
    ),
}
"""The engine functions that apply each word (docs/effects/naturedome.md; a test imports each)."""


def load_effects(folder: Path) -> Vocabulary:
    """A data folder's effects.toml, checked against the words the engine applies."""
    return load_vocabulary(folder / EFFECTS_FILE, KNOWN)


def card_effects(card: PowerCard) -> tuple[Effect, ...]:
    """A card's words: a power card's three values, an Attack Boost's boost."""
    if card.is_boost:
        return (Effect("attack boost", (card.boost,)),)
    return tuple(Effect(name, (getattr(card, name),)) for name in ("attack", "defend", "escape"))


def card_text(vocabulary: Vocabulary, card: PowerCard) -> str:
    """A card's printed rules text: its words' texts."""
    return vocabulary.text(card_effects(card))


def vocabulary_markdown(vocabulary: Vocabulary) -> str:
    """docs/effects/naturedome.md: every word, its printed text, the rule text's sentence and
    the engine functions that apply it."""
    out = [
        "# Nature Dome's effect words",
        "",
        "Generated from `card_data/naturedome/effects.toml` and `toolkit/games/naturedome/"
        "effects.py` by `python -m toolkit.games.naturedome.effects` (a test checks this page is "
        "what they give). A Power Card's words come from its power_cards.csv values; its printed "
        "rules text is their texts, its `text` column flavour printed apart.",
        "",
    ]
    for name in KNOWN:
        word = vocabulary.word(name)
        sample = tuple(f"{{{param.name}}}" for param in word.params)
        params = " ".join(f"<{param.name}>" for param in word.params)
        out += [
            f"## `{' '.join([word.word, params]).strip()}`",
            "",
            f"- Printed: {word.render(sample)}",
            f"- Rule: {word.rule}",
            f"- Engine: {word.explain(sample)}; "
            + ", ".join(f"`{path}`" for path in APPLIED_BY[name]),
            "",
        ]
    return "\n".join(out).rstrip() + "\n"


if __name__ == "__main__":  # python -m toolkit.games.naturedome.effects [out.md]
    import sys

    from toolkit.data import game_data_dir

    text = vocabulary_markdown(load_effects(game_data_dir("naturedome")))
    if len(sys.argv) > 1:
        Path(sys.argv[1]).write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)
