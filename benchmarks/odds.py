"""Time every odds query in-process, beside icepool and a 1,000,000-sample Monte Carlo.

    .venv/bin/python benchmarks/odds.py [--runs 41] [--samples 1000000]

For each query: the toolkit's exact answer (median of `--runs` runs, caches cleared before each
run: "cold"; and again with its caches warm), icepool 2.x computing the same query exactly (the
rule written as icepool expressions here; median of `--runs`), and a Monte Carlo of `--samples`
draws in numpy (vectorised; pure Python when numpy is missing; median of 3 runs). It prints one
table with the times, the ratios and each method's answer for the query's headline chance, so
agreement is visible too. The toolkit's answers come from the rules engines (one engine call per
possible roll or draw); icepool and the Monte Carlo re-state the rule formulas themselves.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import icepool  # noqa: E402

from toolkit import dice  # noqa: E402
from toolkit.games.deathdome import odds as dd  # noqa: E402
from toolkit.games.dominum import odds as dm  # noqa: E402
from toolkit.games.domppa import odds as dp  # noqa: E402
from toolkit.games.naturedome import odds as nd  # noqa: E402
from toolkit.odds import (
    common,  # noqa: E402
    exploding,  # noqa: E402
)

try:
    import numpy as np
except ImportError:  # pragma: no cover - the venv has numpy; say so if not
    np = None


LAST_MIN: list[float] = [0.0]


def median_ms(function: Callable[[], Any], runs: int, before: Callable[[], None] | None = None):
    """Median wall time in ms of `runs` calls (the fastest is kept in LAST_MIN[0])."""
    times = []
    result = None
    for _ in range(runs):
        if before:
            before()
        start = time.perf_counter()
        result = function()
        times.append((time.perf_counter() - start) * 1000)
    LAST_MIN[0] = min(times)
    return statistics.median(times), result


def clear_caches() -> None:
    for table in (
        exploding.exploding_dice, exploding._weight, exploding._at_least,
        exploding._plain_at_least, exploding._cut, exploding._plain_sums, exploding._plain,
        exploding._usual,
        exploding._power_sums,
    ):  # fmt: skip
        table.cache_clear()
    dice._draw_hand.cache_clear()
    dp._HARMS_CACHE.clear()
    dp._HITS_CACHE.clear()
    common.forget()


# -- the queries: ours, icepool's, Monte Carlo's ------------------------------------------------

DOMPPA_RULES = dp.load_rules()
ICE_DEPTH = 12  # icepool follows each die this many explosions (it cannot go on for ever)


def ice_2d6() -> icepool.Die:
    one = (icepool.d6 - 1).explode([5], depth=ICE_DEPTH) + 1
    return one + one


def mc_exploding_2d6(rng: Any, n: int) -> Any:
    """n Domppa 2d6 totals (and whether a 6 showed), vectorised."""
    total = np.zeros(n, dtype=np.int64)
    for _ in range(2):
        value = rng.integers(1, 7, n)
        live = value == 6
        while live.any():
            extra = rng.integers(1, 7, live.sum())
            value[live] += extra - 1
            still = np.zeros(n, dtype=bool)
            still[np.flatnonzero(live)[extra == 6]] = True
            live = still
        total += value
    return total


def mc_deal(rng: Any, n: int, size: int, k: int) -> Any:
    """n deals of k distinct positions out of `size` (no replacement), in O(n k^2) memory-light
    steps: each new pick is uniform over the positions left, shifted past the ones taken."""
    picks = np.empty((n, k), dtype=np.int64)
    for j in range(k):
        pick = rng.integers(0, size - j, n)
        taken = np.sort(picks[:, :j], axis=1)
        for column in range(j):
            pick += pick >= taken[:, column]
        picks[:, j] = pick
    return picks


# 1. The DRN: P(2d6 >= 9), exactly 13/36
def ours_drn() -> Fraction:
    return exploding.exploding_dice().at_least(9)


def ice_drn() -> Fraction:
    return ice_2d6().probability(">=", 9)


def mc_drn(rng: Any, n: int) -> float:
    return float((mc_exploding_2d6(rng, n) >= 9).mean())


# 2. Domppa melee: attack 6 vs defence 5, parry 2; strength 5 + weapon 3 vs body 8 / helmet 5 +
#    natural 2, shield 4; HP 10 of 20, morale 8. Headline: p_kill.
MELEE = dict(attack=6, defence=5, parry=2)
BLOW = dp.Blow(strength=5, weapon_damage=3)
TARGET = dp.Defender(body=8, head=5, natural=2, shield_protection=4, hp=10, max_hp=20, morale=8)


def ours_melee() -> dict:
    return dp.melee_odds(DOMPPA_RULES, blow=BLOW, defender=TARGET, **MELEE)


# 2b. The issue's melee: attack 10 vs defence 12 (p_hit exactly 13/36), the same blow and target.
def ours_melee_issue() -> dict:
    return dp.melee_odds(DOMPPA_RULES, blow=BLOW, defender=TARGET, attack=10, defence=12)


def ice_melee_issue() -> Fraction:
    return ice_2d6().probability(">=", 12 - 10 + 7)


def mc_melee_issue(rng: Any, n: int) -> float:
    return float((mc_exploding_2d6(rng, n) - 7 + 10 >= 12).mean())


def ice_melee() -> Fraction:
    roll = ice_2d6()
    hit_roll = roll - 7 + 6
    clean = hit_roll.probability(">=", 5 + 2)
    shield = hit_roll.probability(">=", 5) - clean
    side = roll - 7 + 5 + 3

    def kill_given(protection: int) -> Fraction:
        return (side - protection).probability(">=", 10)

    body, head = 8 + 2, 5 + 2
    p_kill = Fraction(0)
    for chance, extra in ((clean, 0), (shield, 4)):
        p_kill += chance * (
            Fraction(9, 10) * kill_given(body + extra) + Fraction(1, 10) * kill_given(head + extra)
        )
    return p_kill


def mc_melee(rng: Any, n: int) -> float:
    hit = mc_exploding_2d6(rng, n) - 7 + 6
    clean, shield = hit >= 7, (hit >= 5) & (hit < 7)
    head = rng.random(n) < 0.1
    protection = np.where(head, 7, 10) + np.where(shield, 4, 0)
    damage = mc_exploding_2d6(rng, n) - 7 + 8 - protection
    return float(((clean | shield) & (damage >= 10)).mean())


# 3. Dominum attack: strength 3 vs defence 4, attacker used 1,1; defender reserve 4, policy deck.
def ours_dominum_attack() -> dict:
    rules = dm_rules()
    return dm.attack_odds(
        strength=3,
        defense=4,
        attacker=dm.PowerState.of(used=[1, 1], rules=rules),
        defender=dm.PowerState.of(reserve=[4], rules=rules),
        defender_policy="deck",
        rules=rules,
    )


def dm_rules():  # type: ignore[no-untyped-def]
    return dm.load_rules()


CRIT = 99  # icepool and Monte Carlo stand-in for the Critical


def dominum_wounds(power: int, reply: int) -> bool:
    if reply == CRIT:
        return False
    if power == CRIT:
        return True
    return 3 + power > 4 + reply


def ice_dominum_attack() -> Fraction:
    attacker = icepool.Die([2, 2, 3, 3, 4, 4, CRIT])
    defender = icepool.Die([1, 1, 2, 2, 3, 3, 4, CRIT])

    def outcome(power: int, drawn: int) -> bool:
        # The defender draws only when the attack would wound without a draw.
        return dominum_wounds(power, drawn) if dominum_wounds(power, 0) else False

    return icepool.map(outcome, attacker, defender).probability(True)


def mc_dominum_attack(rng: Any, n: int) -> float:
    attacker = rng.choice(np.array([2, 2, 3, 3, 4, 4, CRIT]), n)
    defender = rng.choice(np.array([1, 1, 2, 2, 3, 3, 4, CRIT]), n)
    would = (attacker == CRIT) | (3 + attacker > 4)
    blocked = (defender == CRIT) | ((attacker != CRIT) & (3 + attacker <= 4 + defender))
    return float((would & ~blocked).mean())


# 3b. Dominum attack with the cards' abilities (issue 26): the Glade Rider (3, Lunge) lunged
# against Aelindra (4), no defender draw, fresh decks; the best and the worst of the second draw.
# Headline: P(wound) at best = 1 - P(both of the first two cards are 1s) = 35/36.
def lunge_fight() -> Any:
    """The two cards, read once (the card data is loaded when a form opens, not per query)."""
    from toolkit.games.dominum.data import load_dominum
    from toolkit.games.dominum.matchup import matchup

    if not LUNGE:
        data = load_dominum()
        LUNGE.append(
            matchup(
                data,
                attacker="Glade Rider",
                defender="Aelindra, Queen of Thorns",
                strength=None,
                defense=None,
                lunged=True,
            )
        )
    return LUNGE[0]


LUNGE: list[Any] = []


def ours_dominum_lunge() -> dict:
    rules = dm_rules()
    fresh = dm.PowerState.of(rules=rules)
    return dm.attack_odds(
        attacker=fresh, defender=fresh, defender_policy="never", fight=lunge_fight(), rules=rules
    )


def ice_dominum_lunge() -> Fraction:
    hands = icepool.Deck([1, 1, 2, 2, 3, 3, 4, 4, CRIT]).deal(2).expand()
    return 1 - hands.probability((1, 1))


def mc_dominum_lunge(rng: Any, n: int) -> float:
    deck = np.array([1, 1, 2, 2, 3, 3, 4, 4, CRIT])
    order = np.argsort(rng.random((n, 9)), axis=1)[:, :2]
    first, second = deck[order[:, 0]], deck[order[:, 1]]
    return float(((first != 1) | (second != 1)).mean())


# 4. Dominum assault: 2 in the zone, 1 fortified, fresh deck. Headline: P(2 VP).
def ours_assault() -> dict:
    rules = dm_rules()
    return dm.assault_odds(in_zone=2, fortified=1, state=dm.PowerState.of(rules=rules), rules=rules)


def ice_assault() -> Fraction:
    total = icepool.Deck([1, 1, 2, 2, 3, 3, 4, 4, 4]).deal(2).sum() + 3
    return total.probability(">=", 11)


def mc_assault(rng: Any, n: int) -> float:
    cards = np.array([1, 1, 2, 2, 3, 3, 4, 4, 4])
    order = mc_deal(rng, n, 9, 2)
    return float((cards[order].sum(axis=1) + 3 >= 11).mean())


# 5. Nature Dome clash: Talon Dive, Pack Howl, Bear Swipe against 3 unknown cards, defender at
#    450 health. Headline: P(knock out) of the best play.
ND_RULES, ND_DECK = nd.load()
ND_HAND = nd.cards_by_id(ND_DECK, ["talon-dive", "pack-howl", "bear-swipe"], "hand")


def ours_clash() -> dict:
    return nd.clash_odds(
        hand=ND_HAND, attacker_health=1000, defender_health=450, deck=ND_DECK, rules=ND_RULES
    )


def clash_damages() -> list[int]:
    """The least damage each remaining card lets through against Pack Howl + Bear Swipe."""
    left = list(ND_DECK)
    for card in ND_HAND:
        left.remove(card)
    attack = 200 + 600

    def least(card: Any) -> int:
        if card.is_boost:
            return attack
        return max(0, attack - max(card.defend - 100, card.escape - 100, 0))

    return [least(card) for card in left]


def ice_clash() -> Fraction:
    lowest = icepool.Deck(clash_damages()).deal(3).lowest(1).sum()
    return lowest.probability(">=", 450)


def mc_clash(rng: Any, n: int) -> float:
    damages = np.array(clash_damages())
    picks = mc_deal(rng, n, len(damages), 3)
    return float((damages[picks].min(axis=1) >= 450).mean())


# 6. Death Dome attack: hand 3,3,3,1 (every subset), weapon S2, Skill 1 vs armour T1,
#    Toughness 2, Vitae 4, 3 unknown cards. Headline: P(kill) playing all four.
DD_DECK = dd.special_play_deck()


DD_RULES = dd.load_rules()


def ours_deathdome() -> dict:
    from toolkit.games.deathdome.rules import Defender, WeaponProfile

    return dd.attack_odds(
        hand=[3, 3, 3, 1],
        weapon=WeaponProfile(strength=2),
        skill=1,
        target=Defender(cards=(), armour=(1,), toughness=2, vitae=4),
        play=[3, 3, 3, 1],
        deck=DD_DECK,
        rules=DD_RULES,
    )


def dd_left() -> list[int]:
    left = [0 if card == dd.NO_POWER else card for card in DD_DECK]
    for card in (3, 3, 3, 1):
        left.remove(card)
    return left


def ice_deathdome() -> Fraction:
    defence = icepool.Deck(dd_left()).deal(3).sum() + 1 + 2
    return (13 - defence).probability(">=", 4)


def mc_deathdome(rng: Any, n: int) -> float:
    left = np.array(dd_left())
    picks = mc_deal(rng, n, len(left), 3)
    return float((13 - (left[picks].sum(axis=1) + 3) >= 4).mean())


# 7. Death Dome capture: red takes a tower centre from blue. Headline: P(red wins after).
def ours_capture() -> dict:
    return dd.capture_odds(
        teams=["red", "blue"],
        control_points={"red": 3, "blue": 4},
        tower_centres={"blue": 1},
        kills={},
        team="red",
        kind="tower-centre",
        taken_from="blue",
        rules=DD_RULES,
    )


def ice_capture() -> Fraction:
    red = icepool.d6 * 100_000 + 800_000
    blue = icepool.d6 * 0 + 400_000
    return (red >= blue).probability(True)


def mc_capture(rng: Any, n: int) -> float:
    fans = rng.integers(1, 7, n) * 100_000
    return float((800_000 + fans >= 400_000 + fans).mean())


QUERIES = [
    ("DRN P(2d6>=9)", ours_drn, lambda r: r, ice_drn, mc_drn),
    ("Domppa melee", ours_melee, lambda r: r["p_kill"], ice_melee, mc_melee),
    ("Domppa 10 vs 12 hit", ours_melee_issue, lambda r: r["p_hit"], ice_melee_issue,
     mc_melee_issue),
    ("Dominum attack", ours_dominum_attack, lambda r: r["p_wound"], ice_dominum_attack,
     mc_dominum_attack),
    ("Dominum Lunge best", ours_dominum_lunge, lambda r: r["best"]["p_wound"],
     ice_dominum_lunge, mc_dominum_lunge),
    ("Dominum assault", ours_assault, lambda r: r["vp_distribution"].get(2, 0), ice_assault,
     mc_assault),
    ("Nature Dome clash", ours_clash, lambda r: r["p_knocked_out"], ice_clash, mc_clash),
    ("Death Dome attack", ours_deathdome, lambda r: r["p_kill"], ice_deathdome, mc_deathdome),
    ("Death Dome capture", ours_capture, lambda r: r["p_win_after"], ice_capture, mc_capture),
]  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=41)
    parser.add_argument("--samples", type=int, default=1_000_000)
    args = parser.parse_args()
    if np is None:
        sys.exit("numpy is needed for the Monte Carlo column (pip install numpy)")
    rng = np.random.default_rng(20261129)
    random.seed(20261129)
    print(
        "exploding 2d6: ours exact (closed form, no truncation); icepool follows each die "
        f"{ICE_DEPTH} explosions deep"
    )
    print(f"Monte Carlo: numpy {np.__version__}, {args.samples:,} samples, median of 3 runs")
    print(f"icepool {icepool.__version__}; medians of {args.runs} runs; times in ms")
    load = " ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"load average before: {load} on {os.cpu_count()} CPUs\n")
    header = (
        f"{'query':<20}{'ours cold':>10}{'ours warm':>10}{'icepool':>10}{'MC':>10}"
        f"{'ice/ours':>10}{'MC/ours':>10}   {'ours':>12}{'icepool':>12}{'MC':>10}"
    )
    print(header)
    print("-" * len(header))
    fastest: list[tuple[str, float, float]] = []
    for name, ours, headline, ice, mc in QUERIES:
        ours()  # imports and first-use costs out of the way
        cold, result = median_ms(ours, args.runs, before=clear_caches)
        fastest_cold = LAST_MIN[0]
        warm, result = median_ms(ours, args.runs)
        fastest_warm = LAST_MIN[0]
        fastest.append((name, fastest_cold, fastest_warm))
        ice_time, ice_answer = median_ms(ice, max(5, args.runs // 4))
        mc_time, mc_answer = median_ms(lambda mc=mc: mc(rng, args.samples), 3)
        answer = headline(result)
        exact = (
            f"  ours exactly {answer}"
            if isinstance(answer, Fraction) and len(str(answer)) < 30
            else ""
        )
        print(
            f"{name:<20}{cold:>10.3f}{warm:>10.3f}{ice_time:>10.3f}{mc_time:>10.1f}"
            f"{ice_time / cold:>9.1f}x{mc_time / cold:>9.0f}x   "
            f"{float(answer):>12.8f}{float(ice_answer):>12.8f}{mc_answer:>10.6f}{exact}"
        )
    # The fight chain has no icepool or one-line Monte Carlo counterpart (tests/games/domppa/
    # test_fight.py checks it against 100,000 simulated fights): ours only.
    from toolkit.games.domppa.data import load_kit_data
    from toolkit.games.domppa.fight import fight_odds
    from toolkit.games.domppa.match import new_match

    state = new_match(load_kit_data(None), seed=1, previous=None)
    for exchanges in (5, 10):
        run = lambda exchanges=exchanges: fight_odds(  # noqa: E731
            state, "knight", "berserker", exchanges=exchanges
        )
        run()
        took, result = median_ms(run, max(5, args.runs // 4), before=clear_caches)
        print(
            f"Domppa fight Knight v Berserker, {exchanges} exchanges: {took:.1f} ms (median, "
            f"caches cleared; fastest {LAST_MIN[0]:.1f}); p_knight_wins "
            f"{float(result['p_knight_wins']):.8f}"
        )
    # Issue 26: a choice left to a player is weighed every way (the Scout's Dagger: piercing or
    # slashing, two chains), and a second weapon strikes twice an exchange.
    from dataclasses import replace

    from toolkit.games.domppa.state import with_units

    berserker = state.find("berserker")
    assert berserker is not None
    two = with_units(state, replace(berserker, weapon="Broadsword", off_hand="Dagger"))
    for label, fight_state, first, second in (
        ("Scout v Berserker (the Dagger's 2 damage types)", state, "scout", "berserker"),
        ("Berserker (two weapons) v Knight", two, "berserker", "knight"),
    ):
        run = lambda s=fight_state, a=first, b=second: fight_odds(  # noqa: E731
            s, a, b, exchanges=5
        )
        run()
        took, result = median_ms(run, max(5, args.runs // 4), before=clear_caches)
        print(
            f"Domppa fight {label}, 5 exchanges: {took:.1f} ms (median, caches cleared; "
            f"fastest {LAST_MIN[0]:.1f}); p_{first}_wins "
            f"{float(result[f'p_{first}_wins']):.8f}"
        )
    print(
        "\nfastest single run, ours (ms): "
        + "; ".join(f"{name} {cold:.2f} cold / {warm:.2f} warm" for name, cold, warm in fastest)
    )
    print(
        "\ncold: the toolkit's caches (exploding-dice tables, hands, engine results) cleared "
        "before each run;\nwarm: the same query again, as the tracker repeats it while a form "
        "is filled in.\nicepool and the Monte Carlo state each rule as a formula written in this "
        "script (not the engines),\nso their answers agreeing with ours also cross-checks the "
        "engine-driven odds. Ratios are against ours cold."
    )


if __name__ == "__main__":
    main()
