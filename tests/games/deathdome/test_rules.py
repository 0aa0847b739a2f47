"""Death Dome rules, sentence by sentence from rules/deathdome.txt (each case names its rule),
then hypothesis properties. Every number comes from the shipped rules.toml."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from toolkit.data import CARD_DATA
from toolkit.errors import DomekitError, RuleError
from toolkit.games.deathdome.board import load_board
from toolkit.games.deathdome.config import RulesConfig, load_rules_config
from toolkit.games.deathdome.payout import (
    campaign_standing,
    pay_out,
    payout,
    purchase,
    sell_back,
    starting_credits,
    transfer,
)
from toolkit.games.deathdome.rules import (
    Attacker,
    Defender,
    ItemProfile,
    SetProfile,
    WeaponProfile,
    can_target,
    cards_to_draw,
    check_loadout,
    heal_in_base,
    kill_credit,
    last_team_standing,
    match_turns,
    push_back_triggered,
    resolve_attack,
    resolve_splash,
    set_bonuses,
    splash_targets,
    team_out,
    turn_order,
    unit_phases_left,
    weapon_reach,
)

RULES: RulesConfig = load_rules_config(CARD_DATA / "deathdome" / "rules.toml")
TEAMS = ["red", "blue", "green", "yellow"]


def hit(
    cards: tuple[int, ...] = (),
    strength: int = 0,
    skill: int = 0,
    bonus: int = 0,
    defense: tuple[int, ...] = (),
    armour: tuple[int, ...] = (),
    toughness: int = 0,
    defense_bonus: int = 0,
    vitae: int = 6,
    behind: str = "empty",
    **weapon: object,
):
    return resolve_attack(
        Attacker(cards, WeaponProfile(strength=strength, **weapon), skill, bonus),  # type: ignore[arg-type]
        Defender(defense, armour, toughness, defense_bonus, vitae, behind),  # type: ignore[arg-type]
        RULES,
    )


# ------------------------------------------------------------------------------------ combat

STACKS = [
    pytest.param(
        dict(cards=(3, 1), strength=2),
        5 + 1,  # cards 3 + 1 plus weapon S2
        id="attack: add the value of Points together plus the strength of the weapon",
    ),
    pytest.param(
        dict(cards=(2,), strength=1, skill=2, bonus=1),
        6,
        id="S1..S4 = weapons, additions to skill; +S plus to that stat",
    ),
]


@pytest.mark.parametrize(("kwargs", "attack"), STACKS)
def test_attack_stack(kwargs: dict, attack: int) -> None:
    assert hit(**kwargs).attack == attack


DEFENSES = [
    pytest.param(
        dict(defense=(2, 2), armour=(1, 2)),
        7,
        id="defense: cards played and adds the value of any armor",
    ),
    pytest.param(
        dict(defense=(1,), toughness=2, defense_bonus=1),
        4,
        id="T1..T4 additions to toughness; +T points",
    ),
]


@pytest.mark.parametrize(("kwargs", "defense"), DEFENSES)
def test_defense_stack(kwargs: dict, defense: int) -> None:
    assert hit(**kwargs).defense == defense


def test_subtract_the_defense_stack_from_the_attack_stack_left_over_comes_off_vitae() -> None:
    """'Subtract the defense stack from the attack stack anything left over is subtracted from
    that units Vitae.'"""
    outcome = hit(cards=(3, 3), strength=2, defense=(2,), armour=(1,), vitae=6)
    assert (outcome.attack, outcome.defense, outcome.damage, outcome.vitae_left) == (8, 3, 5, 1)


def test_nothing_left_over_means_no_damage_and_not_wounded() -> None:
    """'[V] If at least one vitae is removed the unit is wounded' - none removed, not wounded."""
    outcome = hit(cards=(2,), strength=1, defense=(4,), vitae=6)
    assert outcome.damage == 0 and outcome.vitae_left == 6
    assert not outcome.wounded and not outcome.killed


def test_one_vitae_removed_is_wounded() -> None:
    """'[V] If at least one vitae is removed the unit is wounded.'"""
    outcome = hit(cards=(3,), defense=(2,), vitae=6)
    assert outcome.damage == 1 and outcome.wounded and not outcome.killed


def test_vitae_zero_is_killed() -> None:
    """RULINGS: Vitae 0 = killed (Death: 'if a unit is killed ... jail')."""
    outcome = hit(cards=(4, 4), strength=4, vitae=5)
    assert outcome.vitae_left == 0 and outcome.killed


@pytest.mark.parametrize(
    "cards",
    [(5,), (0,), (-1,)],
    ids=["card 5", "card 0", "negative card"],
)
def test_a_power_card_is_1_to_4(cards: tuple[int, ...]) -> None:
    """'1,2,3,4 = power cards this number can be added to any attack or defense stack'."""
    with pytest.raises(DomekitError, match="1 to 4"):
        hit(cards=cards)


def test_negative_stats_are_refused() -> None:
    with pytest.raises(DomekitError, match="negative"):
        hit(cards=(1,), skill=-1)
    with pytest.raises(DomekitError, match="negative"):
        hit(armour=(-2,))


# ---------------------------------------------------------------------------------- push back

PUSHES = [
    pytest.param(dict(cards=(3, 3, 3)), True, id="wounded by 3 of a kind: pushed back"),
    pytest.param(dict(cards=(3, 3, 4)), False, id="3 cards not all of one value: no push"),
    pytest.param(dict(cards=(1, 1, 1), defense=(4, 4)), False, id="3 of a kind but not wounded"),
    pytest.param(dict(cards=(2, 2, 2, 1)), True, id="3 of a kind among 4 cards"),
    pytest.param(dict(cards=(2, 2)), False, id="2 of a kind on a normal weapon: no push"),
    pytest.param(
        dict(cards=(2, 2), push_on=2), True, id="Push Back on 2 of a kind: when stated on the card"
    ),
    pytest.param(
        dict(cards=(3, 3, 3), behind="wall"), False, id="up against a wall: push back negated"
    ),
    pytest.param(
        dict(cards=(3, 3, 3), behind="unit"), False, id="another unit behind it: push negated"
    ),
]


@pytest.mark.parametrize(("kwargs", "pushed"), PUSHES)
def test_push_back(kwargs: dict, pushed: bool) -> None:
    outcome = hit(vitae=20, **kwargs)
    assert outcome.push_back is pushed
    assert not outcome.killed


def test_pushed_back_onto_lava_is_killed_instantly() -> None:
    """'If a unit is pushed back onto a lava space they are killed instantly and sent to jail.'"""
    outcome = hit(cards=(3, 3, 3), vitae=20, behind="lava")
    assert outcome.push_back and outcome.pushed_into_lava and outcome.killed


def test_push_back_of_a_kind_counts_one_value() -> None:
    weapon = WeaponProfile()
    assert push_back_triggered((4, 4, 4), weapon, RULES)
    assert not push_back_triggered((4, 4, 1), weapon, RULES)


# ------------------------------------------------------------------------ splash, incapacitate


def test_splash_every_unit_faces_the_same_attack_and_defends_separately() -> None:
    """'the targeted unit and all enemy units adjacent ... Any Special Play cards used to enhance
    the attack also affect the adjacent units.' 'The defender always chooses the order of hits'."""
    attacker = Attacker((3, 2), WeaponProfile(strength=2, splash=True, attack="area", range=4))
    target = Defender((1,), vitae=5, name="scout")
    neighbour = Defender((4,), armour=(2,), vitae=7, name="gunner")
    outcome = resolve_splash(attacker, [neighbour, target], RULES)
    assert [name for name, _ in outcome.hits] == ["gunner", "scout"]
    gunner, scout = (result for _, result in outcome.hits)
    assert (gunner.attack, gunner.defense, gunner.damage) == (7, 6, 1)
    assert (scout.attack, scout.defense, scout.damage) == (7, 1, 6) and scout.killed


def test_splash_needs_a_splash_weapon() -> None:
    with pytest.raises(RuleError):
        resolve_splash(Attacker((1,)), [Defender(())], RULES)


def test_incapacitate_needs_the_unit_wounded() -> None:
    """'A unit wounded by a weapon with the Incapacitate ability is placed on its side.'"""
    assert hit(cards=(3,), incapacitate=True).incapacitated
    assert not hit(cards=(1,), defense=(4,), incapacitate=True).incapacitated
    assert not hit(cards=(3,)).incapacitated


# ---------------------------------------------------------------------------------- range


@pytest.mark.parametrize(
    ("weapon", "reach"),
    [
        pytest.param(WeaponProfile(attack="ranged"), 9, id="Ranged Weapons have a range of 9"),
        pytest.param(
            WeaponProfile(attack="close"), 1, id="Close Combat weapons only target adjacent"
        ),
        pytest.param(
            WeaponProfile(attack="ranged", range=12), 12, id="some weapons have a range unique"
        ),
    ],
)
def test_weapon_reach(weapon: WeaponProfile, reach: int) -> None:
    assert weapon_reach(weapon, RULES) == reach


# ------------------------------------------------------------------------------ death, kills


def test_kill_points_go_to_the_player_controlling_the_killing_unit() -> None:
    """'Kill points are always awarded to the player controlling the unit that makes the kill,
    even if that unit is not on their team.'"""
    credit = kill_credit("blue", RULES)
    assert credit.credited_to == "blue" and credit.kill_points == 1


def test_no_kill_point_for_special_play_cards_not_played_on_a_unit() -> None:
    """'No kill points are awarded as a result of special play cards that are not played on
    specific units.'"""
    credit = kill_credit("blue", RULES, special_play_not_on_unit=True)
    assert credit.credited_to is None and credit.kill_points == 0


def test_all_units_in_jail_is_out_of_the_match() -> None:
    """'if a player has all of his units put in jail he is out of the match'."""
    assert team_out(4, RULES) and not team_out(3, RULES)


def test_the_only_team_left_standing() -> None:
    """'If a team is the only team left standing in the Dome that team is automatically the
    match winner'."""
    assert last_team_standing(["red", "blue", "green"], ["blue", "green"]) == "red"
    assert last_team_standing(["red", "blue", "green"], ["blue"]) is None


def test_heal_one_vitae_as_an_action_in_the_base() -> None:
    """'any unit can use an action to heal one Vitae while inside the base'."""
    assert heal_in_base(3, 6, in_own_base=True, rules=RULES).vitae_left == 4
    assert heal_in_base(6, 6, in_own_base=True, rules=RULES).vitae_left == 6
    with pytest.raises(RuleError):
        heal_in_base(3, 6, in_own_base=False, rules=RULES)


# ------------------------------------------------------------------------------ turn structure


@pytest.mark.parametrize(
    ("control_points", "cards"),
    [(0, 3), (4, 3), (5, 4), (9, 4), (10, 5), (14, 5)],
    ids=lambda value: str(value),
)
def test_draw_3_plus_1_for_every_5_cps(control_points: int, cards: int) -> None:
    """'you draw cards according to your supply 3 + 1 for every 5 cps you control'."""
    assert cards_to_draw(control_points, RULES) == cards


def test_red_goes_first_then_clockwise() -> None:
    """'The red team always goes first ... play continuing in clockwise direction.'"""
    seating = ["green", "red", "yellow", "blue"]
    assert turn_order(seating, seating, RULES) == ["red", "yellow", "blue", "green"]


def test_turn_order_refuses_unknown_teams() -> None:
    with pytest.raises(DomekitError, match="unknown team 'purple'"):
        turn_order(["red", "purple"], ["red", "purple"], RULES)


def test_12_rounds_one_turn_each() -> None:
    """'There are 12 rounds in a Death Dome match. Each player takes one turn per round'."""
    turns = match_turns(["red", "blue", "green"], RULES)
    assert len(turns) == 36
    assert (turns[0].round, turns[0].team) == (1, "red")
    assert (turns[-1].round, turns[-1].team) == (12, "green")


def test_two_unit_phases_per_turn() -> None:
    """'On each team's turn, a player may perform 2 unit phases.'"""
    assert unit_phases_left(0, RULES) == 2 and unit_phases_left(2, RULES) == 0
    with pytest.raises(RuleError):
        unit_phases_left(3, RULES)


# -------------------------------------------------------------------------------- equipment

RIFLE = ItemProfile("heavy-rifle", "weapon", "gunner", 100_000)
AXE = ItemProfile("chainsaw", "weapon", "warrior", 200_000)
VEST = ItemProfile("kevlar-vest", "armour", "armour", 125_000)
BOOTS = ItemProfile("jet-boots", "equipment", "equipment", 150_000)


def test_up_to_three_items() -> None:
    """'Each one of your units may carry up to three items maximum.'"""
    assert check_loadout("gunner", [RIFLE, VEST, BOOTS], RULES).allowed
    assert not check_loadout("gunner", [RIFLE, VEST, BOOTS, VEST], RULES).allowed


def test_weapons_only_from_the_units_deck() -> None:
    """'Units may only carry weapons from their respective decks.' 'Equipment and armor cards may
    be carried by any unit types.'"""
    check = check_loadout("gunner", [AXE, VEST], RULES)
    assert not check.allowed and "warrior" in check.problems[0]
    assert check_loadout("medic", [VEST, BOOTS], RULES).allowed


PLUTONIUM = SetProfile(
    "plutonium",
    "skill",
    1,
    ("plutonium-cannon", "plutonium-plate", "plutonium-cell"),
    "plutonium-cell",
)


def test_set_bonus_when_the_team_owns_all_three() -> None:
    """'When your team possesses all 3 items of one set, the set item from the equipment deck
    provides a stat bonus to the unit equipped with it.' Plutonium Set +1 skill."""
    owned = ["plutonium-cannon", "plutonium-plate", "plutonium-cell"]
    assert set_bonuses(owned, ["plutonium-cell"], [PLUTONIUM]).bonuses == {"skill": 1}
    assert set_bonuses(owned, ["plutonium-cannon"], [PLUTONIUM]).bonuses == {}
    assert set_bonuses(owned[1:], ["plutonium-cell"], [PLUTONIUM]).bonuses == {}


def test_money() -> None:
    """'Each team receives 1,000,000cr'; purchases; 'sell it back to the bank at cost'; 'Any
    money transaction between players can happen at any time'."""
    start = starting_credits(["red", "blue"], RULES).credits
    assert start == {"red": 1_000_000, "blue": 1_000_000}
    after = purchase(start, "red", 300_000).credits
    assert after["red"] == 700_000
    assert sell_back(after, "red", [100_000, 50_000]).credits["red"] == 850_000
    moved = transfer(after, "red", "blue", 200_000).credits
    assert moved == {"red": 500_000, "blue": 1_200_000}
    with pytest.raises(RuleError):
        purchase(start, "blue", 1_000_001)
    with pytest.raises(RuleError):
        transfer(start, "blue", "red", 2_000_000)


# ----------------------------------------------------------------------------------- payout


def test_payout_the_issue_example() -> None:
    """'$100,000 for controlling any normal control points; $500,000 for ... the towers' middle
    control points; $100,000 per kill.' 'the winner rolls a single die ... Every player gets paid
    100,000cr times the number rolled'."""
    outcome = payout(
        ["red", "blue"], {"red": 3, "blue": 5}, {"red": 1}, {"red": 2, "blue": 1}, 4, RULES
    )
    # red 300,000 + 500,000 + 200,000 = 1,000,000; blue 500,000 + 100,000 = 600,000; fans 400,000
    assert outcome.match_payout == {"red": 1_000_000, "blue": 600_000}
    assert outcome.payout == {"red": 1_400_000, "blue": 1_000_000}
    assert outcome.winner == "red"


def test_payout_tie_goes_to_the_earliest_in_turn_order() -> None:
    outcome = payout(["red", "blue", "green"], {"blue": 2, "green": 2}, {}, {}, 1, RULES)
    assert outcome.winner == "blue"


def test_last_team_standing_wins_and_others_are_still_paid() -> None:
    """'that team is automatically the match winner, control point payout is still made based on
    the colors shown.'"""
    outcome = payout(["red", "blue"], {"red": 1, "blue": 6}, {}, {}, 2, RULES, last_standing="red")
    assert outcome.winner == "red" and outcome.payout["blue"] == 800_000


@pytest.mark.parametrize("fans", [0, 7, -1])
def test_the_fans_die_is_1_to_6(fans: int) -> None:
    with pytest.raises(DomekitError, match="1 to 6"):
        payout(["red", "blue"], {}, {}, {}, fans, RULES)


def test_payout_refuses_unknown_teams_and_negative_counts() -> None:
    with pytest.raises(DomekitError, match="unknown team 'pink'"):
        payout(["red", "blue"], {"pink": 1}, {}, {}, 3, RULES)
    with pytest.raises(DomekitError, match="negative"):
        payout(["red", "blue"], {"red": -1}, {}, {}, 3, RULES)


def test_campaign_winner_after_5_matches() -> None:
    """'The winner is player with most overall credits at the end of 5 matches.'"""
    credits = {"red": 2_000_000, "blue": 3_000_000}
    assert campaign_standing(credits, 4, RULES).winners == []
    assert campaign_standing(credits, 5, RULES).winners == ["blue"]
    outcome = payout(["red", "blue"], {"red": 10}, {}, {}, 1, RULES)
    assert pay_out(credits, outcome).credits == {"red": 3_100_000, "blue": 3_100_000}


# ------------------------------------------------------------------------------- properties

cards = st.lists(st.integers(1, 4), max_size=6).map(tuple)
small = st.integers(0, 6)


@given(
    cards,
    st.integers(0, 4),
    small,
    small,
    cards,
    st.lists(st.integers(1, 4), max_size=3),
    small,
    small,
    st.integers(1, 12),
    st.sampled_from(["empty", "wall", "unit", "lava"]),
    st.sampled_from([None, 2]),
)
def test_damage_never_negative_and_vitae_never_rises(
    attack_cards,
    strength,
    skill,
    bonus,
    defense_cards,
    armour,
    toughness,
    defense_bonus,
    vitae,
    behind,
    push_on,
) -> None:
    outcome = hit(
        attack_cards,
        strength,
        skill,
        bonus,
        defense_cards,
        tuple(armour),
        toughness,
        defense_bonus,
        vitae,
        behind,
        push_on=push_on,
    )
    assert outcome.damage >= 0
    assert 0 <= outcome.vitae_left <= vitae
    assert outcome.vitae_left == max(0, vitae - outcome.damage)
    assert outcome.wounded == (outcome.damage > 0)
    assert not (outcome.push_back and not outcome.wounded)


counts = st.dictionaries(st.sampled_from(TEAMS), st.integers(0, 12), max_size=4)


@given(counts, counts, counts, st.integers(1, 6), st.permutations(TEAMS), st.integers(2, 4))
def test_payouts_add_up(cps, towers, kills, fans, seating, size) -> None:
    teams = seating[:size]
    cps = {t: n for t, n in cps.items() if t in teams}
    towers = {t: n for t, n in towers.items() if t in teams}
    kills = {t: n for t, n in kills.items() if t in teams}
    outcome = payout(teams, cps, towers, kills, fans, RULES)
    expected = (
        sum(cps.values()) * 100_000 + sum(towers.values()) * 500_000 + sum(kills.values()) * 100_000
    )
    assert sum(outcome.match_payout.values()) == expected
    assert sum(outcome.payout.values()) == expected + len(teams) * fans * 100_000
    assert outcome.match_payout[outcome.winner] == max(outcome.match_payout.values())


# ------------------------------------------------------------------- targets on the sample board

BOARD = load_board(CARD_DATA / "deathdome" / "board.toml")
RIFLE_PROFILE = WeaponProfile(strength=2, attack="ranged", name="Heavy Rifle")
KNIFE = WeaponProfile(strength=2, attack="close", name="Combat Knife")


def target(attacker: str, colour: str, victim: str, victim_colour: str, weapon: WeaponProfile):
    return can_target(
        BOARD,
        BOARD.parse_square(attacker),
        colour,
        BOARD.parse_square(victim),
        victim_colour,
        weapon,
        RULES,
    )


TARGETS = [
    pytest.param(
        "K10", "red", "F10", "blue", RIFLE_PROFILE, True, id="ranged: 9 squares, in sight"
    ),
    pytest.param("K10", "red", "H10", "blue", RIFLE_PROFILE, False, id="no line of sight"),
    pytest.param("A10", "red", "K4", "blue", RIFLE_PROFILE, False, id="out of range (10 > 9)"),
    pytest.param("D4", "red", "E5", "blue", KNIFE, True, id="Close Combat: adjacent enemies"),
    pytest.param("D4", "red", "F4", "blue", KNIFE, False, id="Close Combat: not 2 squares away"),
    pytest.param(
        "B3",
        "red",
        "D4",
        "blue",
        RIFLE_PROFILE,
        False,
        id="No units can attack from inside their base",
    ),
    pytest.param(
        "D4",
        "blue",
        "C3",
        "red",
        RIFLE_PROFILE,
        False,
        id="No units can be harmed inside their own base",
    ),
    pytest.param("D4", "red", "E5", "red", KNIFE, False, id="not the attacker's own team"),
    pytest.param(
        "J3",
        "red",
        "J2",
        "blue",
        KNIFE,
        False,
        id="No actions may be performed on units in jail",
    ),
]


@pytest.mark.parametrize(("attacker", "colour", "victim", "victim_colour", "weapon", "ok"), TARGETS)
def test_can_target(attacker, colour, victim, victim_colour, weapon, ok) -> None:
    check = target(attacker, colour, victim, victim_colour, weapon)
    assert check.allowed is ok, check.reason


def test_higher_ground_from_the_tower() -> None:
    check = target("F10", "red", "K10", "blue", RIFLE_PROFILE)
    assert check.allowed and check.higher_ground


def test_splash_targets_are_adjacent_enemies_not_in_their_own_base() -> None:
    """'all enemy units adjacent to the targeted unit are affected'; 'No units can be harmed
    inside their own base'."""
    enemies = {
        BOARD.parse_square(name): colour
        for name, colour in [
            ("D4", "blue"),
            ("E5", "blue"),
            ("F6", "blue"),
            ("C3", "red"),
            ("D3", "green"),
        ]
    }
    found = splash_targets(BOARD, BOARD.parse_square("D4"), enemies)
    # E5 and D3 are next to D4; F6 is two away; C3 is red's own base square
    assert [str(s) for s in found] == ["D3", "E5"]
