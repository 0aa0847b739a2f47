"""Helpers for tests that break a copy of card_data/<game> and check the located error."""

from __future__ import annotations

import shutil
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import pytest

from toolkit.data import CARD_DATA
from toolkit.errors import DataError


def copy_card_data(game: str, folder: Path) -> Path:
    """A fresh copy of the shipped card_data/<game> at `folder`."""
    shutil.copytree(CARD_DATA / game, folder)
    return folder


def edit_text(path: Path, old: str, new: str, count: int = 1) -> str:
    """Replace text that must be in the file (else the test case is stale); returns the new text."""
    text = path.read_text(encoding="utf-8")
    assert old in text, f"test setup: {old!r} is no longer in {path.name}: update this test case"
    text = text.replace(old, new, count)
    path.write_text(text, encoding="utf-8")
    return text


def assert_data_error(load: Callable[[Path], Any], folder: Path, expected: Iterable[str]) -> None:
    """Loading `folder` stops with a DataError whose message holds every expected part."""
    with pytest.raises(DataError) as caught:
        load(folder)
    message = str(caught.value)
    for part in expected:
        assert part in message, message
