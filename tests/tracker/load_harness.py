"""The load benchmark's pieces (benchmarks/tracker_load.py), imported for the tests, plus checks
read straight from a SQLite file."""

from __future__ import annotations

import importlib.util
import sqlite3
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("tracker_load", ROOT / "benchmarks/tracker_load.py")
assert _spec is not None and _spec.loader is not None
load = importlib.util.module_from_spec(_spec)
sys.modules.setdefault("tracker_load", load)
_spec.loader.exec_module(load)


def sqlite_log_problems(path: Path) -> list[str]:
    """What a half-applied action would leave in the file: an action without its event, a
    version that disagrees with the log, a gap in a log; and the file's own integrity check."""
    problems = []
    with sqlite3.connect(path) as conn:
        check = conn.execute("PRAGMA integrity_check").fetchall()
        if check != [("ok",)]:
            problems.append(f"integrity_check: {check}")
        for match_id, version in conn.execute("select id, version from matches"):
            seqs = [
                r[0]
                for r in conn.execute(
                    "select seq from actions where match_id=? order by seq", (match_id,)
                )
            ]
            events = [
                r[0]
                for r in conn.execute(
                    "select seq from events where match_id=? order by seq", (match_id,)
                )
            ]
            if seqs != list(range(1, len(seqs) + 1)):
                problems.append(f"match {match_id}: the log has gaps")
            if events != seqs:
                problems.append(f"match {match_id}: events {len(events)} != actions {len(seqs)}")
            if version != len(seqs):
                problems.append(f"match {match_id}: version {version} != {len(seqs)} actions")
    return problems
