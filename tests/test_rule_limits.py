"""What the rules make impossible is refused alike by the calculators, the odds and the match:
each limit of a rule text in card_data/<game>/rules.toml with its sentence; a house rule that
changes the number changes the refusal."""

from __future__ import annotations

from pathlib import Path

import pytest
from card_edits import copy_card_data, edit_text
from pydantic import ValidationError

from toolkit.data import CARD_DATA
from toolkit.errors import RuleError
from toolkit.rule_limits import RuleLimit, RuleLimits, resolve_limits

DD_ATTACK = [
    "odds", "deathdome", "attack", "--hand", "3,1", "--weapon-strength", "2", "--skill", "1",
    "--toughness", "2", "--vitae", "4",
]  # fmt: skip
DM_ASSAULT = ["odds", "dominum", "assault", "--in-zone", "2"]
ND_CLASH = ["odds", "naturedome", "clash", "--hand", "talon-dive,pack-howl,bear-swipe"]
DP_MELEE = [
    "odds", "domppa", "melee", "--attack", "10", "--defence", "12", "--strength", "5",
    "--weapon-damage", "3", "--protection", "10",
]  # fmt: skip


@pytest.mark.parametrize(
    "args, rule, quoted",
    [
        # Death Dome: "S1, S2 , S3 , S4 = weapons", "T1, T2, T3, T4 = armor", three items.
        ([*DD_ATTACK[:6], "5", *DD_ATTACK[7:], "--armor", "1"], "Card Abilities", "S4 = weapons"),
        ([*DD_ATTACK, "--armor", "5"], "Card Abilities", "T4 = armor"),
        ([*DD_ATTACK, "--armor", "1,1,1,1"], "Item Cards", "up to three items maximum"),
        ([*DD_ATTACK, "--armor", "1", "--defense-cards", "7"], "Special Play Deck",
         "1,2,3,4 = power cards"),
        ([*DD_ATTACK, "--armor", "1", "--push-on", "4"], "Push Back", "3 of a kind"),
        # Dominum: the battlefield, the assault zone's six spaces, the reserve board.
        ([*DM_ASSAULT[:3], "--in-zone", "7"], "Board Configuration", "The six spaces"),
        ([*DM_ASSAULT[:3], "--in-zone", "3", "--fortified", "3"], "Assault Phase",
         "fortified space"),
        (["odds", "dominum", "attack", "--strength", "3", "--defense", "4", "--reserve",
          "1,2,3,4"], "Reserve Phase", "3 reserve power cards"),
        (["odds", "dominum", "attack", "--strength", "3", "--defense", "4", "--coordinating",
          "6"], "Coordinated Attacks", "multiple allies"),
        # Nature Dome: a hand of three; health from 1000 down (the engine's own check).
        ([*ND_CLASH[:4], "talon-dive,shell-guard,bear-swipe,ink-cloud"], "Set Up",
         "draws three Power Cards"),
        ([*ND_CLASH, "--defender-health", "1200"],
         "Duel: 'Points cannot be regained once they are lost'", "above the starting health"),
        ([*ND_CLASH, "--cards", "4"], "Set Up", "draws three Power Cards"),
        # Domppa: the Health table's end, a lance charge that still leaves AP to strike.
        ([*DP_MELEE, "--hp", "10", "--max-hp", "900"], "Stats: Health", "81-160: +6 HP each"),
        ([*DP_MELEE, "--lance-squares", "6"], "Lances", "per square moved"),
    ],
)  # fmt: skip
def test_the_odds_refuse_what_the_rules_make_impossible_naming_the_rule(cli, args, rule, quoted):
    result = cli(*args)
    assert result.exit_code == 2, (result.stdout, result.stderr)
    assert f"(rule: {rule})" in result.stderr and quoted in result.stderr, result.stderr
    assert "Traceback" not in result.stderr


def test_the_calculators_refuse_alike(cli):
    result = cli(
        "deathdome", "attack", "--attack-cards", "3", "--weapon-strength", "6", "--skill", "1",
        "--toughness", "1", "--vitae", "4",
    )  # fmt: skip
    assert result.exit_code == 2 and "(rule: Card Abilities)" in result.stderr, result.stderr
    result = cli("dominum", "assault", "--in-zone", "7", "--power", "1,2")
    assert result.exit_code == 2 and "(rule: Board Configuration)" in result.stderr, result.stderr


def test_at_the_limit_is_allowed(cli):
    assert cli(*DD_ATTACK, "--armor", "4,4,4").exit_code == 0
    assert cli(*DM_ASSAULT[:3], "--in-zone", "6", "--fortified", "2").exit_code == 0
    assert cli(*DP_MELEE, "--lance-squares", "5", "--hp", "805", "--max-hp", "805").exit_code == 0


def test_a_house_rule_changes_the_number_not_the_code(cli, tmp_path):
    # Four items a unit, armour up to T5, a lance charge of 3 squares at most.
    deathdome = copy_card_data("deathdome", tmp_path / "deathdome")
    rules = deathdome / "rules.toml"
    edit_text(rules, "max_items_per_unit = 3", "max_items_per_unit = 4")
    edit_text(rules, 'least = 1\nmost = 4\n\n[limits.power_card]', 'least = 1\nmost = 5\n\n'
              '[limits.power_card]')  # fmt: skip
    assert cli(*DD_ATTACK, "--armor", "5,1,1,1", "--data", str(deathdome)).exit_code == 0
    refused = cli(*DD_ATTACK, "--armor", "1,1,1,1,1", "--data", str(deathdome))
    assert refused.exit_code == 2 and "5 is not at most 4" in refused.stderr, refused.stderr
    domppa = copy_card_data("domppa", tmp_path / "domppa")
    rules = domppa / "rules.toml"
    edit_text(rules, '[limits.lance_squares]\nrule = "Lances"', '[limits.lance_squares]\n'
              'rule = "Lances (house rule)"')  # fmt: skip
    edit_text(rules, 'least = 0\nmost_from = "lance_squares"', "least = 0\nmost = 3")
    refused = cli(*DP_MELEE, "--lance-squares", "4", "--data", str(domppa))
    assert refused.exit_code == 2 and "(rule: Lances (house rule))" in refused.stderr
    assert "4 is not 0 to 3" in refused.stderr
    # The number the limit names moves it too: 14 AP leave room for 6 squares and a strike.
    domppa2 = copy_card_data("domppa", tmp_path / "domppa2")
    edit_text(domppa2 / "rules.toml", "[action_points]\nbase = 12", "[action_points]\nbase = 14")
    assert cli(*DP_MELEE, "--lance-squares", "6", "--data", str(domppa2)).exit_code == 0


def test_a_limit_naming_nothing_is_a_located_data_error(tmp_path):
    from toolkit.errors import DataError
    from toolkit.games.dominum.config import load_rules

    folder = copy_card_data("dominum", tmp_path / "dominum")
    edit_text(folder / "rules.toml", 'most_from = "battlefield.limit"', 'most_from = "nowhere.x"')
    with pytest.raises(DataError, match="rules.toml.*'nowhere.x' is not a number here"):
        load_rules(folder)


def test_a_limit_checks_and_quotes():
    limit = RuleLimit(rule="Item Cards", quote="up to three items", most=3)
    assert limit.check(3, "items") == 3
    with pytest.raises(RuleError) as refused:
        limit.check(4, "items")
    assert refused.value.rule == "Item Cards"
    assert (
        str(refused.value) == 'items: 4 is not at most 3 ("up to three items") (rule: Item Cards)'
    )
    with pytest.raises(ValidationError):
        RuleLimit(rule="x", quote="y")  # no bound at all
    with pytest.raises(ValidationError):
        RuleLimit(rule="x", quote="y", most=1, most_from="a.b")


def test_every_shipped_limit_quotes_its_rule_text():
    """Each quoted sentence (its parts between '...') is in the game's rule text."""
    import tomllib

    texts = {
        "deathdome": "deathdome.txt",
        "dominum": "dominum.txt",
        "naturedome": "naturedome.txt",
        "domppa": "domppa.en.md",
    }
    rules_dir = Path("/work/shared/rules")
    if not rules_dir.is_dir():
        pytest.skip("the rule texts are not on this machine")
    for game, name in texts.items():
        text = " ".join((rules_dir / name).read_text(encoding="utf-8").split())
        limits = tomllib.loads((CARD_DATA / game / "rules.toml").read_text())["limits"]
        assert limits, game
        for key, limit in limits.items():
            for part in limit["quote"].split("..."):
                assert part.strip(" .") in text, (game, key, part)


def test_resolve_reads_the_number_it_names():
    from toolkit.games.deathdome.odds import load_rules

    rules = load_rules()
    limits = resolve_limits(rules, {"x": {"rule": "r", "quote": "q", "most_from": "match.rounds"}})
    assert isinstance(limits, RuleLimits) and limits["x"].most == rules.match.rounds
