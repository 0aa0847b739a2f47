"""A Nature Dome duel in the tracker: both Health Meters, clashes, hands and deck, rounds.

The players hold real Power Cards, shuffled by hand, so the tracker cannot know what is in a hand
or in which order the deck lies. It tracks what the table can see and count: the cards laid in
each clash, by name from card_data/naturedome/power_cards.csv (a player types what they laid
down), how many cards each hand and the draw pile hold, and the played pile. Each clash is
resolved by the engine's `clash` (zones, penalties, boosts, defend or escape, damage, knock-out);
the draw-three and reshuffle steps and the rounds follow rules.toml's numbers, in the engine's
order (the attacking player draws first).

An action's text form, as the history shows it:
`clash P1 boost pack-howl attack bear-swipe / P2 defend shell-guard`.
"""

from __future__ import annotations

import copy
import re
from collections import Counter
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from toolkit.errors import DomekitError, RuleError
from toolkit.games.naturedome import rules as engine
from toolkit.games.naturedome.config import FirstAttacker, NatureDomeRules
from toolkit.games.naturedome.data import load_deck, load_rules
from toolkit.tracker.contract import EVERYTHING, ActionKind, JsonGame, Page, PageNotFound
from toolkit.tracker.fields import whole_number

GAME = "naturedome"
PLAYERS = ("1", "2")
DUELS_PER_KIT = 999  # no campaign: a kit plays duel after duel

State = dict[str, Any]
Action = dict[str, Any]


@lru_cache(maxsize=8)
def game_data(data_dir: str | None = None) -> tuple[NatureDomeRules, tuple[engine.PowerCard, ...]]:
    return load_rules(data_dir), tuple(load_deck(data_dir))


def _rules(state: State) -> NatureDomeRules:
    return game_data(state.get("data_dir"))[0]


def _deck(state: State) -> tuple[engine.PowerCard, ...]:
    return game_data(state.get("data_dir"))[1]


def _cards_by_id(state: State) -> dict[str, engine.PowerCard]:
    return {card.id: card for card in _deck(state)}


def _copies(state: State) -> Counter[str]:
    return Counter(card.id for card in _deck(state))


def _name(index: int) -> str:
    return engine.player_name(index)


def _player(value: Any) -> int:
    text = str(value or "").strip().lower().removeprefix("player").removeprefix("p").strip()
    if text not in PLAYERS:
        raise DomekitError(f"a player is 1 or 2 (got {value!r})")
    return int(text) - 1


# ------------------------------------------------------------------------------------ counts


def _draw(state: State, player: int, count: int, steps: list[str]) -> None:
    """`player` draws `count` cards; an empty draw pile is the played pile, reshuffled."""
    drawn = 0
    while drawn < count:
        if state["draw_pile"] == 0:
            played = sum(state["played"].values())
            if played == 0:
                steps.append(f"No cards left to draw: {_name(player)} draws {drawn}")
                break
            steps.append(f"The deck is empty: the {played} played cards are reshuffled")
            state["draw_pile"] = played
            state["played"] = {}
            state["reshuffles"] += 1
        take = min(count - drawn, state["draw_pile"])
        state["draw_pile"] -= take
        state["hands"][player] += take
        drawn += take


def _deal_round(state: State, steps: list[str]) -> None:
    rules = _rules(state)
    state["draw_pile"] = len(_deck(state))
    state["played"] = {}
    state["hands"] = [0, 0]
    for player in (0, 1):
        _draw(state, player, rules.cards.deal, steps)
    steps.append(f"Each player draws {rules.cards.deal} Power Cards, Player 1 first")


def _first_attacker(rules: NatureDomeRules, next_round: int, loser: int) -> int:
    """rules.toml's `next_round_first_attacker`, as the engine's `_end_round` reads it."""
    return {
        FirstAttacker.PLAYER1: 0,
        FirstAttacker.ALTERNATE: (next_round - 1) % 2,
        FirstAttacker.LOSER: loser,
    }[rules.match.next_round_first_attacker]


# ------------------------------------------------------------------------------------ plugin


class NatureDomeTracker(JsonGame):
    name = GAME
    rule_over = engine.RULE_WINNER
    rule_turn = engine.RULE_TURNS

    def __init__(self) -> None:
        # A clash is the attacker's turn; the table may recount its cards at any time.
        self.actions = {
            "clash": ActionKind(on_turn=True),
            "recount": ActionKind(after_end=True),
        }
        self.parsers = {"clash": _p_clash, "recount": _p_recount}
        self.pages = {"table": _table_page, "player": _player_page}
        self.exports = {"rounds": round_rows}
        self.odds = odds_chart

    def new_match(self, manifest: Mapping[str, Any], previous: State | None) -> State:
        data_dir = manifest.get("data_dir") or None
        rules, _deck_cards = game_data(data_dir)
        state: State = {
            "game": GAME,
            "data_dir": data_dir,
            "duel": (previous["duel"] + 1) if previous else 1,
            "round": 1,
            "health": [rules.health.start, rules.health.start],
            "rounds_won": [0, 0],
            "round_winners": [],
            "attacker": 0,
            "hands": [0, 0],
            "draw_pile": 0,
            "played": {},
            "reshuffles": 0,
            "winner": None,
            "last": None,
        }
        _deal_round(state, [])
        return state

    def matches_in_campaign(self, state: State) -> int:
        return DUELS_PER_KIT

    def next_match_refusal(self, state: State) -> str | None:
        if state["winner"] is None:
            return "a new duel starts when this one has a winner (or undo to fix it)"
        return None

    def over(self, state: State) -> str | None:
        if state["winner"] is None:
            return None
        return f"the duel is over: {_name(state['winner'])} won it"

    def whose_turn(self, state: State) -> str | None:
        return str(state["attacker"] + 1)

    def mover(self, state: State, action: Action) -> str | None:
        return str(action["attacker"])

    def seat_name(self, state: State, seat: str) -> str:
        return f"Player {seat}"

    def apply(self, state: State, action: Action) -> tuple[State, dict[str, Any]]:
        new = copy.deepcopy(state)
        if action["type"] == "clash":
            return new, _clash(new, action)
        return new, _recount(new, action)

    def text(self, action: Action) -> str:
        if action.get("type") == "clash":
            attacker = action["attacker"]
            boosts = "".join(f"boost {b} " for b in action["boosts"])
            return (
                f"clash P{attacker} {boosts}attack {action['attack']} / "
                f"P{3 - attacker} {action['defence']} {action['card']}"
            )
        if action.get("type") == "recount":
            hands = action["hands"]
            return f"recount hands {hands[0]},{hands[1]} draw pile {action['draw_pile']}"
        return str(action.get("type"))

    def parse_text(self, text: str) -> Action:
        """An action typed as its text form (what `describe` writes), e.g.
        `clash P1 boost pack-howl attack bear-swipe / P2 defend shell-guard`; each `verb card`
        pair is read by the engine's `parse_action`."""
        words = text.strip().split()
        if words[:1] == ["recount"]:
            match = re.fullmatch(r"recount hands (\d+),(\d+) draw pile (\d+)", " ".join(words))
            if match is None:
                raise DomekitError("type a recount as: recount hands 3,2 draw pile 40")
            hand1, hand2, pile = match.groups()
            return self.parse_action(
                {"type": "recount", "hand1": hand1, "hand2": hand2, "draw_pile": pile}
            )
        if words[:1] == ["clash"]:
            words = words[1:]
        laid, _, answer = " ".join(words).partition("/")
        laid_words, answer_words = laid.split(), answer.split()
        if len(laid_words) < 3 or len(answer_words) != 3 or laid_words[0][:1].lower() != "p":
            raise DomekitError(
                f"type a clash as: clash P1 boost pack-howl attack bear-swipe / P2 defend "
                f"shell-guard (got {text!r})"
            )
        boosts: list[str] = []
        attack = ""
        pairs = laid_words[1:]
        if len(pairs) % 2:
            raise DomekitError(f"{laid.strip()!r}: each card follows its verb (boost, attack)")
        for verb, card in zip(pairs[::2], pairs[1::2], strict=True):
            step = engine.parse_action(f"{verb} {card}")
            if isinstance(step, engine.LayBoost) and not attack:
                boosts.append(step.card)
            elif isinstance(step, engine.Attack) and not attack:
                attack = step.card
            else:
                raise DomekitError(f"{laid.strip()!r}: boosts first, then one attack card")
        respond = engine.parse_action(" ".join(answer_words[1:]))
        if not isinstance(respond, engine.Respond) or not attack:
            raise DomekitError(f"{text!r}: an attack card, then the answer: defend or escape")
        attacker = _player(laid_words[0]) + 1
        if _player(answer_words[0]) + 1 != 3 - attacker:
            raise DomekitError(f"{text!r}: the other player answers the attack")
        return self.parse_action(
            {
                "type": "clash",
                "attacker": attacker,
                "boosts": boosts,
                "attack": attack,
                "defence": respond.defence.value,
                "card": respond.card,
            }
        )

    def touches(self, action: Action) -> frozenset[str]:
        return frozenset({EVERYTHING})  # every clash changes whose turn it is


def _p_clash(data: Mapping[str, Any]) -> Action:
    boosts = data.get("boosts") or []
    if isinstance(boosts, str):
        boosts = [b for b in boosts.replace(";", ",").split(",")]
    defence = str(data.get("defence") or "").strip().lower()
    if defence not in ("defend", "escape"):
        raise DomekitError(f"the defender defends or escapes (got {defence!r})")
    return {
        "attacker": _player(data.get("attacker")) + 1,
        "boosts": [str(b).strip() for b in boosts if str(b).strip()],
        "attack": _card_id(data.get("attack"), "attack card"),
        "defence": defence,
        "card": _card_id(data.get("card"), f"{defence} card"),
    }


def _p_recount(data: Mapping[str, Any]) -> Action:
    return {
        "hands": [
            _count(data.get("hand1"), "Player 1's hand"),
            _count(data.get("hand2"), "Player 2's hand"),
        ],
        "draw_pile": _count(data.get("draw_pile"), "the draw pile"),
    }


def _table_page(state: State, args: tuple[str, ...]) -> Page:
    if args:
        raise PageNotFound(f"this duel has no table page {'/'.join(args)}")
    return Page("table.html", f"Nature Dome · duel {state['duel']}", table_view(state))


def _player_page(state: State, args: tuple[str, ...]) -> Page:
    if len(args) != 1 or args[0] not in PLAYERS:
        raise PageNotFound(f"this duel has no player page {'/'.join(args)}")
    return Page("player.html", f"Player {args[0]}", player_view(state, int(args[0]) - 1))


def _card_id(value: Any, what: str) -> str:
    text = str(value or "").strip()
    if not text:
        raise DomekitError(f"name the {what}")
    return text


def _count(value: Any, what: str) -> int:
    try:
        number = whole_number(value, what)
    except DomekitError:
        raise DomekitError(f"{what}: expected a whole number (got {value!r})") from None
    if number < 0:
        raise DomekitError(f"{what}: a count is never below 0 (got {number})")
    return number


# ------------------------------------------------------------------------------------ handlers


def _card(state: State, card_id: str) -> engine.PowerCard:
    card = _cards_by_id(state).get(card_id)
    if card is None:
        raise DomekitError(f"no Power Card {card_id!r} in power_cards.csv")
    return card


def _check_available(state: State, laid: list[engine.PowerCard]) -> None:
    """Every card laid has a copy outside the played pile (the rest are in hands or the deck)."""
    copies = _copies(state)
    wanted = Counter(card.id for card in laid)
    for card_id, count in wanted.items():
        free = copies[card_id] - state["played"].get(card_id, 0)
        if count > free:
            card = _card(state, card_id)
            raise RuleError(
                engine.RULE_CHOICE,
                f"{card.label}: the deck holds {copies[card_id]}, "
                f"{state['played'].get(card_id, 0)} already played since the last shuffle; "
                f"{count} laid now is more than can be in a hand",
            )


def _clash(state: State, a: Action) -> dict[str, Any]:
    rules = _rules(state)
    attacker = a["attacker"] - 1
    defender = 1 - attacker
    boosts = [_card(state, b) for b in a["boosts"]]
    attack = _card(state, a["attack"])
    answer = _card(state, a["card"])
    _check_available(state, [*boosts, attack, answer])
    steps: list[str] = []
    # The attacker lays each Attack Boost; a boost that was their last card draws three.
    for boost in boosts:
        if not boost.is_boost:
            raise RuleError(engine.RULE_BOOST, f"{boost.label} is not an Attack Boost")
        if state["hands"][attacker] < 1:
            raise RuleError(engine.RULE_CHOICE, f"{_name(attacker)} holds no card to lay")
        state["hands"][attacker] -= 1
        steps.append(f"{_name(attacker)} lays Attack Boost {boost.label} (boost {boost.boost})")
        if state["hands"][attacker] == 0:
            steps.append(
                f"The Attack Boost was {_name(attacker)}'s last card: they draw "
                f"{rules.cards.draw} new Power Cards and combine one with it"
            )
            _draw(state, attacker, rules.cards.draw, steps)
    if state["hands"][attacker] < 1:
        raise RuleError(engine.RULE_CHOICE, f"{_name(attacker)} holds no card to attack with")
    if state["hands"][defender] < 1:
        raise RuleError(engine.RULE_CHOICE, f"{_name(defender)} holds no card to answer with")
    state["hands"][attacker] -= 1
    state["hands"][defender] -= 1
    if answer.is_boost:
        steps.append(
            f"{_name(defender)} answers with an Attack Boost: allowed only when it is the last "
            "card that could defend or escape (it counts 0)"
        )
    result = engine.clash(
        attack,
        engine.Defence(a["defence"]),
        answer,
        boosts=boosts,
        attacker_health=state["health"][attacker],
        defender_health=state["health"][defender],
        rules=rules,
    )
    steps += result.steps
    state["health"][defender] = result.defender_health
    for card in (*boosts, attack, answer):
        state["played"][card.id] = state["played"].get(card.id, 0) + 1
    steps.append("Played cards are removed")
    state["last"] = {
        "attacker": attacker + 1,
        "attack_total": result.attack_total,
        "defense_total": result.defense_total,
        "damage": result.damage,
        "defence": a["defence"],
        "steps": result.steps,
    }
    summary = f"{_name(defender)} loses {result.damage}" if result.damage else "no damage"
    if result.knocked_out:
        steps += _end_round(state, attacker)
        if state["winner"] is not None:
            summary = f"{_name(attacker)} wins the duel"
        else:
            summary = f"{_name(attacker)} wins round {state['round'] - 1}"
        return {"summary": summary, "steps": steps}
    for player in (attacker, defender):  # the attacking player draws first
        if state["hands"][player] == 0:
            steps.append(
                f"{_name(player)} is out of cards: draws {rules.cards.draw} new Power Cards"
            )
            _draw(state, player, rules.cards.draw, steps)
    state["attacker"] = defender
    steps.append(f"{_name(defender)} attacks next")
    return {"summary": summary, "steps": steps}


def _end_round(state: State, winner: int) -> list[str]:
    rules = _rules(state)
    loser = 1 - winner
    state["rounds_won"][winner] += 1
    state["round_winners"].append(winner + 1)
    won = state["rounds_won"]
    steps = [
        f"{_name(winner)} knocks out {_name(loser)} and wins round {state['round']} "
        f"({won[0]}-{won[1]})"
    ]
    if won[winner] >= rules.match.rounds_to_win:
        state["winner"] = winner
        steps.append(f"{_name(winner)} wins the Nature Dome duel")
        return steps
    state["round"] += 1
    state["health"] = [rules.health.start, rules.health.start]
    steps.append(
        f"Round {state['round']}: both players' health back to {rules.health.start}; "
        "all Power Cards are gathered and reshuffled"
    )
    state["reshuffles"] += 1
    _deal_round(state, steps)
    state["attacker"] = _first_attacker(rules, state["round"], loser)
    steps.append(f"{_name(state['attacker'])} attacks first")
    return steps


def _recount(state: State, a: Action) -> dict[str, Any]:
    """The table counted its cards and disagrees with the tracker: take the table's count."""
    played = sum(state["played"].values())
    total = len(_deck(state))
    counted = sum(a["hands"]) + a["draw_pile"] + played
    if counted != total:
        raise RuleError(
            engine.RULE_SET_UP,
            f"hands {a['hands'][0]} + {a['hands'][1]} + draw pile {a['draw_pile']} + "
            f"played {played} = {counted}, but the deck holds {total} cards",
        )
    state["hands"] = list(a["hands"])
    state["draw_pile"] = a["draw_pile"]
    return {"steps": [f"hands {a['hands'][0]} and {a['hands'][1]}, draw pile {a['draw_pile']}"]}


# ------------------------------------------------------------------------------------- views


def _meter(state: State, player: int) -> dict[str, Any]:
    rules = _rules(state)
    health = state["health"][player]
    start = rules.health.start
    return {
        "player": player + 1,
        "name": _name(player),
        "health": health,
        "start": start,
        "percent": round(100 * health / start),
        "zone": engine.zone(health, rules).value,
        "penalty": engine.zone_penalty(health, rules),
        "rounds_won": state["rounds_won"][player],
        "hand": state["hands"][player],
        "attacking": state["attacker"] == player and state["winner"] is None,
    }


def _zones(rules: NatureDomeRules) -> list[dict[str, Any]]:
    start = rules.health.start
    yellow, red = rules.health.yellow_at_or_below, rules.health.red_at_or_below
    return [
        {
            "zone": "green",
            "above": yellow,
            "penalty": 0,
            "width": round(100 * (start - yellow) / start),
        },
        {
            "zone": "yellow",
            "above": red,
            "penalty": rules.penalty.yellow,
            "width": round(100 * (yellow - red) / start),
        },
        {
            "zone": "red",
            "above": 0,
            "penalty": rules.penalty.red,
            "width": round(100 * red / start),
        },
    ]


def _card_view(card: engine.PowerCard) -> dict[str, Any]:
    return {
        "id": card.id,
        "name": card.name,
        "animal": card.animal,
        "boost": card.boost,
        "attack": card.attack,
        "defend": card.defend,
        "escape": card.escape,
        "is_boost": card.is_boost,
    }


def table_view(state: State) -> dict[str, Any]:
    rules = _rules(state)
    kinds = list(_cards_by_id(state).values())
    copies = _copies(state)
    played = [
        {"name": _card(state, cid).name, "count": n, "of": copies[cid]}
        for cid, n in sorted(state["played"].items())
    ]
    return {
        "duel": state["duel"],
        "round": state["round"],
        "rounds_to_win": rules.match.rounds_to_win,
        "round_winners": state["round_winners"],
        "meters": [_meter(state, 0), _meter(state, 1)],
        "zones": _zones(rules),
        "attacker": state["attacker"] + 1,
        "defender": 2 - state["attacker"],
        "draw_pile": state["draw_pile"],
        "played_count": sum(state["played"].values()),
        "played": played,
        "deck_size": len(_deck(state)),
        "reshuffles": state["reshuffles"],
        "draw": rules.cards.draw,
        "winner": None if state["winner"] is None else state["winner"] + 1,
        "last": state["last"],
        "attack_cards": [_card_view(c) for c in kinds if not c.is_boost],
        "boost_cards": [_card_view(c) for c in kinds if c.is_boost],
        "answer_cards": [_card_view(c) for c in kinds],
    }


def player_view(state: State, player: int) -> dict[str, Any]:
    view = table_view(state)
    view["me"] = _meter(state, player)
    view["other"] = _meter(state, 1 - player)
    return view


def round_rows(state: State) -> list[list[Any]]:
    """The rounds as CSV: round number and its winner, then the score."""
    rows: list[list[Any]] = [["round", "winner"]]
    for number, winner in enumerate(state["round_winners"], start=1):
        rows.append([number, f"Player {winner}"])
    rows.append(["score", f"{state['rounds_won'][0]}-{state['rounds_won'][1]}"])
    return rows


# ------------------------------------------------------------------------------------- odds


def odds_chart(state: State, fields: Mapping[str, Any]) -> dict[str, Any] | None:
    """The clash form's odds (toolkit.odds.charts): the cards the attacker lays (boosts and
    attack card) against a defender whose hand is unknown: as many cards as the tracker counts in
    it, dealt from the deck as it stands (minus the laid cards and the played pile); it answers
    with the card that loses it the fewest points (the odds engine's policy)."""
    from toolkit.games.naturedome import odds

    if str(fields.get("type") or "") != "clash":
        return None
    a = plugin.parse_action(fields)
    attacker = a["attacker"] - 1
    defender = 1 - attacker
    for card_id in [*a["boosts"], a["attack"]]:
        _card(state, card_id)
    held = state["hands"][defender]
    seen = [card_id for card_id, count in sorted(state["played"].items()) for _ in range(count)]
    chart = odds.clash_chart(
        hand=[*a["boosts"], a["attack"]],
        attacker_health=state["health"][attacker],
        defender_health=state["health"][defender],
        cards=held,
        seen=seen,
        data_dir=state.get("data_dir"),
    )
    notes = [
        f"{_name(defender)}'s {held} card(s) are not known: the odds deal them from the deck as it "
        f"stands (minus your cards and the {len(seen)} played), and {_name(defender)} answers with "
        "the card and defend or escape that loses the fewest points. The answer chosen above is "
        "not used.",
        "The odds may play fewer of your cards when that does as much damage (best play).",
    ]
    return {**chart, "main": "damage", "notes": notes}


plugin = NatureDomeTracker()
"""The tracker's side of the game (toolkit/tracker/contract.py), as the registry returns it."""
