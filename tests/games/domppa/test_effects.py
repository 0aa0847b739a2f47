"""Domppa's effect vocabulary (card_data/domppa/effects.toml): every word the engine applies and no
other, each card's printed rules text made from its words (in the kit's PDF too), bad cells named
by file, row, field and word, and the documentation page generated from the same words."""

from __future__ import annotations

import importlib
from pathlib import Path

import pymupdf
import pytest
from card_edits import copy_card_data, edit_text
from hypothesis import given
from hypothesis import strategies as st

from toolkit.data.effects import Effect
from toolkit.errors import DataError, DomekitError
from toolkit.games.domppa import words
from toolkit.games.domppa.abilities import parse_abilities
from toolkit.games.domppa.data import (
    WeaponRow,
    card_effects,
    card_text,
    load_kit_data,
    load_rules,
    load_weapons,
    weapon_effects,
)
from toolkit.games.domppa.effects import vocabulary_markdown
from toolkit.games.domppa.kit import build_kit
from toolkit.games.domppa.kit.cards import ability_lines
from toolkit.pdf.kits import KitOptions

DATA = load_kit_data(None)
RULES = DATA.rules
VOCABULARY = RULES.vocabulary
DOCS = Path(__file__).resolve().parents[3] / "docs" / "effects" / "domppa.md"
CARDS = [*DATA.weapons, *DATA.armour, *DATA.shields, *DATA.mounts]


def test_the_vocabulary_holds_every_word_the_engine_applies_and_no_other():
    assert {word.word for word in VOCABULARY.words.values()} == set(words.KNOWN)
    # The special abilities, in the rule book's order (an unknown one's refusal lists them so).
    assert list(words.ABILITIES) == [
        "Ambidextrous", "Awe", "Basic Encumbrance", "Beastmaster", "Berserk", "Bodyguard",
        "Charioteering", "Dark Vision", "Fear", "Fire Power", "Fire Shield", "Formation Fighter",
        "Heat Aura", "Inspirational", "Lucky", "Poison Use", "Resist", "Riding", "Sacred",
        "Standard", "Terrain Survival", "Use Icarian Wings", "Assassin & Patience",
        "Castle Defence", "Fortune Teller", "Healer", "Pillage", "Recuperation", "Seduction",
        "Siege Bonus", "Stealthy", "Theorycraft",
    ]  # fmt: skip


def test_each_word_names_engine_functions_that_exist():
    """docs/effects/domppa.md names, for each word, the functions that apply it: each imports;
    a word with none is one the rules leave unfinished (text only)."""
    for word in words.KNOWN:
        paths = words.APPLIED_BY.get(word)
        if paths is None:
            assert words.ABILITIES.get(word) in words.TEXT_ONLY, word
            continue
        for path in paths:
            module, name = path.rsplit(".", 1)
            assert callable(getattr(importlib.import_module(module), name)), path


def test_the_documentation_page_is_what_the_words_give():
    """Regenerate with `python -m toolkit.games.domppa.effects docs/effects/domppa.md`."""
    page = DOCS.read_text(encoding="utf-8")
    assert page == vocabulary_markdown(VOCABULARY)
    for word in words.KNOWN:
        assert f"### `{word}" in page


# --- each card's printed text ------------------------------------------------------------------


def test_the_sample_cards_print_the_rule_books_words():
    """Worked from the rule text and the cards by hand (rules.toml's numbers: piercing 20%,
    slashing 125%, lance +1 a square, breaking below 17, dropped below 20, parry x 2 to shots)."""
    by_name = {card.name: card for card in CARDS}
    assert card_text(RULES, by_name["Dagger"]).startswith(
        "Piercing: ignores 20% of protection. Slashing: +25% final damage. Choose the type "
        "before rolling to hit. Length 0:"
    )
    lance = card_text(RULES, by_name["Lance"])
    assert "Lance: +1 damage a square charged straight." in lance
    assert "below 17 it breaks, below 20 it is dropped." in lance
    assert card_text(RULES, by_name["Halberd"]).endswith(
        "Two-handed: no shield and no second weapon while held."
    )
    assert "Fire: a 6 in the damage roll sets the target burning (d2 a turn)." in card_text(
        RULES, by_name["Flaming Brand"]
    )
    assert "Stun: fatigue instead of HP" in card_text(RULES, by_name["Sap"])
    assert "Poison: the damage comes over turns, 10% of what is left" in card_text(
        RULES, by_name["Poisoned Dagger"]
    )
    assert "Armour piercing: ignores 50% of protection." in card_text(RULES, by_name["Crossbow"])
    assert card_text(RULES, by_name["Full Plate"]).startswith("Tier 4 armour")  # encumbrance 5
    assert card_text(RULES, by_name["Full Helm"]).startswith("Heavy helmet")  # protection 15
    assert card_text(RULES, by_name["Iron Helmet"]).startswith("Light helmet")  # protection 8
    assert card_text(RULES, by_name["Kite Shield"]) == (
        "A melee blow that misses by no more than 3 hits the shield: it counts, and +4 "
        "protection. Against shots: +3 x 2 to the target number."
    )
    assert card_text(RULES, by_name["Warhorse"]) == (
        "A horse (Riding): its rider +3 defence, +1 size, +4 AP."
    )


@given(st.sampled_from(CARDS))
def test_every_sample_cards_printed_text_is_what_its_effects_generate(card):
    effects = card_effects(RULES, card)
    assert card_text(RULES, card) == " ".join(
        VOCABULARY.word(effect.word).render(effect.args) for effect in effects
    )
    assert all(effect.word in words.KNOWN for effect in effects)


@given(
    damage_types=st.lists(st.sampled_from(words.DAMAGE_TYPE_WORDS), min_size=1, max_size=3,
                          unique=True),
    element=st.sampled_from(("none", *words.ELEMENT_WORDS)),
    stun=st.booleans(),
    listed=st.none() | st.integers(0, 60),
    length=st.integers(0, 6),
    cell=st.lists(st.sampled_from(words.WEAPON_CELL_WORDS), unique=True, max_size=3),
)  # fmt: skip
def test_a_weapons_words_are_its_columns_then_its_effects_cell(
    damage_types, element, stun, listed, length, cell
):
    """Any weapon row: one word a damage type (the choice when it has several), its element,
    stun, range (halved on the grid) and length, then its cell's words in their order."""
    terms = VOCABULARY.parse("; ".join(cell), path="weapons.csv")
    weapon = WeaponRow(
        name="W", damage=1, length=length, damage_types=tuple(damage_types), element=element,
        stun=stun, range=listed, effects="; ".join(cell), terms=terms,
    )  # fmt: skip
    found = weapon_effects(RULES, weapon)
    expected = [Effect(kind) for kind in damage_types]
    expected += [Effect("several damage types")] if len(damage_types) > 1 else []
    expected += [Effect(element)] if element != "none" else []
    expected += [Effect("stun")] if stun else []
    expected += [Effect("range", (listed, listed // 2))] if listed is not None else []
    assert found == (*expected, Effect("length", (length,)), *(Effect(word) for word in cell))
    assert VOCABULARY.text(found)  # every word prints


def test_every_ability_of_the_sample_characters_prints_its_words_text():
    texts = {
        "Formation Fighter": "With a comrade beside it, 2 AP: +2 attack or defence to itself "
        "and the comrades beside it for the round.",
        "Berserk +3": "May go berserk: +3 attack, strength and protection, -3 defence, morale "
        "50; cannot cast or shoot; +3 fatigue every turn.",
        "Healer 3": "Heal action (all AP): a character in the combat regains 3 HP. Once a day "
        "2d6: both dice at most 3 remove an affliction.",
        "Dark Vision 50%": "Smaller darkness penalties: night -1, pitch dark -3.",
        "Resist fire 5": "+5 protection against fire damage; armour piercing and negating do "
        "not reduce it.",
        "Seduction": "Mechanics unfinished. (text only)",
    }
    printed = {line.split(": ", 1)[0]: line.split(": ", 1)[1] for ch in DATA.characters
               for line in ability_lines(ch)}  # fmt: skip
    for written, text in texts.items():
        assert printed[written] == text


@pytest.fixture(scope="module")
def kit_pdf(tmp_path_factory):
    out = tmp_path_factory.mktemp("domppa-effects") / "kit.pdf"
    result = build_kit(KitOptions(paper="a4", out=out, base_url="http://t", kit_id="effects"))
    return pymupdf.open(result.pdf)


def _flat(text: str) -> str:
    return " ".join(text.replace("\u00ad", "").split())


def test_the_kit_prints_each_cards_generated_text(kit_pdf):
    """The PDF's text, read back: every weapon, armour and shield card's rules text as its
    words generate it, every character's abilities and its mount's text, none cut short."""
    printed = _flat(" ".join(page.get_text() for page in kit_pdf))
    for card in [*DATA.weapons, *DATA.armour, *DATA.shields]:
        assert _flat(card_text(RULES, card)) in printed, card.name
    for ch in DATA.characters:
        for line in ability_lines(ch):
            assert _flat(line) in printed, line
    knight = DATA.gear["Knight"]
    assert knight.mount is not None
    assert _flat(f"Mount: Warhorse. {card_text(RULES, knight.mount)}") in printed
    assert "..." not in printed  # no text cut to fit


# --- bad cells ---------------------------------------------------------------------------------


def test_an_unknown_word_in_a_weapons_effects_cell_names_file_row_field_and_word(tmp_path):
    folder = copy_card_data("domppa", tmp_path / "domppa")
    edit_text(folder / "weapons.csv", "Halberd,7,3,slashing|piercing,none,false,,2,,two-handed",
              "Halberd,7,3,slashing|piercing,none,false,,2,,two-handeed")  # fmt: skip
    with pytest.raises(DataError) as refused:
        load_weapons(folder)
    message = str(refused.value)
    assert "weapons.csv" in message and "row 6" in message and "field 'effects'" in message
    assert "unknown effect word 'two-handeed'" in message and "did you mean 'two-handed'" in message


def test_a_columns_word_in_the_effects_cell_is_refused(tmp_path):
    folder = copy_card_data("domppa", tmp_path / "domppa")
    edit_text(folder / "weapons.csv", "Mace,5,1,blunt,none,false,,1,,", "Mace,5,1,blunt,none,"
              "false,,1,,fire")  # fmt: skip
    with pytest.raises(DataError, match="'fire' is not written in this cell"):
        load_weapons(folder)


def test_a_weapon_called_none_is_refused(tmp_path):
    folder = copy_card_data("domppa", tmp_path / "domppa")
    edit_text(folder / "weapons.csv", "Mace,5,", "None,5,")
    with pytest.raises(DataError, match="the word for no weapon"):
        load_weapons(folder)


def test_an_unknown_ability_lists_the_rules_abilities_in_order():
    with pytest.raises(DomekitError) as refused:
        parse_abilities(RULES, "Riding|Flying")
    assert str(refused.value).startswith(
        "unknown ability 'Flying'; the rules name Ambidextrous, Awe, Basic Encumbrance"
    )
    with pytest.raises(DomekitError, match="cannot read"):
        parse_abilities(RULES, "Berserk lots")
    with pytest.raises(DomekitError, match="Dark Vision 50% only"):
        parse_abilities(RULES, "Dark Vision 30%")


def test_abilities_read_with_either_separator():
    assert parse_abilities(RULES, "Healer 3; Lucky") == parse_abilities(RULES, "Healer 3|Lucky")


# --- a house rule is an edit to the data, never to the code -------------------------------------


def test_a_house_rules_number_reaches_the_printed_card_and_the_engine(tmp_path):
    """Formation fighter +3 instead of the rules' +2: rules.toml's number alone changes the
    printed ability and what the engine adds."""
    from toolkit.games.domppa.conditions import Conditions, fighting_stats

    folder = copy_card_data("domppa", tmp_path / "domppa")
    edit_text(folder / "rules.toml", "formation_fighter_bonus = 2", "formation_fighter_bonus = 3")
    house = load_rules(folder)
    [ability] = parse_abilities(house, "Formation Fighter")
    assert "+3 attack or defence" in ability.text
    stats = fighting_stats(house, attack=10, defence=9, conditions=Conditions(formation="defence"))
    assert stats.defence == 12
    # The effects file lists the words the engine applies; one more is refused, naming it.
    with open(folder / "effects.toml", "a", encoding="utf-8") as extra:
        extra.write('\n[word.Flying]\ntext = "Flies."\nrule = "none"\nmeans = "nothing"\n')
    with pytest.raises(DataError, match="the engine applies no effect word 'Flying'"):
        load_rules(folder)
