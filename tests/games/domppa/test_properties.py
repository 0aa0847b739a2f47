"""Properties that hold for every input: damage never negative, penetration never raises
protection, poison sums to its total, typed faces read back to their chains."""

from hypothesis import given
from hypothesis import strategies as st

from toolkit.games.domppa.abilities import heat_aura_area
from toolkit.games.domppa.data import load_rules
from toolkit.games.domppa.dice import parse_exploding
from toolkit.games.domppa.rules import (
    DamageType,
    Element,
    cap_protection,
    hit_points,
    melee_hit,
    missing_hp_penalty,
    penetrate,
    poison_schedule,
    resolve_damage,
)

RULES = load_rules()
stat = st.integers(min_value=0, max_value=60)
roll = st.integers(min_value=2, max_value=40)


@given(
    roll=roll,
    strength=st.integers(-10, 40),
    weapon=stat,
    protection=st.integers(0, 80),
    damage_type=st.sampled_from(list(DamageType)),
    element=st.sampled_from(list(Element)),
    stun=st.booleans(),
    resist=st.integers(-10, 20),
    head=st.booleans(),
    size=st.integers(0, 6),
)
def test_damage_is_never_negative(
    roll, strength, weapon, protection, damage_type, element, stun, resist, head, size
):
    outcome = resolve_damage(
        RULES,
        damage_total=roll,
        strength=strength,
        weapon_damage=weapon,
        protection=protection,
        damage_type=damage_type,
        element=element,
        stun=stun,
        resist=resist,
        head=head,
        size=size,
    )
    assert outcome.damage >= 0
    assert outcome.hp_loss >= 0 and outcome.fatigue >= 0 and outcome.paralysis_rounds >= 0
    assert outcome.hp_loss + outcome.fatigue + sum(outcome.poison_schedule) <= outcome.damage
    assert outcome.protection >= 0


@given(protection=st.integers(0, 200), damage_type=st.sampled_from(list(DamageType)))
def test_protection_after_penetration_is_never_above_before(protection, damage_type):
    left, _ = penetrate(RULES, protection, damage_type)
    assert 0 <= left <= protection


@given(total=st.integers(0, 2000))
def test_poison_schedule_sums_to_the_total(total):
    schedule = poison_schedule(RULES, total).schedule
    assert sum(schedule) == total
    assert all(turn >= 1 for turn in schedule)
    assert schedule == sorted(schedule, reverse=True)  # 10% of less is never more


@given(total=st.integers(0, 200))
def test_the_over_20_halving_never_raises_protection_and_keeps_order(total):
    assert cap_protection(RULES, total).effective <= total
    assert cap_protection(RULES, total).effective <= cap_protection(RULES, total + 1).effective


@given(health=st.integers(0, 159))
def test_more_health_never_means_fewer_hp(health):
    assert hit_points(RULES, health + 1).hp > hit_points(RULES, health).hp


@given(max_hp=st.integers(1, 500), data=st.data())
def test_morale_penalty_is_at_most_the_missing_hp_and_the_step_count(max_hp, data):
    hp = data.draw(st.integers(0, max_hp))
    penalty, _ = missing_hp_penalty(RULES, max_hp, hp)
    assert 0 <= penalty <= max_hp - hp
    assert penalty <= 100 // RULES.morale.missing_step_percent


@given(attack=st.integers(-10, 30), defence=stat, parry=st.integers(0, 6), hit_total=roll)
def test_a_higher_roll_never_turns_a_hit_into_a_miss(attack, defence, parry, hit_total):
    low = melee_hit(RULES, attack=attack, defence=defence, parry=parry, hit_total=hit_total)
    high = melee_hit(RULES, attack=attack, defence=defence, parry=parry, hit_total=hit_total + 1)
    assert high.hit or not low.hit
    assert not (low.hit and not low.shield_hit and high.shield_hit)


chain = st.builds(
    lambda sixes, last: [6] * sixes + [last],
    st.integers(0, 4),
    st.integers(1, 5),
)


@given(first=chain, second=chain)
def test_typed_faces_read_back_to_two_exploding_dice(first, second):
    rolled = parse_exploding(first + second, RULES.dice)
    expected = [c[0] + sum(face - 1 for face in c[1:]) for c in (first, second)]
    assert list(rolled.values) == expected
    assert rolled.total == sum(expected)
    assert rolled.shows(6) == (len(first) > 1 or len(second) > 1)


@given(level=st.integers(1, 40))
def test_heat_aura_grows_with_its_level(level):
    assert heat_aura_area(RULES, level + 1) > heat_aura_area(RULES, level)
