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


# -- the cards by name, with their abilities (issue 26) -------------------------------------------
SKITTERLING = [
    {"card": "Skitterling", "effect": "Infiltrate", "text": "Infiltrate:"},
    {
        "card": "Skitterling",
        "effect": "attack total 1",
        "text": "add 1 to this card's attack total.",
    },
]
"""The Skitterling's ability in play, a term an entry (toolkit/data/effects.py: effects_json)."""


@pytest.mark.parametrize(
    ("domain", "total", "result", "effects"),
    [
        ("opponent", 3, "wound", SKITTERLING),
        ("neutral", 2, "blocked", []),
        ("own", 2, "blocked", []),
    ],
)
def test_attack_by_card_name_applies_infiltrate_where_it_holds(cli, domain, total, result, effects):
    """Skitterling (strength 1), "Infiltrate: add 1 to this card's attack total", active only in
    the opponent's Domain, against the Elven Spearman (2): 1 + 1 + 1 = 3 > 2 there, else 2."""
    data = cli(
        "dominum", "attack", "--json", "--attacker", "skitterling", "--defender", "Elven Spearman",
        "--attacker-domain", domain, "--power", "1",
    ).json()  # fmt: skip
    assert (data["attack_total"], data["defense_total"], data["result"]) == (total, 2, result)
    assert data["effects"] == effects


def test_attack_by_card_name_strength_flag_wins_and_deadly_is_listed(cli):
    """Gutripper (3, Deadly) with --strength 1 against The Maw Mother (4): 1 + 3 = 4, a tie that
    Deadly wins; without --strength 3 + 3 = 6."""
    args = ["dominum", "attack", "--json", "--attacker", "Gutripper"]
    data = cli(*args, "--defender", "The Maw Mother", "--power", "3", "--strength", "1").json()
    assert (data["attack_total"], data["result"]) == (4, "wound")
    assert "4 = 4: Deadly wins ties, a wound" in data["steps"]
    assert data["effects"] == [
        {
            "card": "Gutripper",
            "effect": "Deadly",
            "text": "Deadly: it wins ties when it attacks, counterattacks or makes a free strike.",
        }
    ]
    assert cli(*args, "--defender", "The Maw Mother", "--power", "3").json()["attack_total"] == 6


@pytest.mark.parametrize(("domain", "knockback"), [("own", False), ("neutral", True)])
def test_knockback_against_a_protector_that_cannot_be_knocked_back(cli, domain, knockback):
    """Silverbough Warden (4, Deadly, Knockback) against the Wildwood Sentinel (defense 4),
    "Protector: this card cannot be knocked back": 4 + 1 = 5 > 4 wounds; in its own Domain no
    Knockback, and its ability is listed; in the Neutral Line the Knockback may shift it."""
    data = cli(
        "dominum", "attack", "--json", "--attacker", "Silverbough Warden",
        "--defender", "Wildwood Sentinel", "--defender-domain", domain, "--power", "1",
    ).json()  # fmt: skip
    assert data["result"] == "wound" and data["knockback"] is knockback
    cards = [(e["card"], e["effect"]) for e in data["effects"]]
    warden = [("Silverbough Warden", "Deadly"), ("Silverbough Warden", "Knockback")]
    sentinel = [("Wildwood Sentinel", "Protector"), ("Wildwood Sentinel", "cannot be knocked back")]
    assert cards == warden + ([] if knockback else sentinel)


def test_attack_by_card_name_with_a_lunge_and_the_defenders_submerge(cli):
    """Glade Rider (3, Lunge) lunged: the 1 drawn first is replaced by the 2 drawn second: 3 + 2 =
    5 against the Deep Caller's 4 + 1 = 5, blocked; its Submerge may replace the counterattack."""
    data = cli(
        "dominum", "attack", "--json", "--attacker", "Glade Rider", "--defender", "Deep Caller",
        "--power", "1", "--lunge-power", "2", "--defense-power", "1",
    ).json()  # fmt: skip
    assert (data["attack_total"], data["defense_total"], data["result"]) == (5, 5, "blocked")
    assert data["submerge"] is True
    assert [(e["card"], e["effect"]) for e in data["effects"]] == [
        ("Glade Rider", "Lunge"),
        ("Deep Caller", "Submerge"),
    ]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--attacker", "Gutriper", "--defense", "3"], "did you mean Gutripper"),
        (["--attacker", "Aelindra", "--defense", "3"], "did you mean Aelindra, Queen of Thorns"),
        (["--defense", "3"], "give --attacker NAME or --strength N"),
        (["--strength", "3"], "give --defender NAME or --defense N"),
        (
            ["--attacker", "Gutripper", "--defense", "3", "--attacker-domain", "home"],
            "own, opponent",
        ),
        (["--strength", "2", "--defense", "3", "--lunge-power", "2"], "Lunge"),
    ],
)
def test_attack_by_card_name_bad_input_exit_2(cli, args, message):
    result = cli("dominum", "attack", "--power", "2", *args)
    assert result.exit_code == 2, result.stdout
    assert message in result.stderr and "Traceback" not in result.stderr


def test_odds_attack_by_card_name_shows_the_lunge_choice_best_and_worst(cli):
    """Glade Rider (3) lunged against Aelindra (4), no defender draw: a 1 (2 of 9) blocks. Best:
    redraw after a 1, 7 of the 8 left wound: 7/9 + 2/9 x 7/8 = 35/36. Worst: redraw after a
    wounding card (6 of its 8 wound), keep a 1: 7/9 x 6/8 = 7/12."""
    data = cli(
        "odds", "dominum", "attack", "--json", "--attacker", "Glade Rider", "--defender",
        "Aelindra, Queen of Thorns", "--lunged", "--defender-policy", "never",
    ).json()  # fmt: skip
    assert data["p_wound"]["fraction"] == "35/36"
    assert data["best"]["p_wound"]["fraction"] == "35/36"
    assert data["worst"]["p_wound"]["fraction"] == "7/12"
    assert data["effects"][0]["effect"] == "Lunge"
