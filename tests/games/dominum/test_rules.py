"""Attacks, wounds, assaults and power duels, table-driven from rules/dominum.txt."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from toolkit.errors import DomekitError, RuleError
from toolkit.games.dominum.config import default_rules
from toolkit.games.dominum.power import CRITICAL
from toolkit.games.dominum.rules import (
    AttackKind,
    Keyword,
    apply_wound,
    first_player_chooser,
    power_duel,
    resolve_assault,
    resolve_attack,
    vp_for_total,
)

K = Keyword

# (rule, attacker strength, power, defense, defender's draw, extra arguments,
#  attack total, defense total, result, counterattack)
ATTACKS = [
    ("Attack Phase: total greater wounds", 3, 2, 4, None, {}, 5, 4, "wound", False),
    ("Attack Phase: equal totals block", 3, 1, 4, None, {}, 4, 4, "blocked", True),
    ("Attack Phase: the defender's draw adds", 3, 2, 4, 2, {}, 5, 6, "blocked", True),
    ("Attack Phase: less blocks", 1, 1, 4, None, {}, 2, 4, "blocked", True),
    (
        "Deadly: wins ties",
        3,
        1,
        4,
        None,
        {"abilities": frozenset({K.DEADLY})},
        4,
        4,
        "wound",
        False,
    ),
    (
        "Deadly: only ties, not less",
        3,
        1,
        5,
        None,
        {"abilities": frozenset({K.DEADLY})},
        4,
        5,
        "blocked",
        True,
    ),
    ("Weakened: attack -1", 3, 1, 3, None, {"attacker_weakened": True}, 3, 3, "blocked", True),
    ("Weakened: defense -1", 3, 1, 4, None, {"defender_weakened": True}, 4, 3, "wound", False),
    ("Weakened: never below 0", 0, 1, 0, None, {"attacker_weakened": True}, 1, 0, "wound", False),
    (
        "Coordinated Attacks: +1 per other card",
        3,
        1,
        5,
        None,
        {"coordinating": 2},
        6,
        5,
        "wound",
        False,
    ),
    (
        "Critical: attacker's Critical wounds however high the defense",
        1,
        CRITICAL,
        9,
        4,
        {},
        1,
        13,
        "wound",
        False,
    ),
    ("Critical: defender's Critical blocks", 9, 4, 1, CRITICAL, {}, 13, 1, "blocked", True),
    ("Critical: a Critical blocks a Critical", 3, CRITICAL, 2, CRITICAL, {}, 3, 2, "blocked", True),
    (
        "Critical: Deadly does not beat the defender's Critical",
        9,
        4,
        1,
        CRITICAL,
        {"abilities": frozenset({K.DEADLY})},
        13,
        1,
        "blocked",
        True,
    ),
    (
        "Free Strike: blocked, no counterattack",
        2,
        1,
        4,
        None,
        {"kind": AttackKind.FREE_STRIKE},
        3,
        4,
        "blocked",
        False,
    ),
    (
        "Counterattack: a blocked counterattack is not counterattacked (ruling)",
        2,
        1,
        4,
        None,
        {"kind": AttackKind.COUNTERATTACK},
        3,
        4,
        "blocked",
        False,
    ),
    (
        "Outflank: a coordinated attack with Outflank is a free strike",
        2,
        1,
        5,
        None,
        {"coordinating": 1, "coordinating_abilities": frozenset({K.OUTFLANK})},
        4,
        5,
        "blocked",
        False,
    ),
    (
        "Outflank: needs a coordinated attack",
        2,
        1,
        5,
        None,
        {"abilities": frozenset({K.OUTFLANK})},
        3,
        5,
        "blocked",
        True,
    ),
    (
        "Coordinated Attacks: only the primary's abilities (a coordinating Deadly does not count)",
        3,
        1,
        5,
        None,
        {"coordinating": 1, "coordinating_abilities": frozenset({K.DEADLY})},
        5,
        5,
        "blocked",
        True,
    ),
]


@pytest.mark.parametrize(
    "rule, strength, power, defense, defense_power, extra, attack_total, defense_total, "
    "result, counterattack",
    ATTACKS,
    ids=[row[0] for row in ATTACKS],
)
def test_attack_table(
    rules,
    rule,
    strength,
    power,
    defense,
    defense_power,
    extra,
    attack_total,
    defense_total,
    result,
    counterattack,
):
    outcome = resolve_attack(
        strength=strength,
        power=power,
        defense=defense,
        defense_power=defense_power,
        rules=rules,
        **extra,
    )
    assert (outcome.attack_total, outcome.defense_total) == (attack_total, defense_total)
    assert outcome.result == result
    assert outcome.counterattack is counterattack


def test_critical_is_reported(rules):
    both = resolve_attack(
        strength=1, power=CRITICAL, defense=1, defense_power=CRITICAL, rules=rules
    )
    assert both.critical == "both"
    assert resolve_attack(strength=1, power=CRITICAL, defense=1, rules=rules).critical == "attacker"


def test_knockback_only_on_a_non_hero_wound(rules):
    """Knockback: when it wounds a Non-Hero enemy, you may shift that enemy."""
    kb = frozenset({K.KNOCKBACK})
    wound = resolve_attack(strength=5, power=1, defense=1, abilities=kb, rules=rules)
    hero = resolve_attack(
        strength=5, power=1, defense=1, abilities=kb, defender_is_hero=True, rules=rules
    )
    blocked = resolve_attack(strength=1, power=1, defense=5, abilities=kb, rules=rules)
    assert (wound.knockback, hero.knockback, blocked.knockback) == (True, False, False)


def test_evasive_may_shift_when_blocked(rules):
    """Evasive: when this card's attack is blocked, it may immediately shift."""
    ev = frozenset({K.EVASIVE})
    blocked = resolve_attack(strength=1, power=1, defense=5, abilities=ev, rules=rules)
    hit = resolve_attack(strength=5, power=1, defense=1, abilities=ev, rules=rules)
    assert blocked.evasive_shift and blocked.counterattack
    assert not hit.evasive_shift


def test_submerge_only_in_the_opponents_attack_phase(rules):
    """Submerge: during your opponent's attack phase, instead of a counterattack."""
    sub = frozenset({K.SUBMERGE})
    theirs = resolve_attack(strength=1, power=1, defense=5, defender_abilities=sub, rules=rules)
    mine = resolve_attack(
        strength=1,
        power=1,
        defense=5,
        defender_abilities=sub,
        during_opponents_attack_phase=False,
        rules=rules,
    )
    assert theirs.submerge and not mine.submerge


def test_lunge_uses_the_second_draw(rules):
    """Lunge: it may draw a second card and use that card instead (ignore the first draw)."""
    outcome = resolve_attack(
        strength=2, power=1, lunge_power=4, defense=5, abilities=frozenset({K.LUNGE}), rules=rules
    )
    assert outcome.attack_total == 6 and outcome.wound


def test_lunge_needs_the_keyword(rules):
    with pytest.raises(RuleError, match="Lunge"):
        resolve_attack(strength=2, power=1, lunge_power=4, defense=5, rules=rules)


@pytest.mark.parametrize("bad", [0, 5, "5", True, None])
def test_attack_refuses_a_card_not_in_the_power_deck(rules, bad):
    with pytest.raises(DomekitError):
        resolve_attack(strength=2, power=bad, defense=5, rules=rules)


# -- wounds ------------------------------------------------------------------------------------
def test_first_wound_then_defeat_on_the_second():
    """Conditions: one wound token; a second wound defeats a card."""
    rules = default_rules()
    abilities = frozenset({K.FIRST_WOUND, K.ON_DISCARD})
    first = apply_wound(0, abilities=abilities, rules=rules)
    second = apply_wound(first.wounds, abilities=abilities, rules=rules)
    assert (first.wounds, first.defeated, first.first_wound, first.on_discard) == (
        1,
        False,
        True,
        False,
    )
    assert (second.wounds, second.defeated, second.first_wound, second.on_discard) == (
        2,
        True,
        False,
        True,
    )
    with pytest.raises(RuleError, match="Defeat"):
        apply_wound(2, rules=rules)


def test_on_discard_needs_the_ability(rules):
    assert apply_wound(1, rules=rules).on_discard is False


# -- assaults -----------------------------------------------------------------------------------
# (rule, in zone, fortified, barrage, powers, surge, initial, total, vp, takes surge)
ASSAULTS = [
    (
        "Assault Phase: +1 per card, 8 or less is 0 VP and the Surge",
        2,
        0,
        0,
        (3, 3),
        False,
        2,
        8,
        0,
        True,
    ),
    ("Assault Phase: 9 or 10 is 1 VP", 2, 0, 0, (3, 4), False, 2, 9, 1, False),
    ("Assault Phase: 10 is still 1 VP", 2, 0, 0, (4, 4), False, 2, 10, 1, False),
    ("Assault Phase: 11 or more is 2 VP", 1, 1, 1, (4, 4), False, 3, 11, 2, False),
    ("Assault Phase: a fortified space counts 2 instead", 3, 2, 0, (1, 1), False, 5, 7, 0, True),
    ("Barrage: +1 per Barrage card in the neutral line", 1, 0, 2, (3, 3), False, 3, 9, 1, False),
    ("Critical: counts 4 in an assault", 2, 0, 0, (CRITICAL, 4), False, 2, 10, 1, False),
    ("Surge token: +1 to the assault total", 2, 0, 0, (3, 3), True, 2, 9, 1, False),
    ("Surge token: spent and taken back on 8 or less", 1, 0, 0, (1, 2), True, 1, 5, 0, True),
]


@pytest.mark.parametrize(
    "rule, in_zone, fortified, barrage, powers, surge, initial, total, vp, takes_surge",
    ASSAULTS,
    ids=[row[0] for row in ASSAULTS],
)
def test_assault_table(
    rules, rule, in_zone, fortified, barrage, powers, surge, initial, total, vp, takes_surge
):
    outcome = resolve_assault(
        in_zone=in_zone,
        fortified=fortified,
        barrage=barrage,
        powers=powers,
        surge=surge,
        rules=rules,
    )
    assert (outcome.initial, outcome.total, outcome.vp, outcome.takes_surge) == (
        initial,
        total,
        vp,
        takes_surge,
    )


def test_a_valid_assault_needs_a_card_in_the_zone(rules):
    """Barrage / Assault Phase: you must have a card within your opponent's assault zone."""
    with pytest.raises(RuleError, match="Assault Phase"):
        resolve_assault(in_zone=0, barrage=3, powers=(4, 4), rules=rules)


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"in_zone": 1, "fortified": 2}, "cannot exceed"),
        ({"in_zone": 7}, "7 is not 1 to 6 .*The six spaces.*rule: Board Configuration"),
        ({"in_zone": 3, "fortified": 3}, "3 is not 0 to 2 .*fortified space.*rule: Assault Phase"),
        ({"in_zone": 1, "barrage": 6}, "6 is not 0 to 5 .*Neutral Line.*rule: Board Configuration"),
        ({"in_zone": -1}, "0 or more"),
    ],
)
def test_assault_refuses_impossible_counts(rules, kwargs, message):
    with pytest.raises(DomekitError, match=message):
        resolve_assault(powers=(1, 1), rules=rules, **kwargs)


@pytest.mark.parametrize(
    "total, vp, surge",
    [(0, 0, True), (8, 0, True), (9, 1, False), (10, 1, False), (11, 2, False), (17, 2, False)],
)
def test_vp_table(rules, total, vp, surge):
    """Assault Phase: 8 or less 0 VP and the Surge; 9 or 10 1 VP; 11 or more 2 VP."""
    result = vp_for_total(total, rules=rules)
    assert (result.vp, result.take_surge) == (vp, surge)


power_cards = st.sampled_from([1, 2, 3, 4, CRITICAL])


@given(
    in_zone=st.integers(1, 6),
    fortified=st.integers(0, 2),
    barrage=st.integers(0, 5),
    a=power_cards,
    b=power_cards,
    surge=st.booleans(),
)
def test_assault_vp_only_from_the_table(in_zone, fortified, barrage, a, b, surge):
    rules = default_rules()
    fortified = min(fortified, in_zone)
    outcome = resolve_assault(
        in_zone=in_zone,
        fortified=fortified,
        barrage=barrage,
        powers=(a, b),
        surge=surge,
        rules=rules,
    )
    assert outcome.vp in {band.vp for band in rules.assault.vp_table}
    assert outcome.initial >= in_zone >= 1
    assert outcome.total >= outcome.initial + 2
    assert outcome.takes_surge == (outcome.total <= 8)


@given(
    strength=st.integers(0, 12),
    defense=st.integers(0, 12),
    power=power_cards,
    defense_power=st.none() | power_cards,
    coordinating=st.integers(0, 5),
    attacker_weakened=st.booleans(),
    defender_weakened=st.booleans(),
    deadly=st.booleans(),
)
def test_attack_properties(
    strength,
    defense,
    power,
    defense_power,
    coordinating,
    attacker_weakened,
    defender_weakened,
    deadly,
):
    rules = default_rules()
    outcome = resolve_attack(
        strength=strength,
        power=power,
        defense=defense,
        defense_power=defense_power,
        coordinating=coordinating,
        attacker_weakened=attacker_weakened,
        defender_weakened=defender_weakened,
        abilities=frozenset({K.DEADLY}) if deadly else frozenset(),
        rules=rules,
    )
    assert outcome.attack_total >= 0 and outcome.defense_total >= 0
    # A block always allows a counterattack here (no free strike); a wound never does.
    assert outcome.counterattack == (outcome.result == "blocked")
    if defense_power == CRITICAL:
        assert outcome.result == "blocked"
    elif power == CRITICAL:
        assert outcome.result == "wound"
    # Drawing power never hurts the defender.
    if defense_power is not None and outcome.result == "blocked":
        undrawn = resolve_attack(
            strength=strength,
            power=power,
            defense=defense,
            coordinating=coordinating,
            attacker_weakened=attacker_weakened,
            defender_weakened=defender_weakened,
            rules=rules,
        )
        assert undrawn.defense_total <= outcome.defense_total


# -- power duels and the first player ----------------------------------------------------------
@pytest.mark.parametrize(
    "rule, initiator, opponent, winner",
    [
        ("Power Duels: high card wins", 4, 2, "initiator"),
        ("Power Duels: high card wins", 1, 3, "opponent"),
        ("Power Duels: ties go to the opponent", 3, 3, "opponent"),
        ("Critical: wins a power duel", CRITICAL, 4, "initiator"),
        ("Critical: wins a power duel", 4, CRITICAL, "opponent"),
        (
            "Power Duels: two Criticals tie, so the opponent (ruling)",
            CRITICAL,
            CRITICAL,
            "opponent",
        ),
        ("Power Duels: the opponent need not draw", 1, None, "initiator"),
    ],
)
def test_power_duel(rules, rule, initiator, opponent, winner):
    assert power_duel(initiator, opponent, rules=rules).winner == winner


def test_first_player_chooser(rules):
    """Rules 1st Player: higher total of the two face-up cards decides; Critical counts 4."""
    outcome = first_player_chooser((CRITICAL, 1), (2, 2), coin="gold", rules=rules)
    assert (outcome.red_total, outcome.gold_total, outcome.chooser) == (5, 4, "red")
    tie = first_player_chooser((3, 1), (2, 2), coin="gold", rules=rules)
    assert tie.coin_flip and tie.chooser == "gold"
