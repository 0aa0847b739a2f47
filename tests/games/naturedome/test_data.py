"""card_data/naturedome: the shipped rule numbers and sample deck; bad data named by place."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from toolkit.data import CARD_DATA
from toolkit.errors import DataError
from toolkit.games.naturedome.data import load_deck, load_power_cards, load_rules
from toolkit.games.naturedome.match import new_match_in_order
from toolkit.games.naturedome.rules import CardKind

SHIPPED = CARD_DATA / "naturedome"
HEADER = "id,name,animal,kind,attack,defend,escape,boost,qty,text\n"


def test_the_shipped_rule_numbers_are_the_rule_texts():
    """Set Up: marker on 1000; The Health Meter: yellow -100, red -200; Set Up: three cards;
    The Winner: two out of three rounds; RULINGS.md: green above 500, red 200 and below."""
    rules = load_rules()
    assert rules.health.start == 1000
    assert (rules.health.yellow_at_or_below, rules.health.red_at_or_below) == (500, 200)
    assert (rules.penalty.yellow, rules.penalty.red) == (100, 200)
    assert (rules.cards.deal, rules.cards.draw) == (3, 3)
    assert rules.match.rounds_to_win == 2


def test_the_sample_deck_is_a_playable_animal_deck():
    entries = load_power_cards()
    deck = load_deck()
    assert 40 <= len(deck) <= 60
    assert len(deck) == sum(entry.qty for entry in entries)
    kinds = {entry.card.kind for entry in entries}
    assert kinds == {CardKind.POWER, CardKind.BOOST}
    for entry in entries:
        assert entry.card.animal, entry.card.id
        for value in (entry.card.attack, entry.card.defend, entry.card.escape, entry.card.boost):
            assert value % 50 == 0, entry.card.id
    new_match_in_order(deck, load_rules(), seed=0)  # passes the set-up checks


def copy_data(tmp_path: Path) -> Path:
    folder = tmp_path / "naturedome"
    shutil.copytree(SHIPPED, folder)
    return folder


@pytest.mark.parametrize(
    ("rows", "located", "fragment"),
    [
        ("a,A,Ant,power,-100,0,0,,1,\n", "row 2, field 'attack'", "greater than or equal to 0"),
        ("a,A,Ant,magic,100,0,0,,1,\n", "row 2, field 'kind'", "'power' or 'boost'"),
        ("a,A,Ant,power,lots,0,0,,1,\n", "row 2, field 'attack'", "valid integer"),
        ("a,A,Ant,boost,100,,,200,1,\n", "row 2, field 'attack'", "an Attack Boost has no attack"),
        ("a,A,Ant,boost,,,,,1,\n", "row 2, field 'boost'", "needs a boost value above 0"),
        ("a,A,Ant,power,100,,,50,1,\n", "row 2, field 'boost'", "only an Attack Boost"),
        ("a,A,Ant,power,,,,,1,\n", "row 2, field 'attack'", "needs an attack, defend or escape"),
        ("a,A,Ant,power,100,,,,0,\n", "row 2, field 'qty'", "greater than or equal to 1"),
        ("a b,A,Ant,power,100,,,,1,\n", "row 2, field 'id'", "should match pattern"),
        (
            "a,A,Ant,power,100,,,,1,\n\nb,B,Bee,power,100,,,,1,\na,C,Cat,power,1,,,,1,\n",
            "row 5, field 'id'",
            "duplicate id 'a' (first on row 2)",
        ),
    ],
)
def test_a_bad_card_row_is_named_by_row_and_field(tmp_path, rows, located, fragment):
    folder = copy_data(tmp_path)
    (folder / "power_cards.csv").write_text(HEADER + rows, encoding="utf-8")
    with pytest.raises(DataError) as caught:
        load_power_cards(folder)
    assert located in str(caught.value)
    assert fragment in str(caught.value)
    assert str(caught.value).startswith(str(folder / "power_cards.csv"))


def test_a_missing_column_is_named(tmp_path):
    folder = copy_data(tmp_path)
    (folder / "power_cards.csv").write_text("id,name,kind,attack\na,A,power,100\n")
    with pytest.raises(DataError, match=r"row 1: missing column\(s\) animal, defend"):
        load_power_cards(folder)


@pytest.mark.parametrize(
    ("old", "new", "located", "fragment"),
    [
        ("red_at_or_below = 200", "red_at_or_below = 600", "field 'health'", "red_at_or_below <"),
        ("yellow = 100", "yellow = -100", "line 10, field 'penalty.yellow'", "greater than"),
        ("rounds_to_win = 2", "rounds_to_win = two", "line 18", "not valid TOML"),
        ('= "player1"', '= "winner"', "field 'match.next_round_first_attacker'", "'player1'"),
        ("deal = 3", "dealt = 3", "field 'cards.deal'", "missing"),
    ],
)
def test_a_bad_rule_number_is_named_by_line_and_field(tmp_path, old, new, located, fragment):
    folder = copy_data(tmp_path)
    path = folder / "rules.toml"
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(DataError) as caught:
        load_rules(folder)
    assert located in str(caught.value)
    assert fragment in str(caught.value)
