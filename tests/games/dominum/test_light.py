"""A light Dominum match (issue 27): the table keeps the battlefield and the Phase tokens, the
phone keeps the Power Decks, the Charge, the VP and the Surge token and does the sums. Each case
is one a player checks by hand with the cards' printed numbers and the rules' VP table."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from toolkit.errors import DomekitError, RuleError
from toolkit.games.dominum.actions import READER
from toolkit.games.dominum.match import DOOR, FULL, LIGHT, DominumMatch
from toolkit.games.dominum.power import CRITICAL

BEGIN = {
    "type": "begin",
    "reserves": {"red": ["3", "4"], "gold": ["1", "2"]},
    "seed": 7,
    "first_player": "red",
}


def begun(mode: str = LIGHT) -> DominumMatch:
    match, _ = DOOR.apply(DominumMatch.first(None, None, mode=mode), READER.from_json(BEGIN))
    return match


def play(match: DominumMatch, *lines: str) -> tuple[DominumMatch, list[str]]:
    summaries = []
    for line in lines:
        match, outcome = DOOR.apply(match, READER.from_text(line))
        summaries.append(outcome.summary)
    return match, summaries


def test_a_light_match_begins_with_the_deployment_on_the_table():
    match = begun()
    assert match.state is None and match.light is not None
    assert match.light.round == 1
    # Elves: the Shadowblade is strength 3; the Stronghold starts with 2 Charge.
    assert match.light.sides["red"].charge == 2
    assert match.to_json()["mode"] == LIGHT


def test_attack_then_the_defenders_answer_wounds_by_the_printed_numbers():
    # Shadowblade 3 + a drawn 3 = 6 against the Militia Pikeman's 2 + a drawn 1 = 3: a wound.
    match, said = play(
        begun(),
        "red card attack Shadowblade -> Militia Pikeman power 3",
        "gold defend power 1",
    )
    assert said[0] == "Shadowblade draws 3: attack total 6; gold to answer"
    assert said[1] == "a wound: Shadowblade wounds Militia Pikeman"
    assert match.light is not None and match.light.strike is None


def test_a_block_allows_the_counterattack_of_the_blocker_only():
    # Elven Scout 1 + 1 = 2 against the Shieldbearer's 4: blocked, the Shieldbearer may answer.
    match, said = play(
        begun(),
        "red card attack Elven Scout -> Shieldbearer power 1",
        "gold defend no draw",
    )
    assert said[1] == "blocked: Shieldbearer blocks Elven Scout; gold may counterattack"
    with pytest.raises(RuleError, match="counterattack follows a block"):
        play(match, "gold card attack Captain Aldric -> Elven Scout power 2 as counterattack")
    match, said = play(
        match,
        "gold card attack Shieldbearer -> Elven Scout power 2 as counterattack",
        "red defend no draw",
    )
    assert said[-1] == "a wound: Shieldbearer wounds Elven Scout"


def test_an_attack_waits_for_its_answer_by_the_defender():
    match, _ = play(begun(), "red card attack Shadowblade -> Militia Pikeman power 3")
    with pytest.raises(RuleError, match="gold first answers"):
        play(match, "red charge")
    with pytest.raises(RuleError, match="gold answers the attack"):
        play(match, "red defend no draw")
    with pytest.raises(RuleError, match="no attack waits"):
        play(begun(), "gold defend no draw")


def test_a_card_not_in_the_forces_is_refused_by_name():
    with pytest.raises(RuleError, match="gold's forces hold no 'Shadowblade'"):
        play(begun(), "red card attack Shadowblade -> Shadowblade power 3")


@pytest.mark.parametrize(
    ("line", "vp", "surge"),
    [
        # VP table: 9 or more 1 VP, 11 or more 2 VP, less than 9 none and the Surge token.
        ("red assault score 5 power 4 + reserve:3", 2, False),  # 5 + 4 + 3 = 12
        ("red assault score 2 power 4 + reserve:3", 1, False),  # 2 + 4 + 3 = 9
        ("red assault score 1 power 1 + 2", 0, True),  # 1 + 1 + 2 = 4
    ],
)
def test_assault_from_the_score_the_table_counts(line, vp, surge):
    match, _ = play(begun(), line)
    assert match.light is not None
    assert match.light.sides["red"].vp == vp
    assert match.light.sides["red"].surge is surge


def test_assault_needs_the_tables_initial_score():
    with pytest.raises(RuleError, match="initial assault score"):
        play(begun(), "red assault power 4 + 3")


def test_charge_is_capped_by_the_stronghold_and_end_round_counts_rounds():
    match, said = play(begun(), "red charge", "red charge", "end round")
    assert match.light is not None
    assert match.light.sides["red"].charge == 3  # 2 + 2 capped at 3
    assert said[-1] == "round 2 begins" and match.light.round == 2


@pytest.mark.parametrize(
    "line",
    ["red place Shadowblade at 1,2", "red move 1,2 -> 1,3", "red activate move", "red end phase"],
)
def test_a_light_match_leaves_the_board_and_the_phase_tokens_to_the_table(line):
    with pytest.raises((RuleError, DomekitError), match="table keeps|light match"):
        play(begun(), line)


def test_a_full_match_refuses_a_light_matchs_actions_and_keeps_its_json_form():
    match = begun(FULL)
    assert "mode" not in match.to_json()
    with pytest.raises(RuleError, match="light match"):
        play(match, "red card attack Shadowblade -> Militia Pikeman power 3")


def test_a_stored_match_without_mode_is_full():
    value = begun(FULL).to_json()
    assert DominumMatch.from_json(value).mode == FULL
    assert DominumMatch.first(None, None).mode == FULL


@settings(max_examples=25, deadline=None)
@given(st.lists(st.sampled_from([1, 2, 3, 4, "critical"]), min_size=1, max_size=6))
def test_a_light_match_replays_from_its_json_form(draws):
    """Whatever the power drawn, the stored match reads back to the same state."""
    match = begun()
    for card in draws:
        power = "critical" if card == CRITICAL or card == "critical" else str(card)
        try:
            match, _ = play(match, f"red card attack Shadowblade -> Militia Pikeman power {power}")
            match, _ = play(match, "gold defend no draw")
        except RuleError:
            continue  # that card is not in the deck any more
    again = DominumMatch.from_json(match.to_json())
    assert again.light == match.light
    assert again.to_json() == match.to_json()
