"""The whole path a player takes: print a kit, scan a unit's QR code off the PDF, open it in a real
browser (Debian's chromium through Playwright), record an attack, and watch a second phone's page
update live through server-sent events."""

from __future__ import annotations

import os
import subprocess
import time
from pathlib import Path

import httpx
import pytest
from kit_browser import browser_missing, chromium, phone, running_kit, shots_folder

pytestmark = pytest.mark.browser


def decode_page(pdf: Path, title: str, folder: Path) -> list[str]:
    """Every QR code on the kit page whose text starts with `title`, rendered at 150 dpi."""
    import pymupdf

    with pymupdf.open(pdf) as doc:
        page = next(p for p in doc if p.get_text().startswith(title))
        image = folder / "scan.png"
        page.get_pixmap(dpi=150).save(image)
    found = subprocess.run(
        ["zbarimg", "-q", "--raw", str(image)], capture_output=True, text=True, check=False
    )
    return found.stdout.split()


@pytest.fixture
def shots(tmp_path: Path) -> Path:
    return shots_folder(tmp_path)


@pytest.fixture
def server(tmp_path: Path):
    """A kit printed for a tracker on a free loopback port, and that tracker running."""
    with running_kit("deathdome", tmp_path, "--teams", "red,blue") as served:
        yield served


@pytest.mark.skipif(browser_missing() is not None, reason=str(browser_missing()))
def test_scan_a_unit_record_an_attack_and_see_another_phone_update(server, tmp_path, shots):
    from playwright.sync_api import expect

    base, pdf = server
    red = decode_page(pdf, "Death Dome: Red team\n", tmp_path)  # its team sheet: the meters
    gunner_url = next(url for url in red if url.endswith("/unit/red/gunner"))
    assert gunner_url.startswith(base + "/k/")
    kit = gunner_url.split("/k/")[1].split("/")[0]
    blue_scout_url = f"{base}/k/{kit}/unit/blue/scout"

    # Set-up through the JSON API: red buys and equips a Heavy Rifle, blue passes, start.
    def act(**action):
        reply = httpx.post(
            f"{base}/k/{kit}/act", json={"action": action, "client_action_id": os.urandom(8).hex()}
        )
        assert reply.status_code == 200, reply.text

    act(type="buy", team="red", item="heavy-rifle")
    act(type="equip", unit="red.gunner", item="heavy-rifle")
    act(type="pass", team="blue")
    act(type="pass", team="red")
    act(type="start")

    with chromium() as browser:
        attacker = phone(browser)
        watcher = phone(browser)
        watcher.goto(blue_scout_url)
        expect(watcher.locator("#live-status")).to_have_text("live", timeout=5000)
        watcher.evaluate("window.notReloaded = true")
        full = watcher.locator("#vitae").inner_text()

        attacker.goto(gunner_url)
        expect(attacker.locator("h1")).to_contain_text("Red gunner")
        attacker.screenshot(path=str(shots / "unit-red-gunner.png"), full_page=True)
        attacker.click("#target label:has(input[value='blue.scout'])")
        attacker.click("#weapon label:has(input[value='heavy-rifle'])")
        attacker.click("#cards [data-value='1'] label >> nth=0")
        attacker.click("text=Check the attack")
        expect(attacker.locator("ol.steps")).to_contain_text("attack stack")
        attacker.screenshot(path=str(shots / "confirm-attack.png"), full_page=True)
        clicked = time.perf_counter()
        attacker.click("text=Confirm and record")
        # The second phone shows the wound without reloading, within a second or two.
        expect(watcher.locator("#vitae")).not_to_have_text(full, timeout=3000)
        seen = time.perf_counter() - clicked
        print(f"live update seen on the second phone {seen * 1000:.0f} ms after the click")
        assert watcher.evaluate("window.notReloaded") is True
        expect(attacker.locator(".flash")).to_contain_text(
            "Recorded: attack red.gunner -> blue.scout"
        )
        watcher.screenshot(path=str(shots / "unit-blue-scout-live.png"), full_page=True)

        # A page left open while another phone acted: its attack is refused with 409 and
        # the fresh state, nothing overwritten.
        attacker.goto(gunner_url)
        attacker.click("#target label:has(input[value='blue.scout'])")
        attacker.click("#cards [data-value='2'] label >> nth=0")
        attacker.click("text=Check the attack")
        act(type="vitae", unit="blue.scout", change=1)
        attacker.click("button[name=jail] >> nth=0")  # the kill asks its jail
        expect(attacker.locator(".stale")).to_contain_text("Someone changed the match")
        expect(attacker.locator(".stale")).to_contain_text("vitae blue.scout +1")
        attacker.screenshot(path=str(shots / "refused-stale.png"), full_page=True)

        for name, path in [
            ("table", "table"),
            ("team-red", "team/red"),
            ("history", "history"),
        ]:
            attacker.goto(f"{base}/k/{kit}/{path}")
            attacker.screenshot(path=str(shots / f"{name}.png"), full_page=True)
        attacker.goto(f"{base}/k/{kit}/table")
        attacker.click("text=view-only link for spectators")
        assert "/v/" in attacker.url and kit not in attacker.content()
        attacker.screenshot(path=str(shots / "view-only.png"), full_page=True)
