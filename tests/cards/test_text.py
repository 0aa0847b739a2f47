"""Rich text, shrink-to-fit and pictures' resolution warnings."""

from __future__ import annotations

from tests.cards.helpers import (
    build,
    sheet,
    spans,
    write_png,
)


def test_text_below_the_smallest_size_is_cut_with_a_warning_naming_the_card(cli, tmp_path):
    deck = sheet(tmp_path, "name,text\nShort,Fits.\nWordy," + "many words " * 170 + "\n")
    _, result = build(cli, deck, "--size", "mini")
    assert "deck.csv, row 3: 'Wordy': the text does not fit even at 5 pt; cut" in result.stderr
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


def test_rich_text_marks_in_a_cell(cli, tmp_path):
    r"""`**bold**`, `*italic*`, `***both***`; `\*` and a lone `*` print as asterisks; tags of
    paragraph markup in a cell print as typed (cells are data, a template makes markup)."""
    deck = sheet(tmp_path, "name,text\nImp,***Both*** then *it* and \\*star\\* 5 * 3 <b>x</b>\n")
    pdf, _ = build(cli, deck)
    fonts = {span["text"].strip(): span["font"] for span in spans(pdf[0])}
    assert fonts["Both"].endswith("NotoSans-BoldItalic")
    assert fonts["it"].endswith("NotoSans-Italic")
    text = " ".join(pdf[0].get_text().split())
    assert "Both then it and *star* 5 * 3 <b>x</b>" in text


def body_sizes(page, words_of: str) -> set[float]:
    return {round(span["size"], 2) for span in spans(page) if span["text"].strip() in words_of}


def test_text_shrinks_to_fit_silently_above_the_minimum(cli, tmp_path):
    deck = sheet(tmp_path, "name,text\nWordy," + "many words " * 60 + "\n")
    pdf, result = build(cli, deck)
    [size] = body_sizes(pdf[0], "many words " * 60)
    assert 5 <= size < 10.5 and (size * 4).is_integer()  # quarter points
    assert "does not fit" not in result.stderr
    assert " ".join(pdf[0].get_text().split()).endswith(("many words " * 60).strip())


def test_a_layout_boxs_min_size_is_kept_and_warned_below_naming_the_card(cli, tmp_path):
    layout = tmp_path / "l.toml"
    layout.write_text("[boxes.title]\nx = 4\ny = 4\nwidth = 55\nheight = 7\n"
                      "[boxes.text]\nx = 4\ny = 14\nwidth = 55\nheight = 30\n"
                      "size = 11\nmin_size = 8\n")  # fmt: skip
    deck = sheet(tmp_path, "name,text\nShort,Fits.\nWordy," + "many words " * 80 + "\n")
    pdf, result = build(cli, deck, "--layout", str(layout))
    assert "deck.csv, row 3: 'Wordy': the text box's text does not fit even at 8 pt; cut" in (
        result.stderr
    )
    assert "'Short'" not in result.stderr
    assert body_sizes(pdf[0], "Fits.") == {11.0}
    wordy = {round(s["size"], 2) for s in spans(pdf[0]) if "many" in s["text"]}
    assert wordy == {8.0}
    assert "..." in pdf[0].get_text() or "…" in pdf[0].get_text()
