"""The Death Dome kit as a player gets it: every card, backs that line up, QR codes that scan,
a board that covers, and bad input that stops cleanly with no PDF."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pymupdf
import pytest
from card_edits import copy_card_data, edit_text
from kit_pdf import decode_qr

from toolkit.games.deathdome.data import load_deathdome
from toolkit.games.deathdome.kit import BOARD_LABELS, build_kit
from toolkit.pdf.cards import CardSize, mirrored, plan_sheet
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


def card_pages(data, paper: str) -> int:
    s = data.print.card
    layout = plan_sheet(PAPERS[paper], CardSize(s.width, s.height, s.bleed, s.safe))
    return 2 * -(-card_count(data) // layout.per_page)


def front_lines(doc, pages: int) -> Counter:
    lines: Counter = Counter()
    for index in range(0, pages, 2):
        lines.update(line.strip() for line in doc[index].get_text().splitlines())
    return lines


def test_every_card_is_on_the_fronts_as_many_times_as_its_qty(a4_kit, data):
    _, doc = a4_kit
    lines = front_lines(doc, card_pages(data, "a4"))
    for item in data.items.values():
        assert lines[item.name] == item.qty, item.name
    for card in data.special_play:
        assert lines[card.name] == card.qty, card.name


def test_cards_show_their_stats_price_and_icons(a4_kit, data):
    _, doc = a4_kit
    text = "\n".join(doc[i].get_text() for i in range(0, card_pages(data, "a4"), 2))
    assert "S4" in text and "T4" in text
    assert "Push back on 2 of a kind" in text
    assert "Ignores line of sight" in text
    assert "Range 12" in text
    assert f"{data.items['riot-shield'].price:,} cr" in text
    for icon in ("+A", "+M", "K", "C", "O"):
        assert f"[{icon}]" in text  # the meaning line on Special Play cards


def test_backs_follow_their_fronts_and_name_the_deck(a4_kit, data):
    _, doc = a4_kit
    for index in range(1, card_pages(data, "a4"), 2):
        assert "DEATH DOME" in doc[index].get_text()


def _bleed_rects(page, size):
    found = []
    height = page.rect.height / MM
    for drawing in page.get_drawings():
        r = drawing["rect"]
        w, h = (r.x1 - r.x0) / MM, (r.y1 - r.y0) / MM
        if drawing.get("fill") is not None and abs(w - size[0]) < 0.05 and abs(h - size[1]) < 0.05:
            found.append((r.x0 / MM, height - r.y1 / MM, w, h))
    return found


def test_each_back_is_at_the_mirrored_position_of_its_front(a4_kit, data):
    from toolkit.pdf.geometry import Rect

    _, doc = a4_kit
    s = data.print.card
    size = (s.width + 2 * s.bleed, s.height + 2 * s.bleed)
    for index in range(0, card_pages(data, "a4"), 2):
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


def test_card_pages_have_trim_and_bleed_boxes(a4_kit, data):
    _, doc = a4_kit
    s = data.print.card
    page = doc[0]
    trim, bleed = page.trimbox, page.bleedbox
    assert (bleed.x1 - bleed.x0) - (trim.x1 - trim.x0) == pytest.approx(2 * s.bleed * MM, abs=0.01)
    assert page.rect.contains(bleed) and bleed.contains(trim)


def _page_with(doc, text: str) -> int:
    return next(i for i, page in enumerate(doc) if text in page.get_text())


def test_qr_codes_scan_to_exactly_the_tracker_urls(letter_kit, tmp_path):
    out, doc = letter_kit
    manifest = json.loads(Path(str(out) + ".kit.json").read_text())
    kit_id = manifest["kit_id"]
    root = f"{BASE}/k/{kit_id}"
    assert manifest["teams"] == ["red", "blue"]  # red plays first
    decoded = {}
    for index, page in enumerate(doc):
        text = page.get_text()
        if "roster" in text or "Vitae meters" in text or "payout sheet" in text:
            decoded[index] = decode_qr(doc[index], tmp_path)
    assert decoded[_page_with(doc, "Blue team Vitae meters")] == sorted(
        f"{root}/unit/blue/{unit}" for unit in ("gunner", "warrior", "medic", "scout")
    )
    assert decoded[_page_with(doc, "Blue team roster")] == [f"{root}/team/blue"]
    assert decoded[_page_with(doc, "payout sheet")] == [f"{root}/table"]
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


def test_a_roster_and_a_meter_page_per_team(a4_kit, data):
    _, doc = a4_kit
    text = [page.get_text() for page in doc]
    for team in ("Red", "Blue", "Green", "Yellow"):
        assert sum(f"{team} team roster" in t for t in text) == 1
        meters = [t for t in text if f"{team} team Vitae meters" in t]
        assert len(meters) == 1
        for unit in data.units.values():
            assert f"{team} {unit.name} · Vitae {unit.vitae}" in meters[0]


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
    payout = " ".join(doc[_page_with(doc, "payout sheet")].get_text().split())
    assert "After round 12" in payout


# --- bad input ------------------------------------------------------------------------------


@pytest.fixture
def copy(tmp_path: Path) -> Path:
    return copy_card_data("deathdome", tmp_path / "data")


BAD_DATA = [
    ("items.csv", ",price,", ",cost,", ["items.csv", "row 1", "price"]),
    (
        "items.csv",
        "heavy-rifle,Heavy Rifle,weapon,gunner,ranged,2,",
        "heavy-rifle,Heavy Rifle,weapon,gunner,ranged,two,",
        ["items.csv", "row 2", "field 'strength'"],
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


def test_all_card_text_stays_inside_a_cards_safe_zone(a4_kit, data):
    _, doc = a4_kit
    s = data.print.card
    layout = plan_sheet(PAPERS["a4"], CardSize(s.width, s.height, s.bleed, s.safe))
    safes = [layout.box(slot).safe for slot in layout.slots]
    tolerance = 0.8  # mm: a font's bounding box reaches a little above its capitals
    for index in range(0, card_pages(data, "a4"), 2):
        page = doc[index]
        height = page.rect.height / MM
        for block in page.get_text("dict")["blocks"]:
            for line in block.get("lines", []):
                for span in line["spans"]:
                    if not span["text"].strip():
                        continue
                    x0, y0, x1, y1 = (v / MM for v in span["bbox"])
                    assert any(
                        x0 >= r.x - tolerance
                        and x1 <= r.right + tolerance
                        and height - y1 >= r.y - tolerance
                        and height - y0 <= r.top + tolerance
                        for r in safes
                    ), (index, span["text"])


def test_the_kit_registry_finds_the_death_dome_kit():
    from toolkit.games import NAMES, game

    assert "deathdome" in NAMES
    assert game("deathdome").kit() is build_kit
