"""`domekit cards` and `domekit calibrate`: decks from spreadsheets, read back from the PDF.

Fixtures are made in tmp_path: a CSV with a byte order mark and semicolons, PNG icons written by
hand (zlib + struct), an SVG icon as text, a picture, a template. The PDFs are read with pymupdf
(text, words and their positions, images, drawings) and QR codes are decoded with zbarimg.
"""

from __future__ import annotations

import shutil
import struct
import subprocess
import sys
import zlib
from pathlib import Path

import pymupdf
import pytest

from toolkit.pdf.geometry import MM

A4_LANDSCAPE = (297.0, 210.0)
STAR_SVG = (
    '<svg xmlns="http://www.w3.org/2000/svg" width="20" height="20" viewBox="0 0 20 20">'
    '<polygon points="10,1 12.5,7.5 19,7.5 14,12 16,19 10,15 4,19 6,12 1,7.5 7.5,7.5" '
    'fill="#d4a000"/></svg>'
)
URL = "https://example.org/cards/imp"


def write_png(path: Path, rgb: tuple[int, int, int], size: tuple[int, int] = (8, 8)) -> Path:
    """A plain-colour RGB PNG, written byte by byte."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    width, height = size
    raw = b"".join(b"\x00" + bytes(rgb) * width for _ in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    data = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw))
    path.write_bytes(data + chunk(b"IEND", b""))
    return path


ROWS = [
    ["Name", "Deck", "Strength", "Cost", "Qty", "Ability", "Image", "Url"],
    ["Fire Imp", "Fire", "3", "2", "2", "Deal 2 :fire: damage. Gain :star: when it dies.",
     "art.png", URL],
    ["Water Sprite", "Water", "1", "1", "1", "Heal 1 and draw a card.", "", ""],
    ["Stone Golem", "Earth", "5", "4", "0", "Cannot move.", "", ""],
]  # fmt: skip


@pytest.fixture
def deck(tmp_path: Path) -> Path:
    """deck.csv (UTF-8 with BOM, semicolons), icons/fire.png, icons/star.svg, art.png."""
    (tmp_path / "icons").mkdir()
    write_png(tmp_path / "icons" / "fire.png", (220, 60, 0))
    (tmp_path / "icons" / "star.svg").write_text(STAR_SVG)
    write_png(tmp_path / "art.png", (40, 120, 200), (30, 20))
    text = "\n".join(";".join(row) for row in ROWS) + "\n"
    path = tmp_path / "deck.csv"
    path.write_bytes(b"\xef\xbb\xbf" + text.encode())
    return path


def words(page: pymupdf.Page) -> list[tuple[float, float, float, float, str]]:
    """(x0, y0, x1, y1, word) in mm, from the top-left like pymupdf."""
    return [(w[0] / MM, w[1] / MM, w[2] / MM, w[3] / MM, w[4]) for w in page.get_text("words")]


def centre_of(page: pymupdf.Page, word: str) -> list[tuple[float, float]]:
    return [((x0 + x1) / 2, (y0 + y1) / 2) for x0, y0, x1, y1, w in words(page) if w == word]


def build(cli, deck: Path, *flags: str) -> tuple[pymupdf.Document, object]:
    out = deck.parent / "out.pdf"
    result = cli("cards", str(deck), "--out", str(out), *flags)
    assert result.exit_code == 0, result.stderr
    return pymupdf.open(out), result


# --- the default card ---------------------------------------------------------------------------


def test_a_csv_with_bom_and_semicolons_gives_each_card_its_quantity(cli, deck):
    pdf, result = build(cli, deck, "--qr", "Url")
    assert result.stdout.strip() == str(deck.parent / "out.pdf")
    assert "3 cards on 1 sheets" in result.stderr
    text = pdf[0].get_text()
    assert text.count("Fire Imp") == 2
    assert text.count("Water Sprite") == 1
    assert "Stone Golem" not in text  # qty 0
    assert "Name" not in text  # the header is not a card
    assert len(pdf) == 1  # no --back: no back pages


def test_the_other_columns_become_labelled_stat_lines(cli, deck):
    pdf, _ = build(cli, deck)
    page_words = [w[4] for w in words(pdf[0])]
    text = pdf[0].get_text()
    for line in ("Deck  Fire", "Strength  3", "Cost  2", "Deck  Water"):
        label, value = line.split("  ")
        assert label in page_words and value in page_words
    # the title, text, qty and image columns are not stat lines
    assert (
        "Qty" not in text and "Image" not in text and "Ability" not in text and "Name" not in text
    )


def test_inline_icons_sit_in_the_text_at_its_size(cli, deck):
    pdf, _ = build(cli, deck)
    page = pdf[0]
    fire = [info for info in page.get_image_info() if info["width"] == 8]
    assert len(fire) == 2  # the PNG icon, once per copy of Fire Imp
    damage = sorted(centre_of(page, "damage."))
    [text_size] = {
        round(span["size"], 2)
        for block in page.get_text("dict")["blocks"]
        for line in block.get("lines", [])
        for span in line["spans"]
        if "damage." in span["text"]
    }
    for info, (dx, dy) in zip(sorted(fire, key=lambda i: i["bbox"][0]), damage, strict=True):
        x0, y0, x1, y1 = (v / MM for v in info["bbox"])
        assert (y1 - y0) * MM == pytest.approx(text_size, abs=0.01)  # the text's own size
        assert abs((y0 + y1) / 2 - dy) < 1.5  # on the line of "damage"
        assert x1 < dx  # before it: "Deal 2 :fire: damage"
    # the SVG star is drawn as vectors (a form XObject), not as an image
    assert b"/XObject" in pdf.tobytes() and len(page.get_images()) == 2  # fire.png and art.png


def test_the_picture_column_draws_the_image_on_its_card(cli, deck):
    pdf, _ = build(cli, deck)
    art = [info for info in pdf[0].get_image_info() if info["width"] == 30]
    assert len(art) == 2  # two copies of Fire Imp; Water Sprite has none
    titles = sorted(centre_of(pdf[0], "Imp"))
    for info, (tx, ty) in zip(sorted(art, key=lambda i: i["bbox"][0]), titles, strict=True):
        x0, y0, x1, y1 = (v / MM for v in info["bbox"])
        assert x0 < tx < x1 + 30 and y0 > ty  # on the same card, below the title
        assert abs((x1 - x0) / (y1 - y0) - 1.5) < 0.01  # its own shape, not stretched


@pytest.mark.skipif(shutil.which("zbarimg") is None, reason="zbarimg (zbar-tools) not installed")
def test_the_qr_column_prints_a_code_a_phone_can_read(cli, deck, tmp_path):
    pdf, _ = build(cli, deck, "--qr", "url")
    image = tmp_path / "page.png"
    pdf[0].get_pixmap(dpi=150).save(image)
    decoded = subprocess.run(
        ["zbarimg", "-q", "--raw", str(image)], capture_output=True, text=True, check=False
    )
    assert decoded.stdout.split() == [URL, URL]
    assert URL not in pdf[0].get_text()  # a QR column is not also a stat line


@pytest.mark.skipif(shutil.which("zbarimg") is None, reason="zbarimg (zbar-tools) not installed")
def test_the_longest_qr_cell_allowed_still_reads_and_one_more_byte_is_refused(cli, tmp_path):
    from toolkit.pdf.qr import qr_capacity

    most = qr_capacity(20.0)  # the deck's 20 mm code with 0.3 mm squares
    url = "https://example.org/" + "x" * (most - 20)
    sheet = tmp_path / "qr.csv"
    sheet.write_text(f"name,qr\nImp,{url}\n")
    out = tmp_path / "qr.pdf"
    assert cli("cards", str(sheet), "--out", str(out)).exit_code == 0
    image = tmp_path / "page.png"
    pymupdf.open(out)[0].get_pixmap(dpi=300).save(image)  # a home printer prints 300 dpi or more
    decoded = subprocess.run(
        ["zbarimg", "-q", "--raw", str(image)], capture_output=True, text=True, check=False
    )
    assert decoded.stdout.split() == [url]
    sheet.write_text(f"name,qr\nImp,{url}x\n")
    result = cli("cards", str(sheet), "--out", str(tmp_path / "no.pdf"))
    assert result.exit_code == 2
    assert f"row 2, field 'qr': {most + 1} characters are too many for a 20 mm QR code" in (
        result.stderr
    )


# --- templates -------------------------------------------------------------------------------


def test_a_template_lays_out_the_body_with_the_row_as_variables(cli, deck, tmp_path):
    template = tmp_path / "card.j2"
    template.write_text(
        '<font size="14"><b>{{ Name }}</b></font><br/>\n'
        "{{ deck }} deck &middot; cost {{ row['Cost'] }}<br/>\n"
        "{{ ability }}\n"
        "{% if strength|int > 2 %}<br/><i>Strong :star:</i>{% endif %}\n"
    )
    pdf, _ = build(cli, deck, "--template", str(template))
    page = pdf[0]
    text = page.get_text()
    assert text.count("Fire deck · cost 2") == 2
    assert "Water deck · cost 1" in text
    assert text.count("Strong") == 2 and "Strength" not in text  # no default stat lines
    spans = [
        span
        for block in page.get_text("dict")["blocks"]
        for line in block.get("lines", [])
        for span in line["spans"]
    ]
    names = [span for span in spans if span["text"] == "Water Sprite"]
    assert names and "Bold" in names[0]["font"] and round(names[0]["size"]) == 14


def test_template_values_are_escaped_so_data_cannot_break_the_markup(cli, tmp_path):
    sheet = tmp_path / "odd.csv"
    sheet.write_text("name,text\nR&D <lab>,Costs < 3 & more\n")
    template = tmp_path / "t.j2"
    template.write_text("<b>{{ name }}</b><br/>{{ text }}")
    pdf, _ = build(cli, sheet, "--template", str(template))
    text = pdf[0].get_text()
    assert "R&D <lab>" in text and "Costs < 3 & more" in text


# --- XLSX ------------------------------------------------------------------------------------


def test_an_xlsx_gives_the_same_cards_as_its_csv_export(cli, deck, tmp_path):
    from openpyxl import Workbook

    book = Workbook()
    sheet = book.active
    for row in ROWS:
        # numbers as numbers, as a spreadsheet stores them
        sheet.append([int(v) if v.isdigit() else (v or None) for v in row])
    xlsx = tmp_path / "deck.xlsx"
    book.save(xlsx)
    from_csv, _ = build(cli, deck, "--back", "Deck")
    csv_text = [page.get_text() for page in from_csv]
    from_xlsx, _ = build(cli, xlsx, "--back", "Deck")
    assert [page.get_text() for page in from_xlsx] == csv_text
    assert len(csv_text) == 2


# --- backs -----------------------------------------------------------------------------------


@pytest.mark.parametrize("duplex", ["long", "short"])
def test_each_back_lands_behind_its_own_front(cli, tmp_path, duplex):
    """Poker cards on A4 go 4 x 2 on a landscape page. Printed duplex, a long-edge flip turns a
    landscape sheet top to bottom (x stays, y mirrors); a short-edge flip left to right."""
    sheet = tmp_path / "backs.csv"
    sheet.write_text("name,back\n" + "".join(f"F{n},B{n}\n" for n in range(1, 8)))
    pdf, _ = build(cli, sheet, "--back", "back", "--duplex", duplex)
    assert len(pdf) == 2
    width, height = A4_LANDSCAPE
    for n in range(1, 8):
        [(fx, fy)] = centre_of(pdf[0], f"F{n}")
        [(bx, by)] = centre_of(pdf[1], f"B{n}")
        # the card's centre: the title sits near the card's top; compare card slots, 4 x 2
        column, row = int(fx // (width / 4)), int(fy // (height / 2))
        back_column, back_row = int(bx // (width / 4)), int(by // (height / 2))
        if duplex == "long":
            assert (back_column, back_row) == (column, 1 - row)
        else:
            assert (back_column, back_row) == (3 - column, row)


def test_a_back_offset_moves_every_back_by_that_much(cli, tmp_path):
    sheet = tmp_path / "o.csv"
    sheet.write_text("name\nA\nB\n")
    plain, _ = build(cli, sheet, "--back", "Domekit")
    shifted, _ = build(cli, sheet, "--back", "Domekit", "--back-offset", "1.5,-2")
    before, after = centre_of(plain[1], "Domekit"), centre_of(shifted[1], "Domekit")
    for (x0, y0), (x1, y1) in zip(sorted(before), sorted(after), strict=True):
        assert x1 - x0 == pytest.approx(1.5, abs=0.01)
        assert y1 - y0 == pytest.approx(2.0, abs=0.01)  # +Y is up: down the page from the top


def test_an_image_back_fills_each_card_bleed(cli, deck, tmp_path):
    write_png(tmp_path / "back.png", (10, 10, 80), (20, 28))
    pdf, _ = build(cli, deck, "--back", "back.png")
    backs = pdf[1].get_image_info()
    assert len(backs) == 3
    for info in backs:
        x0, y0, x1, y1 = (v / MM for v in info["bbox"])
        assert x1 - x0 >= 63 + 6 - 0.01 and y1 - y0 >= 88 + 6 - 0.01  # trim + 2 x bleed


def test_page_boxes_trim_and_bleed(cli, deck):
    pdf, _ = build(cli, deck, "--bleed", "2")
    page = pdf[0]
    trim, bleed = page.trimbox, page.bleedbox
    # three poker cards in a row, 2 x 2 mm of bleed between neighbours: the cuts' outer edges
    assert (trim.width / MM, trim.height / MM) == pytest.approx((3 * 63 + 8, 88), abs=0.01)
    assert bleed.width - trim.width == pytest.approx(4 * MM, abs=0.01)


@pytest.mark.parametrize(
    ("size", "per_page"), [("poker", 8), ("mini", 16), ("tarot", 4), ("50x50", 15)]
)
def test_card_sizes_change_how_many_fit_a_page(cli, tmp_path, size, per_page):
    sheet = tmp_path / "s.csv"
    sheet.write_text("name\n" + "".join(f"c{n}\n" for n in range(20)))
    pdf, result = build(cli, sheet, "--size", size)
    assert f"{per_page} per" in result.stderr
    assert pdf[0].get_text().count("c") == per_page


def test_default_output_is_named_after_the_sheet_in_domekits_home(cli, deck, monkeypatch, tmp_path):
    home = tmp_path / "home"
    monkeypatch.setenv("DOMEKIT_HOME", str(home))
    monkeypatch.chdir(tmp_path)
    result = cli("cards", str(deck))
    assert result.exit_code == 0, result.stderr
    assert result.stdout.strip() == str(home / "deck-cards.pdf")
    assert (home / "deck-cards.pdf").is_file()
    assert not (tmp_path / "output").exists()


# --- bad input -------------------------------------------------------------------------------


BAD = [
    ("qty", "Fire Imp;Fire;3;2;2.5;x;;", "deck.csv, row 2, field 'Qty': expected a whole number"),
    ("qty", "Fire Imp;Fire;3;2;two;x;;", "got 'two'"),
    ("image", "Fire Imp;Fire;3;2;1;x;nope.png;", "field 'Image': image 'nope.png' not found"),
    ("icon", "Fire Imp;Fire;3;2;1;Gain :bogus:;;", "row 2, field 'Ability': unknown icon :bogus:"),
]  # fmt: skip


@pytest.mark.parametrize(("what", "row", "message"), BAD, ids=[b[0] for b in BAD])
def test_bad_cells_name_the_row_and_column_and_leave_no_pdf(cli, deck, what, row, message):
    deck.write_text(";".join(ROWS[0]) + "\n" + row + "\n")
    out = deck.parent / "out.pdf"
    result = cli("cards", str(deck), "--out", str(out))
    assert result.exit_code == 2
    assert message in result.stderr
    assert result.stderr.startswith("error: ")
    assert not out.exists()


@pytest.mark.parametrize(
    ("flags", "message"),
    [
        (["--title", "nosuch"], "--title 'nosuch': no such column; the columns are Name, Deck"),
        (["--qty", "amount"], "--qty 'amount': no such column"),
        (["--text", "body"], "--text 'body': no such column"),
        (["--image", "pic"], "--image 'pic': no such column"),
        (["--qr", "link"], "--qr 'link': no such column"),
        (["--size", "63by88"], "--size '63by88': expected poker, bridge"),
        (["--size", "5x8"], "each at least 20"),
        (["--bleed", "-1"], "--bleed -1"),
        (["--paper", "a3"], "--paper 'a3' is not supported"),
        (["--back-offset", "1"], "--back-offset '1': expected X,Y"),
        (["--back", "missing.png"], "--back 'missing.png': image not found"),
    ],
)
def test_bad_flags_are_clear_errors(cli, deck, flags, message):
    out = deck.parent / "out.pdf"
    result = cli("cards", str(deck), "--out", str(out), *flags)
    assert result.exit_code == 2
    assert message in result.stderr
    assert not out.exists()


def test_template_errors_name_the_template_line(cli, deck, tmp_path):
    out = tmp_path / "out.pdf"
    syntax = tmp_path / "syntax.j2"
    syntax.write_text("<b>{{ Name }}</b>\n{{ deck }\n")
    result = cli("cards", str(deck), "--out", str(out), "--template", str(syntax))
    assert result.exit_code == 2
    assert "syntax.j2, line 2: template error" in result.stderr
    unknown = tmp_path / "unknown.j2"
    unknown.write_text("<b>{{ Name }}</b>\n\n{{ powr }}\n")
    result = cli("cards", str(deck), "--out", str(out), "--template", str(unknown))
    assert result.exit_code == 2
    assert "unknown.j2, line 3: deck.csv row 2: 'powr' is undefined" in result.stderr
    markup = tmp_path / "markup.j2"
    markup.write_text("<b>{{ Name }}\n")
    result = cli("cards", str(deck), "--out", str(out), "--template", str(markup))
    assert result.exit_code == 2
    assert "deck.csv, row 2: the template gives bad paragraph markup" in result.stderr
    icon = tmp_path / "icon.j2"
    icon.write_text("{{ Name }} :nope:")
    result = cli("cards", str(deck), "--out", str(out), "--template", str(icon))
    assert "deck.csv, row 2: unknown icon :nope: in icon.j2's output" in result.stderr
    assert not out.exists()


def test_a_failed_build_keeps_the_old_pdf_untouched(cli, deck):
    out = deck.parent / "out.pdf"
    out.write_bytes(b"old")
    deck.write_text("name,qty\nA,x\n")
    assert cli("cards", str(deck), "--out", str(out)).exit_code == 2
    assert out.read_bytes() == b"old"


@pytest.mark.parametrize(
    ("content", "name", "message"),
    [
        ("", "empty.csv", "the file is empty"),
        ("name,qty\n", "header.csv", "no rows below the header"),
        ("name\nA\n", "deck.numbers", "expected a .csv, .tsv, .xlsx or .ods file"),
        ("name\nA\n", "deck.ods", "not a readable .ods spreadsheet"),
        ("name,qty\nA,0\n", "none.csv", "every row has 0 copies"),
        ("not a zip", "bad.xlsx", "not a readable .xlsx workbook"),
    ],
)
def test_bad_files_are_clear_errors(cli, tmp_path, content, name, message):
    path = tmp_path / name
    path.write_text(content)
    result = cli("cards", str(path), "--out", str(tmp_path / "out.pdf"))
    assert result.exit_code == 2
    assert message in result.stderr


def test_the_console_command_runs_cards_the_same_way(deck, tmp_path):
    """`python -m toolkit cards` (the console script's entry) runs as in-process; same errors."""
    out = tmp_path / "fast.pdf"
    done = subprocess.run(
        [sys.executable, "-m", "toolkit", "cards", str(deck), "--out", str(out)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert pymupdf.open(out)[0].get_text().count("Fire Imp") == 2
    done = subprocess.run(
        [sys.executable, "-m", "toolkit", "cards", str(deck), "--qty", "nosuch"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 2
    assert done.stderr.startswith("error: --qty 'nosuch': no such column")
    assert "Traceback" not in done.stderr


# --- calibration -----------------------------------------------------------------------------


def red_lines(page: pymupdf.Page) -> list[tuple[float, float, float, float]]:
    lines = []
    for drawing in page.get_drawings():
        if drawing.get("color") and drawing["color"][0] > 0.7 and drawing["color"][1] < 0.1:
            for item in drawing["items"]:
                if item[0] == "l":
                    lines.append((item[1].x / MM, item[1].y / MM, item[2].x / MM, item[2].y / MM))
    return lines


def major_ticks(page: pymupdf.Page, axis: str, length: float) -> list[float]:
    """Positions (mm, from the top-left) of the back's full-length scale ticks."""
    found = []
    for drawing in page.get_drawings():
        for item in drawing["items"]:
            if item[0] != "l":
                continue
            (x0, y0), (x1, y1) = (item[1].x / MM, item[1].y / MM), (item[2].x / MM, item[2].y / MM)
            if axis == "x" and abs(x0 - x1) < 1e-6 and abs(abs(y1 - y0) - length) < 0.01:
                found.append(x0)
            if axis == "y" and abs(y0 - y1) < 1e-6 and abs(abs(x1 - x0) - length) < 0.01:
                found.append(y0)
    return sorted(found)


@pytest.mark.parametrize("duplex", ["long", "short"])
@pytest.mark.parametrize("offset", [(0.0, 0.0), (1.5, -2.0)])
def test_the_calibration_scales_sit_behind_the_lines_shifted_by_the_offset(
    cli, tmp_path, duplex, offset
):
    out = tmp_path / "cal.pdf"
    result = cli(
        "calibrate", "--out", str(out), "--duplex", duplex, "--back-offset",
        f"{offset[0]},{offset[1]}",
    )  # fmt: skip
    assert result.exit_code == 0, result.stderr
    pdf = pymupdf.open(out)
    assert len(pdf) == 2
    width, height = pdf[0].rect.width / MM, pdf[0].rect.height / MM
    assert (width, height) == pytest.approx(A4_LANDSCAPE, abs=0.01)
    lines = red_lines(pdf[0])
    [x_line] = [line for line in lines if abs(line[0] - line[2]) < 1e-6]
    [y_line] = [line for line in lines if abs(line[1] - line[3]) < 1e-6]
    x_length, y_length = abs(x_line[3] - x_line[1]), abs(y_line[2] - y_line[0])
    x_ticks = major_ticks(pdf[1], "x", x_length)
    y_ticks = major_ticks(pdf[1], "y", y_length)
    # labels every 5 mm from -10 to +10: five full-length ticks each, 0 in the middle
    assert [round(t - x_ticks[2], 3) for t in x_ticks] == [-10, -5, 0, 5, 10]
    assert [round(t - y_ticks[2], 3) for t in y_ticks] == [-10, -5, 0, 5, 10]
    # where the back of the line is: a long-edge flip mirrors a landscape sheet top to bottom
    # (x stays), a short-edge flip left to right (y stays); then the offset (+Y is up)
    line_x, line_y = x_line[0], y_line[1]
    behind_x = line_x if duplex == "long" else width - line_x
    behind_y = height - line_y if duplex == "long" else line_y
    assert x_ticks[2] == pytest.approx(behind_x + offset[0], abs=0.01)
    assert y_ticks[2] == pytest.approx(behind_y - offset[1], abs=0.01)
    back_text = pdf[1].get_text()
    assert "Hold the sheet against a window" in back_text
    assert f"--back-offset {offset[0]:g},{offset[1]:g}" in back_text


def test_calibrate_on_letter_portrait(cli, tmp_path):
    out = tmp_path / "cal.pdf"
    result = cli("calibrate", "--paper", "letter", "--orientation", "portrait", "--out", str(out))
    assert result.exit_code == 0, result.stderr
    page = pymupdf.open(out)[0]
    assert (page.rect.width / MM, page.rect.height / MM) == pytest.approx((215.9, 279.4), abs=0.01)


def test_calibrate_rejects_a_bad_paper(cli, tmp_path):
    result = cli("calibrate", "--paper", "a5", "--out", str(tmp_path / "c.pdf"))
    assert result.exit_code == 2
    assert "--paper 'a5' is not supported" in result.stderr
    assert not (tmp_path / "c.pdf").exists()


def test_characters_the_font_lacks_are_named_in_a_warning_with_row_and_column(cli, tmp_path):
    """Noto Sans (the default) prints Latin, Greek, Cyrillic and the typographic marks; a tick or
    an arrow it has no glyph for is a warning naming the row, the column and the character."""
    sheet = tmp_path / "u.csv"
    sheet.write_text("name,text\nÜber → Ω,Tick ✓ and “quotes” — 5 €\n", encoding="utf-8")
    pdf, result = build(cli, sheet)
    assert "u.csv, row 2, field 'text': the font Noto Sans has no glyph for ✓ (U+2713)" in (
        result.stderr
    )
    assert "u.csv, row 2, field 'name': the font Noto Sans has no glyph for → (U+2192)" in (
        result.stderr
    )
    text = pdf[0].get_text()
    assert "Über" in text and "Ω" in text and "“quotes” — 5 €" in text
