"""A phone's page while the tracker's PostgreSQL is gone (Debian's chromium through Playwright,
390 x 844): the tracker answers 503, the page says the database cannot be reached and keeps the
tap waiting on the phone, and sends it once the database is back: recorded once. Over the test
game `tally`, served by uvicorn on a PostgreSQL cluster of the test's own, which it halts."""

from __future__ import annotations

import sys
from pathlib import Path

import httpx
import pytest
from kit_browser import PHONE, browser_missing, chromium, free_port, running, shots_folder
from load_harness import pg_cluster
from tracker_helpers import new_kit

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(browser_missing() is not None, reason=str(browser_missing())),
]

PAGE_SERVER = Path(__file__).resolve().parent / "page_server.py"


def test_a_tap_the_tracker_could_not_take_waits_on_the_phone_and_is_sent_once(tmp_path):
    from playwright.sync_api import expect

    try:
        cluster = pg_cluster.Cluster().start()
    except pg_cluster.NoPostgres as why:
        pytest.skip(f"no PostgreSQL: {why}")
    try:
        db = cluster.create_database()
        port = free_port()
        command = [sys.executable, str(PAGE_SERVER), str(port), db]
        with running(command, f"http://127.0.0.1:{port}") as base, chromium() as browser:
            kit = new_kit(db)
            context = browser.new_context(viewport=PHONE, service_workers="block")
            page = context.new_page()
            page.goto(f"{base}/k/{kit}/table")
            expect(page.locator("#live-status")).to_have_text("live", timeout=10000)
            cluster.halt()
            page.fill("#add-form input[name=amount]", "3")
            page.click("#add-form button")
            waiting = page.locator("#queue-status")
            expect(waiting).to_have_text("waiting to send: 1", timeout=10000)
            note = page.locator("#add-form dk-note.queued")
            expect(note).to_have_text(
                "Waiting to send (the tracker cannot reach its database just now): it is sent "
                "when it is back."
            )
            shots = shots_folder(tmp_path)
            page.screenshot(path=str(shots / "database-gone.png"))
            # a page opened meanwhile says so too (503, try again after a while)
            other = context.new_page()
            gone = other.goto(f"{base}/k/{kit}/table")
            assert gone is not None and gone.status == 503 and gone.headers["retry-after"] == "5"
            expect(other.locator(".refusal")).to_have_text(
                "the tracker cannot reach its database just now: try again soon"
            )
            other.screenshot(path=str(shots / "database-gone-page.png"))
            other.close()
            cluster.resume()
            expect(waiting).to_be_hidden(timeout=30000)
            expect(page.locator("#tallies")).to_contain_text("a: 3", timeout=10000)
            history = httpx.get(f"{base}/k/{kit}/history.json", timeout=30).json()
            assert [entry["text"] for entry in history["entries"]] == ["add 3 to a"]
    finally:
        cluster.stop()
