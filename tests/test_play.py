"""`make play PORT=...` as a newcomer runs it: the kits' QR codes point at the port the tracker
then serves on, the last step does not ask to start what is starting, and no build warning
blocks clutter the output."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import time
from pathlib import Path

import httpx
import pymupdf
import pytest

from tests.kit_pdf import decode_qr
from toolkit.games import EXTRA_GAMES

ROOT = Path(__file__).resolve().parents[1]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_make_play_on_another_port_points_the_qr_codes_at_it(tmp_path):
    if not (ROOT / ".venv" / "bin" / "domekit").exists():
        pytest.skip("no .venv in this checkout (`make setup` makes it)")
    port = free_port()
    env = {name: value for name, value in os.environ.items() if name != EXTRA_GAMES}
    env["DOMEKIT_HOME"] = str(tmp_path)
    # -W pyproject.toml: as if it had changed, so `make play` installs Domekit again and its
    # output shows whatever the build prints.
    play = subprocess.Popen(
        ["make", "-s", "-W", "pyproject.toml", "play", f"PORT={port}"],
        cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        start_new_session=True,
    )  # fmt: skip
    try:
        deadline = time.monotonic() + 120
        while True:
            assert play.poll() is None, play.stdout.read() if play.stdout else ""
            assert time.monotonic() < deadline, "the tracker did not answer in 120 s"
            try:
                if httpx.get(f"http://127.0.0.1:{port}/", timeout=1).status_code == 200:
                    break
            except httpx.TransportError:
                time.sleep(0.5)
    finally:
        os.killpg(play.pid, signal.SIGINT)
        output, _ = play.communicate(timeout=30)
    manifests = sorted(tmp_path.glob("*.kit.json"))
    assert len(manifests) == 4, output  # one kit per game
    for manifest in manifests:
        assert json.loads(manifest.read_text())["base_url"].endswith(f":{port}")
    doc = pymupdf.open(tmp_path / "naturedome-kit.pdf")
    found = next(codes for page in reversed(doc) if (codes := decode_qr(page, tmp_path)))
    assert all(f":{port}/k/" in url for url in found), found
    assert "the tracker starts now" in output
    assert "then run `domekit serve" not in output
    assert "Editable installation" not in output and "!!" not in output
