"""After a build, `domekit kit` says which pages to print double-sided and which single-sided,
on paper or on card stock: explicit page lists computed from the pages really drawn, that any
print dialog takes (no "odd pages only"), for every kit of the registry (the test suite's duel
among them); a kit its game declares a book (`Game.kit_book`: the cover with the rules on its
back, card fronts with their backs, single-sided sheets with blank backs) is checked for that
shape too, and a game declares it exactly when its kit has it."""

from __future__ import annotations

import pymupdf
import pytest
from hypothesis import given
from hypothesis import strategies as st

from toolkit.games import game as registered
from toolkit.games import names
from toolkit.pdf.kits import page_numbers, page_ranges, print_line, print_plan

BASE = "http://192.168.1.20:8000"


@pytest.mark.parametrize(
    ("pages", "text"),
    [
        ([], ""),
        ([3], "3"),
        ([1, 2, 3, 4], "1-4"),
        ([1, 2, 5, 7, 8], "1-2, 5, 7-8"),
        ([9, 1, 2], "1-2, 9"),
    ],
)
def test_page_ranges_as_a_print_dialog_takes_them(pages, text):
    assert page_ranges(pages) == text


def test_print_plan_splits_sheet_sides_from_single_pages():
    sides = ["single", "front", "back", "front", "back", "single", "single"]
    assert print_plan(sides, "long") == {
        "double_sided": "2-5",
        "single_sided": "1, 6-7",
        "blank_backs": "",
        "flip": "long",
        "whole_file_double_sided": False,  # single pages without blank backs
        "card_stock": "",
        "sheets": {"total": 5, "paper": 5, "card": 0},
        "runs": [
            {"stock": "paper", "sides": "double", "pages": "2-5"},
            {"stock": "paper", "sides": "single", "pages": "1, 6-7"},
        ],
    }
    assert print_plan(["single"], None) == {
        "double_sided": "",
        "single_sided": "1",
        "blank_backs": "",
        "flip": None,
        "whole_file_double_sided": False,
        "card_stock": "",
        "sheets": {"total": 1, "paper": 1, "card": 0},
        "runs": [{"stock": "paper", "sides": "single", "pages": "1"}],
    }


def test_single_pages_with_blank_backs_make_the_whole_file_print_double_sided():
    sides = ["front", "back", "front", "back", "single", "blank", "single", "blank", "single"]
    plan = print_plan(sides, "long")
    assert plan["blank_backs"] == "6, 8" and plan["single_sided"] == "5, 7, 9"
    assert plan["whole_file_double_sided"] is False  # page 9 has no back yet
    sides.append("blank")
    assert print_plan(sides, "long")["whole_file_double_sided"] is True
    assert print_line(sides, "long") == (
        "paper, double-sided (long-edge flip): 1-4; paper, one side: 5, 7, 9; or all on paper, "
        "the whole file double-sided (5 sheets either way)"
    )


def test_card_stock_pages_get_runs_of_their_own_and_the_sheets_are_counted():
    # the cover on paper; a card sheet and its back on card; a piece sheet on card and a
    # meter on paper, each with its blank back (a blank back is its sheet's other side)
    sides = ["front", "back", "front", "back", "single", "blank", "single", "blank"]
    stocks = ["paper", "paper", "card", "card", "card", "card", "paper", "paper"]
    plan = print_plan(sides, "long", stocks)
    assert plan["runs"] == [
        {"stock": "paper", "sides": "double", "pages": "1-2"},
        {"stock": "card", "sides": "double", "pages": "3-4"},
        {"stock": "card", "sides": "single", "pages": "5"},
        {"stock": "paper", "sides": "single", "pages": "7"},
    ]
    assert plan["card_stock"] == "3-5"
    assert plan["sheets"] == {"total": 4, "paper": 2, "card": 2}
    assert print_line(sides, "long", stocks) == (
        "paper, double-sided (long-edge flip): 1-2; card stock, double-sided (long-edge flip): "
        "3-4; card stock, one side: 5; paper, one side: 7; or all on paper, the whole file "
        "double-sided (4 sheets either way)"
    )


@pytest.mark.parametrize(
    ("pages", "text"),
    [
        ([5, 7, 9], "5, 7, 9"),
        ([4, 6, 8, 10], "4, 6, 8, 10"),
        ([5, 6, 9], "5-6, 9"),
        ([], ""),
    ],
)
def test_every_other_page_is_listed_page_by_page(pages, text):
    # "odd pages only" is not in every print dialog, and not the same pages in each
    assert page_ranges(pages) == text


@given(st.sets(st.integers(1, 200)))
def test_a_page_list_names_exactly_its_pages(pages):
    assert page_numbers(page_ranges(pages)) == pages


_numbers = page_numbers


@pytest.mark.parametrize("game", names())
def test_every_kit_names_its_card_sheets_as_the_double_sided_pages(cli, tmp_path, game):
    out = tmp_path / f"{game}.pdf"
    db = f"sqlite:///{tmp_path / 'db.sqlite3'}"
    built = cli("kit", game, "--out", str(out), "--base-url", BASE, "--db", db, "--json")
    assert built.exit_code == 0, built.stderr
    [result] = built.json()
    plan = result["print"]
    document = pymupdf.open(out)
    # Card sheets are the pages with a TrimBox inside the page; every one of them is a front
    # with its back on the next page. The cover (page 1) has the rules reference on its back.
    sheets = {
        number for number, page in enumerate(document, start=1) if page.trimbox != page.mediabox
    }
    both, one = _numbers(plan["double_sided"]), _numbers(plan["single_sided"])
    blank = _numbers(plan["blank_backs"])
    assert both | one | blank == set(range(1, len(document) + 1))
    assert not both & one and not both & blank and not one & blank
    book = registered(game).kit_book
    assert book == ("At actual size: 100 %" in document[0].get_text())  # a cover: a book
    if book:
        assert both == sheets | {1, 2} and len(both) % 2 == 0
        assert blank == {number + 1 for number in one}  # each single-sided sheet's blank back
        assert plan["flip"] == "long" and plan["whole_file_double_sided"] is True

    steps = cli("kit", game, "--out", str(out), "--base-url", BASE, "--db", db)
    assert steps.stdout == f"{out}\n"
    lines = steps.stderr.splitlines()
    assert lines[0] == "next steps:"
    expected = "; ".join(
        f"{'card stock' if run['stock'] == 'card' else 'paper'}, "
        f"{'double-sided (long-edge flip)' if run['sides'] == 'double' else 'one side'}: "
        f"{run['pages']}"
        for run in plan["runs"]
    )
    total = plan["sheets"]["total"]
    if plan["whole_file_double_sided"]:
        expected += f"; or all on paper, the whole file double-sided ({total} sheets either way)"
    assert lines[1] == f"  print {out.name}: {expected}"
    assert total == len(both) // 2 + len(one)
    assert _numbers(plan["card_stock"]) >= sheets - {1, 2}  # the cards on card stock
    assert f"then run `domekit serve --lan`: the QR codes lead to {BASE}" in steps.stderr
    assert "full guide: docs/printing.md" in lines[-1]
    assert len(lines) <= 6


def test_kit_all_gives_one_print_line_per_kit(cli, tmp_path, monkeypatch):
    monkeypatch.setenv("DOMEKIT_HOME", str(tmp_path / "home"))
    result = cli(
        "kit", "all", "--base-url", "http://127.0.0.1:8000", "--db", f"sqlite:///{tmp_path / 'db'}"
    )
    assert result.exit_code == 0, result.stderr
    games = names()
    assert result.stdout.splitlines() == [
        str(tmp_path / "home" / f"{game}-kit.pdf") for game in games
    ]
    printed = [line for line in result.stderr.splitlines() if line.startswith("  print ")]
    assert [line.split(":")[0] for line in printed] == [f"  print {game}-kit.pdf" for game in games]
    assert (
        "warning: the QR codes point at http://127.0.0.1:8000, a loopback address" in result.stderr
    )
    assert "then run `domekit serve`: the QR codes lead to http://127.0.0.1:8000" in result.stderr
