"""The guards every game shares, checked once before its own rules (toolkit/games/door.py):
an unknown action, a match that is over, an action made out of turn. Each refusal names its rule
and changes nothing; actions that are not bound to a turn (a defence, a money transfer) stay
allowed out of turn, and those a game marks `after_end` stay allowed after the end."""

from __future__ import annotations

import pytest
import tally
from fastapi.testclient import TestClient
from game_tracker import KitTable, tracker_client

from toolkit.errors import DomekitError, RuleError
from toolkit.games import names
from toolkit.games.domppa.tracker import RULE_TURN
from toolkit.games.naturedome.rules import RULE_TURNS, RULE_WINNER
from toolkit.tracker.contract import ActionKind, registered
from toolkit.tracker.referee import Referee


@pytest.fixture
def client(tmp_path):
    yield from tracker_client(tmp_path, "guards.sqlite3")


CLASH = {"type": "clash", "attack": "bear-swipe", "defence": "defend", "card": "shell-guard"}


class DeathDome(KitTable):
    game = "deathdome"

    def __init__(self, client: TestClient, db_url: str) -> None:
        super().__init__(client, db_url, teams=["red", "blue"])

    def start(self) -> None:
        while self.state()["purchase_team"]:
            self.ok(type="pass", team=self.state()["purchase_team"])
        self.ok(type="start")


class Domppa(KitTable):
    game = "domppa"


# -- an unknown action ----------------------------------------------------------------------


@pytest.mark.parametrize("name", names())
def test_every_game_refuses_an_unknown_action_naming_its_actions(name):
    game = registered(name)
    with pytest.raises(DomekitError) as refused:
        Referee(game).read({"type": "fly", "team": "red"})
    message = str(refused.value)
    assert message.startswith("unknown action 'fly'; the actions are ")
    assert all(kind in message for kind in game.actions)
    assert not isinstance(refused.value, RuleError)  # a form no game reads: "action form"


def test_an_unknown_action_over_http_is_a_422_that_changes_nothing(client):
    table = DeathDome(client, client.db_url)
    reply = table.refused("action form", type="teleport", team="red")
    assert reply["message"].startswith("unknown action 'teleport'; the actions are attack, buy")


# -- not your turn ----------------------------------------------------------------------------


def test_death_dome_turn_actions_wait_for_the_teams_turn_and_money_does_not(client):
    table = DeathDome(client, client.db_url)
    setup = table.refused("On Your Turn", type="heal", unit="red.medic")
    assert setup["message"].startswith("it is nobody's turn, not red's")
    table.start()
    assert table.state()["current_team"] == "red"
    for action in (
        {"type": "end_turn", "team": "blue"},
        {"type": "heal", "unit": "blue.medic"},
        {"type": "capture", "team": "blue", "point": "control_point"},
        {"type": "attack", "attacker": "blue.gunner", "target": "red.scout", "cards": "3"},
    ):
        refused = table.refused("On Your Turn", **action)
        assert refused["message"].startswith("it is red's turn, not blue's"), refused
    # A transfer is no turn's action: blue pays red on red's turn.
    reply = table.ok(type="transfer", payer="blue", payee="red", amount=10)
    assert reply["text"] == "transfer 10 blue -> red"
    table.ok(type="end_turn", team="red")
    assert table.state()["current_team"] == "blue"


def test_domppa_attacks_and_ap_actions_wait_for_the_characters_turn(client):
    combat = Domppa(client, client.db_url)
    attack = {"type": "attack", "attacker": "knight", "target": "berserker",
              "weapon": "Broadsword", "hit_dice": "4,4", "damage_dice": "4,4"}  # fmt: skip
    nobody = combat.refused(RULE_TURN, **attack)
    assert nobody["message"].startswith("it is nobody's turn, not Knight's")
    combat.ok(type="turn", unit="knight")
    other = combat.refused(RULE_TURN, type="spend", unit="scout", action="move", squares=1)
    assert other["message"].startswith("it is Knight's turn, not ")
    # Taking damage or a condition is no turn's action.
    combat.ok(type="hp", unit="scout", change=-1)


def test_nature_domes_defender_does_not_lay_the_attack():
    game = Referee(registered("naturedome"))
    state = game.state_from_json(game.state_json(game.new_match({}, None)))
    clash = game.read({**CLASH, "attacker": "2"})
    with pytest.raises(RuleError) as refused:
        game.apply(state, clash)
    assert refused.value.rule == RULE_TURNS
    assert str(refused.value).startswith("it is Player 1's turn, not Player 2's")


# -- the match is over --------------------------------------------------------------------------


def test_a_domppa_combat_that_is_over_takes_no_action_not_even_its_end(client):
    combat = Domppa(client, client.db_url)
    combat.ok(type="end_combat")
    for action in (
        {"type": "turn", "unit": "knight"},
        {"type": "hp", "unit": "scout", "change": -1},
        {"type": "new_round"},
        {"type": "end_combat"},
    ):
        refused = combat.refused("Combat", **action)
        assert refused["message"].startswith("this combat is over; start the next one")


def test_a_paid_out_death_dome_match_only_moves_money(client):
    table = DeathDome(client, client.db_url)
    table.start()
    while table.state()["phase"] == "play":
        table.ok(type="end_turn", team=table.state()["current_team"])
    table.ok(type="payout", roll=4)
    assert table.state()["phase"] == "over"
    for action in (
        {"type": "payout", "roll": 4},
        {"type": "points", "team": "red", "control_points": 1, "tower_centres": 0},
        {"type": "end_turn", "team": "red"},
        {"type": "buy", "team": "red", "item": "pistol"},
    ):
        refused = table.refused("Payout Winnings", **action)
        assert refused["message"].startswith("match 1 is over and paid out"), refused
    reply = table.ok(type="transfer", payer="red", payee="blue", amount=5)
    assert reply["text"] == "transfer 5 red -> blue"


def test_a_won_duel_takes_no_clash_but_the_table_may_still_recount():
    game = Referee(registered("naturedome"))
    fresh = game.state_json(game.new_match({}, None))
    won = game.state_from_json({**fresh, "winner": 0})
    clash = game.read({**CLASH, "attacker": "1"})
    with pytest.raises(RuleError) as refused:
        game.apply(won, clash)
    assert refused.value.rule == RULE_WINNER
    assert str(refused.value).startswith("the duel is over: Player 1 won it")
    hands, pile = fresh["hands"], fresh["draw_pile"]
    recount = game.read(
        {"type": "recount", "hand1": hands[0], "hand2": hands[1], "draw_pile": pile}
    )
    game.game.door.check(won, recount)  # no guard refuses it


# -- the order of the guards, on a game made here -------------------------------------------


class TurnTally(tally.TallyGame):
    """The test game with seats: the tally whose name is first in `turn` adds on its turn; a
    tally at 10 or more ends the match; `fix` may still be made after the end."""

    actions = {"add": ActionKind(on_turn=True), "fix": ActionKind(after_end=True)}
    parsers = {"add": tally._add, "fix": tally._add}
    rule_over = "ten wins"
    rule_turn = "one tally at a time"

    def over(self, state: dict) -> str | None:
        won = [name for name, value in state["tallies"].items() if value >= 10]
        return f"{won[0]} reached ten" if won else None

    def whose_turn(self, state: dict) -> str | None:
        return state.get("turn")

    def mover(self, state: dict, action: dict) -> str | None:
        return action["name"]

    def seat_name(self, state: dict, seat: str) -> str:
        return seat.upper()


def test_the_guards_run_in_order_before_the_games_own_rules():
    game = Referee(TurnTally())
    state = {"game": "tally", "tallies": {"a": 0, "b": 0}, "turn": "a"}
    add_b = game.read({"type": "add", "name": "b", "amount": "1"})
    with pytest.raises(RuleError) as out_of_turn:
        game.apply(state, add_b)
    assert (out_of_turn.value.rule, str(out_of_turn.value)) == (
        "one tally at a time",
        "it is A's turn, not B's (rule: one tally at a time)",
    )
    after, _ = game.apply(state, game.read({"type": "add", "name": "a", "amount": "10"}))
    assert after["tallies"]["a"] == 10 and state["tallies"]["a"] == 0  # pure
    with pytest.raises(RuleError) as over:  # the end first, though it is also not b's turn
        game.apply(after, add_b)
    assert (over.value.rule, str(over.value)) == ("ten wins", "a reached ten (rule: ten wins)")
    fixed, _ = game.apply(after, game.read({"type": "fix", "name": "b", "amount": "-0"}))
    assert fixed == after
    with pytest.raises(RuleError) as own_rule:  # the game's own rules come after the guards
        game.apply({**state, "turn": "c"}, game.read({"type": "fix", "name": "c", "amount": "1"}))
    assert own_rule.value.rule == "known tallies"
