"""The sample data loads and checks out; bad data stops with file, row and field."""

import shutil
from pathlib import Path

import pytest

from toolkit.data import CARD_DATA
from toolkit.errors import DataError
from toolkit.games.domppa.abilities import parse_abilities
from toolkit.games.domppa.data import (
    load_armour,
    load_characters,
    load_rules,
    load_shields,
    load_weapons,
)
from toolkit.games.domppa.rules import hit_points, unit_size


@pytest.fixture
def data_copy(tmp_path: Path) -> Path:
    folder = tmp_path / "domppa"
    shutil.copytree(CARD_DATA / "domppa", folder)
    return folder


def test_the_sample_data_loads(rules):
    characters = load_characters()
    assert {c.name for c in characters} >= {"Knight", "Berserker", "Troll"}
    assert {w.name for w in load_weapons()} >= {"Lance", "Crossbow", "Flaming Brand"}
    assert {a.slot for a in load_armour()} == {"body", "head"}
    assert all(s.parry > 0 for s in load_shields())
    for character in characters:
        parse_abilities(rules, character.abilities)


def test_sample_characters_have_hp_and_size(rules):
    troll = next(c for c in load_characters() if c.name == "Troll")
    assert hit_points(rules, troll.health).hp == 85
    assert unit_size(rules, 85, troll.size).size == 4
    knight = next(c for c in load_characters() if c.name == "Knight")
    assert knight.size is None
    assert unit_size(rules, hit_points(rules, knight.health).hp).size == 3


def _replace(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))


def test_a_bad_number_names_file_row_and_field(data_copy):
    _replace(data_copy / "characters.csv", "Knight,14,", "Knight,lots,")
    with pytest.raises(DataError) as caught:
        load_characters(data_copy)
    assert caught.value.row == 3 and caught.value.field == "health"
    assert "characters.csv" in str(caught.value)


def test_an_unknown_ability_names_its_row(data_copy):
    _replace(data_copy / "characters.csv", "Berserk +3", "Berserk +3|Flight")
    with pytest.raises(DataError, match="unknown ability 'Flight'") as caught:
        load_characters(data_copy)
    assert (caught.value.row, caught.value.field) == (4, "abilities")


def test_an_unknown_damage_type(data_copy):
    _replace(data_copy / "weapons.csv", "Mace,5,1,blunt", "Mace,5,1,crushing")
    with pytest.raises(DataError, match="'crushing' is not one of") as caught:
        load_weapons(data_copy)
    assert caught.value.field == "damage_types"


def test_armour_slot_must_be_body_or_head(data_copy):
    _replace(data_copy / "armour.csv", "Chain Mail,body", "Chain Mail,legs")
    with pytest.raises(DataError) as caught:
        load_armour(data_copy)
    assert (caught.value.row, caught.value.field) == (4, "slot")


def test_negative_shield_parry(data_copy):
    _replace(data_copy / "shields.csv", "Buckler,1,", "Buckler,-1,")
    with pytest.raises(DataError, match="greater than or equal to 0"):
        load_shields(data_copy)


def test_a_bad_rule_number_names_its_line(data_copy):
    _replace(data_copy / "rules.toml", "percent_per_turn = 10", "percent_per_turn = 0")
    with pytest.raises(DataError) as caught:
        load_rules(data_copy)
    assert caught.value.field == "poison.percent_per_turn"
    text = (data_copy / "rules.toml").read_text().splitlines()
    assert caught.value.line is not None
    assert text[caught.value.line - 1].startswith("percent_per_turn = 0")


def test_health_tiers_must_not_leave_gaps(data_copy):
    _replace(data_copy / "rules.toml", "{ from = 6, to = 10", "{ from = 7, to = 10")
    with pytest.raises(DataError, match="without gaps"):
        load_rules(data_copy)


def test_a_house_rule_changes_the_numbers(data_copy, rules):
    _replace(
        data_copy / "rules.toml", "slashing_damage_percent = 125", "slashing_damage_percent = 150"
    )
    house = load_rules(data_copy)
    from toolkit.games.domppa.rules import DamageType, final_damage

    assert final_damage(house, 5, DamageType.SLASHING, False)[0] == 7
    assert final_damage(rules, 5, DamageType.SLASHING, False)[0] == 6
