"""After a build, `domekit kit` says which pages to print double-sided and which single-sided:
ranges computed from the pages really drawn, for every kit of the registry (the test suite's duel
among them); a kit its game declares a book (`Game.kit_book`: the cover with the rules on its
back, card fronts with their backs, single-sided sheets with blank backs) is checked for that
shape too, and a game declares it exactly when its kit has it."""

from __future__ import annotations

import pymupdf
import pytest

from toolkit.games import game as registered
from toolkit.games import names
from toolkit.pdf.kits import every_other, page_ranges, print_line, print_plan

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
    }
    assert print_plan(["single"], None) == {
        "double_sided": "",
        "single_sided": "1",
        "blank_backs": "",
        "flip": None,
        "whole_file_double_sided": False,
    }


def test_single_pages_with_blank_backs_make_the_whole_file_print_double_sided():
    sides = ["front", "back", "front", "back", "single", "blank", "single", "blank", "single"]
    plan = print_plan(sides, "long")
    assert plan["blank_backs"] == "6, 8" and plan["single_sided"] == "5, 7, 9"
    assert plan["whole_file_double_sided"] is False  # page 9 has no back yet
    sides.append("blank")
    assert print_plan(sides, "long")["whole_file_double_sided"] is True
    assert print_line(sides, "long") == (
        "double-sided 1-4 (long-edge flip), single-sided 5-9 (odd pages only); or the whole "
        "file double-sided (the single-sided sheets have blank backs)"
    )


@pytest.mark.parametrize(
    ("pages", "text"),
    [
        ([5, 7, 9], "5-9 (odd pages only)"),
        ([4, 6, 8, 10], "4-10 (even pages only)"),
        ([5, 7], "5, 7"),
        ([5, 6, 9], "5-6, 9"),
        ([], ""),
    ],
)
def test_every_other_page_as_a_print_dialog_takes_it(pages, text):
    assert every_other(pages) == text


def _numbers(ranges: str) -> set[int]:
    found: set[int] = set()
    for part in filter(None, ranges.split(", ")):
        first, _, last = part.partition("-")
        found.update(range(int(first), int(last or first) + 1))
    return found


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
    expected = f"  print {out.name}: double-sided {plan['double_sided']} (long-edge flip)"
    if plan["single_sided"]:
        expected += f", single-sided {every_other(sorted(one))}"
        expected += "; or the whole file double-sided (the single-sided sheets have blank backs)"
    if not book:  # any other shape: what it prints how, in the words of its plan's pages
        fronts = sorted(both)[::2]
        sides = [
            "front" if n in fronts else "back" if n in both else "blank" if n in blank else "single"
            for n in range(1, len(document) + 1)
        ]
        expected = f"  print {out.name}: {print_line(sides, plan['flip'])}"
    assert lines[1] == expected
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
