"""A clash and the Health Meter, checked against the sentences of rules/naturedome.txt."""

from __future__ import annotations

import pytest

from toolkit.errors import RuleError
from toolkit.games.naturedome.data import load_rules
from toolkit.games.naturedome.rules import (
    RULE_BOOST,
    RULE_KNOCK_OUT,
    RULE_NO_REGAIN,
    RULE_NOT_BELOW_ZERO,
    CardKind,
    Defense,
    PowerCard,
    Zone,
    clash,
    penalised,
    zone,
    zone_penalty,
)

RULES = load_rules()
DEFEND, ESCAPE = Defense.DEFEND, Defense.ESCAPE


def attack_card(value: int) -> PowerCard:
    return PowerCard(id="a", name="Attacker", attack=value)


def defense_card(defense: Defense, value: int) -> PowerCard:
    return PowerCard(id="d", name="Defender", **{defense.value: value})


def boost_card(value: int) -> PowerCard:
    return PowerCard(id="b", name="Boost", kind=CardKind.BOOST, boost=value)


# (rule sentence, attack, boosts, defense, defense value, attacker health, defender health)
#   -> (attack_total, defense_total, damage, defender health after, knocked out)
CLASHES = [
    (
        "Duel: 'Attack = 500, Defend = 400, defender subtracts 100 points from Health Meter'",
        (500, [], DEFEND, 400, 1000, 1000),
        (500, 400, 100, 900, False),
    ),
    (
        "Duel: the same excess rule for escape ('higher than the Defend or Escape Points')",
        (600, [], ESCAPE, 250, 1000, 1000),
        (600, 250, 350, 650, False),
    ),
    (
        "Duel: 'less than or equal to the Defend or Escape Points, then no Health Points are lost'"
        " (equal)",
        (400, [], DEFEND, 400, 1000, 1000),
        (400, 400, 0, 1000, False),
    ),
    (
        "Duel: 'less than or equal ... no Health Points are lost' (less, escape)",
        (300, [], ESCAPE, 500, 1000, 1000),
        (300, 500, 0, 1000, False),
    ),
    (
        "Attack Boost Cards: 'lays the Attack Boost down first, then adds another attack card'",
        (300, [200], DEFEND, 400, 1000, 1000),
        (500, 400, 100, 900, False),
    ),
    (
        "Attack Boost Cards: '... or another Attack Boost card' (a boost laid on a boost)",
        (300, [200, 100], ESCAPE, 500, 1000, 1000),
        (600, 500, 100, 900, False),
    ),
    (
        "The Health Meter: yellow zone, 'subtract 100 points from every card played' (500 is "
        "yellow)",
        (500, [], DEFEND, 400, 500, 1000),
        (400, 400, 0, 1000, False),
    ),
    (
        "The Health Meter: yellow zone '... including Attack Boost cards', each card on its own",
        (500, [200], DEFEND, 300, 300, 600),
        (500, 300, 200, 400, False),
    ),
    (
        "The Health Meter: red zone, 'subtract 200 points from every card played' (200 is red)",
        (500, [], DEFEND, 100, 200, 1000),
        (300, 100, 200, 800, False),
    ),
    (
        "The Health Meter: the defender's zone reduces the defender's card",
        (500, [], DEFEND, 400, 1000, 150),
        (500, 200, 300, 0, True),
    ),
    (
        "The Health Meter: 'no attack, defense or escape can have a value of less than 0'",
        (150, [100], DEFEND, 0, 100, 1000),
        (0, 0, 0, 1000, False),
    ),
    (
        "The Health Meter: a defender's escape never below 0 (yellow, escape 50)",
        (100, [], ESCAPE, 50, 1000, 400),
        (100, 0, 100, 300, False),
    ),
    (
        "The Health Meter: green above the yellow zone (501 has no penalty)",
        (500, [], DEFEND, 100, 501, 501),
        (500, 100, 400, 101, False),
    ),
    (
        "Duel: 'until one player loses all their Health Points and is Knocked Out'",
        (700, [], DEFEND, 200, 1000, 100),
        (700, 0, 700, 0, True),
    ),
    (
        "Duel: losing exactly all Health Points is a knock-out",
        (600, [], ESCAPE, 200, 1000, 500),
        (600, 100, 500, 0, True),
    ),
]


@pytest.mark.parametrize(("rule", "given", "expected"), CLASHES, ids=[c[0] for c in CLASHES])
def test_clash(rule, given, expected):
    attack, boosts, defense, value, attacker_health, defender_health = given
    outcome = clash(
        attack_card(attack),
        defense,
        defense_card(defense, value),
        boosts=[boost_card(b) for b in boosts],
        attacker_health=attacker_health,
        defender_health=defender_health,
        rules=RULES,
    )
    assert (
        outcome.attack_total,
        outcome.defense_total,
        outcome.damage,
        outcome.defender_health,
        outcome.knocked_out,
    ) == expected


def test_the_rule_texts_example_reads_step_by_step():
    """Duel: 'Attack = 500, Defend = 400, defender subtracts 100 points from Health Meter'."""
    outcome = clash(
        attack_card(500),
        DEFEND,
        defense_card(DEFEND, 400),
        attacker_health=1000,
        defender_health=1000,
        rules=RULES,
    )
    assert outcome.steps == [
        "Attacker health 1000: green zone, no penalty",
        "Attack card 'Attacker': attack 500",
        "Defender health 1000: green zone, no penalty",
        "Defend card 'Defender': defend 400",
        "Attack 500 > defend 400: the defender loses 500 - 400 = 100",
        "Defender health 1000 - 100 = 900",
    ]


def test_an_attack_boost_as_the_defenders_last_card_defends_at_0():
    """Attack Boost Cards: 'If an Attack Boost is the last card in a defending player's hand,
    the player's defend or escape points equal 0.'"""
    for defense in (DEFEND, ESCAPE):
        outcome = clash(
            attack_card(300),
            defense,
            boost_card(300),
            attacker_health=1000,
            defender_health=1000,
            rules=RULES,
        )
        assert (outcome.defense_total, outcome.damage, outcome.defender_health) == (0, 300, 700)


def test_the_defender_only_loses_points_the_attack_total_is_what_the_cards_show():
    """Duel: 'Only the player attempting to defend or escape can lose points.'"""
    outcome = clash(
        attack_card(100),
        DEFEND,
        defense_card(DEFEND, 600),
        attacker_health=300,
        defender_health=1000,
        rules=RULES,
    )
    assert outcome.damage == 0
    assert outcome.defender_health == 1000


# (health, zone, penalty): 'green above 500, yellow 500..201, red 200 and below' (RULINGS.md)
ZONES = [
    (1000, Zone.GREEN, 0),
    (501, Zone.GREEN, 0),
    (500, Zone.YELLOW, 100),
    (201, Zone.YELLOW, 100),
    (200, Zone.RED, 200),
    (1, Zone.RED, 200),
]


@pytest.mark.parametrize(("health", "expected_zone", "penalty"), ZONES)
def test_health_meter_zones(health, expected_zone, penalty):
    """The Health Meter: yellow zone -100, red zone -200 on every card played."""
    assert zone(health, RULES) is expected_zone
    assert zone_penalty(health, RULES) == penalty


@pytest.mark.parametrize(("value", "penalty", "expected"), [(500, 100, 400), (50, 100, 0)])
def test_a_penalised_card_is_never_below_0(value, penalty, expected):
    """The Health Meter: 'no attack, defense or escape can have a value of less than 0'."""
    assert penalised(value, penalty) == expected


@pytest.mark.parametrize(
    ("attacker_health", "defender_health", "rule"),
    [
        (0, 1000, RULE_KNOCK_OUT),
        (1000, 0, RULE_KNOCK_OUT),
        (1001, 1000, RULE_NO_REGAIN),
        (1000, -5, RULE_NOT_BELOW_ZERO),
    ],
)
def test_a_clash_needs_two_players_still_standing(attacker_health, defender_health, rule):
    """Duel: a knocked-out player has lost; 'Points cannot be regained'; nothing below 0."""
    with pytest.raises(RuleError) as caught:
        clash(
            attack_card(500),
            DEFEND,
            defense_card(DEFEND, 400),
            attacker_health=attacker_health,
            defender_health=defender_health,
            rules=RULES,
        )
    assert caught.value.rule == rule


def test_an_attack_boost_is_not_an_attack_card_and_an_attack_card_is_not_a_boost():
    """Attack Boost Cards: lay the Attack Boost down first, then add an attack card."""
    with pytest.raises(RuleError) as caught:
        clash(
            boost_card(200),
            DEFEND,
            defense_card(DEFEND, 0),
            attacker_health=1000,
            defender_health=1000,
            rules=RULES,
        )
    assert caught.value.rule == RULE_BOOST
    with pytest.raises(RuleError, match="is not an Attack Boost"):
        clash(
            attack_card(200),
            DEFEND,
            defense_card(DEFEND, 0),
            boosts=[attack_card(300)],
            attacker_health=1000,
            defender_health=1000,
            rules=RULES,
        )


def test_a_card_cannot_hold_a_negative_value():
    """The Health Meter: 'no attack, defense or escape can have a value of less than 0'."""
    with pytest.raises(RuleError) as caught:
        PowerCard(id="x", name="X", defend=-100)
    assert caught.value.rule == RULE_NOT_BELOW_ZERO
    assert "defend -100" in str(caught.value)
