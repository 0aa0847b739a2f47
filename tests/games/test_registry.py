"""The registry is the one place that lists the games; the generic parts know no game."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import toolkit
from toolkit.games import NAMES, UnknownGame, game, games

PACKAGE = Path(toolkit.__file__).parent


def test_every_registered_game_is_its_own_package() -> None:
    for descriptor, name in zip(games(), NAMES, strict=True):
        assert descriptor.name == name
        assert (PACKAGE / "games" / name / "__init__.py").is_file()


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
