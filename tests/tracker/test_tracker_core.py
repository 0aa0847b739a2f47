"""The tracker's core through its HTTP API, in-process, with the test game `tally`."""

from __future__ import annotations

import json

from fastapi.testclient import TestClient
from tracker_helpers import act, client_id_of, make_app, new_kit


def state_of(client, kit):
    return client.get(f"/k/{kit}/table.json").json()


def test_a_printed_kit_id_opens_its_match_and_the_json_twin(client, db_url):
    kit = new_kit(db_url)
    page = client.get(f"/k/{kit}/table")
    assert page.status_code == 200
    assert "Tallies" in page.text
    twin = state_of(client, kit)
    assert twin["tallies"] == {"a": 0, "b": 0}
    assert twin["match"]["number"] == 1 and twin["match"]["version"] == 0


def test_unknown_kit_is_404(client):
    assert client.get("/k/" + "0" * 32 + "/table").status_code == 404
    assert client.get("/k/" + "0" * 32 + "/table.json").json()["ok"] is False


def test_json_action_is_applied_and_bumps_the_version(client, db_url):
    kit = new_kit(db_url)
    reply = act(client, kit, {"type": "add", "name": "a", "amount": 3}, version=0)
    assert reply.status_code == 200
    body = reply.json()
    assert body["seq"] == 1 and body["text"] == "add 3 to a"
    assert body["state"]["tallies"]["a"] == 3
    assert state_of(client, kit)["match"]["version"] == 1


def test_html_form_posts_redirect_and_show_what_was_recorded(client, db_url):
    kit = new_kit(db_url)
    page = client.get(f"/k/{kit}/table")
    form = {
        "type": "add",
        "name": "b",
        "amount": "2",
        "client_action_id": client_id_of(page.text),
        "version": "0",
        "next": f"/k/{kit}/table",
    }
    reply = client.post(f"/k/{kit}/act", data=form, follow_redirects=False)
    assert reply.status_code == 303
    assert reply.headers["location"] == f"/k/{kit}/table?done=1"
    shown = client.get(reply.headers["location"])
    assert "Recorded: add 2 to b" in shown.text
    assert state_of(client, kit)["tallies"]["b"] == 2


def test_each_render_gives_a_fresh_client_action_id(client, db_url):
    kit = new_kit(db_url)
    first = client_id_of(client.get(f"/k/{kit}/table").text)
    second = client_id_of(client.get(f"/k/{kit}/table").text)
    assert first != second


def test_a_retried_action_is_applied_once_and_returns_the_original_result(client, db_url):
    kit = new_kit(db_url)
    first = act(client, kit, {"type": "add", "name": "a", "amount": 5}, client_action_id="tap1")
    again = act(client, kit, {"type": "add", "name": "a", "amount": 5}, client_action_id="tap1")
    assert first.status_code == again.status_code == 200
    assert again.json()["seq"] == first.json()["seq"] == 1
    assert again.json()["replayed"] is True
    assert state_of(client, kit)["tallies"]["a"] == 5
    # A double-tapped HTML form: same id twice, one change.
    form = {"type": "add", "name": "b", "amount": "1", "client_action_id": "tap2"}
    for _ in range(2):
        assert client.post(f"/k/{kit}/act", data=form, follow_redirects=False).status_code == 303
    assert state_of(client, kit)["tallies"]["b"] == 1
    assert state_of(client, kit)["match"]["version"] == 2


def test_stale_version_is_409_with_the_fresh_state_when_it_matters(client, db_url):
    kit = new_kit(db_url)
    act(client, kit, {"type": "add", "name": "a", "amount": 1}, version=0)
    # Another phone still shows version 0 and changes the same tally: refused, nothing changed.
    stale = act(client, kit, {"type": "add", "name": "a", "amount": 10}, version=0)
    assert stale.status_code == 409
    body = stale.json()
    assert body["error"] == "stale" and body["version"] == 1
    assert body["state"]["tallies"]["a"] == 1
    assert body["since"] == ["add 1 to a"]
    # A change to something else made against version 0 does not clash.
    other = act(client, kit, {"type": "add", "name": "b", "amount": 4}, version=0)
    assert other.status_code == 200
    assert state_of(client, kit)["tallies"] == {"a": 1, "b": 4}


def test_stale_html_form_shows_what_changed_and_offers_to_send_again(client, db_url):
    kit = new_kit(db_url)
    act(client, kit, {"type": "add", "name": "a", "amount": 1})
    form = {"type": "add", "name": "a", "amount": "2", "client_action_id": "x1", "version": "0"}
    reply = client.post(f"/k/{kit}/act", data=form)
    assert reply.status_code == 409
    assert "Someone changed the match" in reply.text and "add 1 to a" in reply.text
    assert 'name="version" value="1"' in reply.text


def test_illegal_action_is_422_naming_the_rule_and_changes_nothing(client, db_url):
    kit = new_kit(db_url)
    reply = act(client, kit, {"type": "add", "name": "a", "amount": -1})
    assert reply.status_code == 422
    assert reply.json()["rule"] == "no negative tallies"
    assert state_of(client, kit)["match"]["version"] == 0
    malformed = act(client, kit, {"type": "add", "name": "a", "amount": "many"})
    assert malformed.status_code == 422 and "whole number" in malformed.json()["message"]
    html = client.post(
        f"/k/{kit}/act", data={"type": "add", "name": "zz", "amount": "1", "client_action_id": "q"}
    )
    assert (
        html.status_code == 422
        and "known tallies" in html.text
        and "Nothing was changed" in html.text
    )


def test_view_only_link_reads_but_cannot_write(client, db_url):
    kit = new_kit(db_url)
    table = client.get(f"/k/{kit}/table")
    view_link = table.text.split('data-events="')[1].split("/events")[0]
    assert view_link.startswith("/k/")  # the write page streams from its own capability
    token = client.app.state.store.kit(kit_id=kit).view_token
    view = client.get(f"/v/{token}/table")
    assert view.status_code == 200
    assert kit not in view.text  # the write capability never leaks to spectators
    assert "<form" not in view.text.split("<main>")[1]
    assert client.get(f"/v/{token}/table.json").json()["writable"] is False
    refused = client.post(
        f"/v/{token}/act",
        json={"action": {"type": "add", "name": "a", "amount": 1}, "client_action_id": "v1"},
    )
    assert refused.status_code == 403
    assert client.post(f"/v/{token}/act", data={"type": "add"}).status_code == 403
    assert state_of(client, kit)["match"]["version"] == 0


def test_cross_site_posts_are_refused(client, db_url):
    kit = new_kit(db_url)
    form = {"type": "add", "name": "a", "amount": "1", "client_action_id": "c1"}
    evil = client.post(f"/k/{kit}/act", data=form, headers={"Origin": "http://evil.example"})
    assert evil.status_code == 403
    fetch = client.post(f"/k/{kit}/act", data=form, headers={"Sec-Fetch-Site": "cross-site"})
    assert fetch.status_code == 403
    assert state_of(client, kit)["match"]["version"] == 0
    same = client.post(
        f"/k/{kit}/act",
        data=form,
        headers={"Origin": "http://table.local", "Sec-Fetch-Site": "same-origin"},
        follow_redirects=False,
    )
    assert same.status_code == 303


def test_undo_from_any_phone_restores_the_exact_earlier_state(client, db_url):
    kit = new_kit(db_url)
    act(client, kit, {"type": "add", "name": "a", "amount": 2})
    before = state_of(client, kit)["tallies"]
    act(client, kit, {"type": "add", "name": "b", "amount": 7})
    undo = act(client, kit, {"type": "undo", "target": 2})
    assert undo.status_code == 200
    assert undo.json()["text"] == "undo #2: add 7 to b"
    assert state_of(client, kit)["tallies"] == before
    # Undo is itself in the log; the next undo takes back action 1.
    assert act(client, kit, {"type": "undo", "target": 2}).status_code == 409
    assert act(client, kit, {"type": "undo", "target": 1}).status_code == 200
    assert state_of(client, kit)["tallies"] == {"a": 0, "b": 0}
    nothing = act(client, kit, {"type": "undo"})
    assert nothing.status_code == 422 and nothing.json()["rule"] == "undo"


def test_history_lists_who_when_what_before_and_after(client, db_url):
    kit = new_kit(db_url)
    client.post(
        f"/k/{kit}/act",
        json={
            "action": {"type": "add", "name": "a", "amount": 4},
            "client_action_id": "h1",
            "actor": "Sami",
        },
    )
    act(client, kit, {"type": "undo"})
    history = client.get(f"/k/{kit}/history.json").json()
    newest, oldest = history["entries"]
    assert oldest["text"] == "add 4 to a" and oldest["actor"] == "Sami"
    assert oldest["changes"] == ["tallies.a: 0 -> 4"]
    assert newest["text"] == "undo #1: add 4 to a"
    assert newest["changes"] == ["tallies.a: 4 -> 0"]
    assert oldest["created"] > 0
    page = client.get(f"/k/{kit}/history")
    assert "Sami" in page.text and "tallies.a: 0 -&gt; 4" in page.text


def test_export_and_import_a_match_as_json(client, db_url):
    kit = new_kit(db_url)
    act(client, kit, {"type": "add", "name": "a", "amount": 4})
    act(client, kit, {"type": "add", "name": "b", "amount": 1})
    act(client, kit, {"type": "undo"})
    document = client.get(f"/k/{kit}/export.json").json()
    assert document["format"] == "domekit-match/1" and len(document["actions"]) == 3
    other = new_kit(db_url)
    imported = client.post(f"/k/{other}/import", json=document)
    assert imported.status_code == 200
    assert state_of(client, other)["tallies"] == {"a": 4, "b": 0}
    # An edited export that breaks a rule is refused, naming the action; nothing is imported.
    document["actions"][0]["payload"]["amount"] = -9
    third = new_kit(db_url)
    bad = client.post(f"/k/{third}/import", json=document)
    assert bad.status_code == 422 and "action 1" in bad.json()["message"]
    assert state_of(client, third)["match"]["number"] == 1


def test_csv_export(client, db_url):
    kit = new_kit(db_url)
    act(client, kit, {"type": "add", "name": "b", "amount": 3})
    reply = client.get(f"/k/{kit}/export/tallies.csv")
    assert reply.headers["content-type"].startswith("text/csv")
    assert reply.text.splitlines() == ["name,value", "a,0", "b,3"]


def test_events_resume_after_the_last_event_id(client, db_url):
    kit = new_kit(db_url)
    for amount in (1, 2, 3):
        act(client, kit, {"type": "add", "name": "a", "amount": amount})
    reply = client.get(f"/k/{kit}/events", headers={"Last-Event-ID": "1"})
    assert reply.headers["content-type"].startswith("text/event-stream")
    ids = [line[4:] for line in reply.text.splitlines() if line.startswith("id: ")]
    assert ids == ["2", "3"]
    datas = [json.loads(line[6:]) for line in reply.text.splitlines() if line.startswith("data: ")]
    assert [d["text"] for d in datas] == ["add 2 to a", "add 3 to a"]


def test_next_match_carries_the_campaign_and_old_streams_reload(client, db_url):
    kit = new_kit(db_url)
    act(client, kit, {"type": "add", "name": "a", "amount": 6})
    first = state_of(client, kit)["match"]
    reply = client.post(f"/k/{kit}/next-match", json={"match_id": first["id"]})
    assert reply.json()["match"]["number"] == 2
    # A second phone pressing the same button does not start match 3.
    again = client.post(f"/k/{kit}/next-match", json={"match_id": first["id"]})
    assert again.json()["match"]["number"] == 2
    twin = state_of(client, kit)
    assert twin["match"]["number"] == 2 and twin["tallies"]["a"] == 6
    old = client.get(f"/k/{kit}/events?match=1&after=1")
    assert '"kind": "reload"' in old.text
    assert client.get(f"/k/{kit}/history.json?match=1").json()["entries"][0]["text"] == "add 6 to a"


def test_a_restarted_server_rebuilds_the_state_from_the_log(db_url):
    kit = new_kit(db_url)
    with TestClient(make_app(db_url)) as first:
        act(first, kit, {"type": "add", "name": "a", "amount": 2}, client_action_id="r1")
        act(first, kit, {"type": "add", "name": "b", "amount": 5})
        act(first, kit, {"type": "undo"})
    with TestClient(make_app(db_url)) as second:
        assert state_of(second, kit)["tallies"] == {"a": 2, "b": 0}
        assert state_of(second, kit)["match"]["version"] == 3
        retry = act(second, kit, {"type": "add", "name": "a", "amount": 2}, client_action_id="r1")
        assert retry.json()["replayed"] is True
        assert state_of(second, kit)["tallies"]["a"] == 2


def test_names_with_html_are_escaped(client, db_url):
    kit = new_kit(db_url, teams=["<script>alert(1)</script>", "b"])
    page = client.get(f"/k/{kit}/table")
    assert "<script>alert(1)</script>" not in page.text
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page.text


def test_kits_printed_before_the_server_starts_are_imported(tmp_path, db_url):
    kit_id = "ab" * 16
    (tmp_path / "kit-x.kit.json").write_text(
        json.dumps({"kit_id": kit_id, "game": "tally", "base_url": "http://t"})
    )
    (tmp_path / "broken.kit.json").write_text("{not json")
    app = make_app(db_url, kits_dir=tmp_path)
    assert any("broken.kit.json" in note for note in app.state.startup_notes)
    with TestClient(app) as started:
        assert started.get(f"/k/{kit_id}/table").status_code == 200


def test_a_stale_undo_from_an_old_page_is_409_and_shows_what_changed(client, db_url):
    kit = new_kit(db_url)
    act(client, kit, {"type": "add", "name": "a", "amount": 1})
    act(client, kit, {"type": "add", "name": "b", "amount": 1})
    form = {"type": "undo", "target": "1", "client_action_id": "u1", "version": "1"}
    reply = client.post(f"/k/{kit}/act", data=form)
    assert reply.status_code == 409 and "add 1 to b" in reply.text
    assert state_of(client, kit)["tallies"] == {"a": 1, "b": 1}


def test_a_stale_form_shows_what_the_action_would_do_now(client, db_url):
    kit = new_kit(db_url)
    act(client, kit, {"type": "add", "name": "a", "amount": 2})
    form = {"type": "add", "name": "a", "amount": "-2", "client_action_id": "s1", "version": "0"}
    reply = client.post(f"/k/{kit}/act", data=form)
    assert reply.status_code == 409 and "a: 2 + -2" in reply.text
    form["amount"] = "-3"
    reply = client.post(f"/k/{kit}/act", data=form)
    assert reply.status_code == 409 and "would be refused" in reply.text


def test_import_by_file_upload_from_the_history_page(client, db_url):
    kit = new_kit(db_url)
    act(client, kit, {"type": "add", "name": "b", "amount": 2})
    document = client.get(f"/k/{kit}/export.json").content
    other = new_kit(db_url)
    assert 'action="/k/' in client.get(f"/k/{other}/history").text
    reply = client.post(
        f"/k/{other}/import",
        files={"file": ("match.json", document, "application/json")},
        follow_redirects=False,
    )
    assert reply.status_code == 303
    assert state_of(client, other)["tallies"] == {"a": 0, "b": 2}
    bad = client.post(f"/k/{other}/import", files={"file": ("x.json", b"{", "application/json")})
    assert bad.status_code == 422 and "not JSON" in bad.text


def test_phones_acting_at_once_are_each_applied_once_in_one_order(db_url):
    """Eight phones send twenty actions each at the same moment: one writer per match, no lost
    or doubled action, versions without gaps."""
    import secrets
    import threading

    from tracker_helpers import loader

    from toolkit.tracker.matches import MatchService
    from toolkit.tracker.storage import Store

    kit = new_kit(db_url)
    service = MatchService(Store(db_url), loader)
    match_id = service.current_match(service.kit(kit)).id
    errors: list[Exception] = []

    def phone(name: str) -> None:
        try:
            for _ in range(20):
                action = {"type": "add", "name": name, "amount": 1}
                client_id = secrets.token_hex(8)
                service.submit(match_id, action, client_action_id=client_id, base_version=None)
                service.submit(match_id, action, client_action_id=client_id, base_version=None)
        except Exception as exc:  # pragma: no cover - reported below
            errors.append(exc)

    threads = [threading.Thread(target=phone, args=("ab"[i % 2],)) for i in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    version, state = service.state(match_id)
    assert version == 160 and state["tallies"] == {"a": 80, "b": 80}
    assert [row.seq for row in service.store.actions(match_id)] == list(range(1, 161))
