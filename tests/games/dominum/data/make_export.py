"""Makes `export_v1.json`: a Dominum match played through the tracker as phones send fields (forms'
text fields and JSON bodies alike), exported. The file was made by the tracker before the typed
actions (at commit 7981b67, before stage B of issue 16): test_actions.py replays it and checks
that today's code reads every payload back to the same JSON form and reaches the same pages.

Run: .venv/bin/python tests/games/dominum/data/make_export.py
"""

from __future__ import annotations

import json
import random
import secrets
import tempfile
from pathlib import Path
from typing import Any

from toolkit.errors import DomekitError
from toolkit.tracker.kits import record_kit_in
from toolkit.tracker.matches import MatchService
from toolkit.tracker.storage import Store

HERE = Path(__file__).parent
SPACES = [f"{r},{c}" for r in range(1, 6) for c in range(1, 6)]
POWERS = [
    "deck",
    "deck:1",
    "deck:2",
    "deck:3",
    "deck:4",
    "deck:critical",
    "reserve:1",
    "reserve:2",
    "reserve:3",
    "reserve:4",
    "reserve:critical",
    "Deck:3",
]


def power(rng: random.Random, side: dict[str, Any]) -> str:
    """Mostly a card the player can really draw: the deck's or a reserve card."""
    if rng.random() < 0.15:
        return rng.choice(POWERS)
    if side["reserve"] and (rng.random() < 0.3 or not side["deck_cards"]):
        return f"reserve:{rng.choice(side['reserve'])}"
    if side["deck_cards"] and rng.random() < 0.8:
        return f"deck:{rng.choice(side['deck_cards'])}"
    return "deck"


def cycles(rng: random.Random, view: dict[str, Any]) -> dict[str, Any]:
    """The cycle fields, in one of the two shapes the tracker reads (a JSON object or the
    form's text fields), for every player whose next draw cycles."""
    out: dict[str, Any] = {}
    nested: dict[str, Any] = {}
    as_form = rng.random() < 0.5
    for player, side in view["sides"].items():
        if not side["next_draw_cycles"] and rng.random() < 0.9:
            continue
        counter = rng.choice(side["counters_left"]) if side["counters_left"] else None
        revealed = rng.choice(["", "critical", "1", "2", "3", "4"])
        if as_form:
            out[f"cycle_{player}"] = "" if counter is None else str(counter)
            out[f"cycle_{player}_revealed"] = revealed
        else:
            nested[player] = {"counter": counter, "revealed": [revealed] if revealed else []}
    if nested:
        out["cycles"] = nested
    return out


def _near(a: str, b: str) -> bool:
    (r1, c1), (r2, c2) = (map(int, a.split(",")), map(int, b.split(",")))
    return max(abs(r1 - r2), abs(c1 - c2)) == 1


def _pair(rng: random.Random, near: list, mine: list, theirs: list) -> dict[str, str]:
    if near and rng.random() < 0.9:
        attacker, target = rng.choice(near)
    else:
        attacker, target = rng.choice(mine), rng.choice(theirs)
    return {"attacker": attacker, "target": target}


def candidates(rng: random.Random, view: dict[str, Any]) -> list[dict[str, Any]]:
    if view["stage"] == "deployment":
        player = view["deployment_turn"]
        hand = view["sides"][player]["hand"]
        return [
            {
                "type": "place",
                "player": player,
                "card": rng.choice(hand)["name"],
                "space": rng.choice(SPACES),
            }
            for _ in range(6)
        ]
    phase = view["phase"]
    player = phase["player"] if phase else view["to_act"]
    other = "gold" if player == "red" else "red"
    me, them = view["sides"][player], view["sides"][other]
    mine = [u["space"] for u in view["units"] if u["owner"] == player]
    theirs = [u["space"] for u in view["units"] if u["owner"] == other]
    out: list[dict[str, Any]] = []
    pending = view["pending"]
    if pending["counter_from"]:
        who = pending["counter_player"]
        out.append(
            {
                "type": "counterattack",
                "player": who,
                "power": power(rng, view["sides"][who]),
                "defense_power": rng.choice(
                    ["", power(rng, view["sides"]["gold" if who == "red" else "red"])]
                ),
                **cycles(rng, view),
            }
        )
        if pending["submerge"]:
            out.append({"type": "submerge", "player": who, "to": rng.choice(SPACES)})
    if pending["advance_from"]:
        out.append(
            {
                "type": "advance",
                "player": pending["advance_player"],
                "start": pending["advance_from"],
            }
        )
    if rng.random() < 0.05:
        out.append({"type": "weaken", "player": other, "space": rng.choice(mine or SPACES)})
    if rng.random() < 0.01:
        out.append({"type": "sacrifice", "player": player, "space": rng.choice(mine or SPACES)})
    if rng.random() < 0.05:
        out.append({"type": "spend_charge", "player": player, "amount": rng.choice([1, "1", 2])})
    if rng.random() < 0.03:
        out.append(
            {
                "type": "power_duel",
                "player": player,
                "power": power(rng, me),
                "opponent_power": rng.choice(["", power(rng, them)]),
                **cycles(rng, view),
            }
        )
    if phase is None:
        left = [p for p in view["phases"] if p not in me["phases_used"]]
        if "attack" in left and rng.random() < 0.5:
            left = ["attack"]
        for name in rng.sample(left, min(3, len(left))):
            out.append(
                {
                    "type": "activate",
                    "player": player,
                    "phase": name,
                    "link": rng.choice(["", "on", True, False]),
                }
            )
        rng.shuffle(out)
        return out
    name = phase["name"]
    if name == "move":
        for space in rng.sample(mine, min(3, len(mine))):
            end = rng.choice([s for s in SPACES if any(_near(s, t) for t in theirs)] or SPACES)
            out.append({"type": "move", "player": player, "start": space, "end": end})
    if name == "reposition":
        for space in rng.sample(mine, min(3, len(mine))):
            out.append(
                {"type": "shift", "player": player, "start": space, "end": rng.choice(SPACES)}
            )
    if name == "deploy":
        if me["hand"]:
            out.append(
                {
                    "type": "deploy",
                    "player": player,
                    "card": rng.choice(me["hand"])["name"],
                    "space": rng.choice(SPACES),
                }
            )
        if mine and rng.random() < 0.3:
            out.append({"type": "retreat", "player": player, "space": rng.choice(mine)})
    if name == "attack" and mine and theirs:
        near = [(a, b) for a in mine for b in theirs if _near(a, b)]
        for _ in range(4):
            helpers = rng.sample(mine, min(len(mine), rng.choice([0, 0, 1, 2])))
            shape = rng.random()
            coordinating: Any = ";".join(helpers) if shape < 0.5 else helpers
            attack = {
                "type": "attack",
                "player": player,
                **_pair(rng, near, mine, theirs),
                "power": power(rng, me),
                "defense_power": rng.choice(["", "", power(rng, them)]),
                "coordinating": coordinating,
                "kind": rng.choice(["attack", "attack", "", "Free Strike", "alt attack"]),
                **cycles(rng, view),
            }
            if rng.random() < 0.2:
                attack["lunge_to"] = rng.choice(SPACES)
                attack["lunge_power"] = rng.choice(["", power(rng, me)])
            if rng.random() < 0.2:
                attack["knockback_to"] = rng.choice(SPACES)
            if rng.random() < 0.2:
                attack["evasive_to"] = rng.choice(SPACES)
            out.append(attack)
    if name == "assault":
        draws = [power(rng, me), power(rng, me)]
        if rng.random() < 0.5:
            fields: dict[str, Any] = {"powers": draws}
        else:
            fields = {"power1": draws[0], "power2": draws[1]}
        out.append(
            {
                "type": "assault",
                "player": player,
                **fields,
                "surge": rng.choice(["", "on", "true", False]),
                **cycles(rng, view),
            }
        )
    if name == "charge":
        weakened = [u["space"] for u in view["units"] if u["owner"] == player and u["weakened"]]
        out.append(
            {"type": "charge", "player": player, "remove_weaken_at": rng.choice(["", *weakened])}
        )
    if name == "reserve":
        out.append(
            {
                "type": "reserve",
                "player": player,
                "discard": rng.choice(me["reserve"]) if len(me["reserve"]) >= 3 else "",
                "revealed": rng.choice(["", *me["deck_cards"]]),
            }
        )
    rng.shuffle(out)
    return [*out, {"type": "end_phase", "player": player}]  # a phase ends once nothing else goes


EDGES: list[dict[str, Any]] = [
    {
        "type": "attack",
        "player": "Red",
        "attacker": " 2,3 ",
        "target": "r3c3",
        "power": "DECK:4",
        "defense_power": "none",
        "coordinating": ["2-2", "", "2 4"],
        "kind": " Alt Attack ",
        "lunge_to": "2,2",
        "lunge_power": "reserve:critical",
        "knockback_to": "4,3",
        "evasive_to": "1,3",
        "cycles": {"RED": {"counter": "2", "revealed": "critical, 3"}},
    },
    {
        "type": "attack",
        "player": "gold",
        "attacker": "4,3",
        "target": "3,3",
        "power": "reserve",
        "cycle_gold": "3",
        "cycle_red_revealed": "Critical",
    },
    {
        "type": "attack",
        "player": "gold",
        "attacker": "4,3",
        "target": "3,3",
        "power": "deck:9",
        "cycles": {"gold": {"counter": None, "revealed": []}},
    },
    {"type": "attack", "player": "gold", "attacker": "4,3", "target": "3,3"},
    {"type": "attack", "player": "gold", "attacker": "4,3", "target": "3,3", "power": "hand:1"},
    {"type": "attack", "player": "gold", "attacker": "4,3", "target": "3,3", "power": "deck:x"},
    {
        "type": "attack",
        "player": "gold",
        "attacker": "4,3",
        "target": "3,3",
        "power": "deck",
        "kind": "counterattack",
    },
    {"type": "attack", "player": "gold", "attacker": "4", "target": "3,3", "power": "deck"},
    {"type": "attack", "player": "gold", "attacker": "a,b", "target": "3,3", "power": "deck"},
    {"type": "attack", "player": "blue", "attacker": "4,3", "target": "3,3", "power": "deck"},
    {
        "type": "attack",
        "player": "gold",
        "attacker": "4,3",
        "target": "3,3",
        "power": "deck",
        "cycle_gold": "x",
    },
    {"type": "counterattack", "player": "red", "power": "deck:critical", "defense_power": ""},
    {"type": "counterattack", "player": "red"},
    {
        "type": "power_duel",
        "player": "red",
        "power": "deck:2",
        "opponent_power": "reserve:4",
        "cycle_red": "",
        "cycle_red_revealed": "2",
    },
    {"type": "assault", "player": "red", "power1": "deck:1", "power2": "", "surge": "yes"},
    {"type": "assault", "player": "red", "powers": ["deck:1", "deck:2", "deck:3"]},
    {"type": "assault", "player": "red", "powers": []},
    {"type": "charge", "player": "gold", "remove_weaken_at": "5,5"},
    {"type": "charge", "player": "gold", "remove_weaken_at": "x"},
    {"type": "reserve", "player": "gold", "discard": "Critical", "revealed": " 4 "},
    {"type": "reserve", "player": "gold", "discard": "9", "revealed": "seven"},
    {"type": "spend_charge", "player": "red", "amount": ""},
    {"type": "spend_charge", "player": "red", "amount": "1,000"},
    {"type": "spend_charge", "player": "red", "amount": "-1"},
    {"type": "spend_charge", "player": "red", "amount": "two"},
    {"type": "place", "player": "red", "card": " Thornweaver ", "space": "1,1"},
    {"type": "place", "player": "red", "card": "", "space": "1,1"},
    {"type": "deploy", "player": "red", "card": "Thornweaver", "space": "0,3"},
    {"type": "retreat", "player": "red", "space": "12,-1"},
    {"type": "move", "player": "red", "start": "1,1", "end": ""},
    {"type": "shift", "player": "red", "start": "1,1", "end": "1,2"},
    {"type": "submerge", "player": "gold", "to": "3,5"},
    {"type": "advance", "player": "gold", "start": "3,5"},
    {"type": "weaken", "player": "gold", "space": "2,2"},
    {"type": "sacrifice", "player": "gold", "space": "2,2"},
    {"type": "end_phase", "player": "gold"},
    {"type": "end_phase"},
    {"type": "activate", "player": "gold", "phase": " Move ", "link": "1"},
    {"type": "activate", "player": "gold", "phase": "dance", "link": "no"},
    {"type": "forces", "player": "red", "domain": " Elves ", "cards": "A;B\nC"},
    {"type": "forces", "player": "red", "domain": "Elves", "cards": ["A", "B"]},
    {"type": "forces", "player": "red"},
    {"type": "begin", "reserves": {"red": ["3", "Critical"], "gold": "1,2"}, "seed": 5},
    {
        "type": "begin",
        "reserve_red": "3 4",
        "reserve_gold": "1,2",
        "first_player": "GOLD",
        "coin": "red",
        "bitter_end": "true",
        "seed": "12",
    },
    {"type": "begin", "reserves": {"red": ["3"]}, "first_player": "blue", "seed": 5},
    {"type": "begin", "reserves": {}, "coin": "green", "seed": 5},
    {"type": "begin", "reserves": {}, "seed": "x"},
]


def parsed(game: Any, fields: dict[str, Any]) -> dict[str, Any]:
    """What the tracker made of a form's fields: the action's JSON form and its text, or the
    refusal's message."""
    try:
        action = game.read(fields)
    except DomekitError as exc:
        return {"fields": fields, "error": str(exc)}
    return {"fields": fields, "payload": game.action_json(action), "text": game.text(action)}


def main() -> None:
    store = Store(f"sqlite:///{tempfile.mkdtemp()}/export.sqlite3")
    service = MatchService(store)
    kit = secrets.token_urlsafe(16)
    record_kit_in(store, {"kit_id": kit, "game": "dominum"})
    match_id = service.current_match(service.kit(kit)).id
    game = service.referee("dominum")
    rng = random.Random(16)

    def send(action: dict[str, Any]) -> bool:
        try:
            service.submit(
                match_id, action, client_action_id=secrets.token_hex(8), base_version=None
            )
        except DomekitError:
            return False
        return True

    assert send({"type": "forces", "player": "gold", "domain": "Freemen", "cards": ""})
    forces = service.state_json(match_id)[1]["forces"]
    assert send(
        {"type": "forces", "player": "red", "domain": "Elves", "cards": "\n".join(forces["red"])}
    )
    assert send({"type": "forces", "player": "gold", "domain": "Shy-Lorr", "cards": []})
    assert send(
        {
            "type": "begin",
            "reserve_red": "3, 4",
            "reserve_gold": "1 2",
            "coin": "",
            "first_player": "red",
            "bitter_end": "on",
            "seed": "41",
        }
    )
    accepted, undone = 0, 0
    fields: list[dict[str, Any]] = list(EDGES)
    for _ in range(6000):
        view = game.page(service.state(match_id)[1], "table", ()).context
        if view["stage"] == "over" or accepted >= 1000:
            break
        tried = candidates(rng, view)
        fields += [f for f in tried if rng.random() < 0.2]
        for action in tried:
            if send(action):
                accepted += 1
                if rng.random() < 0.03:
                    assert send({"type": "undo"})
                    undone += 1
                break
    document = service.export(service.current_match(service.kit(kit)))
    final = service.state(match_id)[1]
    document["expected"] = {
        "state": game.state_json(final),
        "table": game.page(final, "table", ()).context,
        "player_red": game.page(final, "player", ("red",)).context,
        "player_gold": game.page(final, "player", ("gold",)).context,
        "battlefield": game.game.exports["battlefield"](final),
    }
    document["parsed"] = [parsed(game, f) for f in fields]
    kinds = sorted({a["payload"]["type"] for a in document["actions"]})
    stage = document["expected"]["table"].get("stage")
    print(f"{accepted} actions ({undone} undone), stage {stage}: {kinds}")
    text = json.dumps(document, sort_keys=True, separators=(",", ":"))
    (HERE / "export_v1.json").write_text(text + "\n")


if __name__ == "__main__":
    main()
