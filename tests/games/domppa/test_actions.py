"""Domppa's typed actions: each one's text form and JSON form read back to the same action, the
history's lines read back, and a malformed field is refused naming the field."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from toolkit.errors import DomekitError
from toolkit.games.domppa.actions import (
    CONDITIONS,
    SWITCHES,
    Action,
    AddCharacter,
    AnyAction,
    Attack,
    CarryGear,
    ChangeHp,
    ChooseSide,
    Dice,
    EndCombat,
    Join,
    Leave,
    Morale,
    NewRound,
    Rally,
    SetCondition,
    SetLight,
    SpendAp,
    StartTurn,
    UnreadDice,
)
from toolkit.games.domppa.data import CharacterRow
from toolkit.games.domppa.rules import DamageType

EXPORT = json.loads((Path(__file__).parent / "data" / "combat-export.json").read_text("utf-8"))


def _stable(read):  # type: ignore[no-untyped-def]
    """Values as a form's reader leaves them (reading them again changes nothing)."""
    return lambda text: read(read(text))


def _strip(text: str) -> str:
    return text.strip()


def _side(text: str) -> str:
    return text.strip()[:20].strip()


def _lower(text: str) -> str:
    return text.strip().lower()


texts = st.text(max_size=24)
units = texts.map(_stable(_strip))
names = st.text(min_size=1, max_size=40).map(_stable(_strip)).filter(bool)
sides = texts.map(_stable(_side))
faces = st.lists(st.integers(0, 20), min_size=1, max_size=6).map(lambda f: Dice(tuple(f)))
dice = st.one_of(st.just(Dice()), faces)
optional_dice = st.one_of(st.none(), dice)
counts = st.integers(0, 10**6)
signed = st.integers(-(10**6), 10**6)
rows = st.builds(
    CharacterRow,
    name=names,
    health=counts,
    protection_body=counts,
    protection_head=counts,
    protection_natural=counts,
    magic_resistance=counts,
    morale=signed,
    strength=signed,
    attack=signed,
    defence=counts,
    precision=signed,
    equipment_encumbrance=counts,
    size=st.one_of(st.none(), st.integers(0, 10)),
    abilities=texts.map(_stable(_strip)),
)
conditions = st.sampled_from(CONDITIONS).flatmap(
    lambda name: st.builds(
        SetCondition,
        units,
        st.just(name),
        st.booleans() if name in SWITCHES else counts,
    )
)
actions: st.SearchStrategy[AnyAction] = st.one_of(
    st.builds(AddCharacter, rows, sides),
    st.builds(ChooseSide, units, sides),
    st.builds(Join, units),
    st.builds(Leave, units),
    st.builds(CarryGear, units, units, units),
    st.builds(StartTurn, units, optional_dice, optional_dice, optional_dice),
    st.builds(
        Attack,
        mode=st.sampled_from(["melee", "ranged"]),
        attacker=units,
        target=units,
        hit_dice=dice,
        damage_dice=dice,
        weapon=units,
        damage_type=st.one_of(st.none(), st.sampled_from(list(DamageType))),
        head=st.booleans(),
        distance=counts,
        freeze_d6=optional_dice,
    ),
    st.builds(Morale, units, dice),
    st.builds(Rally, units, dice),
    conditions,
    st.builds(ChangeHp, units, signed, signed),
    st.builds(SpendAp, units, texts.map(_stable(_lower)), counts, counts, counts),
    st.just(NewRound()),
    st.builds(SetLight, st.sampled_from([None, "night", "pitch_dark", "blind"])),
    st.just(EndCombat()),
)


@given(actions)
def test_the_text_form_reads_back_to_the_same_action(action):
    assert Action.from_text(action.text()) == action


@given(actions)
def test_the_json_form_reads_back_and_is_plain_json(action):
    payload = action.to_json()
    assert json.loads(json.dumps(payload)) == payload
    assert payload["type"] == action.kind
    assert Action.from_json(payload) == action
    if not isinstance(action, AddCharacter):  # a JSON body of today's fields is the JSON form
        assert Action.from_fields(payload) == action


@given(actions)
def test_the_history_line_reads_back_to_an_action_with_the_same_line(action):
    try:
        again = Action.from_text(action.line())
    except DomekitError:
        # A line shows names as typed; one that does not read back as words is quoted in the
        # text form only.
        assert action.line() != action.text()
        return
    assert again.line() == action.line() or action.line() != action.text()


def test_todays_history_lines_are_the_lines_and_read_back():
    for row in EXPORT["actions"]:
        if row["payload"]["type"] == "undo":
            continue
        action = Action.from_json(row["payload"])
        assert action.line() == row["text"]
        assert Action.from_text(row["text"]).line() == row["text"]


@pytest.mark.parametrize(
    ("text", "fields"),
    [
        (
            "melee knight -> berserker with Broadsword hit 6,3,2 damage 5,4",
            {"type": "attack", "attacker": "knight", "target": "berserker",
             "weapon": "Broadsword", "hit_dice": "6,3,2", "damage_dice": "5,4"},
        ),
        (
            "ranged scout -> troll with Shortbow hit 5,5 damage roll as armor-piercing head at 6",
            {"type": "attack", "mode": "ranged", "attacker": "scout", "target": "troll",
             "weapon": "Shortbow", "hit_dice": "5,5", "damage_dice": "roll",
             "damage_type": "armor-piercing", "head": "1", "distance": "6"},
        ),
        (
            "melee frost-giant -> knight with Frost Axe hit roll damage 4,4 freeze 5",
            {"type": "attack", "attacker": "frost-giant", "target": "knight",
             "weapon": "Frost Axe", "hit_dice": "roll", "damage_dice": "4,4", "freeze_d6": "5"},
        ),
        (
            "add Goblin Archer (raiders) health 6 attack 9 abilities Berserk +2|Lucky",
            {"type": "add", "name": "Goblin Archer", "side": "raiders", "health": "6",
             "attack": "9", "abilities": "Berserk +2|Lucky"},
        ),
        (
            'add "Health Potion" side "(the Crown)"',
            {"type": "add", "name": "Health Potion", "side": "(the Crown)"},
        ),
        ('side knight "the  Crown"', {"type": "side", "unit": "knight", "side": "the  Crown"}),
        ("side knight -", {"type": "side", "unit": "knight", "side": ""}),
        ("gear knight Broadsword / -", {"type": "gear", "unit": "knight",
                                        "weapon": "Broadsword"}),
        ("turn troll burn 2 freeze 4,2 recovery roll",
         {"type": "turn", "unit": "troll", "burn_d2": "2", "freeze_dice": "4,2",
          "recovery_d6": "roll"}),
        ("morale berserker 3,2", {"type": "morale", "unit": "berserker", "dice": "3,2"}),
        ("condition troll burning True", {"type": "condition", "unit": "troll",
                                          "condition": "burning", "value": "1"}),
        ("condition troll poison 25", {"type": "condition", "unit": "troll",
                                       "condition": "poison", "value": 25}),
        ("hp troll -20 fatigue +5", {"type": "hp", "unit": "troll", "change": "-20",
                                     "fatigue": "5"}),
        ("spend scout move 2+1d difficult 1",
         {"type": "spend", "unit": "scout", "action": "move", "squares": 2,
          "diagonal_squares": 1, "difficult_squares": 1}),
        ("New Round", {"type": "new_round"}),
        ("light pitch_dark", {"type": "light", "darkness": "pitch dark"}),
        ("light day", {"type": "light", "darkness": ""}),
        ("end combat", {"type": "end_combat"}),
    ],
)  # fmt: skip
def test_a_typed_line_is_the_action_its_form_would_send(text, fields):
    assert Action.from_text(text) == Action.from_fields(fields)


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"type": "fly"}, "unknown action 'fly'"),
        ({"type": "attack", "hit_dice": "", "damage_dice": "4,4"}, "hit dice: type the faces"),
        ({"type": "attack", "hit_dice": "4,x", "damage_dice": "4,4"},
         "hit dice: 'x' is not a die face"),
        ({"type": "attack", "hit_dice": "4,4", "damage_dice": "4;;4"}, "damage dice: expected"),
        ({"type": "attack", "mode": "magic", "hit_dice": "4,4", "damage_dice": "4,4"},
         "an attack is melee or ranged (got 'magic')"),
        ({"type": "attack", "hit_dice": "4,4", "damage_dice": "4,4", "damage_type": "fire"},
         "damage type: 'fire' is not one of"),
        ({"type": "attack", "hit_dice": "4,4", "damage_dice": "4,4", "distance": "-1"},
         "distance must be at least 0"),
        ({"type": "attack", "hit_dice": "4,4", "damage_dice": "4,4", "freeze_d6": "five"},
         "freezing d6: 'five' is not a die face"),
        ({"type": "turn", "unit": "troll", "burn_d2": "x"}, "burning d2: 'x' is not a die face"),
        ({"type": "turn", "unit": "troll", "recovery_d6": "1.5"}, "recovery d6: '1.5'"),
        ({"type": "morale", "unit": "troll"}, "morale dice: type the faces"),
        ({"type": "condition", "unit": "troll", "condition": "bogus"}, "a condition is one of"),
        ({"type": "condition", "unit": "troll", "condition": "poison", "value": "x"},
         "poison value must be a whole number"),
        ({"type": "condition", "unit": "troll", "condition": "paralysed", "value": "-2"},
         "paralysed value must be at least 0"),
        ({"type": "hp", "unit": "troll", "change": "lots"}, "HP change must be a whole number"),
        ({"type": "hp", "unit": "troll"}, "HP change must be a whole number"),
        ({"type": "hp", "unit": "troll", "change": 1, "fatigue": "x"},
         "fatigue change must be a whole number"),
        ({"type": "spend", "unit": "scout", "action": "move", "squares": "-2"},
         "squares must be at least 0"),
        ({"type": "spend", "unit": "scout", "action": "move", "diagonal_squares": "x"},
         "diagonal squares must be a whole number"),
        ({"type": "light", "darkness": "dusk"}, "darkness is night, pitch_dark or blind"),
        ({"type": "add", "name": ""}, "a character needs a name"),
        ({"type": "add", "name": "x" * 41}, "a character's name is at most 40 characters"),
        ({"type": "add", "name": "Ogre", "health": "x"}, "health must be a whole number"),
        ({"type": "add", "name": "Ogre", "protection_body": "1.5"},
         "protection body must be a whole number"),
        ({"type": "add", "name": "Ogre", "size": "-1"}, "size must be at least 0"),
        ({"type": "add", "name": "Ogre", "health": "-3"}, "character: 1 validation error"),
    ],
)  # fmt: skip
def test_a_malformed_field_is_refused_naming_it(fields, message):
    with pytest.raises(DomekitError) as refused:
        Action.from_fields(fields)
    assert message in str(refused.value)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("fly knight", "cannot read 'fly knight' as an action"),
        ("", "cannot read '' as an action"),
        ("melee knight berserker hit 4,4 damage 4,4", "expected '->' at word 3"),
        ("melee knight -> berserker with Broadsword damage 4,4", "expected 'hit'"),
        ("melee knight -> berserker hit 4,4 damage 4,4 twice", "expected 'head' or 'as'"),
        ('side knight "the Crown', "an unclosed quote"),
        ("join knight berserker", "cannot read 'berserker'"),
        ("gear knight Broadsword", "expected '/'"),
        ("turn knight", None),
        ("turn", "expected a character at the end"),
        ("hp knight lots", "HP change must be a whole number"),
        ("add Ogre (raiders health 6", "a '(' without its ')'"),
        ("new game", "cannot read 'new game' as an action"),
    ],
)
def test_an_unreadable_line_is_refused_saying_where(text, message):
    if message is None:
        assert Action.from_text(text) == StartTurn("knight")
        return
    with pytest.raises(DomekitError) as refused:
        Action.from_text(text)
    assert message in str(refused.value)


def test_a_die_the_log_holds_unread_stays_as_stored_and_is_refused_when_read():
    stored = {"type": "turn", "unit": "priest", "burn_d2": "", "freeze_dice": "",
              "recovery_d6": "banana"}  # fmt: skip
    action = Action.from_json(stored)
    assert isinstance(action, StartTurn) and isinstance(action.recovery_d6, UnreadDice)
    assert action.to_json() == stored
    with pytest.raises(DomekitError, match="recovery d6: 'banana' is not a die face"):
        action.recovery_d6.rolled("recovery d6")
    with pytest.raises(DomekitError, match="recovery d6: 'banana'"):
        Action.from_fields(stored)  # a phone sending it now is told at once


def test_a_weapon_chip_says_how_and_with_what():
    fields = {"type": "attack", "attacker": "scout", "target": "troll", "hit_dice": "53",
              "damage_dice": "44", "distance": "6"}  # fmt: skip
    shot = Action.from_fields({**fields, "with": "ranged:Shortbow"})
    assert (shot.mode, shot.weapon, shot.distance) == ("ranged", "Shortbow", 6)
    other = Action.from_fields({**fields, "with": "melee:Dagger", "other_with": "ranged:Crossbow"})
    assert (other.mode, other.weapon) == ("ranged", "Crossbow")
    unarmed = Action.from_fields({**fields, "with": "melee:none"})
    assert (unarmed.mode, unarmed.weapon) == ("melee", "none")
    with pytest.raises(DomekitError, match="with: how and with what"):
        Action.from_fields({**fields, "with": "Shortbow"})
    # A shot's distance box left blank is refused (the form writes no 0 nobody chose); a JSON
    # body that leaves the member out still means 0.
    with pytest.raises(DomekitError, match="distance: type the squares"):
        Action.from_fields({**fields, "with": "ranged:Shortbow", "distance": ""})
    assert Action.from_fields({**fields, "mode": "ranged", "distance": None}).distance == 0
