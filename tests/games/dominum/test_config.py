"""card_data/dominum/rules.toml: the shipped numbers, and located errors for broken files."""

from __future__ import annotations

import pytest

from toolkit.data import CARD_DATA
from toolkit.errors import DataError
from toolkit.games.dominum.config import load_rules


def test_shipped_numbers_match_the_rule_text(rules):
    """The Power Deck 9 cards; reserve 3; VP table 9/11; 5 activations; limit 6; charge 3; 7 VP."""
    assert rules.power_deck.size == 9
    assert rules.power_deck.reserve_limit == 3
    assert [band.at_least for band in rules.assault.vp_table] == [0, 9, 11]
    assert rules.rounds.activations_per_player == 5 and len(rules.rounds.phases) == 8
    assert rules.battlefield.limit == 6 and rules.stronghold.charge_limit == 3
    assert rules.end.winning_vp == 7 and rules.end.cycles_to_end == 4
    assert rules.forces.hand == 12


def broken(tmp_path, old: str, new: str):
    text = (CARD_DATA / "dominum" / "rules.toml").read_text()
    assert old in text
    (tmp_path / "rules.toml").write_text(text.replace(old, new))
    return tmp_path


@pytest.mark.parametrize(
    "old, new, message",
    [
        ("cycle_counters = [1, 2, 3, 4]", "cycle_counters = [1, 2, 5]", "cycle counter 5"),
        ("at_least = 11", "at_least = 9", "strictly increasing"),
        ('"initiative"]', '"nap"]', "unknown phase"),
        ("fortified_columns = [2, 4]", "fortified_columns = [1, 4]", "inside assault_zone"),
        ("charge_limit = 3", 'charge_limit = "three"', "charge_limit"),
        ("cycles_to_end = 4", "cycles_to_end = 5", "cycles_to_end"),
    ],
)
def test_bad_rules_file_is_refused_with_its_place(tmp_path, old, new, message):
    with pytest.raises(DataError, match=message) as caught:
        load_rules(broken(tmp_path, old, new))
    assert "rules.toml" in str(caught.value)


def test_missing_section_names_the_field(tmp_path):
    text = (CARD_DATA / "dominum" / "rules.toml").read_text()
    cut = text[: text.index("[end]")] + text[text.index("[board]") :]
    (tmp_path / "rules.toml").write_text(cut)
    with pytest.raises(DataError, match="field 'end': missing"):
        load_rules(tmp_path)
