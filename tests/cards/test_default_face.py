"""The default face of a designer's real sheet (issue 29, item 2): bookkeeping (ids, versions,
dates, file names, notes) is not printed, long and multi-line cells are body text with their
line breaks, and the printed plan says why. Checked on the PDF's words and their places."""

from __future__ import annotations

import pytest

from tests.cards.helpers import build, sheet, words, write_png
from toolkit.pdf.geometry import MM

# a 43-card game's sheet, in part: its id, version and date columns, a frame's file, art, a
# multi-line cell under a header no table knows, and a long flavour text
DECK = (
    "id,Name,Type,Cost,Effect,Bonus,Flavour,art,frame,version,updated,notes\n"
    '7,Heir,Action,3,Draw 2 cards.,"1 Attack\n1 Victory\nTrash Heir",'
    '"The heir waits in the tower, counting every coin the old king left.",'
    "heir.png,frames/gold.png,v1.2,2024-03-01,check cost\n"
    "8,Moat,Reaction,2,Block an attack.,,,heir.png,frames/blue.png,v1.3,2024-03-02,\n"
)


def first_card_lines(page) -> list[str]:
    """The first card's lines of text, top to bottom (words on one baseline joined)."""
    right = page.trimbox.x0 / MM + 63
    found: dict[float, list[tuple[float, str]]] = {}
    for x0, _, _, y1, word in words(page):
        if x0 < right:
            found.setdefault(round(y1, 1), []).append((x0, word))
    return [" ".join(w for _, w in sorted(found[y])) for y in sorted(found)]


def test_bookkeeping_is_not_printed_and_multi_line_cells_are_body_text(cli, tmp_path):
    write_png(tmp_path / "heir.png", (120, 60, 30), (600, 400))
    (tmp_path / "frames").mkdir()
    pdf, result = build(cli, sheet(tmp_path, DECK))
    text = pdf[0].get_text()
    for kept in ("v1.2", "2024-03-01", "gold.png", "check cost", "Version", "Updated", "Notes"):
        assert kept not in text
    assert ("title Name, text Effect, qty -, image art, qr -, back -; stats Type, Cost; more "
            "text Bonus, Flavour; not printed: id (ids), frame (file names), version (versions), "
            "updated (dates), notes (notes)") in result.stderr  # fmt: skip
    lines = first_card_lines(pdf[0])
    # title, the stat lines, then the body: the effect, the multi-line cell's lines kept, in
    # order, and the flavour text
    start = lines.index("Draw 2 cards.")
    assert lines[: start + 4] == [
        "Heir", "Type Action", "Cost 3", "Draw 2 cards.", "1 Attack", "1 Victory", "Trash Heir"
    ]  # fmt: skip
    assert lines[start + 4].startswith("The heir waits in the tower")


@pytest.mark.parametrize(
    ("cells", "reason"),
    [
        (("2024-01-05", "2024-02-11 10:15"), "dates"),
        (("05.01.2024", "11.2.2024"), "dates"),
        (("v1", "v2.1"), "versions"),
        (("1.0.3", "1.2.0"), "versions"),
        (("0b1c2d3e-1111-4a4a-8b8b-0123456789ab", "1b1c2d3e-1111-4a4a-8b8b-0123456789ab"), "ids"),
        (("art/a.psd", "art/b.PNG"), "file names"),
    ],
)
def test_bookkeeping_is_told_by_its_cells_under_any_name(cli, tmp_path, cells, reason):
    deck = sheet(tmp_path, f"name,stamp,power\nImp,{cells[0]},3\nOgre,{cells[1]},5\n")
    pdf, result = build(cli, deck)
    assert f"stats power; not printed: stamp ({reason})" in result.stderr
    assert cells[0] not in pdf[0].get_text()


def test_numbers_and_short_words_stay_stat_lines(cli, tmp_path):
    """A speed of 1.5 or a cost of 1, 2, 3 is no version or id."""
    deck = sheet(tmp_path, "name,speed,cost,colour\nImp,1.5,1,red\nOgre,2.5,2,blue\n")
    _, result = build(cli, deck)
    assert "stats speed, cost, colour" in result.stderr and "not printed" not in result.stderr


def test_a_layout_that_names_a_bookkeeping_column_prints_it(cli, tmp_path):
    layout = tmp_path / "l.toml"
    layout.write_text('extends = "classic"\n[boxes.version]\nx = 5\ny = 80\nwidth = 20\n'
                      "height = 4\nsize = 6\n")  # fmt: skip
    deck = sheet(tmp_path, "name,version\nImp,v1.2\n")
    pdf, result = build(cli, deck, "--layout", str(layout))
    assert "v1.2" in pdf[0].get_text() and "not printed" not in result.stderr
