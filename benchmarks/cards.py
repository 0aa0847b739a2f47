"""The same 150-card deck built as a PDF, as PNG files and as Tabletop Simulator sheets.

    .venv/bin/python benchmarks/cards.py [--runs 7] [--protograf-runs 3] [--no-protograf]

The deck: 150 rows (name, deck, strength, cost, a 25-word ability), poker cards (63 x 88 mm) with
3 mm bleed and a back per card. The PDF: crop marks, on A4 (8 cards a page, 19 front pages and
19 back pages), built by `domekit cards`, by a bare reportlab script drawing the same with the
same embedded font (Noto Sans Regular and Bold, TrueType subsets), and by protograf. PNG: one
image per card at 300 dpi, by `domekit cards --format png` and protograf's PNG export of its
cards. TTS: `domekit cards --format tts` (three 10 x 7 sheets, the back, the deck JSON). Each
run is a fresh process, what a user waits for: interpreter start, imports, reading the CSV, the
output. Prints per tool the median wall time, the median CPU time (user + system, less disturbed
by other work on a busy machine) and the median peak resident memory, then the ratios.

protograf is a benchmark-only dependency: the script installs it with pip into its own venv,
`.benchvenv-protograf/` at the repository root, on first use; if that fails it says why and goes
on with the other two.
"""

from __future__ import annotations

import argparse
import csv
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PROTOGRAF_VENV = ROOT / ".benchvenv-protograf"
CARDS = 150
# As a user runs them: Python caches compiled modules (some shells here turn that off, which
# would charge every run with compiling the toolkit's modules and not the bare script's imports).
CHILD_ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
WORDS = (
    "attack defend draw discard each enemy unit adjacent gains loses one two three power shield "
    "until end of turn when this card enters play you may move heal target ally"
).split()

BARE_REPORTLAB = r'''
"""150 poker cards from deck.csv with reportlab alone: 3 mm bleed, crop marks, mirrored backs,
Noto Sans embedded (argv: deck.csv out.pdf Regular.ttf Bold.ttf)."""
import csv, sys
from reportlab.lib.utils import simpleSplit
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

pdfmetrics.registerFont(TTFont("Noto", sys.argv[3]))
pdfmetrics.registerFont(TTFont("Noto-Bold", sys.argv[4]))
MM = 72 / 25.4
W, H, BLEED = 63 * MM, 88 * MM, 3 * MM
PAGE = (297 * MM, 210 * MM)  # A4 landscape: 4 x 2 cards
COLS, ROWS = 4, 2
CELL_W, CELL_H = W + 2 * BLEED, H + 2 * BLEED
LEFT = (PAGE[0] - COLS * CELL_W) / 2 + BLEED
BOTTOM = (PAGE[1] - ROWS * CELL_H) / 2 + BLEED
SLOTS = [(LEFT + c * CELL_W, BOTTOM + r * CELL_H)
         for r in reversed(range(ROWS)) for c in range(COLS)]
SAFE = 4 * MM

with open(sys.argv[1], newline="", encoding="utf-8-sig") as f:
    rows = list(csv.DictReader(f))
c = Canvas(sys.argv[2], pagesize=PAGE, initialFontName="Noto")
for start in range(0, len(rows), 8):
    batch = rows[start:start + 8]
    for row, (x, y) in zip(batch, SLOTS):
        c.setFillColorRGB(1, 1, 1)
        c.rect(x - BLEED, y - BLEED, CELL_W, CELL_H, stroke=0, fill=1)
        c.setStrokeColorRGB(0.55, 0.55, 0.55)
        c.roundRect(x + 2.5 * MM, y + 2.5 * MM, W - 5 * MM, H - 5 * MM, 2 * MM, stroke=1, fill=0)
        c.setFillColorRGB(0, 0, 0)
        c.setFont("Noto-Bold", 12)
        top = y + H - SAFE
        c.drawString(x + SAFE, top - 12, row["name"])
        c.setFont("Noto", 7.5)
        for i, key in enumerate(("deck", "strength", "cost")):
            c.drawString(x + SAFE, top - 26 - i * 12, f"{key.title()}  {row[key]}")
        c.setFont("Noto", 9)
        ty = top - 66
        for line in simpleSplit(row["ability"], "Noto", 9, W - 2 * SAFE):
            c.drawString(x + SAFE, ty, line)
            ty -= 10.6
    used = SLOTS[:len(batch)]
    c.setLineWidth(0.25)
    xs = sorted({v for x, _ in used for v in (x, x + W)})
    ys = sorted({v for _, y in used for v in (y, y + H)})
    x0 = min(x for x, _ in used) - BLEED; x1 = max(x for x, _ in used) + W + BLEED
    y0 = min(y for _, y in used) - BLEED; y1 = max(y for _, y in used) + H + BLEED
    for x in xs:
        c.line(x, y1 + MM, x, y1 + 5 * MM); c.line(x, y0 - MM, x, y0 - 5 * MM)
    for y in ys:
        c.line(x0 - MM, y, x0 - 5 * MM, y); c.line(x1 + MM, y, x1 + 5 * MM, y)
    c.showPage()
    for row, (x, y) in zip(batch, SLOTS):
        y = PAGE[1] - y - H  # landscape page, long-edge flip: backs mirror top to bottom
        c.setFillColorRGB(0.16, 0.22, 0.32)
        c.rect(x - BLEED, y - BLEED, CELL_W, CELL_H, stroke=0, fill=1)
        c.setFillColorRGB(1, 1, 1)
        c.setFont("Noto-Bold", 20)
        c.drawCentredString(x + W / 2, y + H / 2 - 7, row["deck"])
    c.showPage()
c.save()
'''

PROTOGRAF = r"""
import sys
from protograf import *
deck_csv, out_pdf, export = sys.argv[1:4]
del sys.argv[1:]  # Create() parses the command line itself
Create(filename=out_pdf, paper="A4-l", units="mm", margin=8)
Data(filename=deck_csv)
Deck(cards=150, card_size="poker", grid_marks=True, bleed_fill="white")
LINE = dict(x=4, align="left")  # one-line texts need no wrapping (protograf's slow path)
Card("*",
     text(text=T("{{ name }}"), y=9, font_size=12, **LINE),
     text(text=T("Deck  {{ deck }}"), y=16, font_size=7, **LINE),
     text(text=T("Strength  {{ strength }}"), y=21, font_size=7, **LINE),
     text(text=T("Cost  {{ cost }}"), y=26, font_size=7, **LINE),
     text(text=T("{{ ability }}"), x=4, y=31, width=55, height=50, font_size=9, align="left",
          wrap=True),
)
CardBack("*",
         rectangle(x=0, y=0, width=63.5, height=88.9, fill="#293850"),
         text(text=T("{{ deck }}"), x=31.75, y=47, font_size=20, stroke="white"))
if export == "png":  # every card front as its own PNG at 300 dpi, beside the PDF
    import os
    Save(output="png", dpi=300, cards=True, directory=os.path.dirname(out_pdf))
else:
    Save()
"""


def write_deck(folder: Path) -> Path:
    rng = random.Random(7)
    path = folder / "deck.csv"
    with path.open("w", newline="", encoding="utf-8") as stream:
        writer = csv.writer(stream)
        writer.writerow(["name", "deck", "strength", "cost", "ability"])
        for number in range(1, CARDS + 1):
            ability = " ".join(rng.choice(WORDS) for _ in range(25)).capitalize() + "."
            deck = rng.choice(["Fire", "Water", "Earth", "Air"])
            writer.writerow(
                [f"Card {number:03d}", deck, rng.randint(1, 9), rng.randint(0, 5), ability]
            )
    return path


def one_run(command: list[str], cwd: Path) -> tuple[float, float, float]:
    """(wall s, CPU s, peak RSS MiB) of one process."""
    start = time.perf_counter()
    child = subprocess.Popen(
        command, cwd=cwd, env=CHILD_ENV, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
    )
    _, status, usage = os.wait4(child.pid, 0)
    wall = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) != 0:
        error = child.stderr.read().decode() if child.stderr else ""
        raise SystemExit(f"{' '.join(command)} failed:\n{error}")
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def measure(command: list[str], cwd: Path, runs: int) -> dict[str, float]:
    results = [one_run(command, cwd) for _ in range(runs)]
    return {
        "wall": statistics.median(r[0] for r in results),
        "cpu": statistics.median(r[1] for r in results),
        "rss": statistics.median(r[2] for r in results),
        "runs": runs,
    }


def protograf_python() -> Path | None:
    """The benchmark venv's python with protograf installed, or None (and why, on stdout)."""
    python = PROTOGRAF_VENV / "bin" / "python"
    if python.exists():
        check = subprocess.run([python, "-c", "import protograf"], capture_output=True)
        if check.returncode == 0:
            return python
    print(f"installing protograf into {PROTOGRAF_VENV} (once) ...", flush=True)
    steps = [
        [sys.executable, "-m", "venv", str(PROTOGRAF_VENV)],
        [str(python), "-m", "pip", "install", "--quiet", "protograf"],
    ]
    for step in steps:
        done = subprocess.run(step, capture_output=True, text=True)
        if done.returncode != 0:
            reason = (done.stderr or done.stdout).strip().splitlines()[-1:] or ["no output"]
            print(f"protograf skipped: {' '.join(step[:4])} failed: {reason[0]}")
            return None
    return python


def pages(output: Path) -> int:
    """Pages of a PDF, or PNG files in a folder."""
    if output.is_dir():
        return len(list(output.glob("*.png")))
    import pymupdf

    with pymupdf.open(output) as document:
        return len(document)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--protograf-runs", type=int, default=3)
    parser.add_argument("--no-protograf", action="store_true")
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT))
    from toolkit.pdf.fonts import shipped_face

    fonts = [str(shipped_face("Regular")), str(shipped_face("Bold"))]
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        deck = write_deck(folder)
        (folder / "bare.py").write_text(BARE_REPORTLAB)
        (folder / "pg.py").write_text(PROTOGRAF)
        (folder / "pgpng").mkdir()

        def domekit(kind: str, out: Path) -> list[str]:
            flags = ["--back", "deck", "--marks", "edges", "--paper", "a4", "--format", kind]
            return [sys.executable, "-m", "toolkit", "cards", str(deck), *flags, "--out", str(out)]

        bare = [sys.executable, str(folder / "bare.py"), str(deck), str(folder / "bare.pdf")]
        tools: dict[str, tuple[list[str], Path, int]] = {
            "domekit pdf": (domekit("pdf", folder / "pdf.pdf"), folder / "pdf.pdf", args.runs),
            "bare reportlab": ([*bare, *fonts], folder / "bare.pdf", args.runs),
        }
        python = None if args.no_protograf else protograf_python()
        if python is not None:
            tools["protograf pdf"] = (
                [str(python), str(folder / "pg.py"), str(deck), str(folder / "pg.pdf"), "pdf"],
                folder / "pg.pdf",
                args.protograf_runs,
            )
        raster_runs = max(1, min(args.runs, 3))
        tools["domekit png"] = (domekit("png", folder / "png"), folder / "png", raster_runs)
        if python is not None:
            tools["protograf png"] = (
                [str(python), str(folder / "pg.py"), str(deck), str(folder / "pgpng" / "pg.pdf"),
                 "png"],
                folder / "pgpng",
                args.protograf_runs,
            )  # fmt: skip
        tools["domekit tts"] = (domekit("tts", folder / "tts"), folder / "tts", raster_runs)
        figures = {}
        for tool, (command, _, runs) in tools.items():
            one_run(command, folder)  # warm the file cache and .pyc files
            figures[tool] = measure(command, folder, runs)
        # pymupdf only now: a child forked from a bigger parent reports the parent's peak memory
        for tool, (_, output, _) in tools.items():
            figures[tool]["pages"] = pages(output)
    print(f"\n{CARDS} poker cards with bleed and backs (medians, fresh processes)")
    print(f"{'':16} {'wall s':>8} {'CPU s':>8} {'peak MiB':>9} {'pages':>6} {'runs':>5}")
    for tool, f in figures.items():
        print(
            f"{tool:16} {f['wall']:8.3f} {f['cpu']:8.3f} {f['rss']:9.1f} {f['pages']:6.0f} "
            f"{f['runs']:5.0f}"
        )
    print("(pages: PDF pages, or PNG files written; TTS: 3 sheets, the back and deck.json)")
    ours, bare = figures["domekit pdf"], figures["bare reportlab"]
    print(
        f"\ndomekit pdf / bare reportlab: {ours['wall'] / bare['wall']:.2f}x wall, "
        f"{ours['cpu'] / bare['cpu']:.2f}x CPU (aim: within 1.5x)"
    )
    for kind in ("pdf", "png"):
        if f"protograf {kind}" in figures:
            pg, mine = figures[f"protograf {kind}"], figures[f"domekit {kind}"]
            print(
                f"protograf {kind} / domekit {kind}: {pg['wall'] / mine['wall']:.1f}x wall, "
                f"{pg['cpu'] / mine['cpu']:.1f}x CPU"
            )


if __name__ == "__main__":
    main()
