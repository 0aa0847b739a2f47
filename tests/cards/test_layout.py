"""Layouts as data (toolkit/cards/layout.py): boxes placed where the file says, built-in layouts,
errors naming the file, line and field."""

from __future__ import annotations

from pathlib import Path

import pymupdf
import pytest

from tests.cards.helpers import (
    build,
    run,
    sheet,
    spans,
    words,
    write_png,
)
from toolkit.pdf.geometry import MM

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
    examples = Path(__file__).resolve().parents[2] / "examples" / "cards"
    out = tmp_path / "example.pdf"
    result = run(cli, str(examples / "deck.csv"), "--layout", str(examples / "layout.toml"),
                 "--back", "deck", "--out", str(out))  # fmt: skip
    assert "warning" not in result.stderr
    text = pymupdf.open(out)[0].get_text()
    assert "Ember Knight" in text and "Fire deck" in text and "Strength" in text


def test_a_boxs_colour_and_alignment_place_and_paint_its_text(cli, tmp_path):
    """The example layout's cost: white, centred in the 11 mm badge both ways (valign middle)."""
    examples = Path(__file__).resolve().parents[2] / "examples" / "cards"
    deck = sheet(tmp_path, "name,cost,deck,ability\nImp,7,Fire,Burns.\n")
    pdf, _ = build(cli, deck, "--layout", str(examples / "layout.toml"))
    page = pdf[0]
    left, top = page.trimbox.x0 / MM, page.trimbox.y0 / MM
    [cost] = [span for span in spans(page) if span["text"] == "7"]
    assert cost["color"] == 0xFFFFFF and "Bold" in cost["font"] and round(cost["size"]) == 16
    x0, _, x1, _ = (v / MM for v in cost["bbox"])
    assert (x0 + x1) / 2 - left == pytest.approx(63 - 15 + 5.5, abs=0.3)  # the badge's centre
    # middle: the line's ascent and descent centred on the box's middle, 3.5 + 5.5 mm down
    [fitted] = [w for w in words(page) if w[4] == "7"]
    assert (fitted[1] + fitted[3]) / 2 - top == pytest.approx(9.0, abs=0.8)
    [deck_line] = [span for span in spans(page) if span["text"] == "Fire deck"]
    assert deck_line["color"] == 0x7A4A00 and "Italic" in deck_line["font"]  # its *template*


def test_a_layout_in_inches_and_points_places_its_boxes_that_far(cli, tmp_path):
    layout = tmp_path / "inch.toml"
    layout.write_text(
        'units = "in"\n'
        "[boxes.title]\nx = 0.5\ny = 0.25\nwidth = 1.5\nheight = 0.4\nsize = 10\n"
        "[boxes.text]\nx = '36pt'\ny = '30mm'\nwidth = '1in'\nheight = '1in'\nsize = 8\n"
    )
    pdf, _ = build(cli, sheet(tmp_path, "name,text\nWyvern,Flies.\n"), "--layout", str(layout))
    page = pdf[0]
    left, top = page.trimbox.x0 / MM, page.trimbox.y0 / MM
    found = {w[4]: w for w in words(page)}
    assert found["Wyvern"][0] - left == pytest.approx(12.7, abs=0.3)
    assert baseline(page, "Wyvern")[1] - top == pytest.approx(6.35 + 0.95 * 10 / MM, abs=0.05)
    assert found["Flies."][0] - left == pytest.approx(12.7, abs=0.3)  # 36 pt is half an inch
    assert baseline(page, "Flies.")[1] - top == pytest.approx(30 + 0.95 * 8 / MM, abs=0.05)


def test_an_icons_box_draws_the_icons_its_cell_names_in_a_centred_row(cli, tmp_path):
    (tmp_path / "icons").mkdir()
    write_png(tmp_path / "icons" / "fire.png", (220, 60, 0), (64, 64))
    deck = sheet(tmp_path, "name,text,icons\nStorm,Every unit moves.,fire fire fire\n")
    pdf, result = build(cli, deck, "--layout", "event")
    page = pdf[0]
    left, top = page.trimbox.x0 / MM, page.trimbox.y0 / MM
    boxes = sorted(tuple(v / MM for v in info["bbox"]) for info in page.get_image_info())
    assert len(boxes) == 3
    heights = {round(y1 - y0, 2) for _, y0, _, y1 in boxes}
    assert len(heights) == 1 and heights.pop() <= 10  # one size, within the 10 mm box
    middle = (boxes[0][0] + boxes[-1][2]) / 2 - left
    assert middle == pytest.approx(63 / 2, abs=0.3)  # align = centre
    assert all(88 - 19 - 0.01 <= y0 - top and y1 - top <= 88 - 9 + 0.01 for _, y0, _, y1 in boxes)
    assert "Icons" not in page.get_text() and "warning" not in result.stderr


def test_a_picture_in_a_layout_box_warns_at_its_printed_size(cli, tmp_path):
    layout = tmp_path / "art.toml"
    layout.write_text("[boxes.art]\ndraw = 'image'\npart = 'image'\nx = 5\ny = 5\n"
                      "width = 50.8\nheight = 50.8\nfit = 'cover'\n"
                      "[boxes.title]\nx = 5\ny = 60\nwidth = 50\nheight = 8\n")  # fmt: skip
    write_png(tmp_path / "soft.png", (10, 200, 10), (400, 400))  # 2 in at 200 dpi
    write_png(tmp_path / "sharp.png", (10, 200, 10), (600, 600))  # 2 in at 300 dpi
    deck = sheet(tmp_path, "name,image\nSoft,soft.png\nSharp,sharp.png\n")
    _, result = build(cli, deck, "--layout", str(layout))
    assert (
        "deck.csv, row 2, field 'image': soft.png is 400 x 400 px printed 51 x 51 mm, 200 dpi"
        in result.stderr
    )
    assert "sharp.png" not in result.stderr
