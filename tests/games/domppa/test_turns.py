"""A combat's set-up and its turn order, from the rule text (rules/domppa.en.md) and the card data.

"Action Points: 12 - equipment encumbrance ... if points remain after moving, the character may
attack"; effects happen "every turn", "at the start of its own turn"; defence "resets at the start
of the round". The rules name no initiative: the tracker's turn order (docs/tracker-games.md,
"Domppa, turn order") gives every character in the combat one turn a round, the one with the most
AP first, ties in the roster's order. Characters start with the weapon, shield and side their row
of characters.csv gives (its gear's first weapon and its shield)."""

from __future__ import annotations

import csv
from pathlib import Path
from typing import Any

import pytest
from card_edits import copy_card_data
from hypothesis import given, settings
from hypothesis import strategies as st

from toolkit.errors import DataError
from toolkit.games.domppa.actions import Action
from toolkit.games.domppa.data import load_kit_data
from toolkit.games.domppa.match import apply, new_match, next_up, turn_order

DATA = load_kit_data(None)
SHEETS = list(csv.DictReader((DATA.folder / "characters.csv").open(encoding="utf-8")))


def act(state, **fields: Any):
    return apply(state, Action.from_fields(fields))[0]


WEAPONS = {row["name"] for row in csv.DictReader((DATA.folder / "weapons.csv").open())}
SHIELDS = {row["name"] for row in csv.DictReader((DATA.folder / "shields.csv").open())}


def test_every_character_starts_with_the_gear_and_side_of_its_row():
    """A character holds the first weapon of its `gear` and carries the shield in it."""
    state = new_match(DATA, seed=1, previous=None)
    assert len(state.roster) == len(SHEETS)
    for sheet, unit in zip(SHEETS, state.roster, strict=True):
        carried = [name for name in sheet["gear"].split("|") if name]
        weapons = [name for name in carried if name in WEAPONS]
        shields = [name for name in carried if name in SHIELDS]
        assert unit.name == sheet["name"]
        assert unit.weapon == (weapons[0] if weapons else "")
        assert unit.shield == (shields[0] if shields else "")
        assert unit.side == sheet["side"]
    knight = state.find("knight")
    assert knight is not None and (knight.weapon, knight.shield) == ("Lance", "Kite Shield")
    assert knight.side == "Defenders"


def test_a_carried_card_not_in_the_card_files_names_its_row_and_field(tmp_path: Path):
    folder = copy_card_data("domppa", tmp_path / "domppa")
    path = folder / "characters.csv"
    path.write_text(path.read_text(encoding="utf-8").replace("|Lance|", "|Laser Sword|"))
    with pytest.raises(DataError) as refused:
        load_kit_data(folder)
    message = str(refused.value)
    assert "characters.csv" in message and "Laser Sword" in message and "gear" in message
    assert "row 3" in message  # the Knight's row, as a spreadsheet numbers it


def _ap(sheet: dict[str, str]) -> int:
    """The rule's Action Points: 12 - equipment encumbrance."""
    return 12 - int(sheet["equipment_encumbrance"])


def test_the_turn_order_is_most_action_points_first_ties_in_roster_order():
    state = new_match(DATA, seed=1, previous=None)
    expected = sorted(range(len(SHEETS)), key=lambda i: (-_ap(SHEETS[i]), i))
    assert [u.name for u in turn_order(state)] == [SHEETS[i]["name"] for i in expected]
    assert [u.max_ap for u in turn_order(state)] == [_ap(SHEETS[i]) for i in expected]


def test_next_character_follows_the_order_and_a_new_round_starts_it_again():
    state = new_match(DATA, seed=1, previous=None)
    order = [u.id for u in turn_order(state)]
    seen = []
    while (up := next_up(state)) is not None:
        seen.append(up.id)
        state = act(state, type="turn", unit=up.id, recovery_d6="1")
    assert seen == order  # each character once, in the order
    state = act(state, type="new_round")
    first = next_up(state)
    assert first is not None and first.id == order[0]


def test_a_turn_taken_out_of_order_is_not_asked_again_and_those_out_are_skipped():
    state = new_match(DATA, seed=1, previous=None)
    order = [u.id for u in turn_order(state)]
    last = order[-1]
    state = act(state, type="turn", unit=last, recovery_d6="1")  # the table lets it go first
    state = act(state, type="leave", unit=order[0])
    up = next_up(state)
    assert up is not None and up.id == order[1]
    assert order[0] not in [u.id for u in turn_order(state)]
    big = state.find(order[1])
    assert big is not None
    state = act(state, type="hp", unit=order[1], change=str(-big.hp))  # 0 HP: out
    up = next_up(state)
    assert up is not None and up.id == order[2]


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(min_value=0, max_value=6), max_size=20))
def test_every_character_in_the_combat_gets_exactly_one_turn_a_round(picks):
    """Whatever the table starts out of order, following "next" ends the round with every
    character in the combat having had its turn once."""
    state = new_match(DATA, seed=1, previous=None)
    ids = [u.id for u in state.roster]
    for pick in picks:
        state = act(state, type="turn", unit=ids[pick], recovery_d6="1")
    while (up := next_up(state)) is not None:
        state = act(state, type="turn", unit=up.id, recovery_d6="1")
    assert sorted(state.acted) == sorted(ids)
