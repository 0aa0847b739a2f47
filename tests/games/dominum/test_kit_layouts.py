"""Dominum's Domain cards, Stronghold tiles, Power cards and every deck's back are layouts
(card_data/dominum/layouts) drawn by the engine of `domekit cards`: every card's texts, read back
from the kit PDF, are its data's and lie in the boxes its layout file gives them (within 1 mm),
the Power cards' second corner number upside down, on both papers, in the home, gutterfold and
service layouts and both inks; a copy's layout restyles its kit; the Charge places follow
rules.toml's charge limit."""

from __future__ import annotations

import pymupdf
import pytest
from kit_layouts import (
    KIT_CASES,
    assert_fits_without_a_warning,
    built,
    card_slots,
    card_spans,
    check_cards_in_their_boxes,
    kit_from_copy,
    pdf_text,
    turned_spans,
)

from toolkit.cards.kit_faces import KitCard
from toolkit.games.dominum.board import PLAYERS
from toolkit.games.dominum.data import load_dominum
from toolkit.games.dominum.kit import build_kit
from toolkit.games.dominum.kit.cards import (
    card_faces,
    domain_card_cells,
    power_card_cells,
    power_cards,
    stronghold_cells,
)
from toolkit.pdf.geometry import MM
from toolkit.pdf.style import Look


def power_key(texts: list[str]) -> str | None:
    """A Power card by its deck line and its corner number: `Red|3`, `Gold|C`."""
    deck = next((t for t in texts if t.endswith(" Power Deck")), None)
    return f"{deck.split()[0]}|{texts[0]}" if deck and texts else None


@pytest.mark.parametrize(("paper", "layout", "ink"), KIT_CASES)
def test_every_card_shows_its_data_in_its_layouts_boxes(tmp_path, paper, layout, ink):
    _, doc = built(build_kit, tmp_path, paper, layout, ink)
    data = load_dominum(None)
    faces = card_faces(data, PLAYERS, Look(ink))  # type: ignore[arg-type]
    cards = {c.name: KitCard(f"domain:{c.domain}", domain_card_cells(c, data)) for c in data.cards}
    cards |= {
        t.name: KitCard(f"stronghold:{t.domain}", stronghold_cells(t, data))
        for t in data.strongholds
    }
    assert len(cards) == len(data.cards) + len(data.strongholds), "the check finds cards by name"
    # the cells are the data's own: its values, the text its effects make, rules.toml's numbers
    for card in data.cards:
        cells = cards[card.name].cells
        assert cells["rules"] == data.text(card) and cells["strength"] == str(card.strength)
        assert cells["range"] == card.range.title() and bool(cells["fly"]) == card.fly
    for tile in data.strongholds:
        assert cards[tile.name].cells["charge_limit"] == str(data.rules.stronghold.charge_limit)
    printed = check_cards_in_their_boxes(doc, card_slots(paper, data.print.card, layout), cards,
                                         faces)  # fmt: skip
    expected = {c.name: c.qty for c in data.cards} | {t.name: 1 for t in data.strongholds}
    assert printed == expected
    power = {
        f"{player.title()}|{'C' if value == 'Critical' else value}": KitCard(
            f"power:{player}", power_card_cells(value, player, data.rules)
        )
        for player in PLAYERS
        for value in power_cards(data.rules)
    }
    slots = card_slots(paper, data.print.power_card, layout)
    printed = check_cards_in_their_boxes(doc, slots, power, faces, identify=power_key)
    expected = {}
    for player in PLAYERS:
        for value in power_cards(data.rules):
            key = f"{player.title()}|{'C' if value == 'Critical' else value}"
            expected[key] = expected.get(key, 0) + 1
    assert printed == expected


def test_a_power_cards_second_corner_number_is_upside_down_in_the_far_corner(tmp_path):
    _, doc = built(build_kit, tmp_path, "a4", "home", "light")
    data = load_dominum(None)
    card = data.print.power_card
    slot = card_slots("a4", card, "home")[0]
    page = doc[2]  # the first card sheet: the Power Decks
    turned = [(t, way, where.x, where.y) for t, where, way in turned_spans(page, slot)]
    first = power_cards(data.rules)[0]
    upright = [t for t in turned if t[0] == first and t[1] == (1, 0)]
    upside_down = [t for t in turned if t[0] == first and t[1] == (-1, 0)]
    assert len(upside_down) == 1 and upright
    _, _, x, y = upside_down[0]
    corner = min(upright, key=lambda t: t[2] + t[3])
    assert x > card.width / 2 and y > card.height / 2  # the far corner, turned for the other hand
    assert corner[2] < card.width / 4 and corner[3] < card.height / 4


def test_a_copy_restyles_its_cards_by_editing_a_layout(cli, tmp_path):
    result, out = kit_from_copy(
        cli,
        "dominum",
        tmp_path,
        [
            ("layouts/domain.toml", 'text = "ATTACK"', 'text = "HYÖKKÄYS"'),
            ("layouts/power_back.toml", 'text = "DOMINUM"', 'text = "VALTA"'),
        ],
    )
    assert result.exit_code == 0 and "warning" not in result.stderr, result.stderr
    text = pdf_text(out)
    data = load_dominum(tmp_path / "mine")
    assert text.count("HYÖKKÄYS") == sum(card.qty for card in data.cards)
    assert text.count("VALTA") == len(PLAYERS) * data.rules.power_deck.size


@pytest.mark.parametrize("limit", [1, 2, 4])
def test_the_charge_places_follow_the_charge_limit(cli, tmp_path, limit):
    """A Stronghold tile has a dashed place for each Charge token it may hold (rules.toml),
    each as wide as a Charge token (print.toml) and a millimetre more, inside the tile; the
    tile's texts in their boxes (no warning: nothing cut short)."""
    result, out = kit_from_copy(
        cli, "dominum", tmp_path, [("rules.toml", "charge_limit = 3", f"charge_limit = {limit}")]
    )
    assert "warning" not in result.stderr, result.stderr
    assert result.exit_code == 0, result.stderr
    data = load_dominum(tmp_path / "mine")
    doc = pymupdf.open(out)
    slots = card_slots("a4", data.print.card, "home")
    token = data.print.token.condition
    counted = []
    for page in doc:
        if f"holds up to {limit}" not in page.get_text():
            continue
        rings = [d for d in page.get_drawings() if d.get("dashes") not in (None, "[] 0")]
        for slot in slots:
            if not any(t.startswith("Charge: starts") for t, _ in card_spans(page, slot)):
                continue
            top = page.rect.height / MM - slot.top
            mine = [
                d["rect"] for d in rings
                if slot.x <= d["rect"].x0 / MM and d["rect"].x1 / MM <= slot.right
                and top <= d["rect"].y0 / MM and d["rect"].y1 / MM <= top + slot.h
            ]  # fmt: skip
            counted.append(len(mine))
            assert all(r.width / MM == pytest.approx(token + 1, abs=0.3) for r in mine)
    assert counted == [limit] * len(data.strongholds)


def test_the_sample_cards_fit_their_layouts_without_a_warning(cli, tmp_path):
    assert_fits_without_a_warning(cli, "dominum", tmp_path)


def test_a_bad_turn_in_a_copys_layout_names_the_file_and_field(cli, tmp_path):
    result, out = kit_from_copy(
        cli, "dominum", tmp_path, [("layouts/power.toml", "rotate = 180", "rotate = 45")]
    )
    assert result.exit_code == 2
    assert "power.toml" in result.stderr and "boxes.corner_turned.rotate" in result.stderr
    assert not out.exists()


def test_a_copy_without_layouts_draws_the_shipped_ones(cli, tmp_path):
    result, out = kit_from_copy(
        cli,
        "dominum",
        tmp_path,
        [("strongholds.csv", "Heartwood Grove", "Old Grove")],
        without_layouts=True,
    )
    assert result.exit_code == 0, result.stderr
    text = pdf_text(out)
    assert "Old Grove" in text
    assert text.count("Charge: starts with") == len(load_dominum(tmp_path / "mine").strongholds)


def test_a_picture_the_kit_has_not_got_names_the_layout_and_box(cli, tmp_path):
    result, out = kit_from_copy(
        cli,
        "dominum",
        tmp_path,
        [("layouts/stronghold.toml", 'text = "castle"', 'text = "castel"')],
    )
    assert result.exit_code == 2
    assert "stronghold.toml" in result.stderr and "boxes.castle.text" in result.stderr
    assert "'castel'" in result.stderr and "charge_places" in result.stderr
    assert not out.exists()
