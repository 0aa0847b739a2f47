"""The calculators and the exact odds read the same cards and effects as the match (issue 26):
a weapon by its card (none: unarmed), two weapons and Ambidextrous X, formation fighter, a
mount's defence; the damage type left to a player weighed every way, the best and the worst.

Exploding 2d6, worked by hand: a die shows 1-5 (1/6 each) or 6 and more (1/6; exactly 6 when the
die it adds shows 1: 1/36). Two dice total 6 or less only with both at most 5: 15 of the 36 pairs,
so P(2d6 >= 7) = 21/36 = 7/12. They total 7 or less with both at most 5 and a + b <= 7 (19 pairs
of 36) or with a 6 exactly and a 1 (2 x 1/36 x 1/6 = 1/108): 58/108, so P(2d6 >= 8) = 25/54."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest
from card_edits import copy_card_data, edit_text

from toolkit.games.domppa.data import load_kit_data
from toolkit.games.domppa.fight import fight_from_data, fight_odds
from toolkit.games.domppa.match import new_match
from toolkit.games.domppa.state import with_units

ODDS = ["odds", "domppa", "melee", "--strength", "0", "--protection", "50", "--json"]


def p_hit(cli, *flags: str) -> Fraction:
    result = cli(*ODDS, *flags)
    assert result.exit_code == 0, result.stderr
    return Fraction(result.json()["p_hit"]["fraction"])


@pytest.mark.parametrize(
    ("flags", "chance"),
    [
        # 2d6 - 7 + 7 vs 7: 2d6 >= 7.
        (("--attack", "7", "--defence", "7", "--weapon", "Broadsword"), Fraction(7, 12)),
        # Broadsword (1) and Dagger (0) held: -1 to hit, 2d6 >= 8.
        (("--attack", "7", "--defence", "7", "--weapon", "Broadsword", "--off-hand", "Dagger"),
         Fraction(25, 54)),
        # Ambidextrous 1 takes the penalty off again.
        (("--attack", "7", "--defence", "7", "--weapon", "Broadsword", "--off-hand", "Dagger",
          "--ambidextrous", "1"), Fraction(7, 12)),
        # Formation fighter +2 attack: 5 + 2 = 7.
        (("--attack", "5", "--defence", "7", "--weapon", "none", "--formation", "attack"),
         Fraction(7, 12)),
        # A defender on a horse (Riding, +3 defence): 4 + 3 = 7.
        (("--attack", "7", "--defence", "4", "--weapon", "none", "--defender-mount", "horse"),
         Fraction(7, 12)),
        # Its formation fighter's +2 defence: 5 + 2 = 7.
        (("--attack", "7", "--defence", "5", "--weapon-damage", "0", "--defender-formation",
          "defence"), Fraction(7, 12)),
    ],
)  # fmt: skip
def test_the_cards_effects_change_the_exact_odds(cli, flags, chance):
    assert p_hit(cli, *flags) == chance


def test_an_unarmed_blow_has_no_weapon_bonus(cli):
    """Strength 18 unarmed against protection 19: damage only on 2d6 - 7 + 18 > 19, 2d6 >= 9;
    with the Dagger (+2) 2d6 >= 7: the unarmed blow is the weaker."""
    base = ["odds", "domppa", "melee", "--attack", "30", "--defence", "0", "--strength", "18",
            "--protection", "19", "--json"]  # fmt: skip
    bare = cli(*base, "--weapon", "none").json()
    dagger = cli(*base, "--weapon", "Dagger", "--type", "slashing").json()
    assert Fraction(bare["p_damage"]["fraction"]) < Fraction(dagger["p_damage"]["fraction"])
    assert bare["damage_type"] == "none"


def test_a_damage_type_left_to_the_player_shows_the_best_and_the_worst(cli):
    """The Dagger is piercing or slashing, the player's choice: both are weighed; the best and
    the worst are the two, each what `--type` of it alone gives."""
    base = ["odds", "domppa", "melee", "--attack", "12", "--defence", "9", "--strength", "13",
            "--protection", "10", "--hp", "20", "--json", "--weapon", "Dagger"]  # fmt: skip
    both = cli(*base).json()
    kinds = {both["best"]["damage_type"], both["worst"]["damage_type"]}
    assert kinds == {"piercing", "slashing"}
    for name in ("best", "worst"):
        alone = cli(*base, "--type", both[name]["damage_type"]).json()
        assert both[name]["expected_damage"] == alone["expected_damage"]
        assert both[name]["p_kill"] == alone["p_kill"]
    best, worst = (Fraction(both[n]["expected_damage"]["fraction"]) for n in ("best", "worst"))
    assert best >= worst
    chosen = cli(*base, "--type", "slashing").json()
    assert "best" not in chosen  # a choice made is no longer open


def test_the_calculators_take_the_same_cards(cli):
    """`domekit domppa melee --weapon Dagger --off-hand Broadsword`: 2d6 8 - 7 + 12 - 1 = 12."""
    result = cli("domppa", "melee", "--attack", "12", "--defence", "9", "--strength", "13",
                 "--weapon", "Dagger", "--off-hand", "Broadsword", "--protection", "10",
                 "--hit-roll", "8", "--damage-roll", "8", "--json")  # fmt: skip
    data = result.json()
    assert data["hit_total"] == 12
    # 8 - 7 + 13 + 2 = 16 against 10 less 20% (2): 8 (piercing, the Dagger's first).
    assert data["damage"] == 8
    refused = cli("domppa", "melee", "--attack", "1", "--defence", "1", "--strength", "1",
                  "--protection", "1", "--hit-roll", "8", "--damage-roll", "8")  # fmt: skip
    assert refused.exit_code == 2 and "--weapon-damage, or --weapon NAME" in refused.stderr
    both = cli("domppa", "melee", "--attack", "1", "--defence", "1", "--strength", "1",
               "--protection", "1", "--hit-roll", "8", "--damage-roll", "8", "--weapon", "Mace",
               "--weapon-damage", "3")  # fmt: skip
    assert both.exit_code == 2 and "leave those flags out" in both.stderr
    lance = cli("domppa", "melee", "--attack", "1", "--defence", "1", "--strength", "1",
                "--protection", "1", "--hit-roll", "8", "--damage-roll", "8", "--weapon", "Mace",
                "--lance-squares", "2")  # fmt: skip
    assert lance.exit_code == 2 and "Mace is not a lance" in lance.stderr


@pytest.mark.parametrize(
    ("args", "name", "value"),
    [
        # "A square holds characters of total size 3": 2 + 1 fits, 2 + 2 does not.
        (("square", "2", "1"), "fits", True),
        (("square", "2", "2"), "fits", False),
        # "a night's rest heals lost HP, at most half of max HP": 6 + 21 // 2 = 16.
        (("rest", "--hp", "6", "--max-hp", "21"), "hp", 16),
        (("rest", "--hp", "20", "--max-hp", "21"), "hp", 21),
        # "Heals a character in combat by as many HP as the healer level": 25 + 3, at most 27.
        (("heal", "--level", "3", "--hp", "20", "--max-hp", "27"), "hp", 23),
        (("heal", "--level", "3", "--hp", "25", "--max-hp", "27"), "hp", 27),
        # Health 14: 27 HP, size 3; on a Warhorse (+1): 4.
        (("hp", "--health", "14", "--mount", "Warhorse"), "size", 4),
        # Full Plate: encumbrance 5, tier 4+; proficiency 4 may wear it, 3 may not.
        (("proficiency", "--armour", "Full Plate", "--armour-proficiency", "4"), "may_wear", True),
        (("proficiency", "--armour", "Full Plate", "--armour-proficiency", "3"), "may_wear",
         False),
        # Full Helm (15): heavy; light proficiency does not allow it.
        (("proficiency", "--armour", "Full Helm", "--helmet-proficiency", "light"), "may_wear",
         False),
    ],
)  # fmt: skip
def test_the_new_calculators(cli, args, name, value):
    result = cli("domppa", *args, "--json")
    assert result.exit_code == 0, result.stderr
    assert result.json()[name] == value


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (("heal", "--level", "3", "--hp", "0", "--max-hp", "27"), "has left the combat"),
        (("proficiency", "--armour", "Plate of Dreams", "--armour-proficiency", "1"),
         "no card 'Plate of Dreams'"),
        (("proficiency", "--armour", "Full Helm"), "give --helmet-proficiency"),
        (("hp", "--health", "14", "--mount", "Dragon"), "no horse or chariot 'Dragon'"),
        (("melee", "--attack", "1", "--defence", "1", "--strength", "1", "--protection", "1",
          "--hit-roll", "8", "--damage-roll", "8", "--weapon", "Laser"), "no weapon 'Laser'"),
    ],
)  # fmt: skip
def test_the_new_calculators_refuse_bad_input_with_exit_2(cli, args, needle):
    result = cli("domppa", *args)
    assert result.exit_code == 2 and needle in result.stderr, result.stderr


def test_a_charge_at_a_longer_weapon_lets_it_strike_first_in_the_fight_odds():
    """The Berserker (Broadsword, 1) charging the Knight (Lance, 4): in the first exchange the
    Knight strikes first, exactly as in a fight the Knight opens; without the charge the
    Berserker's blow comes first and the Knight wins less often."""
    charged = fight_from_data(None, "Berserker", "Knight", exchanges=1, charge=True)
    opened = fight_from_data(None, "Knight", "Berserker", exchanges=1)
    plain = fight_from_data(None, "Berserker", "Knight", exchanges=1)
    for side in ("p_knight_wins", "p_berserker_wins", "p_still_fighting"):
        assert charged[side] == opened[side]
    assert plain["p_knight_wins"] < charged["p_knight_wins"]


def test_two_weapons_strike_twice_an_exchange_in_the_fight_odds(tmp_path):
    """The Berserker holding Broadsword and Dagger (-1 to hit each) strikes twice an exchange:
    against the Troll it wins more often than with the Broadsword alone."""
    folder = copy_card_data("domppa", tmp_path / "domppa")
    edit_text(folder / "characters.csv", "Leather Armour|Broadsword,",
              "Leather Armour|Broadsword|Dagger,")  # fmt: skip
    alone = fight_from_data(folder, "Berserker", "Troll", exchanges=3)
    state = new_match(load_kit_data(folder), seed=0, previous=None)
    berserker = state.find("berserker")
    state = with_units(state, replace(berserker, weapon="Broadsword", off_hand="Dagger"))
    both = fight_odds(state, "berserker", "troll", exchanges=3)
    assert both["p_berserker_wins"] > alone["p_berserker_wins"]
    assert "Broadsword and Dagger" in both["steps"][0]
