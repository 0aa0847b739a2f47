"""Dominum's actions: each owns its text form, its JSON form and its form parser.

The JSON forms are checked against an export the tracker made before its actions were typed
(data/export_v1.json, made by data/make_export.py): every payload reads back to itself, the
whole export imports and replays to the same match, and 580 form fields read as they did.
"""

from __future__ import annotations

import json
import secrets
import string
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from toolkit.errors import DomekitError
from toolkit.games.dominum.actions import (
    KINDS,
    LIGHT_KINDS,
    Action,
    Activate,
    Advance,
    Assault,
    Attack,
    Begin,
    Charge,
    Counterattack,
    CycleChoice,
    Deploy,
    EndPhase,
    Forces,
    Move,
    Place,
    PowerDuel,
    ReservePower,
    Retreat,
    Sacrifice,
    Shift,
    SpendCharge,
    Submerge,
    Use,
    Weaken,
)
from toolkit.games.dominum.power import CRITICAL, PowerSource
from toolkit.games.dominum.rules import AttackKind
from toolkit.tracker.kits import record_kit_in
from toolkit.tracker.matches import MatchService
from toolkit.tracker.storage import Store

EXPORT = json.loads((Path(__file__).parent / "data" / "export_v1.json").read_text())
LOGGED = [entry for entry in EXPORT["actions"] if entry["payload"]["type"] != "undo"]


# -- the export made before the actions were typed ---------------------------------------------
def test_every_payload_of_an_old_export_reads_back_to_itself():
    assert len(LOGGED) == 812
    # `use` (an ability used) came with the cards' effects as data (issue 26), after the export;
    # a light match's actions (issue 27) later still.
    assert {e["payload"]["type"] for e in LOGGED} == set(KINDS) - {"submerge", "use"} - set(
        LIGHT_KINDS
    )
    for entry in LOGGED:
        action = Action.from_json(entry["payload"])
        assert action.to_json() == entry["payload"]
        assert Action.from_text(action.text()) == action


ADDED_BY_ISSUE_17 = {"place_spaces", "deploy_spaces", "empty_spaces"}
"""What the pages show since issue 17 (the spaces drawn as buttons); all else they show as then."""
ADDED_BY_ISSUE_26 = {"text", "stronghold", "my_abilities", "my_alt_attackers"}
"""What the pages show since the cards' effects are data: a card's rules text, the Stronghold
tile and its text, the abilities and Alt Attacks a player may use now (none in a match recorded
before)."""


def _without_added(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _without_added(v) for k, v in value.items() if k not in ADDED_BY_ISSUE_26}
    if isinstance(value, list):
        return [_without_added(v) for v in value]
    return value


def _without_last_text(value: dict[str, Any]) -> dict[str, Any]:
    """A state or page with the latest action's steps but not its text (the text forms changed
    when the actions were typed; the JSON forms did not)."""
    value = {k: v for k, v in value.items() if k not in ADDED_BY_ISSUE_17}
    if value.get("last"):
        value = {**value, "last": {**value["last"], "text": None}}
    return _without_added(value)


def _one_spelling(value: Any) -> Any:
    """A page as the export's tracker showed it, with the one key renamed since: a unit's
    `defence` is its `defense` (the rule book's spelling)."""
    if isinstance(value, dict):
        return {("defense" if k == "defence" else k): _one_spelling(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_one_spelling(v) for v in value]
    return value


def test_an_old_export_imports_and_replays_to_the_same_match(tmp_path):
    service = MatchService(Store(f"sqlite:///{tmp_path / 'import.sqlite3'}"))
    kit_id = secrets.token_urlsafe(16)
    record_kit_in(service.store, {"kit_id": kit_id, "game": "dominum"})
    document = {k: v for k, v in EXPORT.items() if k not in ("expected", "parsed")}
    match = service.import_match(service.kit(kit_id), document, replaces=None)
    state = service.state(match.id)[1]
    game = service.referee("dominum")
    expected = EXPORT["expected"]
    stored = game.state_json(state)
    assert stored["digest"] == expected["state"]["digest"]  # a hash chain over the JSON forms
    assert _without_last_text(stored) == _without_last_text(expected["state"])
    assert state.last.text == Action.from_json(stored["log"][-1]).text()
    assert state.state.stage == "over"
    for name, args, key in (
        ("table", (), "table"),
        ("player", ("red",), "player_red"),
        ("player", ("gold",), "player_gold"),
    ):
        context = game.page(state, name, args).context
        assert _without_last_text(context) == _without_last_text(_one_spelling(expected[key]))
    assert game.game.exports["battlefield"](state) == expected["battlefield"]
    texts = [row.text for row in service.store.actions(match.id) if row.kind != "undo"]
    assert texts == [Action.from_json(e["payload"]).text() for e in LOGGED]


# Two fields the tracker took and the rules then refused, now refused as they are read.
STRICTER = {
    json.dumps({"discard": "9", "player": "gold", "revealed": "seven", "type": "reserve"}): (
        "revealed: a power card is its number or critical"
    ),
    json.dumps({"player": "red", "type": "forces"}): "name the domain",
}


def test_form_fields_read_as_the_tracker_read_them_before():
    assert len(EXPORT["parsed"]) == 580
    for entry in EXPORT["parsed"]:
        fields = entry["fields"]
        stricter = STRICTER.get(json.dumps(fields, sort_keys=True))
        if "payload" in entry and stricter is None:
            assert Action.from_fields(fields).to_json() == entry["payload"], fields
        else:
            with pytest.raises(DomekitError, match=stricter):
                Action.from_fields(fields)


# -- the text forms --------------------------------------------------------------------------------
DECK2 = PowerSource("deck", 2)


@pytest.mark.parametrize(
    "text, action",
    [
        ("red attack 3,2 -> 3,3 power 2", Attack("red", (3, 2), (3, 3), DECK2)),
        # The verb may come first, a space may be written as on a chess board (column c, row 3).
        ("attack red B3 -> C3 power 2", Attack("red", (3, 2), (3, 3), DECK2)),
        ("RED Attack 3,2 -> 3,3 POWER deck:2", Attack("red", (3, 2), (3, 3), DECK2)),
        (
            "gold free strike 4,1 -> 3,1 power reserve:critical vs 4 with 4,2",
            Attack(
                "gold",
                (4, 1),
                (3, 1),
                PowerSource("reserve", CRITICAL),
                PowerSource("deck", 4),
                ((4, 2),),
                AttackKind.FREE_STRIKE,
            ),
        ),
        (
            "red attack 1,3 -> 3,3 power 1 lunge 2,3 lunge power 4 cycle red 2 turns up critical",
            Attack(
                "red",
                (1, 3),
                (3, 3),
                PowerSource("deck", 1),
                lunge_to=(2, 3),
                lunge_power=PowerSource("deck", 4),
                cycles={"red": CycleChoice(2, (CRITICAL,))},
            ),
        ),
        ("red activate move link", Activate("red", "move", link=True)),
        ("red activate move (link)", Activate("red", "move", link=True)),
        ("red end phase", EndPhase("red")),
        ("red end_phase", EndPhase("red")),
        ("gold counterattack power critical", Counterattack("gold", PowerSource("deck", CRITICAL))),
        (
            "red assault power 4 + 3 + surge",
            Assault("red", (PowerSource("deck", 4), PowerSource("deck", 3)), surge=True),
        ),
        ("red charge remove weaken at 2,2", Charge("red", (2, 2))),
        ("gold reserve discard 1 turns up critical", ReservePower("gold", 1, CRITICAL)),
        ("red spend 2 charge", SpendCharge("red", 2)),
        ("red power duel 2 vs deck:2", PowerDuel("red", DECK2, DECK2)),
        (
            "red place Aelindra, Queen of Thorns at 1,3",
            Place("red", "Aelindra, Queen of Thorns", (1, 3)),
        ),
        ("gold forces Shy-Lorr", Forces("gold", "Shy-Lorr")),
        (
            "red forces Elves: Shadowblade; Elven Scout",
            Forces("red", "Elves", ("Shadowblade", "Elven Scout")),
        ),
        (
            "begin gold first reserves red 3,4 gold 1,critical bitter end seed 7",
            Begin({"red": (3, 4), "gold": (1, CRITICAL)}, "gold", 7, bitter_end=True),
        ),
        ("gold submerge to 3,5", Submerge("gold", (3, 5))),
        ("red advance from 3,2", Advance("red", (3, 2))),
        # issue 26: a Stronghold chosen, an ability used, the choices an attack leaves open
        ("red forces Elves (Moonwell)", Forces("red", "Elves", stronghold="Moonwell")),
        (
            "red forces Elves (Thorn Gate): Shadowblade",
            Forces("red", "Elves", ("Shadowblade",), "Thorn Gate"),
        ),
        ("red use 2,3 on 3,3", Use("red", (2, 3), (3, 3))),
        ("gold use stronghold on 4,3 to 4,4", Use("gold", None, (4, 3), (4, 4))),
        (
            "red attack 2,3 -> 3,3 power 1 on discard 3,2 no knockback no lunge power",
            Attack(
                "red",
                (2, 3),
                (3, 3),
                PowerSource("deck", 1),
                on_discard=(3, 2),
                declined=("knockback", "lunge power"),
            ),
        ),
        (
            "gold counterattack power 2 knockback 2,1 no evasive",
            Counterattack("gold", DECK2, knockback_to=(2, 1), declined=("evasive",)),
        ),
    ],
)
def test_text_forms(text, action):
    assert Action.from_text(text) == action
    assert Action.from_text(action.text()) == action


def test_a_choice_answered_no_is_declined_and_old_payloads_keep_their_members():
    """The check page's "no" (the Knockback, the Evasive card does not shift; no second Lunge
    draw) is an answer, kept in `declined`; an action with no such choice writes the members
    it always wrote (old logs read back alike)."""
    fields = {"type": "attack", "player": "red", "attacker": "2,3", "target": "3,3"}
    action = Action.from_fields({**fields, "power": "deck:1", "knockback_to": "no"})
    assert action.knockback_to is None and action.declined == ("knockback",)
    assert action.to_json()["declined"] == ["knockback"]
    plain = Action.from_fields({**fields, "power": "deck:1"})
    assert "declined" not in plain.to_json() and "on_discard" not in plain.to_json()
    counter = Counterattack("gold", DECK2).to_json()
    assert set(counter) == {"type", "player", "power", "defense_power", "cycles"}
    assert "stronghold" not in Forces("red", "Elves").to_json()
    with pytest.raises(DomekitError, match="declined"):
        Action.from_fields({**fields, "power": "deck:1", "declined": ["retreat"]})


def test_the_history_writes_the_player_first():
    assert Attack("red", (3, 2), (3, 3), DECK2).text() == "red attack 3,2 -> 3,3 power 2"
    assert Activate("red", "move").text() == "red activate move"
    assert Assault("red", (DECK2, PowerSource("reserve", 3)), surge=True).text() == (
        "red assault power 2 + reserve:3 + surge"
    )
    assert Begin({"red": (3, 4), "gold": (1, 2)}, "red", 41).text() == (
        "begin red first reserves red 3,4 gold 1,2 seed 41"
    )


@pytest.mark.parametrize(
    "text, message",
    [
        ("red dance", "cannot read 'red dance' as an action"),
        ("red attack 3,2 3,1 power 2", "expected '->'"),
        ("red attack 3,2 -> 3,1", "expected 'power'"),
        ("red attack 3,2 -> 3,1 power 2 sideways", "cannot read 'sideways'"),
        ("red attack 3,2 -> 3,1 power 7x", "attacker's power"),
        ("red attack x -> 3,1 power 2", "attacker: a space is row,column"),
        ("blue activate move", "cannot read 'blue activate move'"),
        ("activate blue move", "a player is red or gold"),
        ("red begin reserves red 3,4 gold 1,2", "begin names no player"),
        ("red place Thornweaver", "write it as 'red place <card> at 2,3'"),
        ("red spend two charge", "charge must be a whole number"),
        ("red power duel 2 cycle red x", "counter must be a whole number"),
        ("red activate", "phase: name the Phase token"),
    ],
)
def test_text_forms_that_cannot_be_read_say_what_is_wrong(text, message):
    with pytest.raises(DomekitError, match=message):
        Action.from_text(text)


def test_a_subclass_reads_only_its_own_text_and_fields():
    assert Move.from_text("red move 3,3 -> 4,3") == Move("red", (3, 3), (4, 3))
    with pytest.raises(DomekitError):
        Move.from_text("red shift 3,3 -> 4,3")
    with pytest.raises(DomekitError, match="not a 'move' one"):
        Move.from_fields({"type": "shift", "player": "red", "start": "3,3", "end": "4,3"})


# -- the form fields -------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "fields, message",
    [
        ({"type": "dance"}, "unknown action 'dance'"),
        (
            {"type": "attack", "player": "red", "attacker": "x", "target": "3,3", "power": "deck"},
            "attacker: a space is row,column",
        ),
        ({"type": "attack", "player": "red", "attacker": "2,3", "power": "deck"}, "target: "),
        (
            {"type": "attack", "player": "red", "attacker": "2,3", "target": "3,3"},
            "attacker's power: name the power drawn",
        ),
        (
            {
                "type": "attack",
                "player": "red",
                "attacker": "2,3",
                "target": "3,3",
                "power": "deck",
                "coordinating": "2,2;zz",
            },
            "coordinating: a space",
        ),
        (
            {
                "type": "attack",
                "player": "red",
                "attacker": "2,3",
                "target": "3,3",
                "power": "deck",
                "kind": "counterattack",
            },
            "an attack is attack, free strike or alt attack",
        ),
        (
            {
                "type": "attack",
                "player": "red",
                "attacker": "2,3",
                "target": "3,3",
                "power": "deck",
                "cycles": {"red": 3},
            },
            "cycles.red: an object with the fields counter and revealed",
        ),
        (
            {"type": "power_duel", "player": "red", "power": "deck", "cycle_red": "x"},
            "cycle counter for red: a number",
        ),
        (
            {"type": "power_duel", "player": "red", "power": "deck", "cycle_red_revealed": "nine"},
            "cycle_red_revealed: a power card",
        ),
        ({"type": "assault", "player": "red", "power1": "deck:1"}, "assault power 2: name"),
        ({"type": "reserve", "player": "red", "revealed": "seven"}, "revealed: a power card"),
        ({"type": "begin", "reserves": {"red": ["3", "x"]}, "seed": 1}, "reserve_red: a power"),
        (
            {"type": "begin", "reserves": ["3"], "seed": 1},
            "reserves: an object with the fields red and gold",
        ),
        ({"type": "begin", "reserves": {}, "seed": "x"}, "seed must be a whole number"),
        ({"type": "spend_charge", "player": "red", "amount": "two"}, "charge must be a whole"),
        ({"type": "activate", "player": "blue", "phase": "move"}, "a player is red or gold"),
        ({"type": "place", "player": "red", "card": " ", "space": "1,1"}, "name the card"),
        ({"type": "forces", "player": "red", "domain": "Elves", "cards": [1, 2]}, "cards: "),
    ],
)
def test_form_fields_that_cannot_be_read_name_the_field(fields, message):
    with pytest.raises(DomekitError, match=message):
        Action.from_fields(fields)


def test_a_forms_text_fields_and_a_json_body_read_alike():
    form = {
        "type": "attack",
        "player": "red",
        "attacker": "2,3",
        "target": "3,3",
        "power": "deck:4",
        "defense_power": "",
        "coordinating": "2,2;2,4",
        "cycle_gold": "2",
        "cycle_gold_revealed": "Critical",
    }
    body = {
        "type": "attack",
        "player": "red",
        "attacker": "2,3",
        "target": "3,3",
        "power": "deck:4",
        "coordinating": ["2,2", "2,4"],
        "cycles": {"gold": {"counter": 2, "revealed": ["critical"]}},
    }
    assert Action.from_fields(form) == Action.from_fields(body)
    assert Action.from_fields(form).to_json()["cycles"] == body["cycles"]
    assert Action.from_fields({"type": "spend_charge", "player": "red"}).amount == 1
    seeded = Action.from_fields({"type": "begin", "reserves": {"red": [3, 4], "gold": [1, 2]}})
    assert isinstance(seeded, Begin) and 0 <= seeded.seed < 2**31  # the table's draw: a seed


# -- round trips of every action type ---------------------------------------------------------
players = st.sampled_from(["red", "gold"])
spaces = st.tuples(st.integers(0, 12), st.integers(0, 12))
cards = st.one_of(st.integers(0, 99), st.just(CRITICAL))
sources = st.builds(PowerSource, st.sampled_from(["deck", "reserve"]), st.none() | cards)
cycles = st.dictionaries(
    players,
    st.builds(CycleChoice, st.none() | st.integers(0, 99), st.lists(cards, max_size=3).map(tuple)),
    max_size=2,
)
_letters = string.ascii_letters + "áéöü" + string.digits + " ,'-"
names = st.text(alphabet=_letters, min_size=1, max_size=30).map(lambda s: " ".join(s.split()))
names = names.filter(bool)
phases = st.from_regex(r"[a-z]{1,12}", fullmatch=True)
maybe = st.none

actions = st.one_of(
    st.builds(
        Forces,
        players,
        names.filter(lambda n: ":" not in n),
        st.lists(names.filter(lambda n: ";" not in n), max_size=12).map(tuple),
    ),
    st.builds(
        Begin,
        st.fixed_dictionaries(
            {
                "red": st.lists(cards, max_size=3).map(tuple),
                "gold": st.lists(cards, max_size=3).map(tuple),
            }
        ),
        st.none() | players,
        st.integers(0, 2**31),
        st.none() | players,
        st.booleans(),
    ),
    st.builds(Place, players, names, spaces),
    st.builds(Deploy, players, names, spaces),
    st.builds(Activate, players, phases, st.booleans()),
    st.builds(EndPhase, players),
    st.builds(Retreat, players, spaces),
    st.builds(Weaken, players, spaces),
    st.builds(Sacrifice, players, spaces),
    st.builds(Move, players, spaces, spaces),
    st.builds(Shift, players, spaces, spaces),
    st.builds(
        Attack,
        players,
        spaces,
        spaces,
        sources,
        maybe() | sources,
        st.lists(spaces, max_size=3).map(tuple),
        st.sampled_from([AttackKind.ATTACK, AttackKind.FREE_STRIKE, AttackKind.ALT_ATTACK]),
        maybe() | spaces,
        maybe() | sources,
        maybe() | spaces,
        maybe() | spaces,
        cycles,
    ),
    st.builds(Counterattack, players, sources, maybe() | sources, cycles),
    st.builds(Submerge, players, spaces),
    st.builds(Advance, players, spaces),
    st.builds(Assault, players, st.lists(sources, max_size=3).map(tuple), st.booleans(), cycles),
    st.builds(Charge, players, maybe() | spaces),
    st.builds(ReservePower, players, maybe() | cards, maybe() | cards),
    st.builds(SpendCharge, players, st.integers(-1000, 1000)),
    st.builds(PowerDuel, players, sources, maybe() | sources, cycles),
)


@given(actions)
def test_every_action_reads_back_from_its_text_form(action):
    assert Action.from_text(action.text()) == action


@given(actions)
def test_every_action_reads_back_from_its_json_form(action):
    value = action.to_json()
    assert json.loads(json.dumps(value)) == value  # plain JSON
    assert value["type"] == action.kind and KINDS[action.kind] is type(action)
    assert Action.from_json(value) == action
    assert type(action).from_json(value) == action
