"""Death Dome's item and Special Play cards and every deck's back are layouts
(card_data/deathdome/layouts) drawn by the engine of `domekit cards`: every card's texts, read
back from the kit PDF, are its data's and lie in the boxes its layout file gives them (within
1 mm), on both papers, in the home, gutterfold and service layouts and both inks; a copy's
layout restyles its kit; a card with more lines than its layout holds is refused by name."""

from __future__ import annotations

import pytest
from kit_layouts import (
    KIT_CASES,
    built,
    card_slots,
    check_cards_in_their_boxes,
    kit_from_copy,
    pdf_text,
)

from toolkit.games.deathdome.data import UNIT_TYPES, load_deathdome
from toolkit.games.deathdome.kit import build_kit
from toolkit.games.deathdome.kit.cards import (
    card_faces,
    item_card,
    rules_text,
    special_play_card,
)
from toolkit.pdf.style import Look


@pytest.mark.parametrize(("paper", "layout", "ink"), KIT_CASES)
def test_every_card_shows_its_data_in_its_layouts_boxes(tmp_path, paper, layout, ink):
    _, doc = built(build_kit, tmp_path, paper, layout, ink)
    data = load_deathdome(None)
    faces = card_faces(data, Look(ink))  # type: ignore[arg-type]
    items = [item for deck in (*UNIT_TYPES, "armour", "equipment") for item in data.deck(deck)]
    cards = [item_card(item, data) for item in items]
    cards += [special_play_card(card, data) for card in data.special_play]
    for card, source in zip(cards, [*items, *data.special_play], strict=True):
        assert card.cells["name"] == source.name
        assert card.cells["rules"] == rules_text(source, data)
        assert card.cells["notes"] == source.notes
        assert [card.cells[f"icon{i + 1}"] for i in range(len(source.icons))] == list(source.icons)
    by_name = {card.cells["name"]: card for card in cards}
    same_name = [c for c in cards if by_name[c.cells["name"]].cells != c.cells]
    assert not same_name, "two cards of one name differ: the check finds cards by name"
    slots = card_slots(paper, data.print.card, layout)
    printed = check_cards_in_their_boxes(doc, slots, by_name, faces)
    expected: dict[str, int] = {}
    for source in (*items, *data.special_play):
        expected[source.name] = expected.get(source.name, 0) + source.qty
    assert printed == expected


def test_a_copy_restyles_its_cards_by_editing_a_layout(cli, tmp_path):
    edit = ("layouts/back.toml", 'text = "DEATH DOME"', 'text = "KUOLEMAN KUPOLI"')
    result, out = kit_from_copy(cli, "deathdome", tmp_path, [edit])
    assert result.exit_code == 0 and "warning" not in result.stderr, result.stderr
    text = pdf_text(out)
    data = load_deathdome(tmp_path / "mine")
    cards = sum(i.qty for i in data.items.values()) + sum(c.qty for c in data.special_play)
    assert text.count("KUOLEMAN KUPOLI") == cards
    assert "DEATH DOME\n" not in text.replace("DEATH DOME: ", "")
