"""Importing a match export: the whole file is checked before anything is written, then the new
match, all its actions and the kit's move to it land in one transaction, or none of it does.

A refused import leaves the current match exactly as it was; an import never replaces a match in
progress unless asked to, never lacks a page the kit printed, never names a server folder; a
phone's action sent during an import is refused or lands on the old match, never inside the
imported log; a server killed mid-import leaves no half match."""

from __future__ import annotations

import copy
import functools
import json
import secrets
import threading
import time
from pathlib import Path

import httpx
import pytest
from fastapi.testclient import TestClient
from load_harness import load, log_problems

from toolkit.pages import page_url
from toolkit.pdf.kits import all_urls
from toolkit.tracker.app import create_app
from toolkit.tracker.kits import record_kit
from toolkit.tracker.storage import Store

TEAMS = ("red", "blue")
UNITS = ("gunner", "warrior", "medic", "scout")


def transfer(amount: int) -> dict:
    return {"type": "transfer", "payer": "red", "payee": "blue", "amount": amount}


def deathdome_kit(db_url: str, teams=TEAMS) -> str:
    """A Death Dome kit as `domekit kit` records it: its manifest lists every printed QR URL."""
    kit = secrets.token_urlsafe(16)
    url = functools.partial(page_url, "http://t", kit)
    urls = {
        "table": url("table"),
        "teams": {team: url("team", team) for team in teams},
        "units": {team: {unit: url("unit", team, unit) for unit in UNITS} for team in teams},
    }
    record_kit(
        db_url,
        {"kit_id": kit, "game": "deathdome", "base_url": "http://t", "teams": list(teams),
         "urls": urls, "qr_urls": all_urls(urls)},
    )  # fmt: skip
    return kit


@pytest.fixture
def db_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'tracker.sqlite3'}"


@pytest.fixture
def client(db_url):
    app = create_app(db_url, kits_dir=None, sse_max_seconds=0.2, allowed_hosts=["table"])
    with TestClient(app, base_url="http://table") as c:
        yield c


def act(client, kit: str, action: dict, cid: str | None = None):
    body = {"action": action, "client_action_id": cid or secrets.token_hex(8)}
    return client.post(f"/k/{kit}/act", json=body)


def export_of(client, db_url: str, actions: list[dict]) -> dict:
    """The export of a Death Dome match of these actions (recorded on a kit of its own)."""
    source = deathdome_kit(db_url)
    for action in actions:
        assert act(client, source, action).status_code == 200
    return client.get(f"/k/{source}/export.json").json()


def snapshot(client, db_url: str, kit: str) -> dict:
    """Everything a refused import must leave as it was."""
    table = client.get(f"/k/{kit}/table.json").json()
    store = Store(db_url)
    try:
        matches = [(m.id, m.number, m.version) for m in store.kit_matches(kit)]
        current = store.kit_fresh(kit_id=kit).current_match
    finally:
        store.close()
    return {
        "current": current,
        "matches": matches,
        "table": table,
        "export": client.get(f"/k/{kit}/export.json").json()["actions"],
    }


def broken(mutate):
    def apply(document: dict) -> dict:
        document = copy.deepcopy(document)
        mutate(document)
        return document

    return apply


def _set(document: dict, index: int, **fields) -> None:
    document["actions"][index].update(fields)


# fmt: off
REFUSED = [
    ("a 65-character client action id", broken(lambda d: _set(d, 2, client_action_id="c" * 65)),
     "action 3 of the export"),
    ("a duplicated client action id", broken(lambda d: _set(d, 1, client_action_id="same")),
     "client action id 'same' of action 2"),
    ("a blank client action id", broken(lambda d: _set(d, 1, client_action_id="   ")),
     "action 2 of the export"),
    ("a list as client action id", broken(lambda d: _set(d, 1, client_action_id=["a", "b"])),
     "action 2 of the export"),
    ("a closing undo whose target is not the latest",
     broken(lambda d: d["actions"].append({"payload": {"type": "undo", "target": 1}})),
     "the latest action still in effect is #4"),
    ("an undo of nothing", broken(lambda d: d["actions"].insert(0, {"payload": {"type": "undo"}})),
     "undoes nothing"),
    ("the last action breaks a rule", broken(lambda d: _set(d, 3, payload=transfer(10**11))),
     "action 4 of the export"),
    ("a payload that is not an object", broken(lambda d: _set(d, 2, payload=[1, 2])),
     "action 3 of the export has no payload"),
    ("an actor that is not a name", broken(lambda d: _set(d, 0, actor={"x": 1})),
     "action 1 of the export"),
    ("a lone surrogate in a note",
     broken(lambda d: d["actions"][0]["payload"].update(note="\ud800")), "lone surrogate"),
    ("another game's export", broken(lambda d: d.update(game="naturedome")), "'naturedome' match"),
]
# fmt: on


@pytest.mark.parametrize(("name", "mutate", "says"), REFUSED, ids=[r[0] for r in REFUSED])
def test_a_refused_import_leaves_the_current_match_exactly_as_it_was(
    client, db_url, name, mutate, says
):
    good = export_of(client, db_url, [transfer(n) for n in (1, 2, 3, 4)])
    good["actions"][3]["client_action_id"] = "same"
    kit = deathdome_kit(db_url)
    assert act(client, kit, transfer(7)).status_code == 200  # match 1 is in progress
    before = snapshot(client, db_url, kit)
    body = json.dumps(mutate(good))  # a lone surrogate goes as its \u escape
    reply = client.post(
        f"/k/{kit}/import?replaces=1", content=body, headers={"content-type": "application/json"}
    )
    assert reply.status_code == 422, reply.text
    assert says in reply.json()["message"]
    assert snapshot(client, db_url, kit) == before
    # ...and match 1 still takes actions: it is not read only.
    assert act(client, kit, transfer(1)).status_code == 200
    for page in ("table", "team/red", "team/blue", "unit/blue/scout"):
        assert client.get(f"/k/{kit}/{page}").status_code == 200


def test_an_import_lands_whole_and_replaces_a_match_in_progress_only_when_asked(client, db_url):
    document = export_of(client, db_url, [transfer(5), transfer(6), {"type": "undo"}])
    kit = deathdome_kit(db_url)
    assert act(client, kit, transfer(7)).status_code == 200
    before = snapshot(client, db_url, kit)
    asked = client.post(f"/k/{kit}/import", json=document)
    assert asked.status_code == 409 and asked.json()["error"] == "unconfirmed"
    assert "match 1 is in progress (1 actions)" in asked.json()["message"]
    assert snapshot(client, db_url, kit) == before
    wrong = client.post(f"/k/{kit}/import?replaces=2", json=document)
    assert wrong.status_code == 409 and snapshot(client, db_url, kit) == before
    done = client.post(f"/k/{kit}/import?replaces=1", json=document)
    assert done.status_code == 200 and done.json()["match"]["number"] == 2
    log = client.get(f"/k/{kit}/export.json").json()["actions"]
    assert [a["text"] for a in log] == [a["text"] for a in document["actions"]]
    assert [a["client_action_id"] for a in log] == [
        a["client_action_id"] for a in document["actions"]
    ]
    old = client.get(f"/k/{kit}/table?match=1")
    assert "earlier match of the campaign (read only)" in old.text
    assert client.get(f"/k/{kit}/history.json?match=1").json()["entries"][0]["text"] == (
        "transfer 7 red -> blue"
    )


def test_the_history_page_asks_before_an_import_replaces_a_match_in_progress(client, db_url):
    document = export_of(client, db_url, [transfer(5)])
    kit = deathdome_kit(db_url)
    fresh = client.get(f"/k/{kit}/history").text
    assert 'name="replaces"' not in fresh and "becomes match 2" in fresh
    assert act(client, kit, transfer(7)).status_code == 200
    page = client.get(f"/k/{kit}/history").text
    assert "Match 1 is in progress (1 action)" in page
    assert "stays in this history as match 1" in page and "becomes match 2" in page
    assert '<input type="checkbox" name="replaces" value="1" required>' in page
    upload = {"file": ("match.json", httpx.Response(200, json=document).content)}
    unconfirmed = client.post(f"/k/{kit}/import", files=upload)
    assert unconfirmed.status_code == 409 and "Confirm that it replaces match 1" in unconfirmed.text
    confirmed = client.post(
        f"/k/{kit}/import", files=upload, data={"replaces": "1"}, follow_redirects=False
    )
    assert confirmed.status_code == 303
    assert client.get(f"/k/{kit}/table.json").json()["match"]["number"] == 2


def test_an_import_lacking_a_team_the_kit_printed_is_refused(client, db_url):
    document = export_of(client, db_url, [transfer(5)])  # teams red and blue
    kit = deathdome_kit(db_url, teams=("red", "blue", "green"))
    before = snapshot(client, db_url, kit)
    reply = client.post(f"/k/{kit}/import", json=document)
    assert reply.status_code == 422
    assert "printed a QR code for /team/green" in reply.json()["message"]
    assert snapshot(client, db_url, kit) == before
    assert client.get(f"/k/{kit}/team/green").status_code == 200


@pytest.mark.parametrize("folder", ["/etc", "/nonexistent/probe", "../../card_data/dominum"])
def test_an_imported_data_dir_is_never_used_the_kits_card_data_is(client, db_url, folder):
    document = export_of(client, db_url, [transfer(5)])
    document["initial_state"]["data_dir"] = folder
    kit = deathdome_kit(db_url)
    reply = client.post(f"/k/{kit}/import", json=document)
    assert reply.status_code == 200, reply.text
    store = Store(db_url)
    try:
        match = store.match(store.kit_fresh(kit_id=kit).current_match)
    finally:
        store.close()
    assert match.initial_state["data_dir"] is None  # the kit's: the shipped card data


# ------------------------------------------------------------------------ a real server


def big_export(client, db_url: str, count: int) -> dict:
    """An export of `count` transfers (written out, not played, to be quick)."""
    document = export_of(client, db_url, [transfer(1)])
    one = document["actions"][0]
    document["actions"] = [
        {**one, "seq": n, "client_action_id": f"imp-{n}", "payload": transfer(1 + n % 3)}
        for n in range(1, count + 1)
    ]
    return document


def test_a_phones_action_during_an_import_never_lands_inside_the_imported_log(
    tmp_path, db_url, client
):
    document = big_export(client, db_url, 2500)
    kit = deathdome_kit(db_url)
    with load.Server(db_url, tmp_path) as server:
        base = f"{server.base}/k/{kit}"
        assert httpx.post(f"{base}/act", json={"action": transfer(9), "client_action_id": "p0"})
        acknowledged: dict[str, int] = {}
        closed = 0
        importing = threading.Event()

        def phone() -> None:
            nonlocal closed
            with httpx.Client(timeout=30) as http:
                n = 0
                while importing.is_set() or n < 5:
                    n += 1
                    cid = f"p{n}"
                    reply = http.post(
                        f"{base}/act", json={"action": transfer(1), "client_action_id": cid}
                    )
                    if reply.status_code == 200:
                        acknowledged[cid] = reply.json()["seq"]
                    else:
                        assert reply.status_code == 409, reply.text
                        closed += reply.json()["error"] == "closed"
                    if n > 5000:
                        break

        importing.set()
        thread = threading.Thread(target=phone)
        thread.start()
        time.sleep(0.05)
        reply = httpx.post(f"{base}/import?replaces=1", json=document, timeout=60)
        importing.clear()
        thread.join()
        assert reply.status_code == 200, reply.text
        first = httpx.get(f"{base}/export.json?match=1").json()["actions"]
        second = httpx.get(f"{base}/export.json?match=2").json()["actions"]
    imported = [a["client_action_id"] for a in second[: len(document["actions"])]]
    assert imported == [a["client_action_id"] for a in document["actions"]]
    after = {a["client_action_id"]: a["seq"] for a in second[len(document["actions"]) :]}
    before = {a["client_action_id"]: a["seq"] for a in first}
    for cid, seq in acknowledged.items():
        assert before.get(cid) == seq or after.get(cid) == seq, cid
    assert set(before) | set(after) >= set(acknowledged)
    assert not log_problems(db_url)


def test_a_server_killed_mid_import_leaves_no_half_match(tmp_path, db_url, client):
    document = big_export(client, db_url, 3000)
    kit = deathdome_kit(db_url)
    server = load.Server(db_url, tmp_path)
    mid_way = 0
    try:
        server.start()
        base = f"{server.base}/k/{kit}"
        httpx.post(f"{base}/act", json={"action": transfer(9), "client_action_id": "p0"})
        for delay in (0.1, 0.25, 0.4, 0.55, 0.7):
            answered = threading.Event()

            def send(answered: threading.Event = answered) -> None:
                try:
                    httpx.post(f"{base}/import?replaces=1", json=document, timeout=30)
                    answered.set()
                except httpx.HTTPError:
                    pass

            thread = threading.Thread(target=send)
            thread.start()
            time.sleep(delay)
            server.kill()
            thread.join()
            mid_way += not answered.is_set()
            assert not log_problems(db_url)
            store = Store(db_url)
            try:
                current = store.match(store.kit_fresh(kit_id=kit).current_match)
            finally:
                store.close()
            # Either match 1 as it was, or the whole import: never a part of it.
            assert (current.number, current.version) in ((1, 1), (2, 3000)), current
            server.start()
            if current.number == 2:  # start again from a match 1 in progress
                break
    finally:
        server.stop()
    assert mid_way >= 1, "no kill landed before the import was answered"
