"""`domekit deathdome ...` end to end: the issue's examples, JSON names, and bad input -> exit 2."""

from __future__ import annotations

import pytest

ATTACK = ["deathdome", "attack", "--attack-cards", "3,3,3", "--weapon-strength", "2"]
DEFEND = ["--defense-cards", "2", "--armor", "1"]


def test_attack_the_issue_example(cli) -> None:
    result = cli(*ATTACK, *DEFEND, "--vitae", "6", "--json")
    assert result.exit_code == 0, result.stderr
    out = result.json()
    # 3+3+3 + S2 = 11 against 2 + T1 = 3: 8 damage, Vitae 6 -> 0.
    assert (out["attack"], out["defense"], out["damage"], out["vitae_left"]) == (11, 3, 8, 0)
    assert out["wounded"] and out["killed"] and not out["push_back"]
    assert out["attack_cards"] == [3, 3, 3] and out["armor"] == [1] and out["push_on"] == 3
    assert out["steps"] and all(isinstance(step, str) for step in out["steps"])


def test_attack_human_output_shows_the_steps(cli) -> None:
    result = cli(*ATTACK, *DEFEND, "--vitae", "6")
    assert result.exit_code == 0
    assert "vitae left" in result.stdout and "steps" in result.stdout
    assert "attack stack = cards 3 + 3 + 3" in result.stdout


def test_attack_three_of_a_kind_pushes_and_lava_kills(cli) -> None:
    out = cli(*ATTACK, *DEFEND, "--vitae", "20", "--json").json()
    assert out["push_back"] and not out["killed"] and out["vitae_left"] == 12
    out = cli(*ATTACK, *DEFEND, "--vitae", "20", "--behind", "lava", "--json").json()
    assert out["push_back"] and out["killed"]
    out = cli(*ATTACK, *DEFEND, "--vitae", "20", "--behind", "wall", "--json").json()
    assert not out["push_back"]


def test_attack_push_on_two_of_a_kind(cli) -> None:
    args = ["deathdome", "attack", "--attack-cards", "2,2", "--vitae", "9", "--json"]
    assert not cli(*args).json()["push_back"]
    assert cli(*args, "--push-on", "2").json()["push_back"]


def test_attack_takes_numbers_from_card_data(cli) -> None:
    out = cli(
        "deathdome",
        "attack",
        "--attack-cards",
        "2,2",
        "--weapon",
        "War Hammer",
        "--unit",
        "warrior",
        "--defender",
        "gunner",
        "--json",
    ).json()
    # War Hammer S3, push back on 2 of a kind, incapacitate; warrior Skill 2; gunner T2, Vitae 7
    assert (out["weapon_strength"], out["skill"], out["toughness"], out["vitae"]) == (3, 2, 2, 7)
    assert out["attack"] == 9 and out["defense"] == 2 and out["vitae_left"] == 0


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--attack-cards", "3,5", "--vitae", "6"], "1 to 4"),
        (["--attack-cards", "-1", "--vitae", "6"], "1 to 4"),
        (["--attack-cards", "3,x", "--vitae", "6"], "not a whole number"),
        (["--defense-cards", "0", "--vitae", "6"], "1 to 4"),
        (["--skill", "-2", "--vitae", "6"], "negative"),
        (["--armor", "-1", "--vitae", "6"], "negative"),
        (["--vitae", "0"], "vitae"),
        ([], "--vitae"),
        (["--vitae", "6", "--behind", "pit"], "--behind"),
        (["--vitae", "6", "--push-on", "4"], "--push-on"),
        (["--vitae", "6", "--weapon", "Banana"], "unknown weapon"),
        (["--vitae", "6", "--weapon", "Kevlar Vest"], "not a weapon"),
        (["--vitae", "6", "--unit", "wizard"], "unknown unit type"),
        (["--vitae", "6", "--weapon", "Heavy Rifle", "--unit", "scout"], "own deck"),
    ],
)
def test_attack_bad_values_exit_2(cli, args: list[str], message: str) -> None:
    result = cli("deathdome", "attack", *args)
    assert result.exit_code == 2
    assert message in result.stderr and "Traceback" not in result.stderr


def test_payout_the_issue_example(cli) -> None:
    result = cli(
        "deathdome",
        "payout",
        "--control-points",
        "red=3,blue=5",
        "--tower-centres",
        "red=1",
        "--kills",
        "red=2,blue=1",
        "--fans",
        "4",
        "--json",
    )
    assert result.exit_code == 0, result.stderr
    out = result.json()
    assert out["payout"] == {"red": 1_400_000, "blue": 1_000_000}
    assert out["winner"] == "red"
    assert out["control_points"] == {"red": 3, "blue": 5} and out["fans"] == 4


def test_payout_teams_give_the_seating(cli) -> None:
    out = cli(
        "deathdome",
        "payout",
        "--control-points",
        "green=2,blue=2",
        "--teams",
        "green,red,blue",
        "--fans",
        "1",
        "--json",
    ).json()
    # red first then clockwise: red, blue, green; blue and green tie: blue is earlier
    assert out["teams"] == ["red", "blue", "green"] and out["winner"] == "blue"
    assert out["payout"]["red"] == 100_000


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--control-points", "pink=3,red=1", "--fans", "3"], "unknown team 'pink'"),
        (["--control-points", "red=-1,blue=1", "--fans", "3"], "negative"),
        (["--control-points", "red=1,blue=1", "--fans", "7"], "1 to 6"),
        (["--control-points", "red=1,blue=1", "--fans", "0"], "1 to 6"),
        (["--control-points", "red=1", "--fans", "2"], "--teams"),
        (["--control-points", "red:1,blue=2", "--fans", "2"], "red=3"),
    ],
)
def test_payout_bad_values_exit_2(cli, args: list[str], message: str) -> None:
    result = cli("deathdome", "payout", *args)
    assert result.exit_code == 2
    assert message in result.stderr


def test_los_yes_and_no_with_a_reason(cli) -> None:
    out = cli("deathdome", "los", "K10", "F10", "--json").json()
    assert out["visible"] and out["from"] == "K10" and out["to"] == "F10"
    out = cli("deathdome", "los", "K10", "H10", "--json").json()
    assert not out["visible"] and "short wall" in out["reason"]
    out = cli("deathdome", "los", "J10", "E10", "--json").json()
    assert not out["visible"] and "centre" in out["reason"]


def test_los_square_off_the_board_exits_2(cli) -> None:
    result = cli("deathdome", "los", "Z1", "A1")
    assert result.exit_code == 2 and "off the board" in result.stderr
    result = cli("deathdome", "los", "A1", "hello")
    assert result.exit_code == 2 and "not a square name" in result.stderr


def test_move_onto_the_tower_by_the_bridge(cli) -> None:
    out = cli("deathdome", "move", "red.scout", "D13", "E11", "--json").json()
    assert out["allowed"] and out["path"] == ["D13", "E12", "E11"] and out["movement"] == 6


def test_move_refused_with_the_reason(cli) -> None:
    out = cli("deathdome", "move", "blue.scout", "A4", "A1", "--json").json()
    assert not out["allowed"] and "enemy base" in out["reason"]
    out = cli("deathdome", "move", "red.gunner", "K4", "K7", "--enemies", "K5", "--json").json()
    assert out["allowed"] and "K5" not in out["path"]
    out = cli(
        "deathdome",
        "move",
        "red",
        "K4",
        "K7",
        "--movement",
        "3",
        "--enemies",
        "J5,K5,L5",
        "--json",
    ).json()
    assert not out["allowed"]
    out = cli(
        "deathdome",
        "move",
        "red",
        "K4",
        "K7",
        "--movement",
        "3",
        "--teammates",
        "J5,K5,L5",
        "--json",
    ).json()
    assert out["allowed"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["purple.scout", "A4", "A5"], "unknown team 'purple'"),
        (["red.wizard", "A4", "A5"], "unknown unit type"),
        (["red", "A4", "A5"], "--movement"),
        (["red.scout", "A4", "A99"], "off the board"),
        (["red.scout", "A4", "A5", "--enemies", "B5,Q77"], "--enemies"),
        (["red", "A4", "A5", "--movement", "-1"], "negative"),
    ],
)
def test_move_bad_values_exit_2(cli, args: list[str], message: str) -> None:
    result = cli("deathdome", "move", *args)
    assert result.exit_code == 2
    assert message in result.stderr


def test_draws(cli) -> None:
    out = cli("deathdome", "draws", "--control-points", "10", "--json").json()
    assert out == {"control_points": 10, "draws": 5, "steps": out["steps"]}
    result = cli("deathdome", "draws", "--control-points", "-1")
    assert result.exit_code == 2 and "negative" in result.stderr


def test_odds_attack_and_capture(cli):
    result = cli(
        "odds", "deathdome", "attack", "--hand", "3,3,3", "--vitae", "20", "--toughness", "2",
        "--defender-hand", "", "--play", "3,3,3", "--json",
    )  # fmt: skip
    assert result.exit_code == 0, result.stderr
    assert result.json()["p_push_back"]["float"] == 1.0
    capture = cli(
        "odds", "deathdome", "capture", "--team", "red", "--taken-from", "blue",
        "--control-points", "red=4,blue=5", "--json",
    )  # fmt: skip
    assert capture.exit_code == 0, capture.stderr
    assert capture.json()["relative_swing"]["float"] == 200_000


def test_odds_bad_input_is_one_clear_line_and_exit_2(cli):
    cases = [
        (("odds", "deathdome", "attack", "--hand", "3,x", "--vitae", "2"), "--hand"),
        (("odds", "deathdome", "attack", "--hand", "9", "--vitae", "2"), "power value"),
    ]  # fmt: skip
    for args, needle in cases:
        cli(*args).assert_refused(needle)
