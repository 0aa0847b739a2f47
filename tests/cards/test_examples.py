"""`domekit cards --example NAME`: the shipped sample deck, written into the working folder as
the checkout's examples/ holds it, then built as the command it names; never over a file."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from toolkit.output import counted

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def here(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    return tmp_path


def shipped(name: str) -> dict[str, bytes]:
    folder = ROOT / "examples" / name
    return {
        path.relative_to(folder).as_posix(): path.read_bytes()
        for path in folder.rglob("*")
        if path.is_file() and "__pycache__" not in path.parts
    }


def test_the_example_is_written_here_and_builds_as_it_says(cli, here):
    done = cli("cards", "--example", "cards")
    assert done.exit_code == 0, done.stderr
    written = {
        path.relative_to(here / "cards").as_posix(): path.read_bytes()
        for path in (here / "cards").rglob("*")
        if path.is_file()
    }
    assert written == shipped("cards")
    assert sorted(done.stdout.split()) == sorted(str(here / "cards" / name) for name in written)
    [command] = [line for line in done.stderr.splitlines() if line.startswith("next: ")]
    args = command.removeprefix("next: domekit ").split()
    built = cli(*args, "--out", str(here / "deck.pdf"))
    assert built.exit_code == 0, built.stderr
    assert (here / "deck.pdf").stat().st_size > 0
    assert "warning" not in built.stderr


def test_an_example_never_replaces_a_file(cli, here):
    (here / "cards").mkdir()
    (here / "cards" / "deck.csv").write_text("name\nmine\n")
    cli("cards", "--example", "cards").assert_refused("cards/deck.csv already exists")
    assert (here / "cards" / "deck.csv").read_text() == "name\nmine\n"
    assert os.listdir(here / "cards") == ["deck.csv"]


def test_an_unknown_example_names_those_there_are(cli, here):
    cli("cards", "--example", "dragons").assert_refused("expected one of cards")
    assert not os.listdir(here)


def test_cards_without_a_sheet_says_what_it_needs(cli, here):
    cli("cards").assert_refused("domekit cards FILE (or --example cards)")


def test_a_web_address_is_refused_as_typed(cli, here):
    cli("cards", "https://example.com/deck.csv").assert_refused("https://example.com/deck.csv")


@pytest.mark.parametrize(
    ("count", "text"), [(0, "0 sheets"), (1, "1 sheet"), (2, "2 sheets"), (21, "21 sheets")]
)
def test_a_count_agrees_with_its_noun(count, text):
    assert counted(count, "sheet") == text
