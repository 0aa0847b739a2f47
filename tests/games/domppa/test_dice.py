"""Dice as players roll them: exploding 2d6 typed as faces in the order rolled."""

import pytest

from toolkit.errors import DomekitError
from toolkit.games.domppa.dice import check_total, lucky_faces, pad_faces, parse_exploding


@pytest.mark.parametrize(
    ("typed", "values", "total"),
    [
        ("4,3", (4, 3), 7),  # no explosion
        ("6,3,2", (8, 2), 10),  # the example: 6 exploded into 3 (6 + 3 - 1), then a 2
        ("2,6,1", (2, 6), 8),  # the second die explodes into a 1: 6 + 0
        ("6,6,1,2", (11, 2), 13),  # an explosion explodes again: 6 + (6 - 1) + (1 - 1)
        ("6,5,6,6,4", (10, 14), 24),  # both dice explode: 6 + 4, then 6 + 5 + 3
        (" 1 , 1 ", (1, 1), 2),  # spaces are fine
    ],
)
def test_exploding_2d6_faces_in_the_order_rolled(rules, typed, values, total):
    roll = parse_exploding(typed, rules.dice)
    assert roll.values == values
    assert roll.total == total


@pytest.mark.parametrize(
    ("typed", "message"),
    [
        ("3,4,2", "more than 2 dice"),  # a 3 does not explode, so the 2 is a third die
        ("7,1", "not a face of a d6"),
        ("0,3", "not a face of a d6"),
        ("4", "holds 1 dice; expected 2"),
        ("6,3", "holds 1 dice; expected 2"),  # one die and its explosion
        ("6,6", "ends on a 6"),
        ("4,6", "ends on a 6"),
        ("", "expected faces"),
        ("4,,3", "expected faces"),
        ("a,3", "is not a die face"),
    ],
)
def test_a_2d6_is_exactly_two_dice_and_their_explosions(rules, typed, message):
    with pytest.raises(DomekitError, match=message):
        parse_exploding(typed, rules.dice)


def test_the_roll_knows_whether_a_6_showed(rules):
    assert parse_exploding("6,3,2", rules.dice).shows(6)
    assert parse_exploding("2,6,1", rules.dice).shows(6)
    assert not parse_exploding("5,4", rules.dice).shows(6)


def test_steps_explain_the_explosion(rules):
    roll = parse_exploding("6,3,2", rules.dice)
    assert roll.steps == ["die 1: 6 exploded, 6 + (3 - 1) = 8", "die 2: 2", "2d6 = 8 + 2 = 10"]


def test_a_plain_total_needs_at_least_two(rules):
    assert check_total(2, rules.dice) == 2
    assert check_total(30, rules.dice) == 30  # exploding dice reach any total
    with pytest.raises(DomekitError, match="cannot total 1"):
        check_total(1, rules.dice)


def test_lucky_rerolls_the_first_6_rolled_against_the_character(rules):
    kept, used, _ = lucky_faces([6, 4, 2], rules.dice, used=False)
    assert (kept, used) == ([4, 2], True)
    assert parse_exploding(kept, rules.dice).total == 6
    # the re-roll may itself be a 6, which explodes as usual
    kept, used, _ = lucky_faces([6, 6, 3, 2], rules.dice, used=False)
    assert parse_exploding(kept, rules.dice).total == 10
    # once a round: the next 6 stands and explodes
    kept, used, _ = lucky_faces([6, 4, 2], rules.dice, used=True)
    assert (kept, used) == ([6, 4, 2], True)
    assert parse_exploding(kept, rules.dice).total == 11
    # no 6, nothing to re-roll, Lucky stays unused
    assert lucky_faces([3, 4], rules.dice, used=False)[:2] == ([3, 4], False)


@pytest.mark.parametrize(
    ("typed", "read"),
    [
        ((632,), [6, 3, 2]),  # a phone's number pad has no comma: a die a digit
        ((53,), [5, 3]),
        ((6, 3, 2), [6, 3, 2]),  # typed with commas: as they are
        ((70,), [70]),  # a 0 is no face: left as typed, and refused as it always was
        ((5,), [5]),
    ],
)
def test_dice_typed_on_a_number_pad_read_a_die_a_digit(rules, typed, read):
    assert pad_faces(typed, rules.dice) == read


def test_a_pad_typed_roll_resolves_as_the_same_roll_with_commas(rules):
    assert parse_exploding(pad_faces((632,), rules.dice), rules.dice).total == 10
