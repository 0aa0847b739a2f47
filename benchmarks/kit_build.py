"""Time the full Death Dome kit build and its peak memory.

    .venv/bin/python benchmarks/kit_build.py [--runs 7] [--paper a4]

Each run is a fresh process, exactly what a player runs (`domekit kit deathdome`): interpreter
start, imports, data loading, the PDF. Prints the median and range of the wall time, the median
peak resident memory (from the child's rusage), and, in-process, the median time of `build_kit`
alone (imports and start-up excluded).
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


def one_process_run(out: Path, paper: str) -> tuple[float, float]:
    """(wall seconds, peak RSS MiB) of one `python -m toolkit kit deathdome` process."""
    command = [
        sys.executable,
        "-m",
        "toolkit",
        "kit",
        "deathdome",
        "--paper",
        paper,
        "--out",
        str(out),
        "--base-url",
        "http://192.168.1.20:8000",
    ]
    start = time.perf_counter()
    child = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(child.pid, 0)
    elapsed = time.perf_counter() - start
    child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode != 0:
        raise SystemExit(
            f"kit build failed: {child.stderr.read().decode() if child.stderr else ''}"
        )
    return elapsed, usage.ru_maxrss / 1024  # Linux reports KiB


def in_process_runs(out: Path, paper: str, runs: int) -> list[float]:
    from toolkit.games.deathdome.kit import build_kit
    from toolkit.pdf.kits import KitOptions

    options = KitOptions(paper=paper, out=out, base_url="http://192.168.1.20:8000")
    build_kit(options)  # warm: imports, font metrics
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        build_kit(options)
        times.append(time.perf_counter() - start)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--paper", default="a4")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "deathdome-kit.pdf"
        results = [one_process_run(out, args.paper) for _ in range(args.runs)]
        walls = [wall for wall, _ in results]
        peaks = [peak for _, peak in results]
        size = out.stat().st_size
        import pymupdf

        pages = len(pymupdf.open(out))
        inner = in_process_runs(out, args.paper, args.runs)
    print(f"Death Dome kit ({args.paper}, {pages} pages, {size / 1024:.0f} KiB), {args.runs} runs")
    print(
        f"  whole process  median {statistics.median(walls):.2f} s "
        f"(min {min(walls):.2f}, max {max(walls):.2f})"
    )
    print(f"  build_kit only median {statistics.median(inner):.2f} s (in-process, warm)")
    print(f"  peak memory    median {statistics.median(peaks):.0f} MiB (max RSS of the process)")
    print(f"  cores          {os.cpu_count()}")


if __name__ == "__main__":
    main()
