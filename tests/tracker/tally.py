"""A tiny game for testing the tracker's core: named tallies that may not go below zero."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable, Mapping
from typing import Any

from toolkit.errors import DomekitError, RuleError
from toolkit.games.door import ActionKind, Door, known_kind
from toolkit.tracker.contract import Page, PageNotFound, TrackerGame, View

Json = dict[str, Any]
FieldParser = Callable[[Mapping[str, Any]], Json]


class JsonGame(TrackerGame[Json, Json]):
    """A game whose state and actions are their JSON objects (each action's `type` in it): the
    JSON forms are the values themselves, an action is `{"type": ..., **parsers[type](fields)}`
    and an action from the log is read as fields. Its door's guards read `actions` (kinds and
    what the guards need), `over`, `whose_turn`, `mover`, `seat_name`; its rules are `rules`."""

    actions: Mapping[str, ActionKind]
    parsers: Mapping[str, FieldParser]
    rule_over = "The end of the match"
    rule_turn = "Turns"

    @property
    def door(self) -> Door[Json, Json, Json]:
        return Door(
            actions=self.actions,
            rules=self.rules,
            position=lambda state: json.dumps(state, sort_keys=True),
            over=self.over,
            whose_turn=self.whose_turn,
            mover=self.mover,
            seat_name=self.seat_name,
            kind=self.kind,
            rule_over=self.rule_over,
            rule_turn=self.rule_turn,
        )

    def rules(self, state: Json, action: Json) -> tuple[Json, Json]:
        raise NotImplementedError

    def over(self, state: Json) -> str | None:
        return None

    def whose_turn(self, state: Json) -> str | None:
        return None

    def mover(self, state: Json, action: Json) -> str | None:
        return None

    def apply(self, state: Json, action: Json) -> tuple[Json, Json]:
        return self.door.apply(state, action)

    def kind(self, action: Json) -> str:
        return str(action.get("type", ""))

    def parse_action(self, fields: Mapping[str, Any]) -> Json:
        kind = known_kind(fields.get("type"), self.actions)
        return {"type": kind, **self.parsers[kind](fields)}

    def state_json(self, state: Json) -> Json:
        return state

    def state_from_json(self, value: Json) -> Json:
        if value.get("game") not in (None, self.name):
            raise DomekitError(f"this is a {value.get('game')!r} state, not a {self.name} one")
        return value

    def action_json(self, action: Json) -> Json:
        return action

    def action_from_json(self, value: Json) -> Json:
        return self.parse_action(value)


def _add(data: Mapping[str, Any]) -> dict:
    try:
        amount = int(data.get("amount", ""))
    except ValueError:
        raise DomekitError("amount must be a whole number") from None
    added = {"name": str(data.get("name", "")), "amount": amount}
    if data.get("jar"):
        added["jar"] = str(data["jar"])
    return added


def _table(state: dict) -> Page:
    return Page("Tallies", {"tallies": state["tallies"]})


def _team(state: dict, name: str) -> Page:
    if name not in state["tallies"]:
        raise PageNotFound(f"no page team {name}")
    return Page(name, {"tallies": {name: state["tallies"][name]}})


class TallyGame(JsonGame):
    name = "tally"
    actions = {"add": ActionKind()}
    parsers = {"add": _add}
    pages = {"table": View(_table), "team": View(_team, "name")}
    exports = {"tallies": lambda state: [["name", "value"], *sorted(state["tallies"].items())]}

    def new_match(self, manifest: Mapping[str, Any], previous: dict | None) -> dict:
        names = manifest.get("teams") or ["a", "b"]
        carried = previous["tallies"] if previous else {}
        return {"game": "tally", "tallies": {name: carried.get(name, 0) for name in names}}

    def matches_in_campaign(self, state: dict) -> int:
        return 3

    def next_match_refusal(self, state: dict) -> str | None:
        return None

    def rules(self, state: dict, action: dict) -> tuple[dict, dict]:
        name = action["name"]
        if name not in state["tallies"]:
            raise RuleError("known tallies", f"there is no tally {name!r}")
        value = state["tallies"][name] + action["amount"]
        if value < 0:
            raise RuleError("no negative tallies", f"{name} would go below zero")
        new = copy.deepcopy(state)
        new["tallies"][name] = value
        return new, {"steps": [f"{name}: {state['tallies'][name]} + {action['amount']}"]}

    def asks(self, state: dict, action: dict, outcome: dict) -> list[dict]:
        if action["amount"] < 100 or "jar" in action:  # a question only big amounts raise
            return []
        jars = [{"value": jar, "label": f"Into the {jar} jar"} for jar in ("left", "right")]
        return [{"field": "jar", "question": "Which jar?", "options": jars}]

    def text(self, action: dict) -> str:
        return f"add {action['amount']} to {action['name']}"

    def seats(self, state: dict) -> list[tuple[str, str]]:
        return [(name, f"Tally {name}") for name in state["tallies"]]

    def acting_seat(self, state: dict, action: dict) -> str | None:
        return str(action["name"])

    def touches(self, action: dict) -> frozenset[str]:
        return frozenset({f"tally:{action['name']}"})


game = TallyGame()
