"""The Domppa print kit, read back from the PDF: character cards with every stat, equipment cards
with mirrored backs, trackers, condition tokens, the AP table, the map tiles, QR codes decoded by
zbarimg, paper sizes, and bad data (the map's included)."""

from __future__ import annotations

import json
from pathlib import Path

import pymupdf
import pytest
from card_edits import copy_card_data, edit_text
from kit_checks import (
    card_fronts,
    cards_on,
    check_cover,
    check_crosses_clear_of_text,
    check_home_print,
    check_no_slivers,
    check_page_order,
    check_paper,
    check_qr_codes,
    check_reference_prints_whole,
    check_safe_text,
    check_words_inside_discs,
)
from kit_pdf import decode_qr, lines_in

from toolkit.errors import DataError
from toolkit.games.domppa.data import COLUMNS, CONDITIONS, load_kit_data, load_map
from toolkit.games.domppa.kit import action_name, build_kit, map_size
from toolkit.pdf.book import card_layout
from toolkit.pdf.cards import mirrored
from toolkit.pdf.geometry import MM, PAPERS, Rect
from toolkit.pdf.kits import KitOptions
from toolkit.pdf.style import Look
from toolkit.pdf.tiles import plan_tiles

BASE = "http://192.168.1.20:8000"
KIT_ID = "dOmPpAkItTeSt0000000001"
DATA = Path(__file__).resolve().parents[3] / "card_data" / "domppa"


@pytest.fixture(scope="module")
def data():
    return load_kit_data(None)


@pytest.fixture(scope="module")
def kit(tmp_path_factory):
    out = tmp_path_factory.mktemp("domppa") / "domppa-kit.pdf"
    result = build_kit(KitOptions(paper="a4", out=out, base_url=BASE, kit_id=KIT_ID))
    return result, pymupdf.open(result.pdf)


@pytest.fixture(scope="module")
def letter_kit(tmp_path_factory):
    out = tmp_path_factory.mktemp("domppa-letter") / "kit.pdf"
    result = build_kit(KitOptions(paper="letter", out=out, base_url=BASE, kit_id=KIT_ID))
    return result, pymupdf.open(result.pdf)


def words(text_lines: list[str]) -> str:
    return " ".join(" ".join(text_lines).split())


def slot_texts(doc, pages: list[int], layout) -> list[list[str]]:
    found = []
    for index in pages:
        for slot in layout.slots:
            lines = lines_in(doc[index], slot)
            if lines:
                found.append(lines)
    return found


def pages_with(doc, text: str) -> list[int]:
    """The pages after the cover (which names every part) holding `text`."""
    return [i for i, page in enumerate(doc) if i > 0 and text in page.get_text()]


def character_pages(doc) -> list[int]:
    return pages_with(doc, "Protection body")


def equipment_pages(doc) -> list[int]:
    """Front pages of the equipment card sheets (the backs say DOMPPA and the deck's name)."""
    kinds = ("Melee weapon", "Ranged weapon", "Shield", "Helmet (", "Body armour (")
    return [
        i
        for i, page in enumerate(doc)
        if i > 0  # the cover names every kind
        and "DOMPPA" not in lines_in(page)
        and any(line.startswith(kinds) for line in lines_in(page))
    ]


# --- character cards -------------------------------------------------------------------------


def card_lines(doc, data, name: str) -> list[str]:
    layout = card_layout(PAPERS["a4"], data.print.character_card, "home")
    for lines in slot_texts(doc, character_pages(doc), layout):
        if lines[0] == name:
            return lines
    raise AssertionError(f"no character card for {name}")


def card_of(doc, data, name: str) -> dict[str, str]:
    """A character card's label -> value pairs, as printed one after the other."""
    lines = card_lines(doc, data, name)
    return {lines[i]: lines[i + 1] for i in range(len(lines) - 1)}


def test_the_rulings_own_examples_print_on_the_cards(kit, data):
    _, doc = kit
    spearman = card_of(doc, data, "Militia Spearman")
    # RULINGS: Health 10 gives 15 HP; AP = 12 - equipment encumbrance 3 = 9
    assert spearman["Hit points (Health 10)"] == "15"
    assert spearman["Action points"] == "9"
    assert spearman["Encumbrance (spells)"] == "6 (9)"  # 3 + 3; 3 + 2 x 3
    # its Leather Armour card's protection 3 (the data said 4: gear.py now checks it)
    assert spearman["Protection body"] == "10 (3 + 7)"
    assert spearman["Protection head"] == "9 (2 + 7)"  # its Leather Cap
    assert spearman["Size (from HP)"] == "2"  # max HP 15: size 2
    knight = card_of(doc, data, "Knight")
    # Health 14: 5 x 1 + 5 x 2 + 4 x 3 = 27 HP; helmet 15 + natural 7 = 22 -> 20 + 2 / 2 = 21
    assert knight["Hit points (Health 14)"] == "27"
    assert knight["Protection head"] == "21 (15 + 7 = 22; over 20 counts half)"
    troll = card_of(doc, data, "Troll")
    assert troll["Size (data)"] == "4"  # the Troll's data gives its size


def test_every_character_card_shows_every_stat_in_the_rules(kit, data):
    _, doc = kit
    for ch in data.characters:
        card = card_of(doc, data, ch.row.name)
        row = ch.row
        assert card[f"Hit points (Health {row.health})"] == str(ch.hp)
        assert card["Natural protection"] == str(row.protection_natural)
        assert card["Protection body"].startswith(f"{ch.protection_body} (")
        assert card["Protection head"].startswith(f"{ch.protection_head} (")
        assert card["Magic resistance"] == str(row.magic_resistance)
        assert card["Morale"] == str(row.morale)
        assert card["Strength"] == str(row.strength)
        assert card["Attack skill"] == str(row.attack)
        assert card["Defence skill"] == str(row.defence)
        assert card["Precision"] == str(row.precision)
        assert card["Equipment encumbrance"] == str(row.equipment_encumbrance)
        assert card["Encumbrance (spells)"] == f"{ch.encumbrance} ({ch.spell_encumbrance})"
        assert card["Action points"] == str(ch.ap)
        size_label = "Size (data)" if row.size is not None else "Size (from HP)"
        assert card[size_label] == str(ch.size)
        text = words(card_lines(doc, data, ch.row.name))
        for written, ability in zip(row.abilities.split("|"), ch.abilities, strict=True):
            assert f"{written.strip()}: {ability.text}" in text
        assert ch.row.notes.split(";")[0] in text


def test_one_character_card_per_unit(kit, data):
    _, doc = kit
    layout = card_layout(PAPERS["a4"], data.print.character_card, "home")
    names = [lines[0] for lines in slot_texts(doc, character_pages(doc), layout)]
    assert names == [ch.row.name for ch in data.characters]


def test_character_qr_codes_decode_to_exactly_their_unit_urls(kit, data, tmp_path):
    _, doc = kit
    decoded = []
    for index in character_pages(doc):
        decoded += decode_qr(doc[index], tmp_path)
    assert sorted(decoded) == sorted(f"{BASE}/k/{KIT_ID}/unit/{ch.id}" for ch in data.characters)
    assert f"{BASE}/k/{KIT_ID}/unit/militia-spearman" in decoded


def test_the_reference_page_carries_the_table_qr_code(kit, tmp_path):
    _, doc = kit
    [index] = pages_with(doc, "Domppa: AP costs (the actions table)")
    assert decode_qr(doc[index], tmp_path) == [f"{BASE}/k/{KIT_ID}/table"]


def test_the_manifest_lists_every_qr_url(kit, data):
    result, _ = kit
    manifest = json.loads(result.manifest.read_text())
    assert manifest["data_dir"] is None  # the shipped card_data
    assert manifest["game"] == "domppa" and manifest["kit_id"] == KIT_ID
    expected = [f"{BASE}/k/{KIT_ID}/table"] + [
        f"{BASE}/k/{KIT_ID}/unit/{ch.id}" for ch in data.characters
    ]
    assert sorted(manifest["qr_urls"]) == sorted(expected)


# --- equipment cards ---------------------------------------------------------------------------


def test_every_weapon_armour_and_shield_card_is_printed_once_with_its_numbers(kit, data):
    _, doc = kit
    layout = card_layout(PAPERS["a4"], data.print.equipment_card, "home")
    cards = slot_texts(doc, equipment_pages(doc), layout)
    names = [lines[0] for lines in cards]
    # the spell cards follow on the same sheets (issue 28: they fill the last sheet's slots)
    assert names == [w.name for w in data.weapons] + [a.name for a in data.armour] + [
        s.name for s in data.shields
    ] + [spell.name for spell in data.spells]
    by_name = {lines[0]: lines for lines in cards}
    for weapon in data.weapons:
        lines = by_name[weapon.name]
        assert lines[lines.index("Damage") + 1] == f"+{weapon.damage}"
        assert str(weapon.length) in lines
        assert ", ".join(weapon.damage_types) in lines
        assert lines[lines.index("Encumbrance") + 1] == str(weapon.encumbrance)
        if weapon.range is not None:
            assert lines[lines.index("Range (listed)") + 1] == str(weapon.range)
            # "Ranges of weapons and spells are halved"
            assert f"{weapon.range // 2} squares" in lines
    for armour in data.armour:
        lines = by_name[armour.name]
        assert str(armour.protection) in lines and str(armour.encumbrance) in lines
    for shield in data.shields:
        lines = by_name[shield.name]
        assert lines[lines.index("Parry") + 1] == str(shield.parry)
        assert str(shield.protection) in lines
        assert lines[lines.index("Encumbrance") + 1] == str(shield.encumbrance)
    assert "Helmet (heavy)" in by_name["Full Helm"]  # protection 15: heavy
    assert "Helmet (light)" in by_name["Iron Helmet"]
    assert "Body armour (tier 4)" in by_name["Full Plate"]  # encumbrance 5: tier 4+


def _bleed_rects(page, colour, size):
    found = []
    height = page.rect.height / MM
    for drawing in page.get_drawings():
        fill = drawing.get("fill")
        if fill is None or not all(abs(a - b) < 0.01 for a, b in zip(fill, colour, strict=True)):
            continue
        r = drawing["rect"]
        rect = Rect(r.x0 / MM, height - r.y1 / MM, (r.x1 - r.x0) / MM, (r.y1 - r.y0) / MM)
        if abs(rect.w - size[0]) < 0.05 and abs(rect.h - size[1]) < 0.05:
            found.append(rect)
    return found


@pytest.mark.parametrize("which", ["kit", "letter_kit"])
def test_equipment_fronts_are_on_odd_pages_and_backs_sit_at_the_mirrored_positions(
    which, request, data
):
    _, doc = request.getfixturevalue(which)
    card = data.print.equipment_card
    size = (card.width, card.height)  # butted cards, no bleed: the ground fills the card
    fronts = equipment_pages(doc)
    assert fronts == list(range(2, 2 + 2 * len(fronts), 2))  # after the cover and its back
    for index in fronts:
        front, back = doc[index], doc[index + 1]
        assert "DOMPPA" in lines_in(back)
        page = (front.rect.width / MM, front.rect.height / MM)
        for deck in ("weapon", "armour", "shield"):
            colour = Look().ground(data.print.colour(deck))  # a pale tint, printer-friendly
            want = sorted(
                (m.x, m.y) for m in (mirrored(f, page) for f in _bleed_rects(front, colour, size))
            )
            got = sorted((b.x, b.y) for b in _bleed_rects(back, colour, size))
            assert len(want) == len(got)
            for (x, y), (bx, by) in zip(want, got, strict=True):
                assert abs(x - bx) < 0.05 and abs(y - by) < 0.05


@pytest.mark.parametrize(("which", "paper"), [("kit", "a4"), ("letter_kit", "letter")])
def test_every_page_is_the_chosen_paper_upright_or_turned(which, paper, request):
    _, doc = request.getfixturevalue(which)
    size = sorted(PAPERS[paper])
    for page in doc:
        got = sorted((page.rect.width / MM, page.rect.height / MM))
        assert got == pytest.approx(size, abs=0.2)


# --- trackers, tokens, AP reference ----------------------------------------------------------


def test_each_character_has_hp_and_fatigue_trackers_from_max_hp_to_0(kit, data):
    _, doc = kit
    for ch in data.characters:
        [index] = pages_with(doc, f"{ch.row.name}: hit points ({ch.hp}) and fatigue")
        lines = lines_in(doc[index])
        for hp in range(ch.hp, -1, -1):
            assert str(hp) in lines
        assert "100+" in lines and lines.count("out") >= 2  # HP 0 and fatigue 100+: out
        assert "100+: cannot act, defence 0" in " ".join(lines)
        # fatigue in tens (0 to 90, 100+) and ones (0 to 9): two markers, 21 spaces, not 101
        for tens in range(10, 100, 10):
            assert str(tens) in lines
    # Militia Spearman, max HP 15, at 14 HP: 1 missing, 1 started 10% step: morale -1
    [index] = pages_with(doc, "Militia Spearman: hit points (15)")
    assert "mor -1" in lines_in(doc[index])


def test_condition_tokens_each_come_in_the_copies_print_toml_asks(kit, data):
    _, doc = kit
    pages = pages_with(doc, "Condition tokens (4 of each)")
    lines = [line for index in pages for line in lines_in(doc[index])]
    for condition in CONDITIONS:
        assert lines.count(condition.title()) == data.print.tokens.copies
    # "Defence drops by one for each blow received; it resets at the start of the round"
    assert lines.count("Blow") == data.print.tokens.blows == 12
    text = words(lines)
    assert "d2 damage every turn" in text  # burning
    assert "-4 attack and defence" in text  # fleeing
    for index in pages:
        check_words_inside_discs(doc[index])  # every word clear of the punch's cut


def test_the_ap_reference_holds_the_whole_actions_table(kit, data):
    _, doc = kit
    [index] = pages_with(doc, "Domppa: AP costs (the actions table)")
    lines = lines_in(doc[index])
    text = words(lines)
    for key, spec in data.rules.actions.table.items():
        assert action_name(key) in lines
        assert spec.text in text
    assert "2 a square (3 diagonal)" in lines  # Move: 2 AP per square, 3 AP diagonally
    assert "all left, at least 3" in lines  # Cast a spell while engaged: 3+ AP


# --- the battle map ------------------------------------------------------------------------


def test_map_tiles_cover_the_whole_map_and_every_square_is_printed(kit, data):
    _, doc = kit
    width, height = map_size(data)
    plan = plan_tiles(width, height, PAPERS["a4"], data.print.map.overlap)
    covered_w = max(t.window.right for t in plan.tiles)
    covered_h = max(t.window.top for t in plan.tiles)
    assert (covered_w, covered_h) == pytest.approx((width, height))
    tile_pages = pages_with(doc, f" of {len(plan.tiles)} ({plan.columns} across")
    assert len(tile_pages) == len(plan.tiles)
    printed = set()
    for index in tile_pages:
        printed |= {w[4] for w in doc[index].get_text("words")}
    for row in range(data.map.height):
        for col in range(data.map.width):
            assert f"{COLUMNS[col]}{row + 1}" in printed
    # the map prints at true size: 16 squares of 25 mm and two 8 mm label bands
    assert (width, height) == (16 * 25 + 16, 16 * 25 + 16)


def test_the_assembly_key_has_a_legend_entry_for_every_terrain_on_the_map(kit, data):
    _, doc = kit
    [index] = pages_with(doc, "assembly key")
    lines = lines_in(doc[index])
    for symbol in data.map.used_symbols():
        assert data.map.legend[symbol].name in lines
    assert "difficult terrain: +1 AP a square" in lines
    assert "impassable" in lines


# --- map.toml and bad data -------------------------------------------------------------------


MAP_GRID_LINE = 19  # the line of the grid's first row in the shipped map.toml


def test_the_shipped_map_is_16_by_16(data):
    assert (data.map.width, data.map.height) == (16, 16)
    assert data.map.symbol(0, 0) == "A"  # A1, bottom-left: side A's deployment
    assert load_map(DATA / "map.toml").rows[0] == "AAA...TTT.....BB"
    assert (DATA / "map.toml").read_text().splitlines()[MAP_GRID_LINE - 1] == "AAA...TTT.....BB"


DEFECTS = [
    (
        "map.toml",
        "..###.......TT..\n",
        "..###.......TT...\n",
        f"map.toml, line {MAP_GRID_LINE + 4}, field 'grid': map row 5 from the top is 17 squares",
    ),
    (
        "map.toml",
        "..#.........TT..\n",
        "..#....X....TT..\n",
        f"map.toml, line {MAP_GRID_LINE + 5}, field 'grid': unknown symbol 'X' in column H "
        "(square H11)",
    ),
    (
        "map.toml",
        'movement = "impassable", colour = "#5d5d5d"',
        'movement = "slow", colour = "#5d5d5d"',
        "map.toml, line 45, field 'legend.#.movement'",
    ),
    (
        "characters.csv",
        "Knight,14,",
        "Knight,many,",
        "characters.csv, row 3, field 'health'",
    ),
    (
        "weapons.csv",
        "Mace,5,1,blunt,",
        "Mace,5,1,crushing,",
        "weapons.csv, row 4, field 'damage_types'",
    ),
    ("print.toml", "copies = 4", "copies = 0", "print.toml, line 26, field 'tokens.copies'"),
]


@pytest.mark.parametrize(("file", "old", "new", "message"), DEFECTS)
def test_bad_data_names_its_file_and_place_exits_2_and_writes_no_pdf(
    cli, tmp_path, file, old, new, message
):
    folder = copy_card_data("domppa", tmp_path / "domppa")
    edit_text(folder / file, old, new)
    out = tmp_path / "out" / "kit.pdf"
    result = cli("kit", "domppa", "--data", str(folder), "--out", str(out), "--base-url", BASE)
    assert result.exit_code == 2, result.stdout
    assert result.stderr.startswith("error: ")
    assert message in result.stderr
    assert "Traceback" not in result.stderr
    assert not (tmp_path / "out").exists() or not any((tmp_path / "out").iterdir())


def test_an_empty_map_is_refused(tmp_path):
    path = tmp_path / "map.toml"
    path.write_text(
        "name = \"Nothing\"\ngrid = '''\n\n'''\n[legend]\n"
        '"." = { name = "Open", movement = "open", colour = "#ffffff" }\n'
    )
    with pytest.raises(DataError, match="the map is empty"):
        load_map(path)


def test_a_map_without_a_legend_is_refused(tmp_path):
    path = tmp_path / "map.toml"
    path.write_text("grid = '''\n..\n..\n'''\n")
    with pytest.raises(DataError, match=r"field 'legend': missing \[legend\]"):
        load_map(path)


@pytest.mark.parametrize("which", ["kit", "letter_kit"])
def test_character_cards_have_backs_at_the_mirrored_positions_on_the_next_page(
    which, request, data
):
    _, doc = request.getfixturevalue(which)
    card = data.print.character_card
    size = (card.width, card.height)  # butted cards, no bleed
    colour = Look().ground(data.print.colour("character"))
    pages = character_pages(doc)
    assert pages
    for index in pages:
        assert index % 2 == 0  # an odd page counted from 1: its back shares the sheet
        front, back = doc[index], doc[index + 1]
        assert "Character" in lines_in(back)
        page = (front.rect.width / MM, front.rect.height / MM)
        want = sorted(
            (m.x, m.y) for m in (mirrored(f, page) for f in _bleed_rects(front, colour, size))
        )
        got = sorted((b.x, b.y) for b in _bleed_rects(back, colour, size))
        assert len(want) == len(got) > 0
        for (x, y), (bx, by) in zip(want, got, strict=True):
            assert abs(x - bx) < 0.05 and abs(y - by) < 0.05


def test_a_kit_built_from_your_own_data_names_its_folder_for_the_tracker(cli, tmp_path):
    folder = copy_card_data("domppa", tmp_path / "domppa")
    out = tmp_path / "mine.pdf"
    result = cli("kit", "domppa", "--data", str(folder), "--out", str(out), "--base-url", BASE)
    assert result.exit_code == 0, result.stderr
    manifest = json.loads(Path(str(out) + ".kit.json").read_text())
    assert manifest["data_dir"] == str(folder.resolve())


# --- a kit a player prints, cuts and plays tonight -------------------------------------------


def test_the_cover_comes_first_with_the_page_ranges_of_this_file(kit, data):
    result, doc = kit
    check_page_order(result, doc)
    check_cover(
        result,
        doc,
        [
            "Domppa: print-and-play kit",
            f"Weapon cards {len(data.weapons)}",
            f"Armour cards (body armour and helmets) {len(data.armour)}",
            f"Character cards (every stat, QR code) {len(data.characters)}",
            f"Character standees (QR code on the back), horses {len(data.characters) + 1}",
            f"Spell cards (how each is cast) {len(data.spells)}",
            "Counters: Poison left, Paralysis: rounds left 4",
            f"Square markers (trackers, counters) {3 * len(data.characters) + 8}",
            f"Condition tokens (7 conditions x {data.print.tokens.copies})",
            "Blow tokens (-1 defence each) 12",
            "AP costs (the actions table, table QR code) 1 2 (back of this page)",
            "Six-sided dice, two at least (every 2d6 explodes",  # the rules' exploding 2d6
            "Two ten-sided dice for the percentages",  # 10% head hits, 25% + ... fire
            "a coin or a d6 for the d2 of burning",
        ],
    )


@pytest.mark.parametrize("which", ["kit", "letter_kit"])
def test_the_kit_prints_on_a_home_printer(which, request):
    result, doc = request.getfixturevalue(which)
    check_home_print(result, doc)
    check_page_order(result, doc)


@pytest.mark.parametrize(("which", "paper"), [("kit", "a4"), ("letter_kit", "letter")])
def test_nine_equipment_cards_a_sheet_inside_their_safe_areas(which, paper, request, data):
    result, doc = request.getfixturevalue(which)
    card = data.print.equipment_card
    layout = card_layout(PAPERS[paper], card, "home")
    assert layout.per_page == 9
    fronts = equipment_pages(doc)
    assert set(fronts) <= set(card_fronts(result, doc))
    for index in fronts[:-1]:
        assert cards_on(doc[index], (card.width, card.height)) == 9
    check_safe_text(doc, fronts, [layout.box(slot).safe for slot in layout.slots])
    characters = card_layout(PAPERS[paper], data.print.character_card, "home")
    check_safe_text(
        doc, character_pages(doc), [characters.box(slot).safe for slot in characters.slots]
    )


def test_every_characters_qr_code_decodes_on_its_card_and_on_its_standee(kit, data, tmp_path):
    _, doc = kit
    wanted = sorted(f"{BASE}/k/{KIT_ID}/unit/{ch.id}" for ch in data.characters)
    on_cards = []
    for index in character_pages(doc):
        on_cards += decode_qr(doc[index], tmp_path)
    assert sorted(on_cards) == wanted
    [standees] = pages_with(doc, "Standees (7 characters, 1 horse)")
    assert decode_qr(doc[standees], tmp_path, dpi=200) == wanted
    text = words(lines_in(doc[standees]))
    for ch in data.characters:
        assert f"{ch.row.name}: scan for its page" in text


def test_every_item_a_character_carries_has_its_card(kit, data):
    _, doc = kit
    names = {card.name for card in (*data.weapons, *data.armour, *data.shields)}
    for ch in data.characters:
        gear = data.gear[ch.row.name]
        assert set(gear.names) <= names
        text = words(card_lines(doc, data, ch.row.name))
        assert (f"Carries: {', '.join(gear.names)}." if gear.names else "Carries nothing.") in text
    # the Fire Mage's robes have a card now
    assert "Robes" in data.gear["Fire Mage"].names
    equipment = " ".join(" ".join(doc[i].get_text().split()) for i in equipment_pages(doc))
    assert "Robes" in equipment


GEAR_DEFECTS = [
    (
        "Leather Armour|Leather Cap|Spear|Round Shield",
        "Leather Armour|Leather Cap|Spear|Round Shield|Pike",
        "row 2, field 'gear': Militia Spearman: carries 'Pike', which has no card",
    ),
    (
        "Militia Spearman,10,3,2,",
        "Militia Spearman,10,4,2,",
        "row 2, field 'protection_body': Militia Spearman: protection_body is 4, but its "
        "Leather Armour card gives 3",
    ),
    (
        "Ring Mail|Leather Cap|Mace",
        "Ring Mail|Chain Mail|Mace",
        "field 'gear': Priest: wears two body cards: Ring Mail and Chain Mail",
    ),
    (
        "Berserker,12,3,0,7,9,11,13,12,9,7,1,",
        "Berserker,12,3,0,7,9,11,13,12,9,7,9,",
        "field 'equipment_encumbrance': Berserker: equipment_encumbrance is 9; its cards allow 1 "
        "(the armour worn) to 2 (everything carried: Broadsword, Leather Armour)",
    ),
]


@pytest.mark.parametrize(("old", "new", "message"), GEAR_DEFECTS)
def test_a_character_whose_figures_disagree_with_its_cards_stops_the_build(
    cli, tmp_path, old, new, message
):
    folder = copy_card_data("domppa", tmp_path / "domppa")
    edit_text(folder / "characters.csv", old, new)
    out = tmp_path / "out" / "kit.pdf"
    result = cli("kit", "domppa", "--data", str(folder), "--out", str(out), "--base-url", BASE)
    assert result.exit_code == 2
    assert "characters.csv" in result.stderr and message in result.stderr, result.stderr
    assert not out.exists()


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_map_prints_without_sliver_pages(data, paper):
    plan = plan_tiles(*map_size(data), PAPERS[paper], data.print.map.overlap)
    assert len(plan.tiles) == 6
    check_no_slivers(plan)


# --- issue 28: no paper wasted, the pieces the game needs, type, QR codes, crosses -----------

SHEETS_BEFORE = 19  # the kit's sheets before its pieces were packed (A4 and Letter)


@pytest.mark.parametrize("which", ["kit", "letter_kit"])
def test_the_kit_wastes_no_paper_with_its_new_pieces(which, request):
    """Trackers, counters, markers, tokens and standees packed on card stock: fewer sheets
    than before with the markers, counters, Blow tokens, the horse and the spells added, none
    less than half used but a deck's last card sheet."""
    result, doc = request.getfixturevalue(which)
    sheets = check_paper(doc, SHEETS_BEFORE - 2, decks=2)
    assert sum(s.glue for s in sheets if "pieces" in s.heading) == 8  # 7 characters, a horse
    tiles = [i for i, page in enumerate(doc) if "  ·  tile " in page.get_text()]
    check_crosses_clear_of_text(doc, tiles)


def test_every_qr_code_is_one_size_and_reads_at_150_and_300_dpi(kit, data, tmp_path):
    result, doc = kit
    units = [f"{BASE}/k/{KIT_ID}/unit/{ch.id}" for ch in data.characters]
    # each character's code is on its card and on its standee
    check_qr_codes(doc, [*json.loads(result.manifest.read_text())["qr_urls"], *units], tmp_path)


def _spaces(page, side: float) -> int:
    """The square track spaces `side` mm across on a page."""
    return sum(
        1
        for d in page.get_drawings()
        if d.get("fill") is not None
        and abs(d["rect"].width - d["rect"].height) < 0.1
        and abs(d["rect"].width / MM - side) < 0.1
    )


def test_tracker_spaces_fit_the_printed_markers(kit, data):
    """The trackers' spaces were 8.5 x 7.7 mm, for a paper clip: now each is a square marker
    and a millimetre more, and the kit prints the markers (HP, fatigue tens and ones)."""
    _, doc = kit
    marker = data.print.trackers.marker
    pages = pages_with(doc, "Square markers: HP")
    lines = [line for index in pages for line in lines_in(doc[index])]
    assert lines.count("HP") >= len(data.characters)
    assert lines.count("x10") == lines.count("x1") == len(data.characters) + 4  # + counters
    trackers = {i for ch in data.characters for i in pages_with(doc, f"{ch.row.name}: hit")}
    spaces = sum(
        _spaces(doc[index], marker + 1) for index in trackers | set(pages_with(doc, "Poison left"))
    )
    hp = sum(ch.hp + 1 for ch in data.characters)
    fatigue = len(data.characters) * (11 + 10)
    counters = 4 * 20
    assert spaces == hp + fatigue + counters


def test_counters_for_poison_and_paralysis_lie_beside_their_tokens(kit, data):
    """ "The target takes 10% of the remaining damage every turn": a counter for the poison
    left; "(Damage - size) / 2 rounds of paralysis": a counter for the rounds left."""
    _, doc = kit
    text = " ".join(words(lines_in(doc[i])) for i in pages_with(doc, "Poison left"))
    assert text.count("Poison left") == 2 and text.count("Paralysis: rounds left") == 2
    assert "loses 10% of it (rounded up)" in text and "(damage - size) / 2" in text


def test_the_knight_has_a_horse(kit, data):
    """Riding: "may ride a horse: +3 defence"; the Knight's Warhorse (mounts.csv)."""
    _, doc = kit
    [index] = pages_with(doc, "Standees (7 characters, 1 horse)")
    text = words(lines_in(doc[index]))
    assert text.count("Knight's horse") == 2  # on both sides of its standee
    # its card's words (mounts.csv's Warhorse): Riding's +3 defence, the horse's size and AP
    assert text.count("Warhorse. A horse (Riding): its rider +3 defence, +1 size, +4 AP.") == 2


def test_every_spell_prints_how_the_rules_cast_it(kit, data):
    """The rules cover casting: the AP ("Cast a spell: 1+ AP", "while engaged: 3+ AP", touch
    spells at the normal cost), the grid range (halved), touch spells hit with attack skill,
    magic resistance, and fatigue plus the spell casting encumbrance."""
    _, doc = kit
    assert len(data.spells) == 4
    text = " ".join(words(lines_in(doc[i])) for i in equipment_pages(doc))
    for spell in data.spells:
        assert text.count(spell.name) >= 1
        assert f"Fatigue: {spell.fatigue} + the caster's spell casting encumbrance." in text
    assert "Spell · Fire 1 · ranged" in text and "Range 10 sq." in text  # range 20 halved
    assert "Spell · Nature 2 · touch" in text
    assert "Hit: 2d6 - 7 + attack vs defence." in text  # the touch spell
    assert "engaged at least 3" in text and "(engaged too: a touch)" in text
    assert "Resisted: 2d6 + 3 + extra path / 2 vs MR + 2 / 2." in text
    assert "Scatters (roll - 14 - distance / 2) / 2 squares." in text  # the area spell


def test_the_reference_prints_every_line_at_7_pt(kit, letter_kit, data):
    from toolkit.games.domppa.kit.sheets import reference_sections

    for _, doc in (kit, letter_kit):
        check_reference_prints_whole(doc[1], reference_sections(data))
