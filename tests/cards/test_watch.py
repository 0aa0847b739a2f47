"""`--watch` (toolkit/cards/watch.py): builds again on every save, with each build's time."""

from __future__ import annotations

import signal
import subprocess
import sys
import time

import pymupdf

from tests.cards.helpers import (
    sheet,
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
        child.wait(timeout=10)
