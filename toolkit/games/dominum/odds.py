"""Dominum odds: attacks and assaults from the Power Decks as they stand (rules/dominum.txt).

A player's deck as it stands is the nine power cards minus the used pile and the reserve board;
drawing power takes its top card, every remaining card equally likely (no replacement). Each
possible draw is resolved by `toolkit.games.dominum.rules` (`resolve_attack`, `resolve_assault`).

The defender's draw ("The defender then chooses whether also to draw power or not") follows a
stated policy, since the rules leave it to the player:

- `never`: the defender never draws.
- `deck` (default): when the attack total would wound without a draw, the defender draws the top
  of its deck, if any card left there could block; it does not touch its reserve board.
- `best`: when the attack would wound, the defender uses the lowest reserve card that surely
  blocks (a Critical last); failing that it draws from the deck as `deck` does.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache, partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from toolkit.data.effects import Vocabulary
from toolkit.dice import Deck, Dist, sort_key
from toolkit.errors import DomekitError
from toolkit.games.dominum.board import Player, opponent, space_name
from toolkit.games.dominum.config import DominumRules
from toolkit.games.dominum.matchup import Matchup
from toolkit.games.dominum.power import (
    CRITICAL,
    PowerCard,
    PowerSource,
    card_json,
    card_order,
    card_text,
    check_power,
    full_deck,
)
from toolkit.games.dominum.rules import Keyword, resolve_assault
from toolkit.odds.charts import chart
from toolkit.odds.common import distribution

if TYPE_CHECKING:
    from toolkit.games.dominum.actions import Assault, Attack
    from toolkit.games.dominum.match import DominumMatch
    from toolkit.games.dominum.state import MatchState


def load_rules(data_dir: str | Path | None = None) -> DominumRules:
    """The Dominum rule numbers (the shipped defaults, or a folder with your own)."""
    from toolkit.games.dominum.config import default_rules
    from toolkit.games.dominum.config import load_rules as load_from

    return default_rules() if data_dir is None else load_from(data_dir)


DefenderPolicy = Literal["never", "deck", "best"]
AssaultPolicy = Literal["deck", "best"]
DEFENDER_POLICIES: tuple[str, ...] = ("never", "deck", "best")
ASSAULT_POLICIES: tuple[str, ...] = ("deck", "best")


@dataclass(frozen=True)
class PowerState:
    """One player's power cards as they stand: the face-down deck and the reserve board."""

    deck: Deck
    reserve: tuple[PowerCard, ...]

    @classmethod
    def of(
        cls,
        *,
        used: Sequence[PowerCard] = (),
        reserve: Sequence[PowerCard] = (),
        rules: DominumRules,
        who: str = "player",
    ) -> PowerState:
        rules.limits.check_count("reserve", reserve, f"{who}'s reserve board cards")
        full = Deck(full_deck(rules))
        after_used = full.without(used, what=f"{who}'s used card")
        deck = after_used.without(reserve, what=f"{who}'s reserve card")
        return cls(deck, tuple(sorted(reserve, key=sort_key)))

    def describe(self) -> str:
        deck = ", ".join(card_text(card) for card in self.deck.cards()) or "empty"
        reserve = ", ".join(card_text(card) for card in self.reserve) or "empty"
        return f"deck {deck}; reserve {reserve}"


def _key(card: PowerCard | None) -> Any:
    return "none" if card is None else ("critical" if card == CRITICAL else card)


def _lowest_first(cards: Sequence[PowerCard]) -> list[PowerCard]:
    return sorted(set(cards), key=lambda card: (card == CRITICAL, 0 if card == CRITICAL else card))


@dataclass(frozen=True)
class _Attack:
    """What the odds need of the engine's AttackOutcome (hashable, so outcomes can merge)."""

    wound: bool
    counterattack: bool
    attack_total: int
    evasive: bool = False


@dataclass(frozen=True)
class _Assault:
    total: int
    vp: int
    takes_surge: bool


# -- attack -----------------------------------------------------------------------------------


def attack_odds(
    *,
    strength: int = 0,
    defense: int = 0,
    coordinating: int = 0,
    deadly: bool = False,
    attacker_weakened: bool = False,
    defender_weakened: bool = False,
    attacker: PowerState,
    defender: PowerState,
    use_reserve: PowerCard | None = None,
    defender_policy: DefenderPolicy = "deck",
    fight: Matchup | None = None,
    vocabulary: Vocabulary | None = None,
    rules: DominumRules,
) -> dict[str, Any]:
    """The attack's outcome over every attacker draw and the defender's reply by its policy.

    `fight` (matchup.py) brings the two cards and their abilities; without it the flags make a
    plain one. A choice the rules leave to the attacker is shown as the best and the worst of it
    (`best`, `worst`): the Lunge's second draw, seeing the first (`fight.lunged`); the Evasive
    shift that avoids the counterattack. The top-level chances are the best play's."""
    if defender_policy not in DEFENDER_POLICIES:
        raise DomekitError(
            f"defender policy must be one of {', '.join(DEFENDER_POLICIES)}, "
            f"got {defender_policy!r}"
        )
    if fight is None:
        fight = Matchup(
            strength=strength,
            defense=defense,
            deadly=deadly,
            coordinating=coordinating,
            attacker_weakened=attacker_weakened,
            defender_weakened=defender_weakened,
        )
    lunging = fight.lunged and Keyword.LUNGE in fight.abilities
    evasive = Keyword.EVASIVE in fight.abilities

    @cache
    def resolve(power: PowerCard, defense_power: PowerCard | None, second: Any) -> _Attack:
        outcome = fight.resolve(power, defense_power, second, rules=rules)
        return _Attack(
            outcome.wound, outcome.counterattack, outcome.attack_total, outcome.evasive_shift
        )

    def defender_reply(power: PowerCard, second: Any) -> Dist[tuple[str, PowerCard | None]]:
        def wounds(card: PowerCard | None) -> bool:
            return resolve(power, card, second).wound

        if defender_policy == "never" or not wounds(None):
            return Dist.always(("none", None))
        if defender_policy == "best":
            for card in _lowest_first(defender.reserve):
                if not wounds(card):
                    return Dist.always(("reserve", card))
        if defender.deck.size and any(not wounds(c) for c in defender.deck.cards()):
            return defender.deck.draw().map(lambda card: ("deck", card))
        return Dist.always(("none", None))

    def leaf(power: PowerCard, second: Any) -> Dist[tuple[Any, ...]]:
        final = power if second is None else second
        return defender_reply(power, second).map(
            lambda reply: (final, reply, resolve(power, reply[1], second))
        )

    def after_first(
        first: PowerCard, deck: Deck, reserve: tuple[PowerCard, ...], best: bool
    ) -> Dist[tuple[Any, ...]]:
        """Lunge: "it may draw a second card and use that card for the attack total instead":
        the attacker sees the first card and chooses (the best or the worst of it)."""
        keep = leaf(first, None)
        if not lunging:
            return keep
        choices = [keep]
        if deck.size:
            choices.append(deck.draw().bind(lambda second: leaf(first, second)))
        choices += [leaf(first, card) for card in _lowest_first(reserve)]
        return _pick(choices, best=best, evasive=evasive)

    def one_option(source: PowerCard | None, best: bool = True) -> Dist[tuple[Any, ...]]:
        if source is None:
            return attacker.deck.draw().bind(
                lambda first: after_first(
                    first, attacker.deck.without([first]), attacker.reserve, best
                )
            )
        rest = list(attacker.reserve)
        rest.remove(source)
        return after_first(source, attacker.deck, tuple(rest), best)

    if use_reserve is not None and use_reserve not in attacker.reserve:
        raise DomekitError(
            f"the attacker's reserve board holds no {card_text(use_reserve)} "
            f"({attacker.describe()})"
        )
    if use_reserve is None and attacker.deck.size == 0:
        raise DomekitError("the attacker's Power Deck is empty: use a reserve card (--use-reserve)")
    outcomes = one_option(use_reserve)
    options = []
    sources: list[PowerCard | None] = [None] if attacker.deck.size else []
    sources += _lowest_first(attacker.reserve)
    for source in sources:
        dist = outcomes if source == use_reserve else one_option(source)
        options.append(
            {
                "draw": "deck" if source is None else f"reserve:{_key(source)}",
                "p_wound": dist.p(lambda o: o[2].wound),
                "p_counterattack": _countered(dist, evades=evasive),
            }
        )
    attack_totals = outcomes.map(lambda o: "critical" if o[0] == CRITICAL else o[2].attack_total)
    steps = [
        f"attacker: {attacker.describe()}; draws "
        + ("the top of the deck" if use_reserve is None else f"reserve {card_text(use_reserve)}"),
        f"defender: {defender.describe()}; policy '{defender_policy}'",
        "each possible draw resolved by the Dominum rules engine (resolve_attack)",
    ]
    result: dict[str, Any] = {
        "p_wound": outcomes.p(lambda o: o[2].wound),
        "p_blocked": outcomes.p(lambda o: not o[2].wound),
        "p_counterattack": _countered(outcomes, evades=evasive),
        "p_defender_draws": outcomes.p(lambda o: o[1][0] != "none"),
        "attack_total_distribution": distribution(attack_totals),
        "defender_draw_distribution": distribution(
            outcomes, lambda o: "none" if o[1][0] == "none" else f"{o[1][0]}:{_key(o[1][1])}"
        ),
        "defender_policy": defender_policy,
        "options": options,
        "decision": attack_decision(options),
        "steps": steps,
    }
    if lunging or evasive:
        worst = one_option(use_reserve, best=False)
        result["best"] = _summary(outcomes, evades=evasive)
        result["worst"] = _summary(worst, evades=False)
        result["choices"] = [
            text
            for text, there in (
                ("Lunge: draw a second card, seeing the first, or keep it", lunging),
                ("Evasive: shift after a block (no counterattack), or stay", evasive),
            )
            if there
        ]
        steps.append("best: " + ", ".join(result["choices"]) + " as it serves the attacker best")
    if vocabulary is not None:
        result["effects"] = fight.effects(vocabulary)
    return result


def _countered(dist: Dist[tuple[Any, ...]], *, evades: bool) -> Fraction:
    """The chance of a counterattack: none after a block the attacker evades (Evasive)."""
    return dist.p(lambda o: o[2].counterattack and not (evades and o[2].evasive))


def _summary(dist: Dist[tuple[Any, ...]], *, evades: bool) -> dict[str, Fraction]:
    return {
        "p_wound": dist.p(lambda o: o[2].wound),
        "p_blocked": dist.p(lambda o: not o[2].wound),
        "p_counterattack": _countered(dist, evades=evades),
    }


def _pick(
    choices: Sequence[Dist[tuple[Any, ...]]], *, best: bool, evasive: bool
) -> Dist[tuple[Any, ...]]:
    """The choice that wounds most often (then is counterattacked least), or the reverse; on a
    tie the first (keeping the card drawn)."""

    def rank(dist: Dist[tuple[Any, ...]]) -> tuple[Fraction, Fraction]:
        return dist.p(lambda o: o[2].wound), -_countered(dist, evades=evasive and best)

    ranked = [(rank(dist), index) for index, dist in enumerate(choices)]
    chosen = max(ranked, key=lambda r: (r[0], -r[1])) if best else min(ranked)
    return choices[chosen[1]]


def attack_decision(options: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """Draw or use the reserve: the option with the best chance to wound, then the least
    chance of a counterattack; on a tie the deck is drawn (the reserve card is kept) or else the
    lowest reserve card is used (the options come deck first, then the reserve lowest first)."""
    if not options:
        raise DomekitError("no power card to draw: the deck is empty and the reserve board too")
    best = max(options, key=lambda o: (o["p_wound"], -o["p_counterattack"]))
    best = next(o for o in options if (o["p_wound"], o["p_counterattack"]) ==
                (best["p_wound"], best["p_counterattack"]))  # fmt: skip
    deck = next((o for o in options if o["draw"] == "deck"), None)
    if best["draw"] == "deck":
        why = "draw from the deck: no reserve card wounds more often"
    elif deck is None:
        why = f"use {best['draw'].split(':', 1)[1]} from the reserve: the deck cannot be drawn"
    else:
        why = (
            f"use {best['draw'].split(':', 1)[1]} from the reserve: it wounds "
            f"{float(best['p_wound']):.1%} of the time, the deck {float(deck['p_wound']):.1%}"
        )
    return {
        "draw": best["draw"],
        "p_wound": best["p_wound"],
        "p_counterattack": best["p_counterattack"],
        "why": why,
    }


# -- assault ----------------------------------------------------------------------------------


def assault_odds(
    *,
    in_zone: int,
    fortified: int = 0,
    barrage: int = 0,
    surge: bool = False,
    state: PowerState,
    use_reserve: Sequence[PowerCard] = (),
    policy: AssaultPolicy = "deck",
    rules: DominumRules,
) -> dict[str, Any]:
    """Assault total, VP and Surge over the two power draws (deck top or reserve cards).

    `deck`: the cards named in `use_reserve` come from the reserve board, the rest from the deck.
    `best`: each draw is chosen (deck or a reserve card) to maximise the expected VP, seeing the
    first card before choosing the second; on a tie the deck is drawn (the reserve card is kept).
    """
    if policy not in ASSAULT_POLICIES:
        raise DomekitError(
            f"assault policy must be one of {', '.join(ASSAULT_POLICIES)}, got {policy!r}"
        )
    draws = rules.assault.power_draws

    @cache
    def resolve(powers: tuple[PowerCard, ...]) -> _Assault:
        outcome = resolve_assault(
            in_zone=in_zone,
            fortified=fortified,
            barrage=barrage,
            powers=list(powers),
            surge=surge,
            rules=rules,
        )
        return _Assault(outcome.total, outcome.vp, outcome.takes_surge)

    resolve((CRITICAL,) * draws if rules.power_deck.criticals else (1,) * draws)  # checks inputs
    if policy == "deck":
        reserve_left = list(state.reserve)
        for card in use_reserve:
            if card not in reserve_left:
                raise DomekitError(
                    f"the reserve board holds no {card_text(card)} ({state.describe()})"
                )
            reserve_left.remove(card)
        if len(use_reserve) > draws:
            raise DomekitError(f"an assault draws {draws} power cards; {len(use_reserve)} named")
        from_deck = draws - len(use_reserve)
        _check_deck_draws(state.deck, from_deck)
        outcomes = state.deck.draw_hand(from_deck).map(
            lambda hand: resolve(tuple(use_reserve) + hand)
        )
        choice = f"{', '.join(map(card_text, use_reserve)) or 'no'} reserve card(s), " + (
            f"{from_deck} from the deck"
        )
        first_options: list[dict[str, Any]] = []
    else:
        outcomes, first_options = _best_assault(state, draws, resolve)
        choice = "each draw chosen to maximise the expected VP"
    vp = outcomes.map(lambda o: o.vp)
    return {
        "expected_vp": vp.mean(),
        "p_takes_surge": outcomes.p(lambda o: o.takes_surge),
        "vp_distribution": distribution(vp),
        "total_distribution": distribution(outcomes.map(lambda o: o.total)),
        "policy": policy,
        "first_draw_options": first_options,
        **({"decision": assault_decision(first_options)} if first_options else {}),
        "steps": [
            f"power cards: {state.describe()}",
            f"draws: {choice}",
            "each possible pair of cards resolved by the Dominum rules engine (resolve_assault)",
        ],
    }


def assault_decision(first_options: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """The first draw of an assault: the deck or a reserve card, the one with the most expected
    VP when the second draw is chosen as well seeing the first (the deck on a tie)."""
    best = first_options[0]
    for option in first_options[1:]:
        if option["expected_vp"] > best["expected_vp"]:
            best = option
    return {"draw": best["draw"], "expected_vp": best["expected_vp"]}


def _check_deck_draws(deck: Deck, count: int) -> None:
    if count > deck.size:
        raise DomekitError(
            f"the assault needs {count} card(s) from a deck of {deck.size}: drawing the last "
            "card cycles the deck mid-assault, which these odds do not model; name reserve "
            "cards to use instead"
        )


def _best_assault(
    state: PowerState, draws: int, resolve: Callable[[tuple[PowerCard, ...]], _Assault]
) -> tuple[Dist[Any], list[dict[str, Any]]]:
    """Expectimax over (deck, reserve, drawn so far): the outcome under the best play."""

    def choices(
        deck_cards: tuple[PowerCard, ...],
        reserve: tuple[PowerCard, ...],
        drawn: tuple[PowerCard, ...],
    ) -> list[tuple[str, Fraction, Dist[Any]]]:
        found = []
        if deck_cards and (draws - len(drawn)) <= len(deck_cards) + len(reserve):
            deck = Deck(deck_cards)

            def after(card: PowerCard) -> Dist[Any]:
                return play(tuple(deck.without([card]).cards()), reserve, drawn + (card,))[1]

            dist = deck.draw().bind(after)
            found.append(("deck", dist.map(lambda o: o.vp).mean(), dist))
        for card in _lowest_first(reserve):
            rest = list(reserve)
            rest.remove(card)
            value, dist = play(deck_cards, tuple(rest), drawn + (card,))
            found.append((f"reserve:{_key(card)}", value, dist))
        return found

    @cache
    def play(
        deck_cards: tuple[PowerCard, ...],
        reserve: tuple[PowerCard, ...],
        drawn: tuple[PowerCard, ...],
    ) -> tuple[Fraction, Dist[Any]]:
        if len(drawn) == draws:
            outcome = resolve(tuple(sorted(drawn, key=sort_key)))
            return Fraction(outcome.vp), Dist.always(outcome)
        found = choices(deck_cards, reserve, drawn)
        if not found:
            raise DomekitError("no power card left to draw: name reserve cards or cycle first")
        # The deck comes first, so on a tie it is drawn and the reserve card kept.
        _, value, dist = max(found, key=lambda choice: choice[1])
        return value, dist

    root = choices(tuple(state.deck.cards()), state.reserve, ())
    if not root:
        raise DomekitError("no power card left to draw: name reserve cards or cycle first")
    _, _, outcomes = max(root, key=lambda choice: choice[1])
    return outcomes, [{"draw": label, "expected_vp": value} for label, value, _ in root]


# -- The tracker's forms as charts (toolkit.odds.charts) ----------------------------------------


def attack_chart(
    *,
    strength: int = 0,
    defense: int = 0,
    used: Sequence[Any] = (),
    reserve: Sequence[Any] = (),
    use_reserve: Any = None,
    defender_used: Sequence[Any] = (),
    defender_reserve: Sequence[Any] = (),
    defender_policy: str = "deck",
    coordinating: int = 0,
    deadly: bool = False,
    attacker_weakened: bool = False,
    defender_weakened: bool = False,
    fight: Matchup | None = None,
    data_dir: str | Path | None = None,
) -> dict[str, Any]:
    """The attack form: both power decks as they stand (cards as 1..4 or 'critical'); `fight`
    the two cards on the board with what their abilities do."""
    rules = load_rules(data_dir)
    cards = partial(_power_cards, rules=rules)
    result = attack_odds(
        strength=strength,
        defense=defense,
        coordinating=coordinating,
        deadly=deadly,
        attacker_weakened=attacker_weakened,
        defender_weakened=defender_weakened,
        attacker=PowerState.of(used=cards(used), reserve=cards(reserve), rules=rules),
        defender=PowerState.of(
            used=cards(defender_used), reserve=cards(defender_reserve), rules=rules
        ),
        use_reserve=None if use_reserve is None else cards([use_reserve])[0],
        defender_policy=defender_policy,  # type: ignore[arg-type]
        fight=fight,
        rules=rules,
    )
    return chart(result, "Attack odds")


def assault_chart(
    *,
    in_zone: int,
    fortified: int = 0,
    barrage: int = 0,
    surge: bool = False,
    used: Sequence[Any] = (),
    reserve: Sequence[Any] = (),
    use_reserve: Sequence[Any] = (),
    policy: str = "deck",
    data_dir: str | Path | None = None,
) -> dict[str, Any]:
    """The assault form: VP and Surge from the power deck as it stands."""
    rules = load_rules(data_dir)
    cards = partial(_power_cards, rules=rules)
    result = assault_odds(
        in_zone=in_zone,
        fortified=fortified,
        barrage=barrage,
        surge=surge,
        state=PowerState.of(used=cards(used), reserve=cards(reserve), rules=rules),
        use_reserve=cards(use_reserve),
        policy=policy,  # type: ignore[arg-type]
        rules=rules,
    )
    return chart(result, "Assault odds")


def _power_cards(values: Sequence[Any], *, rules: DominumRules) -> list[PowerCard]:
    """Power cards as a form holds them ('3', 'Critical', 3) checked against the rules."""
    return [check_power(_card(value), rules=rules) for value in values]


def _card(value: Any) -> Any:
    """'3' -> 3, 'Critical' -> 'critical': what a form field holds to what the engine takes."""
    if isinstance(value, str):
        text = value.strip().lower()
        return int(text) if text.isdigit() else text
    return value


# -- The tracker's odds hook: a form's chart from the match as it stands --------------------------


def odds_chart(match: DominumMatch, fields: Mapping[str, Any]) -> dict[str, Any] | None:
    """The attack or assault form's odds from the match as it stands: strengths, defenses,
    weakened cards and both Power Decks (used pile and reserve known). A deck draw named on the
    form is the outcome the odds are over; a reserve card is a choice."""
    from toolkit.games.dominum.actions import Action, Assault, Attack

    kind = str(fields.get("type") or "")
    if kind not in (Attack.kind, Assault.kind):
        return None
    state = match.state
    if state is None:
        raise DomekitError("the match has not begun: no odds yet")
    action = Action.from_fields(fields)
    if isinstance(action, Attack):
        return _attack_form_chart(state, action, match.data_dir)
    if isinstance(action, Assault):
        return _assault_form_chart(state, action, match.data_dir)
    return None


def _reserve_card(source: PowerSource | None) -> PowerCard | None:
    """A reserve card the form names; a deck draw is what the odds are over, so it names none."""
    return source.card if source is not None and source.source == "reserve" else None


def _texts(cards: Sequence[PowerCard]) -> list[str]:
    return [card_json(c) for c in cards]


def _deck_note(state: MatchState, player: Player) -> str:
    cards = _texts(sorted(state.sides[player].power.deck, key=card_order))
    return f"{player}'s deck as it stands: {', '.join(cards) or 'empty'}"


def board_matchup(state: MatchState, action: Attack) -> Matchup:
    """The attack the form names as the match stands: the cards, where they stand (after a
    Lunge), the board's defense bonuses, the helpers' Outflank, an ability's free strike."""
    from toolkit.games.dominum.triggers import defense_bonuses, where

    player = action.player
    attacker = state.units.get(action.attacker)
    target = state.units.get(action.target)
    if attacker is None or attacker.owner != player:
        raise DomekitError(f"no {player} card on {space_name(action.attacker)}")
    if target is None or target.owner == player:
        raise DomekitError(f"no enemy card on {space_name(action.target)}")
    start = action.lunge_to or action.attacker
    helpers: frozenset[Keyword] = frozenset()
    for space in action.coordinating:
        helper = state.units.get(space)
        if helper is not None:
            helpers |= helper.card.keywords
    granted = state.pending.strike_from == action.attacker and state.pending.strike_lunge
    effects = state.card_effects
    return Matchup(
        strength=attacker.card.strength,
        defense=target.card.defense,
        attacker=attacker.card,
        defender=target.card,
        attacker_where=where(state, start, player) if effects else "neutral",
        defender_where=where(state, action.target, target.owner) if effects else "neutral",
        lunged=action.lunge_to is not None,
        coordinating=len(action.coordinating),
        attacker_weakened=attacker.weakened,
        defender_weakened=target.weakened,
        kind=action.attack_kind,
        extra=frozenset({Keyword.LUNGE}) if granted else frozenset(),
        coordinating_abilities=helpers,
        more_defense=tuple(
            bonus.modifier("defense total")
            for bonus in defense_bonuses(state, action.target, target)
        ),
    )


def _attack_form_chart(state: MatchState, action: Attack, data_dir: str | None) -> dict[str, Any]:
    player, them = action.player, opponent(action.player)
    fight = board_matchup(state, action)
    attacker, target = state.units[action.attacker], state.units[action.target]
    mine, theirs = state.sides[player].power, state.sides[them].power
    reserve = _reserve_card(action.power)
    result = attack_chart(
        used=_texts(mine.used),
        reserve=_texts(mine.reserve),
        use_reserve=None if reserve is None else card_json(reserve),
        defender_used=_texts(theirs.used),
        defender_reserve=_texts(theirs.reserve),
        fight=fight,
        data_dir=data_dir,
    )
    notes = [
        f"{attacker.card.name} (strength {attacker.card.strength}) against "
        f"{target.card.name} (defense {target.card.defense}).",
        _deck_note(state, player) + ("; you use a reserve card." if reserve is not None else "."),
        f"{them} decides its own draw: the odds use the engine's default (draw from the "
        "deck when the attack would wound and a card there could block).",
    ]
    modifiers = fight.attack_modifiers() + list(fight.more_defense)
    if modifiers:
        notes.append("In the odds: " + "; ".join(m.why for m in modifiers) + ".")
    if "best" in result:
        notes.append(
            "Your choices ("
            + "; ".join(result["choices"])
            + "): the chances are the best of them; the worst: wound "
            + f"{float(result['worst']['p_wound']):.1%}."
        )
    return {**result, "main": "attack_total", "notes": notes}


def _assault_form_chart(state: MatchState, action: Assault, data_dir: str | None) -> dict[str, Any]:
    from toolkit.games.dominum.phases import assault_counts

    player = action.player
    in_zone, fortified, barrage = assault_counts(state, player)
    power = state.sides[player].power
    reserves = [card for card in map(_reserve_card, action.powers) if card is not None]
    result = assault_chart(
        in_zone=in_zone,
        fortified=fortified,
        barrage=barrage,
        surge=action.surge,
        used=_texts(power.used),
        reserve=_texts(power.reserve),
        use_reserve=_texts(reserves),
        data_dir=data_dir,
    )
    notes = [
        f"{in_zone} card(s) in the assault zone, {fortified} on fortified spaces, "
        f"{barrage} Barrage in the neutral line.",
        _deck_note(state, player) + "; reserve cards as chosen above.",
    ]
    return {**result, "main": "vp", "notes": notes}
