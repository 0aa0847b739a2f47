"""Nature Dome's effect vocabulary (card_data/naturedome/effects.toml): a Power Card's values as
the rule text's words, each applied by the clash, each card's printed rules text made from them
(in the kit's PDF too, apart from its flavour), and the documentation page generated from them."""

from __future__ import annotations

import importlib
from pathlib import Path

import pymupdf
import pytest
from card_edits import copy_card_data
from hypothesis import given
from hypothesis import strategies as st

from toolkit.data.effects import Effect
from toolkit.errors import DataError
from toolkit.games.naturedome.data import load_kit_data
from toolkit.games.naturedome.effects import (
    APPLIED_BY,
    KNOWN,
    card_effects,
    card_text,
    vocabulary_markdown,
)
from toolkit.games.naturedome.kit import build_kit
from toolkit.games.naturedome.rules import CardKind, Defense, PowerCard, clash
from toolkit.pdf.kits import KitOptions

DATA = load_kit_data(None)
VOCABULARY = DATA.vocabulary
CARDS = [entry.card for entry in DATA.deck]
DOCS = Path(__file__).resolve().parents[3] / "docs" / "effects" / "naturedome.md"


def test_the_vocabulary_holds_the_words_the_clash_applies():
    assert {word.word for word in VOCABULARY.words.values()} == set(KNOWN)
    for paths in APPLIED_BY.values():
        for path in paths:
            module, name = path.rsplit(".", 1)
            assert callable(getattr(importlib.import_module(module), name)), path


def test_the_documentation_page_is_what_the_words_give():
    """Regenerate with `python -m toolkit.games.naturedome.effects docs/effects/naturedome.md`."""
    assert DOCS.read_text(encoding="utf-8") == vocabulary_markdown(VOCABULARY)


def test_each_word_is_what_the_clash_does():
    """Every word, worked by hand from the rule text: the Duel's example (Attack = 500, Defend =
    400: the defender subtracts 100), an escape instead of a defence, and an Attack Boost laid
    first (+200: 700 against 400, 300 lost); a boost as the defender's last card counts 0."""
    talon = next(card for card in CARDS if card.id == "talon-dive")  # attack 500, escape 300
    trunk = next(card for card in CARDS if card.id == "trunk-slam")  # defend 400
    howl = next(card for card in CARDS if card.id == "pack-howl")  # boost 200
    assert card_effects(talon) == (Effect("attack", (500,)), Effect("defend", (100,)),
                                   Effect("escape", (300,)))  # fmt: skip
    assert card_effects(howl) == (Effect("attack boost", (200,)),)
    common = {"attacker_health": 1000, "defender_health": 1000, "rules": DATA.rules}
    assert clash(talon, Defense.DEFEND, trunk, **common).damage == 100  # attack, defend
    assert clash(trunk, Defense.ESCAPE, talon, **common).damage == 600 - 300  # escape
    assert clash(talon, Defense.DEFEND, trunk, boosts=[howl], **common).damage == 300  # boost
    assert clash(talon, Defense.DEFEND, howl, **common).damage == 500  # a boost defends at 0


def test_the_sample_cards_print_the_rule_texts_words():
    talon = next(card for card in CARDS if card.id == "talon-dive")
    assert card_text(VOCABULARY, talon) == (
        "Attack 500: the defender loses what it is above their answer. Defend 100 or escape "
        "300, never both."
    )
    howl = next(card for card in CARDS if card.id == "pack-howl")
    assert card_text(VOCABULARY, howl) == (
        "+200: lay it first, then an attack card or a boost on it. A defender's last card: 0."
    )
    # The text column is flavour now: no rules in it.
    assert all("Lay first" not in card.text for card in CARDS)


@given(st.sampled_from(CARDS))
def test_every_sample_cards_printed_text_is_what_its_values_generate(card):
    expected = (
        [("attack boost", card.boost)]
        if card.kind is CardKind.BOOST
        else [("attack", card.attack), ("defend", card.defend), ("escape", card.escape)]
    )
    assert card_text(VOCABULARY, card) == " ".join(
        VOCABULARY.word(word).render((value,)) for word, value in expected
    )


@given(
    st.integers(0, 20).map(lambda n: n * 50),
    st.integers(0, 20).map(lambda n: n * 50),
    st.integers(0, 20).map(lambda n: n * 50),
)
def test_any_power_cards_text_names_its_values(attack, defend, escape):
    card = PowerCard(id="x", name="X", attack=attack, defend=defend, escape=escape)
    text = card_text(VOCABULARY, card)
    assert f"Attack {attack}:" in text and f"Defend {defend} or escape {escape}," in text


@pytest.fixture(scope="module")
def kit_pdf(tmp_path_factory):
    out = tmp_path_factory.mktemp("naturedome-effects") / "kit.pdf"
    result = build_kit(KitOptions(paper="a4", out=out, base_url="http://t", kit_id="effects"))
    return pymupdf.open(result.pdf)


def test_the_kit_prints_each_cards_generated_text_apart_from_its_flavour(kit_pdf):
    printed = " ".join(" ".join(page.get_text().split()) for page in kit_pdf)
    for card in CARDS:
        assert " ".join(card_text(VOCABULARY, card).split()) in printed, card.id
        assert " ".join(card.text.split()) in printed, card.id
    assert "..." not in printed


def test_a_vocabulary_missing_a_word_stops_the_kit(tmp_path):
    folder = copy_card_data("naturedome", tmp_path / "naturedome")
    path = folder / "effects.toml"
    path.write_text(path.read_text(encoding="utf-8").split("[word.escape]")[0], encoding="utf-8")
    with pytest.raises(DataError, match="no entry for the effect words"):
        load_kit_data(folder)
