"""Death Dome matches played through the tracker's service, step by step, as golden records.

`record()` plays each scenario on a fresh store and returns, per scenario, the match's export,
every step's text, outcome (or refusal) and state JSON, and the pages and payout CSV at named
checkpoints. tests/games/deathdome/data/before_stage_b.json.gz is `record()` as the tracker
played it before the typed match engine (commit 6f78a18, the dict state and its handlers);
test_golden.py plays the same scenarios today and compares. Remake the file (only when a change
of what a page shows or a state holds is meant) with:

    cd tests/games/deathdome && ../../../.venv/bin/python scenarios.py data/before_stage_b.json.gz
"""

from __future__ import annotations

import gzip
import json
import secrets
import sys
import tempfile
from typing import Any

from toolkit.errors import DomekitError
from toolkit.tracker.kits import record_kit_in
from toolkit.tracker.matches import MatchService
from toolkit.tracker.storage import Store

Script = list[Any]
"""Action fields (as a phone sends them), "checkpoint:<name>", or "until_payout" (every team
ends its turns until the 12th round is over)."""


def scenario_a() -> tuple[list[str], Script]:
    script: Script = []
    a = script.append
    a({"type": "seat", "order": "blue,red,green"})
    a({"type": "buy", "team": "blue", "item": "pistol"})
    a({"type": "vitae", "unit": "blue.scout", "change": -1})
    a({"type": "end_match"})
    a({"type": "points", "team": "red", "control_points": 1, "tower_centres": 0})
    a({"type": "buy", "team": "red", "item": "heavy-rifle"})
    a({"type": "seat", "order": "red,green,blue"})
    a({"type": "equip", "unit": "red.gunner", "item": "chainsaw"})
    a({"type": "unequip", "unit": "red.gunner", "item": "pistol"})
    a({"type": "sell", "seller": "green", "buyer": "red", "item": "pistol", "price": 1})
    a({"type": "buy", "team": "green", "item": "titan-armour"})
    a({"type": "sell", "seller": "green", "buyer": "red", "item": "titan-armour", "price": 450000})
    a({"type": "equip", "unit": "red.scout", "item": "titan-armour"})
    a({"type": "unequip", "unit": "red.scout", "item": "titan-armour"})
    a({"type": "sell", "seller": "red", "buyer": "green", "item": "titan-armour", "price": 450000})
    a({"type": "pass", "team": "red"})
    a({"type": "equip", "unit": "red.gunner", "item": "heavy-rifle"})
    a({"type": "buy", "team": "green", "item": "Flamethrower"})
    a({"type": "equip", "unit": "green.gunner", "item": "flamethrower"})
    a({"type": "buy", "team": "blue", "item": "stun-blaster"})
    a({"type": "equip", "unit": "blue.gunner", "item": "stun-blaster"})
    a({"type": "equip", "unit": "blue.scout", "item": "stun-blaster"})
    a({"type": "buy", "team": "red", "item": "hoblerone-robe"})
    a({"type": "buy", "team": "green", "item": "Flamethrower"})
    a({"type": "equip", "unit": "green.gunner", "item": "flamethrower"})
    a({"type": "transfer", "payer": "red", "payee": "green", "amount": "10,000", "note": "bribe"})
    a({"type": "buy", "team": "blue", "item": "kevlar-vest"})
    a({"type": "sell", "seller": "blue", "buyer": "red", "item": "kevlar-vest", "price": 10000})
    a({"type": "buy", "team": "red", "item": "hoblerone-healer"})
    a({"type": "pass", "team": "green"})
    a({"type": "pass", "team": "blue"})
    a({"type": "equip", "unit": "red.medic", "item": "hoblerone-healer"})
    a({"type": "equip", "unit": "red.medic", "item": "kevlar-vest"})
    a({"type": "buy", "team": "red", "item": "hoblerone-lancet"})
    a({"type": "buy", "team": "red", "item": "titan-armour"})
    a({"type": "equip", "unit": "red.medic", "item": "hoblerone-lancet"})
    a({"type": "equip", "unit": "red.medic", "item": "hoblerone-robe"})
    a({"type": "unequip", "unit": "red.medic", "item": "kevlar-vest"})
    a({"type": "equip", "unit": "red.scout", "item": "kevlar-vest"})
    a({"type": "pass", "team": "red"})
    a({"type": "buy", "team": "red", "item": "pistol"})
    a("checkpoint:setup")
    a({"type": "start"})
    a({"type": "buy", "team": "red", "item": "pistol"})
    a({"type": "equip", "unit": "red.scout", "item": "pistol"})
    a({"type": "unequip", "unit": "red.gunner", "item": "heavy-rifle"})
    a({"type": "seat", "order": "red,green,blue"})
    a({"type": "payout", "roll": 3})
    a({"type": "end_match"})
    a({"type": "attack", "attacker": "red.gunner", "target": "red.scout", "cards": "1"})
    a(
        {
            "type": "attack",
            "attacker": "red.scout",
            "target": "blue.scout",
            "weapon": "heavy-rifle",
            "cards": "1",
        }
    )
    a(
        {
            "type": "attack",
            "attacker": "red.gunner",
            "target": "blue.scout",
            "weapon": "chainsaw",
            "cards": "1",
        }
    )
    a(
        {
            "type": "attack",
            "attacker": "red.gunner",
            "target": "blue.scout",
            "weapon": "kevlar-vest",
            "cards": "1",
        }
    )
    a(
        {
            "type": "attack",
            "attacker": "red.gunner",
            "target": "blue.scout",
            "weapon": "heavy-rifle",
            "cards": "1",
            "splash": "blue.medic:1",
        }
    )
    a(
        {
            "type": "attack",
            "attacker": "red.gunner",
            "target": "blue.scout",
            "cards": "1",
            "jail": "east",
        }
    )
    a({"type": "attack", "attacker": "red.gunner", "target": "blue.scout", "cards": "9"})
    a(
        {
            "type": "attack",
            "attacker": "red.gunner",
            "target": "blue.scout",
            "cards": "1",
            "controller": "purple",
        }
    )
    a({"type": "release", "team": "red", "jail": "north"})
    a({"type": "release", "team": "red", "jail": "east"})
    a({"type": "capture", "team": "red", "previous": "red"})
    a({"type": "capture", "team": "red", "previous": "blue"})
    a({"type": "transfer", "payer": "red", "payee": "blue", "amount": 9000000})
    a({"type": "transfer", "payer": "red", "payee": "red", "amount": 1})
    a({"type": "transfer", "payer": "red", "payee": "purple", "amount": 1})
    a({"type": "vitae", "unit": "blue.scout", "change": -1, "credited": "purple"})
    a({"command": "attack red.gunner -> blue.gunner with heavy-rifle cards 1,1,1 vs 1 behind wall"})
    a({"type": "capture", "team": "red"})
    a({"type": "capture", "team": "red"})
    a({"type": "heal", "unit": "red.scout"})
    a({"type": "end_turn", "team": "red"})
    a(
        {
            "type": "attack",
            "attacker": "green.gunner",
            "target": "blue.gunner",
            "weapon": "flamethrower",
            "cards": "2",
            "defence": "1",
            "splash": "green.medic:1",
            "jail": "south",
        }
    )
    a(
        {
            "type": "attack",
            "attacker": "green.gunner",
            "target": "blue.gunner",
            "weapon": "flamethrower",
            "cards": "2",
            "defence": "1",
            "splash": "blue.gunner:1",
            "jail": "south",
        }
    )
    a(
        {
            "type": "attack",
            "attacker": "green.gunner",
            "target": "blue.gunner",
            "weapon": "flamethrower",
            "cards": "2",
            "defence": "1",
            "splash": "blue.medic:1; blue.warrior:",
            "jail": "south",
        }
    )
    a({"type": "vitae", "unit": "blue.warrior", "change": -6, "credited": "green", "jail": "north"})
    a(
        {
            "type": "attack",
            "attacker": "red.scout",
            "target": "blue.medic",
            "cards": [1],
            "controller": "green",
        }
    )
    a({"type": "end_turn", "team": "green"})
    a(
        {
            "type": "attack",
            "attacker": "blue.gunner",
            "target": "red.warrior",
            "weapon": "stun-blaster",
            "cards": "1",
            "defence": "",
        }
    )
    a({"type": "heal", "unit": "blue.warrior"})
    a({"type": "vitae", "unit": "blue.warrior", "change": 1})
    a({"type": "release", "team": "blue", "jail": "north"})
    a({"type": "end_turn", "team": "blue"})
    a({"type": "attack", "attacker": "red.warrior", "target": "blue.scout", "cards": "1"})
    a({"type": "heal", "unit": "red.warrior"})
    a(
        {
            "type": "attack",
            "attacker": "red.gunner",
            "target": "green.scout",
            "weapon": "heavy-rifle",
            "cards": "4,4",
            "defence": "",
            "bonus_s": 1,
            "bonus_t": "1",
            "behind": "lava",
            "jail": "south",
        }
    )
    a({"type": "capture", "team": "red", "point": "tower centre"})
    a({"type": "undo"})
    a({"type": "capture", "team": "red", "point": "tower_centre"})
    a("checkpoint:play")
    a({"type": "end_turn", "team": "red"})
    a({"type": "points", "team": "green", "control_points": 6, "tower_centres": 0})
    a({"type": "capture", "team": "green", "previous": "red"})
    a({"type": "heal", "unit": "green.gunner"})
    a({"type": "end_turn", "team": "green"})
    a({"type": "vitae", "unit": "red.medic", "change": "-2"})
    a({"type": "vitae", "unit": "red.medic", "change": "+1"})
    a("until_payout")
    a("checkpoint:payout")
    a({"type": "points", "team": "red", "control_points": 2, "tower_centres": 1})
    a({"type": "payout", "roll": 7})
    a({"type": "end_turn", "team": "red"})
    a({"type": "payout", "roll": 5})
    a({"type": "transfer", "payer": "blue", "payee": "red", "amount": 5, "note": "a bet"})
    a({"type": "end_turn", "team": "red"})
    a({"type": "points", "team": "red", "control_points": 2, "tower_centres": 1})
    a({"type": "payout", "roll": 5})
    a("checkpoint:over")
    return ["red", "blue", "green"], script


def scenario_b() -> tuple[list[str], Script]:
    script: Script = [
        {"type": "pass", "team": "red"},
        {"type": "pass", "team": "blue"},
        {"type": "start"},
    ]
    script.append({"type": "end_match"})  # refused
    for t in ("gunner", "warrior", "medic", "scout"):
        script.append(
            {
                "type": "vitae",
                "unit": f"blue.{t}",
                "change": -99,
                "credited": "red",
                "jail": "south" if t == "medic" else "",
            }
        )
    script.append("checkpoint:out")
    script.append({"type": "end_match"})
    script.append({"type": "payout", "roll": 2})
    script.append("checkpoint:over")
    return ["red", "blue"], script


PAGES_OF_UNITS = {
    "three_teams": [("red", "medic"), ("blue", "gunner"), ("red", "warrior"), ("green", "scout")],
    "last_team_standing": [("blue", "medic"), ("red", "scout")],
    "campaign": [("red", "gunner")],
}


ODDS_FORMS = {
    "play": [
        {"type": "attack", "attacker": "red.gunner", "target": "green.scout",
         "weapon": "heavy-rifle", "cards": "2,2", "defence": ""},
        {"type": "attack", "attacker": "red.gunner", "target": "blue.scout",
         "weapon": "heavy-rifle", "cards": "2,2"},
        {"type": "attack", "attacker": "red.gunner", "target": "blue.gunner",
         "weapon": "heavy-rifle", "cards": "3,3,3", "defence": "", "defender_cards": "2",
         "behind": "lava", "bonus_t": "1"},
        {"type": "attack", "attacker": "green.gunner", "target": "blue.medic",
         "weapon": "flamethrower", "cards": "1", "defence": "2,1", "splash": "blue.scout:1"},
        {"type": "capture", "team": "green", "previous": "red"},
        {"type": "capture", "team": "blue", "point": "tower_centre"},
        {"type": "end_turn", "team": "red"},
    ],
}  # fmt: skip


class Recorder:
    def __init__(self, name: str, teams: list[str]) -> None:

        self.name = name
        self.service = MatchService(Store(f"sqlite:///{tempfile.mkdtemp()}/golden.sqlite3"))
        self.kit = secrets.token_urlsafe(16)
        record_kit_in(self.service.store, {"kit_id": self.kit, "game": "deathdome", "teams": teams})
        self.match = self.service.current_match(self.service.kit(self.kit))
        self.game = self.service.referee("deathdome")
        self.steps: list[dict[str, Any]] = []
        self.checkpoints: dict[str, Any] = {}

    def state_json(self) -> dict[str, Any]:
        return self.service.state_json(self.match.id)[1]

    def submit(self, fields: dict[str, Any]) -> None:

        try:
            done = self.service.submit(
                self.match.id, fields, client_action_id=secrets.token_hex(8), base_version=None
            )
        except DomekitError as exc:
            self.steps.append(
                {"fields": fields, "refused": str(exc), "rule": getattr(exc, "rule", None)}
            )
            return
        self.steps.append(
            {
                "fields": fields,
                "text": done.text,
                "outcome": done.outcome,
                "state": self.state_json(),
            }
        )

    def checkpoint(self, name: str) -> None:
        state = self.service.state(self.match.id)[1]
        order = self.state_json()["order"]
        pages = {"table": self.game.page(state, "table", ()).context}
        for colour in order:
            pages[f"team/{colour}"] = self.game.page(state, "team", (colour,)).context
        for colour, unit_type in PAGES_OF_UNITS[self.name]:
            if colour in order:
                page = self.game.page(state, "unit", (colour, unit_type))
                pages[f"unit/{colour}/{unit_type}"] = page.context
        self.checkpoints[name] = {
            "state": self.state_json(),
            "pages": pages,
            "payout_csv": self.game.game.exports["payout"](state),
            "odds": [self.odds(state, fields) for fields in ODDS_FORMS.get(name, [])],
        }

    def odds(self, state: Any, fields: dict[str, Any]) -> Any:
        try:
            return self.game.odds(state, fields)
        except DomekitError as exc:
            return {"refused": str(exc)}

    def play(self, script: Script) -> None:
        for item in script:
            if item == "until_payout":
                while self.state_json()["phase"] == "play":
                    now = self.state_json()
                    self.submit({"type": "end_turn", "team": now["order"][now["turn"]]})
            elif isinstance(item, str):
                self.checkpoint(item.split(":", 1)[1])
            else:
                self.submit(item)

    def next_match(self) -> None:
        self.match = self.service.start_next_match(self.service.kit(self.kit), self.match.id)

    def result(self) -> dict[str, Any]:
        final = self.service.state(self.match.id)[1]
        following = self.game.new_match(self.service.kit(self.kit).manifest, final)
        return {
            "export": self.service.export(self.service.store.match(self.match.id)),
            "steps": self.steps,
            "checkpoints": self.checkpoints,
            "next_match_initial_state": self.game.state_json(following),
        }


def campaign() -> dict[str, Any]:
    """Five matches of two teams; the last one's record (its payout names the campaign's winner)."""
    recorder = Recorder("campaign", ["red", "blue"])
    short: Script = [
        {"type": "pass", "team": "red"},
        {"type": "pass", "team": "blue"},
        {"type": "start"},
        {"type": "points", "team": "red", "control_points": 1, "tower_centres": 0},
        "until_payout",
        {"type": "payout", "roll": 1},
    ]
    first: Script = [
        {"type": "buy", "team": "red", "item": "heavy-rifle"},
        {"type": "equip", "unit": "red.gunner", "item": "heavy-rifle"},
        *short,
    ]
    recorder.play(first)
    for _ in range(3):
        recorder.next_match()
        recorder.play(short)
    recorder.next_match()
    recorder.steps = []
    recorder.play(["checkpoint:setup", *short, "checkpoint:over"])
    return recorder.result()


def record() -> dict[str, Any]:
    out = {}
    for name, (teams, script) in {
        "three_teams": scenario_a(),
        "last_team_standing": scenario_b(),
    }.items():
        recorder = Recorder(name, teams)
        recorder.play(script)
        out[name] = recorder.result()
    out["campaign"] = campaign()
    return out


def load(path: str) -> dict[str, Any]:
    with gzip.open(path, "rt", encoding="utf-8") as file:
        found: dict[str, Any] = json.load(file)
    return found


if __name__ == "__main__":
    with gzip.open(sys.argv[1], "wt", encoding="utf-8") as file:
        json.dump(record(), file, separators=(",", ":"))
