"""The house's shape, counted (issue 25's closing figures): the lines of each game's tracker.py,
of the test suite's fixture game (tests/fixture_game/duel/, its tests aside), the lines added
and removed since a base commit, and the `duplicates` pairs of toolkit/.

    .venv/bin/python benchmarks/house.py [BASE]     # BASE: a commit, default 8af9450

The pairs are counted by the `duplicates` command where it is installed (/work/.library's);
elsewhere that line says so. `make test`'s time is its own figure (`time make test`).
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BASE = sys.argv[1] if len(sys.argv) > 1 else "8af9450"
FIXTURE = ROOT / "tests" / "fixture_game" / "duel"


def lines(path: Path) -> int:
    return len(path.read_text(encoding="utf-8").splitlines())


def git(*args: str) -> str:
    return subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True).stdout


def main() -> None:
    print("tracker.py lines:")
    for path in sorted((ROOT / "toolkit" / "games").glob("*/tracker.py")):
        print(f"  {path.parent.name:<11} {lines(path):>4}")
    files = sorted(p for p in FIXTURE.rglob("*") if p.is_file() and "__pycache__" not in p.parts)
    print(f"fixture game (tests/fixture_game/duel/, tests aside): {sum(map(lines, files))} lines")
    for path in files:
        print(f"  {path.relative_to(FIXTURE)!s:<30} {lines(path):>4}")
    for folder in ("toolkit", "tests"):
        stat = git("diff", "--shortstat", f"{BASE}..HEAD", "--", folder).strip()
        print(f"{folder} since {BASE}: {stat}")
    if shutil.which("duplicates") is None:
        print("duplicates pairs in toolkit/: the duplicates command is not installed here")
        return
    found = subprocess.run(
        ["duplicates", "--repo", "toolkit"], cwd=ROOT, capture_output=True, text=True
    ).stdout
    pairs = re.match(r"(\d+) pairs", found)
    print(f"duplicates pairs in toolkit/: {pairs[1] if pairs else found.splitlines()[:1]}")


if __name__ == "__main__":
    main()
