"""Where a game's pages come from: one search path of page folders, as a Datasette plugin ships
its own templates and static files.

Each folder on the path may hold, for a game, `<game>/` with its page templates and
`<game>/static/` with its stylesheets and other files. The path is the folders the app was given
(a test's game brings its own), the page folders of the games registered from outside the
package, and then the package's `templates/`; the first folder holding a file wins. A game's
static files are served at /static/games/<game>/<file>, and every `*.css` of its `static/` is
linked on that game's pages only (templates/_game.html), in name order, after the shared
stylesheets.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

from fastapi.staticfiles import StaticFiles

from toolkit.pages import NAME
from toolkit.resources import templates_dir

URL = "/static/games"
"""Where the games' static files are served: /static/games/<game>/<file>."""
STATIC = "static"


def page_folders(own: Sequence[Path] = ()) -> list[Path]:
    """The search path: the folders given, those of the games registered from outside the
    package (`Game.page_folder`), then the package's templates/."""
    from toolkit.games import games

    registered = [folder for game in games() if (folder := game.page_folder()) is not None]
    return [*own, *registered, templates_dir()]


class GameFiles(StaticFiles):
    """The static files of the games' page folders: /static/games/<game>/<file> is
    `<folder>/<game>/static/<file>` of the first folder on the path that has it (never a
    template: only what is under a game's static/)."""

    def __init__(self, folders: Sequence[Path]) -> None:
        super().__init__(directory=None)
        self.folders = tuple(folders)
        self.all_directories = [str(folder) for folder in self.folders]
        self._stylesheets: dict[str, list[str]] = {}

    def lookup_path(self, path: str) -> tuple[str, os.stat_result | None]:
        game, _, rest = path.partition(os.sep)
        if not NAME.fullmatch(game) or not rest:
            return "", None
        return super().lookup_path(os.path.join(game, STATIC, rest))

    def stylesheets(self, game: str) -> list[str]:
        """The URLs of a game's stylesheets, in name order (read once)."""
        if game not in self._stylesheets:
            names: set[str] = set()
            if NAME.fullmatch(game):
                for folder in self.folders:
                    names |= {css.name for css in (folder / game / STATIC).glob("*.css")}
            self._stylesheets[game] = [f"{URL}/{game}/{name}" for name in sorted(names)]
        return self._stylesheets[game]
