"""Domekit installed the way users install it: the wheel built from a clean copy of this tree,
installed with its dependencies into a fresh venv (not editable, nothing from this checkout), then
run from other folders with HOME pointed at a temporary folder: a kit, a calculator, the odds, the
tracker answering the kit's QR page with no --db. And the sdist carries what a packager needs."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import tarfile
import time
import zipfile
from pathlib import Path

import httpx

import toolkit
from tests.installed import ROOT, run

PACKAGE_DATA = {"card_data": "toolkit/card_data", "templates": "toolkit/templates"}
PACKAGE_DATA["toolkit/tracker/static"] = "toolkit/tracker/static"
PACKAGE_DATA["toolkit/pdf/fonts"] = "toolkit/pdf/fonts"
PACKAGE_DATA["toolkit/cards/layouts"] = "toolkit/cards/layouts"
PACKAGE_DATA["examples"] = "toolkit/examples"


def data_files() -> list[str]:
    """Every file of the package data folders, as the wheel names it."""
    found = []
    for folder, installed in PACKAGE_DATA.items():
        for path in sorted((ROOT / folder).rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc":
                found.append(f"{installed}/{path.relative_to(ROOT / folder).as_posix()}")
    return found


def test_the_wheel_carries_every_data_file_and_its_metadata(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    missing = [name for name in data_files() if name not in names]
    assert not missing
    assert not any(
        name.startswith(("card_data/", "templates/", "examples/", "tests/")) for name in names
    )
    assert f"domekit-{toolkit.__version__}.dist-info/licenses/LICENSE" in names
    metadata = zipfile.ZipFile(wheel).read(f"domekit-{toolkit.__version__}.dist-info/METADATA")
    text = metadata.decode()
    assert "License-Expression: MIT" in text
    assert "Classifier: Programming Language :: Python :: 3.11" in text
    assert "Project-URL: Documentation, " in text
    assert 'Requires-Dist: uvloop>=0.19; sys_platform != "win32"' in text
    assert 'Requires-Dist: httptools>=0.6; sys_platform != "win32"' in text
    # The test tools stay in the test extra.
    for tool in ("pytest", "playwright", "pymupdf", "hypothesis", "mypy"):
        lines = [line for line in text.splitlines() if line.startswith(f"Requires-Dist: {tool}")]
        assert lines and all('extra == "test"' in line for line in lines)


def test_the_runtime_install_holds_no_test_tools(venv):
    listed = run([str(venv / "bin" / "python"), "-m", "pip", "list", "--format=json"])
    installed = {package["name"].lower() for package in json.loads(listed.stdout)}
    assert {"domekit", "reportlab", "fastapi", "uvicorn", "platformdirs"} <= installed
    assert not installed & {"pytest", "playwright", "pymupdf", "hypothesis", "mypy", "ruff"}


def test_installed_code_reads_its_data_from_site_packages(user, venv, tmp_path):
    probe = subprocess.run(
        [str(venv / "bin" / "python"), "-c",
         "from toolkit import resources as r\n"
         "print(r.card_data_dir()); print(r.templates_dir()); print(r.static_dir())"],
        capture_output=True, text=True, env=user.env, cwd=tmp_path, check=True,
    )  # fmt: skip
    for line in probe.stdout.splitlines():
        assert Path(line).is_dir() and Path(line).is_relative_to(venv)
    assert not list(venv.glob("lib/python*/site-packages/card_data"))


def test_version_and_help(user, tmp_path):
    assert user("--version", cwd=tmp_path).stdout == f"domekit {toolkit.__version__}\n"
    helped = user("-h", cwd=tmp_path).stdout
    for command in ("deathdome", "odds", "kit", "cards", "calibrate", "serve"):
        assert f"  {command} " in helped
    assert user("kit", "-h", cwd=tmp_path).stdout.startswith("Usage: domekit kit ")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def test_a_kit_calculators_and_the_tracker_from_other_folders(user, tmp_path):
    port = free_port()
    data = user.home / ".local" / "share" / "domekit"  # platformdirs' user data folder

    built = user("kit", "deathdome", "--base-url", f"http://127.0.0.1:{port}", cwd=tmp_path / "a")
    pdf = data / "deathdome-kit.pdf"
    assert built.stdout == f"{pdf}\n"
    assert pdf.is_file() and pdf.stat().st_size > 100_000
    assert "next steps:" in built.stderr
    assert "paper, double-sided (long-edge flip): 1-2; card stock, double-sided" in built.stderr
    assert not list((tmp_path / "a").iterdir())  # nothing written in the working folder
    manifest = json.loads((data / "deathdome-kit.pdf.kit.json").read_text())

    attack = user(
        "deathdome", "attack", "--attack-cards", "3,3,3", "--weapon-strength", "2",
        "--defense-cards", "2", "--armor", "1", "--vitae", "6", "--json", cwd=tmp_path / "b",
    )  # fmt: skip
    result = json.loads(attack.stdout)
    assert (result["attack"], result["defense"], result["damage"]) == (11, 3, 8)
    assert result["killed"] is True

    odds = user(
        "odds", "dominum", "attack", "--strength", "3", "--defense", "4",
        "--defender-policy", "never", "--json", cwd=tmp_path / "b",
    )  # fmt: skip
    assert json.loads(odds.stdout)["p_wound"]["fraction"] == "7/9"

    sheet = tmp_path / "deck.csv"
    sheet.write_text("name,text\nImp,Burns\n")
    cards = user("cards", str(sheet), cwd=tmp_path / "b")
    assert cards.stdout == f"{data / 'deck-cards.pdf'}\n"
    # the wheel's PDFium renders PNG and TTS output; a built-in layout is package data
    formats = ("--format", "png,tts", "--layout", "event")
    cards = user("cards", str(sheet), *formats, cwd=tmp_path / "b")
    assert cards.stdout.split() == [str(data / "deck-cards-png"), str(data / "deck-cards-tts")]
    assert (data / "deck-cards-png" / "001-imp.png").stat().st_size > 1000
    assert (data / "deck-cards-tts" / "deck.json").is_file()
    otf = Path("/usr/share/fonts/opentype/urw-base35/NimbusSans-Regular.otf")
    if otf.is_file():  # a CFF font: the wheel's fontTools converts it, kept in the user's cache
        user("cards", str(sheet), "--font", str(otf), "--out", "otf.pdf", cwd=tmp_path / "b")
        assert (tmp_path / "b" / "otf.pdf").stat().st_size > 1000
        assert len(list((user.home / ".cache" / "domekit" / "fonts").glob("*.ttf"))) == 1

    # The tracker, started elsewhere with no --db and no --kits, resolves the printed QR codes.
    folder = tmp_path / "c"
    folder.mkdir()
    server = subprocess.Popen(
        [str(Path(user.env["PATH"].split(os.pathsep)[0]) / "domekit"), "serve", "--port",
         str(port)],
        cwd=folder, env=user.env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    try:
        table = manifest["urls"]["table"]
        unit = manifest["urls"]["units"]["red"]["scout"]
        for _ in range(200):
            try:
                reply = httpx.get(table, timeout=2)
                break
            except httpx.HTTPError:
                assert server.poll() is None, server.communicate()[1]
                time.sleep(0.1)
        else:
            raise AssertionError("domekit serve did not answer")
        assert reply.status_code == 200 and "Death Dome" in reply.text
        assert httpx.get(unit, timeout=5).status_code == 200
        assert (
            httpx.get(f"http://127.0.0.1:{port}/static/domekit.css", timeout=5).status_code == 200
        )
    finally:
        server.terminate()
        out, _ = server.communicate(timeout=10)
    assert f"database: sqlite:///{data / 'domekit.sqlite3'}" in out
    assert (data / "domekit.sqlite3").is_file()
    assert not list(folder.iterdir())


def test_a_game_from_outside_the_package_runs_from_the_wheel(user, tmp_path):
    """DOMEKIT_EXTRA_GAMES (test and development plumbing) works as installed: the test suite's
    duel, its folder on PYTHONPATH, is a command, a kit and a tracker page with its stylesheet."""
    user.env.update(DOMEKIT_EXTRA_GAMES="duel:GAME", PYTHONPATH=str(ROOT / "tests/fixture_game"))
    assert "  duel " in user("-h", cwd=tmp_path).stdout
    rolled = user("duel", "damage", "--roll", "6,6", "--hp", "1,1", "--json", cwd=tmp_path)
    found = json.loads(rolled.stdout)  # 6 + 6 less 7; on 1 HP each the roller wins 12 in 19
    assert (found["damage"], found["win"]) == (5, "12/19")
    port = free_port()
    user("kit", "duel", "--base-url", f"http://127.0.0.1:{port}", cwd=tmp_path / "a")
    data = user.home / ".local" / "share" / "domekit"
    manifest = json.loads((data / "duel-kit.pdf.kit.json").read_text())
    server = subprocess.Popen(
        [str(Path(user.env["PATH"].split(os.pathsep)[0]) / "domekit"), "serve", "--port",
         str(port)],
        cwd=tmp_path / "a", env=user.env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    try:
        for _ in range(200):
            try:
                page = httpx.get(manifest["urls"]["players"]["2"], timeout=2)
                break
            except httpx.HTTPError:
                assert server.poll() is None
                time.sleep(0.1)
        else:
            raise AssertionError("domekit serve did not answer")
        assert page.status_code == 200 and "Player 2" in page.text
        assert 'href="/static/games/duel/duel.css"' in page.text
        css = httpx.get(f"http://127.0.0.1:{port}/static/games/duel/duel.css", timeout=5)
        assert css.status_code == 200 and ".view-player" in css.text
    finally:
        server.terminate()
        server.wait(timeout=10)


def test_domekit_home_overrides_the_data_folder(user, tmp_path):
    chosen = tmp_path / "elsewhere"
    user.env["DOMEKIT_HOME"] = str(chosen)
    try:
        done = user("calibrate", cwd=tmp_path / "w")
    finally:
        del user.env["DOMEKIT_HOME"]
    assert done.stdout == f"{chosen / 'calibrate-a4.pdf'}\n"
    assert not (user.home / ".local").exists()


def test_the_sdist_carries_what_a_packager_needs(source, tmp_path):
    run([sys.executable, "-m", "build", "--sdist", "--outdir", str(tmp_path), str(source)])
    [sdist] = tmp_path.glob("domekit-*.tar.gz")
    prefix = f"domekit-{toolkit.__version__}/"
    with tarfile.open(sdist) as archive:
        names = {name.removeprefix(prefix) for name in archive.getnames()}
    needed = {
        "pyproject.toml", "setup.py", "MANIFEST.in", "LICENSE", "README.md", "Makefile",
        "scripts/system-deps.sh", "tests/conftest.py", "tests/test_packaging.py",
        "examples/cards/deck.csv", "card_data/deathdome/units.csv", "templates/base.html",
        "toolkit/tracker/static/domekit.css", "toolkit/resources.py", "docs/printing.md",
        "mkdocs.yml", "scripts/mkdocs_hooks.py", "scripts/pictures.py",
    }  # fmt: skip
    assert needed <= names
    assert not any(name.startswith(("output/", ".venv", "build/")) for name in names)
    data = {name for name in names if name.startswith(("card_data/", "templates/", "examples/"))}
    in_place = ("toolkit/tracker/static/", "toolkit/pdf/fonts/", "toolkit/cards/layouts/")
    assert {name for name in data_files() if not name.startswith(in_place)} <= {
        f"toolkit/{name}" for name in data
    }
    assert {name for name in data_files() if name.startswith(in_place)} <= names
