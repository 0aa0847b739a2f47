"""Every write is one compare-and-set on the version it was made on: redo and undo too, on one
process and across two (the service level; tests/tracker/test_postgres_cluster.py sends the same
through real server processes). A redo of an undo already redone is a duplicate, answered as one
(409 naming the first); an undo of an action already taken back likewise."""

from __future__ import annotations

import threading

import pytest
from game_tracker import new_match
from tracker_helpers import loader

from toolkit.tracker.matches import MatchService, Stale, Submitted
from toolkit.tracker.storage import Store

TRIALS = 20


def _add(service: MatchService, match_id: int, amount: int, client_id: str) -> Submitted:
    action = {"type": "add", "name": "a", "amount": amount}
    return service.submit(match_id, action, client_action_id=client_id, base_version=None)


def _at_once(calls: list) -> list[Submitted | Stale]:
    """Every call started together, each in its own thread: what each answered."""
    start = threading.Barrier(len(calls))
    answers: list[Submitted | Stale] = [None] * len(calls)  # type: ignore[list-item]

    def run(index: int) -> None:
        start.wait()
        try:
            answers[index] = calls[index]()
        except Stale as refused:
            answers[index] = refused

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(calls))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    return answers


def _one_applied_the_others_duplicates(answers: list[Submitted | Stale], seq: int) -> None:
    applied = [a for a in answers if isinstance(a, Submitted)]
    assert [a.seq for a in applied] == [seq], answers
    for refused in answers:
        if isinstance(refused, Stale):
            assert refused.duplicate is not None and refused.duplicate["seq"] == seq, refused
            assert "already recorded" in str(refused)


def _redo_race(services: list[MatchService], version: int | None) -> None:
    """Add 2 to a, take it back, then a redo of it from every service at once (the redo
    button tapped on two phones): recorded once, the other told it is a duplicate."""
    first = services[0]
    for _trial in range(TRIALS):
        match_id = new_match(first, "tally")
        _add(first, match_id, 2, "add")
        first.submit(
            match_id, {"type": "undo", "target": 1}, client_action_id="undo", base_version=None
        )
        for service in services:
            service.state(match_id)  # every process holds the match in memory
        answers = _at_once(
            [
                lambda s=s, i=i, m=match_id: s.redo(
                    m, 1, client_action_id=f"redo-{i}", base_version=version
                )
                for i, s in enumerate(services)
            ]
        )
        _one_applied_the_others_duplicates(answers, 3)
        for service in services:
            assert service.state(match_id) == (3, {"game": "tally", "tallies": {"a": 2, "b": 0}})


@pytest.mark.parametrize("version", [None, 2], ids=["no version", "the page's version"])
def test_two_redos_of_one_undo_at_once_on_one_process_record_it_once(db_url, version):
    service = MatchService(Store(db_url), loader)
    try:
        _redo_race([service, service], version)
    finally:
        service.store.close()


@pytest.mark.parametrize("version", [None, 2], ids=["no version", "the page's version"])
def test_two_redos_of_one_undo_at_once_on_two_processes_record_it_once(pg_url, version):
    services = [MatchService(Store(pg_url), loader) for _ in range(2)]
    try:
        _redo_race(services, version)
    finally:
        for service in services:
            service.store.close()


def test_a_redo_sent_after_the_first_was_recorded_is_a_duplicate(db_url):
    service = MatchService(Store(db_url), loader)
    try:
        match_id = new_match(service, "tally")
        _add(service, match_id, 2, "add")
        service.submit(match_id, {"type": "undo"}, client_action_id="undo", base_version=None)
        assert service.redoable(match_id) == (1, "add 2 to a")
        done = service.redo(match_id, 1, client_action_id="redo-1", base_version=2)
        assert done.seq == 3 and service.redoable(match_id) is None
        # the same tap again (the same id): its first reply
        again = service.redo(match_id, 1, client_action_id="redo-1", base_version=2)
        assert (again.seq, again.replayed) == (3, True)
        # another phone's redo of the same undo, with or without the page's version
        for version in (2, None):
            with pytest.raises(Stale) as late:
                service.redo(match_id, 1, client_action_id=f"late-{version}", base_version=version)
            assert late.value.duplicate is not None and late.value.duplicate["seq"] == 3
        # something else happened after the redo: still a duplicate of the redo, in effect
        _add(service, match_id, 1, "more")
        with pytest.raises(Stale) as later:
            service.redo(match_id, 1, client_action_id="later", base_version=2)
        assert later.value.duplicate is not None and later.value.duplicate["seq"] == 3
        assert service.state(match_id) == (4, {"game": "tally", "tallies": {"a": 3, "b": 0}})
        # a redo of an action that was never undone, or of nothing
        for target in (4, 99, 0):
            with pytest.raises(Stale):
                service.redo(match_id, target, client_action_id=f"x{target}", base_version=None)
    finally:
        service.store.close()


def test_two_undos_of_one_action_at_once_take_it_back_once(db_url):
    service = MatchService(Store(db_url), loader)
    try:
        for _trial in range(TRIALS):
            match_id = new_match(service, "tally")
            _add(service, match_id, 2, "first")
            _add(service, match_id, 5, "second")
            answers = _at_once(
                [
                    lambda i=i, m=match_id: service.submit(
                        m,
                        {"type": "undo", "target": 2},
                        client_action_id=f"undo-{i}",
                        base_version=None,
                    )
                    for i in range(2)
                ]
            )
            _one_applied_the_others_duplicates(answers, 3)
            assert service.state(match_id) == (3, {"game": "tally", "tallies": {"a": 2, "b": 0}})
    finally:
        service.store.close()
