"""How fast and in how much memory `domekit` refuses hostile files and templates, and what the
checks cost on good input.

    .venv/bin/python benchmarks/hostile_cli.py [--old CHECKOUT] [--timeout 60] [--memory-mib 3000]

Each hostile case is a fresh `python -m toolkit` process in a temp folder: the wall time, the
peak resident memory (the process and its template renderer, from wait4) and the exit code and
first line of the message. `--old` runs the same cases against another checkout (its folder
first on PYTHONPATH), each under a `--timeout` and an address-space cap of `--memory-mib`, to
show what the checks replaced. Then the cost of the checks on good input, in this process:
150 template rows through the sandbox against plain jinja2, a 10,000-row XLSX read, the TOML
nesting scan of the shipped files, and a 2000 x 2000 PNG checked.
"""

from __future__ import annotations

import argparse
import io
import os
import statistics
import struct
import subprocess
import sys
import tempfile
import time
import zipfile
import zlib
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DECK = "name,text\nImp,Deal 2 damage.\n"


def png(width: int, height: int, rows: int) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    pixels = zlib.compress((b"\x00" + b"\x80" * 3 * width) * rows)
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", pixels) + chunk(b"IEND", b"")
    )


def xlsx(rows: list[list[str]], edit: Callable[[bytes], bytes] | None = None) -> bytes:
    from openpyxl import Workbook

    book = Workbook()
    for row in rows:
        book.active.append(row)
    made = io.BytesIO()
    book.save(made)
    out = io.BytesIO()
    with zipfile.ZipFile(made) as source, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dest:
        for info in source.infolist():
            data = source.read(info)
            if edit and info.filename == "xl/worksheets/sheet1.xml":
                data = edit(data)
            dest.writestr(info.filename, data)
    return out.getvalue()


LAUGHS = b'<?xml version="1.0"?><!DOCTYPE worksheet [<!ENTITY l0 "ha">' + b"".join(
    b'<!ENTITY l%d "%s">' % (i, b"&l%d;" % (i - 1) * 10) for i in range(1, 10)
) + b"]>"
CARDS_T = ["cards", "deck.csv", "--out", "out.pdf", "--template", "t.j2"]
CARDS = ["cards", "deck.csv", "--out", "out.pdf"]
BOMB = [["name", "text"], ["Imp", "x"]]

CASES: list[tuple[str, Callable[[], dict[str, bytes | str]], list[str]]] = [
    ("template os.system", lambda: {"t.j2": "{{ cycler.__init__.__globals__.os.system('id') }}"}, CARDS_T),  # noqa: E501
    ("template loop of loops", lambda: {"t.j2": "{% for i in range(99999) %}{% for j in range(99999) %}{% endfor %}{% endfor %}"}, CARDS_T),  # noqa: E501
    ("template 'x' * 10**9", lambda: {"t.j2": "{{ 'x' * 10**9 }}"}, CARDS_T),
    ("template '{:>999999999}'.format(1)", lambda: {"t.j2": "{{ '{:>999999999}'.format(1) }}"}, CARDS_T),  # noqa: E501
    ("TOML [[[...]]] 100,000 deep", lambda: {"d/rules.toml": "a = " + "[" * 100_000 + "]" * 100_000}, ["deathdome", "draws", "--data", "d"]),  # noqa: E501
    ("TOML a.a.a... 100,000 deep", lambda: {"d/rules.toml": "a" + ".a" * 100_000 + " = 1"}, ["deathdome", "draws", "--data", "d"]),  # noqa: E501
    ("XLSX billion laughs", lambda: {"deck.xlsx": xlsx(BOMB, lambda xml: LAUGHS + xml.replace(b"<t>x</t>", b"<t>&l9;</t>"))}, ["cards", "deck.xlsx", "--out", "out.pdf"]),  # noqa: E501
    ("XLSX 200 MB comment (zip bomb)", lambda: {"deck.xlsx": xlsx(BOMB, lambda xml: xml.replace(b"</worksheet>", b"<!--" + b" " * 200_000_000 + b"--></worksheet>"))}, ["cards", "deck.xlsx", "--out", "out.pdf"]),  # noqa: E501
    ("PNG 30,000 x 30,000 declared", lambda: {"deck.csv": "name,image\nImp,a.png\n", "a.png": png(30_000, 30_000, 4)}, CARDS),  # noqa: E501
    ("PNG 7,000 x 7,000", lambda: {"deck.csv": "name,image\nImp,a.png\n", "a.png": png(7000, 7000, 7000)}, CARDS),  # noqa: E501
    ('SVG width="1e30"', lambda: {"deck.csv": "name,image\nImp,a.svg\n", "a.svg": '<svg xmlns="http://www.w3.org/2000/svg" width="1e30" height="10"><rect width="9" height="9"/></svg>'}, CARDS),  # noqa: E501
    ("QR cell of 1,500 characters", lambda: {"deck.csv": "name,qr\nImp," + "x" * 1500 + "\n"}, CARDS),  # noqa: E501
    ("heat aura --level 10**20", lambda: {}, ["domppa", "heat-aura", "--level", "99999999999999999999"]),  # noqa: E501
]  # fmt: skip


# Run in a wrapper process of its own, so RUSAGE_CHILDREN's peak is this case's alone (the
# command and its template renderer); a memory cap and a timeout apply to the command.
WRAPPER = r"""
import resource, subprocess, sys
timeout, memory = float(sys.argv[1]), int(sys.argv[2])
def cap():
    if memory:
        resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
try:
    done = subprocess.run(sys.argv[3:], preexec_fn=cap, timeout=timeout, capture_output=True)
    code, output = str(done.returncode), done.stdout + done.stderr
except subprocess.TimeoutExpired as exc:
    code, output = f"killed after {timeout:g} s", (exc.stdout or b"") + (exc.stderr or b"")
sys.stdout.write(output.decode(errors="replace"))
print(f"\nCASE {code} {resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss}")
"""


def run_case(
    files: dict[str, bytes | str], args: list[str], old: Path | None, timeout: float, memory: int
) -> tuple[float, float, str, str]:
    """(seconds, peak MiB, exit code or 'killed ...', the error line or the last line)."""
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        (folder / "deck.csv").write_text(DECK)
        for file, content in files.items():
            path = folder / file
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(content if isinstance(content, bytes) else content.encode())
        env = {**os.environ, "PYTHONPATH": str(old or ROOT)}
        command = [sys.executable, "-m", "toolkit", *args]
        start = time.perf_counter()
        done = subprocess.run(
            [sys.executable, "-c", WRAPPER, str(timeout), str(memory if old else 0), *command],
            cwd=folder,
            env=env,
            capture_output=True,
            text=True,
            check=True,
        )
        wall = time.perf_counter() - start
    lines = [line for line in done.stdout.splitlines() if line.strip()]
    code, peak = lines[-1].removeprefix("CASE ").rsplit(" ", 1)
    errors = [line for line in lines[:-1] if line.startswith("error:")]
    message = (errors or lines[-2:-1] or [""])[0]
    return wall, int(peak) / 1024, code, message[:110]


def good_input_costs() -> None:
    sys.path.insert(0, str(ROOT))
    import jinja2

    from toolkit.cards import Template, read_sheet
    from toolkit.data import _too_deep_line
    from toolkit.data.xlsx import read_xlsx
    from toolkit.pdf.images import check_bitmap

    def median_ms(work: Callable[[], object], runs: int = 7) -> float:
        times = []
        for _ in range(runs):
            start = time.perf_counter()
            work()
            times.append(time.perf_counter() - start)
        return statistics.median(times) * 1000

    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        words = "attack defend draw discard each enemy unit adjacent gains loses one two".split()
        ability = " ".join(words * 2)  # 24 words
        rows = [["name", "deck", "strength", "cost", "ability"]] + [
            [f"Card {i}", "Fire", str(i % 5 + 1), "2", ability] for i in range(150)
        ]
        (folder / "deck.csv").write_text("\n".join(",".join(row) for row in rows) + "\n")
        (folder / "t.j2").write_text((ROOT / "examples" / "cards" / "card.j2").read_text())
        sheet = read_sheet(folder / "deck.csv")
        template = Template(folder / "t.j2")
        environment = jinja2.Environment(
            autoescape=True, undefined=jinja2.StrictUndefined, trim_blocks=True, lstrip_blocks=True
        )

        def plain() -> None:
            compiled = environment.from_string(template.source)
            for _, values in sheet.rows:
                compiled.render(values)

        sandboxed = median_ms(lambda: template.render_rows(sheet))
        print(f"150 template rows: sandboxed child {sandboxed:.1f} ms, plain jinja2 {median_ms(plain):.1f} ms")  # noqa: E501
        big = folder / "big.xlsx"
        big.write_bytes(xlsx([["name", "text", "qty"]] + [[f"Card {i}", "text", "1"] for i in range(10_000)]))  # noqa: E501
        from toolkit.data.xlsx import check_workbook

        print(
            f"10,000-row XLSX ({big.stat().st_size // 1024} KiB): read {median_ms(lambda: read_xlsx(big), 3):.0f} ms, "  # noqa: E501
            f"of which the zip and expat check {median_ms(lambda: check_workbook(big), 3):.0f} ms"
        )
        texts = [path.read_text() for path in sorted((ROOT / "card_data").glob("*/*.toml"))]
        scan = median_ms(lambda: [_too_deep_line(text, 32) for text in texts])
        print(f"TOML nesting scan of the {len(texts)} shipped TOML files: {scan:.2f} ms in all")
        picture = folder / "p.png"
        picture.write_bytes(png(2000, 2000, 2000))
        print(f"2000 x 2000 PNG checked (Pillow decodes it whole): {median_ms(lambda: check_bitmap(picture)):.0f} ms")  # noqa: E501


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--old", type=Path, help="another checkout to run the cases against")
    parser.add_argument("--timeout", type=float, default=60.0)
    parser.add_argument("--memory-mib", type=int, default=3000)
    args = parser.parse_args()
    memory = args.memory_mib * 1024 * 1024
    print(f"{'case':<36} {'s':>6} {'MiB':>6} {'exit':>6}  message")
    for what, files, argv in CASES:
        for label, checkout in (("", None), ("old ", args.old)) if args.old else (("", None),):
            wall, peak, code, message = run_case(files(), argv, checkout, args.timeout, memory)
            print(f"{label + what:<36} {wall:>6.2f} {peak:>6.0f} {code:>6}  {message}")
    good_input_costs()


if __name__ == "__main__":
    main()
