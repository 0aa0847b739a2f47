"""`domekit deathdome ...` end to end: the issue's examples, JSON names, and bad input -> exit 2."""

from __future__ import annotations

import pytest

from toolkit.games.deathdome.data import load_deathdome

DATA_TEXT = {w.word: w.render(("skill", 1)) for w in load_deathdome().words().words.values()
             if w.word == "set bonus"}  # fmt: skip

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


# --- the items a table knows (issue 26) -------------------------------------------------------


def attack(cli, *args: str) -> dict:
    result = cli("deathdome", "attack", *args, "--json")
    assert result.exit_code == 0, result.stderr
    return result.json()


def test_attack_with_the_items_worn_the_riot_shield_prevents_push_back(cli) -> None:
    """Heavy Rifle S2 + 1,1,1 = 5 (no --unit: Skill 0) against the Riot Shield's T2 (no
    --defender: Toughness 0): 3 damage off Vitae 9, three of a kind - but "Prevents push back"."""
    out = attack(cli, "--attacker-items", "heavy-rifle", "--defender-items", "riot-shield",
                 "--attack-cards", "1,1,1", "--vitae", "9")  # fmt: skip
    assert (out["attack"], out["defense"], out["vitae_left"]) == (5, 2, 6)
    assert out["wounded"] and not out["push_back"] and out["push_back_squares"] == 0
    assert {
        "card": "Riot Shield",
        "effect": "prevent push back",
        "text": "Prevents push back.",
    } in (out["effects"])
    assert {"card": "Heavy Rifle", "effect": "S 2", "text": "S2"} in out["effects"]
    assert out["weapon"] == "Heavy Rifle" and out["attacker_items"] == ["heavy-rifle"]


def test_attack_the_buzz_saw_suit_shows_as_attacker_vitae_loss(cli) -> None:
    """Chainsaw S3 + warrior Skill 2 + 1 = 6 against T2 + gunner T2 = 4: 2 damage, a wound; the
    Chainsaw reaches 1, so the warrior stands next to the suit: it loses 1 Vitae."""
    args = ["--unit", "warrior", "--attacker-items", "chainsaw", "--defender", "gunner",
            "--defender-items", "buzz-saw-suit", "--attack-cards", "1"]  # fmt: skip
    out = attack(cli, *args)
    assert out["damage"] == 2 and out["attacker_vitae_loss"] == 1
    assert any(e["effect"] == "-V to attacker 1" for e in out["effects"])
    assert attack(cli, *args, "--not-adjacent")["attacker_vitae_loss"] == 0


def test_attack_sets_follow_from_the_items_and_the_team_items(cli) -> None:
    """Plutonium Set +1 skill to the unit carrying the Plutonium Cell while the team owns all
    3: Plutonium Cannon S4 + gunner Skill 1 + 1 (set) = 6 against 0: Vitae 9 -> 3."""
    base = ["--unit", "gunner", "--attacker-items", "plutonium-cannon,plutonium-cell",
            "--vitae", "9"]  # fmt: skip
    assert attack(cli, *base)["skill"] == 1  # the Plate is not owned: no bonus
    out = attack(cli, *base, "--team-items", "plutonium-plate")
    assert (out["skill"], out["attack"], out["vitae_left"]) == (2, 6, 3)
    assert {"card": "Plutonium Cell", "effect": "set bonus skill 1",
            "text": DATA_TEXT["set bonus"]} in out["effects"]  # fmt: skip


def test_attack_the_three_card_combo_and_an_explicit_flag_wins(cli) -> None:
    """Sansachel's Satchel + Steroids + Boxing Gloves: pushed back 2 squares. Boxing Gloves S1
    + warrior Skill 2 + Steroids 1 + 2,2 = 8 against Vitae 20: two of a kind. --skill 2 is the
    Skill as it stands: the Steroids' +1 is not added on top (8 - 1 = 7)."""
    args = ["--unit", "warrior", "--attacker-items", "boxing-gloves,sansachel-satchel",
            "--attacker-drugs", "steroids", "--attack-cards", "2,2", "--vitae", "20"]  # fmt: skip
    out = attack(cli, *args)
    assert (out["attack"], out["push_back"], out["push_back_squares"]) == (8, True, 2)
    assert out["effects"][-2]["card"].startswith("Combo: Sansachel's Satchel")
    out = attack(cli, *args, "--skill", "2")
    assert out["attack"] == 7 and any("--skill 2 given" in s for s in out["steps"])


def test_attack_effect_cards_by_id(cli) -> None:
    """2 + Overcharge (+2 S) against Dodge (+2 T): 4 - 2 = 2 damage; the defender's Counter
    cancels the Overcharge (not the power card, not its own Dodge): 2 - 2, no damage. High
    Ground (+2 S) is played only from higher ground."""
    out = attack(cli, "--attack-cards", "2,overcharge", "--defense-cards", "dodge", "--vitae", "5")
    assert (out["attack"], out["defense"], out["damage"]) == (4, 2, 2)
    out = attack(cli, "--attack-cards", "2,overcharge", "--defense-cards", "dodge,counter",
                 "--vitae", "5")  # fmt: skip
    assert (out["attack"], out["defense"], out["damage"]) == (2, 2, 0)
    out = attack(cli, "--attack-cards", "2,high-ground", "--vitae", "5", "--higher-ground")
    assert out["attack"] == 4


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--attacker-items", "riot-sheild", "--vitae", "3"],
         "--attacker-items: no item 'riot-sheild' in items.csv; did you mean 'riot-shield'?"),
        (["--defender-items", "kevlarvest", "--vitae", "3"],
         "--defender-items: no item 'kevlarvest' in items.csv; did you mean 'kevlar-vest'?"),
        (["--attacker-items", "pistol,heavy-rifle", "--vitae", "3"],
         "--attacker-items: weapons from the gunner and scout decks"),
        (["--attacker-items", "pistol,smg", "--vitae", "3"], "say which with --weapon"),
        (["--attacker-items", "pistol", "--weapon", "smg", "--vitae", "3"],
         "--weapon 'smg' is not among --attacker-items"),
        (["--attacker-items", "leather-jacket,kevlar-vest,riot-shield,cyber-suit",
          "--vitae", "3"], "4 items; a unit carries at most 3"),
        (["--attack-cards", "3,shovee", "--vitae", "3"], "did you mean 'shove'"),
        (["--attack-cards", "dodge", "--vitae", "3"], "Dodge is not played on an attack stack"),
        (["--attack-cards", "high-ground", "--vitae", "3"], "--higher-ground"),
        (["--attacker-drugs", "steriods", "--vitae", "3"], "did you mean 'steroids'"),
    ],
)  # fmt: skip
def test_attack_bad_items_name_the_flag_and_the_nearest_id(cli, args, message) -> None:
    result = cli("deathdome", "attack", *args)
    assert result.exit_code == 2 and message in result.stderr, result.stderr
    assert "Traceback" not in result.stderr


def test_the_help_says_a_flag_wins_over_the_cards(cli) -> None:
    text = " ".join(cli("deathdome", "attack", "--help").stdout.split())
    assert "--attacker-items" in text and "--team-items" in text
    assert "wins over" in text


def test_move_with_spider_legs_climbs_and_titan_armour_slows(cli) -> None:
    out = cli("deathdome", "move", "red.scout", "J3", "J10", "--items",
              "spider-legs,titan-armour", "--json").json()  # fmt: skip
    assert out["movement"] == 5 and out["climb"]
    assert [e["card"] for e in out["effects"]] == ["Spider Legs", "Titan Armour"]


def test_los_the_needle_gun_lends_its_range_to_offensive_drugs(cli) -> None:
    near = cli("deathdome", "los", "K10", "F10", "--weapon", "tranquilizer", "--json").json()
    far = cli("deathdome", "los", "K10", "F10", "--weapon", "tranquilizer",
              "--items", "needle-gun,tranquilizer", "--json").json()  # fmt: skip
    assert (near["in_range"], far["in_range"]) == (False, True)
