"""Nature Dome's actions: each one's text form and JSON form read back exactly, and every
parser refuses with the field it could not read."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from toolkit.errors import DomekitError
from toolkit.games.naturedome.actions import (
    Attack,
    Clash,
    Hand,
    LayBoost,
    Recount,
    Respond,
    from_json,
    parse,
    parse_table_action,
    table_action_from_fields,
    table_action_from_json,
)
from toolkit.games.naturedome.actions import parse as parse_action
from toolkit.games.naturedome.rules import Defense

card_ids = st.from_regex(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,20}", fullmatch=True)
counts = st.integers(min_value=0, max_value=10_000)
clashes = st.builds(
    Clash,
    attacker=st.sampled_from([0, 1]),
    attack=card_ids,
    defense=st.sampled_from(Defense),
    card=card_ids,
    boosts=st.lists(card_ids, max_size=4).map(tuple),
)
recounts = st.builds(Recount, hands=st.tuples(counts, counts), draw_pile=counts)
hands = st.builds(
    Hand,
    player=st.sampled_from([0, 1]),
    cards=st.lists(card_ids, min_size=1, max_size=3).map(tuple),
)
steps = st.one_of(
    st.builds(LayBoost, card_ids),
    st.builds(Attack, card_ids),
    st.builds(Respond, st.sampled_from(Defense), card_ids),
)
actions = st.one_of(steps, clashes, recounts, hands)


def test_actions_have_a_text_form():
    for text in ("boost howl", "attack claw", "defend shell", "escape hare"):
        assert str(parse_action(text)) == text
    for bad in ("fly hawk", "attack", "attack two words"):
        with pytest.raises(DomekitError):
            parse_action(bad)


def test_the_text_forms_the_history_shows():
    clash = Clash(0, "bear-swipe", Defense.DEFEND, "shell-guard", boosts=("pack-howl",))
    assert clash.text() == "clash P1 boost pack-howl attack bear-swipe / P2 defend shell-guard"
    assert Clash(1, "talon-dive", Defense.ESCAPE, "tail-drop").text() == (
        "clash P2 attack talon-dive / P1 escape tail-drop"
    )
    assert Recount((3, 2), 40).text() == "recount hands 3,2 draw pile 40"
    assert clash.steps() == (
        LayBoost("pack-howl"),
        Attack("bear-swipe"),
        Respond(Defense.DEFEND, "shell-guard"),
    )


def test_a_clash_reads_as_people_type_it():
    """Without the word clash, with p1 or player1, with extra spaces."""
    expected = Clash(0, "bear-swipe", Defense.DEFEND, "shell-guard", boosts=("pack-howl",))
    for text in (
        "P1 boost pack-howl attack bear-swipe / P2 defend shell-guard",
        "  clash p1 boost pack-howl  attack bear-swipe /p2 defend shell-guard ",
        "clash player1 boost pack-howl attack bear-swipe / player2 defend shell-guard",
    ):
        assert parse_table_action(text) == expected


@given(action=actions)
def test_every_action_reads_back_from_its_text_form(action):
    assert parse(action.text()) == action
    assert type(action).from_text(action.text()) == action
    assert str(action) == action.text()


@given(action=actions)
def test_every_action_reads_back_from_its_json_form(action):
    assert from_json(action.to_json()) == action
    assert type(action).from_json(action.to_json()) == action


@given(action=actions)
def test_what_the_tracker_records_reads_back_from_text_json_and_fields(action):
    assert parse_table_action(action.text()) == action
    assert table_action_from_json(action.to_json()) == action
    fields = action.to_json()
    if isinstance(action, Recount):  # a form sends one field per count
        fields = {"type": "recount", "hand1": action.hands[0], "hand2": action.hands[1],
                  "draw_pile": action.draw_pile}  # fmt: skip
    assert table_action_from_fields(fields) == action


def test_the_json_forms_are_the_stored_payloads():
    """The payloads the tracker's log has stored since its first version (an export's
    `payload`), read back and written again unchanged."""
    stored = [
        {"attack": "sonar-dodge", "attacker": 1, "boosts": [], "card": "rolling-armour",
         "defence": "escape", "type": "clash"},
        {"attack": "bear-swipe", "attacker": 2, "boosts": ["pack-howl", "stampede"],
         "card": "shell-guard", "defence": "defend", "type": "clash"},
        {"draw_pile": 0, "hands": [1, 48], "type": "recount"},
    ]  # fmt: skip
    for payload in stored:
        assert table_action_from_json(payload).to_json() == payload
    clash = table_action_from_json(stored[1])
    assert clash == Clash(1, "bear-swipe", Defense.DEFEND, "shell-guard", ("pack-howl", "stampede"))


def test_form_fields_as_a_phone_sends_them():
    """Empty boost selects are skipped; boosts may be one text; players as text."""
    fields = {"type": "clash", "attacker": "2", "boosts": ["", "pack-howl", " "],
              "attack": " talon-dive ", "defence": "Escape", "card": "tail-drop"}  # fmt: skip
    assert table_action_from_fields(fields) == Clash(
        1, "talon-dive", Defense.ESCAPE, "tail-drop", ("pack-howl",)
    )
    both = table_action_from_fields({**fields, "boosts": "pack-howl; stampede"})
    assert isinstance(both, Clash) and both.boosts == ("pack-howl", "stampede")
    recount = table_action_from_fields({"type": "recount", "hand1": "3", "hand2": 2,
                                        "draw_pile": " 40 "})  # fmt: skip
    assert recount == Recount((3, 2), 40)


CLASH = {"type": "clash", "attacker": 1, "boosts": [], "attack": "talon-dive",
         "defence": "defend", "card": "trunk-slam"}  # fmt: skip


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({**CLASH, "attacker": 3}, "the attacker: a player is 1 or 2 (got 3)"),
        ({**CLASH, "attacker": None}, "the attacker: a player is 1 or 2"),
        ({**CLASH, "defence": "dodge"}, "the defender defends or escapes (got 'dodge')"),
        ({**CLASH, "attack": ""}, "name the attack card"),
        ({**CLASH, "card": None, "defence": "escape"}, "name the escape card"),
        ({**CLASH, "attack": "dragon fire"}, "the attack card: 'dragon fire' is not a card id"),
        ({**CLASH, "attack": ["talon-dive"]}, "the attack card: a card id is text"),
        ({**CLASH, "boosts": ["pack-howl", "no way"]}, "Attack Boost 2: 'no way' is not a card id"),
        ({**CLASH, "boosts": {"a": 1}}, "the Attack Boosts: a list of card ids"),
        ({"type": "recount", "hand1": -1, "hand2": 3, "draw_pile": 10},
         "Player 1's hand must be at least 0 (got -1)"),
        ({"type": "recount", "hand1": 1, "hand2": "x", "draw_pile": 10},
         "Player 2's hand must be a whole number"),
        ({"type": "recount", "hand1": 1, "hand2": 2}, "the draw pile must be a whole number"),
        ({"type": "shuffle"}, "unknown action 'shuffle'"),
    ],
)  # fmt: skip
def test_a_field_that_cannot_be_read_is_named(fields, message):
    with pytest.raises(DomekitError) as refused:
        table_action_from_fields(fields)
    assert message in str(refused.value)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("clash P1 attack talon-dive", "type a clash as: clash P1 boost pack-howl attack"),
        ("clash P2 attack bear-swipe / P2 defend tail-drop", "the other player answers"),
        ("clash P3 attack bear-swipe / P1 defend tail-drop", "the attacker: a player is 1 or 2"),
        ("clash P1 attack a attack b / P2 defend c", "boosts first, then one attack card"),
        ("clash P1 boost a boost b / P2 defend c", "an attack card, then the answer"),
        ("clash P1 attack a boost / P2 defend c", "each card follows its verb"),
        ("clash P1 attack a / P2 dodge c", "an answer is 'defend <card id>'"),
        ("clash P1 attack a! / P2 defend c", "the attack card: 'a!' is not a card id"),
        ("recount hands 3 draw pile 40", "type a recount as: recount hands 3,2 draw pile 40"),
        ("fly hawk", "the verb must be boost, attack, defend or escape"),
    ],
)
def test_a_text_that_cannot_be_read_says_what_was_wrong(text, message):
    with pytest.raises(DomekitError) as refused:
        parse(text)
    assert message in str(refused.value)


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ({"type": "recount", "hands": [1], "draw_pile": 3}, "a recount's hands: two counts"),
        ({"type": "recount", "hands": [1, -2], "draw_pile": 3}, "Player 2's hand must be at least"),
        # Issue 27: the tracker records a clash's steps too (light tracking), and the cards a
        # player names in their hand.
        ({"type": "attack", "card": "Talon Dive"}, "is not a card id"),
        ({"type": "hand", "player": 3, "cards": ["talon-dive"]}, "a player is 1 or 2"),
        ({"type": "hand", "player": 1, "cards": []}, "name the card(s) drawn"),
        ({"type": "dance"}, "unknown action 'dance'"),
    ],
)
def test_a_logged_action_that_cannot_be_read_is_named(value, message):
    with pytest.raises(DomekitError) as refused:
        table_action_from_json(value)
    assert message in str(refused.value)
