"""The registry is the one place that lists the games; the generic parts know no game."""

from __future__ import annotations

import dataclasses
import importlib
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

import toolkit
from toolkit.errors import DomekitError
from toolkit.games import EXTRA_GAMES, NAMES, UnknownGame, game, games, names, register

PACKAGE = Path(toolkit.__file__).parent


def test_every_registered_game_is_its_own_package() -> None:
    assert names() == (*NAMES, "duel")  # the shipped games, then the test suite's own
    for descriptor, name in zip(games(), names(), strict=True):
        assert descriptor.name == name
        if name in NAMES:
            assert (PACKAGE / "games" / name / "__init__.py").is_file()
            assert descriptor.package == "" and descriptor.page_folder() is None
        else:  # from outside the package: its own package, its pages in its templates/
            assert importlib.import_module(descriptor.package).GAME is descriptor
            folder = descriptor.page_folder()
            assert folder is not None and (folder / name / "static").is_dir()


def test_a_game_from_outside_is_registered_once_and_never_over_another() -> None:
    duel = game("duel")
    register(duel)  # the same descriptor again: nothing changes
    assert names().count("duel") == 1
    for clash, says in [
        (dataclasses.replace(duel, title="Another Duel"), "there is a game named 'duel'"),
        (dataclasses.replace(duel, name="deathdome"), "there is a game named 'deathdome'"),
        (dataclasses.replace(duel, name="solo", package=""), "'solo' from outside names no"),
    ]:
        with pytest.raises(DomekitError, match=says):
            register(clash)
    assert names() == (*NAMES, "duel") and game("duel") is duel


@pytest.mark.parametrize(
    ("entry", "says"),
    [
        ("nosuch_module:GAME", "DOMEKIT_EXTRA_GAMES: cannot load 'nosuch_module:GAME': No module"),
        ("duel:NOSUCH", "DOMEKIT_EXTRA_GAMES: cannot load 'duel:NOSUCH': module 'duel' has no"),
        ("duel.match:rules", "DOMEKIT_EXTRA_GAMES: 'duel.match:rules' is not a Game"),
        ("duel:GAME,duel.views:PAGES", "DOMEKIT_EXTRA_GAMES: 'duel.views:PAGES' is not a Game but"),
    ],
)
def test_a_bad_extra_game_stops_the_command_naming_the_variable_and_entry(entry, says) -> None:
    env = {**os.environ, EXTRA_GAMES: entry}
    done = subprocess.run(
        [sys.executable, "-m", "toolkit", "--help"], env=env, capture_output=True, text=True
    )
    assert done.returncode == 2, done.stderr
    assert done.stderr.startswith(f"error: {says}"), done.stderr
    assert "Traceback" not in done.stderr


def test_an_unknown_game_is_refused_naming_the_games() -> None:
    with pytest.raises(UnknownGame, match="the games are deathdome"):
        game("chess")


def test_nothing_outside_a_game_package_imports_or_names_a_game() -> None:
    spellings = [re.escape(d.name) for d in games()] + [re.escape(d.title) for d in games()]
    pattern = re.compile("|".join(spellings), re.IGNORECASE)
    found = []
    for path in PACKAGE.rglob("*.py"):
        parts = path.relative_to(PACKAGE).parts
        if parts[0] == "games" and len(parts) > 2:
            continue  # inside a game's own package
        if parts == ("games", "__init__.py"):
            continue  # the registry itself
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if pattern.search(line):
                found.append(f"{path.relative_to(PACKAGE)}:{number}: {line.strip()}")
    assert found == []


def test_every_game_has_each_part_where_its_descriptor_says() -> None:
    import typer

    from toolkit.tracker.contract import TrackerGame

    for descriptor in games():
        assert isinstance(descriptor.calculators(), typer.Typer)
        assert isinstance(descriptor.odds(), typer.Typer)
        assert callable(descriptor.kit())
        assert isinstance(descriptor.tracker(), TrackerGame)
