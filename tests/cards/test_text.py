"""Rich text, shrink-to-fit and pictures' resolution warnings."""

from __future__ import annotations

from tests.cards.helpers import (
    build,
    sheet,
    write_png,
)


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
