"""How fast `domekit` answers: `--help` and one calculator, as whole processes (median of runs)."""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import time

COMMANDS = {
    "domekit --help": ["--help"],
    "domekit odds --help": ["odds", "--help"],
    "domekit deathdome draws --control-points 10": ["deathdome", "draws", "--control-points", "10"],
    "domekit domppa hp --health 12": ["domppa", "hp", "--health", "12"],
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=11)
    args = parser.parse_args()
    domekit = shutil.which("domekit") or os.path.join(
        os.path.dirname(__file__), "..", ".venv/bin/domekit"
    )
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    load = os.getloadavg()[0]
    print(f"{'command':48} {'median s':>9} {'min s':>7}  ({args.runs} runs, load {load:.1f})")
    for label, argv in COMMANDS.items():
        times = []
        for _ in range(args.runs):
            start = time.perf_counter()
            subprocess.run([domekit, *argv], env=env, stdout=subprocess.DEVNULL, check=True)
            times.append(time.perf_counter() - start)
        print(f"{label:48} {statistics.median(times):9.3f} {min(times):7.3f}")


if __name__ == "__main__":
    main()
