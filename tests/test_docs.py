"""The README and the docs as a stranger reads them: every command in their code blocks that is
complete as written runs from the wheel in a fresh venv (from a folder holding the sample deck
they use), every install line names something that installs, and README's pictures are the ones
scripts/pictures.py makes from the real program. (`make test` builds the site with warnings as
errors: docs-check in the Makefile.)"""

from __future__ import annotations

import re
import shlex
import shutil
import socket
import subprocess
import sys
import time
import zipfile
from pathlib import Path

import httpx
import pytest

from tests.installed import ROOT
from tests.kit_browser import browser_missing

PAGES = [
    "README.md",
    *sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "docs").rglob("*.md")),
]
FENCE = re.compile(r"^```(\w*)\n(.*?)^```", re.MULTILINE | re.DOTALL)
SHELLS = {"", "sh", "bash", "shell", "console"}
INSTALLERS = (["pipx", "install"], ["uv", "tool", "install"], ["python3", "-m", "pip", "install"])
# What only the reader has (a password, a server elsewhere, a file of their own) or what stands
# for a choice (`[--flag]`, `a|b`, `...`, `PASSWORD`): such a line is a synopsis, not a command.
SYNOPSIS = re.compile(r"\[|\.\.\.|<|\bPASSWORD\b|user:pw|example\.org|postgresql|~/|/media/")
FILE = re.compile(r"[\w./-]+\.(csv|tsv|xlsx|ods|toml|yaml|j2|ttf|otf|png|sqlite3)$")
LONG_RUNNING = ("serve", "--watch")
PROGRAMS = {"domekit", "pipx", "uv", "python3", "pip", "make"}


def commands(page: str) -> list[list[str]]:
    """The shell lines of a page's code blocks as words: continuations joined, prompts and
    comments off."""
    found = []
    for language, body in FENCE.findall((ROOT / page).read_text(encoding="utf-8")):
        if language not in SHELLS:
            continue
        for line in body.replace("\\\n", " ").splitlines():
            line = line.strip().removeprefix("$ ")
            if line.split(" ", 1)[0] in PROGRAMS:  # not a folder tree or a program's output
                found.append(shlex.split(line, comments=True))
    return found


def runnable(args: list[str], folder: Path) -> bool:
    """A `domekit` line complete as written: no placeholder, every file it reads is there."""
    if SYNOPSIS.search(" ".join(args)) or any("|" in arg for arg in args):
        return False
    reads = []
    for before, arg in zip(["", *args], args, strict=False):
        if before == "--data" or (before != "--out" and FILE.match(arg)):
            reads.append(arg)
    return all((folder / name).exists() for name in reads)


def check_install(args: list[str], wheel: Path) -> None:
    """An install line names this checkout (`.`) or its wheel, with extras the wheel has: no
    package index serves domekit."""
    spec = args[-1]
    found = re.fullmatch(r"(?:\.|dist/(?P<wheel>[^\[/]+\.whl))(?:\[(?P<extras>[\w,-]+)\])?", spec)
    assert found, f"{' '.join(args)}: installs neither the checkout nor its wheel"
    if found["wheel"]:
        assert found["wheel"] == wheel.name, f"{spec}: the wheel is called {wheel.name}"
    metadata = zipfile.ZipFile(wheel).read(f"{wheel.name.split('-py3')[0]}.dist-info/METADATA")
    extras = set(re.findall(r"^Provides-Extra: (\S+)$", metadata.decode(), re.MULTILINE))
    for extra in (found["extras"] or "").split(","):
        assert not extra or extra in extras, f"{spec}: no extra {extra!r} (the wheel has {extras})"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def run_briefly(user, args: list[str], folder: Path) -> None:
    """`domekit serve ...` (on a free port unless the line names one) until it answers; `cards
    --watch` until its first build is written. Then stopped."""
    if args[0] == "serve" and "--port" not in args:
        args = [*args, "--port", str(free_port())]
    port = args[args.index("--port") + 1] if "--port" in args else None
    process = subprocess.Popen(
        [user.venv / "bin" / "domekit", *args], cwd=folder, env=user.env,
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
    )  # fmt: skip
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and process.poll() is None:
            if port is not None:
                try:
                    if httpx.get(f"http://127.0.0.1:{port}/", timeout=1).status_code == 200:
                        return
                except httpx.TransportError:
                    pass
            elif list(user.home.rglob("*.pdf")) + list(folder.rglob("*-cards.pdf")):
                return
            time.sleep(0.3)
        raise AssertionError(f"domekit {' '.join(args)} did not come up")
    finally:
        process.terminate()
        output, _ = process.communicate(timeout=20)
        assert "Traceback" not in output, output


def test_the_commands_of_readme_and_the_docs_run_as_written_from_the_wheel(user, wheel, tmp_path):
    """One reader going through README, then every docs page, in one folder and one Domekit
    home (so `domekit backup` finds the database the kits before it recorded)."""
    folder = tmp_path / "reader"
    # The sample deck the pages use, where they look for it: examples/cards/, and here as the
    # reader's own deck (deck.csv and its icons/).
    user("cards", "--example", "cards", cwd=folder / "examples")
    shutil.copytree(folder / "examples" / "cards", folder, dirs_exist_ok=True)
    for page in PAGES:
        ran = skipped = 0
        for args in commands(page):
            line = shlex.join(args)
            if any(args[: len(prefix)] == prefix for prefix in INSTALLERS):
                check_install(args, wheel)
            elif args[0] != "domekit":
                continue
            elif not runnable(args, folder):
                skipped += 1
            elif args[1] in LONG_RUNNING or "--watch" in args:
                run_briefly(user, args[1:], folder)
                ran += 1
            else:
                done = user(*args[1:], cwd=folder, check=False)
                assert done.returncode == 0, f"{page}: {line}\n{done.stderr}"
                assert "Traceback" not in done.stderr, f"{page}: {line}\n{done.stderr}"
                ran += 1
        if page == "README.md":  # every command of README runs: none is a synopsis
            assert ran == len([args for args in commands(page) if args[0] == "domekit"])
            assert ran >= 6 and not skipped
        print(f"{page}: {ran} commands ran, {skipped} synopses")


def readme_pictures() -> list[str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    return re.findall(r"!\[[^\]]*\]\(([^)]+\.png)\)", text)


@pytest.mark.browser
@pytest.mark.skipif(browser_missing() is not None, reason=str(browser_missing()))
def test_readme_shows_the_pictures_the_script_makes(tmp_path):
    from PIL import Image, ImageChops, ImageStat

    done = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "pictures.py"), "--out", str(tmp_path)],
        capture_output=True, text=True, timeout=300, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    made = sorted(path.name for path in tmp_path.glob("*.png"))
    shown = readme_pictures()
    assert len(shown) == 3 and sorted(Path(name).name for name in shown) == made
    for name in shown:
        assert name.startswith("docs/img/")
        fresh, kept = tmp_path / Path(name).name, ROOT / name
        assert fresh.stat().st_size < 100_000, f"{name}: keep README's pictures small"
        with Image.open(fresh) as new, Image.open(kept) as old:
            assert new.size == old.size, f"{name} is stale: run `make pictures`"
            difference = ImageChops.difference(new.convert("L"), old.convert("L"))
            assert ImageStat.Stat(difference).mean[0] < 1, f"{name} is stale: `make pictures`"
