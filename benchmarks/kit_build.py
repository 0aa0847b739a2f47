"""Time every game's print kit build (`domekit kit <game>`) and its peak memory.

    .venv/bin/python benchmarks/kit_build.py [--runs 5] [--paper a4] [--games deathdome,...]

Each timed run is a fresh process, exactly what a player runs: interpreter start, imports, data
loading, the PDF. For each game with a kit (Death Dome first) prints the median and range of the
wall time, the median CPU time (user + system) and peak resident memory of that process, the page
count and the file size; then, in-process, the median CPU time of `build_kit` alone (imports and
start-up excluded). `--ink` and `--layout` pass on to `domekit kit`.

Peak memory: Linux carries a process's high-water RSS across fork and exec, so `wait4` on a child
of a parent that has imported the toolkit reports the parent's size, not the child's. This script
therefore imports nothing of the toolkit (nor pymupdf) until every process run is done, and the
children report their own `getrusage(RUSAGE_SELF).ru_maxrss` (as `/usr/bin/time -f %M` would).
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
# toolkit.games.NAMES, spelled out: this script imports nothing of the toolkit early (see above)
GAMES = "deathdome,dominum,domppa,naturedome"
MAXRSS = "domekit-bench-maxrss-kib="
CPU = "domekit-bench-cpu-s="

# Runs `python -m toolkit ...` in this process and, at exit, writes its own peak RSS and CPU time
# to stderr.
LAUNCHER = f"""
import atexit, resource, runpy, sys
def report():
    usage = resource.getrusage(resource.RUSAGE_SELF)
    print("{MAXRSS}%d" % usage.ru_maxrss, file=sys.stderr)
    print("{CPU}%.3f" % (usage.ru_utime + usage.ru_stime), file=sys.stderr)
atexit.register(report)
sys.argv = ["domekit"] + sys.argv[1:]
runpy.run_module("toolkit", run_name="__main__")
"""


def child_env(folder: Path) -> dict[str, str]:
    """The player's environment: bytecode caches on, a throwaway tracker database."""
    env = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
    env["DOMEKIT_DB"] = f"sqlite:///{folder / 'bench.sqlite3'}"
    return env


def one_run(
    game: str, out: Path, paper: str, env: dict[str, str], extra: list[str]
) -> tuple[float, float, float]:
    """(wall seconds, CPU seconds, peak RSS MiB) of one `domekit kit <game>` process."""
    command = [sys.executable, "-c", LAUNCHER, "kit", game, "--paper", paper, "--out", str(out)]
    command += ["--base-url", BASE_URL, *extra]
    start = time.perf_counter()
    child = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
    elapsed = time.perf_counter() - start
    stderr = child.stderr.decode()
    if child.returncode != 0:
        raise SystemExit(f"{game} kit build failed: {stderr}")
    kib = [line for line in stderr.splitlines() if line.startswith(MAXRSS)]
    cpu = [line for line in stderr.splitlines() if line.startswith(CPU)]
    return (
        elapsed,
        float(cpu[-1].removeprefix(CPU)),
        int(kib[-1].removeprefix(MAXRSS)) / 1024,  # Linux reports KiB
    )


def in_process_runs(game: str, out: Path, paper: str, runs: int, extra: list[str]) -> list[float]:
    """CPU seconds of `build_kit` alone, warm (imports and font metrics done once before)."""
    from toolkit.games import game as registered
    from toolkit.pdf.kits import KitOptions

    build_kit = registered(game).kit()
    flags = dict(zip(extra[::2], extra[1::2], strict=True))
    looks = {"ink": flags["--ink"]} if "--ink" in flags else {}
    if "--layout" in flags:
        looks["layout"] = flags["--layout"]
    options = KitOptions(paper=paper, out=out, base_url=BASE_URL, **looks)
    build_kit(options)
    times = []
    for _ in range(runs):
        start = time.process_time()  # CPU: the machine is shared, wall time says little
        build_kit(options)
        times.append(time.process_time() - start)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--paper", default="a4")
    parser.add_argument("--games", default=GAMES)
    parser.add_argument("--ink", default=None, help="light or full (default: the kit's)")
    parser.add_argument("--layout", default=None, help="home or service (default: the kit's)")
    args = parser.parse_args()
    games = [game.strip() for game in args.games.split(",") if game.strip()]
    extra = [flag for name in ("ink", "layout") if getattr(args, name)
             for flag in (f"--{name}", getattr(args, name))]  # fmt: skip
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        env = child_env(folder)
        process = {
            game: [
                one_run(game, folder / f"{game}-kit.pdf", args.paper, env, extra)
                for _ in range(args.runs)
            ]
            for game in games
        }
        # Only now may this process grow: every child has been measured.
        os.environ["DOMEKIT_DB"] = env["DOMEKIT_DB"]
        import pymupdf

        print(
            f"kit builds on {' '.join([args.paper, *extra])}, {args.runs} runs each, "
            f"{os.cpu_count()} cores"
        )
        print(
            f"{'game':<11} {'pages':>5} {'KiB':>6} {'median s':>9} {'min s':>6} {'max s':>6}"
            f" {'CPU s':>6} {'MiB':>5} {'build_kit CPU s':>15}"
        )
        for game in games:
            out = folder / f"{game}-kit.pdf"
            pages = len(pymupdf.open(out))
            size = out.stat().st_size / 1024
            walls = [wall for wall, _, _ in process[game]]
            cpu = statistics.median(seconds for _, seconds, _ in process[game])
            peak = statistics.median(peak for _, _, peak in process[game])
            inner = statistics.median(in_process_runs(game, out, args.paper, args.runs, extra))
            print(
                f"{game:<11} {pages:>5} {size:>6.0f} {statistics.median(walls):>9.2f} "
                f"{min(walls):>6.2f} {max(walls):>6.2f} {cpu:>6.2f} {peak:>5.0f} {inner:>15.2f}"
            )


if __name__ == "__main__":
    main()
