"""Helpers for the browser tests (Debian's chromium through Playwright): print a game's kit for a
tracker on a free loopback port, start that tracker, and read a QR code off a printed page
(pdftoppm at 150 dpi, zbarimg)."""

from __future__ import annotations

import os
import secrets
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

import httpx

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
PHONE = {"width": 390, "height": 844}
# Every Content-Security-Policy violation a page sees, kept where a test reads it (an init script
# runs before the page's own scripts, and is not itself subject to the page's policy).
WATCH_CSP = """
window.__csp = [];
document.addEventListener("securitypolicyviolation", function (e) {
  window.__csp.push(e.violatedDirective + " " + (e.blockedURI || "inline"));
});
"""


def browser_missing() -> str | None:
    """Why a browser test cannot run here (no chromium, zbarimg or playwright)."""
    if not Path(CHROMIUM).exists():
        return "Debian's chromium is not installed (make system-deps)"
    if shutil.which("zbarimg") is None:
        return "zbarimg is not installed (make system-deps)"
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "playwright is not installed"
    return None


def missing() -> str | None:
    """Why the kit browser tests cannot run here (no chromium, zbarimg, pdftoppm or playwright)."""
    if shutil.which("pdftoppm") is None:
        return "pdftoppm is not installed (poppler-utils)"
    return browser_missing()


@contextmanager
def chromium() -> Iterator[Browser]:
    """Debian's chromium through Playwright, closed when the block ends."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            yield browser
        finally:
            browser.close()


def phone(browser: Browser) -> Page:
    """A new page in its own context (its own cookies), at phone size."""
    return browser.new_context(viewport=PHONE).new_page()


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def shots_folder(tmp_path: Path) -> Path:
    folder = Path(os.environ.get("DOMEKIT_SCREENSHOTS") or tmp_path / "shots")
    folder.mkdir(parents=True, exist_ok=True)
    return folder


@contextmanager
def serving(port: int, db: str, kits: Path) -> Iterator[str]:
    """`domekit serve` on a loopback port until the block ends; yields its base URL once it
    answers."""
    serve = [sys.executable, "-m", "toolkit", "serve", "--port", str(port), "--db", db]
    with running([*serve, "--kits", str(kits)], f"http://127.0.0.1:{port}") as base:
        yield base


@contextmanager
def running(command: list[str], base: str) -> Iterator[str]:
    """A server process until the block ends (stopped by its process id); yields `base` once
    it answers."""
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
    try:
        for _ in range(150):
            try:
                if httpx.get(base + "/", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                time.sleep(0.1)
        else:
            raise RuntimeError(f"the server did not start: {command}")
        yield base
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()


@contextmanager
def running_kit(game: str, tmp_path: Path, *kit_options: str) -> Iterator[tuple[str, Path]]:
    """`domekit kit <game>` for a tracker on a free port, then `domekit serve` on that port."""
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    db = f"sqlite:///{tmp_path / 'tracker.sqlite3'}"
    pdf = tmp_path / "kits" / f"{game}-kit.pdf"
    subprocess.run(
        [sys.executable, "-m", "toolkit", "kit", game, *kit_options]
        + ["--out", str(pdf), "--base-url", base, "--db", db],
        check=True,
        capture_output=True,
        timeout=180,
    )
    with serving(port, db, pdf.parent):
        yield base, pdf


def scan(pdf: Path, marker: str, folder: Path) -> list[str]:
    """The QR codes on the first kit page whose text holds `marker`, as a phone would read them."""
    import pymupdf

    with pymupdf.open(pdf) as doc:
        number = next(i for i, page in enumerate(doc, start=1) if marker in page.get_text())
    prefix = folder / f"page{number}"
    subprocess.run(
        ["pdftoppm", "-r", "150", "-png", "-f", str(number), "-l", str(number), str(pdf), prefix],
        check=True,
        capture_output=True,
        timeout=60,
    )
    image = next(folder.glob(f"page{number}*.png"))
    found = subprocess.run(
        ["zbarimg", "-q", "--raw", str(image)], capture_output=True, text=True, check=False
    )
    return found.stdout.split()


RED_SPACES = ["1,2", "1,4", "2,2", "2,3", "2,4", "3,3"]
"""Dominum spaces where the browser tests place red's six cards (and gold's, below)."""
GOLD_SPACES = ["5,1", "5,5", "4,1", "4,5", "5,3", "3,1"]


@contextmanager
def serving_every_game(tmp_path: Path) -> Iterator[tuple[str, dict[str, str]]]:
    """`domekit serve` on a free loopback port over a database holding two kits of each game of
    the registry; yields the base URL and each game's kit ids (`<game>` and `<game> full`, to
    set up tracked each way)."""
    from toolkit.games import names
    from toolkit.tracker.kits import record_kit

    port = free_port()
    base = f"http://127.0.0.1:{port}"
    db = f"sqlite:///{tmp_path / 'tracker.sqlite3'}"
    kits = {}
    for game in names():
        extra = {"teams": ["red", "blue"]} if game == "deathdome" else {}
        for name in (game, f"{game} full"):
            kits[name] = secrets.token_hex(16)
            record_kit(db, {"kit_id": kits[name], "game": game, "base_url": base, **extra})
    empty = tmp_path / "no-kits"
    empty.mkdir()
    with serving(port, db, empty):
        yield base, kits


def act(base: str, kit: str, **action: object) -> None:
    """One action through the JSON API, as another phone makes it."""
    body = {"action": action, "client_action_id": secrets.token_hex(8)}
    reply = httpx.post(f"{base}/k/{kit}/act", json=body, timeout=10)
    assert reply.status_code == 200, reply.text


def state(base: str, kit: str, page: str) -> dict:
    """A page's JSON twin."""
    return httpx.get(f"{base}/k/{kit}/{page}.json", timeout=10).json()


def open_page(page: Page, url: str) -> None:
    """`page.goto(url)`, after any navigation the page itself still has under way (a recorded
    action's page moving on to the next one) has taken it over."""
    from playwright.sync_api import Error

    for attempt in range(3):
        try:
            page.goto(url)
            return
        except Error as exc:
            if "interrupted by another navigation" not in str(exc) or attempt == 2:
                raise


def set_up_every(base: str, kits: Iterable[str], mode: str = "light") -> None:
    """Start each kit's match as the set-up page's choice `mode` would (a game tracked one way
    has nothing to choose: its match starts as before, on its first page)."""
    for kit in kits:
        reply = httpx.post(f"{base}/k/{kit}/setup", json={"mode": mode}, timeout=10)
        assert reply.status_code in (200, 422), reply.text
