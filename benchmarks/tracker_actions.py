"""Timed: Death Dome actions through the tracker's write path (apply + one durable commit).

Run: .venv/bin/python benchmarks/tracker_actions.py [N]
Prints the median and p99 latency of `MatchService.submit` for N money transfers and N attacks
(Vitae -1/+1 on a unit), on a SQLite file with WAL and synchronous=FULL, and the cold replay time.
"""

from __future__ import annotations

import secrets
import statistics
import sys
import tempfile
import time
from pathlib import Path

from toolkit.tracker.kits import record_kit_in
from toolkit.tracker.matches import MatchService
from toolkit.tracker.storage import Store


def main(count: int = 300) -> None:
    folder = Path(tempfile.mkdtemp())
    store = Store(f"sqlite:///{folder / 'bench.sqlite3'}")
    service = MatchService(store)
    kit_id = secrets.token_urlsafe(16)
    record_kit_in(store, {"kit_id": kit_id, "game": "deathdome", "teams": ["red", "blue"]})
    match_id = service.current_match(service.kit(kit_id)).id

    def submit(action: dict) -> float:
        start = time.perf_counter()
        service.submit(match_id, action, client_action_id=secrets.token_hex(8), base_version=None)
        return time.perf_counter() - start

    submit({"type": "start"})
    transfers = [
        submit({"type": "transfer", "payer": "red", "payee": "blue", "amount": 1})
        for _ in range(count)
    ]
    heals = [
        submit({"type": "vitae", "unit": "blue.gunner", "change": -1 if index % 2 else 1})
        for index in range(count)
    ]

    def show(name: str, values: list[float]) -> None:
        ordered = sorted(values)
        p99 = ordered[max(0, int(len(ordered) * 0.99) - 1)]
        print(
            f"{name}: n={len(values)} median {statistics.median(values) * 1000:.2f} ms, "
            f"p99 {p99 * 1000:.2f} ms"
        )

    show("transfer (submit, durable commit)", transfers)
    show("vitae card (submit, durable commit)", heals)
    start = time.perf_counter()
    cold = MatchService(store).state(match_id)
    print(
        f"cold rebuild of {cold[0]} actions from the log: "
        f"{(time.perf_counter() - start) * 1000:.0f} ms"
    )


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 300)
