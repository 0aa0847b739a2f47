"""`domekit odds ...` as a user runs it: JSON names, exact fractions, clear errors."""

from __future__ import annotations


def test_odds_is_listed(cli):
    result = cli("odds", "--help")
    assert result.exit_code == 0
    for game in ("dominum", "domppa", "naturedome", "deathdome"):
        assert game in result.stdout


def test_domppa_melee_json_has_exact_fractions(cli):
    result = cli(
        "odds", "domppa", "melee", "--attack", "5", "--defence", "5", "--strength", "4",
        "--weapon-damage", "2", "--protection", "6", "--head-protection", "3", "--hp", "8",
        "--max-hp", "20", "--morale", "7", "--json",
    )  # fmt: skip
    assert result.exit_code == 0, result.stderr
    data = result.json()
    for name in ("p_hit", "p_shield_hit", "p_head_hit", "p_kill", "p_morale_failure"):
        numerator, denominator = map(int, data[name]["fraction"].split("/"))
        assert abs(numerator / denominator - data[name]["float"]) < 1e-12
    spread = data["damage_distribution"]
    assert abs(sum(item["float"] for item in spread.values()) - 1) < 1e-9
    assert data["truncated_mass"]["float"] < 1e-9


def test_dominum_attack_json(cli):
    result = cli(
        "odds", "dominum", "attack", "--strength", "3", "--defense", "4",
        "--defender-policy", "never", "--json",
    )  # fmt: skip
    assert result.exit_code == 0, result.stderr
    assert result.json()["p_wound"]["fraction"] == "7/9"


def test_dominum_assault_table_for_people(cli):
    result = cli("odds", "dominum", "assault", "--in-zone", "2", "--fortified", "1")
    assert result.exit_code == 0, result.stderr
    assert "vp distribution" in result.stdout
    assert "13/36" in result.stdout
    assert "█" in result.stdout


def test_naturedome_clash_json(cli):
    result = cli(
        "odds", "naturedome", "clash", "--hand", "talon-dive,lion-roar",
        "--defender-hand", "shell-guard", "--json",
    )  # fmt: skip
    assert result.exit_code == 0, result.stderr
    data = result.json()
    assert data["best_play"] == "lion-roar + talon-dive"
    assert data["damage_distribution"] == {"200": {"fraction": "1/1", "float": 1.0}}


def test_deathdome_attack_and_capture(cli):
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


def test_bad_input_is_one_clear_line_and_exit_2(cli):
    cases = [
        (("odds", "dominum", "attack", "--strength", "3", "--defense", "4", "--used", "5"),
         "--used"),
        (("odds", "dominum", "attack", "--strength", "3", "--defense", "4",
          "--used", "critical,critical"), "'critical'"),
        (("odds", "domppa", "melee", "--attack", "5", "--defence", "5", "--strength", "3",
          "--weapon-damage", "1", "--protection", "2", "--type", "fiery"), "--type"),
        (("odds", "naturedome", "clash", "--hand", "dragon"), "dragon"),
        (("odds", "deathdome", "attack", "--hand", "3,x", "--vitae", "2"), "--hand"),
        (("odds", "deathdome", "attack", "--hand", "9", "--vitae", "2"), "power value"),
    ]  # fmt: skip
    for args, needle in cases:
        result = cli(*args)
        assert result.exit_code == 2, args
        assert result.stderr.startswith("error: ") and needle in result.stderr, result.stderr
        assert "Traceback" not in result.stderr
