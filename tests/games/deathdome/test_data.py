"""Death Dome's sample data holds what the rules name, and bad data stops with file, row, field."""

from __future__ import annotations

from pathlib import Path

import pytest
from card_edits import assert_data_error, copy_card_data, edit_text

from toolkit.games.deathdome.data import TIMING_ICONS, UNIT_TYPES, load_deathdome

NAMED_IN_RULES = [
    "Buzz Saw Suit",
    "Riot Shield",
    "Needle Gun",
    "Medi-Kit",
    "Telegun",
    "Kamikaze Vest",
    # the combo list
    "Earmuffs",
    "Hoblerone's Healer",
    "Pain Dispersor",
    "Spider Legs",
    "Adrenaline",
    "Perfect Plans",
    "Cyber Suit",
    "Implants",
    "Sansachel's Satchel",
    "Vacuum Fan",
    "Buzz Pole",
    "Steroids",
    "Boxing Gloves",
]


@pytest.fixture(scope="module")
def data():
    return load_deathdome()


@pytest.fixture
def copy(tmp_path: Path) -> Path:
    return copy_card_data("deathdome", tmp_path / "deathdome")


def test_the_four_units_have_all_four_stats(data):
    assert set(data.units) == set(UNIT_TYPES)
    for unit in data.units.values():
        assert unit.movement >= 0 and unit.vitae >= 1


@pytest.mark.parametrize("name", NAMED_IN_RULES)
def test_every_item_the_rules_name_is_a_card(data, name):
    assert data.item_by_name(name) is not None, name


@pytest.mark.parametrize("deck", UNIT_TYPES)
def test_each_unit_deck_has_ranged_close_and_area_weapons(data, deck):
    weapons = data.deck(deck)
    # The medic's deck also holds his drugs for friends: given, not attacking (issue 26).
    assert {w.attack for w in weapons if not w.is_drug} == {"ranged", "close", "area"}
    assert all(w.kind == "weapon" for w in weapons)
    assert all(w.attack is None for w in weapons if w.is_drug)
    assert all(w.deck == "medic" for w in weapons if w.is_drug)


def test_weapon_strengths_armour_toughness_and_weapon_keywords_are_all_used(data):
    items = list(data.items.values())
    assert {i.strength for i in items if i.kind == "weapon" and not i.is_drug} == {1, 2, 3, 4}
    assert {i.toughness for i in items if i.kind == "armour"} == {1, 2, 3, 4}
    weapons = [i for i in items if i.kind == "weapon"]
    assert any(w.push_on == 2 for w in weapons)
    assert any(w.splash for w in weapons)
    assert any(w.incapacitate for w in weapons)
    assert any(w.ignore_los for w in weapons)
    assert any(w.attack == "ranged" and w.range not in (None, 9) for w in weapons)
    assert all(i.price >= 0 and i.qty >= 1 for i in items)
    assert any(i.kind == "equipment" for i in items)


def test_the_four_legendary_sets_give_the_rules_bonuses(data):
    # rules: Plutonium +1 skill, Butros +1 toughness, Sansachel's +1 movement, Hoblerone's +1 vitae
    bonuses = {s.id: (s.stat, s.bonus) for s in data.sets}
    assert bonuses == {
        "plutonium": ("skill", 1),
        "butros": ("toughness", 1),
        "sansachel": ("movement", 1),
        "hoblerone": ("vitae", 1),
    }
    for item_set in data.sets:
        assert len(set(item_set.items)) == 3
        assert all(data.items[i].set == item_set.id for i in item_set.items)
        assert data.items[item_set.bonus_item].kind == "equipment"


def test_special_play_deck_has_power_cards_1_to_4_and_every_timing_icon(data):
    assert {c.power for c in data.special_play if c.power} == {1, 2, 3, 4}
    used = {icon for c in data.special_play for icon in c.icons}
    assert used == set(TIMING_ICONS)


def test_rules_and_board_come_with_the_data(data):
    assert data.rules is not None and data.rules.match.rounds == 12
    assert data.board is not None and data.board.width > 0


def test_weapon_lookup_by_name_ignores_case(data):
    assert data.item_by_name("needle gun").id == "needle-gun"
    assert data.item_by_name("no such thing") is None


@pytest.mark.parametrize(
    ("file", "old", "new", "expected"),
    [
        ("items.csv", ",price,", ",cost,", ["items.csv", "row 1", "missing column(s) price"]),
        (
            "items.csv",
            "[S]; ranged; S 2,A reliable",
            "[S]; ranged; S big,A reliable",
            ["items.csv", "row 2", "'effects'", "'big'"],
        ),
        (
            "items.csv",
            "autocannon,Autocannon,weapon,gunner,",
            "autocannon,Autocannon,weapon,sniper,",
            ["items.csv", "row 3", "'deck'", "unknown unit type 'sniper'"],
        ),
        (
            "items.csv",
            "[S]; ranged; S 3,Belt-fed",
            "[S]; ranged; S 5,Belt-fed",
            ["items.csv", "row 3", "'effects'", "S is 1 to 4"],
        ),
        (
            "items.csv",
            "[S]; ranged; S 3,Belt-fed",
            "[S]; [Z]; ranged; S 3,Belt-fed",
            ["items.csv", "row 3", "'effects'", "unknown effect word '[Z]'"],
        ),
        (
            "items.csv",
            "kevlar-vest,Kevlar Vest,armour,armour,,125000,2,[D]; T 2,",
            "kevlar-vest,Kevlar Vest,armour,armour,,125000,2,[D],",
            ["items.csv", "'effects'", "armour needs a toughness"],
        ),
        ("units.csv", "scout,Scout,6,", "scout,Scout,fast,", ["units.csv", "row 5", "'movement'"]),
        (
            "special_play.csv",
            "[S]; [D]; power 4,",
            "[S]; [D]; power 7,",
            ["special_play.csv", "row 5", "'effects'", "power 7 is not 1 to 4"],
        ),
        (
            "sets.toml",
            'items = ["butros-axe", ',
            'items = ["butros-sword", ',
            ["sets.toml", "set[1].items", "'butros-sword' is not in items.csv"],
        ),
        ("print.toml", "bleed = 3.0", 'bleed = "lots"', ["print.toml", "line", "card.bleed"]),
    ],
)
def test_bad_data_names_file_row_and_field(copy, file, old, new, expected):
    edit_text(copy / file, old, new)
    assert_data_error(load_deathdome, copy, expected)
