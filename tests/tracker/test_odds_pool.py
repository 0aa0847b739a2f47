"""The odds pool (toolkit/tracker/odds_pool.py): the odds worked out in worker processes give the
games' own answers and refusals, and a query past the time limit is really stopped."""

from __future__ import annotations

import os
import threading
import time

import pytest
from load_harness import limits

from toolkit.errors import DomekitError, RuleError
from toolkit.tracker.contract import registered
from toolkit.tracker.odds_pool import OddsBusy, OddsPool, OddsTooSlow
from toolkit.tracker.referee import Referee

GIANT = limits.GIANT
FIGHT = {**limits.FIGHT, "exchanges": "5"}


def played(game: str, manifest: dict, *actions: dict):
    """(the game's referee, the state after these actions from a new match)."""
    referee = Referee(registered(game))
    state = referee.new_match({"game": game, **manifest}, None)
    for fields in actions:
        state, _outcome = referee.apply(state, referee.read(fields))
    return referee, state


def giants():
    """Two Domppa characters of Health 160 (805 HP) with broadswords: the heaviest fight."""
    return played(
        "domppa",
        {},
        {**GIANT, "name": "Giant A"},
        {**GIANT, "name": "Giant B"},
        *(
            {"type": "gear", "unit": unit, "weapon": "Broadsword"}
            for unit in ("giant-a", "giant-b")
        ),
    )


@pytest.fixture
def pool():
    found = OddsPool(seconds=30).start()
    yield found
    found.close()


DD_ATTACK = {"type": "attack", "attacker": "red.gunner", "target": "blue.scout"}
FORMS = [
    ("deathdome", {"teams": ["red", "blue"]}, (), {**DD_ATTACK, "cards": "3,2"}),
    (
        "deathdome",
        {"teams": ["red", "blue"]},
        (),
        {**DD_ATTACK, "cards": "1", "defender_cards": "2"},
    ),
    ("naturedome", {}, (), limits.CLASH),
    (
        "domppa",
        {},
        ({**GIANT, "name": "Giant A"}, {**GIANT, "name": "Giant B"}),
        {"type": "morale", "unit": "giant-b"},
    ),
    (
        "domppa",
        {},
        (
            {"type": "add", "name": "Ann", "health": 4, "attack": 9, "strength": 4},
            {"type": "add", "name": "Bo", "health": 3, "defence": 4},
            {"type": "gear", "unit": "ann", "weapon": "Mace"},
            {"type": "gear", "unit": "bo", "weapon": "Dagger"},
        ),
        {"type": "fight", "unit": "ann", "against": "bo", "exchanges": "4"},
    ),
]


@pytest.mark.parametrize(("game", "manifest", "actions", "form"), FORMS)
def test_a_chart_from_the_pool_is_the_games_own(pool, game, manifest, actions, form):
    referee, state = played(game, manifest, *actions)
    assert pool.chart(referee, state, form) == referee.odds(state, form)


def test_a_refusal_comes_back_with_its_rule_and_a_form_without_odds_as_none(pool):
    referee, state = giants()
    ranged = {"type": "attack", "mode": "ranged", "attacker": "giant-a", "target": "giant-b",
              "hit_dice": "roll", "damage_dice": "roll"}  # fmt: skip
    with pytest.raises(RuleError) as refused:
        pool.chart(referee, state, ranged)
    assert refused.value.rule == "Actions: attack"
    assert "Broadsword is not a ranged weapon" in str(refused.value)
    with pytest.raises(DomekitError, match="follows at most 5 exchanges, not 6"):
        pool.chart(referee, state, {**FIGHT, "exchanges": "6"})
    assert pool.chart(referee, state, {"type": "new_round"}) is None


def test_a_query_past_the_time_limit_is_stopped_and_its_worker_replaced():
    referee, state = giants()
    pool = OddsPool(seconds=0.3).start()
    try:
        assert pool.chart(referee, state, {"type": "morale", "unit": "giant-a"})  # ready
        worker = pool._idle.queue[0].process
        with pytest.raises(OddsTooSlow, match="take more than 0.3 s of work to work out"):
            pool.chart(referee, state, FIGHT)  # about 1.5 s of work
        assert not worker.is_alive()  # killed, not left running
        with pytest.raises(ProcessLookupError):
            os.kill(worker.pid, 0)
        # A new worker answers the next query.
        assert pool.chart(referee, state, {"type": "morale", "unit": "giant-a"})
        assert pool._idle.queue[0].process.pid != worker.pid
    finally:
        pool.close()


def test_queries_beyond_the_waiting_bound_are_refused_at_once():
    referee, state = giants()
    pool = OddsPool(size=1, waiting=0, seconds=30).start()
    try:
        assert pool.chart(referee, state, {"type": "morale", "unit": "giant-a"})  # ready
        long = threading.Thread(target=pool.chart, args=(referee, state, FIGHT))
        long.start()
        time.sleep(0.2)
        started = time.monotonic()
        with pytest.raises(OddsBusy, match="the odds are busy"):
            pool.chart(referee, state, {"type": "morale", "unit": "giant-b"})
        assert time.monotonic() - started < 0.5
        long.join()
    finally:
        pool.close()
