"""Nature Dome's Power Cards are layouts (card_data/naturedome/layouts) drawn by the engine of
`domekit cards`: every card's texts, read back from the kit PDF, are the card data's and lie in
the boxes its layout file gives them (within 1 mm), on both papers, in the home, gutterfold and
service layouts and both inks; a copy's layout restyles its kit; a bad layout is a located
error."""

from __future__ import annotations

import pytest
from kit_layouts import (
    KIT_CASES,
    assert_fits_without_a_warning,
    built,
    card_slots,
    check_cards_in_their_boxes,
    kit_from_copy,
    pdf_text,
)

from toolkit.cards.kit_faces import KitCard
from toolkit.games.naturedome.data import load_power_cards
from toolkit.games.naturedome.effects import card_text
from toolkit.games.naturedome.kit import build_kit, card_cells, card_faces, load_kit_data
from toolkit.pdf.style import Look


@pytest.mark.parametrize(("paper", "layout", "ink"), KIT_CASES)
def test_every_card_shows_its_data_in_its_layouts_boxes(tmp_path, paper, layout, ink):
    _, doc = built(build_kit, tmp_path, paper, layout, ink)
    data = load_kit_data(None)
    faces = card_faces(data, Look(ink))  # type: ignore[arg-type]
    deck = load_power_cards()
    cards = {
        e.card.name: KitCard("boost" if e.card.is_boost else "power", card_cells(e.card, data))
        for e in deck
    }
    # the cells are the card data's own: its values, its effect words' text, its flavour
    for entry in deck:
        cells = cards[entry.card.name].cells
        assert cells["rules"] == card_text(data.vocabulary, entry.card)
        assert cells["flavour"] == entry.card.text
        assert cells["attack"] == str(entry.card.attack)
    slots = card_slots(paper, data.print.card, layout)
    printed = check_cards_in_their_boxes(doc, slots, cards, faces)
    assert printed == {e.card.name: e.qty for e in deck}


def test_a_copy_restyles_its_cards_by_editing_a_layout(cli, tmp_path):
    result, out = kit_from_copy(
        cli,
        "naturedome",
        tmp_path,
        [("layouts/power.toml", 'text = "ATTACK"', 'text = "HYÖKKÄYS"')],
    )
    assert result.exit_code == 0, result.stderr
    text = pdf_text(out)
    assert text.count("HYÖKKÄYS") == sum(e.qty for e in load_power_cards() if not e.card.is_boost)
    assert "ATTACK\n" not in text


def test_a_colour_the_kit_does_not_have_names_the_layout_and_box(cli, tmp_path):
    result, out = kit_from_copy(
        cli,
        "naturedome",
        tmp_path,
        [("layouts/card.toml", 'fill = "$frame.pale"', 'fill = "$fram.pale"')],
    )
    assert result.exit_code == 2
    assert result.stderr.startswith("error: ") and "card.toml" in result.stderr
    assert "boxes.art.fill" in result.stderr
    assert "$fram.pale" in result.stderr and "$frame" in result.stderr
    assert not out.exists()


def test_the_sample_cards_fit_their_layouts_without_a_warning(cli, tmp_path):
    assert_fits_without_a_warning(cli, "naturedome", tmp_path)


def test_a_text_the_layout_cannot_hold_is_a_warning_naming_the_card(cli, tmp_path):
    result, out = kit_from_copy(
        cli, "naturedome", tmp_path, [("layouts/power.toml", "height = 10.5\n", "height = 3\n")]
    )
    assert result.exit_code == 0
    assert "warning: " in result.stderr and "'Talon Dive'" in result.stderr, result.stderr
    assert "power_cards.csv, row 2" in result.stderr


def test_a_copy_without_layouts_draws_the_shipped_ones(cli, tmp_path):
    result, out = kit_from_copy(cli, "naturedome", tmp_path, [], without_layouts=True)
    assert result.exit_code == 0, result.stderr
    text = pdf_text(out)
    assert text.count("ATTACK BOOST") == sum(e.qty for e in load_power_cards() if e.card.is_boost)
