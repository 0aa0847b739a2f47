"""The engines' quiet paths, which the odds call for every roll and draw: `explain=False` and
Domppa's `hit_damages` must give exactly the outcome the full breakdown gives, only without steps.
"""

from __future__ import annotations

from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from toolkit.data import game_data_dir
from toolkit.games.deathdome import rules as deathdome
from toolkit.games.deathdome.config import load_rules_config
from toolkit.games.domppa import rules as domppa
from toolkit.games.domppa.odds import Defender, melee_odds
from toolkit.games.domppa.odds import load_rules as load_domppa
from toolkit.games.naturedome.odds import load as load_naturedome
from toolkit.games.naturedome.rules import Defence, clash, clash_damages

DOMPPA = load_domppa()
NATURE_RULES, NATURE_DECK = load_naturedome()
DEATH = load_rules_config(game_data_dir("deathdome") / "rules.toml")

blows = st.builds(
    domppa.Blow,
    strength=st.integers(0, 20),
    weapon_damage=st.integers(0, 15),
    damage_type=st.sampled_from(list(domppa.DamageType)),
    element=st.sampled_from(list(domppa.Element)),
    stun=st.booleans(),
    bonus=st.integers(0, 5),
)
guards = st.builds(
    domppa.Guard,
    protection=st.integers(0, 40),
    shield_protection=st.integers(0, 8),
    resist=st.integers(0, 10),
    size=st.integers(0, 5),
)


@settings(max_examples=150, deadline=None)
@given(
    blow=blows,
    guard=guards,
    hit=st.sampled_from([(True, False), (True, True), (False, False)]),
    head=st.booleans(),
    rolls=st.lists(st.tuples(st.integers(2, 130), st.booleans()), min_size=1, max_size=6),
)
def test_hit_damages_give_the_numbers_of_hit_damage(blow, guard, hit, head, rolls):
    the_hit = domppa.Hit(*hit, total=0, target=0, steps=[])
    table = domppa.hit_damages(DOMPPA, blow, guard, rolls, head=head)[the_hit.shield_hit]
    for total, six in rolls:
        full = domppa.hit_damage(
            DOMPPA, the_hit, blow, guard, damage_total=total, damage_shows_six=six, head=head
        )
        quiet = domppa.hit_damage(
            DOMPPA, the_hit, blow, guard, damage_total=total, damage_shows_six=six, head=head,
            explain=False,
        )  # fmt: skip
        if full is None:
            assert quiet is None and not the_hit.hit
            continue
        assert full.steps and quiet is not None and quiet.steps == []
        assert replace(full, steps=[]) == quiet
        harm = table[(total, six)]
        assert (harm.damage, harm.hp_loss, harm.fatigue, harm.ignites) == (
            full.damage, full.hp_loss, full.fatigue, full.ignites,
        )  # fmt: skip
        assert list(harm.poison_schedule) == full.poison_schedule
        assert (harm.freeze_check, harm.paralysis_rounds) == (
            full.freeze_check,
            full.paralysis_rounds,
        )


@settings(max_examples=100, deadline=None)
@given(
    attack=st.integers(-5, 25),
    defence=st.integers(0, 25),
    parry=st.integers(0, 6),
    total=st.integers(2, 130),
    morale=st.integers(-5, 20),
    max_hp=st.integers(1, 60),
    data=st.data(),
)
def test_quiet_hits_and_morale_match_the_explained_ones(
    attack, defence, parry, total, morale, max_hp, data
):
    loud = domppa.melee_hit(DOMPPA, attack=attack, defence=defence, hit_total=total, parry=parry)
    quiet = domppa.melee_hit(
        DOMPPA, attack=attack, defence=defence, hit_total=total, parry=parry, explain=False
    )
    assert replace(loud, steps=[]) == quiet
    loud = domppa.ranged_hit(
        DOMPPA, precision=attack, size=3, distance=defence, hit_total=total, parry=parry
    )
    quiet = domppa.ranged_hit(
        DOMPPA, precision=attack, size=3, distance=defence, hit_total=total, parry=parry,
        explain=False,
    )  # fmt: skip
    assert replace(loud, steps=[]) == quiet
    hp = data.draw(st.integers(0, max_hp))
    loud = domppa.morale_test(DOMPPA, morale=morale, max_hp=max_hp, hp=hp, roll_total=total)
    quiet = domppa.morale_test(
        DOMPPA, morale=morale, max_hp=max_hp, hp=hp, roll_total=total, explain=False
    )
    assert replace(loud, steps=[]) == quiet


@settings(max_examples=100, deadline=None)
@given(
    attack=st.sampled_from([card for card in NATURE_DECK if not card.is_boost]),
    boosts=st.lists(st.sampled_from([card for card in NATURE_DECK if card.is_boost]), max_size=2),
    card=st.sampled_from(NATURE_DECK),
    answer=st.sampled_from(list(Defence)),
    attacker_health=st.integers(1, 1000),
    defender_health=st.integers(1, 1000),
)
def test_quiet_clash_matches_the_explained_one(
    attack, boosts, card, answer, attacker_health, defender_health
):
    def resolve(explain: bool):  # type: ignore[no-untyped-def]
        return clash(
            attack, answer, card, boosts=boosts, attacker_health=attacker_health,
            defender_health=defender_health, rules=NATURE_RULES, explain=explain,
        )  # fmt: skip

    loud, quiet = resolve(True), resolve(False)
    assert loud.steps and quiet.steps == []
    assert replace(loud, steps=[]) == quiet
    answers = [(answer, card), (Defence.DEFEND, attack)]
    assert clash_damages(
        attack, answers, boosts=boosts, attacker_health=attacker_health,
        defender_health=defender_health, rules=NATURE_RULES,
    ) == [
        loud.damage,
        clash(
            attack, Defence.DEFEND, attack, boosts=boosts, attacker_health=attacker_health,
            defender_health=defender_health, rules=NATURE_RULES,
        ).damage,
    ]  # fmt: skip


@settings(max_examples=150, deadline=None)
@given(
    cards=st.lists(st.integers(1, 4), max_size=5),
    defence=st.lists(st.integers(1, 4), max_size=4),
    strength=st.integers(0, 4),
    push_on=st.sampled_from([None, 2]),
    incapacitate=st.booleans(),
    armour=st.lists(st.integers(0, 3), max_size=2),
    vitae=st.integers(1, 8),
    behind=st.sampled_from(deathdome.BEHIND),
)
def test_quiet_death_dome_attack_matches_the_explained_one(
    cards, defence, strength, push_on, incapacitate, armour, vitae, behind
):
    weapon = deathdome.WeaponProfile(strength=strength, push_on=push_on, incapacitate=incapacitate)
    attacker = deathdome.Attacker(tuple(cards), weapon, skill=1)
    target = deathdome.Defender(tuple(defence), tuple(armour), 1, vitae=vitae, behind=behind)
    loud = deathdome.resolve_attack(attacker, target, DEATH)
    quiet = deathdome.resolve_attack(attacker, target, DEATH, explain=False)
    assert loud.steps and quiet.steps == []
    assert replace(loud, steps=[]) == quiet
    others = [target, replace(target, cards=(), vitae=1), replace(target, behind="lava")]
    assert deathdome.resolve_attacks(attacker, others, DEATH) == [
        replace(deathdome.resolve_attack(attacker, other, DEATH), steps=[]) for other in others
    ]


def test_a_repeated_query_is_answered_alike_and_its_steps_are_the_callers_own():
    blow = domppa.Blow(strength=5, weapon_damage=3)
    target = Defender(body=8, hp=10, max_hp=20, morale=6)
    first = melee_odds(DOMPPA, attack=6, defence=5, blow=blow, defender=target)
    first["steps"].append("a caller's own note")
    again = melee_odds(DOMPPA, attack=6, defence=5, blow=blow, defender=target)
    assert "a caller's own note" not in again["steps"]
    assert {k: v for k, v in first.items() if k != "steps"} == {
        k: v for k, v in again.items() if k != "steps"
    }
