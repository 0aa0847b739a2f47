"""`--watch` (toolkit/cards/watch.py): builds again on every save, with each build's time."""

from __future__ import annotations

import signal
import subprocess
import sys
import threading
import time

import pymupdf

from tests.cards.helpers import (
    sheet,
    write_png,
)


def test_watch_builds_again_on_every_save_and_prints_the_time(tmp_path):
    deck = sheet(tmp_path, "name\nImp\n")
    out = tmp_path / "out.pdf"
    child = subprocess.Popen(
        [sys.executable, "-m", "toolkit", "cards", str(deck), "--out", str(out), "--watch"],
        stderr=subprocess.PIPE,
        stdout=subprocess.DEVNULL,
        text=True,
    )
    try:
        lines: list[str] = []

        def wait_for(count: int) -> None:
            deadline = time.monotonic() + 30
            while sum("built in" in line for line in lines) < count:
                assert time.monotonic() < deadline, lines
                lines.append(child.stderr.readline() if child.stderr else "")

        wait_for(1)
        assert pymupdf.open(out)[0].get_text().split() == ["Imp"]
        time.sleep(0.5)
        deck.write_text("name\nWyvern\n")
        wait_for(2)
        assert pymupdf.open(out)[0].get_text().split() == ["Wyvern"]
        deck.write_text("name,qty\nWyvern,x\n")
        deadline = time.monotonic() + 30
        while not any("build failed" in line for line in lines):
            assert time.monotonic() < deadline, lines
            lines.append(child.stderr.readline() if child.stderr else "")
        assert any("field 'qty': expected a whole number" in line for line in lines)
        assert any(line.startswith("built in ") and " s; watching" in line for line in lines)
    finally:
        child.send_signal(signal.SIGINT)
        child.wait(timeout=30)


def test_watch_builds_again_when_the_layout_or_an_icon_is_saved(tmp_path):
    """The layout in a folder of its own and an icon beside the sheet are watched too; the
    output folder's files (a PNG is written there) start no build."""
    (tmp_path / "deck" / "icons").mkdir(parents=True)
    (tmp_path / "layouts").mkdir()
    icon = tmp_path / "deck" / "icons" / "fire.png"
    write_png(icon, (220, 60, 0), (16, 16))
    deck = sheet(tmp_path / "deck", "name,text\nImp,Burn :fire:.\n")
    layout = tmp_path / "layouts" / "mine.toml"
    layout.write_text("extends = 'classic'\n[boxes.title]\nsize = 12\n")
    out = tmp_path / "deck" / "png"
    child = subprocess.Popen(
        [sys.executable, "-m", "toolkit", "cards", str(deck), "--layout", str(layout),
         "--format", "png", "--dpi", "72", "--out", str(out), "--watch"],
        stderr=subprocess.PIPE,
        stdout=subprocess.DEVNULL,
        text=True,
    )  # fmt: skip
    lines: list[str] = []
    reader = threading.Thread(target=lambda: lines.extend(iter(child.stderr.readline, "")))
    reader.start()

    def builds() -> int:
        return sum(line.startswith("built in ") for line in list(lines))

    def wait_for(count: int) -> None:
        deadline = time.monotonic() + 30
        while builds() < count:
            assert time.monotonic() < deadline and child.poll() is None, lines
            time.sleep(0.05)

    try:
        wait_for(1)
        before = (out / "001-imp.png").read_bytes()
        time.sleep(0.5)
        layout.write_text("extends = 'classic'\n[boxes.title]\nsize = 20\nheight = 10\n")
        wait_for(2)
        bigger = (out / "001-imp.png").read_bytes()
        assert bigger != before
        time.sleep(0.5)
        write_png(icon, (0, 60, 220), (16, 16))
        wait_for(3)
        assert (out / "001-imp.png").read_bytes() != bigger
        time.sleep(2)  # the PNG folder build 3 wrote starts no fourth build
        assert builds() == 3, lines
    finally:
        child.send_signal(signal.SIGINT)
        child.wait(timeout=30)
        reader.join(timeout=10)
