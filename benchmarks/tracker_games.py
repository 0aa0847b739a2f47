"""Tracker figures for Death Dome, Nature Dome, Domppa and Dominum: each action's submit
(committed to SQLite before the reply) and the cold rebuild of a restarted server folding the
whole log.

Run: .venv/bin/python benchmarks/tracker_games.py
"""

from __future__ import annotations

import random
import secrets
import statistics
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Iterator

from toolkit.errors import DomekitError
from toolkit.tracker.kits import record_kit_in
from toolkit.tracker.matches import MatchService
from toolkit.tracker.storage import Store

Actions = Callable[[MatchService, int, random.Random, int], Iterator[dict]]


def run(game: str, actions: Actions, n: int) -> None:
    store = Store(f"sqlite:///{tempfile.mkdtemp()}/bench.sqlite3")
    service = MatchService(store)
    kit = secrets.token_urlsafe(16)
    record_kit_in(store, {"kit_id": kit, "game": game})
    match_id = service.current_match(service.kit(kit)).id
    times = []
    for action in actions(service, match_id, random.Random(1), n):
        start = time.perf_counter()
        try:
            service.submit(
                match_id, action, client_action_id=secrets.token_hex(8), base_version=None
            )
        except DomekitError:
            continue
        times.append(time.perf_counter() - start)
    start = time.perf_counter()
    MatchService(store).state(match_id)
    cold = time.perf_counter() - start
    median = statistics.median(times) * 1000
    p95 = sorted(times)[int(len(times) * 0.95)] * 1000
    print(
        f"{game}: {len(times)} actions; submit median {median:.1f} ms, p95 {p95:.1f} ms; "
        f"cold rebuild {cold * 1000:.0f} ms"
    )


def deathdome(service: MatchService, match_id: int, rng: random.Random, n: int) -> Iterator[dict]:
    # A whole match: each turn two unit phases (an attack or a capture), card effects on Vitae
    # and money changing hands, then the end of the turn; the payout after round 12.
    yield {"type": "start"}
    units = ["gunner", "warrior", "medic", "scout"]
    for i in range(n):
        state = service.state_json(match_id)[1]
        if state["phase"] == "payout":
            yield {"type": "payout", "roll": rng.randint(1, 6)}
        if state["phase"] != "play":
            return
        team = state["order"][state["turn"]]
        enemy = next(c for c in state["order"] if c != team)
        if i % 12 == 11:
            yield {"type": "end_turn", "team": team}
        elif state["phases_used"] < 2 and i % 3 == 0:
            yield {"type": "capture", "team": team, "previous": rng.choice([None, enemy])}
        elif state["phases_used"] < 2:
            yield {
                "type": "attack",
                "attacker": f"{team}.{rng.choice(units)}",
                "target": f"{enemy}.{rng.choice(units)}",
                "cards": [rng.randint(1, 4) for _ in range(rng.randint(0, 3))],
                "defence": [rng.randint(1, 4) for _ in range(rng.randint(0, 2))],
            }
        elif i % 2:
            yield {"type": "transfer", "payer": team, "payee": enemy, "amount": rng.randint(1, 9)}
        else:
            unit = f"{rng.choice([team, enemy])}.{rng.choice(units)}"
            yield {"type": "vitae", "unit": unit, "change": rng.choice([-1, 1])}


def naturedome(service: MatchService, match_id: int, rng: random.Random, n: int) -> Iterator[dict]:
    from toolkit.games.naturedome.data import load_deck

    cards = load_deck()
    copies = Counter(card.id for card in cards)
    kinds = {card.id: card for card in cards if not card.is_boost}
    for _ in range(n):
        state = service.state_json(match_id)[1]
        if state["winner"] is not None:
            return
        left = {c: copies[c] - state["played"].get(c, 0) for c in kinds}
        # A long duel: weak attacks against the best escapes still outside the played pile.
        attack = min((c for c in kinds if left[c]), key=lambda c: (kinds[c].attack, rng.random()))
        left[attack] -= 1
        answer = max((c for c in kinds if left[c]), key=lambda c: (kinds[c].escape, rng.random()))
        yield {
            "type": "clash",
            "attacker": state["attacker"] + 1,
            "boosts": [],
            "attack": attack,
            "defence": "escape",
            "card": answer,
        }


def domppa(service: MatchService, match_id: int, rng: random.Random, n: int) -> Iterator[dict]:
    ids = ["knight", "berserker", "troll", "scout", "priest", "fire-mage", "militia-spearman"]
    for i in range(n):
        unit = rng.choice(ids)
        if i % 3 == 0:
            yield {"type": "turn", "unit": unit}
        elif i % 3 == 1:
            active = service.state_json(match_id)[1]["active"] or unit
            yield {
                "type": "attack",
                "attacker": active,
                "target": rng.choice(ids),
                "weapon": "Mace",
                "hit_dice": "roll",
                "damage_dice": "2,1",
            }
        else:
            yield {"type": "new_round"}


def dominum(service: MatchService, match_id: int, rng: random.Random, n: int) -> Iterator[dict]:
    forces = service.state_json(match_id)[1]["forces"]
    yield {
        "type": "begin",
        "reserves": {"red": ["3", "4"], "gold": ["1", "2"]},
        "first_player": "red",
        "seed": 3,
    }
    red = ["1,2", "1,4", "2,2", "2,3", "2,4", "3,3"]
    gold = ["5,1", "5,5", "4,1", "4,5", "5,3", "3,1"]
    for i in range(6):
        yield {"type": "place", "player": "red", "card": forces["red"][i], "space": red[i]}
        yield {"type": "place", "player": "gold", "card": forces["gold"][i], "space": gold[i]}
    game = service.referee("dominum")
    for _ in range(n):
        view = game.page(service.state(match_id)[1], "table", ()).context
        if view["stage"] == "over":
            return
        if view["phase"]:
            yield {"type": "end_phase", "player": view["phase"]["player"]}
            continue
        player = view["to_act"]
        used = view["sides"][player]["phases_used"]
        left = [p for p in ("move", "attack", "reposition", "deploy", "charge") if p not in used]
        phase = rng.choice(left)
        yield {"type": "activate", "player": player, "phase": phase}
        if phase == "charge":
            yield {"type": "charge", "player": player}


if __name__ == "__main__":
    run("deathdome", deathdome, 300)
    run("naturedome", naturedome, 300)
    run("domppa", domppa, 300)
    run("dominum", dominum, 300)
