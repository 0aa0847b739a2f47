"""Dominum's sample Domains hold what the rules name, and bad data stops with file, row, field."""

from __future__ import annotations

from pathlib import Path

import pytest
from card_edits import assert_data_error, copy_card_data, edit_text

from toolkit.errors import DataError
from toolkit.games.dominum.data import KEYWORDS, load_dominum
from toolkit.games.dominum.setup import card_of


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
    shadowblade = data.card("Shadowblade")
    assert shadowblade.domain == "Elves"
    assert "Neutral Line" in shadowblade.ability and "1 Charge" in shadowblade.ability
    disciple = data.card("Disciple of the Sky")
    assert disciple.domain == "Freemen"
    assert "1 Charge" in disciple.ability and "ally Warrior" in disciple.ability
    assert "moves immediately" in disciple.ability
    hunter = data.card("Flesh Hunter")
    assert hunter.domain == "Shy-Lorr"
    assert hunter.ability.startswith("On Deploy") and "Free Strike with Lunge" in hunter.ability
    assert set(hunter.keywords) == {"Lunge", "Free Strike"}


def test_every_keyword_of_the_rules_is_on_some_sample_card(data):
    used = {keyword for card in data.cards for keyword in card.keywords}
    assert used == set(KEYWORDS)


def test_both_ranges_flying_cards_and_a_separate_defense_appear(data):
    assert {card.range for card in data.cards} == {"radial", "standard"}
    assert any(card.fly for card in data.cards)
    sentinel = data.card("wildwood sentinel")
    assert sentinel.defense == 4 and card_of(sentinel).defense == 4
    scout = data.card("Elven Scout")
    assert scout.defense is None and card_of(scout).defense == scout.strength


def test_keywords_are_read_in_any_case_and_spacing(copy):
    edit_text(copy / "domains.csv", "Deadly; Knockback", "deadly ;  KNOCKBACK")
    data = load_dominum(copy)
    assert data.card("Silverbough Warden").keywords == ("Deadly", "Knockback")


@pytest.mark.parametrize(
    ("file", "old", "new", "expected"),
    [
        (
            "domains.csv",
            "Elves,Glade Rider,elite,3,,radial,,Lunge,",
            "Elves,Glade Rider,elite,3,,radial,,Lunge; Teleport,",
            ["domains.csv", "row 7", "'keywords'", "unknown keyword 'Teleport'"],
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
    edit_text(copy / "domains.csv", 'enemy.",3', 'enemy.",1')
    edit_text(copy / "domains.csv", 'within range.",3', 'within range.",1')
    with pytest.raises(DataError, match="'Elves' has 5 warrior card.s.; a force needs 7"):
        load_dominum(copy)


def test_a_domain_missing_its_stronghold_tiles_is_refused(copy):
    path = copy / "strongholds.csv"
    lines = path.read_text(encoding="utf-8").splitlines()
    path.write_text("\n".join(line for line in lines if "Flesh Pits" not in line) + "\n")
    with pytest.raises(DataError, match=r"strongholds.csv, field 'domain'.*'Shy-Lorr' has 2"):
        load_dominum(copy)


def test_a_missing_data_file_is_named(copy):
    (copy / "strongholds.csv").unlink()
    with pytest.raises(DataError, match="strongholds.csv: file not found"):
        load_dominum(copy)
