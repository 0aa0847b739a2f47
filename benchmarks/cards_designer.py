"""A designer's real decks through `domekit cards` (issue 29): what a user waits for.

    .venv/bin/python benchmarks/cards_designer.py [--runs 3]

1. A 100-card deck as designers keep them: id, version and date columns, a frame's file name,
   art (90 pictures found in `--images art/`, 10 missing: placeholders), a multi-line cell, a
   long flavour text; built with the default face, with a TOML layout whose `when` cases colour
   cards by type, and with a Squib YAML layout.
2. A 100-card Japanese deck (about 600 distinct CJK characters): in Noto Sans, its CJK printed
   by the installed Noto Sans CJK found as a fallback; and with `--font NotoSansCJK-Regular.ttc#
   Noto Sans CJK JP`. Each first with an empty font cache (the CJK face cut to the deck's
   characters, then converted: first use), then with the cache.

Each run is a fresh process; prints the median wall time, CPU time (user + system) and peak
resident memory, and the PDF's size.
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import statistics
import struct
import subprocess
import sys
import tempfile
import time
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOMEKIT = [sys.executable, "-m", "toolkit"]
CJK_TTC = Path("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc")
CARDS = 100
TYPES = ("Action", "Reaction", "Treasure", "Victory")
WORDS = "attack defend draw discard gain trash each enemy ally card coin turn".split()

LAYOUT = """
name = "by type"
images = "art"
[boxes.ground]
draw = "rect"
bleed = true
fill = "#ffffff"
  [[boxes.ground.when]]
  if = "type == 'Victory'"
  fill = "#1a4d1a"
[boxes.art]
x = 4
y = 12
width = "100% - 8mm"
height = 36
fit = "cover"
[boxes.name]
x = 4
y = 4
width = "100% - 8mm"
height = 7
font = "bold"
size = 12
  [[boxes.name.when]]
  if = "type == 'Victory'"
  colour = "#ffffff"
[boxes.effect]
x = 4
y = 50
width = "100% - 8mm"
height = 30
leading = 1.25
"""
SQUIB = """
name:
  x: 90
  y: 90
  width: 635
  height: 80
  font: Sans Bold 12
art:
  x: 75
  y: 180
  width: 675
  height: 420
effect:
  x: 90
  y: 620
  width: 645
  height: 300
  font_size: 8
bonus:
  extends: effect
  y: += 310
  height: -= 200
"""


def png(path: Path, rgb: tuple[int, int, int], size: int = 600) -> None:
    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    raw = b"".join(b"\x00" + bytes(rgb) * size for _ in range(size))
    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)
    path.write_bytes(
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(raw))
        + chunk(b"IEND", b"")
    )


def designer_deck(folder: Path) -> Path:
    rng = random.Random(29)
    (folder / "art").mkdir()
    rows = ["id,name,type,cost,effect,bonus,flavour,art,frame,version,updated"]
    for number in range(1, CARDS + 1):
        art = f"card{number}.png"
        if number % 10:
            png(folder / "art" / art, (rng.randrange(256), rng.randrange(256), 90))
        effect = " ".join(rng.choice(WORDS) for _ in range(18)).capitalize() + "."
        bonus = f'"+{rng.randint(1, 3)} Card\n+{rng.randint(1, 2)} Action"'
        flavour = " ".join(rng.choice(WORDS) for _ in range(12)) + "."
        kind = TYPES[number % len(TYPES)]
        rows.append(
            f"{number},Card {number},{kind},{rng.randint(0, 8)},{effect},{bonus},{flavour},"
            f"{art},frames/{kind.lower()}.png,v1.{number % 4},2024-03-{number % 28 + 1:02d}"
        )
    deck = folder / "deck.csv"
    deck.write_text("\n".join(rows) + "\n", encoding="utf-8")
    (folder / "type.toml").write_text(LAYOUT)
    (folder / "squib.yml").write_text(SQUIB)
    return deck


def cjk_deck(folder: Path) -> Path:
    rng = random.Random(7)
    kanji = [chr(c) for c in range(0x4E00, 0x4E00 + 20_000, 33)][:600]
    rows = ["name,text,cost"]
    for _ in range(CARDS):
        name = "".join(rng.choice(kanji) for _ in range(3))
        text = "".join(rng.choice(kanji) for _ in range(30)) + "。Draw 1."
        rows.append(f"{name},{text},{rng.randint(1, 5)}")
    deck = folder / "cjk.csv"
    deck.write_text("\n".join(rows) + "\n", encoding="utf-8")
    return deck


def run(args: list[str], cwd: Path, env: dict[str, str]) -> tuple[float, float, float]:
    """Wall s, CPU s and peak RSS MiB of one fresh `domekit` process."""
    start = time.perf_counter()
    child = subprocess.Popen(
        [*DOMEKIT, *args], cwd=cwd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
    )
    assert child.stderr is not None
    errors = child.stderr.read()
    _, status, usage = os.wait4(child.pid, 0)
    wall = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"domekit {' '.join(args)} failed:\n{errors.decode()}")
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def report(name: str, results: list[tuple[float, float, float]], pdf: Path) -> None:
    wall = statistics.median(r[0] for r in results)
    cpu = statistics.median(r[1] for r in results)
    peak = max(r[2] for r in results)
    print(f"{name:58} {wall:6.2f} s wall {cpu:6.2f} s CPU {peak:6.0f} MiB "
          f"{pdf.stat().st_size / 1024:7.0f} KiB")  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    options = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="domekit-designer-") as temp:
        folder = Path(temp)
        env = {**os.environ, "PYTHONPATH": str(ROOT), "DOMEKIT_CACHE": str(folder / "cache")}
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        deck = designer_deck(folder)
        print(f"{CARDS}-card designer deck (90 pictures, 10 missing):")
        for label, extra in (
            ("default face, --images art", ["--images", "art"]),
            ("TOML layout with when cases", ["--layout", "type.toml"]),
            ("Squib YAML layout", ["--layout", "squib.yml", "--images", "art"]),
        ):
            out = folder / "designer.pdf"
            args = ["cards", str(deck), "--out", str(out), *extra]
            report(f"  {label}", [run(args, folder, env) for _ in range(options.runs)], out)
        if not CJK_TTC.is_file():
            print("Noto Sans CJK is not installed: no CJK figures")
            return
        deck = cjk_deck(folder)
        print(f"{CARDS}-card Japanese deck:")
        for label, extra in (
            ("Noto Sans, CJK by the installed fallback", []),
            ("--font NotoSansCJK-Regular.ttc#Noto Sans CJK JP", ["--font",
                                                              f"{CJK_TTC}#Noto Sans CJK JP"]),
        ):  # fmt: skip
            out = folder / "cjk.pdf"
            args = ["cards", str(deck), "--out", str(out), *extra]
            shutil.rmtree(folder / "cache", ignore_errors=True)
            report(f"  {label}, first use", [run(args, folder, env)], out)
            report(f"  {label}, cached", [run(args, folder, env) for _ in range(options.runs)], out)


if __name__ == "__main__":
    main()
