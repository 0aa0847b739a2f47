"""`domekit serve` starting up: a busy port is one line and exit 2 before any URL is printed;
`--json` gives the start-up lines as one object; kits whose QR codes cannot reach the server are
named."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
from kit_browser import free_port

from toolkit.network import lan_address
from toolkit.resources import home


def test_a_busy_port_is_one_line_and_exit_2_before_any_url(cli, tmp_path):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = cli(
            "serve", "--port", str(port), "--db", f"sqlite:///{tmp_path / 'db.sqlite3'}",
            "--kits", str(tmp_path),
        )  # fmt: skip
    assert result.exit_code == 2
    assert result.stderr == (
        f"error: port {port} on 127.0.0.1 is already in use (another `domekit serve`?); "
        "stop it or pick another with --port\n"
    )
    assert result.stdout == ""


def test_a_host_that_is_not_this_machines_is_one_line(cli, tmp_path):
    result = cli("serve", "--host", "no such host", "--db", f"sqlite:///{tmp_path / 'db'}")
    assert result.exit_code == 2
    assert result.stderr.startswith("error: --host 'no such host': not an address to listen on")


def _read_json(process: subprocess.Popen, timeout: float = 30) -> dict:
    """The first JSON object the process prints (it goes on serving afterwards)."""
    text = ""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        line = process.stdout.readline()
        if not line:
            break
        text += line
        try:
            return json.loads(text)
        except ValueError:
            continue
    raise AssertionError(f"no JSON start-up lines: {text!r}")


def test_json_start_up_lines_and_a_warning_for_a_loopback_kit(tmp_path):
    port = free_port()
    db = f"sqlite:///{tmp_path / 'tracker.sqlite3'}"
    kits = tmp_path / "kits"
    built = subprocess.run(
        [sys.executable, "-m", "toolkit", "kit", "naturedome", "--out", str(kits / "nd.pdf"),
         "--base-url", f"http://127.0.0.1:{port}", "--db", db],
        capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip
    assert built.returncode == 0, built.stderr
    assert "a loopback address: phones will not reach it" in built.stderr
    process = subprocess.Popen(
        [sys.executable, "-m", "toolkit", "serve", "--lan", "--port", str(port), "--db", db,
         "--kits", str(kits), "--json"],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
    )  # fmt: skip
    try:
        report = _read_json(process)
        assert report["url"] == f"http://{lan_address()}:{port}/"
        assert (report["host"], report["port"], report["lan"]) == ("0.0.0.0", port, True)
        assert report["database"] == db and report["kits"] == str(kits)
        [warning] = report["warnings"]
        assert warning.startswith(str(kits / "nd.pdf.kit.json"))
        assert "a loopback address: phones will not reach it" in warning
        manifest = json.loads((kits / "nd.pdf.kit.json").read_text())
        table = manifest["urls"]["table"]
        assert table.startswith(f"http://127.0.0.1:{port}/k/")
        assert httpx.get(table, timeout=10).status_code == 200
    finally:
        process.terminate()
        process.wait(timeout=10)


def test_plain_start_up_lines_name_the_url_database_and_kits(tmp_path):
    port = free_port()
    db = f"sqlite:///{tmp_path / 'tracker.sqlite3'}"
    process = subprocess.Popen(
        [sys.executable, "-m", "toolkit", "serve", "--port", str(port), "--db", db,
         "--kits", str(tmp_path)],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
    )  # fmt: skip
    try:
        lines = [process.stdout.readline().rstrip("\n") for _ in range(4)]
        assert lines == [
            f"database: {db}",
            f"kits: {tmp_path}",
            f"backups: {home() / 'backups'} (each match's end and daily, the last 10)",
            f"tracker: http://127.0.0.1:{port}/",
        ]
        for _ in range(100):
            try:
                assert httpx.get(f"http://127.0.0.1:{port}/", timeout=1).status_code == 200
                break
            except httpx.HTTPError:
                time.sleep(0.1)
        else:
            raise AssertionError("the tracker did not answer")
    finally:
        process.terminate()
        process.wait(timeout=10)


def test_kit_warnings_name_the_manifest_and_skip_unreadable_ones(tmp_path: Path):
    from toolkit.tracker.serve import kit_warnings

    home = tmp_path / "home"
    home.mkdir()
    (home / "a.pdf.kit.json").write_text(json.dumps({"base_url": "http://127.0.0.1:8000"}))
    (home / "broken.pdf.kit.json").write_text("{not json")
    assert kit_warnings(home, 8000, lan=False) == []
    [warning] = kit_warnings(home, 8000, lan=True)
    assert warning.startswith(str(home / "a.pdf.kit.json"))


def test_workers_above_one_on_sqlite_are_refused_before_anything_starts(cli, tmp_path):
    db = f"sqlite:///{tmp_path / 'tracker.sqlite3'}"
    result = cli("serve", "--workers", "2", "--db", db, "--kits", str(tmp_path))
    assert result.exit_code == 2
    assert result.stderr.startswith(
        "error: --workers 2 needs a PostgreSQL database (--db postgresql+psycopg://...): a "
        "SQLite file is served by one process"
    )
    assert result.stdout == ""
    assert not (tmp_path / "tracker.sqlite3").exists()  # nothing was opened, let alone written


def test_a_workers_count_out_of_bounds_is_one_line(cli, tmp_path):
    for count in ("0", "65", "-3"):
        result = cli("serve", "--workers", count, "--db", "postgresql+psycopg://nobody@x/y")
        assert result.exit_code == 2
        assert result.stderr == f"error: --workers must be 1 to 64 (got {int(count)})\n"


def test_a_database_that_cannot_be_reached_is_named_without_its_password(cli, tmp_path):
    with socket.socket() as closed:  # a port nothing listens on
        closed.bind(("127.0.0.1", 0))
        port = closed.getsockname()[1]
    db = f"postgresql+psycopg://domekit:top-s3cret@127.0.0.1:{port}/domekit"
    result = cli("serve", "--db", db, "--workers", "2", "--kits", str(tmp_path))
    assert result.exit_code == 2
    assert result.stderr.startswith(
        f"error: cannot open database 'postgresql+psycopg://domekit:***@127.0.0.1:{port}/domekit'"
    )
    assert "s3cret" not in result.stderr + result.stdout
