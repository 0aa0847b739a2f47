"""The same table event entered on two phones is recorded once: when an action made since the
second phone's version is identical to the one it sends, the 409 names it (`duplicate_of`), the
page says who recorded it and when, and not recording it again is the default; "it happened
again" records it, on purpose."""

from __future__ import annotations

import re
import secrets

from tracker_helpers import new_kit


def add(client, kit: str, amount: int, version: int | None, **extra):
    body = {
        "action": {"type": "add", "name": "a", "amount": amount},
        "client_action_id": secrets.token_hex(8),
        **extra,
    }
    if version is not None:
        body["version"] = version
    return client.post(f"/k/{kit}/act", json=body)


def tally(client, kit: str) -> int:
    return client.get(f"/k/{kit}/table.json").json()["tallies"]["a"]


def test_the_second_phone_entering_the_same_action_gets_409_naming_the_first(client, db_url):
    kit = new_kit(db_url)
    assert add(client, kit, 4, 0, actor="Sami").status_code == 200
    second = add(client, kit, 4, 0, actor="Aino")
    assert second.status_code == 409
    body = second.json()
    assert body["duplicate_of"] == 1
    assert body["duplicate"]["actor"] == "Sami" and body["duplicate"]["text"] == "add 4 to a"
    assert re.search(r"already recorded by Sami at \d\d:\d\d:\d\d: #1 add 4 to a", body["message"])
    assert tally(client, kit) == 4  # counted once
    # Sent again against the version it now knows, it is a second event, recorded on purpose.
    assert add(client, kit, 4, body["version"], actor="Aino").status_code == 200
    assert tally(client, kit) == 8


def test_the_refusal_page_defaults_to_not_recording_and_offers_it_happened_again(client, db_url):
    kit = new_kit(db_url)
    client.post(f"/k/{kit}/whoami", data={"name": "Sami"})
    form = {"type": "add", "name": "a", "amount": "4", "version": "0"}
    assert client.post(f"/k/{kit}/act", data={**form, "client_action_id": "one"}).status_code == 200
    client.cookies.clear()
    page = client.post(f"/k/{kit}/act", data={**form, "client_action_id": "two"})
    assert page.status_code == 409
    html = page.text
    assert re.search(r"already recorded</strong> by Sami at <time[^>]*>\d\d:\d\d:\d\d</time>",
                     html, re.I)  # fmt: skip
    assert "Record it against version" not in html  # the old default that doubled the damage
    default = html.index('id="not-again"')
    again = html.index("It happened again: record it")
    assert default < again
    retry = dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)">', html))
    assert retry["version"] == "1" and retry["client_action_id"] == "two"
    assert tally(client, kit) == 4
    assert client.post(f"/k/{kit}/act", data=retry, follow_redirects=False).status_code == 303
    assert tally(client, kit) == 8


def test_a_different_or_undone_or_older_action_is_no_duplicate(client, db_url):
    kit = new_kit(db_url)
    assert add(client, kit, 4, 0).status_code == 200
    other = add(client, kit, 3, 0)  # another amount: a plain clash, not a duplicate
    assert other.status_code == 409 and "duplicate_of" not in other.json()
    undo = client.post(f"/k/{kit}/act", json={"action": {"type": "undo"}, "client_action_id": "u"})
    assert undo.status_code == 200
    undone = add(client, kit, 4, 0)  # the twin was taken back: not a duplicate of it
    assert undone.status_code == 409 and "duplicate_of" not in undone.json()
    assert add(client, kit, 4, 2).status_code == 200  # the same action made before: recorded
    assert add(client, kit, 4, 3).status_code == 200
    assert tally(client, kit) == 8


def test_two_phones_entering_the_same_death_dome_transfer_pay_once(client, db_url):
    kit = new_kit(db_url, game="deathdome", teams=["red", "blue"])
    money = {"type": "transfer", "payer": "red", "payee": "blue", "amount": 250}
    first = client.post(f"/k/{kit}/act", json={"action": money, "client_action_id": "ph1"})
    assert first.status_code == 200
    second = client.post(
        f"/k/{kit}/act", json={"action": money, "client_action_id": "ph2", "version": 0}
    )
    assert second.status_code == 409 and second.json()["duplicate_of"] == 1
    history = client.get(f"/k/{kit}/history.json").json()["entries"]
    assert [e["text"] for e in history] == ["transfer 250 red -> blue"]
