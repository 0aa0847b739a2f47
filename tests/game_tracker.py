"""What the four games' tracker tests share: an in-process tracker over a fresh SQLite file, a kit
driven through the JSON API as phones would, and the undo/replay property scaffolding."""

from __future__ import annotations

import secrets
import shutil
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path

from fastapi.testclient import TestClient
from hypothesis import strategies as st

from toolkit.errors import DomekitError
from toolkit.tracker.app import create_app
from toolkit.tracker.kits import record_kit, record_kit_in
from toolkit.tracker.matches import MatchService
from toolkit.tracker.storage import Store

# Memory-backed when the machine has it: these tests count outcomes, not fsyncs.
TMP = "/dev/shm" if Path("/dev/shm").is_dir() else None


def act(client: TestClient, kit: str, action: dict, *, client_action_id=None, version=None):
    """POST one action as JSON with a client action id (a fresh one unless given)."""
    body = {"action": action, "client_action_id": client_action_id or secrets.token_hex(8)}
    if version is not None:
        body["version"] = version
    return client.post(f"/k/{kit}/act", json=body)


def tracker_client(tmp_path: Path, name: str) -> Iterator[TestClient]:
    """A TestClient over the real tracker app (no kits folder); its database URL is `db_url`."""
    folder = Path(tempfile.mkdtemp(dir=TMP)) if TMP else tmp_path
    db_url = f"sqlite:///{folder / name}"
    with TestClient(create_app(db_url, kits_dir=None, allowed_hosts=["testserver"])) as test_client:
        test_client.db_url = db_url
        yield test_client
    if TMP:
        shutil.rmtree(folder, ignore_errors=True)


class KitTable:
    """One kit's match of `game` driven through the JSON API, as the phones at the table would."""

    game: str

    def __init__(self, client: TestClient, db_url: str, mode: str = "full", **kit) -> None:
        self.client = client
        self.kit = secrets.token_urlsafe(16)
        record_kit(db_url, {"kit_id": self.kit, "game": self.game, "base_url": "http://t", **kit})
        # Match 1 starts tracked as `mode` (the set-up page's choice; full: as a JSON client).
        started = client.post(f"/k/{self.kit}/setup", json={"mode": mode})
        assert started.status_code in (200, 422), started.text  # 422: a game with one way

    def act(self, version: int | None = None, client_action_id: str | None = None, **action):
        return act(
            self.client, self.kit, action, client_action_id=client_action_id, version=version
        )

    def ok(self, **action) -> dict:
        reply = self.act(**action)
        assert reply.status_code == 200, reply.json()
        return reply.json()

    def refused(self, rule: str | None = None, **action) -> dict:
        before = self.state()
        reply = self.act(**action)
        assert reply.status_code == 422, reply.json()
        if rule is not None:
            assert reply.json()["rule"] == rule, reply.json()
        assert self.state() == before  # nothing changed
        return reply.json()

    def state(self) -> dict:
        return self.client.get(f"/k/{self.kit}/table.json").json()


_SERVICES: dict[str, MatchService] = {}


def property_service(name: str) -> MatchService:
    """One MatchService per name for a whole test run (a property's examples share its store)."""
    if name not in _SERVICES:
        _SERVICES[name] = MatchService(Store(f"sqlite:///{tempfile.mkdtemp(dir=TMP)}/{name}"))
    return MatchService(_SERVICES[name].store)


def new_match(service: MatchService, game: str, **kit) -> int:
    """The current match of a new kit of `game` recorded in the service's store."""
    kit_id = secrets.token_urlsafe(16)
    record_kit_in(service.store, {"kit_id": kit_id, "game": game, **kit})
    return service.current_match(service.kit(kit_id)).id


def submit_all(service: MatchService, match_id: int, sequence: list[dict]) -> list[dict]:
    """Send every action; the ones the rules accepted, in order."""
    applied = []
    for action in sequence:
        try:
            service.submit(
                match_id, action, client_action_id=secrets.token_hex(8), base_version=None
            )
        except DomekitError:
            continue
        applied.append(action)
    return applied


def undo(service: MatchService, match_id: int, times: int) -> None:
    """Undo the last `times` actions."""
    for _ in range(times):
        service.submit(
            match_id, {"type": "undo"}, client_action_id=secrets.token_hex(8), base_version=None
        )


def undo_and_replay(
    service: MatchService, new: Callable[[MatchService], int], sequence: list[dict], data
) -> tuple[int, int]:
    """Play `sequence` on a new match, undo the last k of the n accepted actions (k drawn from
    hypothesis's `data`), and replay the first n - k on another new match, asserting the rules
    accept each again. The two match ids."""
    match_id = new(service)
    applied = submit_all(service, match_id, sequence)
    k = data.draw(st.integers(0, len(applied)))
    undo(service, match_id, k)
    other = new(service)
    kept = applied[: len(applied) - k]
    assert submit_all(service, other, kept) == kept
    return match_id, other


def submit_with_retries(
    service: MatchService, match_id: int, sequence: list[dict], retries: list[int]
) -> list[dict]:
    """Send each action under a fresh client action id and, after each, resend the accepted ones
    numbered in `retries` under their old ids (a lost reply, a double tap), asserting each resend
    is answered as a replay. The accepted actions, in order."""
    accepted: list[tuple[str, dict]] = []
    for action in sequence:
        client_id = secrets.token_hex(8)
        try:
            service.submit(match_id, action, client_action_id=client_id, base_version=None)
            accepted.append((client_id, action))
        except DomekitError:
            pass
        for again in retries:
            if again < len(accepted):
                old_id, old_action = accepted[again]
                reply = service.submit(
                    match_id, old_action, client_action_id=old_id, base_version=None
                )
                assert reply.replayed
    return [action for _, action in accepted]
