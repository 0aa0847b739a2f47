"""Death Dome odds: what each set of cards from a hand does, and what a capture is worth.

Attack (rules/deathdome.txt, Combat and Push Back): the attacker may play any of the power cards
in its hand. For each distinct set, the attack stack comes from the engine's `attack_stack`,
whether it can push back from `push_back_triggered`, and each outcome from `resolve_attacks`
(`resolve_attack` for every defense at once). The defender's cards are its known hand, or
`cards` cards drawn from the Special Play deck as it stands (card_data/deathdome/special_play.csv
minus the attacker's hand and the cards seen); the stated policy is that the defender plays every
power card it holds (the most defense it can put up; only power cards add to a stack).

Capture (Payout Winnings): the engine's `payout` for each face of the fans die, before and after
the capture; the capturing team gains a control point (100,000) or a tower centre (500,000), the
team it was taken from loses it. The fans die pays every team alike, so the swing itself is
certain; the die only spreads the totals.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import replace
from functools import cache, lru_cache
from itertools import product
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, cast

from toolkit.dice import Deck, Dist, die
from toolkit.errors import DomekitError
from toolkit.games.deathdome.config import RulesConfig
from toolkit.games.deathdome.rules import (
    Attacker,
    Behind,
    Defender,
    PayoutOutcome,
    WeaponProfile,
    attack_stack,
    cards_to_draw,
    defense_stack,
    payout,
    push_back_triggered,
    resolve_attacks,
)
from toolkit.odds.charts import chart
from toolkit.odds.common import distribution, remembered

if TYPE_CHECKING:
    from toolkit.games.deathdome.state import MatchState

NO_POWER = "no power"  # a Special Play card with no power value: it adds nothing to a stack
CaptureKind = Literal["control-point", "tower-centre"]


@lru_cache(maxsize=4)
def load_rules(data_dir: str | Path | None = None) -> RulesConfig:
    """The Death Dome rule numbers (rules.toml of the shipped card data, or of `data_dir`)."""
    from toolkit.data import game_data_dir
    from toolkit.games.deathdome.config import load_rules_config

    return load_rules_config(game_data_dir("deathdome", data_dir) / "rules.toml")


@lru_cache(maxsize=4)
def special_play_deck(data_dir: str | Path | None = None) -> tuple[Any, ...]:
    """The Special Play deck by power value (or NO_POWER), each card as often as its qty."""
    from toolkit.data import game_data_dir
    from toolkit.games.deathdome.data import load_special_play

    cards = load_special_play(game_data_dir("deathdome", data_dir) / "special_play.csv")
    return tuple(
        card.power if card.power is not None else NO_POWER
        for card in cards
        for _ in range(card.qty)
    )


def hand_subsets(hand: Sequence[int]) -> list[tuple[int, ...]]:
    """Every distinct set of cards the hand could play (as sorted tuples), the empty set first."""
    counts = sorted(Counter(hand).items())
    found = []
    for takes in product(*(range(n + 1) for _, n in counts)):
        found.append(
            tuple(value for (value, _), k in zip(counts, takes, strict=True) for _ in range(k))
        )
    return sorted(found, key=lambda cards: (len(cards), cards))


def attack_odds(
    *,
    hand: Sequence[int],
    weapon: WeaponProfile,
    skill: int = 0,
    bonus: int = 0,
    target: Defender,
    defender_hand: Sequence[int] | None = None,
    cards: int | None = None,
    seen: Sequence[Any] = (),
    play: Sequence[int] | None = None,
    deck: Sequence[Any],
    rules: RulesConfig,
) -> dict[str, Any]:
    """Damage, wound, kill and push-back chances for every set of cards the hand could play."""
    key = (
        tuple(hand), weapon, skill, bonus, target,
        None if defender_hand is None else tuple(defender_hand), cards, tuple(seen),
        None if play is None else tuple(play), tuple(deck),
    )  # fmt: skip
    return remembered(
        "deathdome.attack", rules, key,
        lambda: _attack_odds(
            hand=hand, weapon=weapon, skill=skill, bonus=bonus, target=target,
            defender_hand=defender_hand, cards=cards, seen=seen, play=play, deck=deck,
            rules=rules,
        ),
    )  # fmt: skip


def _attack_odds(
    *,
    hand: Sequence[int],
    weapon: WeaponProfile,
    skill: int,
    bonus: int,
    target: Defender,
    defender_hand: Sequence[int] | None,
    cards: int | None,
    seen: Sequence[Any],
    play: Sequence[int] | None,
    deck: Sequence[Any],
    rules: RulesConfig,
) -> dict[str, Any]:
    if target.cards:
        raise DomekitError("the target's cards come from --defender-hand or --defender-cards")
    attack_stack(Attacker(tuple(hand), weapon, skill, bonus), rules)  # checks the card values
    defense_stack(replace(target, cards=tuple(defender_hand or ())), rules)  # and the defence's
    push_back_triggered((), weapon, rules)  # and its push back
    # Every card comes from the Special Play deck: checked before any work (a hand the deck
    # cannot hold would otherwise be weighed set by set, (copies + 1)^values of them).
    stands = Deck(deck).without([*hand, *seen], what="card")
    if defender_hand is not None:
        stands.without(defender_hand, what="the defender's card")
    size = rules.match.base_draw if cards is None else cards
    if defender_hand is not None:
        defenses: Dist[tuple[int, ...]] = Dist.always(tuple(sorted(defender_hand)))
        held = f"the defender's hand {', '.join(map(str, defender_hand)) or 'empty'}"
    else:
        if size > stands.size:
            raise DomekitError(
                f"the defender cannot hold {size} cards: {stands.size} are left in the deck"
            )
        defenses = stands.draw_hand(size).map(
            lambda drawn: tuple(sorted(card for card in drawn if card != NO_POWER))
        )
        held = (
            f"the defender holds {size} unknown cards from the {stands.size} left in the Special "
            "Play deck (the whole deck minus the attacker's hand and the cards seen)"
        )
    # The engine's totals for each defense, merged by total (a stack is its total).
    units = {played: replace(target, cards=played) for played in defenses.outcomes()}
    totals = {
        played: defense_stack(unit, rules, explain=False).total for played, unit in units.items()
    }
    defense_totals = defenses.map(totals.__getitem__)
    # One defending unit per defense total (a stack is its total).
    targets = {total: units[played] for played, total in totals.items()}
    defense_list = list(targets)

    # Sets of cards with the same attack stack and the same push-back trigger act alike.
    by_effect: dict[tuple[int, bool], tuple[int, ...]] = {}
    rows = []
    for subset in hand_subsets(hand):
        total = attack_stack(Attacker(subset, weapon, skill, bonus), rules, explain=False).total
        pushes = push_back_triggered(subset, weapon, rules)
        key = by_effect.setdefault((total, pushes), subset)
        rows.append((subset, total, key))

    @cache
    def odds_for(key: tuple[int, ...]) -> Dist[tuple[int, bool, bool, bool]]:
        outcomes = resolve_attacks(
            Attacker(key, weapon, skill, bonus), [targets[t] for t in defense_list], rules
        )
        by_total = {
            total: (o.damage, o.wounded, o.killed, o.push_back)
            for total, o in zip(defense_list, outcomes, strict=True)
        }
        return defense_totals.map(by_total.__getitem__)

    def summary(subset: tuple[int, ...], total: int, key: tuple[int, ...]) -> dict[str, Any]:
        dist = odds_for(key)
        return {
            "cards": ",".join(map(str, subset)) or "none",
            "attack": total,
            "p_wound": dist.p(lambda o: o[1]),
            "p_kill": dist.p(lambda o: o[2]),
            "p_push_back": dist.p(lambda o: o[3]),
            "expected_damage": dist.map(lambda o: o[0]).mean(),
            "damage_distribution": distribution(dist, lambda o: o[0]),
        }

    table = [summary(*row) for row in rows]
    if play is not None:
        chosen = tuple(sorted(play))
        if Counter(chosen) - Counter(hand):
            raise DomekitError(
                f"--play {','.join(map(str, play))} is not among the hand's cards "
                f"({','.join(map(str, hand))})"
            )
        row = next(r for r in rows if r[0] == chosen)
        why = "the set asked for"
    else:
        # The best set: most likely to kill, then to wound, then push back, then the fewest cards.
        best = max(
            zip(rows, table, strict=True),
            key=lambda pair: (
                pair[1]["p_kill"],
                pair[1]["p_wound"],
                pair[1]["p_push_back"],
                pair[1]["expected_damage"],
                -len(pair[0][0]),
            ),
        )
        row = best[0]
        why = "the best set: most likely to kill, then wound, then push back, fewest cards"
    dist = odds_for(row[2])
    return {
        "best_sets": best_sets(rows, table),
        "play": ",".join(map(str, row[0])) or "none",
        "attack": row[1],
        "p_wound": dist.p(lambda o: o[1]),
        "p_kill": dist.p(lambda o: o[2]),
        "p_push_back": dist.p(lambda o: o[3]),
        "expected_damage": dist.map(lambda o: o[0]).mean(),
        "damage_distribution": distribution(dist, lambda o: o[0]),
        "defense_distribution": distribution(defense_totals),
        "plays": table,
        "steps": [
            f"the attacker's hand: {', '.join(map(str, hand)) or 'no power cards'}; shown: {why}",
            held + "; it plays every power card it holds",
            "each set's attack stack from attack_stack, push back from push_back_triggered, "
            "each outcome from resolve_attacks (the Death Dome engine)",
        ],
    }


GOALS = {"wound": "p_wound", "kill": "p_kill", "push_back": "p_push_back"}
"""What a player may play for, and the chance each set's row holds for it."""


def best_sets(
    rows: Sequence[tuple[tuple[int, ...], int, tuple[int, ...]]], table: Sequence[Mapping[str, Any]]
) -> dict[str, dict[str, Any]]:
    """For each goal (to wound, to kill, to push back) the set of cards of the hand that gives
    the best chance of it; on a tie the set that keeps more cards in hand (fewer played), then
    the one with the better chance to kill, to wound, the most expected damage. Every set of
    the hand is weighed already (`plays`); this only reads their rows."""
    found: dict[str, dict[str, Any]] = {}
    for goal, chance in GOALS.items():

        def rank(pair: tuple[Any, Mapping[str, Any]], chance: str = chance) -> tuple[Any, ...]:
            (subset, _, _), row = pair
            return (row[chance], -len(subset), row["p_kill"], row["p_wound"],
                    row["expected_damage"])  # fmt: skip

        (subset, _, _), summary = max(zip(rows, table, strict=True), key=rank)
        found[goal] = {
            "play": summary["cards"],
            "cards_played": len(subset),
            "attack": summary["attack"],
            "chance": summary[chance],
            "p_wound": summary["p_wound"],
            "p_kill": summary["p_kill"],
            "p_push_back": summary["p_push_back"],
        }
    return found


def capture_odds(
    *,
    teams: Sequence[str],
    control_points: Mapping[str, int],
    tower_centres: Mapping[str, int],
    kills: Mapping[str, int],
    team: str,
    kind: CaptureKind,
    taken_from: str | None = None,
    rules: RulesConfig,
) -> dict[str, Any]:
    """The payout swing of one capture, over the fans die, for the capturing team."""
    if team not in teams:
        raise DomekitError(f"--team {team!r} is not playing; the teams are {', '.join(teams)}")
    if taken_from is not None and taken_from not in teams:
        raise DomekitError(f"--taken-from {taken_from!r} is not playing")
    if taken_from == team:
        raise DomekitError("a team cannot capture a point from itself")
    if kind not in ("control-point", "tower-centre"):
        raise DomekitError(f"the capture is a control-point or a tower-centre, got {kind!r}")
    counts = dict(control_points if kind == "control-point" else tower_centres)
    if taken_from is not None and counts.get(taken_from, 0) < 1:
        raise DomekitError(f"{taken_from} holds no {kind.replace('-', ' ')} to lose")
    after = dict(counts)
    after[team] = after.get(team, 0) + 1
    if taken_from is not None:
        after[taken_from] -= 1
    before_cps, before_towers = dict(control_points), dict(tower_centres)
    after_cps, after_towers = (
        (after, before_towers) if kind == "control-point" else (before_cps, after)
    )
    fans = die(rules.payout.fans_die_sides)

    def paid(cps: Mapping[str, int], towers: Mapping[str, int], roll: int) -> PayoutOutcome:
        return payout(list(teams), cps, towers, kills, roll, rules)

    before = fans.map(lambda roll: paid(before_cps, before_towers, roll).payout[team])
    later = fans.map(lambda roll: paid(after_cps, after_towers, roll).payout[team])
    win_before = fans.p(lambda roll: paid(before_cps, before_towers, roll).winner == team)
    win_after = fans.p(lambda roll: paid(after_cps, after_towers, roll).winner == team)
    swing = fans.map(
        lambda roll: (
            paid(after_cps, after_towers, roll).payout[team]
            - paid(before_cps, before_towers, roll).payout[team]
        )
    )
    result: dict[str, Any] = {
        "p_win_before": win_before,
        "p_win_after": win_after,
        "swing": swing.mean(),
        "payout_before_distribution": distribution(before),
        "payout_after_distribution": distribution(later),
        "expected_payout_before": before.mean(),
        "expected_payout_after": later.mean(),
    }
    if taken_from is not None:
        lost = fans.map(
            lambda roll: (
                paid(before_cps, before_towers, roll).payout[taken_from]
                - paid(after_cps, after_towers, roll).payout[taken_from]
            )
        )
        result["swing_against"] = {taken_from: lost.mean()}
        result["relative_swing"] = swing.mean() + lost.mean()

    def owned(cps: Mapping[str, int], towers: Mapping[str, int]) -> int:
        return cps.get(team, 0) + towers.get(team, 0)

    result["draws_before"] = cards_to_draw(owned(before_cps, before_towers), rules)
    result["draws_after"] = cards_to_draw(owned(after_cps, after_towers), rules)
    result["steps"] = [
        f"{team} captures a {kind.replace('-', ' ')}"
        + (f" from {taken_from}" if taken_from else ""),
        f"the engine's payout for each face of the d{rules.payout.fans_die_sides} fans die, "
        "before and after",
        "draws: the engine's cards_to_draw over the control points the team holds, tower "
        "centres included",
    ]
    return result


# -- The tracker's forms as charts (toolkit.odds.charts) ----------------------------------------


def attack_chart(
    *,
    cards: Sequence[int],
    weapon_strength: int = 0,
    push_on: int | None = None,
    skill: int = 0,
    bonus_s: int = 0,
    armour: Sequence[int] = (),
    toughness: int = 0,
    bonus_t: int = 0,
    vitae: int,
    behind: str = "empty",
    defense: Sequence[int] | None = None,
    defender_cards: int | None = None,
    data_dir: str | Path | None = None,
) -> dict[str, Any]:
    """The attack form: the cards about to be played against the target's known defense cards,
    or against `defender_cards` unknown cards (default: a turn's base draw) it plays in full."""
    rules = load_rules(data_dir)
    result = attack_odds(
        hand=list(cards),
        weapon=WeaponProfile(strength=weapon_strength, push_on=push_on),
        skill=skill,
        bonus=bonus_s,
        target=Defender(
            cards=(),
            armour=tuple(armour),
            toughness=toughness,
            bonus=bonus_t,
            vitae=vitae,
            behind=cast(Behind, behind),
        ),
        defender_hand=None if defense is None else list(defense),
        cards=defender_cards,
        play=list(cards),
        deck=special_play_deck(data_dir),
        rules=rules,
    )
    return chart(result, "Attack odds")


def capture_chart(**kwargs: Any) -> dict[str, Any]:
    """The capture form: `capture_odds`'s keywords, rules loaded here."""
    rules = load_rules(kwargs.pop("data_dir", None))
    return chart(capture_odds(rules=rules, **kwargs), "Capture payout")


# -- The tracker's odds hook ---------------------------------------------------------------------


def tracker_chart(state: MatchState, fields: Mapping[str, Any]) -> dict[str, Any] | None:
    """The attack or capture form's odds as filled in, from the match: the attacker's Skill and
    weapon, the target's armour, Toughness and Vitae (the match engine's combat sides). Adds
    `notes` saying what the odds assume where the form does not know (the defender's cards)."""
    from toolkit.games.deathdome.actions import Attack, Capture
    from toolkit.games.deathdome.play import combat_attacker, combat_defender
    from toolkit.parsing import whole_number

    kind = str(fields.get("type") or "")
    if kind == "attack":
        attack = Attack.read(fields)
        attacker = combat_attacker(state, attack)
        target = combat_defender(state, attack.target, (), attack.bonus_t, attack.behind)
        held = str(fields.get("defender_cards") or "").strip()
        count = whole_number(held, "the defender's cards", minimum=0) if held else None
        notes = []
        if attack.defense:
            notes.append(f"{attack.target} plays {','.join(map(str, attack.defense))}, as typed.")
        elif count is not None:
            notes.append(
                f"{attack.target} holds {count} unknown card(s) from the Special Play deck "
                "and plays every power card it holds."
            )
        else:
            notes.append(
                f"{attack.target}'s cards are not known: the odds deal it "
                f"{state.rules.match.base_draw} cards (a turn's base draw, the odds engine's "
                "default) from the Special Play deck, and it plays every power card it holds."
            )
        if attack.splash:
            notes.append("Splash targets are not in the odds: these are the main target's.")
        found = attack_chart(
            cards=attack.cards,
            weapon_strength=attacker.weapon.strength,
            push_on=attacker.weapon.push_on,
            skill=attacker.skill,
            bonus_s=attack.bonus_s,
            armour=target.armour,
            toughness=target.toughness,
            bonus_t=attack.bonus_t,
            vitae=target.vitae,
            behind=attack.behind,
            defense=attack.defense or None,
            defender_cards=count,
            data_dir=state.data_dir,
        )
        return {**found, "main": "damage", "notes": notes}
    if kind == "capture":
        capture = Capture.read(fields)
        state.team(capture.team)
        order = state.order
        teams = state.teams
        found = capture_chart(
            teams=order,
            control_points={c: teams[c].control_points for c in order},
            tower_centres={c: teams[c].tower_centres for c in order},
            kills={c: teams[c].kills for c in order},
            team=capture.team,
            kind=capture.point.replace("_", "-"),
            taken_from=capture.previous,
            data_dir=state.data_dir,
        )
        notes = ["Payout if the match ended now, before and after the capture, over the fans die."]
        return {**found, "main": "payout_after", "notes": notes}
    return None
