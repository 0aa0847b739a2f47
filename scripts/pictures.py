"""README's three pictures, made from the real program so they stay true: a page of the Death
Dome kit (the PDF `domekit kit` writes, rendered by pymupdf), a unit's phone page (390 x 844) and
the table's big screen (1920 x 1080, halved), both in Debian's chromium through Playwright, from
`domekit serve` on a loopback port over that kit. The kit id is fixed, so the QR codes and pages
are the same every run.

    .venv/bin/python scripts/pictures.py [--out docs/img]     (`make pictures`)

Needs the test extra (pymupdf, Playwright) and chromium; the PNGs are small (128 colours).
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import os
import re
import secrets
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
PICTURES = {
    "kit": "readme-kit.png",
    "phone": "readme-phone.png",
    "screen": "readme-table.png",
}
"""What each picture shows, and its file in the output folder (README links these names)."""
KIT_PAGE = re.compile(r"^Death Dome: .*standees", re.IGNORECASE | re.MULTILINE)
"""The kit page drawn: the first whose heading names the standees (each with its QR code)."""
KIT_ID = base64.urlsafe_b64encode(hashlib.sha256(b"domekit pictures").digest()[:16])
KIT_URL = "http://192.168.1.20:8000"
"""Where the kit's QR codes point (the docs' example LAN address): fixed, so the picture is too;
the pictures' tracker runs on a free loopback port and finds the kit by its id."""
CHROMIUM = "/usr/bin/chromium"
PHONE = {"width": 390, "height": 844}
SCREEN = {"width": 1920, "height": 1080}
COLOURS = 128


def small_png(path: Path, scale: float = 1.0) -> None:
    """Shrink `path` in place: scaled, then quantized to a palette of COLOURS."""
    from PIL import Image

    with Image.open(path) as image:
        picture = image.convert("RGB")
    if scale != 1.0:
        size = (round(picture.width * scale), round(picture.height * scale))
        picture = picture.resize(size, Image.Resampling.LANCZOS)
    palette = picture.quantize(COLOURS, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    palette.save(path, optimize=True)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def build_kit(folder: Path, base: str, db: str) -> Path:
    """The Death Dome kit for two teams, with the fixed kit id, recorded in `db`."""
    from toolkit.games import game
    from toolkit.pdf.kits import KitOptions, Progress
    from toolkit.tracker.kits import record_manifest_files

    options = KitOptions(
        out=folder / "deathdome-kit.pdf",
        base_url=base,
        teams=("red", "blue"),
        kit_id=KIT_ID.decode().rstrip("="),
    )
    result = game("deathdome").kit()(options, Progress(False))
    record_manifest_files(db, [result.manifest])
    return result.pdf


def kit_picture(pdf: Path, out: Path) -> None:
    import pymupdf

    with pymupdf.open(pdf) as doc:
        page = next(page for page in doc if KIT_PAGE.search(page.get_text()))
        # What is printed on the page, with a margin: the empty paper below it is left out.
        inked = pymupdf.Rect()
        for box in (item["rect"] for item in page.get_drawings()):
            inked |= box
        for block in page.get_text("blocks"):
            inked |= pymupdf.Rect(block[:4])
        clip = (inked + (-12, -12, 12, 12)) & page.rect
        page.get_pixmap(dpi=72, clip=clip).save(out)
    small_png(out)


def act(base: str, kit: str, **action: object) -> None:
    import httpx

    body = {"action": action, "client_action_id": secrets.token_hex(8)}
    reply = httpx.post(f"{base}/k/{kit}/act", json=body, timeout=10)
    reply.raise_for_status()


def set_the_table(base: str, kit: str) -> None:
    """A match under way: red bought a heavy rifle for its gunner, then both teams started."""
    act(base, kit, type="buy", team="red", item="heavy-rifle")
    act(base, kit, type="pass", team="blue")
    act(base, kit, type="equip", unit="red.gunner", item="heavy-rifle")
    act(base, kit, type="pass", team="red")
    act(base, kit, type="start")


def live(page: Any) -> None:
    """Until the page's live stream is connected (its badge says so)."""
    from playwright.sync_api import expect

    expect(page.locator("#live-status")).to_have_text("live", timeout=10_000)


def browser_pictures(base: str, kit: str, out: Path) -> None:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        try:
            phone = browser.new_context(viewport=PHONE).new_page()
            screen = browser.new_context(viewport=SCREEN).new_page()
            for page, path, name in (
                (phone, "unit/red/gunner", "phone"),
                (screen, "screen", "screen"),
            ):
                page.goto(f"{base}/k/{kit}/{path}")
                live(page)  # the same picture every run: taken once the page is live and settled
                page.screenshot(path=str(out / PICTURES[name]))
        finally:
            browser.close()
    small_png(out / PICTURES["phone"])
    small_png(out / PICTURES["screen"], scale=0.5)


def serving(port: int, db: str, kits: Path) -> subprocess.Popen[bytes]:
    """`domekit serve` on a loopback port, once it answers."""
    import httpx

    command = [sys.executable, "-m", "toolkit", "serve", "--port", str(port), "--db", db]
    server = subprocess.Popen(
        [*command, "--kits", str(kits)], stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT
    )
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/", timeout=1).status_code == 200:
                return server
        except httpx.TransportError:
            time.sleep(0.2)
    server.terminate()
    raise SystemExit("error: domekit serve did not answer in 60 s")


def make_pictures(out: Path) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="domekit-pictures-") as scratch:
        folder = Path(scratch)
        os.environ["DOMEKIT_HOME"] = str(folder)  # and so the server's
        port = free_port()
        base = f"http://127.0.0.1:{port}"
        db = f"sqlite:///{folder / 'tracker.sqlite3'}"
        pdf = build_kit(folder, KIT_URL, db)
        kit_picture(pdf, out / PICTURES["kit"])
        server = serving(port, db, folder)
        try:
            kit = KIT_ID.decode().rstrip("=")
            set_the_table(base, kit)
            browser_pictures(base, kit, out)
        finally:
            server.terminate()
            server.wait(timeout=10)
    return [out / name for name in PICTURES.values()]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "img")
    for path in make_pictures(parser.parse_args().out):
        print(f"{path} {path.stat().st_size // 1024} KiB")


if __name__ == "__main__":
    main()
