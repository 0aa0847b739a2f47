"""`domekit cards`: the default card, templates, backs, bad cells and flags, read back from the
PDF (pymupdf: text, words and their positions, images; QR codes decoded with zbarimg)."""

from __future__ import annotations

import shutil
import subprocess
import sys

import pymupdf
import pytest

from tests.cards.helpers import (
    A4_LANDSCAPE,
    ROWS,
    URL,
    build,
    centre_of,
    sheet,
    words,
    write_png,
)
from toolkit.pdf.geometry import MM


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
    # the offset is on the paper; this deck's sheet is landscape, turned a quarter turn
    # counter-clockwise onto the paper: the paper's +X runs down the page, its +Y rightwards
    assert plain[1].rect.width > plain[1].rect.height
    for (x0, y0), (x1, y1) in zip(sorted(before), sorted(after), strict=True):
        assert x1 - x0 == pytest.approx(-2.0, abs=0.01)  # Y -2 on the paper: 2 mm leftwards
        assert y1 - y0 == pytest.approx(1.5, abs=0.01)  # X +1.5: down the page from the top


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
    result = cli("cards", str(deck), "--out", str(out), *(["--strict"] if what == "image" else []))
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


@pytest.mark.parametrize(
    ("flags", "message"),
    [
        (["--format", "jpg"], "--format 'jpg': expected pdf, png or tts"),
        (["--dpi", "5"], "--dpi 5: expected 72 to 1200"),
        (["--layout", "nosuch"], "--layout 'nosuch': expected a built-in layout (art, classic, "
         "event) or a .toml or .yaml file"),
        (["--layout", "gone.toml"], "--layout 'gone.toml': no such file"),
        (["--font-bold", "b.ttf"], "--font-bold, --font-italic and --font-bold-italic need --font"),
        (["--size", "2.5x3.5furlong"], "--size '2.5x3.5furlong': expected poker"),
        (["--bleed", "1in"], "--bleed 1in: expected 0 to 10 mm"),
    ],
)  # fmt: skip
def test_bad_new_flags_are_clear_errors(cli, tmp_path, flags, message):
    out = tmp_path / "out.pdf"
    result = cli("cards", str(sheet(tmp_path, "name\nA\n")), "--out", str(out), *flags)
    result.assert_refused(message)
    assert not out.exists()


def test_a_dpi_that_is_no_number_is_a_usage_error(cli, tmp_path):
    result = cli("cards", str(sheet(tmp_path, "name\nA\n")), "--dpi", "lots")
    assert result.exit_code == 2 and "'lots' is not a whole number" in result.stderr


def test_a_back_offset_in_inches_moves_the_backs_that_far(cli, tmp_path):
    deck = sheet(tmp_path, "name\nA\n")
    plain, _ = build(cli, deck, "--back", "Domekit")
    shifted, _ = build(cli, deck, "--back", "Domekit", "--back-offset", "0.1in,-2mm")
    [before] = [w for w in words(plain[1]) if w[4] == "Domekit"]
    [after] = [w for w in words(shifted[1]) if w[4] == "Domekit"]
    assert plain[1].rect.width > plain[1].rect.height  # landscape: the offset turns (above)
    assert after[0] - before[0] == pytest.approx(-2.0, abs=0.01)  # Y -2 mm: leftwards
    assert after[1] - before[1] == pytest.approx(2.54, abs=0.01)  # X 0.1 in: down the page
    cli("cards", str(deck), "--back-offset", "1furlong,0").assert_refused(
        "--back-offset '1furlong,0': expected X,Y in mm, in or pt"
    )
