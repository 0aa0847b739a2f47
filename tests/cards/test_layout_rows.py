"""Layouts a designer expects (issue 29, item 3): styles chosen per row by `when`, a font per
box, `px` at a stated dpi, leading that follows the type's size, a fixed picture per box. Each
checked on the PDF: span colours and fonts, pixels, positions in mm."""

from __future__ import annotations

import shutil

import pymupdf
import pytest

from tests.cards.helpers import build, sheet, spans, words, write_png
from toolkit.pdf.fonts import shipped_face
from toolkit.pdf.geometry import MM

BLACK_CARDS = """
name = "party"

[boxes.ground]
draw = "rect"
bleed = true
fill = "#ffffff"
  [[boxes.ground.when]]
  if = "type == 'black'"
  fill = "#000000"

[boxes.text]
x = 5
y = 6
width = "100% - 10mm"
height = 30
font = "bold"
size = 14
colour = "#000000"
  [[boxes.text.when]]
  if = "type == 'black'"
  colour = "#ffffff"

[boxes.pick]
text = "PICK 2"
x = 5
y = "100% - 12mm"
width = 30
height = 6
size = 9
show = false
  [[boxes.pick.when]]
  if = "pick >= 2"
  show = true
  colour = "#ffffff"
"""


def pixel(page: pymupdf.Page, x_mm: float, y_mm: float) -> tuple[int, int, int]:
    """The colour at (x, y) mm from the page's top-left, rendered at 50 dpi."""
    pix = page.get_pixmap(
        dpi=50, clip=pymupdf.Rect(x_mm * MM, y_mm * MM, x_mm * MM + 2, y_mm * MM + 2)
    )
    return pix.pixel(0, 0)


def card_origin(page: pymupdf.Page, index: int) -> tuple[float, float]:
    """The top-left corner (mm) of the index-th card's trim: cards fill the sheet row by row,
    63 x 88 mm each with 3 mm bleed, from the TrimBox's corner."""
    trim = page.trimbox
    return trim.x0 / MM + index * 69, trim.y0 / MM


def test_when_makes_black_cards_black_by_a_type_column(cli, tmp_path):
    layout = tmp_path / "party.toml"
    layout.write_text(BLACK_CARDS)
    deck = sheet(
        tmp_path,
        "text,type,pick\n"
        "Why can't I sleep at night?,black,10\n"
        "A windmill full of corpses.,white,\n"
        "___ + ___ = ___.,black,2\n",
    )
    pdf, result = build(cli, deck, "--layout", str(layout), "--marks", "none")
    page = pdf[0]
    colours = [(span["text"], span["color"]) for span in spans(page)]
    assert "when" not in result.stderr, result.stderr
    title = {s["text"].split()[0]: s["color"] for s in spans(page) if s["size"] > 10}
    assert title["Why"] == 0xFFFFFF and title["A"] == 0x000000 and title["___"] == 0xFFFFFF
    # the ground: black behind the black cards, white behind the white one (below its text)
    for index, expected in enumerate([(0, 0, 0), (255, 255, 255), (0, 0, 0)]):
        left, top = card_origin(page, index)
        assert pixel(page, left + 31, top + 60) == expected, index
    # PICK 2 only where pick >= 2, compared as numbers: "10" >= 2 holds, as a designer means
    assert [c for t, c in colours if t == "PICK 2"] == [0xFFFFFF, 0xFFFFFF]
    assert page.get_text().count("PICK 2") == 2


@pytest.mark.parametrize(
    ("condition", "message"),
    [
        ("typ == 'black'", "no column 'typ' (the columns are text, type)"),
        ("type ==", "not a condition"),
        ("type.__class__", "getattr is not part of a condition"),
        ("range(10**9)", "call is not part of a condition"),
        ("cost|list", "filter 'list': a condition has lower, upper"),
    ],
)
def test_a_bad_condition_names_the_layout_line_field_and_row(cli, tmp_path, condition, message):
    layout = tmp_path / "l.toml"
    layout.write_text(
        "[boxes.title]\nx = 5\ny = 5\nwidth = 50\nheight = 8\n"
        f'[[boxes.title.when]]\nif = "{condition}"\ncolour = "#ff0000"\n'
    )
    result = cli("cards", str(sheet(tmp_path, "text,type\nA,black\n")), "--layout", str(layout))
    result.assert_refused(message)
    assert "l.toml" in result.stderr and "when" in result.stderr


def test_a_case_that_cannot_be_answered_names_the_row(cli, tmp_path):
    layout = tmp_path / "l.toml"
    layout.write_text(
        "[boxes.title]\nx = 5\ny = 5\nwidth = 50\nheight = 8\n"
        '[[boxes.title.when]]\nif = "colour == \'red\'"\ncolour = "#ff0000"\n'
    )
    result = cli("cards", str(sheet(tmp_path, "name,type\nA,black\n")), "--layout", str(layout))
    result.assert_refused("deck.csv, row 2: layout box 'title''s when (l.toml, line 1, field")
    assert "no column 'colour' (the columns are name, type)" in result.stderr


def test_each_box_sets_its_text_in_its_own_font(cli, tmp_path):
    """Three families on one card: the title in DejaVu Serif (installed, found by fontconfig),
    the text in a font file beside the layout, a badge in the `fonts` table's bold face."""
    if shutil.which("fc-match") is None:
        pytest.skip("no fontconfig on this machine")
    (tmp_path / "fonts").mkdir()
    shutil.copyfile(shipped_face("Italic"), tmp_path / "fonts" / "Story.ttf")
    shutil.copyfile(shipped_face("BoldItalic"), tmp_path / "fonts" / "Badge-Bold.ttf")
    layout = tmp_path / "fonts.toml"
    layout.write_text(
        '[fonts.badge]\nregular = "fonts/Story.ttf"\nbold = "fonts/Badge-Bold.ttf"\n'
        '[boxes.title]\nfamily = "DejaVu Serif"\nfont = "bold"\nx = 5\ny = 5\nwidth = 53\n'
        "height = 8\n"
        '[boxes.text]\nfamily = "fonts/Story.ttf"\nx = 5\ny = 20\nwidth = 53\nheight = 20\n'
        '[boxes.cost]\nfamily = "badge"\nfont = "bold"\nx = 5\ny = 50\nwidth = 20\nheight = 8\n'
    )
    deck = sheet(tmp_path, "name,text,cost\nWyvern,Flies over walls.,7\n")
    pdf, result = build(cli, deck, "--layout", str(layout))
    fonts = {span["text"].strip(): span["font"].split("+")[-1] for span in spans(pdf[0])}
    assert fonts["Wyvern"] == "DejaVuSerif-Bold"
    assert fonts["Flies over walls."] == "NotoSans-Italic"  # Story.ttf's own name
    assert fonts["7"] == "NotoSans-BoldItalic"
    assert "warning" not in result.stderr


def test_a_family_that_is_not_installed_is_an_error_naming_the_box(cli, tmp_path):
    if shutil.which("fc-match") is None:
        pytest.skip("no fontconfig on this machine")
    layout = tmp_path / "l.toml"
    layout.write_text(
        '[boxes.title]\nfamily = "Comic Zans Nowhere"\nx = 5\ny = 5\nwidth = 50\nheight = 8\n'
    )
    result = cli("cards", str(sheet(tmp_path, "name\nA\n")), "--layout", str(layout))
    result.assert_refused("field 'boxes.title.family': box 'title': family font family "
                          "'Comic Zans Nowhere' is not installed on this machine")  # fmt: skip


@pytest.mark.parametrize(
    ("settings", "x", "y"),
    [
        ('units = "px"\ndpi = 300', "118.11", "236.22"),  # 10 mm and 20 mm at 300 dpi
        ('units = "px"\ndpi = 150', "59.055", "118.11"),
        ("dpi = 100", "'39.37px'", "'78.74px'"),  # a px length in a mm layout
    ],
)
def test_px_lengths_are_pixels_at_the_layouts_dpi(cli, tmp_path, settings, x, y):
    layout = tmp_path / "px.toml"
    layout.write_text(
        f'{settings}\n[boxes.title]\nx = {x}\ny = {y}\nwidth = "40mm"\nheight = "8mm"\nsize = 10\n'
    )
    pdf, _ = build(cli, sheet(tmp_path, "name\nWyvern\n"), "--layout", str(layout))
    page = pdf[0]
    left, top = page.trimbox.x0 / MM, page.trimbox.y0 / MM
    [word] = [w for w in words(page) if w[4] == "Wyvern"]
    assert word[0] - left == pytest.approx(10, abs=0.3)
    [span] = [s for s in spans(page) if s["text"] == "Wyvern"]
    assert span["origin"][1] / MM - top == pytest.approx(20 + 0.95 * 10 / MM, abs=0.05)


def baselines(page: pymupdf.Page) -> list[float]:
    return sorted({round(s["origin"][1] / MM, 2) for s in spans(page) if s["text"].strip()})


def test_a_boxs_leading_sets_its_line_height(cli, tmp_path):
    layout = tmp_path / "l.toml"
    layout.write_text(
        "[boxes.text]\nx = 5\ny = 5\nwidth = 50\nheight = 60\nsize = 10\nmin_size = 10\n"
        "leading = 2\n"
    )
    pdf, _ = build(cli, sheet(tmp_path, "name,text\nA,\"One\nTwo\nThree\"\n"), "--layout",
                   str(layout))  # fmt: skip
    lines = baselines(pdf[0])
    assert len(lines) == 3
    assert [b - a for a, b in zip(lines, lines[1:], strict=False)] == pytest.approx(
        [20 / MM, 20 / MM], abs=0.02
    )


def test_a_bigger_font_size_in_a_template_makes_its_line_taller(cli, tmp_path):
    """`<font size="20">` on the first line: the next line starts below its descenders, where a
    fixed 12.6 pt leading set it over them."""
    template = tmp_path / "card.j2"
    template.write_text('<font size="20">{{ name }}</font><br/>{{ text }}<br/>{{ text }}')
    deck = sheet(tmp_path, "name,text\nGiant Wyvern,Flies.\n")
    pdf, _ = build(cli, deck, "--template", str(template))
    page = pdf[0]
    [big] = [s for s in spans(page) if s["text"] == "Giant Wyvern"]
    small = sorted((s for s in spans(page) if s["text"] == "Flies."), key=lambda s: s["bbox"][1])
    assert big["size"] > 15
    # the first small line's baseline sits at least the big type's descent plus its own ascent
    # below the big baseline (Noto Sans: ascent 1.069, descent 0.293 of the size)
    gap = small[0]["origin"][1] - big["origin"][1]
    assert gap >= 0.293 * big["size"] + 1.069 * small[0]["size"] - 0.5
    assert small[1]["origin"][1] - small[0]["origin"][1] >= 1.2 * small[0]["size"] - 0.1


def test_a_box_shows_a_picture_file_beside_the_layout(cli, tmp_path):
    (tmp_path / "frames").mkdir()
    write_png(tmp_path / "frames" / "gold.png", (230, 180, 20), (815, 1110))
    layout = tmp_path / "l.toml"
    layout.write_text(
        '[boxes.frame]\nfile = "frames/gold.png"\nbleed = true\n'
        "[boxes.title]\nx = 5\ny = 5\nwidth = 50\nheight = 8\n"
    )
    other = tmp_path / "elsewhere"
    other.mkdir()
    deck = sheet(other, "name\nWyvern\n")
    pdf, result = build(cli, deck, "--layout", str(layout))
    [info] = pdf[0].get_image_info()
    x0, y0, x1, y1 = (v / MM for v in info["bbox"])
    assert (x1 - x0, y1 - y0) == pytest.approx((69, 94), abs=0.2)  # the card with its bleed
    assert "Wyvern" in pdf[0].get_text() and "warning" not in result.stderr


def test_a_layout_extending_another_folders_layout_finds_its_files(cli, tmp_path):
    base = tmp_path / "base"
    base.mkdir()
    write_png(base / "frame.png", (200, 20, 20), (100, 100))
    (base / "base.toml").write_text('[boxes.frame]\nfile = "frame.png"\nx = 5\ny = 5\n'
                                    "width = 10\nheight = 10\n")  # fmt: skip
    mine = tmp_path / "mine.toml"
    mine.write_text('extends = "base/base.toml"\n[boxes.title]\nx = 5\ny = 20\nwidth = 50\n'
                    "height = 8\n")  # fmt: skip
    pdf, _ = build(cli, sheet(tmp_path, "name\nWyvern\n"), "--layout", str(mine))
    assert len(pdf[0].get_image_info()) == 1 and "Wyvern" in pdf[0].get_text()


@pytest.mark.parametrize(
    ("rotate", "width", "height", "direction"),
    [(180, 40, 8, (-1, 0)), (90, 8, 40, (0, -1)), (270, 8, 40, (0, 1))],
)
def test_a_turned_box_reads_along_its_turn_inside_its_place(
    cli, tmp_path, rotate, width, height, direction
):
    """An upside-down corner number (180) or a word up a card's side (90, 270): the text runs
    the way the box is turned and stays inside the box the layout places."""
    layout = tmp_path / "turn.toml"
    layout.write_text(
        f"[boxes.title]\nx = 10\ny = 20\nwidth = {width}\nheight = {height}\nsize = 14\n"
        f'align = "centre"\nvalign = "middle"\nrotate = {rotate}\n'
    )
    pdf, _ = build(cli, sheet(tmp_path, "name\nWyvern\n"), "--layout", str(layout))
    page = pdf[0]
    left, top = page.trimbox.x0 / MM, page.trimbox.y0 / MM
    [(span, turn)] = [
        (s, line["dir"])
        for block in page.get_text("dict")["blocks"]
        for line in block.get("lines", [])
        for s in line["spans"]
        if s["text"] == "Wyvern"
    ]
    assert tuple(round(v) for v in turn) == direction
    x0, y0, x1, y1 = (v / MM for v in span["bbox"])
    assert 10 - 0.5 <= x0 - left and x1 - left <= 10 + width + 0.5
    assert 20 - 0.5 <= y0 - top and y1 - top <= 20 + height + 0.5
    middle = ((x0 + x1) / 2 - left, (y0 + y1) / 2 - top)
    assert middle == pytest.approx((10 + width / 2, 20 + height / 2), abs=0.6)


@pytest.mark.parametrize("rotate", ["45", "90", "true"])
def test_a_turn_other_than_a_quarter_names_the_box_and_field(cli, tmp_path, rotate):
    layout = tmp_path / "turn.toml"
    layout.write_text(f"[boxes.title]\nx = 5\ny = 5\nwidth = 40\nheight = 8\nrotate = {rotate}\n"
                      .replace("= 90", '= "90"'))  # fmt: skip
    result = cli("cards", str(sheet(tmp_path, "name\nWyvern\n")), "--layout", str(layout),
                 "--out", str(tmp_path / "o.pdf"))  # fmt: skip
    assert result.exit_code == 2
    assert "turn.toml" in result.stderr and "boxes.title.rotate" in result.stderr
    assert "0, 90, 180, 270" in result.stderr
    assert not (tmp_path / "o.pdf").exists()
