"""`domekit dominum attack|assault|duel`, as a player types them (issue 6's examples)."""

from __future__ import annotations

import pytest


def test_attack_example(cli):
    """Attack Phase: 3 + 2 = 5 against 4 is a wound."""
    result = cli("dominum", "attack", "--json", "--strength", "3", "--power", "2", "--defense", "4")
    assert result.exit_code == 0, result.stderr
    data = result.json()
    assert {k: data[k] for k in ("attack_total", "defense_total", "result", "counterattack")} == {
        "attack_total": 5,
        "defense_total": 4,
        "result": "wound",
        "counterattack": False,
    }
    assert data["steps"]


def test_attack_blocked_with_every_flag(cli):
    result = cli(
        "dominum", "attack", "--json",
        "--strength", "3", "--power", "1", "--defense", "4", "--defense-power", "critical",
        "--coordinating", "2", "--deadly", "--attacker-weakened", "--defender-weakened",
    )  # fmt: skip
    data = result.json()
    assert (data["attack_total"], data["defense_total"]) == (5, 3)
    assert data["result"] == "blocked" and data["counterattack"] is True


def test_attack_deadly_wins_the_tie(cli):
    args = ["dominum", "attack", "--json", "--strength", "3", "--power", "1", "--defense", "4"]
    assert cli(*args).json()["result"] == "blocked"
    assert cli(*args, "--deadly").json()["result"] == "wound"


def test_attack_for_people_prints_numbered_steps(cli):
    result = cli("dominum", "attack", "--strength", "3", "--power", "critical", "--defense", "9")
    assert result.exit_code == 0
    assert "wound" in result.stdout and "1. attack strength 3" in result.stdout


def test_assault_example(cli):
    """Assault Phase: 2 in the zone, draws 3 and 4: 9, so 1 VP."""
    result = cli("dominum", "assault", "--json", "--in-zone", "2", "--power", "3,4")
    assert result.exit_code == 0, result.stderr
    data = result.json()
    assert (data["initial"], data["total"], data["vp"], data["takes_surge"]) == (2, 9, 1, False)


def test_assault_fortified_barrage_surge_critical(cli):
    result = cli(
        "dominum", "assault", "--json", "--in-zone", "2", "--fortified", "1", "--barrage", "1",
        "--power", "3,critical", "--surge",
    )  # fmt: skip
    data = result.json()
    assert (data["initial"], data["total"], data["vp"], data["takes_surge"]) == (4, 12, 2, False)


def test_assault_low_total_takes_the_surge(cli):
    data = cli("dominum", "assault", "--json", "--in-zone", "1", "--power", "1,1").json()
    assert (data["total"], data["vp"], data["takes_surge"]) == (3, 0, True)


def test_duel(cli):
    data = cli("dominum", "duel", "--json", "--power", "2", "--opponent-power", "2").json()
    assert data["winner"] == "opponent"
    data = cli("dominum", "duel", "--json", "--power", "critical", "--opponent-power", "4").json()
    assert data["winner"] == "initiator"


@pytest.mark.parametrize(
    "args, message",
    [
        (["attack", "--strength", "3", "--power", "5", "--defense", "4"], "--power must be 1 to 4"),
        (["attack", "--strength", "3", "--power", "two", "--defense", "4"], "got 'two'"),
        (
            ["attack", "--strength", "3", "--power", "2", "--defense", "4", "--defense-power", "0"],
            "--defense-power must be 1 to 4",
        ),
        (["attack", "--strength", "-1", "--power", "2", "--defense", "4"], "--strength must be 0"),
        (
            ["attack", "--strength", "1", "--power", "2", "--defense", "4", "--coordinating", "-2"],
            "--coordinating must be 0",
        ),
        (["assault", "--in-zone", "0", "--power", "3,4"], "at least 1 card"),
        (["assault", "--in-zone", "-1", "--power", "3,4"], "--in-zone must be 0"),
        (["assault", "--in-zone", "1", "--fortified", "2", "--power", "3,4"], "cannot exceed"),
        (["assault", "--in-zone", "1", "--barrage", "-1", "--power", "3,4"], "--barrage must be"),
        (["assault", "--in-zone", "1", "--power", "3"], "takes 2 cards"),
        (["assault", "--in-zone", "1", "--power", "3,9"], "--power must be 1 to 4"),
        (["duel", "--power", "7"], "--power must be 1 to 4"),
    ],
)
def test_bad_values_exit_2_with_a_clear_error(cli, args, message):
    result = cli("dominum", *args)
    assert result.exit_code == 2
    assert message in result.stderr
    assert "Traceback" not in result.stderr


def test_own_rules_file(cli, tmp_path):
    """A group's house rule lives in data: here 8 is already 1 VP."""
    from toolkit.data import CARD_DATA

    text = (CARD_DATA / "dominum" / "rules.toml").read_text()
    (tmp_path / "rules.toml").write_text(text.replace("at_least = 9", "at_least = 8"))
    args = ["dominum", "assault", "--json", "--in-zone", "2", "--power", "3,3"]
    assert cli(*args).json()["vp"] == 0
    assert cli(*args, "--data", str(tmp_path)).json()["vp"] == 1


def test_broken_rules_file_names_file_line_and_field(cli, tmp_path):
    from toolkit.data import CARD_DATA

    text = (CARD_DATA / "dominum" / "rules.toml").read_text()
    (tmp_path / "rules.toml").write_text(text.replace("reserve_limit = 3", "reserve_limit = -3"))
    result = cli("dominum", "duel", "--power", "1", "--data", str(tmp_path))
    assert result.exit_code == 2
    assert "rules.toml" in result.stderr and "reserve_limit" in result.stderr
    assert "line" in result.stderr


def test_odds_attack_json(cli):
    result = cli(
        "odds", "dominum", "attack", "--strength", "3", "--defense", "4",
        "--defender-policy", "never", "--json",
    )  # fmt: skip
    assert result.exit_code == 0, result.stderr
    assert result.json()["p_wound"]["fraction"] == "7/9"


def test_odds_assault_table_for_people(cli):
    result = cli("odds", "dominum", "assault", "--in-zone", "2", "--fortified", "1")
    assert result.exit_code == 0, result.stderr
    assert "vp distribution" in result.stdout
    assert "13/36" in result.stdout
    assert "█" in result.stdout


def test_odds_bad_input_is_one_clear_line_and_exit_2(cli):
    cases = [
        (("odds", "dominum", "attack", "--strength", "3", "--defense", "4", "--used", "5"),
         "--used"),
        (("odds", "dominum", "attack", "--strength", "3", "--defense", "4",
          "--used", "critical,critical"), "'critical'"),
    ]  # fmt: skip
    for args, needle in cases:
        cli(*args).assert_refused(needle)
