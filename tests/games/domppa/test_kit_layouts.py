"""Domppa's weapon, armour and shield cards and every deck's back are layouts
(card_data/domppa/layouts) drawn by the engine of `domekit cards`: every equipment card's texts,
read back from the kit PDF, are its data's and lie in the boxes its layout file gives them
(within 1 mm), on both papers, in the home and gutterfold layouts and both inks; a copy's layout
restyles its kit."""

from __future__ import annotations

import pymupdf
import pytest
from card_edits import copy_card_data, edit_text
from kit_layouts import (
    BASE,
    KIT_CASES,
    built,
    card_slots,
    check_cards_in_their_boxes,
    kit_from_copy,
    pdf_text,
)

from toolkit.cards.kit_faces import GlyphIcons
from toolkit.games.domppa.data import card_text, load_kit_data
from toolkit.games.domppa.kit import build_kit
from toolkit.games.domppa.kit.cards import (
    armour_card,
    card_faces,
    character_card,
    character_stats,
    shield_card,
    weapon_card,
)
from toolkit.games.domppa.kit.spells import spell_card, spell_lines
from toolkit.pdf.deck import DeckCard, FaceMaker
from toolkit.pdf.kits import KitOptions
from toolkit.pdf.style import Look


@pytest.mark.parametrize(("paper", "layout", "ink"), KIT_CASES)
def test_every_card_shows_its_data_in_its_layouts_boxes(tmp_path, paper, layout, ink):
    result, doc = built(build_kit, tmp_path, paper, layout, ink)
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
    spells = [spell_card(spell, data) for spell in data.spells]
    for card, spell in zip(spells, data.spells, strict=True):
        assert card.cells["casting"] == "\n".join(spell_lines(data.rules, spell))
        assert card.cells["effect"] == spell.effect
    slots = card_slots(paper, data.print.equipment_card, layout)
    by_name = {card.cells["name"]: card for card in cards + spells}
    printed = check_cards_in_their_boxes(doc, slots, by_name, faces)
    assert printed == dict.fromkeys(by_name, 1)
    # the character cards: every stat the rules engine gives, in its row, and the unit's QR code
    people = {
        ch.row.name: character_card(ch, result.urls["units"][ch.id], data) for ch in data.characters
    }
    for ch in data.characters:
        cells = people[ch.row.name].cells
        stats = character_stats(ch, data.rules, data.gear[ch.row.name].mount)
        assert [(cells[f"row{i}_label"], cells[f"row{i}"]) for i in range(1, len(stats) + 1)] == (
            stats
        )
        assert cells["hp"] == str(ch.hp) and cells["ap"] == str(ch.ap)
    slots = card_slots(paper, data.print.character_card, layout)
    printed = check_cards_in_their_boxes(doc, slots, people, faces, marker="Hit points (Health")
    assert printed == dict.fromkeys(people, 1)


def test_a_copy_restyles_its_backs_by_editing_a_layout(cli, tmp_path):
    edit = ("layouts/back.toml", 'text = "DOMPPA"', 'text = "DOMPPA-PELI"')
    result, out = kit_from_copy(cli, "domppa", tmp_path, [edit])
    assert result.exit_code == 0 and "warning" not in result.stderr, result.stderr
    text = pdf_text(out)
    data = load_kit_data(tmp_path / "mine")
    cards = len(data.weapons) + len(data.armour) + len(data.shields) + len(data.characters)
    assert text.count("DOMPPA-PELI") >= cards  # every card's back (and the spells')


def test_a_spell_without_an_element_has_two_wider_badges(tmp_path):
    folder = copy_card_data("domppa", tmp_path / "mine")
    edit_text(
        folder / "spells.csv", "Fire Bolt,Fire,1,20,0,5,fire,", "Fire Bolt,Fire,1,20,0,5,none,"
    )
    out = tmp_path / "kit.pdf"
    result = build_kit(KitOptions(paper="a4", out=out, base_url=BASE, data=folder))
    doc = pymupdf.open(result.pdf)
    data = load_kit_data(folder)
    faces = card_faces(data, Look())
    bolt = spell_card(data.spells[0], data)
    assert bolt.cells["badge3"] == ""
    boxes = {b.name: b for b in faces.layouts["spell"].boxes}
    slots = card_slots("a4", data.print.equipment_card, "home")
    printed = check_cards_in_their_boxes(doc, slots, {"Fire Bolt": bolt}, faces)
    assert printed == {"Fire Bolt": 1}
    # the two badges share the width the three share on the other spells: 26.75 mm each
    chosen = {
        b.name: b
        for b in FaceMaker(GlyphIcons(), layout=faces.layouts["spell"]).boxes_of(
            DeckCard(title="", cells=tuple(bolt.cells.items())), faces.layouts["spell"]
        )
    }
    assert chosen["badge1_ground"].w == pytest.approx(26.75)
    assert chosen["badge2_ground"].x == pytest.approx(32.75)
    assert "badge3_ground" not in chosen and boxes["badge3_ground"].w == pytest.approx(
        17.167, abs=0.01
    )
