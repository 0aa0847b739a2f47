"""What installing Domekit costs: the runtime-only venv's size, and `make play` from a fresh clone.

    .venv/bin/python benchmarks/install.py [--skip-play]

1. The wheel, built from a clean copy of this tree, installed with its dependencies into a fresh
   venv (`python -m venv`, then `pip install domekit-*.whl`): the seconds that take and the venv's
   size on disk (`du`), pip and setuptools included, the test extra not.
2. `make play` in a fresh `git clone` of this repository's HEAD (commit first): the seconds from
   the command to the tracker answering on its port, and that clone's .venv size. The server is
   then stopped (its process group, started here).

Both download from the package index unless pip's cache holds the files; the figures include that.
"""

from __future__ import annotations

import argparse
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
IGNORED = shutil.ignore_patterns(
    ".git", ".venv*", ".benchvenv*", "output", "build", "dist", "*.egg-info", "__pycache__"
)


def size_mib(folder: Path) -> float:
    done = subprocess.run(["du", "-sk", str(folder)], capture_output=True, text=True, check=True)
    return int(done.stdout.split()[0]) / 1024


def wheel_install(work: Path) -> None:
    source = work / "source"
    shutil.copytree(ROOT, source, ignore=IGNORED)
    dist = work / "dist"
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", str(source), "-w", str(dist)],
        check=True,
    )
    [wheel] = dist.glob("domekit-*.whl")
    venv = work / "venv"
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    subprocess.run(
        [str(venv / "bin" / "python"), "-m", "pip", "install", "-q", str(wheel)], check=True
    )
    seconds = time.perf_counter() - start
    site = next(venv.glob("lib/python*/site-packages"))
    print(
        f"wheel install: {seconds:.1f} s, venv {size_mib(venv):.0f} MiB "
        f"(site-packages {size_mib(site):.0f} MiB)"
    )


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def make_play(work: Path) -> None:
    clone = work / "clone"
    subprocess.run(["git", "clone", "-q", str(ROOT), str(clone)], check=True)
    port = free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DOMEKIT_", "VIRTUAL_ENV"))}
    start = time.perf_counter()
    play = subprocess.Popen(
        ["make", "play", f"PORT={port}"],
        cwd=clone,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    try:
        while True:
            if play.poll() is not None:
                raise SystemExit(f"make play stopped with exit code {play.returncode}")
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=1) as reply:
                    if reply.status == 200:
                        break
            except OSError:
                time.sleep(0.2)
        seconds = time.perf_counter() - start
    finally:
        os.killpg(play.pid, signal.SIGTERM)
        play.wait(timeout=30)
    kits = sorted(path.name for path in (clone / "output").glob("*-kit.pdf"))
    print(
        f"make play from a fresh clone: {seconds:.1f} s to a tracker answering, "
        f".venv {size_mib(clone / '.venv'):.0f} MiB, kits in output/: {', '.join(kits)}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--skip-play", action="store_true", help="only the wheel install")
    args = parser.parse_args()
    print(f"(load average {os.getloadavg()[0]:.1f})")
    with tempfile.TemporaryDirectory(prefix="domekit-install-") as folder:
        wheel_install(Path(folder))
        if not args.skip_play:
            make_play(Path(folder))


if __name__ == "__main__":
    main()
