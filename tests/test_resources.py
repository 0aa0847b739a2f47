"""toolkit/resources.py: the shipped data through importlib.resources, and Domekit's home."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

import toolkit
from toolkit import resources
from toolkit.games import NAMES

CHECKOUT = Path(__file__).resolve().parents[1]


def test_shipped_data_is_found_through_the_package():
    for game in NAMES:
        assert (resources.card_data_dir() / game / "rules.toml").is_file()
    assert (resources.templates_dir() / "base.html").is_file()
    assert (resources.static_dir() / "domekit.css").is_file()


@pytest.mark.skipif(
    not Path(toolkit.__file__).resolve().is_relative_to(CHECKOUT), reason="not a source checkout"
)
def test_an_editable_install_reads_the_checkouts_folders():
    assert resources.card_data_dir() == CHECKOUT / "card_data"
    assert resources.templates_dir() == CHECKOUT / "templates"


def test_domekit_home_wins(monkeypatch, tmp_path):
    monkeypatch.setenv("DOMEKIT_HOME", str(tmp_path / "mine"))
    assert resources.home() == tmp_path / "mine"
    assert resources.default_db_url() == f"sqlite:///{tmp_path / 'mine' / 'domekit.sqlite3'}"


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the Linux data folder")
def test_the_default_home_is_the_users_data_folder(monkeypatch, tmp_path):
    monkeypatch.delenv("DOMEKIT_HOME")
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))
    assert resources.home() == tmp_path / ".local" / "share" / "domekit"


def test_the_tests_never_use_the_real_data_folder():
    assert not resources.home().is_relative_to(Path.home() / ".local" / "share")
