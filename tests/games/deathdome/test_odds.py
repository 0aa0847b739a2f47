"""Death Dome odds: hand-checked stacks, unknown hands against brute force, capture swings."""

from __future__ import annotations

import itertools
from collections import Counter
from dataclasses import replace
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from toolkit.data import game_data_dir
from toolkit.errors import DomekitError
from toolkit.games.deathdome import rules as deathdome
from toolkit.games.deathdome.config import load_rules_config
from toolkit.games.deathdome.odds import (
    NO_POWER,
    attack_odds,
    capture_odds,
    hand_subsets,
    special_play_deck,
)
from toolkit.games.deathdome.rules import Attacker, Defender, WeaponProfile, resolve_attack

RULES = load_rules_config(game_data_dir("deathdome") / "rules.toml")
DECK = special_play_deck()


def test_three_of_a_kind_pushes_a_wounded_unit_back():
    # 3 + 3 + 3 = 9 against Toughness 2: 7 damage off 20 Vitae, wounded, three of a kind.
    odds = attack_odds(
        hand=[3, 3, 3], weapon=WeaponProfile(), target=Defender(cards=(), toughness=2, vitae=20),
        defender_hand=[], play=[3, 3, 3], deck=DECK, rules=RULES,
    )  # fmt: skip
    assert odds["damage_distribution"] == {7: 1}
    assert odds["p_push_back"] == 1
    rows = {row["cards"]: row for row in odds["plays"]}
    assert rows["3,3"]["p_push_back"] == 0  # two of a kind is not enough for this weapon
    assert rows["3,3"]["p_wound"] == 1


def test_two_of_a_kind_weapon():
    odds = attack_odds(
        hand=[2, 2], weapon=WeaponProfile(push_on=2), target=Defender(cards=(), vitae=9),
        defender_hand=[1], play=[2, 2], deck=DECK, rules=RULES,
    )  # fmt: skip
    assert odds["damage_distribution"] == {3: 1}
    assert odds["p_push_back"] == 1


def test_the_set_to_play_for_each_goal_is_read_from_every_set_weighed():
    # Hand 3,3,3,1 against Toughness 2, Vitae 9 and a known defence of 1 (defence stack 3): 3
    # alone or 3,1 do not pass it (3 and 4 against 3 need more: 4 - 3 = 1 wounds, so 1,3 wounds);
    # 3,3 does 6 - 3 = 3; 3,3,3 does 6 and pushes back (three of a kind); all four do 7: no set
    # kills Vitae 9. To wound, the fewest cards that do it: 1,3 (tied with 3,3 on 2 cards, the
    # better chance to kill or wound and the damage decide: both wound for certain, 3,3 does
    # more); to push back: 3,3,3.
    odds = attack_odds(
        hand=[3, 3, 3, 1], weapon=WeaponProfile(), target=Defender(cards=(), toughness=2, vitae=9),
        defender_hand=[1], deck=DECK, rules=RULES,
    )  # fmt: skip
    best = odds["best_sets"]
    assert best["wound"]["play"] == "3,3" and best["wound"]["chance"] == 1
    assert best["wound"]["cards_played"] == 2
    assert best["push_back"]["play"] == "3,3,3" and best["push_back"]["chance"] == 1
    assert best["kill"]["chance"] == 0
    for goal, chance in (("wound", "p_wound"), ("kill", "p_kill"), ("push_back", "p_push_back")):
        assert best[goal]["chance"] == max(row[chance] for row in odds["plays"])
    # With Vitae 7, all four kill (7 damage) and 3,3,3 does not (6): to kill, play all four.
    odds = attack_odds(
        hand=[3, 3, 3, 1], weapon=WeaponProfile(), target=Defender(cards=(), toughness=2, vitae=7),
        defender_hand=[1], deck=DECK, rules=RULES,
    )  # fmt: skip
    assert odds["best_sets"]["kill"]["play"] == "1,3,3,3"
    assert odds["best_sets"]["kill"]["chance"] == 1


def test_every_subset_of_the_hand_is_listed_once():
    assert hand_subsets([3, 3, 1]) == [(), (1,), (3,), (1, 3), (3, 3), (1, 3, 3)]


@pytest.mark.parametrize(("hand", "size"), [((3, 3, 3, 1), 2), ((4, 2), 3)])
def test_unknown_defender_hand_matches_every_hand_of_the_deck(hand, size):
    weapon = WeaponProfile(strength=2)
    target = Defender(cards=(), armour=(1,), toughness=1, vitae=5)
    odds = attack_odds(
        hand=list(hand), weapon=weapon, skill=1, target=target, cards=size, play=list(hand),
        deck=DECK, rules=RULES,
    )  # fmt: skip
    left = list(DECK)
    for card in hand:
        left.remove(card)
    seen: Counter[tuple[int, bool]] = Counter()
    for drawn in itertools.combinations(range(len(left)), size):
        played = tuple(left[i] for i in drawn if left[i] != NO_POWER)
        result = resolve_attack(
            Attacker(tuple(hand), weapon, 1, 0), Defender(played, (1,), 1, 0, 5), RULES
        )
        seen[(result.damage, result.push_back)] += 1
    total = sum(seen.values())
    damage: Counter[int] = Counter()
    for (value, _), n in seen.items():
        damage[value] += n
    assert odds["damage_distribution"] == {d: Fraction(n, total) for d, n in damage.items()}
    pushed = sum(n for (_, push), n in seen.items() if push)
    assert odds["p_push_back"] == Fraction(pushed, total)


def test_a_card_not_in_hand_cannot_be_played():
    with pytest.raises(DomekitError, match="not among the hand's cards"):
        attack_odds(
            hand=[1, 2], weapon=WeaponProfile(), target=Defender(cards=(), vitae=3),
            defender_hand=[], play=[4], deck=DECK, rules=RULES,
        )  # fmt: skip


def test_capturing_a_control_point_from_a_rival_swings_twice_its_value():
    odds = capture_odds(
        teams=["red", "blue"], control_points={"red": 4, "blue": 5}, tower_centres={},
        kills={}, team="red", kind="control-point", taken_from="blue", rules=RULES,
    )  # fmt: skip
    assert odds["swing"] == 100_000
    assert odds["swing_against"] == {"blue": 100_000}
    assert odds["relative_swing"] == 200_000
    # 500,000 vs 400,000 before: blue leads; after 500,000 each: red is earlier and wins the tie.
    assert (odds["p_win_before"], odds["p_win_after"]) == (0, 1)
    assert odds["draws_after"] == odds["draws_before"] + 1  # 5 control points: one more card


def test_a_tower_centre_is_worth_500_000_and_the_fans_die_spreads_it():
    odds = capture_odds(
        teams=["red", "blue"], control_points={}, tower_centres={}, kills={"red": 1},
        team="red", kind="tower-centre", rules=RULES,
    )  # fmt: skip
    assert odds["swing"] == 500_000
    assert odds["payout_after_distribution"] == {
        600_000 + 100_000 * pips: Fraction(1, 6) for pips in range(1, 7)
    }


def test_losing_what_a_team_does_not_hold_is_refused():
    with pytest.raises(DomekitError, match="blue holds no tower centre"):
        capture_odds(
            teams=["red", "blue"], control_points={}, tower_centres={}, kills={}, team="red",
            kind="tower-centre", taken_from="blue", rules=RULES,
        )  # fmt: skip


@settings(max_examples=30, deadline=None)
@given(
    hand=st.lists(st.integers(1, 4), min_size=1, max_size=5),
    held=st.integers(0, 4),
    vitae=st.integers(1, 8),
    toughness=st.integers(0, 4),
)
def test_every_set_keeps_probability_and_order_of_events(hand, held, vitae, toughness):
    odds = attack_odds(
        hand=hand, weapon=WeaponProfile(strength=1), target=Defender(cards=(), toughness=toughness,
        vitae=vitae), cards=held, deck=DECK, rules=RULES,
    )  # fmt: skip
    assert sum(odds["damage_distribution"].values()) == 1
    assert min(odds["damage_distribution"]) >= 0
    for row in odds["plays"]:
        assert row["p_kill"] <= row["p_wound"]
        assert row["p_push_back"] <= row["p_wound"]
    assert len(odds["plays"]) == len(set(row["cards"] for row in odds["plays"]))


# The engine's quiet path, which the odds call for every draw: `explain=False` must give exactly
# the outcome the full breakdown gives, only without steps.


@settings(max_examples=150, deadline=None)
@given(
    cards=st.lists(st.integers(1, 4), max_size=5),
    defense=st.lists(st.integers(1, 4), max_size=4),
    strength=st.integers(0, 4),
    push_on=st.sampled_from([None, 2]),
    incapacitate=st.booleans(),
    armour=st.lists(st.integers(1, 4), max_size=2),
    vitae=st.integers(1, 8),
    behind=st.sampled_from(deathdome.BEHIND),
)
def test_quiet_death_dome_attack_matches_the_explained_one(
    cards, defense, strength, push_on, incapacitate, armour, vitae, behind
):
    weapon = deathdome.WeaponProfile(strength=strength, push_on=push_on, incapacitate=incapacitate)
    attacker = deathdome.Attacker(tuple(cards), weapon, skill=1)
    target = deathdome.Defender(tuple(defense), tuple(armour), 1, vitae=vitae, behind=behind)
    loud = deathdome.resolve_attack(attacker, target, RULES)
    quiet = deathdome.resolve_attack(attacker, target, RULES, explain=False)
    assert loud.steps and quiet.steps == []
    assert replace(loud, steps=[]) == quiet
    others = [target, replace(target, cards=(), vitae=1), replace(target, behind="lava")]
    assert deathdome.resolve_attacks(attacker, others, RULES) == [
        replace(deathdome.resolve_attack(attacker, other, RULES), steps=[]) for other in others
    ]


# --- the cards in play change the exact fractions (issue 26) ----------------------------------


def odds_cli(cli, *args: str) -> dict:
    result = cli("odds", "deathdome", "attack", *args, "--json")
    assert result.exit_code == 0, result.stderr
    return result.json()


def fraction(value: dict) -> Fraction:
    return Fraction(value["fraction"])


def test_an_item_and_a_combo_change_the_exact_fractions(cli):
    """A Heavy Rifle (S2) gunner (Skill 1) plays a 3: attack 6. The warrior (Toughness 1, Vitae
    3) holds 1 unknown card of the 70 left (71 less the 3 in hand): 10 ones, 10 twos, 7 threes,
    6 fours, 37 effect cards; it plays its power card.
    - no armour: defence 1 + c, damage 5 - c: killed for c <= 2 (37 + 10 + 10 = 57 of 70);
    - Riot Shield (T2): defence 3 + c, damage 3 - c: killed only on an effect card, 37/70;
      wounded for c <= 2, 57/70;
    - Riot Shield + Sansachel's Satchel (Combos: T1 more): damage 2 - c: never killed, wounded
      for c <= 1, 47/70.
    The defender's effect cards, if it plays them (the choice's worst): with the shield, Dodge
    (+2 T, 2 cards) and Take Cover (+1 T, 2 cards) keep it alive: killed 33/70."""
    base = ["--hand", "3", "--unit", "gunner", "--attacker-items", "heavy-rifle", "--defender",
            "warrior", "--vitae", "3", "--defender-cards", "1"]  # fmt: skip
    bare = odds_cli(cli, *base)
    assert fraction(bare["p_kill"]) == Fraction(57, 70)
    shield = odds_cli(cli, *base, "--defender-items", "riot-shield")
    assert (fraction(shield["p_kill"]), fraction(shield["p_wound"])) == (
        Fraction(37, 70),
        Fraction(57, 70),
    )
    assert fraction(shield["p_push_back"]) == 0
    (choice,) = shield["choices"]
    assert fraction(choice["best"]["p_kill"]) == Fraction(37, 70)
    assert fraction(choice["worst"]["p_kill"]) == Fraction(33, 70)
    combo = odds_cli(cli, *base, "--defender-items", "riot-shield,sansachel-satchel")
    assert (fraction(combo["p_kill"]), fraction(combo["p_wound"])) == (0, Fraction(47, 70))
    assert any(e["card"].startswith("Combo:") for e in combo["effects"])


def test_a_set_bonus_and_an_effect_card_in_hand_count_in_the_odds():
    """Plutonium Cannon S4 + gunner Skill 1 + the set's +1 = 6 against a known defence of 1 and
    Toughness 0, Vitae 5: 5 damage, killed. An Overcharge in hand (+2 S) makes 8 with the 3
    played too, and is weighed as a set of its own: {overcharge} alone kills at 6 + 2 - 1 = 7."""
    from toolkit.games.deathdome import loadout
    from toolkit.games.deathdome.data import load_deathdome

    data = load_deathdome()
    cards = loadout.unit_cards(
        data, ["plutonium-cannon", "plutonium-cell"], team_items=["plutonium-plate"]
    )
    skill = loadout.unit_stats({"movement": 3, "skill": 1, "toughness": 2, "vitae": 7}, cards)
    weapon = loadout.weapon_profile(data.items["plutonium-cannon"], cards)[0]
    assert (skill.stats["skill"], weapon.strength) == (2, 4)
    odds = attack_odds(
        hand=[3, "overcharge"], weapon=weapon, skill=skill.stats["skill"],
        target=Defender(cards=(), vitae=5), defender_hand=[1], deck=special_play_deck(by_card=True),
        rules=RULES, data=data,
    )  # fmt: skip
    rows = {row["cards"]: row for row in odds["plays"]}
    assert rows["none"]["expected_damage"] == 5 and rows["none"]["p_kill"] == 1
    assert rows["overcharge"]["attack"] == 8 and rows["3,overcharge"]["attack"] == 11


def test_a_swap_is_a_choice_shown_as_its_best_and_worst():
    """The Telegun "Instead of damage you may swap places with the target": S1 + 3 = 4 against
    0 (known defence none), Vitae 9: best 4 damage for certain, worst (the swap) none."""
    from toolkit.games.deathdome import loadout
    from toolkit.games.deathdome.data import load_deathdome

    data = load_deathdome()
    telegun = loadout.weapon_profile(data.items["telegun"])[0]
    odds = attack_odds(
        hand=[3], weapon=telegun, target=Defender(cards=(), vitae=9), defender_hand=[],
        deck=special_play_deck(by_card=True), rules=RULES, data=data,
    )  # fmt: skip
    (choice,) = odds["choices"]
    assert "swaps places" in choice["choice"]
    assert choice["best"]["p_wound"] == 1 and choice["best"]["expected_damage"] == 4
    assert choice["worst"]["p_wound"] == 0 and choice["worst"]["expected_damage"] == 0
