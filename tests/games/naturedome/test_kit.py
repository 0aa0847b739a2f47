"""The Nature Dome print kit, read back from the PDF: cards and quantities, duplex backs, the
Health Meters' zones and penalties, QR codes decoded by zbarimg, paper sizes, and bad data."""

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
    check_home_print,
    check_page_order,
    check_paper,
    check_qr_codes,
    check_reference_prints_whole,
    check_safe_text,
    check_words_inside_discs,
    grey_at,
)
from kit_pdf import decode_qr, lines_in

from toolkit.games.naturedome.data import load_power_cards
from toolkit.games.naturedome.kit import build_kit, load_kit_data
from toolkit.pdf.book import card_layout
from toolkit.pdf.cards import mirrored
from toolkit.pdf.geometry import MM, PAPERS, Rect
from toolkit.pdf.kits import KitOptions
from toolkit.pdf.style import Look

BASE = "http://192.168.1.20:8000"
KIT_ID = "nAtUrEdOmEkItTeSt000001"


@pytest.fixture(scope="module")
def kit(tmp_path_factory):
    out = tmp_path_factory.mktemp("naturedome") / "naturedome-kit.pdf"
    result = build_kit(KitOptions(paper="a4", out=out, base_url=BASE, kit_id=KIT_ID))
    return result, pymupdf.open(result.pdf)


@pytest.fixture(scope="module")
def letter_kit(tmp_path_factory):
    out = tmp_path_factory.mktemp("naturedome-letter") / "kit.pdf"
    result = build_kit(KitOptions(paper="letter", out=out, base_url=BASE, kit_id=KIT_ID))
    return result, pymupdf.open(result.pdf)


def page_mm(page) -> tuple[float, float]:
    return (round(page.rect.width / MM, 1), round(page.rect.height / MM, 1))


def layout_for(paper: str, layout: str = "home"):
    return card_layout(PAPERS[paper], load_kit_data(None).print.card, layout)


def card_pages(doc) -> list[int]:
    """Front pages of the card sheets (0-based): pages with a 'Power Card' or boost card."""
    return [
        i
        for i, page in enumerate(doc)
        if any(line.endswith(("· Power Card", "· Attack Boost")) for line in lines_in(page))
    ]


# --- the Power Card deck ---------------------------------------------------------------------


def test_every_card_is_printed_as_often_as_its_qty_in_file_order_with_all_its_values(kit):
    _, doc = kit
    layout = layout_for("a4")
    deck = load_power_cards()
    expected = [entry.card for entry in deck for _ in range(entry.qty)]
    assert len(expected) == 49  # the sample deck's README: 49 cards
    printed = []
    for index in card_pages(doc):
        page = doc[index]
        for slot in layout.slots:
            lines = lines_in(page, slot)
            if lines:
                printed.append(lines)
    assert len(printed) == len(expected)
    for lines, card in zip(printed, expected, strict=True):
        assert lines[0] == card.name
        if card.is_boost:
            assert f"{card.animal} · Attack Boost" in lines
            assert f"+{card.boost}" in lines and "ATTACK BOOST" in lines
        else:
            assert f"{card.animal} · Power Card" in lines
            for name in ("attack", "defend", "escape"):
                at = lines.index(name.upper())
                assert lines[at + 1] == str(getattr(card, name))
        assert card.text.split()[0] in " ".join(lines)
        assert " ".join(lines).replace(" ", "").count(card.text.replace(" ", "")) == 1
        # the zone penalties, on two lines at 7 pt
        assert "Yellow zone: -100 · Red zone: -200" in lines and "(no value below 0)" in lines


def test_bear_swipe_reads_attack_600_defend_300_escape_100_on_both_copies(kit):
    _, doc = kit
    text = "\n".join(doc[i].get_text() for i in card_pages(doc))
    assert text.count("Bear Swipe\n") == 2
    assert text.count("Horn Charge\n") == 1  # qty 1 in power_cards.csv
    assert text.count("Hive Frenzy\n") == 2


def test_card_fronts_are_on_odd_pages_and_each_back_page_follows_its_front(kit):
    _, doc = kit
    fronts = card_pages(doc)
    # pages 3, 5, 7... counted from 1: after the cover and the rules reference on its back
    assert fronts == list(range(2, 2 + 2 * len(fronts), 2))
    for index in fronts:
        assert "Power Card" in lines_in(doc[index + 1])  # the back's words
        assert "NATURE DOME" in lines_in(doc[index + 1])


def _bleed_rects(page, colours: list[tuple[float, float, float]], size: tuple[float, float]):
    found = []
    height = page.rect.height / MM
    for drawing in page.get_drawings():
        fill = drawing.get("fill")
        if fill is None or not any(
            all(abs(a - b) < 0.01 for a, b in zip(fill, c, strict=True)) for c in colours
        ):
            continue
        r = drawing["rect"]
        rect = Rect(r.x0 / MM, height - r.y1 / MM, (r.x1 - r.x0) / MM, (r.y1 - r.y0) / MM)
        if abs(rect.w - size[0]) < 0.05 and abs(rect.h - size[1]) < 0.05:
            found.append(rect)
    return found


@pytest.mark.parametrize("which", ["kit", "letter_kit"])
def test_each_back_sits_at_the_mirrored_position_of_its_front(which, request):
    _, doc = request.getfixturevalue(which)
    data = load_kit_data(None)
    card = data.print.card
    size = (card.width, card.height)  # butted cards, no bleed: the ground fills the card
    ground = Look().ground  # printer-friendly: a pale tint of each deck's colour
    fronts_colours = [ground(data.print.colour("power")), ground(data.print.colour("boost"))]
    for index in card_pages(doc):
        front, back = doc[index], doc[index + 1]
        page = (front.rect.width / MM, front.rect.height / MM)
        fronts = _bleed_rects(front, fronts_colours, size)
        backs = _bleed_rects(back, [ground(data.print.colour("back"))], size)
        assert len(fronts) == len(backs) > 0
        want = sorted((m.x, m.y) for m in (mirrored(f, page) for f in fronts))
        got = sorted((b.x, b.y) for b in backs)
        for (x, y), (bx, by) in zip(want, got, strict=True):
            assert abs(x - bx) < 0.05 and abs(y - by) < 0.05


@pytest.mark.parametrize(("which", "paper"), [("kit", "a4"), ("letter_kit", "letter")])
def test_every_page_is_the_chosen_paper_upright_or_turned(which, paper, request):
    _, doc = request.getfixturevalue(which)
    width, height = PAPERS[paper]
    for page in doc:
        assert sorted(page_mm(page)) == pytest.approx(sorted((width, height)), abs=0.2)


# --- Health Meters -----------------------------------------------------------------------


def meter_pages(doc) -> dict[int, int]:
    return {
        player: next(
            i
            for i, p in enumerate(doc)
            if f"Nature Dome: Player {player} Health Meter" in p.get_text()
        )
        for player in (1, 2)
    }


def test_each_meter_counts_1000_down_to_0_in_steps_of_50_with_zone_penalties(kit):
    _, doc = kit
    for index in meter_pages(doc).values():
        lines = lines_in(doc[index])
        for value in range(1000, 0, -50):
            assert str(value) in lines
        assert "0  KO" in lines and "Knocked Out" in lines
        # RULINGS: green above 500, yellow 500 to 201, red 200 and below (spaces of 50)
        assert lines.count("full value") == 10  # 1000 .. 550
        assert lines.count("-100 per card") == 6  # 500 .. 250
        assert lines.count("-200 per card") == 4  # 200 .. 50
        text = doc[index].get_text()
        assert "YELLOW: -100 ON EVERY CARD" in text
        assert "RED: -200 ON EVERY CARD" in text
        assert "Cut out: your Health Point Marker (and a spare)" in text


def _colour_near_word(doc, index: int, word: str, dx_mm: float) -> tuple[int, int, int]:
    page = doc[index]
    hits = [w for w in page.get_text("words") if w[4] == word]
    assert hits, word
    x0, y0, x1, y1 = hits[0][:4]
    pix = page.get_pixmap(dpi=72)
    x, y = int(x0 - dx_mm * MM), int((y0 + y1) / 2)
    return pix.pixel(x, y)


@pytest.mark.parametrize(
    ("value", "zone"),
    [
        ("1000", "green"),
        ("550", "green"),
        ("500", "yellow"),
        ("250", "yellow"),
        ("200", "red"),
        ("50", "red"),
    ],
)
def test_meter_spaces_are_coloured_by_their_zone(kit, value, zone):
    _, doc = kit
    colour = Look().band(load_kit_data(None).print.colour(zone))  # printer-friendly: a light tint
    seen = _colour_near_word(doc, meter_pages(doc)[1], value, 8)
    assert all(abs(s - c * 255) < 12 for s, c in zip(seen, colour, strict=True)), (seen, colour)


# --- QR codes and the manifest ----------------------------------------------------------------


def test_qr_codes_decode_to_exactly_their_urls(kit, tmp_path):
    result, doc = kit
    pages = meter_pages(doc)
    assert decode_qr(doc[pages[1]], tmp_path) == [f"{BASE}/k/{KIT_ID}/player/1"]
    # Player 2's sheet holds the score table and the table's code
    assert decode_qr(doc[pages[2]], tmp_path) == [
        f"{BASE}/k/{KIT_ID}/player/2",
        f"{BASE}/k/{KIT_ID}/table",
    ]


def test_the_manifest_lists_every_qr_url(kit):
    result, _ = kit
    manifest = json.loads(result.manifest.read_text())
    assert manifest["data_dir"] is None  # the shipped card_data
    assert manifest["kit_id"] == KIT_ID and manifest["game"] == "naturedome"
    assert sorted(manifest["qr_urls"]) == sorted(
        [
            f"{BASE}/k/{KIT_ID}/player/1",
            f"{BASE}/k/{KIT_ID}/player/2",
            f"{BASE}/k/{KIT_ID}/table",
        ]
    )


def test_round_tracker_and_rules_reference_carry_the_rule_numbers(kit):
    _, doc = kit
    text = " ".join(" ".join(page.get_text() for page in doc).split())
    assert "Round 1" in text and "Round 3" in text and "Duel won" in text
    assert "Nature Dome: rules reference" in text
    assert "(Attack 500, Defend 400: 100" in text  # the rule text's own example
    assert "Red zone: 200 and below: subtract 200 from every card you play" in text


# --- the command, and bad data -----------------------------------------------------------


def test_the_kit_command_writes_the_pdf_and_prints_its_path(cli, tmp_path):
    out = tmp_path / "nd.pdf"
    result = cli("kit", "naturedome", "--out", str(out), "--base-url", BASE, "--json")
    assert result.exit_code == 0, result.stderr
    [info] = result.json()
    assert info["pdf"] == str(out) and out.exists()
    assert info["pages"] == len(pymupdf.open(out))


DEFECTS = [
    (
        "power_cards.csv",
        "bear-swipe,Bear Swipe,Grizzly Bear,power,600",
        "bear-swipe,Bear Swipe,Grizzly Bear,power,lots",
        "power_cards.csv, row 3, field 'attack'",
    ),
    (
        "power_cards.csv",
        "talon-dive,Talon Dive,Hawk,power,500,100,300",
        "talon-dive,Talon Dive,Hawk,power,500,125,300",
        "power_cards.csv, row 2, field 'defend': 125 is not a multiple of the Health Meter step",
    ),
    (
        "rules.toml",
        "yellow = 100",
        "yellow = 110",
        "rules.toml, line 10, field 'penalty.yellow': 110 is not a multiple",
    ),
    ("print.toml", "step = 50", "step = 0", "print.toml, line 12, field 'meter.step'"),
    (
        "print.toml",
        'yellow = "#fdd835"',
        'yellow = "fdd835"',
        "field 'colours': Value error, colour for 'yellow' must be #rrggbb",
    ),
]


@pytest.mark.parametrize(("file", "old", "new", "message"), DEFECTS)
def test_bad_data_names_its_file_row_and_field_exits_2_and_writes_no_pdf(
    cli, tmp_path, file, old, new, message
):
    folder = copy_card_data("naturedome", tmp_path / "naturedome")
    edit_text(folder / file, old, new)
    out = tmp_path / "out" / "kit.pdf"
    result = cli("kit", "naturedome", "--data", str(folder), "--out", str(out), "--base-url", BASE)
    assert result.exit_code == 2
    assert result.stderr.startswith("error: ")
    assert message in result.stderr
    assert "Traceback" not in result.stderr
    assert not out.exists() and not Path(str(out) + ".kit.json").exists()
    assert not (tmp_path / "out").exists() or not any((tmp_path / "out").iterdir())


def test_teams_is_refused_for_nature_dome(cli, tmp_path):
    result = cli("kit", "naturedome", "--teams", "red,blue", "--out", str(tmp_path / "k.pdf"))
    assert result.exit_code == 2
    assert "--teams is for Death Dome" in result.stderr


def test_a_kit_built_from_your_own_data_names_its_folder_for_the_tracker(cli, tmp_path):
    folder = copy_card_data("naturedome", tmp_path / "naturedome")
    out = tmp_path / "mine.pdf"
    result = cli("kit", "naturedome", "--data", str(folder), "--out", str(out), "--base-url", BASE)
    assert result.exit_code == 0, result.stderr
    manifest = json.loads(Path(str(out) + ".kit.json").read_text())
    assert manifest["data_dir"] == str(folder.resolve())


# --- a kit a player prints, cuts and plays tonight -------------------------------------------


def test_the_cover_comes_first_with_the_page_ranges_of_this_file(kit):
    result, doc = kit
    check_page_order(result, doc)
    deck = load_power_cards()
    check_cover(
        result,
        doc,
        [
            "Nature Dome: print-and-play kit",
            f"Power Cards ({sum(e.qty for e in deck if e.card.is_boost)} of them Attack Boosts) "
            f"{sum(e.qty for e in deck)}",
            "Health Meters (player QR codes), round track, score (table QR code) 2",
            "Round marker and round-win markers 7",  # 1 + 2 players x (2 rounds to win + a spare)
            "Rules reference 1 2 (back of this page)",
            "A coin",
            "25 mm circle punch",
        ],
    )


@pytest.mark.parametrize("which", ["kit", "letter_kit"])
def test_the_kit_prints_on_a_home_printer(which, request):
    result, doc = request.getfixturevalue(which)
    check_home_print(result, doc)
    check_page_order(result, doc)


@pytest.mark.parametrize(("which", "paper"), [("kit", "a4"), ("letter_kit", "letter")])
def test_nine_cards_a_sheet_inside_their_safe_areas(which, paper, request):
    result, doc = request.getfixturevalue(which)
    layout = layout_for(paper)
    assert layout.per_page == 9
    card = load_kit_data(None).print.card
    fronts = card_fronts(result, doc)
    assert fronts == card_pages(doc)
    for index in fronts[:-1]:
        assert cards_on(doc[index], (card.width, card.height)) == 9
    check_safe_text(doc, fronts, [layout.box(slot).safe for slot in layout.slots])


def test_the_players_markers_stay_apart_in_black_and_white(kit):
    """Player 1's and player 2's round-win markers (each on its player's sheet): different
    greys, and each says whose."""
    _, doc = kit
    greys = {}
    for player, index in meter_pages(doc).items():
        page = doc[index]
        word = f"P{player}"
        # the disc's big title (the Health Point Markers say it small)
        [title, *_] = [
            span
            for block in page.get_text("dict")["blocks"]
            for text_line in block.get("lines", [])
            for span in text_line["spans"]
            if span["text"] == word and span["size"] > 12
        ]
        x0, y0, x1, y1 = title["bbox"]
        cx, cy = (x0 + x1) / 2 / MM, (y0 + y1) / 2 / MM
        radius = load_kit_data(None).print.meter.token / 2
        ring = [(cx - radius + 0.9, cy + dy) for dy in (2.0, 2.6, 3.2)]
        greys[word] = sorted(grey_at(page, ring, dpi=150))[1]
        assert page.get_text().splitlines().count("round won") == 3  # 2 to win and a spare
        check_words_inside_discs(page)  # every word clear of the punch's cut
    assert abs(greys["P1"] - greys["P2"]) >= 25, greys


# --- issue 28: no paper wasted, type, QR codes -------------------------------------------------

SHEETS_BEFORE = 10  # the kit's sheets before its meters and markers shared two sheets


@pytest.mark.parametrize("which", ["kit", "letter_kit"])
def test_the_meters_and_markers_take_two_card_stock_sheets(which, request):
    """The three meter and tracker sheets fit on two, each more than half used; every space of
    a meter holds a Health Point Marker with a millimetre to spare."""
    result, doc = request.getfixturevalue(which)
    sheets = check_paper(doc, SHEETS_BEFORE - 1, decks=1)
    meters = [s for s in sheets if "Health Meter" in s.heading]
    assert len(meters) == 2 and all(s.used > 0.75 for s in meters)
    settings = load_kit_data(None).print.meter
    for index in meter_pages(doc).values():
        spaces = [
            d["rect"]
            for d in doc[index].get_drawings()
            if d.get("fill") is not None
            and abs(d["rect"].width / MM - 62) < 0.1
            and d["rect"].height / MM > settings.marker_height + 1
        ]
        assert len(spaces) == 21  # 1000 down to 0 in steps of 50


def test_every_qr_code_is_one_size_and_reads_at_150_and_300_dpi(kit, tmp_path):
    result, doc = kit
    check_qr_codes(doc, json.loads(result.manifest.read_text())["qr_urls"], tmp_path)


def test_the_rules_reference_prints_every_line_at_7_pt(kit, letter_kit):
    from toolkit.games.naturedome.kit import rules_sections

    for _, doc in (kit, letter_kit):
        check_reference_prints_whole(doc[1], rules_sections(load_kit_data(None)))
