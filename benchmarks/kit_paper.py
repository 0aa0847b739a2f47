"""The paper every kit takes and the work of cutting it out, read back from the built PDFs.

    .venv/bin/python benchmarks/kit_paper.py [CHECKOUT] [--paper a4,letter] [--games ...]

Builds each game's kit (`domekit kit <game> --paper <paper>`, default ink and layout) with the
toolkit of CHECKOUT (default: this one; pass an older checkout, e.g. `git archive main`
unpacked, for the figures before a change) and prints, per kit and paper: pages, sheets, the
sheets less than half used (which, and how much), the straight cuts, punches, folds and glue
joints, an estimated cutting time, the share of the printed characters under 7 and under 8 pt,
and the QR codes' printed sizes and how many zbar decodes: on renders of their pages at 150 and
300 dpi, and each in a frame of it and 15 mm round it (its neighbours' edges included) at 100 dpi,
what a phone's 1080p scanning preview (about 65 degrees wide) sees from about 38 cm.

What counts as used, a cut, a punch, a fold and a glue joint is read from the drawing by
tests/kit_sheets.py (its docstring says how). The cutting time is a model, not a measurement:
a straight cut along a metal ruler with a craft knife (or a trimmer) 20 s, a disc with a circle
punch 10 s, a fold 8 s, a glue joint 30 s (`kit_sheets.SECONDS`); printing is not counted.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "tests"))

import pymupdf  # noqa: E402
from kit_sheets import MM, cutting_seconds, qr_boxes, qr_sizes, read_sheets, type_shares  # noqa: E402

BASE_URL = "http://192.168.1.20:8000"
GAMES = "deathdome,dominum,domppa,naturedome"


def build(checkout: Path, game: str, paper: str, out: Path) -> None:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(checkout)
    env["DOMEKIT_DB"] = f"sqlite:///{out.parent / 'bench.sqlite3'}"
    command = [sys.executable, "-m", "toolkit", "kit", game, "--paper", paper, "--out", str(out)]
    # the checkout's own card data (installed in editable mode, `toolkit.card_data` is this one's)
    command += ["--data", str(checkout / "card_data" / game), "--base-url", BASE_URL]
    done = subprocess.run(command, capture_output=True, text=True, env=env, cwd=out.parent)
    if done.returncode != 0:
        raise SystemExit(f"{game} ({paper}) did not build:\n{done.stderr}")


def decoded(pages, folder: Path, dpi: int) -> int:
    """How many QR codes zbarimg reads on renders of `pages` at `dpi`."""
    if not shutil.which("zbarimg"):
        return -1
    count = 0
    for page in pages:
        image = folder / f"qr-{page.number}.png"
        page.get_pixmap(dpi=dpi).save(image)
        done = subprocess.run(
            ["zbarimg", "-q", "--raw", str(image)], capture_output=True, text=True
        )
        count += sum(1 for line in done.stdout.splitlines() if line.strip())
    return count


def framed(pages, folder: Path, dpi: int, margin: float = 15.0) -> int:
    """How many QR codes zbarimg reads, each from a render at `dpi` of it and `margin` mm
    round it (a phone aimed at one piece)."""
    if not shutil.which("zbarimg"):
        return -1
    count = 0
    for page in pages:
        for box in qr_boxes(page):
            image = folder / "framed.png"
            clip = box + (-margin * MM, -margin * MM, margin * MM, margin * MM)
            page.get_pixmap(dpi=dpi, clip=clip).save(image)
            done = subprocess.run(["zbarimg", "-q", "--raw", str(image)], capture_output=True)
            count += bool(done.stdout.strip())
    return count


def report(game: str, paper: str, doc, folder: Path) -> None:
    sheets = read_sheets(doc)
    half = [s for s in sheets if s.used < 0.5]
    cuts = sum(s.cuts for s in sheets)
    punches = sum(s.punches for s in sheets)
    folds = sum(s.folds for s in sheets)
    glue = sum(s.glue for s in sheets)
    minutes = cutting_seconds(sheets) / 60
    small = type_shares(doc)
    codes = {page.number: qr_sizes(page) for page in doc}
    with_codes = [doc[number] for number, found in codes.items() if found]
    sizes = sorted({size for found in codes.values() for size in found})
    drawn = sum(len(found) for found in codes.values())
    print(
        f"{game:<11} {paper:<6} {len(doc):>5} {len(sheets):>6}  {len(half):>4}  {cuts:>4} "
        f"{punches:>7} {folds:>5} {glue:>4}  {minutes:>5.0f} min   {small[7.0]:>5.1%} "
        f"{small[8.0]:>5.1%}   {drawn:>2} x {', '.join(f'{v:g}' for v in sizes) or '-':<10} "
        + f"{decoded(with_codes, folder, 150):>3} {decoded(with_codes, folder, 300):>3} "
        + f"{framed(with_codes, folder, 100):>6}"
    )
    for sheet in half:
        what = f"{sheet.cards} cards" if sheet.cards else sheet.heading[:40]
        print(f"{'':<18}half used: page {sheet.page} ({what}): {sheet.used:.0%}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("checkout", nargs="?", default=str(HERE.parent))
    parser.add_argument("--paper", default="a4,letter")
    parser.add_argument("--games", default=GAMES)
    args = parser.parse_args()
    checkout = Path(args.checkout).resolve()
    print(f"kits built by {checkout}")
    print(
        "game        paper  pages sheets  half  cuts punches folds glue  cutting   <7 pt <8 pt"
        "   QR codes (mm)  150 300 dpi, framed 100"
    )
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        for game in args.games.split(","):
            for paper in args.paper.split(","):
                out = folder / f"{game}-{paper}.pdf"
                build(checkout, game, paper, out)
                report(game, paper, pymupdf.open(out), folder)
    print(
        "cutting: straight cut 20 s, punch 10 s, fold 8 s, glue joint 30 s "
        "(tests/kit_sheets.py SECONDS)"
    )


if __name__ == "__main__":
    main()
