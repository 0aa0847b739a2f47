"""Squib's YAML layouts read as they are (issue 29, item 3): pixels at 300 dpi from the corner of
Squib's bleed, `extends` with `+=`/`-=`/`*=`/`/=`, Pango font strings, Squib's shorthands and
colours; a key Squib has that Domekit does not draw is a warning, a key neither has an error
naming the line. Checked on the PDF: words' places in mm, span fonts and colours."""

from __future__ import annotations

import shutil

import pytest

from tests.cards.helpers import build, sheet, spans, words
from toolkit.pdf.geometry import MM

PX = 25.4 / 300  # mm a Squib pixel
BLEED = 37.5  # px: Squib's 1/8 in of bleed, where its 0,0 lies

# Squib's own samples/layouts/custom-layout.yml, in part, with its comments and a Ruby symbol
CUSTOM = """\
# Used in the layouts.rb sample in conjunction with custom-layout2.yml
frame:
  x: 38
  y: 38
  width: 750
  height: 1050
  radius: 25
  stroke_color: '#333'
title:
  x: 125
  y: 50
  width: 625
  height: 100
  align: center #strings also work for most options
  valign: !ruby/symbol middle
  font: Sans Bold 14
  color: :crimson
bonus: #becomes our bonus rectangle
  x: 250
  y: 600
  width:  300
  height: 200
  radius: 32
bonus_inner:
  extends: bonus
  x: += 10 # i.e. 260
  y: += 10 # i.e. 610
  width: -= 20  # i.e. 180
  height: -= 20 # i.e. 180
bonus_text:
  extends: bonus_inner
  x: +=10
  y: +=10
  width: -= 20
  height: -= 20
  font_size: 8
lower:
  x: 100
  y: 1in
  width: 200
  height: 1cm
power:
  extends: lower
  x: += 1in
  y: -= 1cm
  width: "*= 1.5"
  height: /= 4
  font: Serif 5
mid:
  x: middle - 0.5in
  y: middle + 1in
  width: 1in
  height: 60
  font_size: 7
"""
DECK = "title,bonus_text,power,mid\nWyvern,Draw,Foo,Mid\n"


def at(page, word):
    """The (left, top) mm of `word` from the first card's trim corner."""
    [found] = [w for w in words(page) if w[4] == word]
    return found[0] - page.trimbox.x0 / MM, found[1] - page.trimbox.y0 / MM


def test_squibs_custom_layout_places_each_box_where_squib_would(cli, tmp_path):
    layout = tmp_path / "custom-layout.yml"
    layout.write_text(CUSTOM)
    pdf, result = build(cli, sheet(tmp_path, DECK), "--layout", str(layout))
    page = pdf[0]
    # bonus_text: 250 + 10 + 10 px, 600 + 10 + 10 px from Squib's corner, 37.5 px up and left
    left, top = at(page, "Draw")
    assert left == pytest.approx((270 - BLEED) * PX, abs=0.4)
    assert top == pytest.approx((620 - BLEED) * PX, abs=0.6)
    # power: x 100 px + 1 in, y 1 in - 1 cm
    left, top = at(page, "Foo")
    assert left == pytest.approx((400 - BLEED) * PX, abs=0.4)
    assert top == pytest.approx((300 - 300 / 2.54 - BLEED) * PX, abs=0.6)
    # mid: middle of Squib's deck (the trim and its bleed) less half an inch
    left, top = at(page, "Mid")
    assert left == pytest.approx(63 / 2 - 12.7, abs=0.4)
    assert top == pytest.approx(88 / 2 + 25.4, abs=0.6)
    # the title centred in its box, bold, crimson, 14 pt (Squib's font string)
    [title] = [s for s in spans(page) if s["text"] == "Wyvern"]
    assert title["size"] == pytest.approx(14, abs=0.01)
    assert "Bold" in title["font"]
    assert f"{title['color']:06x}" == "dc143c"
    centre = (title["bbox"][0] + title["bbox"][2]) / 2 / MM - page.trimbox.x0 / MM
    assert centre == pytest.approx((125 + 625 / 2 - BLEED) * PX, abs=0.5)
    sizes = {s["text"]: s["size"] for s in spans(page)}
    assert sizes["Draw"] == pytest.approx(8) and sizes["Mid"] == pytest.approx(7)
    assert "warning" not in result.stderr


def test_a_pango_family_installed_here_is_used(cli, tmp_path):
    if shutil.which("fc-match") is None:
        pytest.skip("no fontconfig on this machine")
    layout = tmp_path / "l.yml"
    layout.write_text("title:\n  x: 100\n  y: 100\n  width: 600\n  height: 80\n"
                      "  font: DejaVu Serif Bold Italic 12\n")  # fmt: skip
    pdf, _ = build(cli, sheet(tmp_path, "title\nWyvern\n"), "--layout", str(layout))
    [span] = [s for s in spans(pdf[0]) if s["text"] == "Wyvern"]
    assert span["font"].split("+")[-1] == "DejaVuSerif-BoldItalic"


def test_squib_keys_domekit_does_not_draw_are_warnings_naming_the_line(cli, tmp_path):
    layout = tmp_path / "l.yml"
    layout.write_text("title:\n  x: 100\n  y: 100\n  width: 600\n  height: 80\n  angle: 0.5\n"
                      "  font: Nowhere Sans Zz 9\n")  # fmt: skip
    pdf, result = build(cli, sheet(tmp_path, "title\nWyvern\n"), "--layout", str(layout))
    assert "l.yml, line 6: Squib's 'angle' (box 'title') is not drawn by Domekit" in result.stderr
    assert "line 7: box 'title''s font family 'Nowhere Sans Zz' is not installed" in result.stderr
    assert [s for s in spans(pdf[0]) if s["text"] == "Wyvern"]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("title:\n  x: 100\n  y: 1\n  width: 6\n  height: 8\n  colour_of: red\n",
         "l.yml, line 6, field 'title.colour_of': Squib layout, box 'title': unknown key "
         "'colour_of'; Domekit reads Squib's x, y, width"),
        ("a:\n  extends: b\n  x: 1\nb:\n  extends: a\n",
         "l.yml, line 2, field 'a.extends': Squib layout, box 'a': extends goes round in a "
         "circle (a -> b -> a)"),
        ("a:\n  extends: nobody\n  x: 1\n",
         "field 'a.extends': Squib layout, box 'a': extends 'nobody': no box of that name"),
        ("a:\n  x: 1\n  y: 1\n  width: 5\n  height: 5\nb:\n  extends: a\n  x: /= 0\n",
         "l.yml, line 8, field 'b.x': Squib layout, box 'b': '/= 0': divides by 0"),
        ("a:\n  x: 1\n  y: 1\n  width: 5cubits\n  height: 5\n",
         "l.yml, line 4, field 'a.width': Squib layout, box 'a': '5cubits': expected pixels"),
        ("a:\n  x: 1\n  y: 1\n  width: 5\n  height: 5\n  color: blurple\n",
         "line 6, field 'a.color': Squib layout, box 'a': 'blurple': expected a colour"),
    ],
)  # fmt: skip
def test_a_bad_squib_layout_names_the_line_and_key(cli, tmp_path, text, message):
    layout = tmp_path / "l.yml"
    layout.write_text(text)
    result = cli("cards", str(sheet(tmp_path, "title\nWyvern\n")), "--layout", str(layout))
    result.assert_refused(message)


def test_a_squib_box_named_as_a_picture_column_draws_the_pictures(cli, tmp_path):
    from tests.cards.helpers import write_png

    write_png(tmp_path / "wolf.png", (200, 30, 30))
    layout = tmp_path / "economy.yml"
    layout.write_text(
        "art:\n  x: 75\n  y: 150\n  width: 675\n  height: 520\n"
        "title:\n  x: 90\n  y: 90\n  width: 635\n  height: 50\n  align: center\n"
    )
    pdf, _ = build(cli, sheet(tmp_path, "title,art\nWolf,wolf.png\n"), "--layout", str(layout))
    page = pdf[0]
    [image] = page.get_image_info()
    x0, y0, x1, y1 = (v / MM for v in image["bbox"])
    left, top = page.trimbox.x0 / MM, page.trimbox.y0 / MM
    # a square picture contained in the 675 x 520 px box: as tall as it, centred across
    assert y0 - top == pytest.approx((150 - BLEED) * PX, abs=0.3)
    assert y1 - top == pytest.approx((670 - BLEED) * PX, abs=0.3)
    assert (x0 + x1) / 2 - left == pytest.approx((75 + 675 / 2 - BLEED) * PX, abs=0.3)


def test_a_diamond_of_extends_is_read_once_per_box_and_bounded(cli, tmp_path):
    """Twenty boxes each extending the one before eight times over would be 8^20 merges read
    naively; each box is resolved once. A list of more than 8 parents, or a chain deeper than
    16 boxes, is an error naming the line."""
    boxes = ["b0:\n  x: 10\n  y: 10\n  width: 100\n  height: 50\n"]
    boxes += [f"b{i}:\n  extends: [{', '.join([f'b{i - 1}'] * 8)}]\n  x: += 1\n"
              for i in range(1, 16)]  # fmt: skip
    layout = tmp_path / "l.yml"
    layout.write_text("".join(boxes))
    pdf, _ = build(cli, sheet(tmp_path, "title,b15\nWyvern,Deep\n"), "--layout", str(layout))
    left, _ = at(pdf[0], "Deep")
    assert left == pytest.approx((10 + 15 - BLEED) * PX, abs=0.4)
    layout.write_text("".join(boxes) + "b16:\n  extends: [" + ", ".join(["b0"] * 9) + "]\n")
    result = cli("cards", str(sheet(tmp_path, "title\nA\n")), "--layout", str(layout))
    result.assert_refused("field 'b16.extends': Squib layout, box 'b16': expected a box's name "
                          "or a list of at most 8")  # fmt: skip
    chain = ["c0:\n  x: 1\n  y: 1\n  width: 5\n  height: 5\n"]
    chain += [f"c{i}:\n  extends: c{i - 1}\n" for i in range(1, 20)]
    layout.write_text("".join(reversed(chain)))  # the deepest first
    result = cli("cards", str(sheet(tmp_path, "title\nA\n")), "--layout", str(layout))
    result.assert_refused("extends goes more than 16 boxes deep")
