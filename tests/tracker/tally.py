"""A tiny game for testing the tracker's core: named tallies that may not go below zero."""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from toolkit.errors import DomekitError, RuleError
from toolkit.tracker.contract import ActionKind, JsonGame, Page, PageNotFound, View


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

    def apply(self, state: dict, action: dict) -> tuple[dict, dict]:
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
