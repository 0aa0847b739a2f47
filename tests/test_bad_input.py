"""A corpus of broken card_data and bad kit flags: each stops with a located message, exit code 2,
no traceback, and nothing at the output path (not even a temp file), nor a kit in the database.

Each case copies card_data/<game> into tmp_path, breaks exactly one thing, and runs
`domekit kit <game> --data <copy>` as a user would.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest
from card_edits import copy_card_data, edit_text

BASE = "http://127.0.0.1:8000"


def replace(file: str, old: str, new: str, count: int = 1) -> Callable[[Path], None]:
    """Break `file` by replacing text that must be there."""

    def edit(folder: Path) -> None:
        edit_text(folder / file, old, new, count)

    return edit


def append(file: str, text: str) -> Callable[[Path], None]:
    def edit(folder: Path) -> None:
        with (folder / file).open("a", encoding="utf-8") as handle:
            handle.write(text)

    return edit


def truncate(file: str, keep_lines: int, keep_chars: int) -> Callable[[Path], None]:
    """Keep the first lines and a few characters of the next one, as a half-copied file."""

    def edit(folder: Path) -> None:
        path = folder / file
        lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
        path.write_text("".join(lines[:keep_lines]) + lines[keep_lines][:keep_chars])

    return edit


def latin1(file: str, old: str, new: str) -> Callable[[Path], None]:
    """Save the file as Latin-1 (a spreadsheet's 'Western' encoding) with an accented letter."""

    def edit(folder: Path) -> None:
        path = folder / file
        path.write_bytes(edit_text(path, old, new).encode("latin-1"))

    return edit


def delete(file: str) -> Callable[[Path], None]:
    def edit(folder: Path) -> None:
        (folder / file).unlink()

    return edit


def first_row_of(file: str) -> Callable[[Path], str]:
    return lambda folder: (folder / file).read_text(encoding="utf-8").splitlines()[1]


def duplicate_first_row(file: str) -> Callable[[Path], None]:
    def edit(folder: Path) -> None:
        path = folder / file
        lines = path.read_text(encoding="utf-8").splitlines()
        path.write_text("\n".join([*lines, lines[1]]) + "\n", encoding="utf-8")

    return edit


def empty_grid(file: str) -> Callable[[Path], None]:
    """A board whose grid holds nothing: `grid = '''\\n'''`."""

    def edit(folder: Path) -> None:
        path = folder / file
        text = path.read_text(encoding="utf-8")
        start = text.index("grid = '''")
        end = text.index("'''", start + len("grid = '''"))
        path.write_text(text[:start] + "grid = '''\n" + text[end:], encoding="utf-8")

    return edit


def header_only(file: str) -> Callable[[Path], None]:
    def edit(folder: Path) -> None:
        path = folder / file
        path.write_text(path.read_text(encoding="utf-8").splitlines()[0] + "\n", encoding="utf-8")

    return edit


@dataclass(frozen=True)
class Case:
    id: str
    game: str
    edit: Callable[[Path], None]
    expected: tuple[str, ...]  # parts of the message: the file, where, the field, what


CASES = [
    # -- Death Dome ----------------------------------------------------------------------
    Case(
        "deathdome-truncated-csv",
        "deathdome",
        truncate("items.csv", 3, 20),
        ("items.csv", "row 4"),
    ),
    Case(
        "deathdome-latin1",
        "deathdome",
        latin1("items.csv", "A reliable long gun.", "A reliable long gun, tr\u00e8s fiable."),
        ("items.csv", "line 2", "not UTF-8"),
    ),
    Case(
        "deathdome-duplicate-id",
        "deathdome",
        duplicate_first_row("items.csv"),
        ("items.csv", "field 'id'", "duplicate", "heavy-rifle"),
    ),
    Case(
        "deathdome-negative-price",
        "deathdome",
        replace("items.csv", ",,100000,2,[S]; ranged", ",,-100000,2,[S]; ranged"),
        ("items.csv", "row 2", "field 'price'"),
    ),
    Case(
        "deathdome-unknown-set-item",
        "deathdome",
        replace("sets.toml", '"plutonium-plate"', '"plutonium-plait"'),
        ("sets.toml", "plutonium-plait", "not in items.csv"),
    ),
    Case(
        "deathdome-huge-vitae",
        "deathdome",
        replace("units.csv", "gunner,Gunner,3,1,2,7,", "gunner,Gunner,3,1,2,7000000000000,"),
        ("units.csv", "row 2", "field 'vitae'"),
    ),
    Case(
        "deathdome-huge-qty",
        "deathdome",
        replace("items.csv", ",100000,2,[S]; ranged", ",100000,2000000000,[S]; ranged"),
        ("items.csv", "row 2", "field 'qty'", "99"),
    ),
    Case(
        "deathdome-huge-rounds",
        "deathdome",
        replace("rules.toml", "rounds = 12 ", "rounds = 1_000_000_000 "),
        ("rules.toml", "line 15", "match.rounds"),
    ),
    Case(
        "deathdome-empty-board",
        "deathdome",
        empty_grid("board.toml"),
        ("board.toml", "grid"),
    ),
    Case(
        "deathdome-toml-syntax",
        "deathdome",
        replace("rules.toml", "matches = 5 ", "matches = = 5 "),
        ("rules.toml", "line", "not valid TOML"),
    ),
    Case(
        "deathdome-wrong-type",
        "deathdome",
        replace("rules.toml", "starting_credits = 1_000_000", 'starting_credits = "lots"'),
        ("rules.toml", "starting_credits"),
    ),
    Case(
        "deathdome-missing-file",
        "deathdome",
        delete("special_play.csv"),
        ("special_play.csv", "file not found"),
    ),
    Case(
        # the QR size is no longer a print.toml setting (one size for every kit, issue 28): a
        # meter space too small for anything is the print.toml size a stranger can get wrong
        "deathdome-tiny-meter-space",
        "deathdome",
        replace("print.toml", "space = 20.0", "space = 2.0"),
        ("print.toml", "meter.space"),
    ),
    # -- Nature Dome ---------------------------------------------------------------------
    Case(
        "naturedome-wrong-type",
        "naturedome",
        replace("power_cards.csv", "Talon Dive,Hawk,power,500,", "Talon Dive,Hawk,power,lots,"),
        ("power_cards.csv", "row 2", "field 'attack'"),
    ),
    Case(
        "naturedome-negative-qty",
        "naturedome",
        replace("power_cards.csv", "Hawk,power,500,100,300,,2,", "Hawk,power,500,100,300,,-2,"),
        ("power_cards.csv", "row 2", "field 'qty'"),
    ),
    Case(
        "naturedome-huge-qty",
        "naturedome",
        replace(
            "power_cards.csv", "Hawk,power,500,100,300,,2,", "Hawk,power,500,100,300,,1000000000,"
        ),
        ("power_cards.csv", "row 2", "field 'qty'"),
    ),
    Case(
        "naturedome-huge-health",
        "naturedome",
        replace("rules.toml", "start = 1000 ", "start = 1_000_000_000 "),
        ("rules.toml", "health.start"),
    ),
    Case(
        "naturedome-header-only",
        "naturedome",
        header_only("power_cards.csv"),
        ("power_cards.csv", "no cards"),
    ),
    Case(
        "naturedome-toml-syntax",
        "naturedome",
        append("rules.toml", "\n[broken\n"),
        ("rules.toml", "line", "not valid TOML"),
    ),
    Case(
        "naturedome-extra-cells",
        "naturedome",
        replace("power_cards.csv", "Hawk,power,500,100,300,,2,", "Hawk,power,500,100,300,,2,x,y,"),
        ("power_cards.csv", "row 2", "cells but the header has"),
    ),
    # -- Dominum -------------------------------------------------------------------------
    Case(
        "dominum-unknown-domain",
        "dominum",
        replace("strongholds.csv", "Elves,Heartwood Grove", "Dwarves,Heartwood Grove"),
        ("strongholds.csv", "row 2", "Dwarves"),
    ),
    Case(
        "dominum-unknown-card-type",
        "dominum",
        replace("domains.csv", 'Queen of Thorns",hero,', 'Queen of Thorns",dragon,'),
        ("domains.csv", "row 2", "field 'type'"),
    ),
    Case(
        "dominum-missing-column",
        "dominum",
        replace("domains.csv", "domain,name,type,strength", "domain,title,type,strength"),
        ("domains.csv", "row 1", "name"),
    ),
    Case(
        "dominum-wrong-type",
        "dominum",
        replace("rules.toml", "reserve_limit = 3", 'reserve_limit = "three"'),
        ("rules.toml", "reserve_limit"),
    ),
    # -- Domppa --------------------------------------------------------------------------
    Case(
        "domppa-empty-map",
        "domppa",
        empty_grid("map.toml"),
        ("map.toml", "grid"),
    ),
    Case(
        "domppa-unknown-map-symbol",
        "domppa",
        replace("map.toml", "AAA...TTT.....BB\n", "AAA...TTT.....B?\n"),
        ("map.toml", "'?'"),
    ),
    Case(
        "domppa-duplicate-weapon",
        "domppa",
        duplicate_first_row("weapons.csv"),
        ("weapons.csv", "field 'name'", "duplicate", "Dagger"),
    ),
    Case(
        "domppa-unknown-ability",
        "domppa",
        replace("characters.csv", "Formation Fighter,", "Formation Fighter|Flight of Fancy,"),
        ("characters.csv", "row 2", "abilities", "Flight of Fancy"),
    ),
    Case(
        "domppa-negative-health",
        "domppa",
        replace("characters.csv", "Militia Spearman,10,", "Militia Spearman,-10,"),
        ("characters.csv", "row 2", "health"),
    ),
    Case(
        "domppa-latin1-armour",
        "domppa",
        latin1("armour.csv", "Ring Mail,", "Cotte de maill\u00e9e,"),
        ("armour.csv", "line 3", "not UTF-8"),
    ),
]


@pytest.fixture
def run(cli, tmp_path):
    """Run `domekit kit` on a broken copy; return the result, the output folder and the db."""

    def go(game: str, *flags: str, data: Path | None = None, out: Path | None = None):
        out = out or tmp_path / "out" / f"{game}-kit.pdf"
        db = tmp_path / "kits.sqlite3"
        args = ["kit", game, "--out", str(out), "--base-url", BASE, "--db", f"sqlite:///{db}"]
        if data is not None:
            args += ["--data", str(data)]
        return cli(*args, *flags), out, db

    return go


def broken_copy(tmp_path: Path, game: str, edit: Callable[[Path], None]) -> Path:
    folder = copy_card_data(game, tmp_path / "data")
    edit(folder)
    return folder


def assert_refused_cleanly(result, out: Path, db: Path, expected: tuple[str, ...]) -> None:
    assert result.exit_code == 2, (result.exit_code, result.stdout, result.stderr)
    assert result.stderr.startswith("error: "), result.stderr
    assert "Traceback" not in result.stderr
    assert result.stderr.count("\n") == 1, "one message line"
    for part in expected:
        assert part in result.stderr, f"{part!r} not in {result.stderr!r}"
    assert not out.exists()
    if out.parent.exists():
        assert sorted(p.name for p in out.parent.iterdir()) == [], "a temp file was left behind"
    if db.exists():
        with sqlite3.connect(db) as conn:
            tables = {r[0] for r in conn.execute("select name from sqlite_master")}
            if "kits" in tables:
                assert conn.execute("select count(*) from kits").fetchone()[0] == 0


@pytest.mark.parametrize("case", CASES, ids=[case.id for case in CASES])
def test_broken_card_data_is_refused_with_a_located_message(run, tmp_path, case: Case):
    data = broken_copy(tmp_path, case.game, case.edit)
    result, out, db = run(case.game, data=data)
    assert_refused_cleanly(result, out, db, case.expected)


@pytest.mark.parametrize("game", ["deathdome", "domppa"])
def test_a_file_saved_with_a_byte_order_mark_is_accepted(run, tmp_path, game):
    """Excel's "CSV UTF-8" puts a BOM first: that is still good data."""

    def add_bom(folder: Path) -> None:
        for path in folder.glob("*.csv"):
            path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())

    data = broken_copy(tmp_path, game, add_bom)
    result, out, _db = run(game, data=data)
    assert result.exit_code == 0, result.stderr
    assert out.exists() and out.read_bytes().startswith(b"%PDF")


FLAG_CASES = [
    ("paper", "deathdome", ["--paper", "a3"], ("--paper", "'a3'")),
    ("back-offset-huge", "dominum", ["--back-offset", "100,0"], ("--back-offset", "within")),
    ("back-offset-words", "naturedome", ["--back-offset", "left"], ("--back-offset", "X,Y")),
    ("base-url", "domppa", ["--base-url", "ftp://table"], ("--base-url", "ftp://table")),
    ("teams-empty", "deathdome", ["--teams", " , "], ("--teams",)),
    ("teams-unknown", "deathdome", ["--teams", "red,purple"], ("purple",)),
    ("data-missing", "naturedome", ["--data", "/nonexistent/card_data"], ("no such data folder",)),
]


@pytest.mark.parametrize(
    ("game", "flags", "expected"),
    [case[1:] for case in FLAG_CASES],
    ids=[case[0] for case in FLAG_CASES],
)
def test_bad_kit_flags_are_refused(run, game, flags, expected):
    result, out, db = run(game, *flags)
    assert_refused_cleanly(result, out, db, expected)


def test_out_is_a_folder(run, tmp_path):
    folder = tmp_path / "out" / "a-folder.pdf"
    folder.mkdir(parents=True)
    result, _out, db = run("deathdome", out=folder)
    assert result.exit_code == 2 and "is a folder" in result.stderr
    assert list(folder.iterdir()) == []


def test_out_in_a_folder_that_cannot_be_created(run, tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    result, out, db = run("naturedome", out=blocker / "kit.pdf")
    assert result.exit_code == 2 and "Traceback" not in result.stderr
    assert str(blocker) in result.stderr
    assert blocker.read_text() == "not a folder"
