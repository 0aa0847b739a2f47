"""`domekit naturedome clash`: the issue's flags, JSON names and clear errors with exit code 2."""

from __future__ import annotations

import pytest


def test_the_rule_texts_example_on_the_command_line(cli):
    """Duel: 'Attack = 500, Defend = 400, defender subtracts 100 points from Health Meter'."""
    result = cli("naturedome", "clash", "--attack", "500", "--defend", "400", "--json")
    assert result.exit_code == 0, result.stderr
    data = result.json()
    assert list(data) == [
        "attack_total",
        "defense_total",
        "damage",
        "defender_health",
        "knocked_out",
        "steps",
    ]
    assert (data["attack_total"], data["defense_total"], data["damage"]) == (500, 400, 100)
    assert (data["defender_health"], data["knocked_out"]) == (900, False)
    assert data["steps"][-1] == "Defender health 1000 - 100 = 900"


def test_repeated_boosts_and_zones_from_both_healths(cli):
    """Attack Boost Cards: a boost laid on a boost; The Health Meter: the attacker's yellow zone
    reduces attack and boosts, the defender's red zone reduces the escape."""
    result = cli(
        "naturedome", "clash", "--attack", "300", "--boost", "200", "--boost", "100",
        "--escape", "400", "--attacker-health", "450", "--defender-health", "150", "--json",
    )  # fmt: skip
    assert result.exit_code == 0, result.stderr
    data = result.json()
    # (200-100) + (100-100) + (300-100) = 300 against 400-200 = 200: 100 damage, 150 -> 50.
    assert (data["attack_total"], data["defense_total"], data["damage"]) == (300, 200, 100)
    assert (data["defender_health"], data["knocked_out"]) == (50, False)


def test_a_knock_out(cli):
    result = cli(
        "naturedome", "clash", "--attack", "700", "--defend", "100", "--defender-health", "600",
        "--json",
    )  # fmt: skip
    assert result.json()["knocked_out"] is True
    assert result.json()["defender_health"] == 0


def test_people_get_a_table_and_numbered_steps(cli):
    result = cli("naturedome", "clash", "--attack", "500", "--defend", "400")
    assert result.exit_code == 0
    assert "damage" in result.stdout and "100" in result.stdout
    assert "5. Attack 500 > defend 400: the defender loses 500 - 400 = 100" in result.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--attack", "-1", "--defend", "400"], "--attack must be 0 or more (got -1)"),
        (["--attack", "500", "--boost", "-50", "--defend", "4"], "--boost must be 0 or more"),
        (["--attack", "500", "--escape", "-4"], "--escape must be 0 or more"),
        (["--attack", "500", "--defend", "4", "--escape", "4"], "exactly one of --defend or"),
        (["--attack", "500"], "exactly one of --defend or --escape"),
        (
            ["--attack", "500", "--defend", "4", "--defender-health", "1001"],
            "--defender-health must be 1 to the starting health 1000 (got 1001)",
        ),
        (
            ["--attack", "500", "--defend", "4", "--attacker-health", "-3"],
            "--attacker-health must be 1 to the starting health 1000 (got -3)",
        ),
        (
            ["--attack", "500", "--defend", "4", "--attacker-health", "0"],
            "--attacker-health is 0: that player is already knocked out",
        ),
    ],
)
def test_bad_values_get_a_clear_error_and_exit_2(cli, args, message):
    result = cli("naturedome", "clash", *args)
    assert result.exit_code == 2
    assert result.stderr.startswith("error: ")
    assert message in result.stderr
    assert "Traceback" not in result.stderr


def test_odds_clash_json(cli):
    result = cli(
        "odds", "naturedome", "clash", "--hand", "talon-dive,lion-roar",
        "--defender-hand", "shell-guard", "--json",
    )  # fmt: skip
    assert result.exit_code == 0, result.stderr
    data = result.json()
    assert data["best_play"] == "lion-roar + talon-dive"
    assert data["damage_distribution"] == {"200": {"fraction": "1/1", "float": 1.0}}


def test_odds_bad_input_is_one_clear_line_and_exit_2(cli):
    cases = [
        (("odds", "naturedome", "clash", "--hand", "dragon"), "dragon"),
    ]  # fmt: skip
    for args, needle in cases:
        cli(*args).assert_refused(needle)
