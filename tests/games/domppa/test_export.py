"""A combat exported by the tracker before the typed match engine (issue 16, stage B) replays to
the same states, outcomes, refusals, pages and odds: data/combat-export.json is that export, as
the tracker wrote it; data/combat-golden.json is what the tracker of that day answered to each
action sent (accepted or refused), its final state, its pages, its roster CSV and the odds of a
few forms at one point. The match ran on a copy of card_data/domppa with three weapons more (a
cold one, a cold stun one, a paralysing one), rebuilt here from `extra_weapons`."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from card_edits import copy_card_data

from toolkit.errors import DomekitError, RuleError
from toolkit.tracker.contract import registered
from toolkit.tracker.referee import Referee, is_undo

HERE = Path(__file__).parent / "data"
EXPORT = json.loads((HERE / "combat-export.json").read_text(encoding="utf-8"))
GOLDEN = json.loads((HERE / "combat-golden.json").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def data_dir(tmp_path_factory: pytest.TempPathFactory) -> str:
    folder = copy_card_data("domppa", tmp_path_factory.mktemp("card-data") / "domppa")
    with open(folder / "weapons.csv", "a", encoding="utf-8") as weapons:
        weapons.write(GOLDEN["extra_weapons"])
    return str(folder)


@pytest.fixture(scope="module")
def game() -> Referee[Any, Any]:
    return Referee(registered("domppa"))


ADDED_BY_ISSUE_17 = {"turn_order", "next_up", "setting_up"}
"""What the pages show since issue 17 (the round's turn order); all else as that day."""
ADDED_BY_ISSUE_26 = {"unarmed", "mounts", "formation_bonuses", "night_rest"}
"""What the table page shows since issue 26 (unarmed blows, mounts, formation fighter's choice,
a night's rest); all else as that day."""
ADDED_TO_UNITS_BY_ISSUE_26 = {
    "off_hand", "mount", "mount_step", "rides", "formation", "decayed", "healer",
    "formation_fighter",
}  # fmt: skip
"""What a character's page shows of it since issue 26 (what it holds and rides, what its
abilities let it do); all else as that day."""


ADDED_TO_UNIT_PAGES_BY_ISSUE_27 = {"attack_with"}
"""What a character's page offers since issue 27 (its weapons as chips: how and with what in
one tap); all else as that day."""


def _as_that_day(unit: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in unit.items() if k not in ADDED_TO_UNITS_BY_ISSUE_26}


def _first_line(exc: DomekitError) -> str:
    return str(exc).splitlines()[0]  # pydantic's own lines name its version's docs


def _state_json(game: Referee[Any, Any], state: Any, data_dir: str) -> dict[str, Any]:
    return {**game.state_json(state), "data_dir": data_dir}


def test_every_stored_payload_reads_back_to_itself(game):
    for row in EXPORT["actions"]:
        if row["payload"]["type"] != "undo":
            assert game.action_json(game.decode(row["payload"])) == row["payload"]


def test_the_export_replays_to_the_final_state_and_pages_of_its_day(game, data_dir):
    state = game.state_from_json({**EXPORT["initial_state"], "data_dir": data_dir})
    states = [state]
    accepted = iter(step for step in GOLDEN["steps"] if step["ok"])
    for row in EXPORT["actions"]:
        step = next(accepted)
        if row["payload"]["type"] == "undo":
            states.pop()
            assert step["text"] == row["text"]
            continue
        action = game.decode(row["payload"])
        after, outcome = game.apply(states[-1], action)
        assert row["text"] == step["text"]
        assert (game.text(action), outcome) == (step["text"], step["outcome"])
        states.append(after)
    final = states[-1]
    golden_dir = GOLDEN["final_state"]["data_dir"]
    stored = _state_json(game, final, golden_dir)
    # Issue 17's turn order: who has had a turn this round (since the log's last new round).
    since = [r["payload"] for r in EXPORT["actions"]]
    last_round = max(i for i, p in enumerate(since) if p["type"] == "new_round")
    started = [p["unit"] for p in since[last_round:] if p["type"] == "turn"]
    assert stored.pop("acted") == list(dict.fromkeys(started))
    assert stored == GOLDEN["final_state"]
    table = game.page(final, "table", ())
    added = ADDED_BY_ISSUE_17 | ADDED_BY_ISSUE_26
    shown = {k: v for k, v in table.context.items() if k not in added}
    for key in ("units", "bench", "morale_due"):
        shown[key] = [_as_that_day(unit) for unit in shown[key]]
    assert [table.template, table.title, shown] == GOLDEN["pages"]["table"]
    for unit_id, (template, title, unit) in GOLDEN["pages"]["units"].items():
        page = game.page(final, "unit", (unit_id,))
        assert (page.template, page.title) == (template, title)
        assert _as_that_day(page.context["unit"]) == unit["unit"]
        assert [t["id"] for t in page.context["targets"]] == unit["targets"]
        own = ("unit", "targets", *ADDED_TO_UNIT_PAGES_BY_ISSUE_27)
        assert {k: v for k, v in page.context.items() if k not in own} == (table.context)
    assert game.game.exports["roster"](final) == GOLDEN["roster"]


# Fields that day's tracker stored unread, now refused at the door: a die no rule needed, typed
# as no die (the log's copy still replays: actions.UnreadDice).
STRICTER = {
    "recovery d6: 'banana' is not a die face (got 'banana')",
    "freezing d6: 'banana' is not a die face (got 'banana')",
}


# The one message that day's odds and attacks said in two ways, now said in one.
REWORDED = {
    "Shortbow shoots: choose ranged (rule: Actions: attack)": (
        "Shortbow shoots: choose a ranged attack (rule: Actions: attack)"
    )
}


OLD_CUT = 1e-9  # that day's odds followed the exploding dice 13 rolls deep: short by < 1e-9


def same_odds(now: dict[str, Any] | None, then: dict[str, Any] | None) -> None:
    """The odds asked that day, now exact (issue 20): every chance and every listed value within
    what that day's truncation left out, each distribution adding up to exactly 1, the figures
    but the truncated mass the same."""
    if then is None or now is None:  # a form without odds
        assert now is then
        return
    assert now["title"] == then["title"]
    old = {row["name"]: row["float"] for row in then["chances"]}
    new = {row["name"]: row for row in now["chances"]}
    assert set(new) == set(old)
    for name, row in new.items():
        assert abs(row["float"] - old[name]) < OLD_CUT, name
    for shown, was in zip(now["distributions"], then["distributions"], strict=True):
        rows = {row["value"]: row for row in shown["rows"]}
        assert sum(Fraction(row["fraction"]) for row in rows.values()) == 1
        for row in was["rows"]:
            if row["value"] != "rarer":
                assert abs(rows[row["value"]]["float"] - row["float"]) < OLD_CUT, row["value"]
    figures = {k: v for k, v in then["figures"].items() if k != "truncated_mass"}
    assert set(now["figures"]) == set(figures) and "truncated_mass" not in now["figures"]
    for name, value in figures.items():
        if isinstance(value, dict):  # an expectation: the left-out rolls weigh more in it
            assert 0 <= now["figures"][name]["float"] - value["float"] < 100 * OLD_CUT, name
        else:
            assert now["figures"][name] == value, name
    assert now["notes"][0] == then["notes"][0]


def test_every_action_sent_that_day_is_answered_as_it_was(game, data_dir):
    """The fields each phone sent, read and applied again: the same text and outcome, or the
    same refusal (its kind, rule and message), and the same odds at the point they were asked."""
    states = [game.state_from_json({**EXPORT["initial_state"], "data_dir": data_dir})]
    stored = iter(row["payload"] for row in EXPORT["actions"])
    stricter = set()
    for index, step in enumerate(GOLDEN["steps"]):
        fields = step["fields"]
        if is_undo(fields):
            next(stored)
            states.pop()
        elif step["ok"]:
            payload = next(stored)
            try:
                action = game.read(fields)
            except DomekitError as exc:
                assert str(exc) in STRICTER, (index, exc)
                stricter.add(str(exc))
                action = game.decode(payload)
            assert game.action_json(action) == payload, index
            after, outcome = game.apply(states[-1], action)
            assert (game.text(action), outcome) == (step["text"], step["outcome"]), index
            states.append(after)
        else:
            with pytest.raises(DomekitError) as refused:
                game.apply(states[-1], game.read(fields))
            exc = refused.value
            assert type(exc).__name__ == step["error"], (index, exc)
            assert (exc.rule if isinstance(exc, RuleError) else None) == step["rule"], index
            assert _first_line(exc) == step["message"].splitlines()[0], index
        if index == GOLDEN["odds"]["at"]:
            at = GOLDEN["odds"]
            golden_dir = at["state"]["data_dir"]
            now = _state_json(game, states[-1], golden_dir)
            assert isinstance(now.pop("acted"), list)  # issue 17's turn order
            assert now == at["state"]
            for asked in at["charts"]:
                if "chart" in asked:
                    same_odds(game.odds(states[-1], asked["form"]), asked["chart"])
                else:
                    with pytest.raises(DomekitError) as refused:
                        game.odds(states[-1], asked["form"])
                    said = REWORDED.get(asked["error"], asked["error"])
                    assert str(refused.value) == said, asked["form"]
    assert stricter == STRICTER
