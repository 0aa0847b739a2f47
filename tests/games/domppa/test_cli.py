"""`domekit domppa ...`: the issue's commands, their JSON names, and clear errors with exit 2."""

from fractions import Fraction

import pytest

MELEE = [
    "domppa", "melee", "--attack", "10", "--defence", "10", "--parry", "2",
    "--shield-protection", "3", "--strength", "10", "--weapon-damage", "5",
    "--protection", "12",
]  # fmt: skip


def test_hp_health_12_prints_21(cli):
    result = cli("domppa", "hp", "--health", "12", "--json")
    assert result.exit_code == 0
    assert result.json()["hp"] == 21
    human = cli("domppa", "hp", "--health", "12")
    assert "21" in human.stdout and "steps" in human.stdout


def test_melee_the_issues_example(cli):
    result = cli(
        *MELEE, "--type", "piercing", "--hit-dice", "4,3", "--damage-dice", "6,2,3", "--json"
    )
    assert result.exit_code == 0, result.stderr
    data = result.json()
    # 7 - 7 + 10 = 10 misses 12 only by the parry: a shield hit; 18 vs (12 + 3) - 3 = 12
    assert (data["hit"], data["shield_hit"], data["damage"]) == (True, True, 6)
    assert data["steps"][0] == "die 1: 4"


def test_melee_head_blunt_doubles(cli):
    result = cli(
        *MELEE, "--type", "blunt", "--head", "--hit-roll", "9", "--damage-roll", "10", "--json"
    )
    assert result.json()["damage"] == 12  # 18 - 12 = 6, x 2 to the head


def test_melee_over_20_is_halved_by_the_engine(cli):
    args = ["domppa", "melee", "--attack", "10", "--defence", "10", "--strength", "10"]
    args += ["--weapon-damage", "5", "--protection", "30", "--hit-roll", "9", "--json"]
    assert cli(*args, "--damage-roll", "18").json()["damage"] == 1  # 26 vs 25


def test_melee_fire_burns_on_a_6(cli):
    result = cli(*MELEE, "--element", "fire", "--hit-roll", "9", "--damage-dice", "6,2,3", "--json")
    assert result.json()["ignites"] is True


def test_melee_conditions_reach_the_roll(cli):
    # night: attack 10 - 3 = 7, defence 10 - 3 = 7 + parry 2; roll 7 -> 7 vs 7: a shield hit
    result = cli(*MELEE, "--darkness", "night", "--hit-roll", "7", "--damage-roll", "7", "--json")
    assert result.json()["shield_hit"] is True
    tired = cli(*MELEE, "--fatigue", "100", "--hit-roll", "7", "--damage-roll", "7")
    assert tired.exit_code == 2 and "cannot act" in tired.stderr


def test_ranged(cli):
    args = ["domppa", "ranged", "--precision", "10", "--size", "2", "--distance", "5"]
    args += ["--parry", "2", "--strength", "10", "--weapon-damage", "5", "--protection", "12"]
    result = cli(*args, "--hit-dice", "6,1,5", "--damage-dice", "4,3", "--json")
    assert result.exit_code == 0, result.stderr
    # 6 + 5 = 11 + 10 + 2 = 23 vs 14 + 5 + 4 = 23: a clean hit; 15 vs 12: 3
    data = result.json()
    assert (data["hit"], data["shield_hit"], data["damage"]) == (True, False, 3)
    in_melee = cli(*args, "--hit-roll", "7", "--damage-roll", "7", "--in-melee")
    assert in_melee.exit_code == 2 and "may not shoot" in in_melee.stderr


def test_morale(cli):
    args = ["domppa", "morale", "--morale", "10", "--max-hp", "20", "--hp", "13"]
    data = cli(*args, "--dice", "4,5", "--json").json()
    assert (data["target"], data["total"], data["passed"]) == (16, 19, True)
    assert cli(*args, "--roll", "5", "--json").json()["passed"] is False
    assert cli(*args, "--roll", "5", "--standard", "--json").json()["passed"] is True


def test_poison_schedule(cli):
    data = cli("domppa", "poison", "--damage", "25", "--json").json()
    assert data["schedule"] == [3, 3, 2, 2, 2, 2, 2] + [1] * 9
    assert sum(data["schedule"]) == 25


def test_ap(cli):
    data = cli("domppa", "ap", "--equipment-encumbrance", "4", "--json").json()
    assert (data["ap"], data["encumbrance"], data["spell_encumbrance"]) == (8, 7, 11)


FURTHER = [
    ("fear --fear 5 --morale 10 --max-hp 20 --hp 20 --roll 9", "broken", True),
    ("awe --morale 10 --awe 3 --dice 5,4", "may_strike", False),
    ("lance --attack 12 --target-protection 22 --roll 8", "result", "dropped"),
    ("paralysis --damage 9 --size 3", "rounds", 3),
    ("scatter --precision 10 --distance 6 --roll 3", "squares", 2),
    (
        "penetration --magic-resistance 12 --spell-path 2 --additional-path 3 --roll 9",
        "penetrates",
        True,
    ),
    ("action disengage --remaining-ap 8 --bodyguard 2", "ap", 5),
    ("heat-aura --level 4", "area", 20),
    ("put-out --fire-resist 2 --cold-scale 1", "chance", 40),
    ("warm-up --cold-resist 2 --heat-scale 1", "chance", 41),
    ("stealth --stealth 40 --dice 6,5", "successes", 1),
    ("healer --level 3 --dice 2,3", "success", True),
    ("pillage --die 4 --bonus 1", "unrest", 25),
    ("fire-shield --fire-paths 2 --protection 7 --dice 6,3,2", "ignites", True),
]


@pytest.mark.parametrize(("args", "json_name", "value"), FURTHER)
def test_further_calculators(cli, args, json_name, value):
    result = cli("domppa", *args.split(), "--json")
    assert result.exit_code == 0, result.stderr
    assert result.json()[json_name] == value


def test_abilities_lists_text_only_ones(cli):
    listed = cli("domppa", "abilities", "--json").json()["abilities"]
    assert listed["seduction"]["status"] == "text"
    assert listed["berserk"]["status"] == "computed"


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--hit-dice", "3,4,2", "--damage-roll", "7"], "more than 2 dice"),
        (["--hit-dice", "7,3", "--damage-roll", "7"], "not a face of a d6"),
        (["--hit-dice", "4,3", "--damage-dice", "6,3"], "holds 1 dice"),
        (["--hit-roll", "7", "--hit-dice", "4,3", "--damage-roll", "7"], "not both"),
        (["--damage-roll", "7"], "give the roll"),
        (["--hit-roll", "1", "--damage-roll", "7"], "cannot total 1"),
        (["--hit-roll", "7", "--damage-roll", "7", "--element", "fire"], "needs --damage-dice"),
        (["--hit-roll", "7", "--damage-roll", "7", "--element", "paralysis"], "--size"),
        (
            ["--hit-roll", "7", "--damage-roll", "7", "--blows-received", "-1"],
            "must not be negative",
        ),
    ],
)
def test_melee_bad_input_is_a_clear_error(cli, extra, message):
    result = cli(*MELEE, *extra)
    assert result.exit_code == 2
    assert result.stderr.startswith("error: ")
    assert message in result.stderr
    assert "Traceback" not in result.stderr


BAD = [
    ("hp --health -1", "health must not be negative"),
    ("hp --health 200", "stops at 160"),
    ("morale --morale 10 --max-hp 20 --hp 25 --roll 7", "above max HP"),
    ("poison --damage -3", "must not be negative"),
    ("ap --equipment-encumbrance -1", "must not be negative"),
    (
        "melee --attack -1 --defence 10 --strength 10 --weapon-damage 5 --protection 12"
        " --hit-roll 7 --damage-roll 7",
        "--attack must not be negative",
    ),
    ("action fly --remaining-ap 3", "unknown action"),
    ("stealth --stealth 40 --dice 6", "2 stealth dice"),
    ("--data /nonexistent hp --health 3", "no such data folder"),
]


@pytest.mark.parametrize(("args", "message"), BAD)
def test_bad_input_exits_2(cli, args, message):
    result = cli("domppa", *args.split())
    assert result.exit_code == 2
    assert message in result.stderr


def test_a_flag_that_is_not_a_number_exits_2(cli):
    result = cli("domppa", "hp", "--health", "lots")
    assert result.exit_code == 2


def test_lucky_rerolls_the_first_6_against_the_target(cli):
    args = [*MELEE, "--hit-dice", "6,4,2", "--damage-dice", "6,2,3", "--json"]
    # without Lucky: 6 exploded into 4 (9) + 2 = 11, a clean hit; 18 vs 12: 6 damage
    assert cli(*args).json()["damage"] == 6
    # with Lucky: the 6 became a 4: 4 + 2 = 6 -> 9 misses even the shield
    lucky = cli(*args, "--lucky").json()
    assert (lucky["hit"], lucky["damage"]) == (False, 0)
    # the damage roll's 6 is the first of the round when the hit dice showed none: 2 + 3 = 5,
    # 5 - 7 + 15 = 13 vs 12
    first = cli(*MELEE, "--hit-dice", "5,4", "--damage-dice", "6,2,3", "--lucky", "--json")
    assert first.json()["damage"] == 1
    # once a round: after the hit roll's 6 was re-rolled (into a 6 that explodes into 1: 6, + 5
    # = 11), the damage roll's 6 stands and explodes: 18 vs 12
    used = cli(*MELEE, "--hit-dice", "6,6,1,5", "--damage-dice", "6,2,3", "--lucky", "--json")
    assert used.json()["damage"] == 6
    needs_faces = cli(*MELEE, "--hit-roll", "7", "--damage-roll", "7", "--lucky")
    assert needs_faces.exit_code == 2 and "--lucky needs the faces" in needs_faces.stderr


def test_house_rules_from_data(cli, tmp_path):
    import shutil

    from toolkit.data import CARD_DATA

    folder = tmp_path / "house"
    shutil.copytree(CARD_DATA / "domppa", folder)
    path = folder / "rules.toml"
    path.write_text(path.read_text().replace("percent_per_turn = 10", "percent_per_turn = 50"))
    data = cli("domppa", "--data", str(folder), "poison", "--damage", "10", "--json").json()
    assert data["schedule"] == [5, 3, 1, 1]


def test_odds_melee_json_has_exact_fractions(cli):
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
    assert sum(Fraction(item["fraction"]) for item in spread.values()) == 1
    assert list(spread)[-1].endswith(" or more")
    assert "truncated_mass" not in data


def test_odds_bad_input_is_one_clear_line_and_exit_2(cli):
    cases = [
        (("odds", "domppa", "melee", "--attack", "5", "--defence", "5", "--strength", "3",
          "--weapon-damage", "1", "--protection", "2", "--type", "fiery"), "--type"),
    ]  # fmt: skip
    for args, needle in cases:
        cli(*args).assert_refused(needle)
