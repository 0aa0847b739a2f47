"""The page layer over HTTP, in-process, with the test game `tally`: the vendored htmx and its
configuration, the manifest and the service worker, a refused form shown again on its own page
with what was typed (no JavaScript), seats, redo, the history in sentences by round, the big
screen's JSON twin, and the confirm page's question."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import quote

from tracker_helpers import act, client_id_of, new_kit

from toolkit.resources import static_dir, templates_dir
from toolkit.tracker.contract import registered

ADD_A = {"type": "add", "name": "a", "amount": 2}


def form_of(client, kit: str, **fields) -> dict:
    page = client.get(f"/k/{kit}/table").text
    version = re.search(r'name="version" value="(\d+)"', page).group(1)
    base = {"client_action_id": client_id_of(page), "version": version}
    return {**base, "next": f"/k/{kit}/table", **fields}


def test_pages_load_the_vendored_htmx_configured_without_eval(client, db_url):
    kit = new_kit(db_url)
    page = client.get(f"/k/{kit}/table").text
    scripts = re.findall(r'<script src="([^"]+)"', page)
    assert "/static/vendor/htmx-2.0.11.min.js" in scripts and "/static/domekit.js" in scripts
    assert all(src.startswith("/static/") for src in scripts)  # no CDN: the table has no internet
    assert "<script>" not in page  # no inline script (script-src 'self')
    assert '"allowEval":false' in page and '"includeIndicatorStyles":false' in page
    readme = (static_dir() / "vendor" / "README.md").read_text()
    for src in scripts:
        path = static_dir() / src.removeprefix("/static/")
        assert path.is_file(), src
        if "/vendor/" in src:
            assert path.name in readme
            assert client.get(src).status_code == 200
    for licence in ("htmx", "htmx-ext-sse", "idiomorph"):
        assert (static_dir() / "vendor" / f"{licence}.LICENSE.txt").read_text().strip()
    # The page is live by server-sent events into a morph of #page, and names its version.
    assert f'sse-connect="/k/{kit}/events?after=0"' in page
    assert 'hx-swap="morph:outerHTML"' in page and '<body class="" data-version="0"' in page


def test_every_page_links_a_web_app_manifest(client, db_url):
    kit = new_kit(db_url)
    for path in ["/", f"/k/{kit}/table", f"/k/{kit}/history", f"/k/{kit}/seat"]:
        href = re.search(r'<link rel="manifest" href="([^"]+)"', client.get(path).text).group(1)
        reply = client.get(href)
        assert reply.headers["content-type"].startswith("application/manifest+json")
        manifest = reply.json()
        assert manifest["name"] and manifest["start_url"].startswith("/")
    kit_manifest = client.get(f"/k/{kit}/manifest.webmanifest").json()
    assert kit_manifest["start_url"] == f"/k/{kit}/table"
    worker = client.get("/sw.js")
    assert worker.status_code == 200 and "javascript" in worker.headers["content-type"]
    assert worker.headers["service-worker-allowed"] == "/"
    for asset in re.findall(r'"(/static/[^"]+)"', worker.text):  # what it caches exists
        assert client.get(asset).status_code == 200, asset


def test_a_refused_form_comes_back_on_its_page_with_what_was_typed(client, db_url):
    kit = new_kit(db_url)
    fields = form_of(client, kit, type="add", name="b", amount="-5")
    reply = client.post(f"/k/{kit}/act", data=fields)
    assert reply.status_code == 422
    page = reply.text
    form = page[page.index('id="add-form"') : page.index("</form>", page.index('id="add-form"'))]
    assert 'id="refusal"' in form and "b would go below zero" in form
    assert 'name="name" value="b"' in form and 'name="amount" type="number" value="-5"' in form
    assert "Back to the page" not in page
    assert act(client, kit, ADD_A).status_code == 200  # the page moved on meanwhile
    fields = form_of(client, kit, type="add", name="b", amount="-7")
    page = client.post(f"/k/{kit}/act", data={**fields, "version": "0"}).text
    assert 'name="version" value="1"' in page  # the form now carries the current version


def test_a_form_that_is_gone_gets_the_refusal_page(client, db_url):
    kit = new_kit(db_url)
    fields = form_of(client, kit, type="add", name="nobody", amount="1", next=f"/k/{kit}/nowhere")
    reply = client.post(f"/k/{kit}/act", data=fields)
    assert reply.status_code == 422 and "there is no tally &#39;nobody&#39;" in reply.text
    assert "Nothing was changed" in reply.text


def test_redo_records_the_undone_action_again_once(client, db_url):
    kit = new_kit(db_url)
    assert act(client, kit, ADD_A).status_code == 200
    assert (
        client.post(f"/k/{kit}/redo", json={"seq": 1, "client_action_id": "r0"}).status_code == 409
    )
    undo = act(client, kit, {"type": "undo", "target": 1})
    assert undo.status_code == 200
    page = client.get(f"/k/{kit}/table").text
    assert "Redo #1: add 2 to a" in page
    body = {"seq": 1, "client_action_id": "redo-1", "version": 2}
    first = client.post(f"/k/{kit}/redo", json=body).json()
    again = client.post(f"/k/{kit}/redo", json=body).json()
    assert first["seq"] == 3 and first["text"] == "add 2 to a" and again["replayed"] is True
    assert client.get(f"/k/{kit}/table.json").json()["tallies"]["a"] == 2
    assert "Redo #" not in client.get(f"/k/{kit}/table").text
    for junk in [{"seq": "x"}, {"seq": -1}, {"seq": 10**30}, {}]:
        reply = client.post(f"/k/{kit}/redo", json={**junk, "client_action_id": "j"})
        assert reply.status_code in (409, 422), (junk, reply.text)


def test_a_seat_acts_for_itself_and_for_another_only_when_it_says_so(client, db_url):
    kit = new_kit(db_url)
    page = client.get(f"/k/{kit}/seat").text
    assert "Tally a" in page and "Tally b" in page
    reply = client.post(
        f"/k/{kit}/seat", data={"seat": "a", "next": f"/k/{kit}/table"}, follow_redirects=False
    )
    assert reply.status_code == 303
    assert f"Path=/k/{kit}" in reply.headers["set-cookie"]
    assert 'id="seat-chip"' in client.get(f"/k/{kit}/table").text
    assert act(client, kit, ADD_A).status_code == 200
    other = act(client, kit, {"type": "add", "name": "b", "amount": 1})
    assert other.status_code == 409
    assert other.json()["error"] == "seat" and other.json()["seat"] == "b"
    body = {"action": {"type": "add", "name": "b", "amount": 1}, "client_action_id": "x1"}
    assert client.post(f"/k/{kit}/act", json={**body, "for_seat": "b"}).status_code == 200
    # Undo names the seat whose action it takes back, and asks before taking back b's.
    assert "Undo #2 (Tally b): add 1 to b" in client.get(f"/k/{kit}/table").text
    assert act(client, kit, {"type": "undo", "target": 2}).status_code == 409
    # No seat: anyone's action, as before.
    client.post(f"/k/{kit}/seat", data={"seat": ""})
    client.cookies.clear()
    assert act(client, kit, {"type": "undo", "target": 2}).status_code == 200
    client.cookies.set("domekit_seat", quote("nobody"), path=f"/k/{kit}")
    assert act(client, kit, {"type": "add", "name": "b", "amount": 1}).status_code == 200


def test_the_history_tells_sentences_marks_undone_actions(client, db_url):
    kit = new_kit(db_url)
    for amount in (1, 2):
        act(client, kit, {"type": "add", "name": "a", "amount": amount})
    act(client, kit, {"type": "undo", "target": 2})
    entries = client.get(f"/k/{kit}/history.json").json()["entries"]
    assert [(e["seq"], e["sentence"], e["undone"]) for e in entries] == [
        (3, "Took back #2", False),
        (2, "add 2 to a", True),
        (1, "add 1 to a", False),
    ]
    page = client.get(f"/k/{kit}/history").text
    assert page.count('class="entry undone"') == 1
    assert "tallies.a: 1 -&gt; 3" in page  # the raw before/after, inside the entry's details


def test_the_default_round_heading_and_sentence_of_a_game():
    domppa = registered("domppa")
    state = domppa.new_match({"kit_id": "x", "game": "domppa", "base_url": "http://t"}, None)
    assert domppa.round_of(state, None) == "Round 1"
    deathdome = registered("deathdome")
    manifest = {
        "kit_id": "x",
        "game": "deathdome",
        "base_url": "http://t",
        "teams": ["red", "blue"],
    }
    # Death Dome heads its set-up and payout too (issue 27: history with round headings).
    assert deathdome.round_of(deathdome.new_match(manifest, None), None) == "Match 1: set-up"


def test_the_screen_and_its_json_twin(client, db_url):
    kit = new_kit(db_url)
    act(client, kit, ADD_A)
    page = client.get(f"/k/{kit}/screen").text
    assert 'class="screen"' in page and "Last actions" in page and "add 2 to a" in page
    assert "<form" not in page.split("<main>")[1]
    twin = client.get(f"/k/{kit}/screen.json").json()
    assert twin["recent"] == [{"seq": 1, "sentence": "add 2 to a", "undone": False}]
    assert twin["tallies"] == {"a": 2, "b": 0}


def test_the_confirm_page_asks_the_games_question_with_one_button_an_answer(client, db_url):
    kit = new_kit(db_url)
    fields = form_of(client, kit, type="add", name="a", amount="100")
    page = client.post(f"/k/{kit}/preview", data=fields).text
    assert "Which jar?" in page and "Confirm and record" not in page
    assert '<button type="submit" name="jar" value="left">Into the left jar</button>' in page
    assert 'name="jar" value="left"' in page and 'type="hidden" name="jar"' not in page
    reply = client.post(f"/k/{kit}/act", data={**fields, "jar": "right"}, follow_redirects=False)
    assert reply.status_code == 303


def test_templates_and_static_files_are_found_as_installed(tmp_path: Path):
    assert (templates_dir() / "seat.html").is_file()
    assert (static_dir() / "sw.js").is_file() and (static_dir() / "icon.svg").is_file()
