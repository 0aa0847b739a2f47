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
from dataclasses import dataclass, replace
from functools import cache, lru_cache
from itertools import product
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, cast

from toolkit.dice import Deck, Dist, die, sort_key
from toolkit.errors import DomekitError
from toolkit.games.deathdome import effects as effect_words
from toolkit.games.deathdome import loadout
from toolkit.games.deathdome.config import RulesConfig
from toolkit.games.deathdome.data import DeathDomeData, SpecialPlayCard
from toolkit.games.deathdome.loadout import Played
from toolkit.games.deathdome.payout import PayoutOutcome, payout
from toolkit.games.deathdome.rules import (
    Attacker,
    Behind,
    Defender,
    WeaponProfile,
    attack_stack,
    cards_to_draw,
    defense_stack,
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
def cards_data(data_dir: str | Path | None = None) -> DeathDomeData:
    """The Death Dome cards of `data_dir` (None: the shipped card_data), loaded once."""
    from toolkit.games.deathdome.data import load_deathdome

    return load_deathdome(data_dir)


@lru_cache(maxsize=4)
def special_play_deck(
    data_dir: str | Path | None = None, *, by_card: bool = False
) -> tuple[Any, ...]:
    """The Special Play deck, each card as often as its qty: a power card by its power value, an
    effect card as NO_POWER, or (`by_card`) by its id, so the odds can weigh what it does."""
    return tuple(
        card.power if card.power is not None else (card.id if by_card else NO_POWER)
        for card in cards_data(data_dir).special_play
        for _ in range(card.qty)
    )


Card = int | str
"""A Special Play card in a hand: its power value, or its id (an effect card)."""


def hand_subsets(hand: Sequence[Card]) -> list[tuple[Card, ...]]:
    """Every distinct set of cards the hand could play (as sorted tuples), the empty set first."""
    counts = sorted(Counter(hand).items(), key=lambda kv: sort_key(kv[0]))
    found = []
    for takes in product(*(range(n + 1) for _, n in counts)):
        found.append(
            tuple(value for (value, _), k in zip(counts, takes, strict=True) for _ in range(k))
        )
    return sorted(found, key=lambda cards: (len(cards), sort_key(cards)))


def _shown(cards: Sequence[Card]) -> str:
    return ",".join(map(str, cards)) or "none"


def attack_odds(
    *,
    hand: Sequence[Card],
    weapon: WeaponProfile,
    skill: int = 0,
    bonus: int = 0,
    target: Defender,
    defender_hand: Sequence[Card] | None = None,
    cards: int | None = None,
    seen: Sequence[Any] = (),
    play: Sequence[Card] | None = None,
    deck: Sequence[Any],
    rules: RulesConfig,
    data: DeathDomeData | None = None,
) -> dict[str, Any]:
    """Damage, wound, kill and push-back chances for every set of cards the hand could play.
    Effect cards (by id, read with `data`) count as the engine counts them; what the defender's
    effect cards and a swap would change is shown as each choice's best and worst (`choices`)."""
    key = (
        tuple(hand), weapon, skill, bonus, target,
        None if defender_hand is None else tuple(defender_hand), cards, tuple(seen),
        None if play is None else tuple(play), tuple(deck), id(data),
    )  # fmt: skip
    return remembered(
        "deathdome.attack", rules, key,
        lambda: _attack_odds(
            hand=hand, weapon=weapon, skill=skill, bonus=bonus, target=target,
            defender_hand=defender_hand, cards=cards, seen=seen, play=play, deck=deck,
            rules=rules, data=data,
        ),
    )  # fmt: skip


@dataclass(frozen=True)
class Defence:
    """What a defender's hand puts on its stack: the power cards, and its effect cards that help
    it there (+T, Prevents push back, Counter)."""

    power: tuple[int, ...] = ()
    plus_t: int = 0
    prevents: bool = False
    counters: bool = False

    def plain(self) -> Defence:
        """The power cards alone (the defender keeps its effect cards)."""
        return Defence(self.power)

    def total(self) -> tuple[int, int, bool, bool]:
        return (sum(self.power), self.plus_t, self.prevents, self.counters)


HELPS = frozenset({"+T", "prevent push back", "cancel cards"})
"""The words of the effect cards a defender puts on its stack when it plays all it can."""


def _defence(cards: Sequence[Card], data: DeathDomeData | None) -> Defence:
    """A hand of the defender as what it puts on its stack."""
    power = tuple(sorted(c for c in cards if isinstance(c, int)))
    named = [c for c in cards if isinstance(c, str) and c != NO_POWER]
    if not named or data is None:
        return Defence(power)
    played = loadout.stack_cards([*power, *named], "defence", data)
    return Defence(played.power, played.bonus, played.prevent_push_back, played.counters)


def _attack_played(subset: Sequence[Card], data: DeathDomeData | None) -> Played:
    if data is None or all(isinstance(c, int) for c in subset):
        return Played(power=tuple(c for c in subset if isinstance(c, int)))
    return loadout.stack_cards(list(subset), "attack", data)


def _attack_odds(
    *,
    hand: Sequence[Card],
    weapon: WeaponProfile,
    skill: int,
    bonus: int,
    target: Defender,
    defender_hand: Sequence[Card] | None,
    cards: int | None,
    seen: Sequence[Any],
    play: Sequence[Card] | None,
    deck: Sequence[Any],
    rules: RulesConfig,
    data: DeathDomeData | None,
) -> dict[str, Any]:
    if target.cards:
        raise DomekitError("the target's cards come from --defender-hand or --defender-cards")
    power = tuple(c for c in hand if isinstance(c, int))
    attack_stack(Attacker(power, weapon, skill, bonus), rules)  # checks the card values
    known = tuple(c for c in (defender_hand or ()) if isinstance(c, int))
    defense_stack(replace(target, cards=known), rules)  # and the defence's
    push_back_triggered((), weapon, rules)  # and its push back
    for card in [*hand, *(defender_hand or ())]:
        if isinstance(card, str) and data is None:
            raise DomekitError(f"{card!r}: effect cards need the card data")
    # Every card comes from the Special Play deck: checked before any work (a hand the deck
    # cannot hold would otherwise be weighed set by set, (copies + 1)^values of them).
    stands = Deck(deck).without([*hand, *seen], what="card")
    if defender_hand is not None:
        stands.without(defender_hand, what="the defender's card")
    size = rules.match.base_draw if cards is None else cards
    if defender_hand is not None:
        hands: Dist[Defence] = Dist.always(_defence(defender_hand, data))
        held = f"the defender's hand {', '.join(map(str, defender_hand)) or 'empty'}"
    else:
        if size > stands.size:
            raise DomekitError(
                f"the defender cannot hold {size} cards: {stands.size} are left in the deck"
            )
        roles = _roles(stands, data)
        hands = roles.draw_hand(size).map(cache(lambda drawn: _defence(drawn, data)))
        held = (
            f"the defender holds {size} unknown cards from the {stands.size} left in the Special "
            "Play deck (the whole deck minus the attacker's hand and the cards seen)"
        )
    plain = hands.map(Defence.plain)
    defense_totals = plain.map(
        lambda d: defense_stack(replace(target, cards=d.power), rules, explain=False).total
    )
    samples = {d.total(): d for d in hands.outcomes()}
    samples.update({d.total(): d for d in plain.outcomes()})
    plain_keys = frozenset(d.total() for d in plain.outcomes())

    # Sets of cards that play alike (the same stack, push back, effect cards) act alike.
    rows = []
    by_effect: dict[Any, tuple[Card, ...]] = {}
    played_of: dict[tuple[Card, ...], Played] = {}
    for subset in hand_subsets(hand):
        played = _attack_played(subset, data)
        attacker = _attacker(played, weapon, skill, bonus)
        total = attack_stack(attacker, rules, explain=False).total
        pushes = push_back_triggered(played.power, weapon, rules) or played.cause_push_back
        effect_key = (total, pushes, played.counters, played.bonus, played.cause_push_back)
        by_effect.setdefault(effect_key, subset)
        played_of[subset] = played
        rows.append((subset, total, by_effect[effect_key]))

    @cache
    def outcomes(key: tuple[Card, ...], swap: bool, every: bool) -> dict[Any, Outcome]:
        """This set of cards against every defence the hands may put up (`every`: with their
        effect cards too), through the engine's resolve_attacks (a defender's Counter cancels
        the set's effect cards, the set's Counter the defender's)."""
        found: dict[Any, Outcome] = {}
        wanted = samples if every else {k: samples[k] for k in plain_keys}
        for countered in (False, True):
            keys = [k for k, sample in wanted.items() if sample.counters == countered]
            if not keys:
                continue
            played = played_of[key]
            if countered:
                played = loadout.countered(played, Played(counters=True))
            attacker = replace(_attacker(played, weapon, skill, bonus), swap=swap)
            defenders = []
            for k in keys:
                sample = samples[k]
                plus_t, prevents = (
                    (0, False) if played.counters else (sample.plus_t, sample.prevents)
                )
                defenders.append(
                    replace(
                        target,
                        cards=sample.power,
                        effects=target.effects + plus_t,
                        prevent_push_back=target.prevent_push_back or prevents,
                    )
                )
            for k, o in zip(keys, resolve_attacks(attacker, defenders, rules), strict=True):
                found[k] = (o.damage, o.wounded, o.killed, o.push_back, o.attacker_vitae_loss)
        return found

    def odds_for(key: tuple[Card, ...], dist: Dist[Defence], swap: bool = False) -> Dist[Outcome]:
        found = outcomes(key, swap, dist is not plain)
        return dist.map(lambda d: found[d.total()])

    def summary(subset: tuple[Card, ...], total: int, key: tuple[Card, ...]) -> dict[str, Any]:
        return {"cards": _shown(subset), "attack": total, **figures(odds_for(key, plain))}

    table = [summary(*row) for row in rows]
    if play is not None:
        chosen = tuple(sorted(play, key=sort_key))
        if Counter(chosen) - Counter(hand):
            raise DomekitError(
                f"--play {_shown(play)} is not among the hand's cards ({_shown(hand)})"
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
    dist = odds_for(row[2], plain)
    result: dict[str, Any] = {
        "best_sets": best_sets(rows, table),
        "play": _shown(row[0]),
        "attack": row[1],
        **figures(dist),
        "defense_distribution": distribution(defense_totals),
        "plays": table,
        "steps": [
            f"the attacker's hand: {', '.join(map(str, hand)) or 'no power cards'}; shown: {why}",
            held + "; it plays every power card it holds",
            "each set's attack stack from attack_stack, push back from push_back_triggered, "
            "each outcome from resolve_attacks (the Death Dome engine)",
        ],
    }
    if target.retaliate:
        result["p_attacker_vitae_loss"] = dist.p(lambda o: o[4] > 0)
    choices = []
    if any(d != d.plain() for d in hands.outcomes()):
        choices.append(
            {
                "choice": "the defender plays its effect cards too (+T, Prevents push back, "
                "Counter)",
                "best": figures(dist),
                "worst": figures(odds_for(row[2], hands)),
            }
        )
    if weapon.swap:
        choices.append(
            {
                "choice": "the attacker swaps places instead of damage (its weapon lets it)",
                "best": figures(dist),
                "worst": figures(odds_for(row[2], plain, swap=True)),
            }
        )
    if choices:
        result["choices"] = choices
    return result


Outcome = tuple[int, bool, bool, bool, int]
"""One attack's damage, wounded, killed, pushed back, and the Vitae the attacker loses."""


def figures(dist: Dist[Outcome]) -> dict[str, Any]:
    """The chances and the damage of one way the attack may go."""
    return {
        "p_wound": dist.p(lambda o: o[1]),
        "p_kill": dist.p(lambda o: o[2]),
        "p_push_back": dist.p(lambda o: o[3]),
        "expected_damage": dist.map(lambda o: o[0]).mean(),
        "damage_distribution": distribution(dist, lambda o: o[0]),
    }


def _attacker(played: Played, weapon: WeaponProfile, skill: int, bonus: int) -> Attacker:
    return Attacker(
        played.power, weapon, skill, bonus, effects=played.bonus,
        cause_push_back=played.cause_push_back,
    )  # fmt: skip


def _roles(stands: Deck, data: DeathDomeData | None) -> Deck:
    """The deck as what each card does on a defence: power values, the effect cards that help a
    defence by id, every other card as NO_POWER (fewer kinds of card: fewer hands to weigh)."""
    if data is None:
        return stands
    helping = {card.id for card in data.special_play if _helps_defence(card, data)}
    return Deck(
        Counter(c if isinstance(c, int) or c in helping else NO_POWER for c in stands.cards())
    )


def _helps_defence(card: SpecialPlayCard, data: DeathDomeData) -> bool:
    """A card the defender puts on its stack when it plays all it can: one that goes on a
    defence and only raises it (+T), keeps the unit in place, or cancels the attacker's cards."""
    if card.power is not None:
        return False
    try:
        loadout.stack_cards([card.id], "defence", data)
    except DomekitError:
        return False
    return all(e.word in HELPS or e.word in effect_words.ICONS for e in card.effects)


GOALS = {"wound": "p_wound", "kill": "p_kill", "push_back": "p_push_back"}
"""What a player may play for, and the chance each set's row holds for it."""


def best_sets(
    rows: Sequence[tuple[tuple[Card, ...], int, tuple[Card, ...]]],
    table: Sequence[Mapping[str, Any]],
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
    cards: Sequence[Card],
    weapon_strength: int = 0,
    push_on: int | None = None,
    skill: int = 0,
    bonus_s: int = 0,
    armour: Sequence[int] = (),
    toughness: int = 0,
    bonus_t: int = 0,
    vitae: int,
    behind: str = "empty",
    defense: Sequence[Card] | None = None,
    defender_cards: int | None = None,
    data_dir: str | Path | None = None,
) -> dict[str, Any]:
    """The attack form: the cards about to be played against the target's known defense cards,
    or against `defender_cards` unknown cards (default: a turn's base draw) it plays in full."""
    target = Defender(
        cards=(),
        armour=tuple(armour),
        toughness=toughness,
        bonus=bonus_t,
        vitae=vitae,
        behind=cast(Behind, behind),
    )
    weapon = WeaponProfile(strength=weapon_strength, push_on=push_on)
    return sides_chart(
        cards, weapon, skill, bonus_s, target, defense, defender_cards, data_dir=data_dir
    )


def sides_chart(
    cards: Sequence[Card],
    weapon: WeaponProfile,
    skill: int,
    bonus: int,
    target: Defender,
    defense: Sequence[Card] | None,
    defender_cards: int | None,
    *,
    data_dir: str | Path | None = None,
) -> dict[str, Any]:
    """The attack odds as a chart, the sides as the engine takes them (their cards in play
    already in them), the Special Play deck by card so its effect cards count."""
    result = attack_odds(
        hand=list(cards),
        weapon=weapon,
        skill=skill,
        bonus=bonus,
        target=target,
        defender_hand=None if defense is None else list(defense),
        cards=defender_cards,
        play=list(cards),
        deck=special_play_deck(data_dir, by_card=True),
        rules=load_rules(data_dir),
        data=cards_data(data_dir),
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
    from toolkit.games.deathdome import combat
    from toolkit.games.deathdome.actions import Attack, Capture
    from toolkit.parsing import whole_number

    kind = str(fields.get("type") or "")
    if kind == "attack":
        attack = Attack.read(fields)
        attacker, target = combat.odds_sides(state, attack)
        held = str(fields.get("defender_cards") or "").strip()
        count = whole_number(held, "the defender's cards", minimum=0) if held else None
        defense: list[Card] = [*attack.defense, *attack.defence_plays]
        notes = []
        if defense:
            notes.append(f"{attack.target} plays {','.join(map(str, defense))}, as typed.")
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
        found = sides_chart(
            [*attack.cards, *attack.plays],
            attacker.weapon,
            attacker.skill,
            attacker.bonus,
            target,
            defense or None,
            count,
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
