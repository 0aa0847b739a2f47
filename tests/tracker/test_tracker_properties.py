"""Properties of the action log: undo is exact, the log replays to the same state, a retried
action id applies once. Random action sequences on the test game `tally`."""

from __future__ import annotations

import secrets
import tempfile
from pathlib import Path

from game_tracker import TMP, new_match, submit_all, submit_with_retries, undo_and_replay
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tracker_helpers import loader

from toolkit.errors import DomekitError
from toolkit.tracker.matches import MatchService
from toolkit.tracker.storage import Store

STORE = Store(f"sqlite:///{Path(tempfile.mkdtemp(dir=TMP)) / 'properties.sqlite3'}")

actions = st.lists(
    st.fixed_dictionaries(
        {
            "type": st.just("add"),
            "name": st.sampled_from(["a", "b", "c"]),  # "c" does not exist: refused
            "amount": st.integers(-3, 5),  # going below zero: refused
        }
    ),
    max_size=25,
)


def fresh_match(service: MatchService) -> int:
    return new_match(service, "tally")


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(sequence=actions, data=st.data())
def test_undoing_the_last_k_actions_equals_replaying_the_first_n_minus_k(sequence, data):
    service = MatchService(STORE, loader)
    match_id, other = undo_and_replay(service, fresh_match, sequence, data)
    assert service.state(match_id)[1] == service.state(other)[1]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(sequence=actions, undos=st.integers(0, 5))
def test_replaying_the_log_gives_the_same_state(sequence, undos):
    service = MatchService(STORE, loader)
    match_id = fresh_match(service)
    submit_all(service, match_id, sequence)
    for _ in range(undos):
        try:
            service.submit(
                match_id, {"type": "undo"}, client_action_id=secrets.token_hex(8), base_version=None
            )
        except DomekitError:
            break
    cold = MatchService(STORE, loader)  # a restarted server: nothing in memory
    assert cold.state(match_id) == service.state(match_id)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(sequence=actions, retries=st.lists(st.integers(0, 24), max_size=15))
def test_a_retried_action_id_never_applies_twice(sequence, retries):
    """Retries (a lost reply, a double tap) of accepted actions, interleaved with new actions."""
    service = MatchService(STORE, loader)
    match_id = fresh_match(service)
    accepted = submit_with_retries(service, match_id, sequence, retries)
    once = fresh_match(service)
    assert submit_all(service, once, accepted) == accepted
    assert service.state(match_id) == service.state(once)  # same state, as many log entries
