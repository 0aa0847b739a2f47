"""The typed match engine plays Death Dome exactly as the tracker before it did.

data/before_stage_b.json.gz is what the dict-state tracker recorded for the scenarios of
scenarios.py (every step's text, outcome, refusal and state JSON, the pages, payout CSV and odds
at checkpoints, each match's export). Today's engine plays the same scenarios through the same
service; everything must be equal, except that refusals which named no rule now name one.
The exports made then import and replay today to the states recorded then. Issue 26 (every card
does what it says) changed, by design and checked here: an item's `text` on the pages is its
printed rules text made from its effects; the drugs for friends have no strength; the pages show
what issue 26 added (an item's effects, what lasts on a unit, its combos); the attack odds show
each choice left to a player as its best and worst (the best is the old figures). Issue 27
(never misleading) words the cards a team draws as a sentence (`as_issue_27_said_it`) and adds
to the pages the match's tracking mode, the jails holding units and the effect-card chips.
"""

from __future__ import annotations

import json
import re
import secrets
from pathlib import Path
from typing import Any

import pytest

from toolkit.games.deathdome.actions import Action
from toolkit.games.deathdome.data import load_deathdome
from toolkit.tracker.kits import record_kit_in
from toolkit.tracker.matches import MatchService
from toolkit.tracker.storage import Store

from .scenarios import ODDS_FORMS, load, record

BEFORE = load(str(Path(__file__).parent / "data" / "before_stage_b.json.gz"))
NAMES = sorted(BEFORE)
# Refusals the dict-state tracker raised without naming a rule, and the rule they name now.
NOW_NAMING_A_RULE = {
    "red.gunner does not carry Pistol": "Item Cards",
    "no jail 'east' on the board; the jails are north, south": None,  # the action's own rule
    "a unit is named twice among the targets": "Splash Damage",
}
# Refusals that now quote the rule's sentence from rules.toml's [limits] (issue 20).
NOW_QUOTING_THE_RULE = {
    "attack cards: a Special Play card's power value is 1 to 4 (got 9)": (
        "attack cards: a Special Play card's power value: 9 is not 1 to 4 (\"1,2,3,4 = power "
        'cards this number can be added to any attack or defense stack") (rule: Special Play '
        "Deck)"
    ),
    "fans: the die shows 1 to 6 (got 7)": (
        'fans: the die: 7 is not 1 to 6 ("the winner rolls a single die to determine the number '
        'of fans present at the Death Match") (rule: Payout Winnings)'
    ),
}


ADDED_BY_ISSUE_17 = {
    "draw_prompt", "power_min", "power_max", "target_units", "chips_per_value", "carriers"
}  # fmt: skip
CARDS = load_deathdome()
ADDED_BY_ISSUE_26 = {
    "free_actions", "special_play",  # the table: a free action given, the cards played alone
    "usable", "lasting", "combos",  # a unit: its items it may use, what lasts on it, its combos
    "effects", "used", "drug", "target",  # an item: effects, used, a drug, whom it is used on
}  # fmt: skip


def as_issue_26_shows_it(old: Any, new: Any) -> Any:
    """The new page as it would have shown before issue 26, each change checked on the way: an
    item's `text` is its printed rules text, made from its effects (items.csv's `effects`), no
    longer the prose of the old `text` column; a drug for friends (Medi-Kit, Adrenaline,
    Steroids, Pain Dispersor) has no strength: "When using a drug pack on a teammate, the
    effects of the card are automatic" (Medic Unit): it is given, it does not attack, so it is
    no S1 weapon; what issue 26 added (ADDED_BY_ISSUE_26) is left out."""
    if isinstance(old, dict) and isinstance(new, dict):
        assert set(new) - set(old) <= ADDED_BY_ISSUE_26, set(new) - set(old)
        shown = {key: as_issue_26_shows_it(old[key], new.get(key)) for key in old}
        item = CARDS.items.get(str(old.get("id")))
        if item is not None and "text" in old:
            assert new["text"] == item.text != old["text"], item.id
            shown["text"] = old["text"]
        if item is not None and item.is_drug and "strength" in old:
            assert (old["strength"], new["strength"]) == (1, None), item.id
            shown["strength"] = old["strength"]
        return shown
    if isinstance(old, list) and isinstance(new, list) and len(old) == len(new):
        return [as_issue_26_shows_it(o, n) for o, n in zip(old, new, strict=True)]
    return new


ADDED_BY_ISSUE_27 = {
    "light", "jails_held",  # the match's tracking mode; the jails holding units (one-tap releases)
    "attack_effects", "defence_effects",  # a unit page's effect-card chips for each stack
}  # fmt: skip
SAID_THEN = "{base} + 1 for every full {per} control points: {base} + {held} // {per} = {count}"
SAID_NOW = [
    re.compile(
        r"Cards to draw: (?P<count>\d+) \((?P<base>\d+), and \d+ more for (?P<held>\d+) "
        r"control points: 1 for every (?P<per>\d+)\)"
    ),
    re.compile(
        r"Cards to draw: (?P<count>\d+) \((?P<held>\d+) control points?; 1 more card for "
        r"every (?P<per>\d+)\)"
    ),
]


def as_issue_27_said_it(value: Any) -> Any:
    """An outcome as it was worded before issue 27 said the cards a team draws in words ("Cards
    to draw: 5 (3, and 2 more for 10 control points: 1 for every 5)", no "3 + 10 // 5 = 5"):
    each such step back in the old words, its numbers checked on the way."""
    if isinstance(value, dict):
        return {key: as_issue_27_said_it(item) for key, item in value.items()}
    if isinstance(value, list):
        return [as_issue_27_said_it(item) for item in value]
    if isinstance(value, str) and value.startswith("Cards to draw: "):
        found = next(m for m in (p.fullmatch(value) for p in SAID_NOW) if m)
        count, held, per = int(found["count"]), int(found["held"]), int(found["per"])
        base = int(found.groupdict().get("base") or count)
        assert count == base + held // per, value
        return SAID_THEN.format(base=base, per=per, held=held, count=count)
    return value


@pytest.fixture(scope="module")
def now() -> dict[str, Any]:
    recorded: dict[str, Any] = json.loads(json.dumps(record()))  # as JSON holds it
    return recorded


def test_the_record_covers_every_action_and_phase():
    kinds = {
        step["fields"].get("type") or step["fields"]["command"].split()[0]
        for name in NAMES
        for step in BEFORE[name]["steps"]
        if "text" in step
    }
    assert kinds == {
        "seat", "buy", "pass", "sell", "equip", "unequip", "start", "attack", "heal", "vitae",
        "capture", "points", "release", "end_turn", "transfer", "end_match", "payout",
        "undo",
    }  # fmt: skip
    phases = {step["state"]["phase"] for name in NAMES for step in BEFORE[name]["steps"]
              if "state" in step}  # fmt: skip
    assert phases == {"setup", "play", "payout", "over"}


@pytest.mark.parametrize("name", NAMES)
def test_every_step_has_the_same_text_outcome_and_state(name, now):
    before, today = BEFORE[name]["steps"], now[name]["steps"]
    assert len(today) == len(before)
    for old, new in zip(before, today, strict=True):
        assert new["fields"] == old["fields"]
        if "refused" not in old:
            assert as_issue_27_said_it(new) == old
            continue
        assert "refused" in new, (old, new)
        if old["refused"] in NOW_QUOTING_THE_RULE:
            assert new["refused"] == NOW_QUOTING_THE_RULE[old["refused"]]
            assert new["refused"].endswith(f"(rule: {new['rule']})")
        elif old["rule"] is None and old["refused"] in NOW_NAMING_A_RULE:
            rule = NOW_NAMING_A_RULE[old["refused"]] or new["rule"]
            assert new["rule"] == rule
            assert new["refused"] == f"{old['refused']} (rule: {rule})"
        else:
            assert (new["refused"], new["rule"]) == (old["refused"], old["rule"])


@pytest.mark.parametrize("name", NAMES)
def test_pages_payout_csv_and_odds_are_the_same(name, now):
    assert now[name]["checkpoints"].keys() == BEFORE[name]["checkpoints"].keys()
    for point, old in BEFORE[name]["checkpoints"].items():
        new = now[name]["checkpoints"][point]
        assert new["state"] == old["state"]
        for page, context in old["pages"].items():
            # Every page shows all it showed, as it showed it; issue 17's pages show more
            # (the start-of-turn prompt, the chips' card values, the units an item fits).
            added = ADDED_BY_ISSUE_17 | ADDED_BY_ISSUE_27
            shown = {k: v for k, v in new["pages"][page].items() if k not in added}
            assert as_issue_26_shows_it(context, shown) == context, (point, page)
        assert new["payout_csv"] == old["payout_csv"]
        for form, new_odds, old_odds in zip(
            ODDS_FORMS.get(point, []), new["odds"], old["odds"], strict=True
        ):
            if form.get("type") == "capture" or form.get("defence"):
                # Issue 17: no odds beside a certain result (a capture's payout, a played defense).
                assert "refused" in new_odds and "no odds" in new_odds["refused"], form
            else:
                assert _without_choices(_without_best_sets(new_odds)) == old_odds, form


def _without_best_sets(chart: Any) -> Any:
    """An attack chart as it was before issue 20 added which set to play for each goal."""
    if not isinstance(chart, dict) or "best_sets" not in chart.get("figures", {}):
        return chart
    assert set(chart["figures"]["best_sets"]) == {"wound", "kill", "push_back"}
    return {**chart, "figures": {k: v for k, v in chart["figures"].items() if k != "best_sets"}}


def _without_choices(chart: Any) -> Any:
    """An attack chart as it was before issue 26 showed each choice left to a player as its
    best and its worst: the defender's unknown hand may hold effect cards (Dodge +T 2, Brace),
    which it may play or keep. The headline stays the old one, the choice's best."""
    if not isinstance(chart, dict) or "choices" not in chart.get("figures", {}):
        return chart
    figures = chart["figures"]
    chances = {row["name"]: {k: row[k] for k in ("fraction", "float")} for row in chart["chances"]}
    for choice in figures["choices"]:
        best = choice["best"]
        assert {name[2:]: best[name] for name in best if name.startswith("p_")} == chances
        assert best["expected_damage"] == figures["expected_damage"]
        assert choice["worst"]["p_wound"]["float"] <= best["p_wound"]["float"]
    return {**chart, "figures": {k: v for k, v in figures.items() if k != "choices"}}


@pytest.mark.parametrize("name", NAMES)
def test_the_next_match_starts_the_same(name, now):
    assert now[name]["next_match_initial_state"] == BEFORE[name]["next_match_initial_state"]


def _bare(document: dict[str, Any]) -> dict[str, Any]:
    """An export without what differs between any two runs (times, client action ids)."""
    actions = [
        {k: v for k, v in entry.items() if k not in ("created", "client_action_id")}
        for entry in document["actions"]
    ]
    return {**document, "actions": actions}


@pytest.mark.parametrize("name", NAMES)
def test_exports_are_the_same_and_every_stored_action_keeps_its_json(name, now):
    old = BEFORE[name]["export"]
    assert _bare(now[name]["export"]) == _bare(old)
    for entry in old["actions"]:
        if entry["payload"].get("type") != "undo":
            action = Action.from_json(entry["payload"])
            assert action.to_json() == entry["payload"]
            assert action.text() == entry["text"]


@pytest.mark.parametrize("name", NAMES)
def test_an_export_made_before_imports_and_replays_to_the_state_recorded_then(name, tmp_path):
    store = Store(f"sqlite:///{tmp_path / 'import.sqlite3'}")
    service = MatchService(store)
    kit = secrets.token_urlsafe(16)
    teams = BEFORE[name]["export"]["initial_state"]["order"]
    record_kit_in(store, {"kit_id": kit, "game": "deathdome", "teams": sorted(teams)})
    imported = service.import_match(service.kit(kit), BEFORE[name]["export"], replaces=None)
    recorded = [step["state"] for step in BEFORE[name]["steps"] if "state" in step]
    assert service.state_json(imported.id)[1] == recorded[-1]
    assert MatchService(store).state_json(imported.id)[1] == recorded[-1]  # a cold rebuild
