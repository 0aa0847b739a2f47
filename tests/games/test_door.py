"""Every game's one door (toolkit/games/door.py) and its actions' protocol.

A refusal names the rule and the position it was refused in, as python-chess names the FEN of an
illegal move (the round, whose turn it is); the actions every game's tracker logged read back
through the game's `Reader` as `GameAction`s whose forms give them back."""

from __future__ import annotations

import gzip
import importlib
import json
from pathlib import Path

import pytest

from toolkit.errors import DomekitError, RuleError
from toolkit.games import game as game_named
from toolkit.games import names
from toolkit.games.door import GameAction
from toolkit.tracker.contract import registered

DATA = Path(__file__).parent


def refusal(door, state, action) -> RuleError:
    with pytest.raises(RuleError) as refused:
        door.apply(state, action)
    return refused.value


def test_death_dome_names_the_match_round_and_team_on_its_turn():
    from toolkit.games.deathdome.actions import Attack, EndTurn, Pass, Start
    from toolkit.games.deathdome.match import DOOR, RULE_TURN, new_match

    state = new_match(None, ["red", "blue"])
    rules = state.rules
    refused = refusal(DOOR, state, EndTurn(team="red"))
    assert (refused.rule, refused.reason) == (RULE_TURN, "it is nobody's turn, not red's")
    assert refused.position == f"match 1 of {rules.campaign.matches}, set-up, red buys"
    for action in (Pass(team="red"), Pass(team="blue"), Start()):
        state, _ = DOOR.apply(state, action)
    attack = Attack.read({"attacker": "blue.gunner", "target": "red.scout", "cards": "3"})
    refused = refusal(DOOR, state, attack)
    assert refused.in_position() == (
        f"it is red's turn, not blue's [match 1 of {rules.campaign.matches}, round 1 of "
        f"{rules.match.rounds}, red's turn, 0 of {rules.match.unit_phases_per_turn} unit phases "
        "used] (rule: On Your Turn)"
    )
    assert str(refused) == "it is red's turn, not blue's (rule: On Your Turn)"


def test_domppa_names_the_combat_round_and_whose_turn():
    from toolkit.games.domppa.actions import Action
    from toolkit.games.domppa.data import load_kit_data
    from toolkit.games.domppa.match import DOOR, RULE_TURN, new_match

    state = new_match(load_kit_data(None), seed=1, previous=None)
    attack = Action.from_fields(
        {"type": "attack", "attacker": "knight", "target": "berserker", "weapon": "Broadsword",
         "hit_dice": "4,4", "damage_dice": "4,4"}
    )  # fmt: skip
    fighting = sum(1 for unit in state.roster if unit.in_combat)
    refused = refusal(DOOR, state, attack)
    assert (refused.rule, refused.reason) == (RULE_TURN, "it is nobody's turn, not Knight's")
    assert refused.position == f"combat 1, round 1, nobody's turn, 0 of {fighting} have acted"
    state, _ = DOOR.apply(state, Action.from_fields({"type": "turn", "unit": "knight"}))
    knight = state.find("knight")
    assert knight is not None
    spend = Action.from_fields({"type": "spend", "unit": "scout", "action": "move", "squares": 1})
    refused = refusal(DOOR, state, spend)
    assert refused.position == f"combat 1, round 1, Knight's turn ({knight.max_ap} AP left)"


def test_dominum_names_the_round_whose_phase_and_the_score():
    from dominum.test_match import deployment, fresh

    from toolkit.games.dominum.match import ENGINE, Activate
    from toolkit.games.dominum.turns import RULE_TURNS

    state = ENGINE.replay(fresh(), deployment())
    refused = refusal(ENGINE, state, Activate("gold", "move"))
    assert (refused.rule, refused.reason) == (RULE_TURNS, "it is red's turn, not gold's")
    assert refused.position == "round 1, red to activate a phase; VP red 0 · gold 0"
    state, _ = ENGINE.apply(state, Activate("red", "move"))
    refused = refusal(ENGINE, state, Activate("gold", "move"))
    assert refused.position == "round 1, red's move phase; VP red 0 · gold 0"


def test_the_door_refuses_an_action_it_does_not_know():
    from toolkit.games.naturedome.match import DOOR

    class Teleport:
        kind = "teleport"

    with pytest.raises(DomekitError) as refused:
        DOOR.check(None, Teleport())
    assert str(refused.value).startswith("unknown action 'teleport'; the actions are attack")
    assert not isinstance(refused.value, RuleError)


def _logged(name: str) -> list[dict]:
    """The payloads of the actions the game's tracker logged in its old exports (tests data)."""
    if name == "deathdome":
        recorded = json.loads(gzip.open(DATA / "deathdome/data/before_stage_b.json.gz").read())
        exports = [scenario["export"] for scenario in recorded.values()]
    elif name == "naturedome":
        duels = json.loads((DATA / "naturedome/duels_before_stage_b.json").read_text())["duels"]
        exports = [duel["export"] for duel in duels]
    elif name == "dominum":
        exports = [json.loads((DATA / "dominum/data/export_v1.json").read_text())]
    elif name == "domppa":
        exports = [json.loads((DATA / "domppa/data/combat-export.json").read_text())]
    else:  # any other game: its recorded exports, tests/games/<name>/data/*export*.json; one
        # from outside the package keeps <name>_export.json beside it (tests/fixture_game/)
        package = game_named(name).package
        found = sorted((DATA / name / "data").glob("*export*.json")) if not package else [
            Path(importlib.import_module(package).__file__).parent.parent / f"{name}_export.json"
        ]  # fmt: skip
        assert found, f"no recorded export of {name}: keep one in tests/games/{name}/data/"
        exports = [json.loads(path.read_text()) for path in found]
    payloads = [row["payload"] for export in exports for row in export["actions"]]
    return [payload for payload in payloads if payload.get("type") != "undo"]


@pytest.mark.parametrize("name", names())
def test_every_logged_action_is_a_game_action_its_reader_gives_back(name):
    """python-chess's `Move.uci()` / `Move.from_uci()`: the JSON form and the text form of every
    action a tracker logged read back to the same action, of the kind the JSON form names."""
    game = registered(name)
    logged = _logged(name)
    assert len(logged) > 20
    typed = 0
    for payload in logged:
        action = game.reader.decode(payload)
        assert isinstance(action, GameAction)
        assert action.kind == payload["type"] and action.kind in game.actions
        assert game.reader.decode(action.to_json()) == action
        try:
            sent = game.reader.read(payload)  # as a phone's fields would send it today
        except DomekitError:
            continue  # a value today's forms refuse (Domppa's unread dice): the log still replays
        assert game.reader.from_text(sent.text()) == sent
        typed += 1
    assert typed > len(logged) / 2
