"""The Death Dome kit as a player gets it: every card, backs that line up, QR codes that scan,
a board that covers, and bad input that stops cleanly with no PDF."""

from __future__ import annotations

import json
from collections import Counter
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
    grey_at,
)
from kit_pdf import decode_qr

from toolkit.games.deathdome.data import UNIT_TYPES, load_deathdome
from toolkit.games.deathdome.kit import BOARD_LABELS, build_kit
from toolkit.pdf.book import card_layout
from toolkit.pdf.cards import mirrored
from toolkit.pdf.geometry import MM, PAPERS
from toolkit.pdf.kits import KitOptions
from toolkit.pdf.tiles import plan_tiles

BASE = "http://192.168.1.20:8000"


@pytest.fixture(scope="module")
def data():
    return load_deathdome()


@pytest.fixture(scope="module")
def a4_kit(tmp_path_factory):
    out = tmp_path_factory.mktemp("kit") / "deathdome-kit.pdf"
    result = build_kit(KitOptions(paper="a4", out=out, base_url=BASE))
    return result, pymupdf.open(out)


@pytest.fixture(scope="module")
def service_kit(tmp_path_factory):
    """For a print service: full colour and every card with its bleed and crop marks."""
    out = tmp_path_factory.mktemp("kit") / "service.pdf"
    result = build_kit(KitOptions(paper="a4", out=out, base_url=BASE, ink="full", layout="service"))
    return result, pymupdf.open(out)


@pytest.fixture(scope="module")
def letter_kit(tmp_path_factory):
    from tests.conftest import run_cli

    out = tmp_path_factory.mktemp("kit") / "letter.pdf"
    result = run_cli(
        "kit",
        "deathdome",
        "--paper",
        "letter",
        "--out",
        str(out),
        "--base-url",
        BASE,
        "--teams",
        "blue,red",
    )
    assert result.exit_code == 0, result.stderr
    return out, pymupdf.open(out)


def card_count(data) -> int:
    return sum(i.qty for i in data.items.values()) + sum(c.qty for c in data.special_play)


# The card sheets start after the cover and the rules reference on its back (pages 1 and 2).
FIRST_CARD_PAGE = 2


def card_pages(data, paper: str, layout: str = "home") -> int:
    return 2 * -(-card_count(data) // card_layout(PAPERS[paper], data.print.card, layout).per_page)


def card_indexes(data, paper: str, layout: str = "home") -> range:
    """0-based indexes of the card sheet fronts."""
    return range(FIRST_CARD_PAGE, FIRST_CARD_PAGE + card_pages(data, paper, layout), 2)


def front_lines(doc, data) -> Counter:
    lines: Counter = Counter()
    for index in card_indexes(data, "a4"):
        lines.update(line.strip() for line in doc[index].get_text().splitlines())
    return lines


def test_every_card_is_on_the_fronts_as_many_times_as_its_qty(a4_kit, data):
    _, doc = a4_kit
    lines = front_lines(doc, data)
    for item in data.items.values():
        assert lines[item.name] == item.qty, item.name
    for card in data.special_play:
        assert lines[card.name] == card.qty, card.name


def test_cards_show_their_stats_price_and_icons(a4_kit, data):
    _, doc = a4_kit
    text = "\n".join(doc[i].get_text() for i in card_indexes(data, "a4"))
    assert "S4" in text and "T4" in text
    assert "Push back on 2 of a kind" in text
    assert "Ignores line of sight" in text
    assert "Range 12" in text
    assert f"{data.items['riot-shield'].price:,} cr" in text
    for icon in ("+A", "+M", "K", "C", "O"):
        assert f"[{icon}]" in text  # the meaning line on Special Play cards


def test_backs_follow_their_fronts_and_name_the_deck(a4_kit, data):
    _, doc = a4_kit
    for index in card_indexes(data, "a4"):
        assert "DEATH DOME" in doc[index + 1].get_text()


def _bleed_rects(page, size):
    found = []
    height = page.rect.height / MM
    for drawing in page.get_drawings():
        r = drawing["rect"]
        w, h = (r.x1 - r.x0) / MM, (r.y1 - r.y0) / MM
        if drawing.get("fill") is not None and abs(w - size[0]) < 0.05 and abs(h - size[1]) < 0.05:
            found.append((r.x0 / MM, height - r.y1 / MM, w, h))
    return found


@pytest.mark.parametrize(("fixture", "layout"), [("a4_kit", "home"), ("service_kit", "service")])
def test_each_back_is_at_the_mirrored_position_of_its_front(request, fixture, layout, data):
    from toolkit.pdf.geometry import Rect

    _, doc = request.getfixturevalue(fixture)
    s = data.print.card
    bleed = s.bleed if layout == "service" else 0  # home: butted cards, no bleed
    size = (s.width + 2 * bleed, s.height + 2 * bleed)
    for index in card_indexes(data, "a4", layout):
        front, back = doc[index], doc[index + 1]
        page = (front.rect.width / MM, front.rect.height / MM)
        expected = sorted(
            (round(m.x, 1), round(m.y, 1))
            for m in (mirrored(Rect(*r), page, "long") for r in _bleed_rects(front, size))
        )
        got = sorted((round(x, 1), round(y, 1)) for x, y, _, _ in _bleed_rects(back, size))
        assert len(got) == len(expected) > 0
        for (ex, ey), (gx, gy) in zip(expected, got, strict=True):
            assert abs(ex - gx) < 0.15 and abs(ey - gy) < 0.15


@pytest.mark.parametrize(("fixture", "paper"), [("a4_kit", "a4"), ("letter_kit", "letter")])
def test_every_page_is_the_chosen_paper(request, fixture, paper):
    _, doc = request.getfixturevalue(fixture)
    want = sorted(PAPERS[paper])
    for page in doc:
        assert sorted([page.rect.width / MM, page.rect.height / MM]) == pytest.approx(want, abs=0.1)


def test_card_pages_have_trim_and_bleed_boxes(service_kit, a4_kit, data):
    _, doc = service_kit  # with bleed, as a print service takes it
    s = data.print.card
    page = doc[FIRST_CARD_PAGE]
    trim, bleed = page.trimbox, page.bleedbox
    assert (bleed.x1 - bleed.x0) - (trim.x1 - trim.x0) == pytest.approx(2 * s.bleed * MM, abs=0.01)
    assert page.rect.contains(bleed) and bleed.contains(trim)
    _, home = a4_kit  # butted cards: the bleed box is the trim box
    page = home[FIRST_CARD_PAGE]
    assert page.bleedbox == page.trimbox and page.rect.contains(page.trimbox)


def _page_with(doc, text: str) -> int:
    """The first page after the cover (which names every part) holding `text`."""
    return next(i for i, page in enumerate(doc) if i > 0 and text in page.get_text())


def test_qr_codes_scan_to_exactly_the_tracker_urls(letter_kit, tmp_path):
    out, doc = letter_kit
    manifest = json.loads(Path(str(out) + ".kit.json").read_text())
    kit_id = manifest["kit_id"]
    root = f"{BASE}/k/{kit_id}"
    assert manifest["teams"] == ["red", "blue"]  # red plays first
    decoded = {}
    for index, page in enumerate(doc):
        text = page.get_text()
        if index and (" team\n" in text or "payouts and credits" in text):
            decoded[index] = decode_qr(doc[index], tmp_path)
    # a team's sheet: its roster with the team's code, and each unit's meter with the unit's
    assert decoded[_page_with(doc, "Death Dome: Blue team")] == sorted(
        [f"{root}/team/blue"]
        + [f"{root}/unit/blue/{unit}" for unit in ("gunner", "warrior", "medic", "scout")]
    )
    assert decoded[_page_with(doc, "payouts and credits")] == [f"{root}/table"]
    scanned = [url for urls in decoded.values() for url in urls]
    assert sorted(scanned) == sorted(manifest["qr_urls"])
    assert len(manifest["qr_urls"]) == 1 + 2 + 2 * 4


def test_manifest_records_the_kit(a4_kit):
    result, _ = a4_kit
    manifest = json.loads(result.manifest.read_text())
    assert manifest["kit_id"] == result.kit_id and len(result.kit_id) == 22  # 16 bytes, base64
    assert manifest["game"] == "deathdome" and manifest["base_url"] == BASE
    assert manifest["teams"] == ["red", "blue", "green", "yellow"]
    assert (
        manifest["urls"]["units"]["green"]["medic"] == f"{BASE}/k/{result.kit_id}/unit/green/medic"
    )


def test_a_team_sheet_per_team_holds_its_roster_and_its_vitae_meters(a4_kit, data):
    _, doc = a4_kit
    text = [page.get_text() for page in doc]
    for team in ("Red", "Blue", "Green", "Yellow"):
        sheets = [t for t in text[1:] if f"Death Dome: {team} team\n" in t]
        assert len(sheets) == 1
        for unit in data.units.values():
            assert f"{team} {unit.name} · Vitae {unit.vitae}" in sheets[0]
            assert f"{unit.name}: Movement {unit.movement}" in sheets[0]
        assert sheets[0].count("Item 1") == len(data.units)


def test_board_tiles_cover_the_whole_board_at_true_size(a4_kit, data):
    _, doc = a4_kit
    board = data.board
    square = data.print.board.square
    width = board.width * square + 2 * BOARD_LABELS
    height = board.height * square + 2 * BOARD_LABELS
    plan = plan_tiles(width, height, PAPERS["a4"], data.print.board.overlap)
    tile_pages = [i for i, page in enumerate(doc) if "board  ·  tile" in page.get_text()]
    assert len(tile_pages) == len(plan.tiles)
    for tile, index in zip(plan.tiles, tile_pages, strict=True):
        assert f"tile {tile.label}" in doc[index].get_text()
    # the windows together cover every point of the board picture
    for x in range(0, int(width), 5):
        for y in range(0, int(height), 5):
            assert any(
                t.window.x <= x <= t.window.right and t.window.y <= y <= t.window.top
                for t in plan.tiles
            )
    key = doc[_page_with(doc, "assembly key")].get_text()
    for tile in plan.tiles:
        assert tile.label in key
    for legend in ("Lava", "Bridge", "Control point", "Jail release point", "Red base"):
        assert legend in key


def test_payout_and_rules_pages_carry_the_rules_numbers(a4_kit, data):
    _, doc = a4_kit
    rules = " ".join(doc[_page_with(doc, "rules reference")].get_text().split())
    assert "100,000 cr per control point" in rules and "500,000 cr per tower centre" in rules
    assert "ranged 9" in rules
    payout = " ".join(doc[_page_with(doc, "payouts and credits")].get_text().split())
    assert "After round 12" in payout and "Every team starts with 1,000,000 cr" in payout
    # the rules reference says what "Your Base" forbids: "Units cannot move into an enemy base"
    assert "never into an enemy base" in rules


# --- bad input ------------------------------------------------------------------------------


@pytest.fixture
def copy(tmp_path: Path) -> Path:
    return copy_card_data("deathdome", tmp_path / "data")


BAD_DATA = [
    ("items.csv", ",price,", ",cost,", ["items.csv", "row 1", "price"]),
    (
        "items.csv",
        "[S]; ranged; S 2,A reliable",
        "[S]; ranged; S two,A reliable",
        ["items.csv", "row 2", "field 'effects'", "'two'"],
    ),
    (
        "items.csv",
        "[S]; ranged; S 2,A reliable",
        "[S]; ranged; S 2; splsh,A reliable",
        ["items.csv", "row 2", "field 'effects'", "'splsh'", "did you mean 'splash'"],
    ),
    (
        "items.csv",
        "autocannon,Autocannon,weapon,gunner,",
        "autocannon,Autocannon,weapon,pilot,",
        ["items.csv", "row 3", "field 'deck'", "unknown unit type 'pilot'"],
    ),
    (
        "board.toml",
        "BBB......NN......GGG\nBBB..",
        "BBB......NN......GGGG\nBBB..",
        ["board.toml", "line"],
    ),
    (
        "board.toml",
        "BBB......NN......GGG\nBBB..",
        "BBB......NN......GG%\nBBB..",
        ["board.toml", "line", "'%'"],
    ),
]


@pytest.mark.parametrize(("file", "old", "new", "expected"), BAD_DATA)
def test_bad_data_stops_with_a_located_message_and_no_pdf(
    cli, copy, tmp_path, file, old, new, expected
):
    edit_text(copy / file, old, new)
    out = tmp_path / "out" / "kit.pdf"
    result = cli("kit", "deathdome", "--data", str(copy), "--out", str(out), "--base-url", BASE)
    assert result.exit_code == 2
    assert result.stderr.startswith("error: ")
    assert "Traceback" not in result.stderr
    for part in expected:
        assert part in result.stderr, result.stderr
    assert not out.exists()
    assert not out.parent.exists() or list(out.parent.iterdir()) == []


@pytest.mark.parametrize(
    ("flags", "expected"),
    [
        (["--paper", "a5"], "--paper 'a5'"),
        (["--teams", "purple"], "unknown team colour 'purple'"),
        (["--teams", "red"], "1 teams; a match has 2 to 4"),
        (["--teams", "red,red"], "named twice"),
        (["--back-offset", "3"], "--back-offset"),
        (["--base-url", "not a url"], "--base-url"),
    ],
)
def test_bad_flags_stop_with_a_message_and_no_pdf(cli, tmp_path, flags, expected):
    out = tmp_path / "kit.pdf"
    result = cli("kit", "deathdome", "--out", str(out), *flags)
    assert result.exit_code == 2
    assert expected in result.stderr and "Traceback" not in result.stderr
    assert not out.exists()
    assert list(tmp_path.iterdir()) == []


def test_unknown_game_is_refused(cli):
    result = cli("kit", "chess")
    assert result.exit_code == 2 and "unknown game 'chess'" in result.stderr


@pytest.mark.parametrize(("fixture", "layout"), [("a4_kit", "home"), ("service_kit", "service")])
def test_all_card_text_stays_inside_a_cards_safe_zone(request, fixture, layout, data):
    _, doc = request.getfixturevalue(fixture)
    sheet = card_layout(PAPERS["a4"], data.print.card, layout)
    safes = [sheet.box(slot).safe for slot in sheet.slots]
    check_safe_text(doc, list(card_indexes(data, "a4", layout)), safes)


def test_the_kit_registry_finds_the_death_dome_kit():
    from toolkit.games import NAMES, game

    assert "deathdome" in NAMES
    assert game("deathdome").kit() is build_kit


# --- a kit a player prints, cuts and plays tonight -------------------------------------------


def test_the_cover_comes_first_with_the_page_ranges_of_this_file(a4_kit, data):
    result, doc = a4_kit
    check_page_order(result, doc)
    units = 4 * len(UNIT_TYPES)
    text = check_cover(
        result,
        doc,
        [
            "Death Dome: print-and-play kit",
            "A4 paper · printer-friendly ink",
            f"Item cards (6 decks, backs by deck) {sum(i.qty for i in data.items.values())}",
            f"Special Play cards {sum(c.qty for c in data.special_play)}",
            f"Unit standees (4 teams x 4, QR code on the back) {units}",
            "Control point markers (14 per team) 56",  # 12 control points + 2 tower centres
            f"Vitae meter markers (one per unit) {units}",
            "Team colour markers (drawn at the start) 4",
            f"Incapacitated markers {data.print.pieces.incapacitated}",
            "Round marker 1",
            "Rules reference 1 2 (back of this page)",
            # "the winner rolls a single die": the fans' roll
            "One six-sided die",
            "circle punch",
            "Standees: cut round each outline, fold on the dashed lines",
        ],
    )
    # the checklist's pages are where the parts are
    standees = next(
        i for i, page in enumerate(doc) if "standees and markers (1 of" in page.get_text()
    )
    assert f"QR code on the back) {units} {standees + 1} " in text


def test_the_print_plan_of_domekit_kit_matches_the_cover(tmp_path):
    from tests.conftest import run_cli

    out = tmp_path / "kit.pdf"
    result = run_cli("kit", "deathdome", "--out", str(out), "--base-url", BASE)
    assert result.exit_code == 0, result.stderr
    doc = pymupdf.open(out)
    [line] = [line for line in result.stderr.splitlines() if line.startswith("  print ")]
    words = " ".join(doc[0].get_text().split())
    runs, _, rest = line.split(": ", 1)[1].partition("; or ")
    sheets = sum(1 for page in range(len(doc)) if page % 2 == 0)
    # the same runs, in the same order, as the cover's page lists
    listed = []
    for run in runs.split("; "):
        how, _, pages = run.rpartition(": ")
        stock, _, sides = how.partition(", ")
        assert stock in ("paper", "card stock") and sides in (
            "double-sided (long-edge flip)",
            "one side",
        ), run
        assert f": pages {pages} (" in words, run
        listed.append(words.index(f": pages {pages} ("))
    assert listed == sorted(listed)
    assert rest == f"all on paper, the whole file double-sided ({sheets} sheets either way)"
    assert f"the whole file double-sided, flip on the long edge: {sheets} sheets" in words


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_kit_prints_on_a_home_printer(a4_kit, tmp_path, paper):
    if paper == "a4":
        result, doc = a4_kit
    else:
        result = build_kit(KitOptions(paper=paper, out=tmp_path / "kit.pdf", base_url=BASE))
        doc = pymupdf.open(result.pdf)
    check_home_print(result, doc)
    check_page_order(result, doc)


def test_nine_poker_cards_a_sheet_on_a4_and_letter(a4_kit, letter_kit, data):
    result, doc = a4_kit
    s = data.print.card
    for paper, pdf in (("a4", doc), ("letter", letter_kit[1])):
        layout = card_layout(PAPERS[paper], s, "home")
        assert (layout.per_page, layout.columns, layout.rows) == (9, 3, 3)
        full = [i for i in card_indexes(data, paper) if i < card_indexes(data, paper)[-1]]
        for index in full:
            # the cards butt: 3 columns by 3 rows, one cut between two cards
            assert cards_on(pdf[index], (s.width, s.height)) == 9, (paper, index)
            trim = pdf[index].trimbox
            assert trim.width / MM == pytest.approx(3 * s.width, abs=0.01)
            assert trim.height / MM == pytest.approx(3 * s.height, abs=0.01)
    assert card_fronts(result, doc) == list(card_indexes(data, "a4"))


def test_every_units_qr_code_decodes_on_its_meter_sheet_and_on_its_standee(a4_kit, tmp_path):
    result, doc = a4_kit
    [standees] = [i for i, page in enumerate(doc) if "Unit standees (16)" in page.get_text()]
    on_standees = decode_qr(doc[standees], tmp_path, dpi=200)
    wanted = sorted(url for team in result.urls["units"].values() for url in team.values())
    assert on_standees == wanted and len(wanted) == 16
    on_meters = []
    for team in ("Red", "Blue", "Green", "Yellow"):
        [meters] = [
            i for i, page in enumerate(doc) if f"Death Dome: {team} team\n" in page.get_text()
        ]
        on_meters += [url for url in decode_qr(doc[meters], tmp_path) if "/unit/" in url]
    assert sorted(on_meters) == wanted
    # each standee says whose it is and how it lies when incapacitated
    text = " ".join(doc[standees].get_text().split())
    for team in ("Red", "Blue", "Green", "Yellow"):
        for unit in ("Gunner", "Warrior", "Medic", "Scout"):
            assert f"{team[0]} {team} {unit}: scan for its page" in text
    assert text.count("Incapacitated? Lay it on its side.") == 16
    for stat in ("Movement", "Skill", "Toughness", "Vitae"):
        assert text.count(stat) >= 16


def test_control_point_markers_in_every_team_colour_one_per_point(a4_kit, data):
    _, doc = a4_kit
    marker_pages = [i for i, p in enumerate(doc) if "standees and markers (" in p.get_text()]
    text = " ".join(" ".join(doc[i].get_text().split()) for i in marker_pages)
    points = len(data.board.squares_of("control_point")) + len(
        data.board.squares_of("tower_centre")
    )
    assert points == 14
    for team in ("red", "blue", "green", "yellow"):
        # the team's letter and name on each marker: colour never alone
        assert text.count(f"{team[0].upper()} {team.upper()} CP") == points
    assert text.count("Incapacitated skips a turn") == data.print.pieces.incapacitated
    assert text.count("ROUND") == 1
    # standees and markers share two card stock sheets, on A4 (and Letter, below)
    assert len(marker_pages) == 2
    for index in marker_pages:
        check_words_inside_discs(doc[index])
    for unit in ("Gunner", "Warrior", "Medic", "Scout"):
        assert text.count(f"R {unit}") == 1  # a Vitae meter marker for each unit of each team
    # "Each team draws a random color marker for their team": one marker a team colour, its
    # letter and its name on it
    for team in ("red", "blue", "green", "yellow"):
        assert text.count(f"{team[0].upper()} {team.upper()} ") >= 1


def _marker_rings(doc, index, letters):
    """The grey of each team's first control point marker's coloured ring, on a render."""
    page = doc[index]
    height = page.rect.height
    rings = {}
    for x0, y0, x1, y1, word, *_ in page.get_text("words"):
        if word in letters and word not in rings:
            cx, cy = (x0 + x1) / 2 / MM, (y0 + y1) / 2 / MM
            radius = 19 / 2
            # the ring is 0.9 mm inside the cut line, left of the centre (the disc's centre is a
            # little below its big letter)
            ring = [(cx - radius + 0.9, cy + dy) for dy in (1.0, 1.6, 2.2)]
            rings[word] = sorted(grey_at(page, ring, dpi=150))[1]
    assert height
    return rings


@pytest.mark.parametrize("fixture", ["a4_kit", "service_kit"])
def test_team_colours_stay_apart_in_black_and_white(request, fixture):
    _, doc = request.getfixturevalue(fixture)
    # the second card stock sheet: every team's markers but red's, then the colour markers
    index = next(i for i, p in enumerate(doc) if "standees and markers (2 of" in p.get_text())
    greys = _marker_rings(doc, index, {"R", "B", "G", "Y"})
    assert set(greys) == {"R", "B", "G", "Y"}
    values = sorted(greys.values())
    gaps = [b - a for a, b in zip(values, values[1:], strict=False)]
    assert min(gaps) >= 25, greys  # four greys a photocopy tells apart (and each its letter)


def test_the_board_names_its_jails_release_points_and_bases(a4_kit, data):
    _, doc = a4_kit
    tiles = [i for i, page in enumerate(doc) if "board  ·  tile" in page.get_text()]
    text = " ".join(" ".join(doc[i].get_text().split()) for i in tiles)
    releases = data.board.jail_release_points()
    for jail in data.board.jails():
        [release] = releases[jail]
        assert f"{jail.upper()} JAIL freed from {release}" in text
        assert f"frees {jail.upper()} JAIL" in text
    for team in data.board.base_colours():
        assert f"{team.upper()} BASE" in text
    assert "100,000 cr" in text and "500,000 cr" in text  # control points and tower centres


def test_thin_walls_are_heavy_lines_on_square_edges(a4_kit, data):
    """A run of thin wall squares is outlined by lines on its outer square edges, never filled
    black: on the tiles, every thick line lies on the square grid."""
    _, doc = a4_kit
    key = _page_with(doc, "assembly key")
    first_tile = next(i for i, page in enumerate(doc) if "board  ·  tile A1" in page.get_text())
    thick = [
        item
        for d in doc[first_tile].get_drawings()
        if d.get("width") and d["width"] > 5 and d.get("color") is not None
        for item in d["items"]
        if item[0] == "l"
    ]
    assert thick, "no wall lines on tile A1"
    dark_fills = [
        d
        for d in doc[first_tile].get_drawings()
        if d.get("fill") is not None and max(d["fill"]) < 0.3 and d["rect"].width / MM > 20
    ]
    assert not dark_fills  # no square filled black
    assert "Thin wall (inside the heavy line)" in doc[key].get_text()


def test_bounty_writes_money_like_every_other_card(a4_kit):
    _, doc = a4_kit
    text = " ".join(" ".join(page.get_text().split()) for page in doc)
    assert "take 50,000 cr from its team" in text and "50000" not in text


def test_a_card_text_with_another_number_format_stops_the_build(cli, copy, tmp_path):
    # Issue 26: a card's rules text is made from its effects (Bounty's `take 50000` prints
    # "Take 50,000 cr"); its flavour notes are written by hand, and checked the same way.
    edit_text(copy / "special_play.csv", "[K]; take 50000,", "[K]; take 50000,Worth 50000 credits")
    out = tmp_path / "out" / "kit.pdf"
    result = cli("kit", "deathdome", "--data", str(copy), "--out", str(out), "--base-url", BASE)
    assert result.exit_code == 2
    assert "special_play.csv, row 17, field 'notes': 'bounty' writes '50000'" in result.stderr
    assert not out.exists()


def test_full_ink_for_a_print_service_and_bad_ink_or_layout_flags(service_kit, cli, tmp_path):
    result, doc = service_kit
    manifest = json.loads(result.manifest.read_text())
    assert (manifest["ink"], manifest["layout"]) == ("full", "service")
    assert "full colour to the edge" in doc[0].get_text()
    for flags, expected in (
        (["--ink", "bright"], "--ink 'bright': expected one of light, full"),
        (["--layout", "a3"], "--layout 'a3': expected one of home, gutterfold, service"),
    ):
        out = tmp_path / "bad.pdf"
        bad = cli("kit", "deathdome", "--out", str(out), *flags)
        assert bad.exit_code == 2 and expected in bad.stderr and not out.exists()


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_board_prints_without_sliver_pages(data, paper):
    square = data.print.board.square
    size = (data.board.width * square + 2 * BOARD_LABELS, data.board.height * square)
    plan = plan_tiles(size[0], size[1] + 2 * BOARD_LABELS, PAPERS[paper], data.print.board.overlap)
    assert len(plan.tiles) == 6  # 3 by 2 on A4 and on Letter (Letter needed 9 with slivers)
    check_no_slivers(plan)


# --- issue 28: no paper wasted, the pieces the game needs, type, QR codes, crosses -----------

SHEETS_BEFORE = 34  # the kit's sheets before its pieces were packed (A4 and Letter)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_kit_wastes_no_paper(a4_kit, tmp_path, paper):
    """Fewer sheets than before with the colour markers added, none less than half used but
    the last card sheet; the standees butted, so 16 of them take 12 cuts, not 64."""
    if paper == "a4":
        result, doc = a4_kit
    else:
        result = build_kit(KitOptions(paper=paper, out=tmp_path / "kit.pdf", base_url=BASE))
        doc = pymupdf.open(result.pdf)
    sheets = check_paper(doc, SHEETS_BEFORE - 4, decks=1)
    standees = next(s for s in sheets if "(1 of 2)" in s.heading)
    assert (standees.cuts, standees.folds, standees.glue) == (12, 48, 16)
    assert sum(s.punches for s in sheets) == 4 * 14 + 16 + 4 + 1 + 8  # every disc
    check_home_print(result, doc)
    tiles = [i for i, page in enumerate(doc) if "board  ·  tile" in page.get_text()]
    check_crosses_clear_of_text(doc, tiles)


def test_every_qr_code_is_one_size_and_reads_at_150_and_300_dpi(a4_kit, tmp_path):
    result, doc = a4_kit
    units = [url for team in result.urls["units"].values() for url in team.values()]
    # each unit's code is on its standee and on its team sheet
    check_qr_codes(doc, [*json.loads(result.manifest.read_text())["qr_urls"], *units], tmp_path)


def test_vitae_meters_have_room_for_a_sets_vitae_and_spaces_a_marker_fits(a4_kit, data):
    """Hoblerone's Set gives +1 Vitae: each meter has a space above the unit's start; every
    space holds a 19 mm meter marker with a millimetre to spare."""
    _, doc = a4_kit
    index = _page_with(doc, "Death Dome: Red team")
    lines = doc[index].get_text().splitlines()
    assert lines.count("with set") == lines.count("start") == lines.count("jail") == len(data.units)
    side = data.print.pieces.marker + 1
    spaces = [
        d["rect"]
        for d in doc[index].get_drawings()
        if d.get("fill") is not None
        and abs(d["rect"].width - d["rect"].height) < 0.1
        and abs(d["rect"].width / MM - side) < 0.2
    ]
    assert len(spaces) == sum(unit.vitae + 1 + 1 for unit in data.units.values())


def test_a_jail_release_point_is_marked_with_a_key_not_reds_letter(a4_kit):
    _, doc = a4_kit
    tiles = [i for i, page in enumerate(doc) if "board  ·  tile" in page.get_text()]
    found = 0
    for index in tiles:
        page = doc[index]
        spans = [
            span
            for block in page.get_text("dict")["blocks"]
            for text_line in block.get("lines", [])
            for span in text_line["spans"]
        ]
        for span in spans:
            if span["text"].startswith("frees "):
                found += 1
                square = pymupdf.Rect(span["bbox"]) + (-4 * MM, -20 * MM, 4 * MM, 4 * MM)
                near = [s["text"].strip() for s in spans if square.intersects(s["bbox"])]
                assert "R" not in near, near
    assert found >= 2
    key = doc[_page_with(doc, "assembly key")].get_text()
    assert "Jail release point" in key


def test_the_rules_reference_prints_every_line_at_7_pt(a4_kit, letter_kit, data):
    from toolkit.games.deathdome.kit.sheets import rules_sections

    for _, doc in (a4_kit, letter_kit):
        check_reference_prints_whole(doc[1], rules_sections(data))


# --- every card prints what its effects say (issue 26) ----------------------------------------


def _card_texts(doc, data) -> list[str]:
    """The text of each card front, in the order the kit lays them out, read from its box."""
    from toolkit.games.deathdome.kit.cards import card_faces, kit_cards
    from toolkit.pdf.style import look_and_layout

    sheet = card_layout(PAPERS["a4"], data.print.card, "home")
    count = len(kit_cards(data, card_faces(data, look_and_layout("home", None)[0])))
    texts = []
    for index in range(count):
        page = doc[FIRST_CARD_PAGE + 2 * (index // sheet.per_page)]
        box = sheet.box(sheet.slots[index % sheet.per_page]).trim
        height = page.rect.height
        clip = pymupdf.Rect(box.x * MM, height - box.top * MM, box.right * MM, height - box.y * MM)
        texts.append(" ".join(page.get_text(clip=clip).split()))
    return texts


def test_every_card_shows_the_text_of_each_of_its_effects(a4_kit, data):
    """What a printed card says is what the engine reads: every term of a card's effects (and
    each combo it is part of) is printed inside that card, the icons as their letters."""
    from toolkit.games.deathdome import effects as words
    from toolkit.games.deathdome.data import combo_lines

    _, doc = a4_kit
    cards = [
        *(item for deck in (*UNIT_TYPES, "armour", "equipment") for item in data.deck(deck)
          for _ in range(item.qty)),
        *(card for card in data.special_play for _ in range(card.qty)),
    ]  # fmt: skip
    texts = _card_texts(doc, data)
    assert len(texts) == len(cards)
    vocabulary = data.words()
    for card, text in zip(cards, texts, strict=True):
        assert text.startswith(card.name), (card.id, text)
        for effect in card.effects:
            if effect.word in words.ICONS:
                assert words.ICONS[effect.word] in text.split(), (card.id, effect.word)
            else:
                assert vocabulary.text([effect]).rstrip(".") in text, (card.id, effect.term())
        for line in combo_lines(card, vocabulary, data.combos, data.items):
            assert line in text, (card.id, line)
        if card.notes:
            assert card.notes in text, card.id
