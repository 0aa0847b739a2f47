"""The load benchmark's pieces (benchmarks/tracker_load.py), imported for the tests, plus checks
read straight from a SQLite file."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from typing import Any

from sqlalchemy import create_engine, text

ROOT = Path(__file__).resolve().parents[2]


def _benchmark(name: str) -> Any:
    """benchmarks/<name>.py as a module (the benchmarks are scripts, not a package)."""
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, ROOT / f"benchmarks/{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


load = _benchmark("tracker_load")
pg_cluster = _benchmark("pg_cluster")
limits = _benchmark("tracker_limits")


def log_problems(db_url: str) -> list[str]:
    """What a half-applied action would leave in the database: an action without its event, a
    version that disagrees with the log, a gap in a log; on SQLite also PRAGMA integrity_check."""
    problems = []
    engine = create_engine(db_url)
    try:
        with engine.connect() as conn:
            if engine.dialect.name == "sqlite":
                check = conn.exec_driver_sql("PRAGMA integrity_check").all()
                if [tuple(row) for row in check] != [("ok",)]:
                    problems.append(f"integrity_check: {check}")
            for match_id, version in conn.execute(text("select id, version from matches")):
                seqs = _seqs(conn, "actions", match_id)
                events = _seqs(conn, "events", match_id)
                if seqs != list(range(1, len(seqs) + 1)):
                    problems.append(f"match {match_id}: the log has gaps")
                if events != seqs:
                    problems.append(f"match {match_id}: {len(events)} events, {len(seqs)} actions")
                if version != len(seqs):
                    problems.append(f"match {match_id}: version {version}, {len(seqs)} actions")
    finally:
        engine.dispose()
    return problems


def row_counts(db_url: str) -> dict[str, int]:
    """Rows in each table: a refused request must leave every count as it was."""
    engine = create_engine(db_url)
    try:
        with engine.connect() as conn:
            return {
                table: conn.exec_driver_sql(f"select count(*) from {table}").scalar_one()
                for table in ("kits", "matches", "actions", "events")
            }
    finally:
        engine.dispose()


def _seqs(conn, table: str, match_id: int) -> list[int]:
    query = text(f"select seq from {table} where match_id = :m order by seq")
    return [row[0] for row in conn.execute(query, {"m": match_id})]


def sqlite_log_problems(path: Path) -> list[str]:
    return log_problems(f"sqlite:///{path}")
