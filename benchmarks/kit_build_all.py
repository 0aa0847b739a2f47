"""Time every game's print kit build (`domekit kit <game>`), each run a fresh process.

    .venv/bin/python benchmarks/kit_build_all.py [--runs 5] [--paper a4] [--games dominum,...]

For each game that has a kit (toolkit.pdf.kits.available_kits) prints the median and range of the
whole-process wall time (interpreter start, imports, data loading, the PDF: what a player waits
for), the median peak resident memory of the child process, the page count and the file size.
benchmarks/kit_build.py looks closer at the Death Dome kit (in-process timings too).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

BASE_URL = "http://192.168.1.20:8000"


def one_run(game: str, out: Path, paper: str) -> tuple[float, float]:
    """(wall seconds, peak RSS MiB) of one `python -m toolkit kit <game>` process."""
    command = [sys.executable, "-m", "toolkit", "kit", game, "--paper", paper, "--out", str(out)]
    command += ["--base-url", BASE_URL]
    env = dict(os.environ, DOMEKIT_DB=f"sqlite:///{out.parent / 'bench.sqlite3'}")
    start = time.perf_counter()
    child = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
    _, status, usage = os.wait4(child.pid, 0)
    elapsed = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) != 0:
        error = child.stderr.read().decode() if child.stderr else ""
        raise SystemExit(f"{game} kit build failed: {error}")
    return elapsed, usage.ru_maxrss / 1024  # Linux reports KiB


def main() -> None:
    from toolkit.pdf.kits import available_kits

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--paper", default="a4")
    parser.add_argument("--games", default=",".join(available_kits()))
    args = parser.parse_args()
    games = [game.strip() for game in args.games.split(",") if game.strip()]
    print(f"kit builds on {args.paper}, {args.runs} runs each, {os.cpu_count()} cores")
    print(
        f"{'game':<11} {'pages':>5} {'KiB':>6} {'median s':>9} {'min s':>6} {'max s':>6} {'MiB':>5}"
    )
    with tempfile.TemporaryDirectory() as folder:
        for game in games:
            out = Path(folder) / f"{game}-kit.pdf"
            results = [one_run(game, out, args.paper) for _ in range(args.runs)]
            walls = [wall for wall, _ in results]
            peak = statistics.median(peak for _, peak in results)
            import pymupdf

            pages = len(pymupdf.open(out))
            size = out.stat().st_size / 1024
            print(
                f"{game:<11} {pages:>5} {size:>6.0f} {statistics.median(walls):>9.2f} "
                f"{min(walls):>6.2f} {max(walls):>6.2f} {peak:>5.0f}"
            )


if __name__ == "__main__":
    main()
