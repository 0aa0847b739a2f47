"""The command line against hostile files, templates and flags: one case a line.

Each case writes its files into tmp_path (a deck.csv is always there), runs `domekit ARGS` from
that folder as a user would, and checks the exit code and a fragment of the message. A refused
case (exit 2) must print one `error: ` line and no traceback, and leave no PDF and no temp file
behind. The big files (a zip bomb, a 30,000 x 30,000 PNG) are built only when their case runs.
Figures for docs/reliability.md come from the same files (see that page).
"""

from __future__ import annotations

import io
import struct
import zipfile
import zlib
from collections.abc import Callable
from pathlib import Path

import pytest

Content = str | bytes | Path | Callable[[], str | bytes]  # a Path: a symlink to it

DECK = "name,text\nImp,Deal 2 damage.\n"
SHEET = "xl/worksheets/sheet1.xml"


def png(width: int, height: int, *, cut: bool = False, rows: int | None = None) -> bytes:
    """An RGB PNG of grey pixels, written byte by byte; `rows` stores only that many rows (a
    decompression bomb declares far more than it holds); `cut` halves the pixel data."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    pixels = zlib.compress((b"\x00" + b"\x80" * 3 * width) * (height if rows is None else rows))
    pixels = pixels[: len(pixels) // 2] if cut else pixels
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", pixels) + chunk(b"IEND", b"")
    )


def xlsx(
    rows: list[list[str]] | None = None,
    edit: Callable[[bytes], bytes] | None = None,
    extra: dict[str, bytes] | None = None,
) -> Callable[[], bytes]:
    """A workbook made by openpyxl (default: the deck), its first sheet's XML passed through
    `edit`, and `extra` members added (written as they are, deflated)."""

    def build() -> bytes:
        from openpyxl import Workbook

        book = Workbook()
        for row in rows or [["name", "text"], ["Imp", "Deal 2 damage."]]:
            book.active.append(row)
        made = io.BytesIO()
        book.save(made)
        out = io.BytesIO()
        with (
            zipfile.ZipFile(made) as source,
            zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dest,
        ):  # noqa: E501
            for info in source.infolist():
                data = source.read(info)
                edited = edit(data) if edit and info.filename == SHEET else data
                dest.writestr(info.filename, edited)
            for name, data in (extra or {}).items():
                dest.writestr(name, data)
        return out.getvalue()

    return build


LAUGHS = (
    b'<?xml version="1.0"?><!DOCTYPE worksheet [<!ENTITY l0 "ha">'
    + b"".join(b'<!ENTITY l%d "%s">' % (i, b"&l%d;" % (i - 1) * 10) for i in range(1, 10))
    + b"]>"
)


def svg(width: str, body: str, prolog: str = "") -> str:
    return (
        f'{prolog}<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"'
        f' width="{width}" height="10" viewBox="0 0 10 10">{body}</svg>'
    )


def picture(name: str) -> str:
    return f"name,image\nImp,{name}\n"


T = ["cards", "deck.csv", "--template", "t.j2"]
PIC = ["cards", "deck.csv"]
DRAWS = ["deathdome", "draws", "--data", "d"]
LONG = "x" * 300
BOX = '<rect width="10" height="10"/>'

# (what, files written into tmp_path, domekit arguments, exit code, message fragment)
CASES: list[tuple[str, dict[str, Content], list[str], int, str]] = [
    ("template runs os.system", {"t.j2": "{{ cycler.__init__.__globals__.os.system('touch pwned') }}"}, T, 2, "t.j2, line 1: deck.csv row 2: access to attribute '__init__' of 'type' object is unsafe"),  # noqa: E501
    ("template reads a file", {"t.j2": "{{ lipsum.__globals__['__builtins__']['open']('/etc/hostname').read() }}"}, T, 2, "access to attribute '__globals__' of 'function' object is unsafe"),  # noqa: E501
    ("template str.format escape", {"t.j2": "{{ '{0.__class__.__init__.__globals__}'.format(name) }}"}, T, 2, "deck.csv row 2: access to attribute '__init__' of 'StrictUndefined' object is unsafe"),  # noqa: E501
    ("template |attr escape", {"t.j2": "{{ name|attr('__class__') }}"}, T, 2, "access to attribute '__class__' of 'str' object is unsafe"),  # noqa: E501
    ("template includes a file", {"t.j2": "{% include '/etc/passwd' %}"}, T, 2, "t.j2, line 1: deck.csv row 2: TypeError: no loader for this environment specified"),  # noqa: E501
    ("template changes a list", {"t.j2": "{{ [].append(1) }}"}, T, 2, "access to attribute 'append' of 'list' object is unsafe"),  # noqa: E501
    ("template 'x' * 10**9", {"t.j2": "{{ 'x' * 10**9 }}"}, T, 2, "'x' * 1000000000 would make 1,000,000,000 characters or items; a template may make at most 100,000"),  # noqa: E501
    ("template list * 10**9", {"t.j2": "{{ ([1] * 10**9)|length }}"}, T, 2, "[1] * 1000000000 would make 1,000,000,000 characters"),  # noqa: E501
    ("template 9 ** 9 ** 9", {"t.j2": "{{ 9 ** 9 ** 9 }}"}, T, 2, "387420489 ** 9 would make a 258-bit number"),  # noqa: E501
    ("template range(10**12)", {"t.j2": "{% for i in range(10**12) %}x{% endfor %}"}, T, 2, "Range too big"),  # noqa: E501
    ("template loop of loops", {"t.j2": "{% for i in range(99999) %}{% for j in range(99999) %}{% endfor %}{% endfor %}"}, T, 2, "t.j2: deck.csv row 2: the template ran longer than 2 s and was stopped"),  # noqa: E501
    ("template format width 10**9", {"t.j2": "\n{{ '{:>999999999}'.format(1) }}"}, T, 2, "t.j2, line 2: deck.csv row 2: the template needs more than 256 MiB of memory"),  # noqa: E501
    ("template center(10**9)", {"t.j2": "{{ 'x'|center(1000000000) }}"}, T, 2, "t.j2, line 1: deck.csv row 2: the template needs more than 256 MiB of memory"),  # noqa: E501
    ("template calls itself", {"t.j2": "{% macro f() %}{{ f() }}{% endmacro %}{{ f() }}"}, T, 2, "the template calls itself too deeply"),  # noqa: E501
    ("template makes 50,000 characters", {"t.j2": "{% for i in range(5000) %}xxxxxxxxxx{% endfor %}"}, T, 2, "makes more than 10,000 characters for one card"),  # noqa: E501
    ("template divides by zero", {"t.j2": "one\n{{ 1 / 0 }}"}, T, 2, "t.j2, line 2: deck.csv row 2: ZeroDivisionError: division by zero"),  # noqa: E501
    ("template <img> of a file", {"t.j2": '{{ name }} <img src="/etc/passwd" width="9" height="9"/>'}, T, 2, "pictures in markup are :name: icons only"),  # noqa: E501
    ("template <img> of a URL", {"t.j2": '<img src="http://127.0.0.1:9/x.png" width="9" height="9"/>'}, T, 2, "pictures in markup are :name: icons only"),  # noqa: E501
    ("template 100 KiB", {"t.j2": "x" * 100_000}, T, 2, "t.j2: larger than 64 KiB"),
    ("template nested 10,000 (", {"t.j2": "{{ " + "(" * 10_000 + "1" + ")" * 10_000 + " }}"}, T, 2, "t.j2: template error: expressions nested too deeply"),  # noqa: E501
    ("a plain template still works", {"t.j2": "<b>{{ name }}</b> {{ 'ab' * 3 }} {{ 2 ** 200 }}"}, T, 0, "1 cards on 1 sheets"),  # noqa: E501
    ("TOML nested 100,000 deep", {"d/rules.toml": "a = 1\nb = " + "[" * 100_000 + "]" * 100_000}, DRAWS, 2, "rules.toml, line 2: nested more than 32 levels deep"),  # noqa: E501
    ("TOML inline tables 1,000 deep", {"d/rules.toml": "a = " + "{b = " * 1000 + "1" + "}" * 1000}, DRAWS, 2, "rules.toml, line 1: nested more than 32 levels deep"),  # noqa: E501
    ("TOML dotted key 100,000 deep", {"d/rules.toml": "a" + ".a" * 100_000 + " = 1"}, DRAWS, 2, "rules.toml, line 1: nested more than 32 levels deep"),  # noqa: E501
    ("TOML 5000-digit integer", {"d/rules.toml": "[match]\nrounds = " + "9" * 5000}, DRAWS, 2, "rules.toml, line 2: a whole number too long for TOML (64-bit)"),  # noqa: E501
    ("TOML 30-digit integer", {"d/rules.toml": "[match]\nrounds = " + "9" * 30}, DRAWS, 2, "rules.toml, line 2, field 'match.rounds': a whole number of 30 digits"),  # noqa: E501
    ("TOML of 2 MiB", {"d/rules.toml": "a = '" + "x" * 2 * 1024 * 1024 + "'"}, DRAWS, 2, "rules.toml: larger than 1 MiB"),  # noqa: E501
    ("CSV of 10,001 rows", {"deck.csv": "name\n" + "Imp\n" * 10_001}, PIC, 2, "deck.csv, row 10002: more than 10,000 rows below the header"),  # noqa: E501
    ("CSV of 101 columns", {"deck.csv": ",".join(f"c{i}" for i in range(101)) + "\n1\n"}, PIC, 2, "deck.csv, row 1: more than 100 columns"),  # noqa: E501
    ("CSV cell of 5,000 characters", {"deck.csv": "name,text\nImp," + "x" * 5000 + "\n"}, PIC, 2, "deck.csv, row 2, field 'text': a cell of 5,000 characters; at most 2,000"),  # noqa: E501
    ("CSV that never ends (/dev/zero)", {"zero.csv": Path("/dev/zero")}, ["cards", "zero.csv"], 2, "zero.csv: larger than 16 MiB, the most Domekit reads"),  # noqa: E501
    ("qty of 100 copies", {"deck.csv": "name,qty\nImp,100\n"}, PIC, 2, "deck.csv, row 2, field 'qty': expected a whole number of copies, 0 to 99"),  # noqa: E501
    ("qty of 2,000,000,000", {"deck.csv": "name,qty\nImp,2000000000\n"}, PIC, 2, "field 'qty': expected a whole number of copies, 0 to 99 (got '2000000000')"),  # noqa: E501
    ("10,100 cards in all", {"deck.csv": "name,qty\n" + "Imp,99\n" * 102}, PIC, 2, "deck.csv, row 103: more than 10,000 cards in all"),  # noqa: E501
    ("QR cell of 5,000 characters", {"deck.csv": "name,qr\nImp," + "x" * 5000 + "\n"}, PIC, 2, "deck.csv, row 2, field 'qr': a cell of 5,000 characters"),  # noqa: E501
    ("QR cell of 1,000 characters", {"deck.csv": "name,qr\nImp,https://x.org/" + "x" * 986 + "\n"}, PIC, 2, "row 2, field 'qr': 1,000 characters are too many for a 20 mm QR code"),  # noqa: E501
    ("XLSX with entities (billion laughs)", {"deck.xlsx": xlsx(edit=lambda xml: LAUGHS + xml)}, ["cards", "deck.xlsx"], 2, "deck.xlsx: xl/worksheets/sheet1.xml has a DTD"),  # noqa: E501
    ("XLSX sheet XML cut short", {"deck.xlsx": xlsx(edit=lambda xml: xml[: len(xml) // 2])}, ["cards", "deck.xlsx"], 2, "deck.xlsx: xl/worksheets/sheet1.xml, line 1: broken or cut-short XML"),  # noqa: E501
    ("XLSX file cut short", {"deck.xlsx": lambda: xlsx()()[:2000]}, ["cards", "deck.xlsx"], 2, "deck.xlsx: not a readable .xlsx workbook (File is not a zip file)"),  # noqa: E501
    ("XLSX zip bomb (100 MB inside)", {"deck.xlsx": xlsx(extra={"xl/bomb.bin": b"\0" * 100_000_000})}, ["cards", "deck.xlsx"], 2, "deck.xlsx: unpacks to more than 64 MiB (a zip bomb?)"),  # noqa: E501
    ("XLSX member packed 1,000 to 1", {"deck.xlsx": xlsx(extra={"xl/bomb.bin": b"\0" * 5_000_000})}, ["cards", "deck.xlsx"], 2, "xl/bomb.bin unpacks 1,0"),  # noqa: E501
    ("XLSX of 150 columns", {"deck.xlsx": xlsx([[f"c{i}" for i in range(150)], ["1"] * 150])}, ["cards", "deck.xlsx"], 2, "deck.xlsx, row 1: more than 100 columns"),  # noqa: E501
    ("XLSX cell of 5,000 characters", {"deck.xlsx": xlsx([["name", "text"], ["Imp", "x" * 5000]])}, ["cards", "deck.xlsx"], 2, "deck.xlsx, row 2, field 'text': a cell of 5,000 characters"),  # noqa: E501
    ("XLSX claiming A1:XFD1048576", {"deck.xlsx": xlsx(edit=lambda xml: xml.replace(b'ref="A1:B2"', b'ref="A1:XFD1048576"'))}, ["cards", "deck.xlsx"], 0, "1 cards on 1 sheets"),  # noqa: E501
    ("a text file named .png", {"deck.csv": picture("art.png"), "art.png": "I am not a picture\n"}, PIC, 2, "deck.csv, row 2: image art.png: not a PNG or JPEG image (its content is not a picture)"),  # noqa: E501
    ("a GIF named .png", {"deck.csv": picture("art.png"), "art.png": b"GIF89a\x01\x00\x01\x00\x00\x00\x00;"}, PIC, 2, "image art.png: not a PNG or JPEG image"),  # noqa: E501
    ("a PNG cut short", {"deck.csv": picture("art.png"), "art.png": lambda: png(300, 300, cut=True)}, PIC, 2, "image art.png: a broken image (image file is truncated"),  # noqa: E501
    ("a PNG of 30,000 x 30,000 pixels", {"deck.csv": picture("art.png"), "art.png": lambda: png(30_000, 30_000, rows=4)}, PIC, 2, "image art.png: a decompression bomb: more than 40,000,000 pixels"),  # noqa: E501
    ("a PNG of 7,000 x 7,000 pixels", {"deck.csv": picture("art.png"), "art.png": lambda: png(7000, 7000, rows=4)}, PIC, 2, "image art.png: 7,000 x 7,000 pixels: more than 40,000,000 pixels"),  # noqa: E501
    ("a PNG of 2000 x 2", {"deck.csv": picture("art.png"), "art.png": lambda: png(2000, 2)}, PIC, 2, "2000 x 2 pixels: one side is more than 100 times the other"),  # noqa: E501
    ('an SVG of width="1e30"', {"deck.csv": picture("art.svg"), "art.svg": svg("1e30", BOX)}, PIC, 2, "image art.svg: 7.5e+29 x 7.5 points; each side must be at most 14400 points"),  # noqa: E501
    ("an SVG drawing a 1e30 rectangle", {"deck.csv": picture("art.svg"), "art.svg": svg("10", '<rect width="1e30" height="10"/>')}, PIC, 2, "a coordinate or size of 1e+30"),  # noqa: E501
    ("an SVG with <image href=file>", {"deck.csv": picture("art.svg"), "art.svg": svg("10", '<image xlink:href="/etc/passwd" width="9" height="9"/>')}, PIC, 2, "image art.svg, line 1: embeds a picture (<image>)"),  # noqa: E501
    ("an SVG with <image href=data:>", {"deck.csv": picture("art.svg"), "art.svg": svg("10", '<image href="data:image/png;base64,AAAA" width="9" height="9"/>')}, PIC, 2, "embeds a picture (<image>)"),  # noqa: E501
    ("an SVG using another file", {"deck.csv": picture("art.svg"), "art.svg": svg("10", '<use xlink:href="other.svg#x"/>')}, PIC, 2, "<use> refers to 'other.svg#x'"),  # noqa: E501
    ("an SVG with entities", {"deck.csv": picture("art.svg"), "art.svg": svg("10", "<text>&b;</text>", '<!DOCTYPE svg [<!ENTITY a "aa"><!ENTITY b "&a;&a;">]>')}, PIC, 2, "declares XML entities"),  # noqa: E501
    ("an SVG nested 5,000 deep", {"deck.csv": picture("art.svg"), "art.svg": svg("10", "<g>" * 5000 + "</g>" * 5000)}, PIC, 2, "not a readable SVG: Excessive depth in document"),  # noqa: E501
    ("an SVG of 30,000 elements", {"deck.csv": picture("art.svg"), "art.svg": svg("10", BOX * 30_000)}, PIC, 2, "more than 20,000 elements"),  # noqa: E501
    ("an SVG icon of width 1e30", {"deck.csv": "name,text\nImp,hit :star:\n", "icons/star.svg": svg("1e30", BOX)}, PIC, 2, "star.svg: 7.5e+29 x 7.5 points"),  # noqa: E501
    ("an SVG with the SVG 1.1 DOCTYPE", {"deck.csv": picture("art.svg"), "art.svg": svg("10", BOX, '<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">')}, PIC, 0, "1 cards"),  # noqa: E501
    ("an image cell of 300 characters", {"deck.csv": picture(LONG + ".png")}, [*PIC, "--strict"], 2, "deck.csv, row 2, field 'image': image 'xxxxxxxx"),  # noqa: E501
    ("an image cell of ~nobody/", {"deck.csv": picture("~nobody-here/art.png")}, [*PIC, "--strict"], 2, "field 'image': image '~nobody-here/art.png' not found"),  # noqa: E501
    ("an icon name of 300 characters", {"deck.csv": f"name,text\nImp,:{LONG}:\n"}, PIC, 2, "deck.csv, row 2, field 'text': unknown icon :xxxx"),  # noqa: E501
    ("--out of 300 characters", {}, ["cards", "deck.csv", "--out", LONG + ".pdf"], 2, "File name too long"),  # noqa: E501
    ("--data of 300 characters", {}, ["deathdome", "draws", "--data", LONG], 2, "not a usable folder name (File name too long)"),  # noqa: E501
    ("kit --out of 300 characters", {}, ["kit", "deathdome", "--out", LONG, "--db", "sqlite:///t.db"], 2, "File name too long"),  # noqa: E501
    ("kit --base-url of 3,000 characters", {}, ["kit", "deathdome", "--base-url", "http://" + "x" * 3000, "--db", "sqlite:///t.db"], 2, "--base-url is 3,007 characters; at most 120"),  # noqa: E501
    ("kit --base-url port 99999", {}, ["kit", "deathdome", "--base-url", "http://10.0.0.2:99999", "--db", "sqlite:///t.db"], 2, "is not a web address"),  # noqa: E501
    ("kit --base-url with a space", {}, ["kit", "deathdome", "--base-url", "http://table 1:8000", "--db", "sqlite:///t.db"], 2, "is not a web address"),  # noqa: E501
    ("heat aura level 10**20", {}, ["domppa", "heat-aura", "--level", "99999999999999999999", "--json"], 0, '"area": 799999999886862915012'),  # noqa: E501
]  # fmt: skip


@pytest.mark.parametrize(
    ("what", "files", "args", "code", "message"), CASES, ids=[c[0] for c in CASES]
)  # noqa: E501
def test_hostile_input_is_a_clear_error_with_nothing_written(
    cli, tmp_path, monkeypatch, what, files, args, code, message
):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "deck.csv").write_text(DECK)
    for name, content in files.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, Path):
            path.symlink_to(content)
            continue
        made = content() if callable(content) else content
        path.write_bytes(made if isinstance(made, bytes) else made.encode())
    before = set(tmp_path.rglob("*"))
    out = ["--out", "out.pdf"] if args[0] == "cards" and "--out" not in args else []
    result = cli(*args, *out)
    shown = result.stderr + result.stdout
    assert result.exit_code == code, shown
    assert message in shown
    assert "Traceback" not in shown
    assert not (tmp_path / "pwned").exists()
    if code == 2:
        assert result.stderr.startswith("error: ") and result.stderr.count("\n") == 1, shown
        assert set(tmp_path.rglob("*")) == before  # no PDF, no temp file, no database
