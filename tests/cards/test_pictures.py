"""Pictures where designers keep them (issue 29, item 2): `--images DIR` and a layout's `images`
folder, a subfolder named in the cell, image boxes bound to a template; a missing picture is a
labelled placeholder and a warning naming the row, column and file, `--strict` stops instead.
Checked on the PDF: where images and placeholder labels are drawn."""

from __future__ import annotations

import pytest

from tests.cards.helpers import build, sheet, write_png
from toolkit.pdf.geometry import MM

DECK = "name,text,image\nWolf,Bites twice.,wolf.png\nBear,Hugs hard.,bear.png\n"


def images_per_card(page) -> list[int]:
    """How many pictures each card of the first row (69 mm apart) has."""
    left = page.trimbox.x0 / MM
    counts = [0, 0, 0, 0]
    for info in page.get_image_info():
        centre = (info["bbox"][0] + info["bbox"][2]) / 2 / MM
        counts[int((centre - left) // 69)] += 1
    return counts


def label_box(page, word: str) -> tuple[float, float]:
    """The centre (mm, from the first card's trim corner) of `word`."""
    [found] = page.search_for(word)
    return (
        (found.x0 + found.x1) / 2 / MM - page.trimbox.x0 / MM,
        (found.y0 + found.y1) / 2 / MM - page.trimbox.y0 / MM,
    )


def test_a_missing_picture_prints_a_labelled_placeholder_and_warns(cli, tmp_path):
    write_png(tmp_path / "wolf.png", (40, 90, 160), (600, 600))
    pdf, result = build(cli, sheet(tmp_path, DECK))
    page = pdf[0]
    assert images_per_card(page)[:2] == [1, 0]
    warning = (
        "warning: deck.csv, row 3, field 'image': image 'bear.png' not found (looked in "
        f"{tmp_path}); a placeholder is printed (--strict stops instead)"
    )
    assert warning in result.stderr
    assert "wolf.png" not in result.stderr
    # the label sits where the wolf's picture sits on its card, one card to the right
    [wolf] = page.get_image_info()
    x, y = label_box(page, "bear.png")
    assert x - 69 == pytest.approx((wolf["bbox"][0] + wolf["bbox"][2]) / 2 / MM
                                   - page.trimbox.x0 / MM, abs=0.5)  # fmt: skip
    assert wolf["bbox"][1] / MM < y + page.trimbox.y0 / MM < wolf["bbox"][3] / MM
    assert page.search_for("missing picture")


def test_strict_stops_at_a_missing_picture_naming_row_column_and_file(cli, tmp_path):
    write_png(tmp_path / "wolf.png", (40, 90, 160))
    out = tmp_path / "o.pdf"
    result = cli("cards", str(sheet(tmp_path, DECK)), "--strict", "--out", str(out))
    result.assert_refused(
        f"deck.csv, row 3, field 'image': image 'bear.png' not found (looked in {tmp_path})"
    )
    assert not out.exists()


def test_images_dir_a_layouts_images_folder_and_a_subfolder_in_the_cell(cli, tmp_path):
    (tmp_path / "art").mkdir()
    write_png(tmp_path / "art" / "wolf.png", (40, 90, 160), (600, 600))
    write_png(tmp_path / "art" / "bear.png", (120, 70, 20), (600, 600))
    deck = sheet(tmp_path, DECK)
    pdf, result = build(cli, deck, "--images", str(tmp_path / "art"))
    assert images_per_card(pdf[0])[:2] == [1, 1] and "warning" not in result.stderr
    layout = tmp_path / "l.toml"
    layout.write_text('images = "art"\nextends = "classic"\n')
    pdf, result = build(cli, deck, "--layout", str(layout))
    assert images_per_card(pdf[0])[:2] == [1, 1] and "warning" not in result.stderr
    pdf, result = build(cli, sheet(tmp_path, "name,image\nWolf,art/wolf.png\n"))
    assert images_per_card(pdf[0])[:1] == [1] and "warning" not in result.stderr
    result = cli("cards", str(deck), "--images", str(tmp_path / "nope"))
    result.assert_refused(f"--images {tmp_path / 'nope'}: no such folder")
    layout.write_text('images = "nope"\nextends = "classic"\n')
    result = cli("cards", str(deck), "--layout", str(layout))
    result.assert_refused("l.toml, line 1, field 'images': images")


def test_an_image_box_bound_to_a_template_draws_each_rows_frame(cli, tmp_path):
    (tmp_path / "frames").mkdir()
    write_png(tmp_path / "frames" / "gold.png", (230, 180, 20), (815, 1110))
    layout = tmp_path / "frames.toml"
    layout.write_text(
        '[boxes.frame]\ndraw = "image"\ntemplate = "frames/{{ frame }}.png"\nbleed = true\n'
        "[boxes.title]\nx = 5\ny = 5\nwidth = 50\nheight = 8\n"
    )
    deck = sheet(tmp_path, "name,frame\nKing,gold\nKnave,silver\n")
    pdf, result = build(cli, deck, "--layout", str(layout))
    page = pdf[0]
    assert images_per_card(page)[:2] == [1, 0]
    [gold] = page.get_image_info()
    assert gold["bbox"][2] - gold["bbox"][0] == pytest.approx(69 * MM, abs=0.5)  # the bleed
    assert page.search_for("frames/silver.png")
    assert "row 3, field 'frame': image 'frames/silver.png' not found" in result.stderr
