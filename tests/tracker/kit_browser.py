"""Helpers for the browser tests of Nature Dome, Dominum and Domppa: print a game's kit for a
tracker on a free loopback port, start that tracker, and read a QR code off a printed page
(pdftoppm at 150 dpi, zbarimg). Death Dome's browser test is the model; its constants are reused."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx
from test_tracker_browser import ARGS, CHROMIUM, PHONE, _missing, free_port

__all__ = ["ARGS", "CHROMIUM", "PHONE", "missing", "running_kit", "scan", "shots_folder"]


def missing() -> str | None:
    """Why the browser tests cannot run here (no chromium, zbarimg, pdftoppm or playwright)."""
    from shutil import which

    if which("pdftoppm") is None:
        return "pdftoppm is not installed (poppler-utils)"
    return _missing()


def shots_folder(tmp_path: Path) -> Path:
    folder = Path(os.environ.get("DOMEKIT_SCREENSHOTS") or tmp_path / "shots")
    folder.mkdir(parents=True, exist_ok=True)
    return folder


@contextmanager
def running_kit(game: str, tmp_path: Path) -> Iterator[tuple[str, Path]]:
    """`domekit kit <game>` for a tracker on a free port, then `domekit serve` on that port."""
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    db = f"sqlite:///{tmp_path / 'tracker.sqlite3'}"
    pdf = tmp_path / "kits" / f"{game}-kit.pdf"
    run = [sys.executable, "-m", "toolkit"]
    subprocess.run(
        [*run, "kit", game, "--out", str(pdf), "--base-url", base, "--db", db],
        check=True,
        capture_output=True,
        timeout=180,
    )
    process = subprocess.Popen(
        [*run, "serve", "--port", str(port), "--db", db, "--kits", str(pdf.parent)],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )
    try:
        for _ in range(150):
            try:
                if httpx.get(base + "/", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                time.sleep(0.1)
        else:
            raise RuntimeError("the tracker did not start")
        yield base, pdf
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()


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
