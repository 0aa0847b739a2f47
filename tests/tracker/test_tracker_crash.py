"""A tracker killed with SIGKILL right after answering loses no acknowledged action."""

from __future__ import annotations

import os
import secrets
import signal
import socket
import subprocess
import sys
import time

import httpx

from toolkit.games.deathdome.data import load_deathdome
from toolkit.tracker.kits import record_kit


def _start(port: int, db: str) -> subprocess.Popen:
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "toolkit",
            "serve",
            "--port",
            str(port),
            "--db",
            db,
            "--kits",
            os.devnull,
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    for _ in range(100):
        try:
            httpx.get(f"http://127.0.0.1:{port}/", timeout=1)
            return process
        except httpx.HTTPError:
            time.sleep(0.1)
    process.kill()
    raise RuntimeError("the tracker did not start")


def test_sigkill_after_the_reply_loses_nothing(tmp_path):
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    db = f"sqlite:///{tmp_path / 'crash.sqlite3'}"
    kit = secrets.token_urlsafe(16)
    record_kit(db, {"kit_id": kit, "game": "deathdome", "teams": ["red", "blue"]})
    base = f"http://127.0.0.1:{port}/k/{kit}"
    process = _start(port, db)
    acknowledged = 0
    try:
        for amount in range(1, 31):
            reply = httpx.post(
                f"{base}/act",
                json={
                    "action": {
                        "type": "transfer",
                        "payer": "red",
                        "payee": "blue",
                        "amount": amount,
                    },
                    "client_action_id": f"c{amount}",
                },
            )
            assert reply.status_code == 200
            acknowledged += amount
    finally:
        process.send_signal(signal.SIGKILL)
        process.wait()
    process = _start(port, db)
    try:
        state = httpx.get(f"{base}/table.json").json()
        assert state["match"]["version"] == 30
        red = next(t for t in state["teams"] if t["colour"] == "red")
        start = load_deathdome().rules.campaign.starting_credits
        assert red["credits"] == start - acknowledged
        # A phone retrying its last request after the crash is answered, not applied again.
        retry = httpx.post(
            f"{base}/act",
            json={
                "action": {"type": "transfer", "payer": "red", "payee": "blue", "amount": 30},
                "client_action_id": "c30",
            },
        )
        assert retry.json()["replayed"] is True and retry.json()["seq"] == 30
    finally:
        process.terminate()
        process.wait(timeout=10)
