"""The Dominum kit, read back from the PDF: what a player would check with the sheets in hand.

The kit is built once per paper size (A4 through the command line, Letter in-process); pages are
found by their text, cards by their filled bleed rectangles, QR codes with zbar.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pymupdf
import pytest
from card_edits import copy_card_data
from hypothesis import given, settings
from hypothesis import strategies as st
from kit_checks import (
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
from typer.testing import CliRunner

from toolkit.cli import app
from toolkit.games.dominum.board import PLAYERS, Board
from toolkit.games.dominum.config import BoardRules, default_rules
from toolkit.games.dominum.data import load_dominum
from toolkit.games.dominum.kit import build_kit
from toolkit.games.dominum.kit.battlefield import BoardLayout, board_layout, board_tiles
from toolkit.games.dominum.kit.cards import power_cards
from toolkit.games.dominum.kit.sheets import vp_rows
from toolkit.games.dominum.rules import vp_for_total
from toolkit.pdf.book import card_layout
from toolkit.pdf.cards import mirrored
from toolkit.pdf.geometry import MM, PAPERS, Rect
from toolkit.pdf.kits import KitOptions
from toolkit.pdf.tiles import plan_tiles

BASE = "http://192.168.1.20:8000"


def run(*args: str):
    result = CliRunner().invoke(app, list(args))
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result


@pytest.fixture(scope="module", autouse=True)
def tracker_db(tmp_path_factory):
    """`domekit kit` records each kit in the tracker's database: a throwaway one here."""
    with pytest.MonkeyPatch.context() as patch:
        db = tmp_path_factory.mktemp("dominum-db") / "tracker.sqlite3"
        patch.setenv("DOMEKIT_DB", f"sqlite:///{db}")
        yield db


@pytest.fixture(scope="module")
def data():
    return load_dominum()


@pytest.fixture(scope="module")
def a4(tmp_path_factory):
    """The kit as a player makes it: `domekit kit dominum --json`."""
    folder = tmp_path_factory.mktemp("dominum-a4")
    out = folder / "dominum-kit.pdf"
    result = run("kit", "dominum", "--out", str(out), "--base-url", BASE + "/", "--json")
    assert result.exit_code == 0, result.stderr
    [report] = json.loads(result.stdout)
    return out, report, pymupdf.open(out)


@pytest.fixture(scope="module")
def letter(tmp_path_factory):
    out = tmp_path_factory.mktemp("dominum-letter") / "kit.pdf"
    result = build_kit(KitOptions(paper="letter", out=out, base_url=BASE, back_offset=(1.5, -2)))
    return out, result, pymupdf.open(out)


def flat(text: str) -> str:
    return " ".join(text.split())


def lines(page) -> list[str]:
    return [line.strip() for line in page.get_text().splitlines() if line.strip()]


def pages_with(doc, needle: str) -> list:
    """The pages after the cover (which names every part) holding `needle`."""
    return [page for page in doc if page.number > 0 and needle in page.get_text()]


def page_mm(page) -> tuple[float, float]:
    return (page.rect.width / MM, page.rect.height / MM)


def filled_rects(page, size: tuple[float, float]) -> list[Rect]:
    """Filled rectangles of `size` mm, in PDF coordinates (origin bottom-left)."""
    height = page.rect.height / MM
    found = []
    for drawing in page.get_drawings():
        if drawing.get("fill") is None:
            continue
        r = drawing["rect"]
        w, h = (r.x1 - r.x0) / MM, (r.y1 - r.y0) / MM
        if abs(w - size[0]) < 0.05 and abs(h - size[1]) < 0.05:
            found.append(Rect(r.x0 / MM, height - r.y1 / MM, w, h))
    return found


def text_in(page, rect: Rect) -> str:
    """The words inside a rectangle given in PDF mm (origin bottom-left)."""
    height = page.rect.height / MM
    clip = pymupdf.Rect(
        rect.x * MM, (height - rect.top) * MM, rect.right * MM, (height - rect.y) * MM
    )
    return flat(page.get_text(clip=clip))


# --- the command and the manifest ------------------------------------------------------------


def test_the_command_writes_the_pdf_and_a_manifest_with_every_qr_url(a4, tracker_db):
    out, report, doc = a4
    assert tracker_db.exists()  # the kit was recorded for the tracker
    assert report["game"] == "dominum" and report["pages"] == len(doc)
    manifest = json.loads(Path(report["manifest"]).read_text())
    kit_id = manifest["kit_id"]
    root = f"{BASE}/k/{kit_id}"
    assert manifest["urls"] == {
        "table": f"{root}/table",
        "players": {"red": f"{root}/player/red", "gold": f"{root}/player/gold"},
    }
    assert sorted(manifest["qr_urls"]) == sorted(
        [f"{root}/table", f"{root}/player/red", f"{root}/player/gold"]
    )
    assert manifest["teams"] == ["red", "gold"]
    assert manifest["domains"] == ["Elves", "Freemen", "Shy-Lorr"]


@pytest.mark.parametrize("kit", ["a4", "letter"])
def test_every_page_is_the_chosen_paper_either_way_round(kit, request):
    _, _, doc = request.getfixturevalue(kit)
    paper = sorted(PAPERS[kit])
    for page in doc:
        assert sorted(page_mm(page)) == pytest.approx(paper, abs=0.05)


# --- Domain cards, Stronghold tiles and the Power Decks ---------------------------------------


def card_faces(doc, size: tuple[float, float]) -> list[str]:
    """The text inside each card of the kit's size (a filled rectangle of that size), read from
    the PDF."""
    faces = {}
    for page in doc:
        for drawing in page.get_drawings():
            rect = drawing["rect"]
            if (
                drawing.get("fill") is not None
                and abs(rect.width / MM - size[0]) < 0.05
                and abs(rect.height / MM - size[1]) < 0.05
            ):
                faces[(page.number, tuple(round(v) for v in rect))] = flat(
                    page.get_text("text", clip=rect)
                )
    return list(faces.values())


def test_every_domain_card_and_stronghold_prints_its_text(a4, data):
    """Every card printed (each copy) shows, inside its own card, the rules text its effects
    generate (toolkit/games/dominum/effects.py): the card and the engine cannot disagree."""
    _, _, doc = a4
    faces = card_faces(doc, (data.print.card.width, data.print.card.height))
    for item, copies in [(card, card.qty) for card in data.cards] + [
        (tile, 1) for tile in data.strongholds
    ]:
        mine = [face for face in faces if face.startswith(item.name) or f" {item.name} " in face]
        printed = [face for face in mine if flat(data.text(item)) in face]
        assert len(printed) == copies, (item.name, data.text(item), mine)


def test_each_card_is_printed_as_many_times_as_its_qty(a4, data):
    _, _, doc = a4
    printed = Counter(line for page in doc for line in lines(page))
    for card in data.cards:
        assert printed[card.name] == card.qty, card.name
    for tile in data.strongholds:
        assert printed[tile.name] == 1, tile.name


def test_card_anatomy_type_attack_range_and_fly_icon(a4, data):
    _, _, doc = a4
    fronts = pages_with(doc, "ATTACK")
    printed = Counter(line for page in fronts for line in lines(page))
    cards = data.cards
    assert printed["ATTACK"] == sum(c.qty for c in cards)
    for kind in ("hero", "elite", "warrior"):
        assert printed[kind.upper()] == sum(c.qty for c in cards if c.type == kind)
    for reach in ("radial", "standard"):
        assert printed[reach.title()] == sum(c.qty for c in cards if c.range == reach)
    assert printed["FLY"] == sum(c.qty for c in cards if c.fly) > 0
    assert printed["Defense 4"] == sum(c.qty for c in cards if c.defense == 4) > 0


def power_cards_printed(doc, data) -> list[tuple[object, Rect, str]]:
    """(page, rect, text) of every Power card front: the mini cards on the card sheets."""
    card = data.print.power_card
    found = []
    for page in pages_with(doc, "Power Deck"):
        if "DOMINUM" in page.get_text():
            continue  # a backs page
        for rect in filled_rects(page, (card.width, card.height)):
            found.append((page, rect, text_in(page, rect)))
    return found


def test_each_player_has_the_nine_card_power_deck(a4, data):
    _, _, doc = a4
    assert power_cards(data.rules) == ["1", "1", "2", "2", "3", "3", "4", "4", "Critical"]
    printed = power_cards_printed(doc, data)
    for player in PLAYERS:
        texts = [text for _, _, text in printed if f"{player.title()} Power Deck" in text]
        assert len(texts) == 9
        # each numbered card shows its value three times: two corners and the middle
        values = Counter(word for text in texts for word in text.split() if word.isdigit())
        assert values == {"1": 6, "2": 6, "3": 6, "4": 6}
        assert sum(text.count("CRITICAL") for text in texts) == 1


def _sheet_pairs(doc, markers: tuple[str, ...], size: tuple[float, float]):
    """(front, back) page pairs of the card sheets whose fronts carry one of `markers`."""
    pairs = []
    for index, page in enumerate(doc):
        text = page.get_text()
        if any(marker in text for marker in markers) and "DOMINUM" not in text:
            pairs.append((page, doc[index + 1], filled_rects(page, size)))
    return pairs


@pytest.mark.parametrize("kit", ["a4", "letter"])
def test_each_back_is_at_the_mirror_of_its_front_and_names_its_domain(kit, request, data):
    _, _, doc = request.getfixturevalue(kit)
    offset = (1.5, -2.0) if kit == "letter" else (0.0, 0.0)
    card = data.print.card
    size = (card.width, card.height)  # butted cards, no bleed: the ground fills the card
    pairs = _sheet_pairs(doc, ("ATTACK", "Charge: starts with"), size)
    assert pairs
    checked = 0
    for front, back, rects in pairs:
        assert rects
        backs = filled_rects(back, size)
        assert len(backs) == len(rects)
        for rect in rects:
            target = mirrored(rect, page_mm(front), "long").moved(*offset)
            # the nearest back (butted cards sit on 0.05 mm boundaries: no rounding to 0.1 mm)
            at = [b for b in backs if abs(b.x - target.x) < 0.06 and abs(b.y - target.y) < 0.06]
            assert len(at) == 1, (target, backs)
            domain = next(d for d in data.domains if d in text_in(front, rect.inset(4)))
            assert domain in text_in(back, at[0].inset(4))
            checked += 1
    assert checked == sum(c.qty for c in data.cards) + len(data.strongholds)


def test_power_card_backs_are_mirrored_and_in_the_players_colour(a4, data):
    _, _, doc = a4
    card = data.print.power_card
    size = (card.width, card.height)  # butted cards, no bleed
    printed = power_cards_printed(doc, data)
    assert len(printed) == 9 * len(PLAYERS)
    for front, rect, text in printed:
        back = doc[front.number + 1]
        player = "Red" if "Red Power Deck" in text else "Gold"
        mirror = mirrored(rect, page_mm(front))
        [at] = [
            b
            for b in filled_rects(back, size)
            if abs(b.x - mirror.x) < 0.06 and abs(b.y - mirror.y) < 0.06
        ]
        # behind each card its own player's back, though both decks share the sheet
        assert f"{player} Power Deck" in text_in(back, at)


# --- the battlefield ----------------------------------------------------------------------------


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_board_tiles_cover_the_whole_battlefield(paper, data):
    layout = board_layout(data)
    plan = board_tiles(data, PAPERS[paper])
    assert (plan.width, plan.height) == (layout.width, layout.height)
    windows = [tile.window for tile in plan.tiles]
    # every point of the picture lies in some tile: check a fine grid of sample points
    for i in range(101):
        for j in range(101):
            x, y = layout.width * i / 100, layout.height * j / 100
            assert any(
                w.x - 1e-6 <= x <= w.right + 1e-6 and w.y - 1e-6 <= y <= w.top + 1e-6
                for w in windows
            ), (x, y)
    for tile in plan.tiles:
        assert tile.window.w <= plan.printable.w + 1e-6
        assert tile.window.h <= plan.printable.h + 1e-6


def test_the_tile_pages_print_the_battlefield_at_true_size(a4, data):
    _, _, doc = a4
    plan = board_tiles(data, PAPERS["a4"])
    tiles = pages_with(doc, "Dominum battlefield  ·  tile")
    assert len(tiles) == len(plan.tiles)
    labels = {re.search(r"tile ([A-Z]\d)", page.get_text()).group(1) for page in tiles}
    assert labels == {tile.label for tile in plan.tiles}
    card, margin = data.print.card, data.print.board.margin
    drawings = tiles[0].get_drawings()
    sizes = Counter(
        (round(d["rect"].width / MM, 1), round(d["rect"].height / MM, 1)) for d in drawings
    )
    # a dashed card outline in each of the 25 spaces, both stronghold spaces and both casualty
    # piles; each space a card plus its margin all round
    assert sizes[(card.width, card.height)] == 25 + 2 + 2
    space = (round(card.width + 2 * margin, 1), round(card.height + 2 * margin, 1))
    assert sizes[space] >= 25 + 2


def battlefield_lines(data, folder: Path) -> list[str]:
    from toolkit.games.dominum.kit.battlefield import BOARD_FORM, draw_board_picture
    from toolkit.pdf.document import pdf_document
    from toolkit.pdf.style import REGULAR

    layout = board_layout(data)
    path = folder / "battlefield.pdf"
    with pdf_document(path, (layout.width, layout.height), font=REGULAR) as doc:
        draw_board_picture(doc.canvas, data, layout)
        doc.begin_page().doForm(BOARD_FORM)
        doc.end_page()
    return lines(pymupdf.open(path)[0])


def test_the_board_marks_domains_neutral_line_zones_fortified_and_strongholds(data, tmp_path):
    # the battlefield's words as the tiles print them at true size, read off the picture drawn
    # whole (the assembly key shows it without them: shrunk, they would print under 6 pt, and a
    # word over a tile's edge prints half on each tile)
    printed = Counter(battlefield_lines(data, tmp_path))
    board = board_layout(data).board
    for player in PLAYERS:
        zone, fortified = board.assault_zone(player), board.fortified(player)
        domain = board.domain(player)
        assert printed[f"{player.upper()} DOMAIN"] == len(domain - zone) == 4
        assert printed[f"{player.upper()} ASSAULT ZONE"] == len(zone - fortified) == 4
        assert printed[f"{player.upper()} STRONGHOLD"] == 1
    assert printed["FORTIFIED SPACE"] == 4
    assert printed["NEUTRAL LINE"] == len(board.neutral_line) == 5
    # the stronghold spaces sit behind the middle of each back row
    assert board.stronghold("red") == (0, 3) and board.stronghold("gold") == (6, 3)


@settings(max_examples=60, deadline=None)
@given(
    columns=st.integers(3, 7),
    domain_rows=st.integers(1, 3),
    neutral_rows=st.integers(0, 2),
    margin=st.floats(0, 10),
    paper=st.sampled_from(["a4", "letter"]),
    data=st.data(),
)
def test_any_board_size_gives_card_sized_spaces_that_tile_the_whole_picture(
    columns, domain_rows, neutral_rows, margin, paper, data
):
    zone = data.draw(st.lists(st.integers(1, columns), min_size=1, max_size=columns, unique=True))
    rules = BoardRules(
        columns=columns,
        domain_rows=domain_rows,
        neutral_rows=neutral_rows,
        stronghold_column=data.draw(st.integers(1, columns)),
        assault_zone_columns=tuple(sorted(zone)),
        fortified_columns=tuple(sorted(zone))[:1],
    )
    board = Board(rules)
    layout = BoardLayout(board, 63.5 + 2 * margin, 88.9 + 2 * margin, 63.5, 88.9)
    picture = Rect(0, 0, layout.width, layout.height)
    rects = [layout.space_rect(s) for s in [*board.spaces, *board.strongholds]]
    for space in [*board.spaces, *board.strongholds]:
        assert picture.contains(layout.space_rect(space))
        assert layout.space_rect(space).contains(layout.card_rect(space))
    for i, a in enumerate(rects):
        for b in rects[i + 1 :]:
            assert min(a.right, b.right) - max(a.x, b.x) <= 1e-6 or (
                min(a.top, b.top) - max(a.y, b.y) <= 1e-6
            )
    plan = plan_tiles(layout.width, layout.height, PAPERS[paper], 10)
    xs = sorted({(t.window.x, t.window.right) for t in plan.tiles})
    ys = sorted({(t.window.y, t.window.top) for t in plan.tiles})
    assert xs[0][0] == 0 and xs[-1][1] == pytest.approx(layout.width)
    assert ys[0][0] == 0 and ys[-1][1] == pytest.approx(layout.height)
    for (_, right), (left, _) in zip(xs, xs[1:], strict=False):
        assert right >= left  # neighbours overlap: no gap in the board
    for (_, top), (bottom, _) in zip(ys, ys[1:], strict=False):
        assert top >= bottom


def _printed_band(row: list[str], total: int) -> bool:
    numbers = [int(n) for n in re.findall(r"\d+", row[0])]
    if "or less" in row[0]:
        return total <= numbers[0]
    if "or more" in row[0]:
        return total >= numbers[0]
    return numbers[0] <= total <= numbers[-1]


@given(
    starts=st.lists(st.integers(1, 30), min_size=0, max_size=4, unique=True),
    total=st.integers(0, 40),
)
def test_the_printed_vp_table_gives_each_total_the_vp_the_engine_does(starts, total):
    rules = default_rules()
    bands = [{"at_least": 0, "vp": 0, "take_surge": True}]
    bands += [{"at_least": s, "vp": n + 1} for n, s in enumerate(sorted(starts))]
    rules = rules.model_validate(
        {**rules.model_dump(), "assault": {**rules.assault.model_dump(), "vp_table": bands}}
    )
    rows = vp_rows(rules)
    matching = [row for row in rows if _printed_band(row, total)]
    assert len(matching) == 1, (rows, total)
    expected = vp_for_total(total, rules=rules)
    assert matching[0][1] == f"{expected.vp} VP"
    assert (matching[0][2] != "") == expected.take_surge


# --- mats, tokens, rules reference ---------------------------------------------------------


def test_each_mat_has_score_bar_phase_track_power_places_and_cycle_counters(a4, data):
    _, _, doc = a4
    for player in PLAYERS:
        [mat] = pages_with(doc, f"{player.title()} player mat")
        printed = lines(mat)
        assert page_mm(mat)[0] > page_mm(mat)[1]  # landscape
        assert [str(n) for n in range(7)] + ["7+"] == [
            line for line in printed if line in {*map(str, range(7)), "7+"}
        ][:8]
        assert printed.count("link") == data.rules.rounds.activations_per_player - 1
        for place in ("Power Deck", "Used pile", "Link token", "Reserve power 3"):
            assert any(place in line for line in printed), place
        assert "Reserve power 4" not in mat.get_text()


def test_the_token_sheet_holds_the_component_list(a4, data):
    _, _, doc = a4
    [sheet] = pages_with(doc, "Dominum: tokens")
    # each token's words as drawn (two discs side by side can share a text line)
    printed = Counter(
        span["text"].strip()
        for block in sheet.get_text("dict")["blocks"]
        for text_line in block.get("lines", [])
        for span in text_line["spans"]
    )
    counts = data.print.components
    assert printed["Wound"] == counts.wound == 12
    assert printed["Weaken"] == counts.weaken == 12
    assert printed["Surge +1"] == counts.surge == 2
    # the 6 Charge tokens and each player's Charge phase token
    assert printed["Charge"] == counts.charge + len(PLAYERS) == 8
    assert printed["Initiative"] == 1
    for phase in ("Deploy", "Move", "Reposition", "Attack", "Assault", "Reserve Power"):
        assert printed[phase] == len(PLAYERS), phase
    assert printed["Cycle"] == 4 * len(PLAYERS)
    assert printed["LINK"] == printed["SCORE"] == len(PLAYERS)
    check_words_inside_discs(sheet)  # every word clear of the punch's cut


def test_the_rules_reference_has_the_assault_vp_table(a4, data):
    _, _, doc = a4
    [page] = pages_with(doc, "Dominum: rules reference")
    assert vp_rows(data.rules) == [
        ["8 or less", "0 VP", "take your Surge token"],
        ["9 to 10", "1 VP", ""],
        ["11 or more", "2 VP", ""],
    ]
    text = page.get_text()
    for cell in ("8 or less", "9 to 10", "11 or more", "Power Deck and cycling", "Keywords"):
        assert cell in text


# --- QR codes ----------------------------------------------------------------------------------


def test_qr_codes_decode_to_exactly_their_urls(a4, tmp_path):
    _, report, doc = a4
    urls = report["urls"]
    for player in PLAYERS:
        [mat] = pages_with(doc, f"{player.title()} player mat")
        assert decode_qr(mat, tmp_path) == [urls["players"][player]]
    [reference] = pages_with(doc, "Dominum: rules reference")
    assert decode_qr(reference, tmp_path) == [urls["table"]]


# --- flags and bad data ---------------------------------------------------------------------


@pytest.fixture
def copy(tmp_path: Path) -> Path:
    return copy_card_data("dominum", tmp_path / "data")


@pytest.mark.parametrize(
    ("file", "old", "new", "expected"),
    [
        (
            "domains.csv",
            "Shy-Lorr,Gutripper,elite,3,,standard,,Deadly,",
            "Shy-Lorr,Gutripper,elite,3,,standard,,Deadly; Berserk,",
            "domains.csv, row 30, field 'effects': unknown effect word 'Berserk'",
        ),
        (
            "domains.csv",
            "Freemen,Hill Runner,warrior,1,,radial,",
            "Freemen,Hill Runner,warrior,1,,sideways,",
            "domains.csv, row 22, field 'range': Input should be 'radial' or 'standard'",
        ),
        (
            "domains.csv",
            'Elves,"Aelindra',
            'Elves-x,"Aelindra',
            "field 'type': Domain 'Elves-x' has 0 elite card(s); a force needs 4",
        ),
        (
            "strongholds.csv",
            "Shy-Lorr,Flesh Pits,",
            "Shy-Lorr,Drowned Temple,",
            "strongholds.csv, row 9, field 'name': duplicate Stronghold 'Drowned Temple'",
        ),
    ],
)
def test_bad_data_stops_with_its_place_exit_2_and_no_pdf(copy, tmp_path, file, old, new, expected):
    path = copy / file
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    out = tmp_path / "out" / "kit.pdf"
    result = run("kit", "dominum", "--data", str(copy), "--out", str(out), "--base-url", BASE)
    assert result.exit_code == 2
    assert expected in result.stderr, result.stderr
    assert "Traceback" not in result.stderr
    assert not out.exists() and not out.with_name("kit.pdf.kit.json").exists()


@pytest.mark.parametrize(
    ("flags", "expected"),
    [
        (["--paper", "a3"], "--paper 'a3' is not supported"),
        (["--teams", "red,blue"], "unknown player colour 'blue'"),
        (["--back-offset", "25,0"], "--back-offset '25,0'"),
        (["--base-url", "192.168.1.20"], "is not a web address"),
    ],
)
def test_bad_flags_exit_2_without_a_pdf(tmp_path, flags, expected):
    out = tmp_path / "kit.pdf"
    result = run("kit", "dominum", "--out", str(out), *flags)
    assert result.exit_code == 2
    assert expected in result.stderr
    assert not out.exists()


def test_teams_prints_one_players_pieces(tmp_path):
    out = tmp_path / "red.pdf"
    result = run(
        "kit", "dominum", "--out", str(out), "--teams", "red", "--base-url", BASE, "--json"
    )
    assert result.exit_code == 0, result.stderr
    [report] = json.loads(result.stdout)
    assert list(report["urls"]["players"]) == ["red"]
    text = " ".join(page.get_text() for page in pymupdf.open(out))
    assert "Red player mat" in text and "Gold player mat" not in text
    assert "Gold Power Deck" not in text


# --- a kit a player prints, cuts and plays tonight -------------------------------------------


def test_the_cover_comes_first_with_the_page_ranges_of_this_file(letter, data):
    _, result, doc = letter
    check_page_order(result, doc)
    counts = data.print.components
    check_cover(
        result,
        doc,
        [
            "Dominum: print-and-play kit",
            "US Letter paper · printer-friendly ink",
            f"Domain cards (3 Domains, backs by Domain) {sum(c.qty for c in data.cards)}",
            f"Stronghold tiles {len(data.strongholds)}",
            "Power Decks (9 cards each, backs by player) 2",
            "Player mats (a player's QR code on each) 2",
            "Phase tokens (7 a player) and score indicators 16",
            "Link tokens and cycle counters 10",
            f"Wound, Weaken, Charge and Surge tokens "
            f"{counts.wound + counts.weaken + counts.charge + counts.surge}",
            "Initiative token 1",
            "Rules reference (table QR code) 1 2 (back of this page)",
            "A coin: a tie for the first player is settled by a flip",  # "flip a coin"
            "token holders",  # "2 token holders"
            "circle punch",
        ],
    )


@pytest.mark.parametrize("kit", ["a4", "letter"])
def test_the_kit_prints_on_a_home_printer(kit, request, tmp_path):
    if kit == "a4":
        result = build_kit(KitOptions(paper="a4", out=tmp_path / "kit.pdf", base_url=BASE))
        doc = pymupdf.open(result.pdf)
    else:
        _, result, doc = request.getfixturevalue(kit)
    check_home_print(result, doc)
    check_page_order(result, doc)


@pytest.mark.parametrize("kit", ["a4", "letter"])
def test_nine_domain_cards_a_sheet_and_both_power_decks_on_one_sheet(kit, request, data):
    _, _, doc = request.getfixturevalue(kit)
    card = data.print.card
    paper = PAPERS[kit]
    layout = card_layout(paper, card, "home")
    assert layout.per_page == 9
    # the card fronts: a TrimBox inside the page, and no back's "DOMINUM"
    fronts = [
        i
        for i, page in enumerate(doc)
        if page.trimbox != page.mediabox and "DOMINUM" not in page.get_text()
    ]
    power = [i for i in fronts if "Power Deck" in doc[i].get_text()]
    domain = [i for i in fronts if i not in power]
    # the two decks are one card size: 18 mini cards fill one sheet (each deck had a sheet of
    # its own, 9 of 18 slots used)
    mini = card_layout(paper, data.print.power_card, "home")
    assert mini.per_page == 18 and len(power) == 1
    assert (
        cards_on(doc[power[0]], (data.print.power_card.width, data.print.power_card.height)) == 18
    )
    for index in domain[:-1]:
        assert cards_on(doc[index], (card.width, card.height)) == 9
    check_safe_text(doc, domain, [layout.box(slot).safe for slot in layout.slots])
    check_safe_text(doc, power, [mini.box(slot).safe for slot in mini.slots])


def test_the_strength_badge_says_it_is_the_defence_too(a4, data):
    """The rules' card anatomy: "6. Attack Strength"; a card defends with it unless it has a
    defence of its own."""
    _, _, doc = a4
    fronts = pages_with(doc, "ATTACK")
    printed = Counter(line for page in fronts for line in lines(page))
    assert printed["and defense"] == sum(c.qty for c in data.cards if c.defense is None) > 0


def test_the_players_tokens_stay_apart_in_black_and_white(a4):
    """Each player's token carries the player's name, and its colour ring keeps its own grey."""
    _, _, doc = a4
    [sheet] = pages_with(doc, "Dominum: tokens")
    words = [w for w in sheet.get_text("words")]
    marks = Counter(w[4] for w in words)
    assert marks["RED"] == marks["GOLD"] == 6 + 2 + 4  # phase tokens, link, cycle counters
    greys = {}
    for x0, y0, x1, y1, word, *_ in words:
        if word in ("Deploy",) and len(greys) < 2:
            cx, cy = (x0 + x1) / 2 / MM, (y0 + y1) / 2 / MM
            greys[len(greys)] = sorted(
                grey_at(sheet, [(cx - 12.5 + 0.9, cy + d) for d in (0, 1, 2)], 150)
            )[1]
    assert abs(greys[0] - greys[1]) >= 25, greys


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_battlefield_prints_without_sliver_pages(data, paper):
    plan = board_tiles(data, PAPERS[paper])
    assert len(plan.tiles) == 6
    check_no_slivers(plan)


# --- issue 28: no paper wasted, Charge places a Charge token fits, QR codes, crosses ----------

SHEETS_BEFORE = 20  # the kit's sheets before issue 28 (A4 and Letter)


@pytest.mark.parametrize("which", ["a4", "letter"])
def test_the_kit_wastes_no_paper(which, request):
    _, _, doc = request.getfixturevalue(which)
    # a deck's last card sheet may be part empty: each Power Deck and the Domain cards
    check_paper(doc, SHEETS_BEFORE, decks=3)
    tiles = [page.number for page in doc if "  ·  tile " in page.get_text()]
    check_crosses_clear_of_text(doc, tiles)


def test_every_qr_code_is_one_size_and_reads_at_150_and_300_dpi(a4, tmp_path):
    out, _, doc = a4
    urls = json.loads(Path(str(out) + ".kit.json").read_text())["qr_urls"]
    check_qr_codes(doc, urls, tmp_path)


def test_a_charge_token_fits_each_charge_place_of_a_stronghold(a4, data):
    """ "Strongholds can have up to 3 Charge tokens": three places on each tile, each a 19 mm
    Charge token and a millimetre more (they were 15.2 mm)."""
    _, _, doc = a4
    token = data.print.token.condition
    tiles = 0
    for page in pages_with(doc, "Stronghold"):
        places = [
            d["rect"]
            for d in page.get_drawings()
            if d.get("dashes") not in (None, "[] 0")
            and d["items"]
            and all(item[0] == "c" for item in d["items"])
            and abs(d["rect"].width - d["rect"].height) < 0.1
            and d["rect"].width / MM > token
        ]
        for place in places:
            assert place.width / MM >= token + 1 - 0.05
        tiles += len(places) // data.rules.stronghold.charge_limit
    assert tiles == len(data.strongholds)


def test_the_rules_reference_prints_every_line_at_7_pt(a4, letter, data):
    from toolkit.games.dominum.kit.sheets import rules_sections

    for _, _, doc in (a4, letter):
        check_reference_prints_whole(doc[1], rules_sections(data))


def test_the_keywords_reference_is_the_vocabularys(copy, tmp_path):
    """The kit's Keywords lines come from effects.toml's reminders: a group's edit prints."""
    path = copy / "effects.toml"
    path.write_text(
        path.read_text().replace(
            'reminder = "Deadly: wins ties', 'reminder = "Deadly (house rule): wins ties'
        )
    )
    out = tmp_path / "kit.pdf"
    result = run("kit", "dominum", "--data", str(copy), "--out", str(out), "--base-url", BASE)
    assert result.exit_code == 0, result.stderr
    [reference] = pages_with(pymupdf.open(out), "Dominum: rules reference")
    text = flat(reference.get_text())
    assert "Deadly (house rule): wins ties" in text
    for keyword in ("Alt Attack:", "Barrage:", "Knockback:", "Submerge:", "On Discard:"):
        assert keyword in text
