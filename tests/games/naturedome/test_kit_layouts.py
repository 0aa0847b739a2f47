"""Nature Dome's Power Cards are layouts (card_data/naturedome/layouts) drawn by the engine of
`domekit cards`: every card's texts, read back from the kit PDF, are the card data's and lie in
the boxes its layout file gives them (within 1 mm), on both papers, in the home, gutterfold and
service layouts and both inks; a copy's layout restyles its kit; a bad layout is a located
error."""

from __future__ import annotations

import re
import shutil

import pymupdf
import pytest
from card_edits import copy_card_data, edit_text

from toolkit.cards.kit_faces import GlyphIcons
from toolkit.games.naturedome.data import load_power_cards
from toolkit.games.naturedome.kit import build_kit, card_cells, card_faces, load_kit_data
from toolkit.pdf.book import butted, card_layout
from toolkit.pdf.deck import DeckCard, FaceMaker
from toolkit.pdf.geometry import MM, PAPERS, Rect
from toolkit.pdf.gutterfold import plan_gutterfold
from toolkit.pdf.kits import KitOptions
from toolkit.pdf.style import Look

BASE = "http://192.168.1.20:8000"
TOLERANCE = 1.0  # mm


def flat(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def expected_boxes(card, data, faces) -> dict[str, tuple[Rect, str]]:
    """Each text box of the card's layout: where it lies on a card whose top-left corner is
    (0, 0) (mm, y down) and the words it shows, from the card data."""
    layout = faces.layouts["boost" if card.is_boost else "power"]
    cells = card_cells(card, data)
    deck_card = DeckCard(title=card.name, values=tuple(cells.items()), cells=tuple(cells.items()))
    words = {
        "title": card.name,
        "kind": f"{cells['animal']} · {cells['kind']}",
        "rules": cells["rules"],
        "flavour": card.text,
        "yellow": f"Yellow zone: -{cells['yellow']} · Red zone: -{cells['red']}",
        "boost": f"+{card.boost}",
        **{name: cells[name] for name in ("attack", "defend", "escape")},
    }
    out = {}
    for box in FaceMaker(GlyphIcons(), layout=layout).boxes_of(deck_card, layout):
        if box.kind not in ("text", "line"):
            continue
        kind, value = box.source
        shown = value if kind == "text" else words[box.name]
        out[box.name] = (Rect(box.x, box.y, box.w, box.h), shown)
    return out


def card_spans(page, trim: Rect) -> list[tuple[str, Rect]]:
    """The text spans inside a card's trim: their text and box in mm from the card's top-left
    corner, y down."""
    height = page.rect.height / MM
    top = height - trim.top
    spans = []
    for block in page.get_text("dict")["blocks"]:
        for line in block.get("lines", []):
            for span in line["spans"]:
                x0, y0, x1, y1 = (v / MM for v in span["bbox"])
                if not span["text"].strip():
                    continue
                if trim.x <= (x0 + x1) / 2 <= trim.right and top <= (y0 + y1) / 2 <= top + trim.h:
                    spans.append(
                        (span["text"].strip(), Rect(x0 - trim.x, y0 - top, x1 - x0, y1 - y0))
                    )
    return spans


def inside(span: Rect, box: Rect) -> bool:
    return (
        span.x >= box.x - TOLERANCE
        and span.y >= box.y - TOLERANCE
        and span.right <= box.right + TOLERANCE
        and span.top <= box.top + TOLERANCE
    )


@pytest.mark.parametrize(
    "paper, layout, ink",
    [
        ("a4", "home", "light"),
        ("letter", "home", "full"),
        ("a4", "gutterfold", "full"),
        ("letter", "service", "light"),
    ],  # fmt: skip
)
def test_every_card_shows_its_data_in_its_layouts_boxes(tmp_path, paper, layout, ink):
    out = tmp_path / "kit.pdf"
    result = build_kit(
        KitOptions(paper=paper, out=out, base_url=BASE, ink=ink, layout=layout)  # type: ignore[arg-type]
    )
    doc = pymupdf.open(result.pdf)
    data = load_kit_data(None)
    faces = card_faces(data, Look(ink))  # type: ignore[arg-type]
    if layout == "gutterfold":  # the fronts on one half of the page
        slots = plan_gutterfold(PAPERS[paper], butted(data.print.card.size())).fronts.slots
    else:
        slots = card_layout(PAPERS[paper], data.print.card, layout).slots
    names = {entry.card.name: entry.card for entry in load_power_cards()}
    printed: dict[str, int] = {}
    for page in doc:
        for slot in slots:
            spans = card_spans(page, slot)
            card = next((names[t] for t, _ in spans if t in names), None)
            if card is None:
                continue
            printed[card.name] = printed.get(card.name, 0) + 1
            boxes = expected_boxes(card, data, faces)
            found: dict[str, list[str]] = {name: [] for name in boxes}
            for text, where in spans:
                exact = [n for n, (_, shown) in boxes.items() if flat(shown) == text]
                part = [n for n, (_, shown) in boxes.items() if text in flat(shown)]
                assert exact or part, f"{card.name}: {text!r} is no text of the card's data"
                name = next(n for n in exact + part if inside(where, boxes[n][0]))
                found[name].append(text)
            for name, (_, shown) in boxes.items():
                assert flat(" ".join(found[name])) == flat(shown), (card.name, name)
    assert printed == {e.card.name: e.qty for e in load_power_cards()}


def test_a_copy_restyles_its_cards_by_editing_a_layout(cli, tmp_path):
    folder = copy_card_data("naturedome", tmp_path / "mine")
    edit_text(folder / "layouts" / "power.toml", 'text = "ATTACK"', 'text = "HYÖKKÄYS"')
    out = tmp_path / "kit.pdf"
    result = cli("kit", "naturedome", "--data", str(folder), "--out", str(out), "--base-url", BASE)
    assert result.exit_code == 0, result.stderr
    text = "".join(page.get_text() for page in pymupdf.open(out))
    assert text.count("HYÖKKÄYS") == sum(e.qty for e in load_power_cards() if not e.card.is_boost)
    assert "ATTACK\n" not in text


def test_a_colour_the_kit_does_not_have_names_the_layout_and_box(cli, tmp_path):
    folder = copy_card_data("naturedome", tmp_path / "mine")
    edit_text(folder / "layouts" / "card.toml", 'fill = "$frame.pale"', 'fill = "$fram.pale"')
    out = tmp_path / "kit.pdf"
    result = cli("kit", "naturedome", "--data", str(folder), "--out", str(out), "--base-url", BASE)
    assert result.exit_code == 2
    assert result.stderr.startswith("error: ") and "card.toml" in result.stderr
    assert "boxes.art.fill" in result.stderr
    assert "$fram.pale" in result.stderr and "$frame" in result.stderr
    assert not out.exists()


def test_the_sample_cards_fit_their_layouts_without_a_warning(cli, tmp_path):
    out = tmp_path / "kit.pdf"
    result = cli("kit", "naturedome", "--out", str(out), "--base-url", BASE)
    assert result.exit_code == 0 and "warning" not in result.stderr, result.stderr


def test_a_text_the_layout_cannot_hold_is_a_warning_naming_the_card(cli, tmp_path):
    folder = copy_card_data("naturedome", tmp_path / "mine")
    edit_text(folder / "layouts" / "power.toml", "height = 10.5\n", "height = 3\n")
    out = tmp_path / "kit.pdf"
    result = cli("kit", "naturedome", "--data", str(folder), "--out", str(out), "--base-url", BASE)
    assert result.exit_code == 0
    assert "warning: " in result.stderr and "'Talon Dive'" in result.stderr, result.stderr
    assert "power_cards.csv, row 2" in result.stderr


def test_a_copy_without_layouts_draws_the_shipped_ones(cli, tmp_path):
    folder = copy_card_data("naturedome", tmp_path / "old")
    shutil.rmtree(folder / "layouts")
    out = tmp_path / "kit.pdf"
    result = cli("kit", "naturedome", "--data", str(folder), "--out", str(out), "--base-url", BASE)
    assert result.exit_code == 0, result.stderr
    text = "".join(page.get_text() for page in pymupdf.open(out))
    assert text.count("ATTACK BOOST") == sum(e.qty for e in load_power_cards() if e.card.is_boost)
