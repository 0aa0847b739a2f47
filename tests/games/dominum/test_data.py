"""Dominum's sample Domains hold what the rules name, and bad data stops with file, row, field."""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest
from card_edits import assert_data_error, copy_card_data, edit_text
from hypothesis import given
from hypothesis import strategies as st

from toolkit.errors import DataError
from toolkit.games.dominum.data import load_dominum
from toolkit.games.dominum.effects import ENGINE, group, markdown, term_text
from toolkit.games.dominum.effects import text as effects_text
from toolkit.games.dominum.setup import card_of

RULE_BOOK_WORDS = (
    "Alt Attack", "Barrage", "Deadly", "Evasive", "Free Strike", "Knockback", "Lunge",
    "Outflank", "Submerge", "Infiltrate", "Protector", "1st wound", "On Discard", "On Deploy",
    "Sacrifice",
)  # fmt: skip
"""The rule book's "Keyword Abilities", "Triggered Abilities", On Deploy and Sacrifice."""


@pytest.fixture(scope="module")
def data():
    return load_dominum()


@pytest.fixture
def copy(tmp_path: Path) -> Path:
    return copy_card_data("dominum", tmp_path / "dominum")


def test_at_least_three_domains_ship_as_samples(data):
    assert len(data.domains) >= 3
    assert {"Elves", "Freemen", "Shy-Lorr"} <= set(data.domains)


@pytest.mark.parametrize("domain", ["Elves", "Freemen", "Shy-Lorr"])
def test_each_domain_fields_a_whole_force_and_three_strongholds(data, domain):
    # "1 Stronghold card, 1 Hero card, 4 Elite cards, 7 Warrior cards"; 3 Stronghold tiles each
    cards = data.domain_cards(domain)
    count = {kind: sum(c.qty for c in cards if c.type == kind) for kind in ("hero", "elite")}
    count["warrior"] = sum(c.qty for c in cards if c.type == "warrior")
    assert count["hero"] >= 1 and count["elite"] >= 4 and count["warrior"] >= 7
    assert len(data.domain_strongholds(domain)) == 3


def test_the_three_cards_the_rules_name_have_their_abilities(data):
    """Initial Deployment: "The Shadowblade can itself be deployed into the neutral line for the
    cost of 1 Charge"; "The Disciple of the Sky ... being able to spend 1 Charge and allowing an
    ally Warrior card (already in play) to move immediately"; "The Flesh Hunter of the Shy-Lorr
    can make a free strike with Lunge when it deploys"."""
    shadowblade = data.card("Shadowblade")
    assert shadowblade.domain == "Elves"
    assert data.text(shadowblade).startswith(
        "It may be deployed into the Neutral Line for 1 Charge, in the initial deployment too."
    )
    disciple = data.card("Disciple of the Sky")
    assert disciple.domain == "Freemen"
    assert data.text(disciple) == (
        "On Deploy: pay 1 Charge to move an ally Warrior card already in play."
    )
    hunter = data.card("Flesh Hunter")
    assert hunter.domain == "Shy-Lorr"
    assert data.text(hunter) == "On Deploy: make a Free Strike with Lunge."


def test_every_keyword_of_the_rules_is_on_some_sample_card(data):
    printed = " ".join(data.text(card) for card in data.cards).casefold()
    for word in RULE_BOOK_WORDS:
        assert word.casefold() in printed, word


def test_both_ranges_flying_cards_and_a_separate_defense_appear(data):
    assert {card.range for card in data.cards} == {"radial", "standard"}
    assert any(card.fly for card in data.cards)
    sentinel = data.card("wildwood sentinel")
    assert sentinel.defense == 4 and card_of(data, sentinel).defense == 4
    scout = data.card("Elven Scout")
    assert scout.defense is None and card_of(data, scout).defense == scout.strength


def test_effect_words_are_read_in_any_case_and_spacing(copy):
    edit_text(copy / "domains.csv", "Deadly; Knockback", "deadly ;  KNOCKBACK")
    data = load_dominum(copy)
    warden = data.card("Silverbough Warden")
    assert [a.keyword for a in data.abilities[warden]] == ["Deadly", "Knockback"]
    assert data.text(warden).startswith("Deadly: it wins ties")


@pytest.mark.parametrize(
    ("file", "old", "new", "expected"),
    [
        (
            "domains.csv",
            "Elves,Glade Rider,elite,3,,radial,,Lunge,",
            "Elves,Glade Rider,elite,3,,radial,,Lunge; Teleport,",
            ["domains.csv", "row 7", "'effects'", "unknown effect word 'Teleport'"],
        ),
        (
            "domains.csv",
            "Elves,Glade Rider,elite,3,,radial,,Lunge,",
            "Elves,Glade Rider,elite,3,,radial,,Lunges,",
            ["domains.csv", "row 7", "'effects'", "did you mean 'Lunge'"],
        ),
        (
            "domains.csv",
            "Infiltrate; attack total +1",
            "Infiltrate; attack total",
            [
                "domains.csv",
                "row 33",
                "'effects'",
                "'attack total' is written 'attack total <value>'",
            ],
        ),
        (
            "domains.csv",
            "Alt Attack move",
            "Alt Attack dance",
            ["domains.csv", "row 11", "'effects'", "no phase 'dance'"],
        ),
        (
            "domains.csv",
            "Infiltrate; attack total +1",
            "attack total +1; Infiltrate",
            ["domains.csv", "row 33", "'effects'", "'Infiltrate' says what triggers or costs it"],
        ),
        (
            "domains.csv",
            "1st wound; weaken the wounder",
            "weaken the wounder",
            ["domains.csv", "row 34", "'effects'", "happens at a time"],
        ),
        (
            "domains.csv",
            "Protector; adjacent allies defense total +1",
            "Protector; pay 1; adjacent allies defense total +1",
            ["domains.csv", "row 2", "'effects'", "a condition holds by itself; it has no cost"],
        ),
        (
            "strongholds.csv",
            "when an ally is defeated; add charge 1",
            "Protector; add charge 1",
            ["strongholds.csv", "row 9", "'effects'", "not a Stronghold"],
        ),
        (
            "domains.csv",
            "effects,qty",
            "keywords,qty",
            ["domains.csv", "row 1", "'keywords'", "a card's abilities are one `effects` cell"],
        ),
        (
            "domains.csv",
            "Elves,Glade Rider,elite,3,,radial,",
            "Elves,Glade Rider,elite,3,,diagonal,",
            ["domains.csv", "row 7", "'range'", "'radial' or 'standard'", "'diagonal'"],
        ),
        (
            "domains.csv",
            "Elves,Glade Rider,elite,3,",
            "Elves,Glade Rider,champion,3,",
            ["domains.csv", "row 7", "'type'", "'champion'"],
        ),
        (
            "domains.csv",
            "Elves,Glade Rider,elite,3,",
            "Elves,Glade Rider,elite,strong,",
            ["domains.csv", "row 7", "'strength'", "'strong'"],
        ),
        (
            "domains.csv",
            "Elves,Moonbow Archer,",
            "Elves,Shadowblade,",
            ["domains.csv", "row 5", "'name'", "two cards named 'Shadowblade' (first on row 4)"],
        ),
        (
            "domains.csv",
            "Elves,Hawk Rider,warrior,2,,radial,yes,",
            "Elves,Hawk Rider,warrior,2,,radial,sometimes,",
            ["domains.csv", "row 12", "'fly'", "'sometimes'"],
        ),
        (
            "domains.csv",
            ",range,",
            ",reach,",
            ["domains.csv", "row 1", "missing column(s) range"],
        ),
        (
            "strongholds.csv",
            "Elves,Thorn Gate,",
            "Dwarves,Thorn Gate,",
            ["strongholds.csv", "row 4", "'domain'", "unknown Domain 'Dwarves'"],
        ),
        (
            "strongholds.csv",
            "Freemen,Sky Tower,",
            "Elves,Sky Tower,",
            ["strongholds.csv", "row 6", "'domain'", "'Elves' has more than 3 Stronghold tiles"],
        ),
        (
            "print.toml",
            'Shy-Lorr = "#6a1b9a"',
            "",
            ["print.toml", "'domain_colours'", "no colour for Shy-Lorr"],
        ),
        (
            "print.toml",
            'red = "#b3261e"',
            'red = "crimson"',
            ["print.toml", "player_colours", "#rrggbb", "'crimson'"],
        ),
        (
            "print.toml",
            "phase = 25.0",
            "phase = 2.0",
            ["print.toml", "line", "token.phase", "greater than or equal to 12"],
        ),
    ],
)
def test_bad_data_names_file_row_and_field(copy, file, old, new, expected):
    edit_text(copy / file, old, new)
    assert_data_error(load_dominum, copy, expected)


def test_a_domain_that_cannot_field_a_force_is_refused_at_its_first_row(copy):
    # the Freemen have 5 elites: two become warriors, leaving 3 of the 4 a force needs
    edit_text(copy / "domains.csv", "Freemen,Free Lancer,elite,", "Freemen,Free Lancer,warrior,")
    edit_text(
        copy / "domains.csv", "Freemen,Field Surgeon,elite,", "Freemen,Field Surgeon,warrior,"
    )
    with pytest.raises(DataError) as caught:
        load_dominum(copy)
    assert str(caught.value) == (
        f"{copy / 'domains.csv'}, row 13, field 'type': Domain 'Freemen' has 3 elite card(s); a "
        "force needs 4 (1 Stronghold, 1 Hero, 4 Elite, 7 Warrior cards)"
    )


def test_too_few_warriors_counting_copies_is_refused(copy):
    # Elves' warriors: 3 Spearmen + 2 Scouts + 3 Leaf Archers + 1 Hawk Rider = 9; with 1 Spearman
    # and 1 Leaf Archer, 5 remain
    edit_text(copy / "domains.csv", "Knockback,3", "Knockback,1")
    edit_text(copy / "domains.csv", "Alt Attack move,3", "Alt Attack move,1")
    with pytest.raises(DataError, match="'Elves' has 5 warrior card.s.; a force needs 7"):
        load_dominum(copy)


def test_a_domain_missing_its_stronghold_tiles_is_refused(copy):
    path = copy / "strongholds.csv"
    lines = path.read_text(encoding="utf-8").splitlines()
    path.write_text("\n".join(line for line in lines if "Flesh Pits" not in line) + "\n")
    with pytest.raises(DataError, match=r"strongholds.csv, field 'domain'.*'Shy-Lorr' has 2"):
        load_dominum(copy)


def test_a_vocabulary_word_the_engine_does_not_apply_is_refused(copy):
    """effects.toml names the words; the engine applies them: a word it does not apply stops the
    load (toolkit/data/effects.py)."""
    path = copy / "effects.toml"
    path.write_text(
        path.read_text() + '\n[word.Teleport]\ntext = "Teleport."\nrule = "x"\nmeans = "y"\n'
    )
    with pytest.raises(DataError, match="the engine applies no effect word 'Teleport'"):
        load_dominum(copy)


def test_a_missing_data_file_is_named(copy):
    (copy / "strongholds.csv").unlink()
    with pytest.raises(DataError, match="strongholds.csv: file not found"):
        load_dominum(copy)


# -- the effect vocabulary: the printed text is what the effects generate -------------------------
SAMPLE = load_dominum()
SAMPLE_CARD_ABILITIES = [a for card in SAMPLE.cards for a in SAMPLE.abilities[card]]


@given(st.sampled_from(SAMPLE.cards + SAMPLE.strongholds))
def test_every_sample_cards_printed_text_is_what_its_effects_generate(item):
    """A card's text is its terms' texts, joined; its cell written back reads to the same
    abilities."""
    data = SAMPLE
    abilities = data.abilities[item]
    terms = [term for ability in abilities for term in ability.terms]
    assert data.text(item) == " ".join(data.vocabulary.word(t.word).render(t.args) for t in terms)
    owner = "card" if item in data.cards else "stronghold"
    phases = [p for p in data.rules.rounds.phases if p != "initiative"]
    again = data.vocabulary.parse(term_text(abilities), path="x")
    assert group(again, owner=owner, phases=phases, path="x", row=None) == abilities


@given(st.lists(st.sampled_from(SAMPLE_CARD_ABILITIES), max_size=5))
def test_any_card_made_of_the_sample_abilities_prints_each_abilitys_text(abilities):
    """A designer's card combining the sample cards' abilities: the cell reads back to the same
    abilities, and its text is each ability's text in order."""
    data = SAMPLE
    phases = [p for p in data.rules.rounds.phases if p != "initiative"]
    cell = term_text(abilities)
    read = group(
        data.vocabulary.parse(cell, path="x"), owner="card", phases=phases, path="x", row=None
    )
    assert read == tuple(abilities)
    assert effects_text(data.vocabulary, read) == " ".join(
        effects_text(data.vocabulary, (ability,)) for ability in abilities
    )


def test_the_effects_page_lists_every_word_as_effects_toml_has_it():
    """docs/effects/dominum.md is made from effects.toml (`python -m toolkit.games.dominum.effects`)
    and names each word with its rule-book quote and the engine function that applies it."""
    data = load_dominum()
    page = (Path(__file__).parents[3] / "docs" / "effects" / "dominum.md").read_text()
    assert page == markdown(data.vocabulary)
    for word in data.vocabulary.words.values():
        assert f"### `{word.word}" in page and word.rule in page


def test_every_engine_function_the_vocabulary_names_exists():
    for word, where in ENGINE.items():
        for module, function in re.findall(r"\b(\w+)\.(\w+)\b", where):
            found = importlib.import_module(f"toolkit.games.dominum.{module}")
            assert callable(getattr(found, function, None)), (word, module, function)
