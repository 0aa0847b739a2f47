"""Domppa's weapon, armour and shield cards and every deck's back are layouts
(card_data/domppa/layouts) drawn by the engine of `domekit cards`: every equipment card's texts,
read back from the kit PDF, are its data's and lie in the boxes its layout file gives them
(within 1 mm), on both papers, in the home and gutterfold layouts and both inks; a copy's layout
restyles its kit."""

from __future__ import annotations

import pymupdf
import pytest
from card_edits import copy_card_data, edit_text
from kit_layouts import card_slots, check_cards_in_their_boxes

from toolkit.games.domppa.data import card_text, load_kit_data
from toolkit.games.domppa.kit import build_kit
from toolkit.games.domppa.kit.cards import armour_card, card_faces, shield_card, weapon_card
from toolkit.pdf.kits import KitOptions
from toolkit.pdf.style import Look

BASE = "http://192.168.1.20:8000"


@pytest.mark.parametrize(
    "paper, layout, ink",
    [
        ("a4", "home", "light"),
        ("letter", "home", "full"),
        ("a4", "gutterfold", "light"),
        ("a4", "service", "full"),
    ],  # fmt: skip
)
def test_every_equipment_card_shows_its_data_in_its_layouts_boxes(tmp_path, paper, layout, ink):
    out = tmp_path / "kit.pdf"
    result = build_kit(
        KitOptions(paper=paper, out=out, base_url=BASE, ink=ink, layout=layout)  # type: ignore[arg-type]
    )
    data = load_kit_data(None)
    faces = card_faces(data, Look(ink))  # type: ignore[arg-type]
    cards = [weapon_card(w, data) for w in data.weapons]
    cards += [armour_card(a, data) for a in data.armour]
    cards += [shield_card(s, data) for s in data.shields]
    rows = [*data.weapons, *data.armour, *data.shields]
    for card, row in zip(cards, rows, strict=True):  # the cells are the data's own
        assert card.cells["name"] == row.name
        assert card.cells["rules"] == card_text(data.rules, row)
        assert card.cells["flavour"] == row.notes
    ranged = {w.name for w in data.weapons if w.range is not None}
    assert ranged and all(c.layout == "ranged" for c in cards if c.cells["name"] in ranged)
    slots = card_slots(paper, data.print.equipment_card, layout)
    by_name = {card.cells["name"]: card for card in cards}
    printed = check_cards_in_their_boxes(pymupdf.open(result.pdf), slots, by_name, faces)
    assert printed == dict.fromkeys(by_name, 1)


def test_a_copy_restyles_its_backs_by_editing_a_layout(cli, tmp_path):
    folder = copy_card_data("domppa", tmp_path / "mine")
    edit_text(folder / "layouts" / "back.toml", 'text = "DOMPPA"', 'text = "DOMPPA-PELI"')
    out = tmp_path / "kit.pdf"
    result = cli("kit", "domppa", "--data", str(folder), "--out", str(out), "--base-url", BASE)
    assert result.exit_code == 0 and "warning" not in result.stderr, result.stderr
    text = "".join(page.get_text() for page in pymupdf.open(out))
    data = load_kit_data(folder)
    cards = len(data.weapons) + len(data.armour) + len(data.shields) + len(data.characters)
    assert text.count("DOMPPA-PELI") >= cards  # every card's back (and the spells')
