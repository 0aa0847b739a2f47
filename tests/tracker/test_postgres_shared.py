"""Two tracker processes on one PostgreSQL database, in one test process: two MatchServices, each
with its own Store (its own connection pool and group-commit writer thread), as two `domekit
serve` processes have. Neither hears the other's commits here (no listener): each checks its
memory against the database's version, the fallback a server uses while its LISTEN connection
is down. tests/tracker/test_postgres_cluster.py runs real server processes."""

from __future__ import annotations

import secrets
import threading
import time

import psycopg
import pytest
from game_tracker import new_match
from hypothesis import given, settings
from hypothesis import strategies as st
from tracker_helpers import loader

from toolkit.errors import RuleError
from toolkit.tracker.kits import record_kit_in
from toolkit.tracker.matches import Closed, MatchService, Stale
from toolkit.tracker.referee import Referee
from toolkit.tracker.storage import Store


@pytest.fixture
def two(pg_url):
    """Two services ("processes") on one fresh database."""
    here, there = MatchService(Store(pg_url), loader), MatchService(Store(pg_url), loader)
    yield here, there
    here.store.close()
    there.store.close()


def _add(service: MatchService, match_id: int, amount: int, name: str = "a", **options):
    return service.submit(
        match_id,
        {"type": "add", "name": name, "amount": amount},
        client_action_id=options.pop("client_action_id", secrets.token_hex(8)),
        base_version=options.pop("base_version", None),
    )


def _undo(service: MatchService, match_id: int, target: int | None):
    data = {"type": "undo", **({"target": target} if target is not None else {})}
    return service.submit(match_id, data, client_action_id=secrets.token_hex(8), base_version=None)


def _replayed(store: Store, match_id: int) -> tuple[int, dict]:
    """(version, state) from the log alone: a third process starting cold."""
    cold = MatchService(Store(store.url), loader)
    try:
        return cold.state(match_id)
    finally:
        cold.store.close()


def _log_seqs(url: str, match_id: int) -> list[int]:
    with psycopg.connect(url.replace("+psycopg", "")) as conn:
        rows = conn.execute(
            "select seq from actions where match_id = %s order by seq", (match_id,)
        ).fetchall()
    return [seq for (seq,) in rows]


def test_two_processes_hammering_one_match_never_both_apply_against_one_version(two, pg_url):
    here, there = two
    match_id = new_match(here, "tally")
    seqs: list[int] = []
    guard = threading.Lock()

    def phone(service: MatchService) -> None:
        for _ in range(12):
            tap = secrets.token_hex(8)
            for _attempt in range(50):  # a 409 is sent again, with the same id, as a page does
                try:
                    done = _add(service, match_id, 1, client_action_id=tap)
                    break
                except Stale:
                    continue
            with guard:
                seqs.append(done.seq)

    threads = [threading.Thread(target=phone, args=(s,)) for s in (here, there) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    # 8 phones x 12 acknowledged actions: each its own seq, the log 1..96 with no gap
    assert sorted(seqs) == list(range(1, 97))
    assert _log_seqs(pg_url, match_id) == list(range(1, 97))
    cold = _replayed(here.store, match_id)
    assert cold == (96, {"game": "tally", "tallies": {"a": 96, "b": 0}})
    assert here.state(match_id) == cold and there.state(match_id) == cold


def _hold_row(url: str, match_id: int) -> psycopg.Connection:
    """A third connection holding the match's row lock: every commit to it waits (in order)."""
    conn = psycopg.connect(url.replace("+psycopg", ""))
    conn.execute("select version from matches where id = %s for update", (match_id,))
    return conn


def test_a_chain_refused_because_another_process_wrote_first_is_applied_again_on_top(two, pg_url):
    here, there = two
    match_id = new_match(here, "tally")
    _add(here, match_id, 100, name="b")
    assert there.state(match_id)[0] == 1
    holder = _hold_row(pg_url, match_id)
    replies: dict[str, object] = {}

    def send(name: str, service: MatchService, amount: int) -> None:
        replies[name] = _add(service, match_id, amount)

    first = threading.Thread(target=send, args=("here", here, 1))
    first.start()
    time.sleep(0.4)  # `here` now waits first for the row
    # Two actions on `there`, made on version 1 and on each other: one chain, both refused once
    # `here` commits version 2, then applied again on top of it.
    chained = [threading.Thread(target=send, args=(f"there{i}", there, 10)) for i in range(2)]
    for thread in chained:
        thread.start()
    time.sleep(0.4)
    holder.rollback()
    holder.close()
    for thread in [first, *chained]:
        thread.join(30)
    assert replies["here"].seq == 2
    assert sorted(replies[f"there{i}"].seq for i in range(2)) == [3, 4]
    cold = _replayed(here.store, match_id)
    assert cold == (4, {"game": "tally", "tallies": {"a": 21, "b": 100}})
    assert there.state(match_id) == cold and here.state(match_id) == cold


def test_an_undo_refused_because_another_process_wrote_first_leaves_memory_as_the_log(two, pg_url):
    here, there = two
    match_id = new_match(here, "tally")
    _add(there, match_id, 5)
    holder = _hold_row(pg_url, match_id)
    outcome: dict[str, object] = {}

    def undo() -> None:
        try:
            outcome["undo"] = _undo(there, match_id, target=1)
        except Stale as exc:
            outcome["undo"] = exc

    adding = threading.Thread(target=lambda: outcome.setdefault("add", _add(here, match_id, 7)))
    adding.start()
    time.sleep(0.4)
    undoing = threading.Thread(target=undo)
    undoing.start()
    time.sleep(0.4)
    holder.rollback()
    holder.close()
    adding.join(30)
    undoing.join(30)
    # #1 is no longer the latest action when the undo reaches the database: refused, and
    # `there` forgets the undo it had applied in memory
    assert isinstance(outcome["undo"], Stale)
    assert "add 7 to a" in str(outcome["undo"])
    assert (
        there.state(match_id)
        == _replayed(there.store, match_id)
        == (
            2,
            {"game": "tally", "tallies": {"a": 12, "b": 0}},
        )
    )
    assert there.last_effective(match_id) == (2, "add 7 to a")
    assert _undo(there, match_id, target=2).seq == 3  # the latest one it can take back
    assert here.state(match_id) == (3, {"game": "tally", "tallies": {"a": 5, "b": 0}})


def test_a_stale_version_is_refused_across_processes(two):
    here, there = two
    match_id = new_match(here, "tally")
    seen = here.state(match_id)[0]
    _add(there, match_id, 3, name="a")
    with pytest.raises(Stale) as refused:  # made on version 0, and `a` changed since
        _add(here, match_id, 4, name="a", base_version=seen)
    assert refused.value.version == 1 and refused.value.since == ["add 3 to a"]
    # The page another process served is newer than this one's memory: caught up, accepted
    done = _add(here, match_id, 4, name="b", base_version=1)
    assert done.seq == 2
    assert there.state(match_id) == (2, {"game": "tally", "tallies": {"a": 3, "b": 4}})


def test_a_retry_sent_to_the_other_process_is_applied_once(two):
    here, there = two
    match_id = new_match(here, "tally")
    first = _add(here, match_id, 2, client_action_id="tap-1")
    again = _add(there, match_id, 2, client_action_id="tap-1")
    assert (again.seq, again.replayed) == (first.seq, True)
    assert there.state(match_id) == (1, {"game": "tally", "tallies": {"a": 2, "b": 0}})


def test_an_action_after_the_other_process_moved_the_kit_on_is_refused(two):
    here, there = two
    kit_id = secrets.token_urlsafe(16)
    record_kit_in(here.store, {"kit_id": kit_id, "game": "tally"})
    old = here.current_match(here.kit(kit_id))
    _add(there, old.id, 1)  # `there` holds match 1 in memory, its kit row cached
    here.start_next_match(here.kit(kit_id), old.id)
    with pytest.raises(Closed):
        _add(there, old.id, 1)
    assert _replayed(here.store, old.id)[0] == 1  # nothing landed on the replaced match


ops = st.lists(
    st.tuples(
        st.sampled_from([0, 1]),  # which process
        st.sampled_from(["add", "add", "undo", "stale undo"]),
        st.integers(min_value=1, max_value=9),
    ),
    min_size=1,
    max_size=14,
)


def test_any_interleaving_of_two_processes_leaves_both_equal_to_the_log(two):
    services = two

    @settings(max_examples=25, deadline=None)
    @given(program=ops)
    def run(program: list[tuple[int, str, int]]) -> None:
        match_id = new_match(services[0], "tally")
        game = Referee(loader("tally"))
        seen: list[int | None] = [None, None]  # the undo target each phone last showed
        effective: list[tuple[int, int]] = []  # (seq, amount) of adds in effect, as the log has
        log_length = 0
        for who, op, amount in program:
            service = services[who]
            if op == "add":
                done = _add(service, match_id, amount, name="a")
                log_length += 1
                assert done.seq == log_length
                effective.append((done.seq, amount))
            else:
                # an undo names the latest action in effect: as the process has it now, or (a
                # stale undo) as this phone's page last showed it, which may have changed since
                shown = service.last_effective(match_id) if op == "undo" else None
                target = shown[0] if shown else seen[who]
                latest = effective[-1][0] if effective else None
                if target is None:
                    continue
                try:
                    done = _undo(service, match_id, target=target)
                except Stale:
                    assert target != latest
                except RuleError:  # taken back since, and nothing left to undo
                    assert latest is None
                else:
                    assert target == latest and done.seq == log_length + 1
                    log_length += 1
                    effective.pop()
            shown = service.last_effective(match_id)
            seen[who] = shown[0] if shown else None
        expected = {"game": "tally", "tallies": {"a": sum(a for _, a in effective), "b": 0}}
        for service in services:
            assert service.state(match_id) == (log_length, expected)
        assert game.state_json(_replayed(services[0].store, match_id)[1]) == expected

    run()
