"""What each tracker page of a Nature Dome duel shows, computed from the typed state.

Every context is plain JSON (it is also the page's JSON twin, /table.json): both Health Meters
with their zones, the cards the table has counted, the last clash, and the card lists the clash
form offers. Players are numbered 1 and 2 here, as the pages show them.
"""

from __future__ import annotations

from collections import Counter

from toolkit.errors import DomekitError
from toolkit.games.naturedome.actions import Attack, Clash, Hand, LayBoost, Respond
from toolkit.games.naturedome.config import NatureDomeRules
from toolkit.games.naturedome.match import FACE_DOWN, MatchState, Phase, apply, player_name
from toolkit.games.naturedome.match_json import last_clash_json
from toolkit.games.naturedome.odds import tracker_chart
from toolkit.games.naturedome.rules import Defense, PowerCard, penalised, zone, zone_penalty
from toolkit.tracker.contract import Json, Page, PageNotFound, Rows, View

PLAYERS = ("1", "2")


def meter(state: MatchState, player: int) -> Json:
    """One player's Health Meter, rounds won and hand size."""
    rules = state.rules
    health = state.health[player]
    start = rules.health.start
    return {
        "player": player + 1,
        "name": player_name(player),
        "health": health,
        "start": start,
        "percent": round(100 * health / start),
        "zone": zone(health, rules).value,
        "penalty": zone_penalty(health, rules),
        "rounds_won": state.rounds_won[player],
        "hand": len(state.hands[player]),
        "attacking": state.attacker == player and state.winner is None,
    }


def zones(rules: NatureDomeRules) -> list[Json]:
    """The Health Meter's three zones, each with its penalty and its share of the meter."""
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


def card_view(card: PowerCard) -> Json:
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


def table_view(state: MatchState) -> Json:
    """The table page: both meters, the rounds, the piles, the last clash and the clash form."""
    rules = state.rules
    kinds = state.kinds()
    played = Counter(card.id for card in state.played)
    moving = mover(state)
    return {
        "duel": state.duel,
        "round": state.round,
        "rounds_to_win": rules.match.rounds_to_win,
        "round_winners": [winner + 1 for winner in state.round_winners],
        "meters": [meter(state, 0), meter(state, 1)],
        "zones": zones(rules),
        "attacker": state.attacker + 1,
        "defender": state.defender + 1,
        "draw_pile": len(state.draw_pile),
        "played_count": len(state.played),
        "played": [
            {"name": state.card(card_id).name, "count": count, "of": state.copies(card_id)}
            for card_id, count in sorted(played.items())
        ],
        "deck_size": len(state.deck),
        "reshuffles": state.reshuffles,
        "draw": rules.cards.draw,
        "winner": None if state.winner is None else state.winner + 1,
        "last": None if state.last is None else last_clash_json(state.last),
        "attack_cards": [card_view(card) for card in kinds if not card.is_boost],
        "boost_cards": [card_view(card) for card in kinds if card.is_boost],
        "answer_cards": [card_view(card) for card in kinds],
        "rounds_won": list(state.rounds_won),
        "round_news": round_news(state),
        "light": state.light,
        "phase": state.phase.value,
        "mover": None if moving is None else moving + 1,
        "table_cards": [card_view(card) for card in state.table],
        "move": move_view(state, moving) if state.light and moving is not None else None,
    }


def round_news(state: MatchState) -> Json | None:
    """The end-of-round message (The Winner: a knock-out wins the round, two rounds the duel):
    who won the round just finished and the score in rounds, while the next round has not yet
    seen a point of damage (or once the duel is won)."""
    if not state.round_winners:
        return None
    start = state.rules.health.start
    fresh = all(health == start for health in state.health)
    if not fresh and state.winner is None:
        return None
    won = state.rounds_won
    return {
        "round": len(state.round_winners),
        "winner": state.round_winners[-1] + 1,
        "score": f"{won[0]}–{won[1]}",
        "to_win": state.rules.match.rounds_to_win,
        "next_attacker": None if state.winner is not None else state.attacker + 1,
    }


def player_view(state: MatchState, player: int) -> Json:
    """A player's page: the table, with their own meter and their opponent's picked out; in a
    light duel, their hand (the cards they named, how many face down), the cards they may still
    name, and their move when it is theirs."""
    view = table_view(state)
    view["me"] = meter(state, player)
    view["other"] = meter(state, 1 - player)
    if state.light:
        view["hand"] = hand_view(state, player)
        view["namable"] = [card_view(card) for card in namable(state, player)]
        view["move"] = move_view(state, player)
    return view


# -- light tracking: the hands named, one tap a card ------------------------------------------


def mover(state: MatchState) -> int | None:
    """Whose card is next (0 or 1): the attacker's while they lay, then the defender's answer."""
    if state.phase is Phase.OVER:
        return None
    return state.defender if state.phase is Phase.RESPOND else state.attacker


def hand_view(state: MatchState, player: int) -> Json:
    """A player's hand as a light duel knows it: the cards named, and how many lie face down."""
    hand = state.hands[player]
    named = sorted((card for card in hand if card is not FACE_DOWN), key=lambda c: c.name)
    return {"named": [card_view(card) for card in named], "face_down": hand.count(FACE_DOWN)}


def namable(state: MatchState, player: int) -> list[PowerCard]:
    """The kinds of card a player may name in their hand now: none when nothing is face down;
    else each kind of which the table has not seen every copy (the engine's check)."""
    if FACE_DOWN not in state.hands[player]:
        return []
    found = []
    for card in sorted(state.kinds(), key=lambda card: (card.is_boost, card.name)):
        try:
            apply(state, Hand(player, (card.id,)))
        except DomekitError:
            continue
        found.append(card)
    return found


def move_view(state: MatchState, player: int) -> Json | None:
    """The move `player` may make now with the cards they named, each one tap: the attacker's
    Attack Boosts and attack cards (with the odds against the defender's unseen hand), or the
    defender's answers (defend or escape with each card, and what each costs: certain)."""
    if mover(state) != player:
        return None
    penalty = zone_penalty(state.health[player], state.rules)
    named = {card.id: card for card in state.hands[player] if card is not FACE_DOWN}
    cards = sorted(named.values(), key=lambda c: c.name)
    if state.phase is Phase.ATTACK:
        plays = []
        for card in cards:
            value = penalised(card.boost if card.is_boost else card.attack, penalty)
            plays.append(
                {
                    **card_view(card),
                    "verb": LayBoost.kind if card.is_boost else Attack.kind,
                    "value": value,
                    "odds": None if card.is_boost else attack_odds(state, card.id),
                }
            )
        return {"kind": "attack", "plays": plays, "answers": []}
    answers = []
    for card in cards:
        for defense in Defense:
            try:
                _after, outcome = apply(state, Respond(defense, card.id))
            except DomekitError:
                continue
            result = outcome.clash
            if result is None:
                continue
            answers.append(
                {
                    **card_view(card),
                    "defence": defense.value,
                    "value": result.defense_total,
                    "damage": result.damage,
                    "health_after": result.defender_health,
                    "knocked_out": result.knocked_out,
                }
            )
    return {"kind": "answer", "plays": [], "answers": answers}


def attack_odds(state: MatchState, card_id: str) -> Json | None:
    """The odds of attacking with `card_id` on the Attack Boosts laid, against the defender's
    hand the attacker cannot see (dealt from the cards the table has not seen): the chance of
    damage, of a knock-out, and the damage to expect."""
    fields = {
        "type": Clash.kind,
        "attacker": state.attacker + 1,
        "boosts": [card.id for card in state.table],
        "attack": card_id,
        "defence": Defense.DEFEND.value,
        "card": card_id,
    }
    try:
        chart = tracker_chart(state, fields)
    except DomekitError:
        return None
    if chart is None:
        return None
    chances = {row["name"]: row["float"] for row in chart["chances"]}
    expected = chart["figures"].get("expected_damage")
    return {
        "damage": round(100 * chances.get("damage", 0.0), 1),
        "knocked_out": round(100 * chances.get("knocked_out", 0.0), 1),
        "expected": round(float(expected["float"]), 0) if isinstance(expected, dict) else None,
    }


def screen_page(state: MatchState) -> Page:
    """The big screen (/k/<kit>/screen): both health meters, the rounds won, the piles and the
    last clash (templates/naturedome/screen.html)."""
    return Page(f"Nature Dome · duel {state.duel}", table_view(state))


def table_page(state: MatchState) -> Page:
    return Page(f"Nature Dome · duel {state.duel}", table_view(state))


def player_page(state: MatchState, player: str) -> Page:
    if player not in PLAYERS:
        raise PageNotFound(f"this duel has no player page {player}")
    return Page(f"Player {player}", player_view(state, int(player) - 1))


PAGES: dict[str, View[MatchState]] = {
    "table": View(table_page),
    "player": View(player_page, "player"),
    "screen": View(screen_page),
}
"""The pages a kit prints and the tracker serves: /table, /player/<1 or 2> (a player's Health
Meter) and the big screen (templates/naturedome/<name>.html)."""


def round_rows(state: MatchState) -> Rows:
    """The rounds as CSV: round number and its winner, then the score."""
    rows: Rows = [["round", "winner"]]
    for number, winner in enumerate(state.round_winners, start=1):
        rows.append([number, player_name(winner)])
    won = state.rounds_won
    rows.append(["score", f"{won[0]}-{won[1]}"])
    return rows
