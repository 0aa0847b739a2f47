"""The load benchmark at a small size: phones at two tables of the real server (a child process
on loopback, SQLite with durable commits) lose nothing and double-apply nothing."""

from __future__ import annotations

from load_harness import load, sqlite_log_problems


def test_phones_at_two_tables_lose_nothing_and_apply_nothing_twice(tmp_path):
    db = tmp_path / "tracker.sqlite3"
    with load.Server(f"sqlite:///{db}", tmp_path) as server:
        kits = load.make_tables(server.db_url, 2, server.base)
        phones = load.make_phones(kits, 6, seed=7)
        result = load.run_phones(server.base, phones, seconds=3)
        check = load.verify(server.base, kits, result.acknowledged)
    assert len(result.acknowledged) >= 10, result.statuses
    assert result.statuses[409] > 0, "phones at one table raced: some saw a stale version"
    assert set(result.statuses) <= {200, 409, 422}, result.statuses
    assert not result.errors
    assert check.lost == [] and check.duplicated == [] and check.wrong_seq == []
    assert check.state_mismatches == []
    assert result.double_tap_mismatches == 0
    assert sqlite_log_problems(db) == []
    summary = load.summary(result, check)
    assert "lost=0 duplicated=0" in summary and summary.startswith("actions_per_s=")


def test_the_benchmark_script_ends_with_its_figures_line(tmp_path, capsys):
    assert load.main(["--phones", "3", "--tables", "1", "--seconds", "1"]) == 0
    last = capsys.readouterr().out.strip().splitlines()[-1]
    names = [part.split("=")[0] for part in last.split()]
    assert names == ["actions_per_s", "p50_ms", "p99_ms", "acknowledged", "lost", "duplicated"]
    assert last.endswith("lost=0 duplicated=0")
