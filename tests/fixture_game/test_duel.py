"""The duel (tests/fixture_game/duel/): its rules worked by hand, its exact odds against a second
way of counting them, its door, its calculator, and a whole duel on the tracker. What every game
gets from the tests that walk the registry (CLI, kit, pages and twins, CSP, hostile HTTP,
screen) it gets there."""

from __future__ import annotations

import json
import secrets
from fractions import Fraction
from functools import cache
from pathlib import Path

import pytest
from duel.match import DOOR, READER, Duel, Roll, damage, roll_damage, rules, win_chance
from fastapi.testclient import TestClient
from hypothesis import given
from hypothesis import strategies as st

from toolkit.dice import Dist
from toolkit.errors import DomekitError, RuleError
from toolkit.tracker.app import create_app
from toolkit.tracker.kits import record_kit

HERE = Path(__file__).parent
HP = st.integers(min_value=1, max_value=10)


def test_a_roll_deals_its_total_less_seven():
    assert [damage(total, rules()) for total in (2, 7, 8, 11, 12)] == [0, 0, 1, 4, 5]


def test_the_damage_of_one_roll_counted_by_hand():
    # 2d6 totals 8 to 12 come up 5, 4, 3, 2 and 1 ways in 36; every other total deals nothing.
    ways = {0: 36 - 15, 1: 5, 2: 4, 3: 3, 4: 2, 5: 1}
    assert roll_damage(rules()).probabilities() == {d: Fraction(n, 36) for d, n in ways.items()}


def test_on_one_hp_each_the_roller_wins_on_any_hit_of_their_own_rolls():
    # A hit (15 in 36) wins at once; else the other rolls: 5/12 + (7/12)^2 * 5/12 + ... = 12/19.
    assert win_chance(1, 1, rules()) == Fraction(12, 19)


ROLLS = 120


@cache
def _rolls_to_deal(hp: int) -> list[Fraction]:
    """P(the roller has dealt `hp` within n of their own rolls), n = 0..ROLLS: a second way."""
    left, done = Dist.always(hp), [Fraction(0)]
    hits = roll_damage(rules())
    for _ in range(ROLLS):
        left = left.bind(lambda h: Dist.always(h) if h <= 0 else hits.map(lambda d: h - d))
        done.append(left.p(lambda h: h <= 0))
    return done


@given(HP, HP)
def test_the_exact_chance_to_win_agrees_with_counting_rolls(mine, theirs):
    """The roller wins when they finish on their n-th roll and the other has not by their
    (n-1)-th: the sum over n up to ROLLS falls short only by the chance of needing more."""
    mine_by, theirs_by = _rolls_to_deal(theirs), _rolls_to_deal(mine)
    series = sum(
        (mine_by[n] - mine_by[n - 1]) * (1 - theirs_by[n - 1]) for n in range(1, ROLLS + 1)
    )
    short = win_chance(mine, theirs, rules()) - series
    assert 0 <= short <= 1 - mine_by[ROLLS] < Fraction(1, 10**15)


@given(HP, HP)
def test_more_hp_is_a_better_chance_and_rolling_first_helps(mine, theirs):
    chance = win_chance(mine, theirs, rules())
    assert 0 < chance < 1
    if mine < 10:
        assert win_chance(mine + 1, theirs, rules()) > chance
    assert chance > 1 - win_chance(theirs, mine, rules())  # better than waiting for their roll


def test_the_door_names_the_rule_and_the_position():
    duel, _ = DOOR.apply(Duel((10, 10)), Roll("1", (5, 6)))
    assert duel == Duel((10, 6), turn=2)
    with pytest.raises(RuleError) as refused:
        DOOR.apply(duel, Roll("1", (6, 6)))
    assert refused.value.in_position() == (
        "it is Player 2's turn, not Player 1's [turn 2, HP 10 · 6] (rule: On a turn)"
    )
    over, outcome = DOOR.apply(Duel((1, 6), turn=2), Roll("2", (4, 4)))
    assert over.winner == "2" and outcome["steps"][-1] == "Player 2 wins the duel"
    with pytest.raises(RuleError, match=r"Player 2 has won the duel \(rule: At 0 HP"):
        DOOR.apply(over, Roll("1", (6, 6)))


@pytest.mark.parametrize(
    ("fields", "says"),
    [
        ({"player": "3", "dice": "5,6"}, "player must be 1 or 2"),
        ({"player": "1", "dice": "5"}, "expected 2 dice, got 1"),
        ({"player": "1", "dice": [5, 7]}, "dice must be at most 6"),
        ({"player": "1", "dice": "five six"}, "dice must be a whole number"),
    ],
)
def test_a_roll_that_cannot_be_is_refused_naming_its_field(fields, says):
    with pytest.raises(DomekitError, match=says):
        READER.read({"type": "roll", **fields})


def test_the_recorded_duel_replays_to_its_winner():
    """A duel the tracker logged (tests/fixture_game/duel_export.json: one roll undone)."""
    rows = json.loads((HERE / "duel_export.json").read_text())["actions"]
    undone = {row["payload"]["target"] for row in rows if row["payload"]["type"] == "undo"}
    rolls = [
        READER.decode(row["payload"])
        for row in rows
        if row["payload"]["type"] == "roll" and row["seq"] not in undone
    ]
    assert undone == {5} and len(rolls) == 27
    duel = DOOR.replay(Duel((10, 10)), rolls)
    assert (duel.hp, duel.winner) == ((4, 0), "1")


def test_the_calculator_gives_a_rolls_damage_and_the_exact_odds(cli):
    done = cli("duel", "damage", "--roll", "5,6", "--hp", "1,1", "--json")
    assert done.exit_code == 0, done.stderr
    found = done.json()
    assert (found["damage"], found["win"], found["damage_odds"]["0"]) == (4, "12/19", "7/12")
    shown = cli("odds", "duel", "damage", "--roll", "6,6").stdout.splitlines()
    assert shown[0] == "6 + 6 = 12: 5 damage" and shown[-1].endswith("you win 53.2 %")
    cli("duel", "damage", "--roll", "7,1").assert_refused("--roll: expected 2 dice of 1 to 6")
    cli("duel", "damage", "--hp", "0,3").assert_refused("--hp: expected two HP of 1 to 10")


def test_a_whole_duel_on_the_tracker(tmp_path):
    db, kit = f"sqlite:///{tmp_path / 'duel.sqlite3'}", secrets.token_urlsafe(16)
    record_kit(db, {"kit_id": kit, "game": "duel", "base_url": "http://t"})
    app = create_app(db, kits_dir=None, allowed_hosts=["testserver"])
    with TestClient(app) as client:

        def roll(player: str, dice: str):
            body = {
                "action": {"command": f"roll {player} {dice}"},
                "client_action_id": secrets.token_hex(8),
            }
            return client.post(f"/k/{kit}/act", json=body)

        assert client.get(f"/k/{kit}/player/1.json").json()["chance_to_win"] == "53.2 %"
        assert roll("1", "6 6").json()["outcome"]["steps"][-1] == "Player 2 has 5 HP"
        assert roll("1", "6 5").status_code == 422  # Player 2's turn
        early = client.post(f"/k/{kit}/next-match", json={})
        assert early.status_code == 422 and "when this one has a winner" in early.text
        roll("2", "1 1")
        assert roll("1", "6 6").json()["outcome"]["steps"][-1] == "Player 1 wins the duel"
        loser = client.get(f"/k/{kit}/player/2.json").json()
        assert (loser["hp"], loser["their_hp"], loser["chance_to_win"]) == (0, 10, "0.0 %")
        table = client.get(f"/k/{kit}/table.json").json()
        assert (table["hp"], table["winner"]) == ({"player_1": 10, "player_2": 0}, "Player 1")
