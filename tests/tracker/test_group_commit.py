"""Group commit: many actions of several matches committed together, each reply after its commit;
two actions of one match in one batch; another process writing first."""

from __future__ import annotations

import secrets
import tempfile
import threading
from pathlib import Path

from game_tracker import TMP, new_match
from tracker_helpers import loader

from toolkit.tracker.matches import MatchService
from toolkit.tracker.storage import Store


def _add(service: MatchService, match_id: int, amount: int, client_id: str | None = None):
    return service.submit(
        match_id,
        {"type": "add", "name": "a", "amount": amount},
        client_action_id=client_id or secrets.token_hex(8),
        base_version=None,
    )


def test_concurrent_actions_of_two_matches_each_get_their_own_seq_and_replay_equal():
    store = Store(f"sqlite:///{Path(tempfile.mkdtemp(dir=TMP)) / 'group.sqlite3'}")
    service = MatchService(store, loader)
    matches = [new_match(service, "tally"), new_match(service, "tally")]
    seqs: dict[int, list[int]] = {m: [] for m in matches}
    guard = threading.Lock()

    def phone(match_id: int) -> None:
        for _ in range(15):
            done = _add(service, match_id, 1)
            with guard:
                seqs[match_id].append(done.seq)

    threads = [threading.Thread(target=phone, args=(m,)) for m in matches for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    for match_id in matches:
        assert sorted(seqs[match_id]) == list(range(1, 61))  # 4 phones x 15, no gap, no repeat
        assert service.state(match_id)[1]["tallies"]["a"] == 60
        cold = MatchService(store, loader)  # a restarted server: the log alone
        assert cold.state(match_id) == service.state(match_id)
    store.close()


def test_a_resend_while_the_first_send_is_committing_is_applied_once():
    store = Store(f"sqlite:///{Path(tempfile.mkdtemp(dir=TMP)) / 'resend.sqlite3'}")
    service = MatchService(store, loader)
    match_id = new_match(service, "tally")
    replies = []

    def tap() -> None:
        replies.append(_add(service, match_id, 2, client_id="same-tap"))

    threads = [threading.Thread(target=tap) for _ in range(5)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert {reply.seq for reply in replies} == {1}
    assert service.state(match_id) == (1, {"game": "tally", "tallies": {"a": 2, "b": 0}})
    store.close()


def test_an_action_after_another_process_wrote_first_is_applied_on_the_fresh_log():
    path = Path(tempfile.mkdtemp(dir=TMP)) / "two.sqlite3"
    here = MatchService(Store(f"sqlite:///{path}"), loader)
    match_id = new_match(here, "tally")
    _add(here, match_id, 1)
    there = MatchService(Store(f"sqlite:///{path}"), loader)  # a second server process
    _add(there, match_id, 10)
    done = _add(here, match_id, 100)  # `here` still holds version 1 in memory
    assert done.seq == 3
    assert here.state(match_id)[1]["tallies"]["a"] == 111
    assert MatchService(Store(f"sqlite:///{path}"), loader).state(match_id) == here.state(match_id)
