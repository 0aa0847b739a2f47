"""Where Domekit's files are: the data it ships, and the folder where it keeps what it makes.

Shipped (read-only, package data found through importlib.resources, in an editable install and in
a wheel alike): `card_data/` and `templates/` (the packages `toolkit.card_data` and
`toolkit.templates`, mapped from the checkout's top-level folders by pyproject.toml) and the
tracker's `static/` files.

Made (the user's): one folder, `home()`, holds the tracker's SQLite database and the PDFs that
`domekit kit`, `cards` and `calibrate` write unless told otherwise: `DOMEKIT_HOME` when set, else
the user's data folder (`~/.local/share/domekit` on Linux, `~/Library/Application Support/domekit`
on macOS, `%LOCALAPPDATA%\\domekit` on Windows). `make play` sets `DOMEKIT_HOME` to the
checkout's `output/`.
"""

from __future__ import annotations

import os
from pathlib import Path

APP_NAME = "domekit"
HOME_VARIABLE = "DOMEKIT_HOME"
DB_FILE = "domekit.sqlite3"


def _package_folder(package: str, *parts: str) -> Path:
    """A folder of package data on disk (pip, pipx and uv install wheels unpacked)."""
    from importlib.resources import files  # 3 ms: not for commands that only need home()

    folder = Path(str(files(package).joinpath(*parts)))
    if not folder.is_dir():
        raise FileNotFoundError(f"Domekit's package data is missing: {folder} (reinstall it)")
    return folder


def card_data_dir() -> Path:
    """The shipped `card_data/`: one folder per game."""
    return _package_folder("toolkit.card_data")


def templates_dir() -> Path:
    """The tracker's page templates: shared layouts at the top, one folder per game."""
    return _package_folder("toolkit.templates")


def static_dir() -> Path:
    """The tracker's static files (CSS, JavaScript)."""
    return _package_folder("toolkit.tracker", "static")


def fonts_dir() -> Path:
    """The shipped fonts (Noto Sans, under its licence)."""
    return _package_folder("toolkit.pdf.fonts")


def home() -> Path:
    """The folder holding the database and the PDFs Domekit writes by default (not created)."""
    chosen = os.environ.get(HOME_VARIABLE, "").strip()
    if chosen:
        return Path(chosen).expanduser().absolute()
    from platformdirs import user_data_dir

    return Path(user_data_dir(APP_NAME, appauthor=False))


def default_db_url() -> str:
    """The tracker's database when neither `--db` nor `DOMEKIT_DB` names one."""
    return f"sqlite:///{home() / DB_FILE}"
