"""`domekit cards` for designers (issue 19): fonts, PNG / TTS / preview outputs, layouts as data,
units, the sheet formats and encodings, the column plan and every warning.

Outputs are read back as a person would check them: image sizes with Pillow, fonts and text
and positions of words and images with pymupdf, the TTS deck JSON as TTS reads it.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
import zipfile
from pathlib import Path

import pymupdf
import pytest
from PIL import Image

from tests.test_cards import STAR_SVG, build, words, write_png
from toolkit.pdf.fonts import shipped_face
from toolkit.pdf.geometry import MM

POKER_BLEED_300 = (815, 1110)  # 63 x 88 mm + 3 mm bleed a side, at 300 dpi
POKER_TRIM_300 = (744, 1039)


def sheet(tmp_path: Path, text: str, name: str = "deck.csv") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def run(cli, *args: str):
    result = cli("cards", *args)
    assert result.exit_code == 0, result.stderr
    return result


# --- PNG ---------------------------------------------------------------------------------------


def test_png_writes_one_image_per_printed_card_at_300_dpi_with_bleed(cli, tmp_path):
    deck = sheet(tmp_path, "name,qty,back\nFire Imp,2,Fire\nÄänisen Hiisi,1,Fire\nNone,0,\n")
    out = tmp_path / "png"
    result = run(cli, str(deck), "--format", "png", "--out", str(out))
    assert result.stdout.strip() == str(out)
    names = sorted(os.listdir(out))
    assert names == ["001-fire-imp.png", "002-fire-imp.png", "003-äänisen-hiisi.png", "back.png"]
    for name in names:
        with Image.open(out / name) as image:
            assert image.size == POKER_BLEED_300
            assert round(image.info["dpi"][0]) == 300
    assert (out / "001-fire-imp.png").read_bytes() == (out / "002-fire-imp.png").read_bytes()
    assert "3 cards as PNG files of 815 x 1110 px with bleed, 1 back" in result.stderr


def test_png_size_follows_dpi_and_the_size_in_inches(cli, tmp_path):
    deck = sheet(tmp_path, "name\nA\n")
    out = tmp_path / "png"
    run(cli, str(deck), "--format", "png", "--out", str(out), "--dpi", "150")
    with Image.open(out / "001-a.png") as image:
        assert image.size == (407, 555)  # 69 x 94 mm at 150 dpi: 407.5 and 555.1
    run(cli, str(deck), "--format", "png", "--out", str(out), "--size", "2.5x3.5in",
        "--bleed", "0.125in")  # fmt: skip
    with Image.open(out / "001-a.png") as image:
        assert image.size == (825, 1125)  # 2.75 x 3.75 in at 300 dpi


def test_png_pixels_show_the_card_the_pdf_shows(cli, tmp_path):
    """The rendered face has the dark frame line where the PDF draws it (2.5 mm inside the
    trim, so 3 + 2.5 mm from the image's edge) and is white in the bleed."""
    deck = sheet(tmp_path, "name,text\nImp,Burn.\n")
    out = tmp_path / "png"
    run(cli, str(deck), "--format", "png", "--out", str(out))
    with Image.open(out / "001-imp.png") as image:
        grey = image.convert("L")
        frame_x = round(5.5 / 25.4 * 300)
        column = [grey.getpixel((x, 555)) for x in range(frame_x - 3, frame_x + 4)]
        assert min(column) < 200
        assert grey.getpixel((10, 555)) == 255


def test_a_failed_png_build_leaves_no_folder_and_a_folder_of_other_files_is_refused(cli, tmp_path):
    deck = sheet(tmp_path, "name,image\nA,nope.png\n")
    out = tmp_path / "png"
    result = cli("cards", str(deck), "--format", "png", "--out", str(out))
    result.assert_refused("image 'nope.png' not found")
    assert not out.exists() and not [p for p in tmp_path.iterdir() if p.name.startswith(".png")]
    desktop = tmp_path / "desktop"
    desktop.mkdir()
    (desktop / "thesis.docx").write_text("precious")
    deck = sheet(tmp_path, "name\nA\n")
    result = cli("cards", str(deck), "--format", "png", "--out", str(desktop))
    result.assert_refused("holds 'thesis.docx', which Domekit did not write")
    assert os.listdir(desktop) == ["thesis.docx"]


def test_a_png_folder_is_replaced_as_a_whole(cli, tmp_path):
    out = tmp_path / "png"
    run(cli, str(sheet(tmp_path, "name\nA\nB\nC\n")), "--format", "png", "--out", str(out))
    assert len(os.listdir(out)) == 3
    run(cli, str(sheet(tmp_path, "name\nD\n")), "--format", "png", "--out", str(out))
    assert os.listdir(out) == ["001-d.png"]  # no card of the old deck left over
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []


# --- TTS ---------------------------------------------------------------------------------------


def test_tts_sheets_hold_69_cards_and_the_hidden_card_without_bleed(cli, tmp_path):
    rows = "".join(f"Card {n},{2 if n == 1 else 1}\n" for n in range(1, 76))
    deck = sheet(tmp_path, "name,qty\n" + rows)
    out = tmp_path / "tts"
    result = run(cli, str(deck), "--format", "tts", "--out", str(out), "--back", "My Game")
    assert sorted(os.listdir(out)) == ["back.png", "deck-1.png", "deck-2.png", "deck.json"]
    with Image.open(out / "deck-1.png") as image:
        assert image.size == (10 * POKER_TRIM_300[0], 7 * POKER_TRIM_300[1])
    with Image.open(out / "back.png") as image:
        assert image.size == POKER_TRIM_300
    deck_json = json.loads((out / "deck.json").read_text())
    [state] = deck_json["ObjectStates"]
    assert state["Name"] == "DeckCustom"
    assert len(state["DeckIDs"]) == 76  # 75 rows, Card 1 twice
    assert state["DeckIDs"][:3] == [100, 100, 101]
    assert state["DeckIDs"][-1] == 205  # sheet 2, its sixth card
    first = state["CustomDeck"]["1"]
    assert (first["NumWidth"], first["NumHeight"]) == (10, 7)
    assert first["FaceURL"] == (out / "deck-1.png").as_uri()
    assert first["BackURL"] == (out / "back.png").as_uri()
    assert state["ContainedObjects"][0]["Nickname"] == "Card 1"
    assert "76 cards on 2 TTS deck sheets (10 x 7 cells of 744 x 1039 px)" in result.stderr
    # the last cell of a sheet is the back (what TTS shows for a hidden card), not a face
    with Image.open(out / "deck-1.png") as faces, Image.open(out / "back.png") as back:
        width, height = POKER_TRIM_300
        last = faces.crop((9 * width, 6 * height, 10 * width, 7 * height))
        assert last.tobytes() == back.convert("RGB").tobytes()


def test_tts_backs_per_card_make_back_sheets(cli, tmp_path):
    deck = sheet(tmp_path, "name,back\nA,Fire\nB,Water\nC,Fire\n")
    out = tmp_path / "tts"
    run(cli, str(deck), "--format", "tts", "--out", str(out))
    assert sorted(os.listdir(out)) == ["back-1.png", "deck-1.png", "deck.json"]
    custom = json.loads((out / "deck.json").read_text())["ObjectStates"][0]["CustomDeck"]["1"]
    assert custom["UniqueBack"] is True and custom["BackURL"].endswith("back-1.png")


def test_several_formats_and_a_preview_in_one_command(cli, tmp_path):
    deck = sheet(tmp_path, "name,qty\nA,3\nB,1\n")
    out = tmp_path / "all"
    result = run(cli, str(deck), "--format", "pdf,png,tts", "--preview", "--out", str(out))
    assert result.stdout.split() == [
        str(out / "deck-cards.pdf"),
        str(out / "deck-cards-png"),
        str(out / "deck-cards-tts"),
        str(out / "deck-cards-preview.png"),
    ]
    with Image.open(out / "deck-cards-preview.png") as preview:
        # two cards side by side (copies not repeated), 100 dpi, 12 px apart and around
        assert preview.size == (2 * 248 + 3 * 12, 346 + 2 * 12)
    assert len(os.listdir(out / "deck-cards-png")) == 4


# --- fonts -------------------------------------------------------------------------------------


def test_every_font_in_a_deck_pdf_is_embedded_noto_sans(cli, tmp_path):
    (tmp_path / "icons").mkdir()
    (tmp_path / "icons" / "star.svg").write_text(STAR_SVG)  # svglib drawings start in Helvetica
    deck = sheet(tmp_path, "name,text,cost\nImp,**Burn** one *now* :star:.,2\n")
    pdf, _ = build(cli, deck, "--back", "Back text")
    if shutil.which("pdffonts"):  # every font object of the file, not only the pages' fonts
        fonts_anywhere = subprocess.run(
            ["pdffonts", str(tmp_path / "out.pdf")], capture_output=True, text=True, check=False
        ).stdout
        assert "Helvetica" not in fonts_anywhere and fonts_anywhere.count(" yes yes yes ") == 3
    fonts = {font[3] for page in pdf for font in page.get_fonts()}
    assert fonts and all("+NotoSans-" in name for name in fonts), fonts  # subsets: ABCDEF+...
    assert {name.split("+")[1] for name in fonts} == {
        "NotoSans-Regular", "NotoSans-Bold", "NotoSans-Italic"
    }  # fmt: skip
    spans = {
        span["text"].strip(): span["font"]
        for block in pdf[0].get_text("dict")["blocks"]
        for line in block.get("lines", [])
        for span in line["spans"]
    }
    assert "Bold" in spans["Burn"] and "Italic" in spans["now"]
    assert "Burn one now" in pdf[0].get_text() and "*" not in pdf[0].get_text()


def test_greek_and_cyrillic_print_as_text(cli, tmp_path):
    deck = sheet(tmp_path, "name,text\nОгненный бес,Δράκος της φωτιάς: ζημιά 2.\n")
    pdf, result = build(cli, deck)
    text = pdf[0].get_text()
    assert "Огненный бес" in text and "Δράκος της φωτιάς: ζημιά 2." in text
    assert "no glyph" not in result.stderr


def test_cjk_and_emoji_are_warnings_naming_row_column_and_character(cli, tmp_path):
    deck = sheet(tmp_path, "name,text\nImp,Fire 火 😀\n")
    _, result = build(cli, deck)
    assert (
        "deck.csv, row 2, field 'text': the font Noto Sans has no glyph for 火 (U+706B), "
        "😀 (U+1F600)" in result.stderr
    )


def test_a_designers_own_font_is_embedded(cli, tmp_path):
    font = tmp_path / "MyFace.ttf"
    shutil.copyfile(shipped_face("Italic"), font)
    pdf, _ = build(cli, sheet(tmp_path, "name\nImp\n"), "--font", str(font))
    # reportlab names an embedded font by the file's own PostScript name; with --font alone, every
    # face (the bold title too) is that one file
    assert {f[3].split("+")[1] for f in pdf[0].get_fonts()} == {"NotoSans-Italic"}


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"OTTO" + b"\0" * 200, "an OpenType font with PostScript (CFF) outlines; reportlab "
         "embeds TrueType outlines only"),
        (b"wOFF" + b"\0" * 200, "a web font (WOFF)"),
        (b"<html>not a font</html>", "not a TrueType or OpenType font file"),
        (b"\x00\x01\x00\x00" + b"\0" * 20, "not a usable font"),
    ],
)  # fmt: skip
def test_fonts_reportlab_cannot_embed_are_clear_errors(cli, tmp_path, content, message):
    font = tmp_path / "Designer.otf"
    font.write_bytes(content)
    out = tmp_path / "out.pdf"
    result = cli("cards", str(sheet(tmp_path, "name\nA\n")), "--font", str(font), "--out", str(out))
    result.assert_refused(f"Designer.otf: {message}")
    assert not out.exists()


# --- layouts -----------------------------------------------------------------------------------

LAYOUT_TOML = """
name = "measured"
units = "mm"

[boxes.title]
x = 10
y = 8
width = "100% - 20mm"
height = 8
font = "bold"
size = 12

[boxes.cost]
draw = "line"
column = "Cost"
x = "100% - 20mm"
y = "0.5in"
width = 12
height = 6
align = "right"
size = 10

[boxes.art]
draw = "image"
part = "image"
x = 15
y = 40
width = 30
height = 20
"""

LAYOUT_YAML = """
name: measured
units: mm
boxes:
  title: {x: 10, y: 8, width: 100% - 20mm, height: 8, font: bold, size: 12}
  cost: {draw: line, column: Cost, x: 100% - 20mm, y: 0.5in, width: 12, height: 6,
         align: right, size: 10}
  art: {draw: image, part: image, x: 15, y: 40, width: 30, height: 20}
"""


def baseline(page: pymupdf.Page, text: str) -> tuple[float, float]:
    """Where the span `text` starts on its baseline, in mm from the page's top-left."""
    [origin] = [
        span["origin"]
        for block in page.get_text("dict")["blocks"]
        for line in block.get("lines", [])
        for span in line["spans"]
        if span["text"] == text
    ]
    return origin[0] / MM, origin[1] / MM


@pytest.mark.parametrize(("name", "content"), [("l.toml", LAYOUT_TOML), ("l.yaml", LAYOUT_YAML)])
def test_a_layout_file_places_each_box_where_it_says(cli, tmp_path, name, content):
    layout = tmp_path / name
    layout.write_text(content)
    write_png(tmp_path / "art.png", (40, 120, 200), (300, 200))
    deck = sheet(tmp_path, "name,cost,image\nWyvern,7,art.png\n")
    pdf, result = build(cli, deck, "--layout", str(layout))
    page = pdf[0]
    trim = page.trimbox  # one card: its trim, from the page's top-left
    left, top = trim.x0 / MM, trim.y0 / MM
    found = {w[4]: w for w in words(page)}
    x0, _, _, _, _ = found["Wyvern"]
    assert x0 - left == pytest.approx(10, abs=0.3)  # the title box's left edge
    # the baseline: the box's top (8 mm) plus 0.95 of the 12 pt size
    assert baseline(page, "Wyvern")[1] - top == pytest.approx(8 + 0.95 * 12 / MM, abs=0.05)
    _, _, x1, _, _ = found["7"]
    assert x1 - left == pytest.approx(63 - 20 + 12, abs=0.3)  # right-aligned in its box
    assert baseline(page, "7")[1] - top == pytest.approx(12.7 + 0.95 * 10 / MM, abs=0.05)
    [art] = page.get_image_info()
    ax0, ay0, ax1, ay1 = (v / MM for v in art["bbox"])
    assert (ax0 - left, ay0 - top, ax1 - ax0, ay1 - ay0) == pytest.approx(
        (15, 40, 30, 20), abs=0.01
    )
    assert "Cost" not in page.get_text()  # a bound column is no stat line
    assert "has no text box" not in result.stderr


@pytest.mark.parametrize("layout", ["classic", "art", "event"])
def test_the_built_in_layouts_print_every_part_they_have_a_box_for(cli, tmp_path, layout):
    write_png(tmp_path / "art.png", (40, 120, 200), (800, 600))
    deck = sheet(tmp_path, "name,text,strength,image\nWyvern,Flies over **walls**.,5,art.png\n")
    pdf, result = build(cli, deck, "--layout", layout)
    text = pdf[0].get_text()
    assert "Wyvern" in text and "Flies over walls." in text.replace("\n", " ")
    if layout == "event":
        assert "has no image box: image not printed" in result.stderr
        assert "has no stats box: strength not printed" in result.stderr
    else:
        assert "Strength" in text and len(pdf[0].get_image_info()) == 1


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("[boxes.title]\nx = 1\ny = 1\nwidth = 5\nheight = 5\nsise = 9\n",
         "l.toml, line 1, field 'boxes.title.sise': box 'title': unknown field 'sise'"),
        ("[boxes.title]\nx = 1\ny = 1\nwidth = 5\n",
         "field 'boxes.title.height': box 'title': height is missing"),
        ("[boxes.title]\nx = '1 furlong'\ny = 1\nwidth = 5\nheight = 5\n",
         "box 'title': x expected a length like 3mm, 0.125in, 9pt, 50% or 100% - 8mm"),
        ("[boxes.code]\ndraw = 'qr'\ncolumn = 'url'\nx = 1\ny = 1\nwidth = 10\nheight = 10\n",
         "a QR code needs at least 20 mm"),
        ("[boxes.t]\nx = 1\ny = 1\nwidth = 5\nheight = 5\ncolour = 'red'\n",
         "colour 'red': expected a colour like #1a2b3c"),
        ("extends = 'nosuch'\n", "extends 'nosuch': no built-in layout or file of that name"),
    ],
)  # fmt: skip
def test_bad_layouts_name_the_file_line_and_field(cli, tmp_path, content, message):
    layout = tmp_path / "l.toml"
    layout.write_text(content)
    result = cli("cards", str(sheet(tmp_path, "name\nA\n")), "--layout", str(layout))
    result.assert_refused(message)


def test_yaml_layouts_refuse_anchors_and_aliases(cli, tmp_path):
    layout = tmp_path / "bomb.yaml"
    layout.write_text("a: &a [1, 2]\nb: [*a, *a]\n")
    result = cli("cards", str(sheet(tmp_path, "name\nA\n")), "--layout", str(layout))
    result.assert_refused("bomb.yaml, line 1: YAML anchors and aliases (& and *) are not allowed")


def test_a_layout_extends_a_built_in_one_box_by_box(cli, tmp_path):
    layout = tmp_path / "mine.toml"
    layout.write_text("extends = 'classic'\n[boxes.title]\nsize = 20\nheight = 10\n")
    pdf, _ = build(cli, sheet(tmp_path, "name,text\nImp,Burns.\n"), "--layout", str(layout))
    [size] = {
        round(span["size"])
        for block in pdf[0].get_text("dict")["blocks"]
        for line in block.get("lines", [])
        for span in line["spans"]
        if span["text"] == "Imp"
    }
    assert size == 20
    assert "Burns." in pdf[0].get_text()


def test_a_box_template_renders_in_the_sandbox(cli, tmp_path):
    layout = tmp_path / "t.toml"
    layout.write_text(
        "[boxes.title]\nx = 5\ny = 5\nwidth = 50\nheight = 8\n"
        "[boxes.price]\ntemplate = '{{ cost|int * 2 }} gold & {{ name|upper }}'\n"
        "x = 5\ny = 20\nwidth = 50\nheight = 8\n"
    )
    pdf, _ = build(cli, sheet(tmp_path, "name,cost\nImp,3\n"), "--layout", str(layout))
    assert "6 gold & IMP" in pdf[0].get_text()
    layout.write_text("[boxes.price]\ntemplate = '{{ nosuch }}'\nx = 5\ny = 20\nwidth = 50\n"
                      "height = 8\n")  # fmt: skip
    result = cli("cards", str(tmp_path / "deck.csv"), "--layout", str(layout))
    result.assert_refused("box 'price''s template: deck.csv row 2: 'nosuch' is undefined")


# --- reading the sheet ---------------------------------------------------------------------------


def test_finnish_headers_are_recognised_and_the_plan_is_printed(cli, tmp_path):
    deck = sheet(tmp_path, "Nimi;Teksti;Määrä;Hinta\nTulihenki;Tekee 2 vahinkoa.;3;2\n")
    pdf, result = build(cli, deck)
    assert "columns (UTF-8, semicolons): title Nimi, text Teksti, qty Määrä" in result.stderr
    assert "stats Hinta" in result.stderr
    assert pdf[0].get_text().count("Tulihenki") == 3
    assert "Tekee 2 vahinkoa." in pdf[0].get_text()


@pytest.mark.parametrize(
    ("header", "parts"),
    [
        ("Namn,Text,Antal,Bild", "title Namn, text Text, qty Antal"),
        ("Name,Regeltext,Anzahl,Rückseite", "title Name, text Regeltext, qty Anzahl"),
        ("Card name,Rules text,Quantity,Picture", "title Card name, text Rules text, qty Quantity"),
    ],
)
def test_swedish_german_and_english_headers(cli, tmp_path, header, parts):
    deck = sheet(tmp_path, header + "\nA,Words,2,\n")
    _, result = build(cli, deck)
    assert parts in result.stderr


def test_a_long_text_column_under_an_unknown_name_warns(cli, tmp_path):
    deck = sheet(tmp_path, "Nom,Effet\nDragon,Inflige deux dégâts à chaque unité adjacente.\n")
    _, result = build(cli, deck)
    assert (
        "warning: deck.csv: column 'Effet' holds long texts but prints as a stat line (no body "
        "column: pass --text 'Effet' if it is the card text)" in result.stderr
    )
    _, result = build(cli, deck, "--text", "Effet")
    assert "long texts" not in result.stderr and "text Effet" in result.stderr


def test_the_back_column_is_not_printed_on_the_face(cli, tmp_path):
    deck = sheet(tmp_path, "name,side,cost\nImp,Fire side,2\n")
    pdf, _ = build(cli, deck, "--back", "side")
    assert "Fire side" not in pdf[0].get_text() and "Side" not in pdf[0].get_text()
    assert "Fire side" in pdf[1].get_text()


def test_tab_separated_and_sniffed_files(cli, tmp_path):
    tsv = sheet(tmp_path, "name\ttext\nImp\tBurn, then draw; discard.\n", "deck.tsv")
    pdf, result = build(cli, tsv)
    assert "(UTF-8, tabs)" in result.stderr and "Burn, then draw; discard." in pdf[0].get_text()
    txt = sheet(tmp_path, 'name;text\nImp;"Burn, then draw, then discard."\nElf;Sing.\n', "d.txt")
    pdf, result = build(cli, txt)
    assert "(UTF-8, semicolons)" in result.stderr
    assert "Burn, then draw, then discard." in pdf[0].get_text().replace("\n", " ")


def test_a_windows_1252_file_is_read_and_said_so(cli, tmp_path):
    path = tmp_path / "old.csv"
    path.write_bytes("name;text\nCafé;Gain 5 € – draw “two”.\nNaïve;Señor’s ﬁnal.\n"
                     .replace("ﬁ", "fi").encode("cp1252"))  # fmt: skip
    pdf, result = build(cli, path)
    assert "(Windows-1252, semicolons)" in result.stderr
    text = pdf[0].get_text()
    assert "Café" in text and "Gain 5 € – draw “two”." in text and "Naïve" in text


def test_a_binary_file_named_csv_is_refused_with_the_fix(cli, tmp_path):
    path = tmp_path / "deck.csv"
    path.write_bytes(b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1\x00\x00\xff\xfe" * 50)
    cli("cards", str(path)).assert_refused("a binary file, not text: export the sheet as CSV")


def test_an_xlsx_formula_without_a_saved_value_names_its_cell(cli, tmp_path):
    from openpyxl import Workbook

    book = Workbook()
    book.active.append(["name", "qty"])
    book.active.append(["Imp", "=1+1"])
    path = tmp_path / "deck.xlsx"
    book.save(path)
    result = cli("cards", str(path), "--out", str(tmp_path / "o.pdf"))
    result.assert_refused("deck.xlsx, row 2: cell B2: the formula =1+1 has no saved value")
    assert not (tmp_path / "o.pdf").exists()


ODS_NS = (
    'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
    'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" '
    'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"'
)


def ods(path: Path, rows: str, prefix: str = "") -> Path:
    content = (
        f'<?xml version="1.0" encoding="UTF-8"?>{prefix}<office:document-content {ODS_NS}>'
        f'<office:body><office:spreadsheet><table:table table:name="Kortit">{rows}'
        "</table:table><table:table table:name='Other'><table:table-row><table:table-cell>"
        "<text:p>ignored</text:p></table:table-cell></table:table-row></table:table>"
        "</office:spreadsheet></office:body></office:document-content>"
    )
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("mimetype", "application/vnd.oasis.opendocument.spreadsheet")
        archive.writestr("content.xml", content)
    return path


def cell(text: str, repeat: int = 1, extra: str = "") -> str:
    repeated = f' table:number-columns-repeated="{repeat}"' if repeat > 1 else ""
    inner = f"<text:p>{text}</text:p>" if text else ""
    return f"<table:table-cell{repeated}{extra}>{inner}</table:table-cell>"


def row(*cells: str, repeat: int = 1) -> str:
    repeated = f' table:number-rows-repeated="{repeat}"' if repeat > 1 else ""
    return f"<table:table-row{repeated}>{''.join(cells)}</table:table-row>"


def test_an_ods_sheet_reads_like_its_csv(cli, tmp_path):
    path = ods(
        tmp_path / "kortit.ods",
        row(cell("Nimi"), cell("Teksti"), cell("Määrä"), cell("", 1000))
        + row(cell(""), repeat=2)  # two empty rows: the first card is row 4
        + row(cell("Tulihenki"), cell("Polttaa <text:s text:c='2'/>kaksi."), cell("2"))
        + row(cell("Vesihenki"), cell("Parantaa."), cell("1"), cell("", 1000))
        + row(cell(""), repeat=1048000),
    )
    pdf, result = build(cli, path)
    assert "title Nimi, text Teksti, qty Määrä" in result.stderr
    text = pdf[0].get_text()
    assert text.count("Tulihenki") == 2 and "Vesihenki" in text and "ignored" not in text
    assert "Polttaa" in text
    rows = (
        row(cell("name"), cell("qty")) + row(cell("A"), cell("1")) * 3 + row(cell("B"), cell("x"))
    )
    bad = ods(tmp_path / "bad.ods", rows)
    cli("cards", str(bad)).assert_refused("bad.ods, row 5, field 'qty': expected a whole number")


def test_ods_formulas_without_values_and_dtds_are_refused(cli, tmp_path):
    formula = ' table:formula="of:=[.A1]*2"'
    path = ods(
        tmp_path / "f.ods", row(cell("name"), cell("qty")) + row(cell("A"), cell("", 1, formula))
    )
    cli("cards", str(path)).assert_refused("f.ods, row 2: cell B2: the formula =[.A1]*2 has no")
    laughs = '<!DOCTYPE x [<!ENTITY a "aaaa">]>'
    path = ods(tmp_path / "dtd.ods", row(cell("name")) + row(cell("A")), prefix=laughs)
    cli("cards", str(path)).assert_refused("dtd.ods: content.xml has a DTD")


# --- text and images ---------------------------------------------------------------------------


def test_text_below_the_smallest_size_is_cut_with_a_warning_naming_the_card(cli, tmp_path):
    deck = sheet(tmp_path, "name,text\nShort,Fits.\nWordy," + "many words " * 170 + "\n")
    _, result = build(cli, deck, "--size", "mini")
    assert "deck.csv, row 3: the text does not fit even at 5 pt; cut" in result.stderr
    assert "row 2:" not in result.stderr


def test_a_picture_below_300_dpi_at_its_printed_size_warns(cli, tmp_path):
    write_png(tmp_path / "small.png", (10, 200, 10), (40, 30))
    write_png(tmp_path / "sharp.png", (10, 200, 10), (1200, 900))
    deck = sheet(tmp_path, "name,image\nBlurry,small.png\nCrisp,sharp.png\n")
    _, result = build(cli, deck)
    # the picture's room: 42 % of the 71.8 mm below the title, less 1.2 mm: 29 mm high, so a
    # 4:3 picture is 38.7 mm wide; 40 px over 38.7 mm (1.52 in) is 26 dpi
    assert (
        "deck.csv, row 2, field 'image': small.png is 40 x 30 px printed 39 x 29 mm, 26 dpi; "
        "300 dpi or more prints sharp" in result.stderr
    )
    assert "sharp.png" not in result.stderr


# --- watch -------------------------------------------------------------------------------------


def test_watch_builds_again_on_every_save_and_prints_the_time(tmp_path):
    deck = sheet(tmp_path, "name\nImp\n")
    out = tmp_path / "out.pdf"
    child = subprocess.Popen(
        [sys.executable, "-m", "toolkit", "cards", str(deck), "--out", str(out), "--watch"],
        stderr=subprocess.PIPE,
        stdout=subprocess.DEVNULL,
        text=True,
    )
    try:
        lines: list[str] = []

        def wait_for(count: int) -> None:
            deadline = time.monotonic() + 30
            while sum("built in" in line for line in lines) < count:
                assert time.monotonic() < deadline, lines
                lines.append(child.stderr.readline() if child.stderr else "")

        wait_for(1)
        assert pymupdf.open(out)[0].get_text().split() == ["Imp"]
        time.sleep(0.5)
        deck.write_text("name\nWyvern\n")
        wait_for(2)
        assert pymupdf.open(out)[0].get_text().split() == ["Wyvern"]
        deck.write_text("name,qty\nWyvern,x\n")
        deadline = time.monotonic() + 30
        while not any("build failed" in line for line in lines):
            assert time.monotonic() < deadline, lines
            lines.append(child.stderr.readline() if child.stderr else "")
        assert any("field 'qty': expected a whole number" in line for line in lines)
        assert any(line.startswith("built in ") and " s; watching" in line for line in lines)
    finally:
        child.send_signal(signal.SIGINT)
        child.wait(timeout=10)


# --- bad flags ---------------------------------------------------------------------------------


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


def test_a_layout_file_past_its_bounds_is_refused(cli, tmp_path):
    layout = tmp_path / "big.yaml"
    layout.write_text("boxes:\n" + "  # padding\n" * 7000)
    result = cli("cards", str(sheet(tmp_path, "name\nA\n")), "--layout", str(layout))
    result.assert_refused("big.yaml: larger than 64 KiB")
    many = tmp_path / "many.toml"
    many.write_text("".join(f"[boxes.b{n}]\nx=1\ny=1\nwidth=5\nheight=5\n" for n in range(101)))
    cli("cards", str(tmp_path / "deck.csv"), "--layout", str(many)).assert_refused(
        "many.toml: more than 100 boxes"
    )


def test_the_example_layout_prints_the_example_deck_without_a_warning(cli, tmp_path):
    examples = Path(__file__).resolve().parents[1] / "examples" / "cards"
    out = tmp_path / "example.pdf"
    result = run(cli, str(examples / "deck.csv"), "--layout", str(examples / "layout.toml"),
                 "--back", "deck", "--out", str(out))  # fmt: skip
    assert "warning" not in result.stderr
    text = pymupdf.open(out)[0].get_text()
    assert "Ember Knight" in text and "Fire deck" in text and "Strength" in text


def test_a_back_offset_in_inches_moves_the_backs_that_far(cli, tmp_path):
    deck = sheet(tmp_path, "name\nA\n")
    plain, _ = build(cli, deck, "--back", "Domekit")
    shifted, _ = build(cli, deck, "--back", "Domekit", "--back-offset", "0.1in,-2mm")
    [before] = [w for w in words(plain[1]) if w[4] == "Domekit"]
    [after] = [w for w in words(shifted[1]) if w[4] == "Domekit"]
    assert after[0] - before[0] == pytest.approx(2.54, abs=0.01)
    assert after[1] - before[1] == pytest.approx(2.0, abs=0.01)  # +Y is up: 2 mm down the page
    cli("cards", str(deck), "--back-offset", "1furlong,0").assert_refused(
        "--back-offset '1furlong,0': expected X,Y in mm, in or pt"
    )
