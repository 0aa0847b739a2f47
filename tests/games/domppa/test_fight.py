"""The fight odds (fight.py): hand-worked small fights from one blow's odds, and a simulation of
100,000 fights with the engine's own answers for every roll."""

from __future__ import annotations

import math
from dataclasses import replace
from fractions import Fraction

import numpy as np
import pytest

from toolkit.errors import DomekitError
from toolkit.games.domppa import rules as engine
from toolkit.games.domppa.actions import ROLL, Attack
from toolkit.games.domppa.data import CharacterRow, load_kit_data
from toolkit.games.domppa.fight import fight_from_data, fight_odds
from toolkit.games.domppa.match import new_match, set_up_attack
from toolkit.games.domppa.odds import defender_of, melee_odds, morale_odds
from toolkit.games.domppa.state import combatant, with_units

KIT = load_kit_data(None)
RULES = KIT.rules


def sheet(name: str, **stats: int | str) -> CharacterRow:
    base: dict[str, int | str] = {
        "name": name, "health": 1, "protection_body": 0, "protection_head": 0,
        "protection_natural": 0, "magic_resistance": 0, "morale": 10, "strength": 0, "attack": 5,
        "defence": 5, "precision": 0, "equipment_encumbrance": 0,
    }  # fmt: skip
    return CharacterRow.model_validate({**base, **stats})


def arena(first: CharacterRow, second: CharacterRow):
    """A combat holding these two (in the places of the kit's Knight and Berserker)."""
    state = new_match(KIT, seed=1, previous=None)
    a = replace(combatant(RULES, first, from_data=False), id="knight", weapon="Mace")
    b = replace(combatant(RULES, second, from_data=False), id="berserker", weapon="Mace")
    return with_units(state, a, b)


def one_blow(state, striker: str, target: str, hp: int | None = None) -> dict:
    """One blow's odds as the odds engine gives them (the fight's building block)."""
    a, b = state.find(striker), state.find(target)
    attack = Attack.read({"type": "attack", "mode": "melee", "attacker": a.id, "target": b.id,
                          "weapon": a.weapon, "hit_dice": ROLL, "damage_dice": ROLL})  # fmt: skip
    setup = set_up_attack(state, attack, a, b)
    defender = replace(defender_of(setup), hp=hp or b.hp, morale=None)
    return melee_odds(
        RULES, attack=setup.hitting.attack, defence=setup.guarding.defence, parry=setup.parry,
        blow=setup.blow, defender=defender,
    )  # fmt: skip


@pytest.mark.parametrize("exchanges", [1, 2, 5])
def test_one_hp_each_is_a_race_of_first_wounds(exchanges):
    # With 1 HP each every wound kills and no morale test comes: with p and q the chances that
    # one blow of each takes HP, the first wins in exchange k with ((1-p)(1-q))^(k-1) p, the
    # second with ((1-p)(1-q))^(k-1) (1-p) q.
    first = sheet("First", attack=9, strength=4)
    second = sheet("Second", attack=7, defence=7, strength=5)
    state = arena(first, second)
    p = one_blow(state, "knight", "berserker")["p_kill"]
    q = one_blow(state, "berserker", "knight")["p_kill"]
    both_miss = (1 - p) * (1 - q)
    result = fight_odds(state, "knight", "berserker", exchanges=exchanges)
    assert result["p_knight_wins"] == sum(both_miss**k * p for k in range(exchanges))
    assert result["p_berserker_wins"] == sum(both_miss**k * (1 - p) * q for k in range(exchanges))
    assert result["p_still_fighting"] == both_miss**exchanges
    assert result["p_berserker_flees"] == result["p_knight_flees"] == 0
    assert sum(result["decided_in_exchange_distribution"].values()) == 1


def test_a_wound_that_leaves_the_target_standing_calls_for_its_morale_test():
    # The second has 2 HP (Health 2), the first 1. One exchange: the first wins if its blow takes
    # 2 or more, or takes 1 and the second then fails morale at 1 of 2 HP; the second wins if it
    # survived standing and its blow takes any HP.
    state = arena(sheet("First", attack=9, strength=0), sheet("Second", health=2, morale=3))
    blow = one_blow(state, "knight", "berserker", hp=2)
    spread = blow["hp_loss_distribution"]
    p0, p1 = spread[0], spread[1]
    assert p1 > 0
    fails = morale_odds(RULES, morale=3, max_hp=2, hp=1)["p_failed"]
    assert 0 < fails < 1
    q = one_blow(state, "berserker", "knight")["p_kill"]
    result = fight_odds(state, "knight", "berserker", exchanges=1)
    assert result["p_berserker_falls"] == blow["p_kill"]
    assert result["p_berserker_flees"] == p1 * fails
    assert result["p_knight_wins"] == blow["p_kill"] + p1 * fails
    assert result["p_berserker_wins"] == (p0 + p1 * (1 - fails)) * q
    assert sum(result[k] for k in ("p_knight_wins", "p_berserker_wins", "p_still_fighting")) == 1


def exploding_2d6(rng: np.random.Generator, n: int) -> np.ndarray:
    total = np.zeros(n, dtype=np.int64)
    for _ in range(2):
        value = rng.integers(1, 7, n)
        live = value == 6
        while live.any():
            extra = rng.integers(1, 7, int(live.sum()))
            value[live] += extra - 1
            again = np.zeros(n, dtype=bool)
            again[np.flatnonzero(live)[extra == 6]] = True
            live = again
        total += value
    return total


TOP = 400  # totals above this (chance under 6^-78) are read as this one


def simulate(state, n: int, exchanges: int, seed: int) -> dict[str, float]:
    """n fights rolled die by die; every roll's outcome is the engine's own answer (melee_hit,
    hit_damage, morale_test), looked up per total."""
    rng = np.random.default_rng(seed)
    a, b = state.find("knight"), state.find("berserker")
    sides = {}
    for name, striker, target in (("a", a, b), ("b", b, a)):
        attack = Attack.read({"type": "attack", "mode": "melee", "attacker": striker.id,
                              "target": target.id, "weapon": striker.weapon,
                              "hit_dice": ROLL, "damage_dice": ROLL})  # fmt: skip
        setup = set_up_attack(state, attack, striker, target)
        hits = [engine.melee_hit(RULES, attack=setup.hitting.attack,
                                 defence=setup.guarding.defence, hit_total=t, parry=setup.parry)
                for t in range(TOP + 1)]  # fmt: skip
        loss = np.zeros((2, 2, TOP + 1), dtype=np.int64)  # [shield hit][head][total]
        defender = defender_of(setup)
        for shield in (0, 1):
            for head in (0, 1):
                protection = engine.protection_total(
                    RULES,
                    body=defender.body,
                    head=defender.head,
                    natural=defender.natural,
                    head_hit=bool(head),
                ).total
                guard = engine.Guard(protection, defender.shield_protection, defender.resist,
                                     defender.size)  # fmt: skip
                the_hit = engine.Hit(True, bool(shield), 0, 0, [])
                for total in range(2, TOP + 1):
                    harm = engine.hit_damage(
                        RULES,
                        the_hit,
                        setup.blow,
                        guard,
                        damage_total=total,
                        head=bool(head),
                        explain=False,
                    )
                    loss[shield, head, total] = harm.hp_loss if harm else 0  # fmt: skip
        passes = np.zeros((target.max_hp + 1, TOP + 1), dtype=bool)
        morale = defender.morale
        for hp in range(1, target.max_hp + 1):
            for total in range(2, TOP + 1):
                passes[hp, total] = engine.morale_test(
                    RULES, morale=morale, max_hp=target.max_hp, hp=hp, roll_total=total
                ).passed
        sides[name] = (
            np.array([h.hit for h in hits]), np.array([h.shield_hit for h in hits]), loss, passes,
        )  # fmt: skip
    hp = {"a": np.full(n, a.hp), "b": np.full(n, b.hp)}
    winner = np.zeros(n, dtype=np.int64)  # 0 still fighting, 1 a, 2 b
    head_percent = RULES.protection.head_hit_percent
    for _ in range(exchanges):
        for striker, target, mark in (("a", "b", 1), ("b", "a", 2)):
            live = winner == 0
            hit_ok, shield_hit, loss, passes = sides[striker]
            hit_total = np.minimum(exploding_2d6(rng, n), TOP)
            damage_total = np.minimum(exploding_2d6(rng, n), TOP)
            head = (rng.random(n) * 100 < head_percent).astype(np.int64)
            morale_total = np.minimum(exploding_2d6(rng, n), TOP)
            lost = np.where(
                hit_ok[hit_total],
                loss[shield_hit[hit_total].astype(np.int64), head, damage_total],
                0,
            )
            lost = np.where(live, lost, 0)
            hp[target] = hp[target] - lost
            falls = live & (hp[target] <= 0)
            left = np.clip(hp[target], 0, passes.shape[0] - 1)
            flees = live & ~falls & (lost > 0) & ~passes[left, morale_total]
            winner = np.where(falls | flees, mark, winner)
    return {
        "a": float(np.mean(winner == 1)),
        "b": float(np.mean(winner == 2)),
        "still": float(np.mean(winner == 0)),
    }


def test_the_exact_chain_agrees_with_100000_simulated_fights():
    state = new_match(KIT, seed=1, previous=None)
    knight, berserker = state.find("knight"), state.find("berserker")
    state = with_units(
        state,
        replace(knight, weapon="Mace", hp=15),  # a wounded knight: both sides can win
        replace(berserker, weapon="Broadsword"),
    )
    exact = fight_odds(state, "knight", "berserker", exchanges=4)
    n = 100_000
    seen = simulate(state, n, 4, seed=20261201)
    for side, name in (("a", "p_knight_wins"), ("b", "p_berserker_wins"),
                       ("still", "p_still_fighting")):  # fmt: skip
        p = float(exact[name])
        sigma = math.sqrt(max(p * (1 - p), 1e-12) / n)
        assert abs(seen[side] - p) <= 4 * sigma + 1e-9, (name, seen[side], p)  # 99.99% interval
    assert 0.05 < float(exact["p_berserker_wins"]) < 0.95


def test_the_command_takes_two_names_from_the_card_data(cli):
    result = cli("odds", "domppa", "fight", "Knight", "Berserker", "--exchanges", "3", "--json")
    assert result.exit_code == 0, result.stderr
    data = result.json()
    chances = [Fraction(data[k]["fraction"]) for k in
               ("p_knight_wins", "p_berserker_wins", "p_still_fighting")]  # fmt: skip
    assert sum(chances) == 1
    spread = data["decided_in_exchange_distribution"]
    assert list(spread) == ["1", "2", "3", "still fighting"]
    assert sum(Fraction(v["fraction"]) for v in spread.values()) == 1
    assert data["first"] == "Knight" and data["exchanges"] == 3


@pytest.mark.parametrize(
    "args, needle",
    [
        (("Knight", "Nobody"), "no character 'Nobody'"),
        # Issue 26: the Troll, whose gear names no weapon, now fights unarmed (its own test);
        # a weapon no card names is still refused.
        (("Knight", "Troll", "--weapon-b", "Club"), "no weapon 'Club' in weapons.csv"),
        (("Knight", "Knight"), "does not fight itself"),
        (("Knight", "Berserker", "--exchanges", "0"), "exchanges (--exchanges) must be 1 to 100"),
        (("Knight", "Berserker", "--hp-a", "99"), "--hp-a must be 1 to Knight's 27"),
        (("Knight", "Berserker", "--weapon-a", "Banana"), "Banana"),
    ],
)
def test_the_command_refuses_bad_input_with_exit_2(cli, args, needle):
    result = cli("odds", "domppa", "fight", *args)
    assert result.exit_code == 2 and needle in result.stderr, result.stderr
    assert "Traceback" not in result.stderr


def test_more_exchanges_only_settle_more_fights():
    state = new_match(KIT, seed=1, previous=None)
    short = fight_from_data(None, "Militia Spearman", "Priest", exchanges=2)
    long = fight_from_data(None, "Militia Spearman", "Priest", exchanges=6)
    assert long["p_militia_spearman_wins"] >= short["p_militia_spearman_wins"]
    assert long["p_priest_wins"] >= short["p_priest_wins"]
    assert long["p_still_fighting"] <= short["p_still_fighting"]
    assert state.find("priest") is not None
    with pytest.raises(DomekitError):
        fight_odds(state, "knight", "knight", exchanges=1)


def test_each_fights_with_the_melee_weapon_and_shield_its_gear_names(tmp_path):
    """characters.csv's gear is the one place a character's cards are named: the Scout carries a
    shortbow and a dagger and fights with the dagger; without its shield the Militia Spearman's
    foe hits it more often."""
    from card_edits import copy_card_data, edit_text

    scout = fight_from_data(None, "Scout", "Berserker", exchanges=1)
    dagger = fight_from_data(
        None, "Scout", "Berserker", exchanges=1, gear=(("Dagger", None, None), (None, None, None))
    )
    assert scout["p_scout_wins"] == dagger["p_scout_wins"]
    folder = copy_card_data("domppa", tmp_path / "domppa")
    edit_text(  # the shield's encumbrance goes with it
        folder / "characters.csv",
        ",8,3,,Formation Fighter,Leather Armour|Leather Cap|Spear|Round Shield",
        ",8,2,,Formation Fighter,Leather Armour|Leather Cap|Spear",
    )
    shielded = fight_from_data(None, "Militia Spearman", "Berserker", exchanges=1)
    bare = fight_from_data(folder, "Militia Spearman", "Berserker", exchanges=1)
    assert bare["p_berserker_wins"] > shielded["p_berserker_wins"]
